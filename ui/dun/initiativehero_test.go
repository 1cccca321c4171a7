package dunui

import (
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// "Initiative": the hero closest to the enemies rolls; of two at the same
// distance the higher Perception, and a tie of that is picked at random.
// The panel's picker follows core's answer when heroes are ticked as just
// as close, and a tie offers the recorded random pick.
func TestInitiativePanelHeroesAtSameDistance(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora") // Perception 2, 3, 4
	tb := u.table()
	tb.showInitiative()
	p := tb.initiative
	p.hero.SetSelectedIndex(0) // Aldric, the closest
	p.same[1].SetChecked(true) // Bren just as close, Perception 3
	if got := p.hero.ID(); got != "hero-2" {
		t.Fatalf("the roller is %s, want hero-2 (the higher Perception)", got)
	}
	if p.tie.Visible() {
		t.Fatal("a pick offered without a tie")
	}
	// Core's own answer agrees (a tie's pick: initiativeroll_test.go).
	if h, ok := dun.HeroRoller(tb.game.State(), tb.game.Setup(), []string{"hero-2", "hero-3"}); !ok || h.ID != "hero-3" {
		t.Fatalf("core names %v %v", h.ID, ok)
	}
	p.same[2].SetChecked(true) // Cora too: Perception 4
	if got := p.hero.ID(); got != "hero-3" {
		t.Fatalf("the roller is %s, want hero-3", got)
	}
}
