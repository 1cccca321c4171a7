package data

import (
	"bytes"
	"errors"
	"os"
	"sync"
	"testing"
	"time"
)

// Drafts are kept by kind and key, replaced, listed newest first, read
// back byte for byte (an invalid file too) and forgotten.
func TestDrafts(t *testing.T) {
	s := openStore(t, dbPath(t))
	clock := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	defer func(old func() time.Time) { now = old }(now)
	now = func() time.Time { clock = clock.Add(time.Second); return clock }

	for _, c := range []struct {
		kind, key string
		body      string
		err       error
	}{
		{"quest", "+new", "id = \"\"\n[[sections]]\nbroken = ", nil}, // not valid: kept as it is
		{"quest", "cellar", "id = \"cellar\"\n", nil},
		{"faction", "+new", "", nil},                                          // an empty body is a draft
		{"quest", "cellar", "id = \"cellar\"\ntitle = { en = \"A\" }\n", nil}, // replaces
		{"", "x", "body", ErrBadDraft},
	} {
		err := s.SaveDraft(c.kind, c.key, []byte(c.body))
		if !errors.Is(err, c.err) {
			t.Fatalf("SaveDraft(%q, %q) = %v, want %v", c.kind, c.key, err, c.err)
		}
		if err != nil {
			continue
		}
		body, at, ok, err := s.Draft(c.kind, c.key)
		if err != nil || !ok || string(body) != c.body || !at.Equal(clock) {
			t.Fatalf("Draft(%q, %q) = %q, %v, %v, %v; want %q at %v", c.kind, c.key, body, at, ok, err, c.body, clock)
		}
	}
	if err := s.SaveDraft("quest", "big", make([]byte, MaxDraftSize+1)); !errors.Is(err, ErrBadDraft) {
		t.Fatalf("a draft over the limit: %v", err)
	}
	list, err := s.Drafts("quest")
	if err != nil || len(list) != 2 || list[0].Key != "cellar" || list[1].Key != "+new" || !bytes.Contains(list[0].Body, []byte("title")) {
		t.Fatalf("Drafts = %+v, %v", list, err)
	}
	if err := s.DeleteDraft("quest", "cellar"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteDraft("quest", "cellar"); err != nil { // none: no error
		t.Fatal(err)
	}
	if _, _, ok, err := s.Draft("quest", "cellar"); ok || err != nil {
		t.Fatalf("a deleted draft is still there (%v)", err)
	}
	if body, _, ok, _ := s.Draft("faction", "+new"); !ok || body == nil || len(body) != 0 {
		t.Fatalf("the empty draft is %q, %v", body, ok)
	}
}

// A draft is in the file: the store closed without a word (as a kill
// leaves it) and opened again still has it.
func TestDraftOutlivesTheStore(t *testing.T) {
	path := dbPath(t)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveDraft("faction", "vermin", []byte("id = \"vermin\"")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = openStore(t, path)
	if body, _, ok, err := s.Draft("faction", "vermin"); !ok || err != nil || string(body) != `id = "vermin"` {
		t.Fatalf("after reopening: %q, %v, %v", body, ok, err)
	}
}

// A database of the last released schema gets the drafts' table when it
// is migrated, and keeps its game.
func TestDraftsInAMigratedDatabase(t *testing.T) {
	v := fixtureVersions[len(fixtureVersions)-1]
	src, err := os.ReadFile(fixturePath(v))
	if err != nil {
		t.Fatal(err)
	}
	path := dbPath(t)
	if err := os.WriteFile(path, src, 0o600); err != nil {
		t.Fatal(err)
	}
	s := openStore(t, path)
	if err := s.SaveDraft("quest", "+new", []byte("x")); err != nil {
		t.Fatalf("v%d migrated: %v", v, err)
	}
	if games, err := s.Games(); err != nil || len(games) != 1 {
		t.Fatalf("v%d migrated: games %v, %v", v, games, err)
	}
}

// memDrafts is a DraftStore in memory that counts its writes.
type memDrafts struct {
	mu     sync.Mutex
	bodies map[string][]byte
	writes int
	fail   error
}

func (m *memDrafts) SaveDraft(kind, key string, body []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return m.fail
	}
	m.writes++
	m.bodies[kind+"/"+key] = bytes.Clone(body)
	return nil
}

func (m *memDrafts) DeleteDraft(kind, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.bodies, kind+"/"+key)
	return m.fail
}

