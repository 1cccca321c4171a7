package dcui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// A purchase of a building the deck list gives no cost (playDecks lists
// none, as the shipped list) asks what was paid, one tap a resource; a
// resource the counted stash has run out of is not offered; Buy records
// what was tapped and the stash goes down by it. In both languages.
func TestPurchaseAsksWhatWasPaid(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		t.Run(lang, func(t *testing.T) {
			g := startTwo(t, lang)
			g.aiTurn()
			g.do(&dragoncanyon.PlayerCorrected{Player: 1, Stash: dragoncanyon.Resources{Wood: 2, Stone: 1}})
			tb := g.tb
			n := len(g.h.game().Records())
			test.Tap(tb.actions["ui.dc.do.buy"])
			if len(g.h.game().Records()) != n {
				t.Fatal("the purchase was entered without asking what was paid")
			}
			wood := tb.t("ui.dc.paid.add", map[string]any{"ResourceKey": "ui.dc.res.wood"})
			uitest.TapInDialog(t, g.h.win, wood)
			uitest.TapInDialog(t, g.h.win, wood)
			if b := dialogButton(g.h.win, wood); b == nil || !b.Disabled() {
				t.Fatalf("after two Wood, the stash's last: %q still offered", wood)
			}
			if b := dialogButton(g.h.win, tb.t("ui.dc.paid.add", map[string]any{"ResourceKey": "ui.dc.res.bone"})); b == nil || !b.Disabled() {
				t.Fatal("Bone offered from a stash without any")
			}
			uitest.TapInDialog(t, g.h.win, tb.t("ui.dc.do.buy", nil))
			uitest.Settle(g.h.win)
			rs := g.h.game().Records()
			e, ok := rs[len(rs)-1].Event.(*dragoncanyon.BuildingBought)
			if !ok || e.Paid != (dragoncanyon.Resources{Wood: 2}) || e.Player != 1 {
				t.Fatalf("entered %#v, want Player 1 paying 2 Wood", rs[len(rs)-1].Event)
			}
			if got := g.state().Players[0].Stash; got != (dragoncanyon.Resources{Stone: 1}) {
				t.Fatalf("the stash is %+v after paying 2 Wood of 2 Wood and 1 Stone", got)
			}
		})
	}
}

// dialogButton is the top dialog's button whose label is text.
func dialogButton(w fyne.Window, text string) *widget.Button {
	var found *widget.Button
	uitest.WalkVisible(w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if b, ok := uitest.ButtonOf(o); ok && b.Text == text {
			found = b
		}
	})
	return found
}
