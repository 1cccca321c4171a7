package dcui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// The orange reminders stay until the table ticks them done (a
// later entry leaves them), one by one or all at once, in a panel that
// never grows past remindersMax however many stack up.
func TestRemindersStayOnTheTableUntilTicked(t *testing.T) {
	g := startGame(t, "es", fyne.NewSize(1024, 768))
	g.aiTurn()
	open := shownRows(g.tb.remRows)
	if open == 0 || !g.tb.remBox.Visible() {
		t.Fatalf("no reminder shown after the AI's turn (%d open in core)", len(g.state().Reminders))
	}
	g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()})
	if got := shownRows(g.tb.remRows); got < open {
		t.Fatalf("%d reminders before an entry, %d after", open, got)
	}
	// Several turns, nothing ticked: the panel keeps its bounded height.
	for range 3 {
		g.do(&dragoncanyon.TurnEnded{})
		g.aiTurn()
		g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()})
	}
	rows := shownRows(g.tb.remRows)
	if rows <= 3 {
		t.Fatalf("only %d reminders stacked up", rows)
	}
	if h := g.tb.remBox.Size().Height; h > remindersMax+80 {
		t.Fatalf("%d reminders make the panel %v high (bounded at %v)", rows, h, remindersMax)
	}
	// Done on the first: one fewer. All done: the panel goes.
	first := g.tb.remRows.Objects[0].(*fyne.Container)
	var done *widget.Button
	for _, o := range first.Objects {
		if b, ok := o.(*widget.Button); ok {
			done = b
		}
	}
	test.Tap(done)
	g.did("done")
	if got := shownRows(g.tb.remRows); got != rows-1 {
		t.Fatalf("ticking one: %d rows, want %d", got, rows-1)
	}
	// The rows are updated in place: the first row is the same widget.
	if g.tb.remRows.Objects[0] != fyne.CanvasObject(first) {
		t.Fatalf("ticking one made the rows again")
	}
	if !strings.Contains(g.tb.remAll.Text, "(") {
		t.Fatalf("All done says %q", g.tb.remAll.Text)
	}
	test.Tap(g.tb.remAll)
	g.did("all done")
	if g.tb.remBox.Visible() || len(g.state().Reminders) != 0 {
		t.Fatalf("all ticked: the panel shows %v, core keeps %d", g.tb.remBox.Visible(), len(g.state().Reminders))
	}
}

// The selected player's stash and caravan show as core counts them: the
// gathering at the end of the turn fills the caravan, the next turn's
// stockpile moves it to the stash.
func TestPlayersResourcesShown(t *testing.T) {
	g := startGame(t, "en", fyne.NewSize(1280, 800))
	g.aiTurn()
	g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()})
	g.do(&dragoncanyon.TurnEnded{})
	g.aiTurn()
	p := g.state().Players[0]
	if p.Stash.Total() == 0 {
		t.Fatalf("nothing in the stash after a gathering and a stockpile: %+v", p)
	}
	want := shortRes(g.tb.tr, p.Stash)
	if got := g.tb.resources.Text; !strings.Contains(got, want) {
		t.Fatalf("the players' column says %q, want the stash %q", got, want)
	}
}

// shownRows counts the rows a list shows (rows past its length are kept
// hidden, to be reused).
func shownRows(c *fyne.Container) int {
	n := 0
	for _, o := range c.Objects {
		if o.Visible() {
			n++
		}
	}
	return n
}

// A language switch draws the reminders' panel again in the new language:
// every open reminder's row and "All done" with its count and a label,
// never an empty button until the next step.
func TestRemindersSurviveALanguageSwitch(t *testing.T) {
	for _, c := range []struct{ from, to string }{{"en", "es"}, {"es", "en"}} {
		g := startGame(t, c.from, fyne.NewSize(1024, 768))
		g.aiTurn()
		open := shownRows(g.tb.remRows)
		if open == 0 {
			t.Fatalf("%s: no reminder open", c.from)
		}
		g.h.u.SetLanguage(c.to)
		uitest.Settle(g.h.win)
		tb := g.h.table()
		want := tb.t("ui.dc.reminders.all", map[string]any{"Count": len(g.state().Reminders)})
		if !tb.remBox.Visible() || tb.remAll.Text != want || tb.remAll.Size().Width < 60 {
			t.Errorf("%s → %s: All done says %q (%v wide), want %q", c.from, c.to, tb.remAll.Text, tb.remAll.Size().Width, want)
		}
		if got := shownRows(tb.remRows); got != open {
			t.Errorf("%s → %s: %d reminders shown, %d before", c.from, c.to, got, open)
		}
	}
}
