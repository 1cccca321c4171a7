package ui

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// Store is what the shell needs from persistence. data.Store implements it;
// the UI never sees SQL.
type Store interface {
	CreateGame(name string, g engine.Play) (int64, error)
	Append(gameID int64, r engine.Record, summary []engine.Message) error
	SaveSnapshot(gameID int64, snap engine.Snapshot) error
	// LoadGame's error satisfies errors.Is(err, fs.ErrNotExist) when no game
	// has that id, and wraps *engine.UnknownModuleError for a game of a
	// module this build does not have.
	LoadGame(gameID int64) (engine.Play, error)
	Setting(key string) (string, bool, error)
	SetSetting(key, value string) error
}

// Settings keys.
const (
	settingLanguage = "language"
	settingLastGame = "last_game"
	settingWindow   = "window_size" // "WIDTHxHEIGHT", the main window's size when it was last closed
)

// Session is one open game: the engine's game and where it is saved. A
// game's screens play it through Apply, which saves every event.
type Session struct {
	store Store
	id    int64
	game  engine.Play
	// readOnly says why the game cannot go on (its events no longer replay
	// under the current rules); empty for a game that can.
	readOnly string
	// snapshots are being written behind the taps.
	snapshots sync.WaitGroup
	// SyncSnapshots writes snapshots on the tap itself (benchmarks compare).
	SyncSnapshots bool
	// onTry is told of every event tried, applied or not (the play area
	// clears its notice); nil for none.
	onTry func()
	// onApplied is told of every event applied and saved (the players'
	// page shows the new public view); nil for none.
	onApplied func()
}

// NewSession plays g, saved in store as game id. A non-empty readOnly says
// why it cannot go on, and Apply refuses every event.
func NewSession(store Store, id int64, g engine.Play, readOnly string) *Session {
	return &Session{store: store, id: id, game: g, readOnly: readOnly}
}

// Game is the game being played.
func (s *Session) Game() engine.Play { return s.game }

// ID is the game's id in the store.
func (s *Session) ID() int64 { return s.id }

// ReadOnly says why the game cannot go on, or "".
func (s *Session) ReadOnly() string { return s.readOnly }

// errReadOnly refuses changes to a save opened read-only.
type errReadOnly struct{ why string }

func (e errReadOnly) Error() string { return e.why }

// saveError is a legal event the store could not save. The session has been
// put back to what is saved, so the screen never shows an unsaved step.
type saveError struct{ err error }

func (e saveError) Error() string { return fmt.Sprintf("saving: %v", e.err) }
func (e saveError) Unwrap() error { return e.err }

// Apply validates e, then saves it before returning: every Conductor action
// is committed before the screen moves on.
func (s *Session) Apply(e engine.Event) error {
	if s.onTry != nil {
		s.onTry()
	}
	if s.readOnly != "" {
		return errReadOnly{s.readOnly}
	}
	r, err := s.game.Apply(e)
	if err != nil {
		return err // a rule refused it; nothing changed
	}
	if err := s.store.Append(s.id, r, s.game.Summary()); err != nil {
		if derr := s.game.Discard(); derr != nil {
			return saveError{fmt.Errorf("%w (and undoing it in memory: %v)", err, derr)}
		}
		return saveError{err}
	}
	if s.onApplied != nil {
		s.onApplied()
	}
	if s.game.SnapshotDue() {
		// Only a cache: a failure costs resume time, never data. It is
		// taken now and written behind the tap, one at a time.
		if snap, err := s.game.Snapshot(); err == nil {
			if s.SyncSnapshots {
				_ = s.store.SaveSnapshot(s.id, snap)
				return nil
			}
			s.snapshots.Wait()
			s.snapshots.Add(1)
			go func() {
				defer s.snapshots.Done()
				_ = s.store.SaveSnapshot(s.id, snap)
			}()
		}
	}
	return nil
}

// Flush waits for the snapshots being written.
func (s *Session) Flush() { s.snapshots.Wait() }

// ErrorText words an error from the engine or the store for the Conductor.
func ErrorText(tr *translations.Translator, err error) string {
	var re *engine.RuleError
	var se saveError
	var ro errReadOnly
	var um *engine.UnknownModuleError
	var setup engine.SetupErrors
	switch {
	case errors.As(err, &setup):
		// Every problem of a setup, each in the reader's words.
		lines := make([]string, len(setup))
		for i, fe := range setup {
			lines[i] = tr.T(fe.ID, fe.Args)
		}
		return strings.Join(lines, "\n")
	case errors.As(err, &ro):
		return tr.T("ui.readonly.refused", nil)
	case errors.As(err, &re):
		return tr.T("ui.rejected", map[string]any{"Reason": tr.T(re.ID, re.Args)})
	case errors.As(err, &se):
		return tr.T("ui.error.save", map[string]any{"Detail": se.err.Error()})
	case errors.As(err, &um):
		return tr.T("error.unknown_module", map[string]any{"Module": um.Name})
	}
	return fmt.Sprint(err)
}
