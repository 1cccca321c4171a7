package twisterui

import (
	"strings"
	"testing"

	"github.com/dunconductor/conductor/translations"
)

// "Save the story…" of a Twister game says what its journal holds (rooms,
// combats, the score), not Dungeon Universalis's texts read and map, and
// offers no Conductor's version: a referee hides nothing.
func TestStoryWordsAreTwisters(t *testing.T) {
	what, conductor := New().StoryWords()
	for _, lang := range []string{"en", "es"} {
		s := translations.New(lang).T(what, nil)
		if s == what || strings.Contains(s, "map") || strings.Contains(s, "mapa") {
			t.Errorf("%s: %q", lang, s)
		}
	}
	if conductor != "" {
		t.Errorf("a Conductor's version offered: %q", conductor)
	}
}
