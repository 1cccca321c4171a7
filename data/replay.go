package data

import (
	"fmt"
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// ReplayError means a game's events no longer replay under the current
// rules: record Seq was refused (or could not be read), for the reason in
// Err. LoadGame and ExportedGame.Game return it together with the game as far
// as it replays, which the caller can show read-only.
type ReplayError struct {
	Game string // the game's name
	Seq  int    // the first record that does not replay
	Err  error  // why, as the module (or the decoder) said it
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("game %q no longer replays under the current rules: record %d: %v", e.Game, e.Seq, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// checkpointEvery is how often replayPrefix re-bases its game on a snapshot,
// so that an undo replays at most this many events, not the whole log.
const checkpointEvery = engine.SnapshotEvery

// replayPrefix rebuilds a game of module m from records as far as they
// replay. With every record accepted it returns the game and a nil error.
// Otherwise it returns the game of the longest prefix records[:k] and a
// *ReplayError for record k+1. An error of the setup itself (the module
// cannot start the game) is returned as it is, with a nil game: there is
// nothing to show.
//
// snap, when not nil, is tried first: a whole log that resumes from it needs
// no replay at all.
func replayPrefix(name string, m engine.Module, setup, content []byte, records []engine.Record, snap *engine.Snapshot) (engine.Play, error) {
	if g, err := m.Resume(setup, content, records, snap); err == nil {
		return g, nil
	}
	if snap != nil {
		if g, err := m.Resume(setup, content, records, nil); err == nil {
			return g, nil // the snapshot was the problem, and it is only a cache
		}
	}
	// Apply the records one by one to find the first that is refused. The
	// game starts as it was saved (Resume), not with a new game's defaults.
	g, err := m.Resume(setup, content, nil, nil)
	if err != nil {
		return nil, err
	}
	for i, r := range records {
		if r.Seq != i+1 {
			return g, &ReplayError{Game: name, Seq: r.Seq,
				Err: fmt.Errorf("sequence number %d where %d was expected (records are missing)", r.Seq, i+1)}
		}
		if _, err := g.Apply(r.Event); err != nil {
			return g, &ReplayError{Game: name, Seq: r.Seq, Err: err}
		}
		// An undo replays from the game's base: re-base it now and then,
		// so that finding a failure deep in a long log stays linear.
		if (i+1)%checkpointEvery == 0 && g.Effective() > 0 {
			snap, err := g.Snapshot()
			if err != nil {
				continue
			}
			// Clipped, so the game's appends never write into records.
			if rebased, err := m.Resume(setup, content, slices.Clip(records[:i+1]), &snap); err == nil {
				g = rebased
			}
		}
	}
	return g, nil
}
