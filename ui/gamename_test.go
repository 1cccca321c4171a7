package ui

import (
	"testing"

	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// A default game name is read in the app's language, whatever language
// named it; a name a player typed is left as typed.
func TestDefaultGameNamesInTheAppsLanguage(t *testing.T) {
	for _, tc := range []struct{ lang, name, want string }{
		{"es", "Game of 2026-12-07 17:16", "Partida del 2026-12-07 17:16"},
		{"es", "Partida del 2026-12-07 17:16", "Partida del 2026-12-07 17:16"},
		{"en", "Partida del 2026-12-07 17:16", "Game of 2026-12-07 17:16"},
		{"es", "Game of my dreams", "Game of my dreams"},
		{"es", "Game of 2026-13-07 17:16", "Game of 2026-13-07 17:16"}, // no date: typed
		{"es", "Game of ", "Game of "},
	} {
		games := []data.GameInfo{{Name: tc.name}}
		ShownNames(translations.New(tc.lang), games)
		if games[0].Name != tc.want {
			t.Errorf("%s %q: shown %q, want %q", tc.lang, tc.name, games[0].Name, tc.want)
		}
	}
}
