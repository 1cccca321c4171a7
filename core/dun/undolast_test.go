package dun

import (
	"encoding/json"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// An undo of the event just applied puts back the state before it, whether
// the engine keeps that state (the event wrote into no array the state
// owns) or replays from its base (a creature's flags written in place):
// checked against the state read before the event, for every kind of event
// of the mix, then given back by a redo.
func TestUndoOfTheLastEventPutsBackTheStateBefore(t *testing.T) {
	events := mixedPlay(t, 4000)
	g := mustGame(t, mixSetup)
	asJSON := func(s State) string {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	tried := map[string]int{}
	for i, e := range events {
		_, own := e.(event)
		check := own && tried[e.Type()] < 40 && i%3 == 0
		before := ""
		if check {
			before = asJSON(g.State())
		}
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("event %d (%s): %v", i, e.Type(), err)
		}
		if !check {
			continue
		}
		tried[e.Type()]++
		after := asJSON(g.State())
		if _, err := g.Apply(&engine.Undo{}); err != nil {
			t.Fatalf("undo of event %d (%s): %v", i, e.Type(), err)
		}
		if got := asJSON(g.State()); got != before {
			t.Fatalf("undo of event %d (%s) gave\n%s\nnot the state before it\n%s", i, e.Type(), got, before)
		}
		if _, err := g.Apply(&engine.Redo{}); err != nil {
			t.Fatalf("redo of event %d (%s): %v", i, e.Type(), err)
		}
		if got := asJSON(g.State()); got != after {
			t.Fatalf("redo of event %d (%s) gave\n%s\nnot\n%s", i, e.Type(), got, after)
		}
	}
	if tried["creature_done"] == 0 || tried["test"] == 0 || tried["card"] == 0 {
		t.Fatalf("the mix tried too few kinds: %v", tried)
	}
}
