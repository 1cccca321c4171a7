package dun

import (
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Every ruling a DUN prompt can cite is in the list, and the prompts that
// should cite one do.
func TestRulingsCited(t *testing.T) {
	listed := map[string]bool{}
	for _, r := range Rulings {
		if listed[r.ID] {
			t.Errorf("%s listed twice", r.ID)
		}
		listed[r.ID] = true
	}
	cited := []string{leaderRuling(Setup{}), leaderRuling(Setup{Conductor: ConductorRotating}), leaderRuling(Setup{Rules: Rules{LeaderFix: true}})}
	for _, d := range DeckNames {
		cited = append(cited, rollRuling(d))
	}
	for _, r := range hintRulings {
		cited = append(cited, r)
	}
	for _, r := range dueRulings {
		cited = append(cited, r)
	}
	for _, id := range cited {
		if !listed[id] {
			t.Errorf("%s is cited but not listed", id)
		}
	}

	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	for _, e := range []Event{&NewTurn{}, &ObstacleTrigger{Reason: "door"}} {
		if _, err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	if p := g.Prompts()[0]; p.ID != "prompt.roll" || p.Ruling != "dun.scenario_die_obstacle" {
		t.Errorf("the roll prompt %s cites %q", p.ID, p.Ruling)
	}
	if got := engine.ModuleRulings(ModuleName); len(got) != len(Rulings) {
		t.Errorf("the module lists %d rulings, want %d", len(got), len(Rulings))
	}
}
