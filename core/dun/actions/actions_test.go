package actions

import (
	"slices"
	"testing"
)

// The catalogue is consistent: unique ids, and every attribute an action
// tests is one the app can ask for, with its message ID.
func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range All {
		if seen[a.ID] {
			t.Errorf("%s listed twice", a.ID)
		}
		seen[a.ID] = true
		if a.Kind == KindTest && !slices.Contains(Attributes, a.Attribute) {
			t.Errorf("%s tests %q, not an attribute", a.ID, a.Attribute)
		}
		if got, ok := Find(a.ID); !ok || got != a {
			t.Errorf("Find(%s) = %+v", a.ID, got)
		}
	}
	for _, at := range Attributes {
		if AttributeKeys[at] != "attribute."+at {
			t.Errorf("%s has key %q", at, AttributeKeys[at])
		}
	}
	if _, ok := Find("fly"); ok {
		t.Error("found an action not in the catalogue")
	}
	for _, l := range CorpseLevels {
		if CorpseGold[l] == 0 {
			t.Errorf("corpse level %s finds no gold", l)
		}
	}
}
