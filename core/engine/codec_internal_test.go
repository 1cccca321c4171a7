package engine

import "testing"

// engineType knows the engine's own events, which Lazy always reads at
// once (a game's history needs them), and nothing else.
func TestEngineTypes(t *testing.T) {
	for _, f := range engineEvents {
		if typ := f().Type(); !engineType(typ) {
			t.Errorf("%s is not an engine type", typ)
		}
	}
	if engineType("add") || engineType("") {
		t.Error("engineType takes what the engine does not have")
	}
}
