package dunui

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

func realStore(t *testing.T) *data.Store {
	t.Helper()
	s, err := data.Open(filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// closeNewGame closes the New game dialog if it opened by itself.
func closeNewGame(h *harness) {
	if h.d.newGame != nil {
		h.d.newGame.dialog.Hide()
	}
}

// campaigns is the campaigns screen on show.
func (h *harness) campaigns(t *testing.T) *campaignScreen {
	t.Helper()
	c, ok := h.u.Screen().(*campaignScreen)
	if !ok {
		t.Fatalf("no campaign screen: %q", h.texts())
	}
	return c
}

// A campaign: its party feeds a new game, which belongs to it; a quest's
// result is recorded and shown in its history.
func TestCampaignFlow(t *testing.T) {
	store := realStore(t)
	h := newTestUI(t, store)
	closeNewGame(h)
	test.Tap(h.button(t, "Campaigns"))
	test.Tap(h.button(t, "New campaign"))
	c := h.campaigns(t)
	c.heroName.SetText("The Grey Company")
	rows := c.heroRows
	rows.name[0].SetText("Aldric")
	rows.class[0].SetText("Knight")
	rows.vp[0].SetText("32")
	rows.attrs[0][0].SetText("4") // Perception
	rows.name[1].SetText("Ysolde")
	rows.class[1].SetText("Wizard")
	rows.vp[1].SetText("28")
	uitest.TapInDialog(t, h.win, "Save")
	if !h.hasText("The party (group VP 60)") || !h.hasText("Aldric (Knight, 32 VP, 0 gold)") {
		t.Fatalf("campaign page: %q", uitest.TextsIn(h.win))
	}
	test.Tap(h.button(t, "New game with this party"))
	if h.form().heroVP[0].Text != "32" || h.form().heroVP[1].Text != "28" || h.form().heroAttr[0][0].Text != "4" {
		t.Fatal("the party's VP and attributes were not filled in")
	}
	test.Tap(startButton(t, h))
	if p := h.game().Setup().Party; len(p) != 2 || p[0].Perception != 4 || p[0].Name != "Aldric" {
		t.Fatalf("the game's party: %+v", p)
	}
	games, _ := store.Games()
	if len(games) != 1 || games[0].CampaignName != "The Grey Company" || h.u.Session() == nil {
		t.Fatalf("games %+v", games)
	}
	test.Tap(h.button(t, "Saved games"))
	// DUN says a game's campaign first in its line of the saved games.
	if !h.hasText("The Grey Company · Free play · Turn 0") {
		t.Fatalf("the campaign is not in the game's line: %q", uitest.TextsIn(h.win))
	}
	test.Tap(h.button(t, "Campaigns"))
	test.Tap(h.button(t, "Open"))
	test.Tap(h.button(t, "Record a quest's result"))
	c = h.campaigns(t)
	c.heroRows.vp[0].SetText("35")
	c.heroRows.gold[0].SetText("12")
	uitest.TapInDialog(t, h.win, "Save")
	cps, _ := store.Campaigns()
	if len(cps) != 1 || len(cps[0].Entries) != 1 || len(heroesOf(cps[0].Party)) != 2 || heroesOf(cps[0].Party)[0].VP != 35 || cps[0].Entries[0].Outcome != data.OutcomeWon {
		t.Fatalf("campaign %+v", cps)
	}
	if !h.hasText("won") || !h.hasText("Aldric (Knight, 35 VP, 12 gold)") {
		t.Fatalf("history not shown: %q", uitest.TextsIn(h.win))
	}
}

func TestCampaignRefusesBadParty(t *testing.T) {
	store := realStore(t)
	h := newTestUI(t, store)
	closeNewGame(h)
	test.Tap(h.button(t, "Campaigns"))
	test.Tap(h.button(t, "New campaign"))
	c := h.campaigns(t)
	c.heroName.SetText("Nameless")
	c.heroRows.vp[0].SetText("lots")
	uitest.TapInDialog(t, h.win, "Save")
	if cps, _ := store.Campaigns(); len(cps) != 0 {
		t.Fatal("a bad party was saved")
	}
	if !strings.Contains(uitest.TextsIn(h.win), "Hero 1 needs a name.") {
		t.Fatalf("no message: %q", uitest.TextsIn(h.win))
	}
}

// The campaign editor names each hero's attributes beside their fields:
// once values are typed (the placeholders gone) each still says what it is,
// in both languages.
func TestCampaignAttributesAreLabelled(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h := newTestUI(t, realStore(t))
		closeNewGame(h)
		h.u.SetLanguage(lang)
		test.Tap(h.button(t, h.tr().T("ui.campaigns.open", nil)))
		test.Tap(h.button(t, h.tr().T("ui.campaigns.new", nil)))
		rows := h.campaigns(t).heroRows
		for i := range rows.count.Value {
			for j := range partyAttributes {
				rows.attrs[i][j].SetText(strconv.Itoa(j + 2))
			}
		}
		texts := h.texts()
		for _, a := range partyAttributes {
			name := h.tr().T("attribute."+a, nil)
			if n := slices.Index(texts, name); n < 0 || len(slices.DeleteFunc(slices.Clone(texts), func(s string) bool { return s != name })) != rows.count.Value {
				t.Errorf("%s: %q is not shown once per hero with values typed: %q", lang, name, texts)
			}
		}
	}
}
