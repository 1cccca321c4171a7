package main

import (
	"encoding/json"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Every module this program wires says what the players may see
// (engine.Public): after every event of every golden script its view is a
// JSON object. What each view holds, and that nothing hidden is in it, is
// each module's own test (core/<module>/public_test.go).
func TestEveryModuleHasAPublicView(t *testing.T) {
	for name, scripts := range moduleScripts(t) {
		for _, s := range scripts {
			g, err := s.module.New(s.setup, s.content)
			if err != nil {
				t.Fatal(err)
			}
			pub, ok := g.(engine.Public)
			if !ok {
				t.Fatalf("%s: its games have no public view (engine.Public)", name)
			}
			for i, e := range append([]engine.Event{nil}, s.events...) {
				if e != nil {
					g.Apply(e) // a refused event changes nothing
				}
				js, err := pub.PublicJSON()
				var view map[string]any
				if err == nil {
					err = json.Unmarshal(js, &view)
				}
				if err != nil {
					t.Fatalf("%s, after event %d: %v\n%s", name, i, err, js)
				}
				if _, ok := view["seed"]; ok {
					t.Fatalf("%s, after event %d: the seed in the players' view", name, i)
				}
			}
		}
	}
}