func (m *memDrafts) get(key string) ([]byte, bool, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.bodies["quest/"+key]
	return b, ok, m.writes
}

// The writer is at most its delay behind, however fast the changes come
// (a wait that started again at each change would write nothing while
// someone types), writes the newest body, and never an old one after it.
func TestDraftWriterKeepsUp(t *testing.T) {
	m := &memDrafts{bodies: map[string][]byte{}}
	const delay = 60 * time.Millisecond
	w := NewDraftWriter(m, "quest", "k", delay, nil)
	start := time.Now()
	var written time.Duration
	for i := 0; time.Since(start) < 8*delay; i++ {
		w.Set([]byte{byte(i)})
		if _, ok, _ := m.get("k"); ok && written == 0 {
			written = time.Since(start)
		}
		time.Sleep(delay / 6)
	}
	if written == 0 {
		t.Fatalf("nothing written in %v while changes kept coming (delay %v)", 8*delay, delay)
	}
	if written > 3*delay {
		t.Fatalf("first written after %v while changes kept coming (delay %v)", written, delay)
	}
	w.Set([]byte("last"))
	time.Sleep(3 * delay)
	if b, _, _ := m.get("k"); string(b) != "last" {
		t.Fatalf("kept %q, want the newest", b)
	}
	_, _, n := m.get("k")
	time.Sleep(2 * delay)
	if _, _, again := m.get("k"); again != n {
		t.Fatalf("%d writes with nothing new", again-n)
	}
}

// Flush writes at once; Clear forgets the draft, waiting or kept; Stop
// drops what waits and keeps what is kept.
func TestDraftWriterFlushClearStop(t *testing.T) {
	m := &memDrafts{bodies: map[string][]byte{}}
	w := NewDraftWriter(m, "quest", "k", time.Hour, nil)
	w.Set([]byte("a"))
	if _, ok, _ := m.get("k"); ok {
		t.Fatal("written before the delay")
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if b, _, _ := m.get("k"); string(b) != "a" {
		t.Fatalf("Flush wrote %q", b)
	}
	w.Set([]byte("b"))
	if err := w.Clear(); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if _, ok, _ := m.get("k"); ok {
		t.Fatal("a cleared draft is kept")
	}
	w.Set([]byte("c")) // after Clear, changes are kept again
	w.Flush()
	w.Set([]byte("d"))
	w.Stop()
	w.Flush()
	w.Set([]byte("e"))
	w.Flush()
	if b, _, _ := m.get("k"); string(b) != "c" {
		t.Fatalf("after Stop the draft is %q, want the one kept before", b)
	}
}

// A failed write is told once, until one succeeds again.
func TestDraftWriterTellsAFailureOnce(t *testing.T) {
	m := &memDrafts{bodies: map[string][]byte{}, fail: errors.New("disk full")}
	var told []error
	w := NewDraftWriter(m, "quest", "k", time.Hour, func(err error) { told = append(told, err) })
	for _, b := range []string{"a", "b"} {
		w.Set([]byte(b))
		if err := w.Flush(); err == nil {
			t.Fatal("no error")
		}
	}
	m.fail = nil
	w.Set([]byte("c"))
	w.Flush()
	m.fail = errors.New("disk full again")
	w.Set([]byte("d"))
	w.Flush()
	if len(told) != 2 || told[0].Error() != "disk full" || told[1].Error() != "disk full again" {
		t.Fatalf("told %v", told)
	}
}
