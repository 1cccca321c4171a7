package data

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"
)

// ErrBadDraft means a draft's kind was empty or its body too big to keep.
var ErrBadDraft = errors.New("invalid draft")

// MaxDraftSize is the largest draft body kept: far above any file an editor
// makes (a quest with all its pictures is under 10 MB).
const MaxDraftSize = 64 << 20

// Draft is an editor's unsaved work: the file it holds (its whole text, as
// it is, valid or not), of a kind ("quest", "faction") and under the key of
// what is being edited, and when it was kept.
type Draft struct {
	Kind, Key string
	Body      []byte
	SavedAt   time.Time
}

// SaveDraft keeps body as the draft of kind and key, replacing the one kept
// before.
func (s *Store) SaveDraft(kind, key string, body []byte) error {
	if kind == "" {
		return fmt.Errorf("save draft: %w: no kind", ErrBadDraft)
	}
	if len(body) > MaxDraftSize {
		return fmt.Errorf("save draft %s %q: %w: %d bytes (at most %d)", kind, key, ErrBadDraft, len(body), MaxDraftSize)
	}
	if body == nil {
		body = []byte{} // a blob, never NULL
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := s.db.Exec(`INSERT INTO drafts (kind, key, body, saved_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (kind, key) DO UPDATE SET body = excluded.body, saved_at = excluded.saved_at`,
		kind, key, body, now().Format(timeLayout))
	return s.wrapIf(fmt.Sprintf("save draft %s %q", kind, key), err)
}

// Draft is the draft of kind and key and when it was kept; ok is false
// when there is none.
func (s *Store) Draft(kind, key string) (body []byte, saved time.Time, ok bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var at string
	err = s.db.QueryRow(`SELECT body, saved_at FROM drafts WHERE kind = ? AND key = ?`, kind, key).Scan(&body, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, time.Time{}, false, nil
	}
	if err != nil {
		return nil, time.Time{}, false, s.wrap(fmt.Sprintf("read draft %s %q", kind, key), err)
	}
	saved, _ = time.Parse(timeLayout, at) // unreadable: shown as unknown
	if body == nil {
		body = []byte{}
	}
	return body, saved, true, nil
}

// Drafts are the drafts of a kind, the newest first.
func (s *Store) Drafts(kind string) ([]Draft, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rows, err := s.db.Query(`SELECT key, body, saved_at FROM drafts WHERE kind = ? ORDER BY saved_at DESC, key`, kind)
	if err != nil {
		return nil, s.wrap("list "+kind+" drafts", err)
	}
	defer rows.Close()
	var out []Draft
	for rows.Next() {
		d := Draft{Kind: kind}
		var at string
		if err := rows.Scan(&d.Key, &d.Body, &at); err != nil {
			return nil, s.wrap("list "+kind+" drafts", err)
		}
		d.SavedAt, _ = time.Parse(timeLayout, at)
		out = append(out, d)
	}
	return out, s.wrapIf("list "+kind+" drafts", rows.Err())
}

// DeleteDraft forgets the draft of kind and key; there being none is no
// error.
func (s *Store) DeleteDraft(kind, key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := s.db.Exec(`DELETE FROM drafts WHERE kind = ? AND key = ?`, kind, key)
	return s.wrapIf(fmt.Sprintf("delete draft %s %q", kind, key), err)
}

// DraftStore is where a DraftWriter keeps its draft (a *Store).
type DraftStore interface {
	SaveDraft(kind, key string, body []byte) error
	DeleteDraft(kind, key string) error
}

// DraftWriter keeps an editor's draft as it changes, at most a delay
// behind: the first change after a write starts the wait, and the newest
// body is written when it ends, however fast the changes come (a kill
// loses at most the delay). Its methods are safe for concurrent use; the
// writing happens on a goroutine of its own, so an editor never waits for
// the disk.
type DraftWriter struct {
	store     DraftStore
	kind, key string
	delay     time.Duration
	onError   func(error)

	write sync.Mutex // one write at a time, in order
	mu    sync.Mutex
	body  []byte // to write, when pending
	// pending: body is newer than what is kept; timer waits to write it.
	pending bool
	timer   *time.Timer
	stopped bool
	failed  bool // the last write failed: onError was told
}

// NewDraftWriter keeps the draft of kind and key in store, delay behind
// the changes. onError (may be nil) hears of a write that failed, once
// until one succeeds again; it may be called on any goroutine.
func NewDraftWriter(store DraftStore, kind, key string, delay time.Duration, onError func(error)) *DraftWriter {
	return &DraftWriter{store: store, kind: kind, key: key, delay: delay, onError: onError}
}

// Key is the key the draft is kept under.
func (w *DraftWriter) Key() string { return w.key }

// Delay is how far the draft kept may be behind the changes: an editor
// whose file takes a while to write out (a quest with its pictures) may
// hand it on no more often.
func (w *DraftWriter) Delay() time.Duration { return w.delay }

// Set makes body the draft, written within the delay.
func (w *DraftWriter) Set(body []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped {
		return
	}
	w.body, w.pending = bytes.Clone(body), true
	if w.timer == nil {
		w.timer = time.AfterFunc(w.delay, func() { w.Flush() })
	}
}

// Flush writes the draft set last now, if it is not written yet.
func (w *DraftWriter) Flush() error {
	w.write.Lock()
	defer w.write.Unlock()
	w.mu.Lock()
	if w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
	body, pending := w.body, w.pending
	w.pending = false
	w.mu.Unlock()
	if !pending {
		return nil
	}
	err := w.store.SaveDraft(w.kind, w.key, body)
	w.report(err)
	return err
}

// Clear forgets the draft: the one waiting and the one kept (the work was
// saved, or the user discarded it). Changes after it are kept again.
func (w *DraftWriter) Clear() error {
	w.write.Lock()
	defer w.write.Unlock()
	w.mu.Lock()
	if w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
	w.body, w.pending = nil, false
	w.mu.Unlock()
	err := w.store.DeleteDraft(w.kind, w.key)
	w.report(err)
	return err
}

// Stop ends the keeping: a draft waiting is dropped, later changes are
// not kept, and the draft kept stays where it is.
func (w *DraftWriter) Stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	if w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
	w.body, w.pending = nil, false
}

// report tells onError of a failed write, once until one succeeds.
func (w *DraftWriter) report(err error) {
	w.mu.Lock()
	tell := err != nil && !w.failed
	w.failed = err != nil
	w.mu.Unlock()
	if tell && w.onError != nil {
		w.onError(err)
	}
}
