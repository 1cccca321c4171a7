package dunui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// "Initiative": when the hero closest to the enemies rolled the heroes'
// side on their phone, the laptop's Initiative window starts from that
// roll (the hero, running, the dice), so recording the ADP's side takes it.
func TestInitiativePanelStartsFromTheHerosPhoneRoll(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "ash-court", "Aldric", "Bren", "Cora")
	apply(t, u, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"},
		&dun.Die{Faces: []dice.Symbol{dice.Encounter}}, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated})
	test.Tap(u.button(t, "2"))
	test.Tap(u.button(t, "Pay the spawn"))
	if !u.game().State().InitiativeDue {
		t.Fatalf("no Initiative due after the spawn: %q", u.texts())
	}
	apply(t, u, &dun.InitiativeHeroRolled{Hero: "hero-2", Running: true, Dice: []int{5, 2}})
	tb := u.table()
	tb.showInitiative()
	p := tb.initiative
	if p.hero.ID() != "hero-2" || !p.running.Checked || !slices.Equal(p.heroDice.Dice(), []int{5, 2}) {
		t.Fatalf("the window starts from %s, running %v, dice %v; want Bren's 5 and 2, running", p.hero.ID(), p.running.Checked, p.heroDice.Dice())
	}
	p.adpDice.A.Set(1)
	p.adpDice.B.Set(2)
	e := p.event()
	if err := u.game().Check(&e); err != nil {
		t.Fatalf("the window's Initiative is refused: %v", err)
	}
}
