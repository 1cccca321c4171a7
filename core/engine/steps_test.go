package engine_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// The step queue's methods replace the slice and never write into it: a
// state before the change, sharing it, keeps its steps.
func TestStepsNeverWriteIntoAShare(t *testing.T) {
	fresh := func() engine.Steps[string] {
		q := make(engine.Steps[string], 2, 8) // room to grow in place
		q[0], q[1] = "roll", "draw"
		return q
	}
	for name, change := range map[string]func(q *engine.Steps[string]){
		"Set":         func(q *engine.Steps[string]) { q.Set("x") },
		"Pop":         func(q *engine.Steps[string]) { q.Pop(); q.Then("x") },
		"First":       func(q *engine.Steps[string]) { q.First("x") },
		"Then":        func(q *engine.Steps[string]) { q.Then("x") },
		"ReplaceHead": func(q *engine.Steps[string]) { q.ReplaceHead("x", "y") },
	} {
		base := fresh()
		q := base
		change(&q)
		if !slices.Equal(base, engine.Steps[string]{"roll", "draw"}) || slices.Equal(q, base) {
			t.Errorf("%s: shared %v, changed %v", name, base, q)
		}
		if again := base[:3]; again[2] == "x" {
			t.Errorf("%s wrote into the shared array beyond its length", name)
		}
	}
	q := fresh()
	q.ReplaceHead("spawn")
	q.First("choose")
	q.Then("reveal")
	if !slices.Equal(q, engine.Steps[string]{"choose", "spawn", "draw", "reveal"}) || *q.Head() != "choose" {
		t.Fatalf("queue %v", q)
	}
	q.Pop()
	if *q.Head() != "spawn" {
		t.Fatalf("after Pop: %v", q)
	}
	// An empty queue is "[]" as JSON, never null: Set with no step, Pop of the last.
	q.Set()
	if b, _ := json.Marshal(q); string(b) != "[]" || q.Head() != nil {
		t.Fatalf("Set(): %s", b)
	}
	q.Set("roll")
	q.Pop()
	if b, _ := json.Marshal(q); string(b) != "[]" || q.Head() != nil {
		t.Fatalf("Pop of the last: %s", b)
	}
}

func TestStages(t *testing.T) {
	ss := engine.Stages{
		{Step: "roll", Events: []string{"die"}},
		{Step: "spawn", Events: []string{"spawn", "card"}},
		{Step: "draw", Events: []string{"card"}},
	}
	for _, c := range []struct {
		step, typ string
		takes     bool
	}{{"roll", "die", true}, {"roll", "card", false}, {"draw", "card", true}, {"spawn", "card", true}, {"spawn", "die", false}, {"none", "die", false}, {"roll", "new_turn", false}} {
		if got := ss.Takes(c.step, c.typ); got != c.takes {
			t.Errorf("Takes(%s, %s) = %v", c.step, c.typ, got)
		}
	}
	if step, ok := ss.Answers("card"); !ok || step != "spawn" { // the first stage that lists it
		t.Errorf("Answers(card) = %s %v", step, ok)
	}
	if _, ok := ss.Answers("new_turn"); ok {
		t.Error("new_turn answers a step")
	}
}
