package dun

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Jumping back to any step is one action, and that jump is itself undoable.
func TestRewind(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	states := []string{stateJSON(t, g.State())}
	for _, e := range []Event{&NewTurn{}, &ReserveSpent{Amount: 3, Reason: "spawn_paid"}, &NewTurn{}, &ReserveGained{Amount: 1, Reason: "correction"}} {
		play(t, g, e)
		states = append(states, stateJSON(t, g.State()))
	}
	refused(t, g, &Rewind{To: 4}, "rule.rewind.range")
	refused(t, g, &Rewind{To: -1}, "rule.rewind.range")

	play(t, g, &Rewind{To: g.Position(1)}) // back to just after the first event
	if stateJSON(t, g.State()) != states[1] || g.Effective() != 1 {
		t.Fatal("rewind did not go back to step 1")
	}
	play(t, g, &ReserveSpent{Amount: 5, Reason: "card_activated"}) // play on from there
	if g.State().Reserve != 25 {
		t.Fatalf("reserve %d", g.State().Reserve)
	}
	play(t, g, &Undo{}) // takes back the new payment
	if stateJSON(t, g.State()) != states[1] {
		t.Fatal("undo after a rewind")
	}
	play(t, g, &Undo{}) // takes back the rewind itself
	if stateJSON(t, g.State()) != states[4] || g.Effective() != 4 {
		t.Fatal("undoing the rewind did not restore the game")
	}
	play(t, g, &Rewind{To: 0})
	if stateJSON(t, g.State()) != states[0] || !g.CanUndo() {
		t.Fatal("rewind to the setup")
	}

	// A resumed game is the same game, and has the same undo history.
	r, err := Resume(g.Setup(), g.Records(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if stateJSON(t, r.State()) != states[0] {
		t.Fatal("resume after rewinds")
	}
	play(t, r, &Undo{})
	if stateJSON(t, r.State()) != states[4] {
		t.Fatal("the undo history did not survive a resume")
	}
	seqs, err := engine.EffectiveSeqs(r.Records())
	if err != nil || !slices.Equal(seqs, []int{1, 2, 3, 4}) {
		t.Fatalf("effective %v %v", seqs, err)
	}
}

func TestPosition(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 1, GroupVP: 20})
	play(t, g, &NewTurn{}, &NewTurn{}, &Undo{}, &NewTurn{})
	if g.Position(1) != 1 || g.Position(2) != 0 || g.Position(4) != 2 || g.Position(9) != 0 {
		t.Fatalf("positions %d %d %d", g.Position(1), g.Position(2), g.Position(4))
	}
}
