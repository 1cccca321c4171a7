package dun

import (
	"reflect"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// What states and records share is never written: after a long game the
// shared values are still what they were made as.
func TestSharedValuesStayAsMade(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 3, GroupVP: 60, LeaderVP: 20, Seed: 1, Rules: Rules{IncreasedDifficulty: new(bool)}})
	for n := range 300 {
		for _, e := range realisticCycle(n) {
			if _, err := g.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
		if n%7 == 0 {
			if _, err := g.Apply(&Undo{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	g.Log()
	for k, args := range dieArgsMade {
		if !reflect.DeepEqual(args, makeDieArgs(k)) {
			t.Errorf("%v: %v", k, args)
		}
	}
	for sym, r := range scenarioRolls {
		if !reflect.DeepEqual(*r, Roll{Dice: dice.Scenario, Symbol: sym}) {
			t.Errorf("%v: %+v", sym, *r)
		}
	}
	for k, h := range initiativeHints {
		if !reflect.DeepEqual(h, makeInitiativeHint(k[0], k[1])) {
			t.Errorf("%v: %+v", k, *h)
		}
	}
}
