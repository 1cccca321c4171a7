package main

import (
	"bytes"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/engine/enginetest"
	"github.com/dunconductor/conductor/ui"
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

// Every game games.go imports has screens and a module, and no more: its ui
// package registers both when imported (a game whose ui package forgot its
// maker could be played headless but never opened).
func TestEveryGameHasScreensAndAModule(t *testing.T) {
	modules, screens := engine.Modules(), ui.Makers()
	if len(modules) < 3 || !slices.Equal(modules, screens) {
		t.Fatalf("modules %v, screens %v: each game's ui package registers both", modules, screens)
	}
}

// Every module's setup is read strictly (engine.DecodeStrict): a setup its
// golden script starts with is refused by New, Resume and Fold with an
// unknown field or with anything after it.
func TestEveryModuleSetupIsStrict(t *testing.T) {
	for name, scripts := range moduleScripts(t) {
		s := scripts[0]
		setup := bytes.TrimSpace(s.setup)
		for _, bad := range [][]byte{
			append(append(slices.Clone(setup[:len(setup)-1]), `, "no_such_field": 1`...), '}'),
			append(slices.Clone(setup), " {}"...),
			append(slices.Clone(setup), '}'),
		} {
			if _, err := s.module.New(bad, s.content); err == nil {
				t.Errorf("%s: New took %s", name, bad)
			}
			if _, err := s.module.Resume(bad, s.content, nil, nil); err == nil {
				t.Errorf("%s: Resume took %s", name, bad)
			}
			if f, ok := s.module.(engine.Folding); !ok {
				t.Errorf("%s: no Fold", name)
			} else if _, err := f.Fold(bad, s.content, nil); err == nil {
				t.Errorf("%s: Fold took %s", name, bad)
			}
		}
	}
}
