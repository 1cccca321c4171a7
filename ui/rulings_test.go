package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	_ "github.com/dunconductor/conductor/core/twister" // its rulings
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/internal/uitest"

	// The games' messages, which the screens these tests draw show.
	_ "github.com/dunconductor/conductor/ui/dragoncanyon/messages"
	_ "github.com/dunconductor/conductor/ui/twister/messages"
)

// The search: words in any order, case and accents aside, in the language
// shown; one game or every game.
func TestSearchRulings(t *testing.T) {
	ids := func(ms []RulingMatch) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.ID)
		}
		return out
	}
	cases := []struct {
		lang, module, query string
		want                []string
	}{
		{"en", "dungeon-twister", "torch", []string{"twister.room_reveal", "twister.torches", "twister.zero_ap_action"}},
		{"es", "dungeon-twister", "ANTORCHA revela", []string{"twister.room_reveal", "twister.torches"}},
		{"es", "", "sorpresa", []string{"dun.caught_by_surprise"}},
		{"es", "", "inteligencia empate", []string{"dun.initiative_tie"}},
		{"en", "dun", "small bridge", nil},
		{"en", "dungeon-twister", "bridge", []string{"twister.small_bridge"}},
		{"es", "dungeon-twister", "matadragones", []string{"twister.weapons"}},
	}
	for _, c := range cases {
		got := ids(SearchRulings(translations.New(c.lang), c.module, c.query))
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s %q in %q: got %v, want %v", c.lang, c.query, c.module, got, c.want)
		}
	}
	if all := SearchRulings(translations.New("en"), "", ""); len(all) < 30 {
		t.Errorf("every ruling: only %d", len(all))
	}
}

// A prompt that cites a ruling has a "Why?" on the prompt card that opens
// it; the rulings screen filters as the search is typed.
func TestWhyOpensTheRuling(t *testing.T) {
	store := uitest.NewMemStore()
	// DUN's: the toy has no rulings of its own to cite.
	g, err := dun.NewGame(dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	if err != nil {
		t.Fatal(err)
	}
	id, _ := store.CreateGame("x", g)
	w := test.NewTempApp(t).NewWindow("")
	w.Resize(w.Canvas().Size().AddWidthHeight(1000, 700))
	s := NewSession(store, id, g, "")
	var a *PlayArea
	a = NewPlayArea(s, translations.New("es"), w, PromptParts{}, func() { a.Refresh() })
	w.SetContent(a.Content)
	a.Refresh()
	if uitest.FindButton(w, "¿Por qué?") != nil {
		t.Fatal("a Why? before any prompt cites a ruling")
	}
	a.Do(&dun.NewTurn{})
	a.Do(&dun.ObstacleTrigger{Reason: "door"})
	test.Tap(uitest.Button(t, w, "¿Por qué?"))
	if !uitest.HasText(w, "Cuándo tira el JOA por una carta de Obstáculo") || !uitest.HasText(w, "Flecha de Exploración") {
		t.Fatalf("the ruling is not shown: %q", uitest.TextsIn(w))
	}
	uitest.TapInDialog(t, w, "Cerrar")

	RegisterGame(dun.ModuleName, &plain{title: "ui.module.dun"}) // its name in the list of games
	defer ForgetGame(dun.ModuleName)
	v := ShowRulings(translations.New("en"), w, dun.ModuleName)
	if len(v.Shown) != len(dun.Rulings) || v.Game.Selected != "Dungeon Universalis" {
		t.Fatalf("DUN's rulings: %d shown, game %q", len(v.Shown), v.Game.Selected)
	}
	test.Type(v.Search, "surprise")
	if len(v.Shown) != 1 || !uitest.HasText(w, "Caught by Surprise!") {
		t.Fatalf("search: %+v", v.Shown)
	}
	v.Game.SetSelected("All games")
	test.Type(v.Search, " zzz")
	if len(v.Shown) != 0 || !uitest.HasText(w, "No ruling matches") {
		t.Fatalf("search: %+v", v.Shown)
	}
}
