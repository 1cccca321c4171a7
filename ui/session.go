package ui

import (
	"fmt"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// Store is what the UI needs from persistence. data.Store implements it; the
// UI never sees SQL.
type Store interface {
	CreateGame(name string, setup dun.Setup) (int64, error)
	Append(gameID int64, r dun.Record, state dun.State) error
	SaveSnapshot(gameID int64, s dun.Snapshot) error
	// LoadGame's error satisfies errors.Is(err, fs.ErrNotExist) when no game has that id.
	LoadGame(gameID int64) (*dun.Game, error)
	Setting(key string) (string, bool, error)
	SetSetting(key, value string) error
	// Quests are the quests a new game can be played with; ImportQuest checks
	// and stores a quest file, returning its problems when it is not valid.
	Quests() ([]*quest.Quest, error)
	ImportQuest(file string, data []byte) (*quest.Quest, quest.Problems, error)
}

// Settings keys.
const (
	settingLanguage = "language"
	settingLastGame = "last_game"
)

// session is one open game: the engine's game and where it is saved.
type session struct {
	store Store
	id    int64
	game  *dun.Game
	// readOnly says why the game cannot go on (its events no longer replay
	// under the current rules); empty for a game that can.
	readOnly string
}

// errReadOnly refuses changes to a save opened read-only.
type errReadOnly struct{ why string }

func (e errReadOnly) Error() string { return e.why }

// saveError is a legal event the store could not save. The session has been
// put back to what is saved, so the screen never shows an unsaved step.
type saveError struct{ err error }

func (e saveError) Error() string { return fmt.Sprintf("saving: %v", e.err) }
func (e saveError) Unwrap() error { return e.err }

// apply validates e, then saves it before returning: every Conductor action
// is committed before the screen moves on.
func (s *session) apply(e dun.Event) error {
	if s.readOnly != "" {
		return errReadOnly{s.readOnly}
	}
	r, err := s.game.Apply(e)
	if err != nil {
		return err // a rule refused it; nothing changed
	}
	if err := s.store.Append(s.id, r, s.game.State()); err != nil {
		if derr := s.game.Discard(); derr != nil {
			return saveError{fmt.Errorf("%w (and undoing it in memory: %v)", err, derr)}
		}
		return saveError{err}
	}
	if s.game.SnapshotDue() {
		// Only a cache: a failure costs resume time, never data.
		_ = s.store.SaveSnapshot(s.id, s.game.Snapshot())
	}
	return nil
}
