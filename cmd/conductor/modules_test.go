package main

import (
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/engine/enginetest"
)

// Every registered event type of every module this program wires: its
// registry key is its Type(), and encode → decode → encode is identical.
func TestEveryModuleEventRoundTrips(t *testing.T) {
	names := engine.Modules()
	if len(names) == 0 {
		t.Fatal("no module registered")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			m, err := engine.Find(name)
			if err != nil {
				t.Fatal(err)
			}
			if m.Name() != name {
				t.Fatalf("registered as %q, named %q", name, m.Name())
			}
			enginetest.CheckCodec(t, m.Events())
		})
	}
}
