package dcui

import (
	"strings"
	"testing"

	"github.com/dunconductor/conductor/translations"
)

// "Save the story…" says what a Dragon Canyon journal holds, in both
// languages: no texts read, no map, no ADP notes (DUN's), and no
// Conductor's version to tick.
func TestStoryWordsAreDragonCanyons(t *testing.T) {
	what, conductor := New(nil).StoryWords()
	if conductor != "" {
		t.Errorf("a Conductor's version is offered: %q", conductor)
	}
	for _, c := range []struct{ lang, says, never string }{
		{"en", "decisions", "map"},
		{"en", "buildings", "ADP"},
		{"es", "decisiones", "mapa"},
		{"es", "edificios", "JOA"},
	} {
		got := translations.New(c.lang).T(what, nil)
		if got == what || !strings.Contains(got, c.says) || strings.Contains(got, c.never) {
			t.Errorf("%s: %q, want it to say %q and never %q", c.lang, got, c.says, c.never)
		}
	}
}
