package main

import (
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Every event type a module registers declares its gate beside its type
// (engine.Gated: the steps it answers, what it needs otherwise): a new event
// cannot be left without legality, in any game.
func TestEveryRegisteredEventHasItsGate(t *testing.T) {
	for _, name := range engine.Modules() {
		t.Run(name, func(t *testing.T) {
			m, _ := engine.Find(name)
			if ungated := m.Events().Ungated(); len(ungated) > 0 {
				t.Errorf("event types with no Gate method beside their type: %q", ungated)
			}
		})
	}
}
