package dcui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// A fight's result shows its details under its reason (here the player's
// card's fight ability), in both languages; the next decision, without
// details, shows none.
func TestFightDetailsUnderTheReason(t *testing.T) {
	cases := []struct{ lang, want string }{
		{"en", "For Player 1: the card's fight ability, +2."},
		{"es", "Para el jugador 1: la habilidad de combate de la carta, +2."},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			g := startGame(t, c.lang, fyne.NewSize(1008, 696))
			g.aiTurn()
			g.attack()
			g.do(g.h.game().NextFlip()) // the AI's defence
			g.do(&dragoncanyon.FightResolved{Strength: 1, Dice: []int{1}, Ability: &dragoncanyon.Ability{Attack: 2}})
			d := g.state().Decision
			if d == nil || d.Kind != "fight_result" || len(d.Details) != 1 {
				t.Fatalf("the decision: %+v", d)
			}
			reason := g.h.u.Translator().T(d.Reason, d.Args)
			if !uitest.HasText(g.h.win, reason) || !uitest.HasText(g.h.win, c.want) || !g.tb.details.Visible() {
				t.Fatalf("the reason %q and under it %q are not both shown: %q", reason, c.want, uitest.VisibleTexts(g.h.win))
			}
			g.do(&dragoncanyon.TurnEnded{})
			g.aiTurn()
			if d := g.state().Decision; d == nil || len(d.Details) > 0 || uitest.HasText(g.h.win, c.want) || g.tb.details.Visible() {
				t.Fatalf("after the AI's next turn (%+v) the fight's details are still shown: %q", d, uitest.VisibleTexts(g.h.win))
			}
		})
	}
}
