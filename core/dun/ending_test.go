package dun

import (
	"encoding/json"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// The saved games' summary says how a quest ended (won, lost, abandoned),
// and Ended reads it back, through the JSON the store keeps; a quest that
// goes on, or one whose end was undone, has not ended.
func TestSummarySaysHowTheQuestEnded(t *testing.T) {
	cases := []struct {
		name    string
		events  []Event
		outcome string // "" while the quest goes on
	}{
		{"going on", []Event{&NewTurn{}}, ""},
		{"won", []Event{&NewTurn{}, &MissionAccomplished{}, &QuestEnded{Outcome: OutcomeWon}}, OutcomeWon},
		{"lost", []Event{&NewTurn{}, &QuestEnded{Outcome: OutcomeLost}}, OutcomeLost},
		{"abandoned", []Event{&NewTurn{}, &QuestEnded{Outcome: OutcomeAbandoned}}, OutcomeAbandoned},
		{"the end undone", []Event{&NewTurn{}, &QuestEnded{Outcome: OutcomeLost}, &Undo{}}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
			play(t, g, c.events...)
			b, _ := json.Marshal(g.Summary())
			var saved []engine.Message
			if err := json.Unmarshal(b, &saved); err != nil {
				t.Fatal(err)
			}
			if got := Module.Ended(saved); got != (c.outcome != "") {
				t.Fatalf("Ended %v for %s", got, b)
			}
			var key any
			for _, m := range saved {
				if m.ID == summaryOver {
					key = m.Args["OutcomeKey"]
				}
			}
			if c.outcome != "" && key != "outcome."+c.outcome {
				t.Fatalf("the summary %s does not say %s", b, c.outcome)
			}
		})
	}
}
