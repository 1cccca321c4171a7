package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// summaryOver is the saved-games summary's line of a quest that has ended:
// won, lost or abandoned.
const summaryOver = "summary.over"

// endingSummary is how the quest ended, for the saved games (nothing while
// it goes on).
func endingSummary(s *State) []engine.Message {
	if s.QuestOver == nil {
		return nil
	}
	return []engine.Message{{ID: summaryOver, Args: map[string]any{"OutcomeKey": "outcome." + s.QuestOver.Outcome}}}
}

// ended says whether a saved game's summary is that of a quest that has
// ended: the saved games offer it to look at, not to go on.
func ended(summary []engine.Message) bool {
	return slices.ContainsFunc(summary, func(m engine.Message) bool { return m.ID == summaryOver })
}
