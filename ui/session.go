package ui

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
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

// seatStore is what a store needs for the seats' steps: who took each one
// saved in the record's transaction (data.Store has it). A store without it
// takes no step from a seat.
type seatStore interface {
	AppendBy(gameID int64, r engine.Record, summary []engine.Message, by data.Author) error
	Authors(gameID int64) (map[int]string, error)
	IntentSeq(gameID int64, id string) (int, bool, error)
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
	// onSeat redraws the game's screen after a step a seat took from its
	// device (the play area sets it); nil for none.
	onSeat func()
	// authors are the names of the seats that took steps, by seq; read
	// from the store the first time they are asked for.
	authors map[int]string
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
func (s *Session) Apply(e engine.Event) error { return s.apply(e, nil) }

// ApplyBy is Apply for a step a seat took from its device: the same gates,
// and who took it saved beside the record, in its transaction. The event is
// the one the laptop would have saved for the same step.
func (s *Session) ApplyBy(e engine.Event, by data.Author) error {
	if _, ok := s.store.(seatStore); !ok {
		return errNoSeats
	}
	if err := s.apply(e, &by); err != nil {
		return err
	}
	if s.onSeat != nil {
		s.onSeat()
	}
	return nil
}

// errNoSeats refuses a seat's step on a store that cannot say who took it.
var errNoSeats = errors.New("this store keeps no seats' steps")

// Version is the game's version as the seats see it: how many records its
// log holds (undos included, so it only grows, and is the same after a
// restart).
func (s *Session) Version() int { return len(s.game.Records()) }

// Author is the name of the seat that took record seq from its device, ""
// for a step taken on the laptop.
func (s *Session) Author(seq int) string {
	if s.authors == nil {
		s.authors = map[int]string{}
		if st, ok := s.store.(seatStore); ok {
			if m, err := st.Authors(s.id); err == nil {
				s.authors = m
			}
		}
	}
	return s.authors[seq]
}

// SavedIntent is the seq of the record a seat's intent id was saved as, if any.
func (s *Session) SavedIntent(id string) (int, bool) {
	st, ok := s.store.(seatStore)
	if !ok {
		return 0, false
	}
	seq, found, err := st.IntentSeq(s.id, id)
	return seq, found && err == nil
}

func (s *Session) apply(e engine.Event, by *data.Author) error {
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
	if by != nil {
		err = s.store.(seatStore).AppendBy(s.id, r, s.game.Summary(), *by)
	} else {
		err = s.store.Append(s.id, r, s.game.Summary())
	}
	if err != nil {
		if derr := s.game.Discard(); derr != nil {
			return saveError{fmt.Errorf("%w (and undoing it in memory: %v)", err, derr)}
		}
		return saveError{err}
	}
	if by != nil {
		s.Author(r.Seq) // the authors read before this one
		s.authors[r.Seq] = by.SeatName
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
