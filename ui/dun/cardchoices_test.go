package dunui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// An Obstacle card drawn: what kind of card it is (ordinary, Thief!,
// Ambush!) is chosen from choices all in sight with Activate, at 1024×768
// and 1280×800 in both languages, and Tab goes from one to the next.
func TestObstacleCardChoicesInSight(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
		h.u.SetLanguage(lang)
		test.Tap(h.table().eventButtons["ui.trigger.door"])
		in(t, h, &dun.Die{Faces: []dice.Symbol{dice.Obstacle}})
		labels := []string{h.tr().T("ui.card.special_none", nil), h.tr().T("special.thief", nil), h.tr().T("special.ambush", nil)}
		for _, screen := range []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 800}} {
			h.u.FitScreen(screen)
			uitest.Settle(h.win)
			for _, l := range append(labels, h.tr().T("ui.card.activate", nil)) {
				var b *widget.Button
				uitest.WalkVisible(h.table().area.Prompt(), func(o fyne.CanvasObject) {
					if x, ok := uitest.ButtonOf(o); ok && b == nil && (x.Text == l || len(x.Text) > len(l) && x.Text[:len(l)] == l) {
						b = x
					}
				})
				if b == nil {
					t.Fatalf("%s: no %q on the card: %q", lang, l, h.texts())
				}
				var o fyne.CanvasObject = b
				if wb := wrapOf(h, b); wb != nil {
					o = wb
				}
				if pos, size, ok := uitest.InSight(h.win, o); !ok {
					t.Errorf("%s at %v: %q is not in sight (at %v, %v)", lang, screen, l, pos, size)
				}
			}
		}
		// Tab from Thief! reaches Ambush!, and a choice is taken.
		thief := uitest.FindButton(h.win, labels[1])
		h.win.Canvas().Focus(thief)
		h.win.Canvas().FocusNext()
		if f, ok := h.win.Canvas().Focused().(fyne.Widget); !ok || f != fyne.Widget(uitest.FindButton(h.win, labels[2])) {
			t.Errorf("%s: Tab from %q went to %T", lang, labels[1], h.win.Canvas().Focused())
		}
		test.Tap(uitest.FindButton(h.win, labels[2]))
		test.Tap(uitest.FindButton(h.win, h.tr().T("ui.card.activate", nil)))
		if c, ok := lastEvent(h).(*dun.Card); !ok || c.Special != dun.SpecialAmbush {
			t.Errorf("%s: recorded %+v", lang, lastEvent(h))
		}
	}
}
