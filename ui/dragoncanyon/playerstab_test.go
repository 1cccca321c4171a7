package dcui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui"
)

// The players' counts and their correction are at the top of the
// Players tab, in view without scrolling at
// 1024×768; the gathering at the end of a turn is the card's step with its
// key (N), not a row of the reminders' panel.
func TestCountsOnTopAndGatheringOnTheCard(t *testing.T) {
	g := startGame(t, "es", fyne.NewSize(1024, 768))
	g.aiTurn()
	g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()})
	g.do(&dragoncanyon.TurnEnded{})

	scroll := g.tb.right
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(scroll).Y
	for _, o := range []fyne.CanvasObject{g.tb.resources, g.tb.actionButton("ui.dc.correct")} {
		y := d.AbsolutePositionForObject(o).Y - top
		if scroll.Offset.Y != 0 || y < 0 || y+o.Size().Height > scroll.Size().Height {
			t.Fatalf("%T at %v..%v in a tab %v high (scrolled %v): not in view", o, y, y+o.Size().Height, scroll.Size().Height, scroll.Offset.Y)
		}
	}

	// The gathering: on the card, its Done with the main key; not in the panel.
	gather := ""
	for _, r := range g.state().Reminders {
		if r.OnCard() {
			gather = g.tb.t(r.Message, r.Args)
		}
	}
	if gather == "" {
		t.Fatalf("no gathering after the turn: %+v", g.state().Reminders)
	}
	for _, o := range g.tb.remRows.Objects {
		if o.Visible() && strings.Contains(texts(o), gather) {
			t.Fatalf("the gathering %q is in the reminders' panel", gather)
		}
	}
	card := texts(g.tb.area.Prompt())
	done := ui.WithKeys(g.tb.t("choice.dc.reminder_done", nil), "N")
	if !strings.Contains(card, gather) || !strings.Contains(card, done) {
		t.Fatalf("the card does not ask the gathering with %q:\n%s", done, card)
	}
	if i, j := strings.Index(card, gather), strings.Index(card, g.tb.t("choice.dc.ai_turn", nil)); j >= 0 && j < i {
		t.Fatalf("the AI's turn comes before the gathering on the card:\n%s", card)
	}
}

// actionButton is the players' tab button labelled with message id.
func (t *tableScreen) actionButton(id string) fyne.CanvasObject {
	var found fyne.CanvasObject
	walk(t.right, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == t.t(id, nil) {
			found = b
		}
	})
	return found
}

// texts are the texts of labels and buttons under o, one a line.
func texts(o fyne.CanvasObject) string {
	var out []string
	walk(o, func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Label:
			out = append(out, w.Text)
		case *widget.Button:
			out = append(out, w.Text)
		case *ui.WrapButton:
			out = append(out, w.Text)
		}
	})
	return strings.Join(slices.Clip(out), "\n")
}

// walk visits o and every visible object under it (containers and
// scrolls).
func walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	f(o)
	switch c := o.(type) {
	case *fyne.Container:
		for _, x := range c.Objects {
			walk(x, f)
		}
	case *container.Scroll:
		walk(c.Content, f)
	}
}
