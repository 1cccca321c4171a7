package dunui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// Two factions with the same name are told apart in the picker by words a
// player reads (built in, imported, a number), in both languages, never by
// their ids.
func TestFactionsWithTheSameName(t *testing.T) {
	store := uitest.NewMemStore()
	u := newTestUI(t, store)
	files, _ := data.BuiltinFactionFiles()
	sample, _ := bestiary.ParseFaction(files[0].Name, files[0].Data)
	for _, id := range []string{"my-copy", "my-other-copy"} {
		src := strings.Replace(string(files[0].Data), "\nid = \""+sample.ID+"\"", "\nid = \""+id+"\"", 1)
		u.d.newGame.importFactionData(id+".toml", []byte(src))
		if u.d.newGame.importProblems != "" {
			t.Fatalf("not imported: %s", u.d.newGame.importProblems)
		}
	}
	for _, c := range []struct {
		lang string
		want []string
	}{
		{"en", []string{"%s — built in", "%s — imported, no. 1", "%s — imported, no. 2"}},
		{"es", []string{"%s — incluida", "%s — importada, n.º 1", "%s — importada, n.º 2"}},
	} {
		u.u.SetLanguage(c.lang)
		test.Tap(u.button(t, u.tr().T("ui.newgame.open", nil)))
		options := u.form().factionPick.Options
		name := sample.Name.In(c.lang)
		for _, w := range c.want {
			if w = strings.Replace(w, "%s", name, 1); !slices.Contains(options, w) {
				t.Errorf("%s: no %q in %q", c.lang, w, options)
			}
		}
		for _, o := range options {
			if strings.Contains(o, "my-") || strings.Contains(o, sample.ID) {
				t.Errorf("%s: an id is shown: %q", c.lang, o)
			}
		}
		// The other sample keeps its plain name.
		other, _ := bestiary.ParseFaction(files[1].Name, files[1].Data)
		if !slices.Contains(options, other.Name.In(c.lang)) {
			t.Errorf("%s: %q lost its plain name: %q", c.lang, other.Name.In(c.lang), options)
		}
	}
}
