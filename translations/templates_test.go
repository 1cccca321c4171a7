package translations

import (
	"strings"
	"testing"
	"testing/fstest"
)

// Templates give messages unrendered, their arguments as {Name}, a plural's
// form for 1 apart, and leave out a message that only a template can render;
// a registered module's messages among them.
func TestTemplates(t *testing.T) {
	freshRegistry(t)
	Register("core/testgame/messages", fstest.MapFS{
		"testgame.en.toml": {Data: []byte(`"log.tg.revealed" = "Revealed{{if .Slayer}} by {{.Slayer}}{{end}}."
["reason.tg.stockpile"]
one = "Stockpile: the AI moves 1 resource ({{.Stash}} in the stash)."
other = "Stockpile: the AI moves {{.Count}} resources ({{ .Stash }} in the stash)."
`)},
		"testgame.es.toml": {Data: []byte(`"log.tg.revealed" = "Revelada{{if .Slayer}} por {{.Slayer}}{{end}}."
["reason.tg.stockpile"]
one = "Acopio: la IA mueve 1 recurso ({{.Stash}} en la reserva)."
many = "Acopio: la IA mueve {{.Count}} de recursos ({{.Stash}} en la reserva)."
other = "Acopio: la IA mueve {{.Count}} recursos ({{.Stash}} en la reserva)."
`)},
	})
	for _, tc := range []struct {
		lang, id, want string
		present        bool
	}{
		{"en", "reason.tg.stockpile", "Stockpile: the AI moves {Count} resources ({Stash} in the stash).", true},
		{"en", "reason.tg.stockpile.one", "Stockpile: the AI moves 1 resource ({Stash} in the stash).", true},
		{"es", "reason.tg.stockpile", "Acopio: la IA mueve {Count} recursos ({Stash} en la reserva).", true},
		{"en", "log.tg.revealed", "", false}, // {{if .Slayer}}
		{"en", "ui.app.title", "", false},    // not asked for
	} {
		got, err := Templates(tc.lang, "reason.tg.", "log.tg.")
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
