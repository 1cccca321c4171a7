package translations

import (
	"strings"
	"testing"
)

// Templates give messages unrendered, their arguments as {Name}, a plural's
// form for 1 apart, and leave out a message that only a template can render.
func TestTemplates(t *testing.T) {
	for _, tc := range []struct {
		lang, id, want string
		present        bool
	}{
		{"en", "reason.dc.stockpile", "Stockpile: the AI moves {Count} resources from its caravan to its stash ({Stash} in the stash).", true},
		{"en", "reason.dc.stockpile.one", "Stockpile: the AI moves 1 resource from its caravan to its stash ({Stash} in the stash).", true},
		{"es", "reason.dc.stockpile", "", true},
		{"en", "log.dc.revealed", "", false}, // {{if .Slayer}}
		{"en", "ui.app.title", "", false},    // not asked for
	} {
		got, err := Templates(tc.lang, "reason.dc.", "log.dc.")
		if err != nil {
			t.Fatal(err)
		}
		s, ok := got[tc.id]
		switch {
		case ok != tc.present:
			t.Errorf("%s %s: given %v", tc.lang, tc.id, ok)
		case ok && strings.Contains(s, "{{"):
			t.Errorf("%s %s: %q keeps a template action", tc.lang, tc.id, s)
		case tc.want != "" && s != tc.want:
			t.Errorf("%s %s: %q, want %q", tc.lang, tc.id, s, tc.want)
		}
	}
}
