package dunui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
)

// The quest's map mid-quest (with the players' window open), the saved
// games and the campaigns screens fit every laptop in both languages, as
// the table and New game do (TestScreensFitEveryLaptop).
func TestMoreScreensFitEveryLaptop(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h, _ := startQuestGameIn(t, realStore(t), tomb)
		h.u.SetLanguage(lang)
		for _, e := range []dun.Event{&dun.NewTurn{}, &dun.ExitOpened{Section: "gatehouse"}, &dun.Die{Faces: []dice.Symbol{dice.Power}},
			&dun.SectionRevealed{Section: "gatehouse"}, &dun.Die{Faces: []dice.Symbol{dice.Power}}, &dun.ConditionMet{ID: "altar-touched"}} {
			if err := h.u.Session().Apply(e); err != nil {
				t.Fatalf("%s: %v", e.Type(), err)
			}
		}
		h.screen().refresh()
		fits(t, h, "the table mid-quest")
		h.screen().tabs.SelectIndex(1)
		fits(t, h, "the quest map")
		h.screen().openPlayers(h.tr())
		if m := h.screen().players.win.Content().MinSize(); m.Width > 1024 || m.Height > 768-72 {
			t.Errorf("the players' window in %s needs %v", lang, m)
		}
		test.Tap(h.button(t, h.tr().T("ui.saves.button", nil)))
		fits(t, h, "saved games")
		test.Tap(h.button(t, h.tr().T("ui.campaigns.open", nil)))
		test.Tap(h.button(t, h.tr().T("ui.campaigns.new", nil)))
		c := h.campaigns(t)
		c.heroName.SetText("La Compañía Gris de los Caminantes del Alba Perdida")
		c.heroRows.name[0].SetText("Aldric el Caballero de la Torre Quebrada")
		c.heroRows.class[0].SetText("Caballero")
		c.heroRows.vp[0].SetText("32")
		fits(t, h, "a new campaign")
	}
}
