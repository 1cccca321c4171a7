package dunui

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// No button on the Conductor's map hides another: a trap next to a door
// (the Tomb's pressure plate by the Processional Way's door) moves aside.
// Every built-in quest, with its sections revealed one more at a time in
// the file's order.
func TestMapButtonsNeverOverlap(t *testing.T) {
	test.NewTempApp(t)
	qs, err := content.BuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		for n := 1; n <= len(q.Sections); n++ {
			var s dun.State
			for _, sec := range q.Sections[:n] {
				s.Revealed = append(s.Revealed, sec.ID)
			}
			m := newMapView(q, 24)
			m.onExit, m.exitName, m.canOpen = func(quest.Exit) {}, func(e quest.Exit) string { return "Open the door to " + e.To }, func() bool { return true }
			m.onTrap, m.trapName, m.canTrap = func(quest.Element) {}, func(el quest.Element) string { return "Trap: " + el.ID }, func() bool { return true }
			m.draw(s)
			var buttons []*widget.Button
			for _, o := range m.drawing.Objects {
				if b, ok := o.(*widget.Button); ok {
					buttons = append(buttons, b)
				}
			}
			for i, a := range buttons {
				for _, b := range buttons[i+1:] {
					ap, as, bp, bs := a.Position(), a.Size(), b.Position(), b.Size()
					if ap.X < bp.X+bs.Width && bp.X < ap.X+as.Width && ap.Y < bp.Y+bs.Height && bp.Y < ap.Y+as.Height {
						t.Errorf("%s with %d sections: %q covers %q", q.ID, n, b.Text, a.Text)
					}
				}
			}
		}
	}
}
