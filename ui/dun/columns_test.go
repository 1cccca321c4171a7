package dunui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/dunconductor/conductor/core/dun"

	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// shown says whether o is drawn: it and every object above it visible.
func shown(root, o fyne.CanvasObject) bool {
	found := false
	uitest.WalkVisible(root, func(x fyne.CanvasObject) {
		if x == o {
			found = true
		}
	})
	return found
}

// wholeInSight says whether every line of o is drawn whole, not scrolled
// out of sight even in part.
func wholeInSight(w fyne.Window, o fyne.CanvasObject) bool {
	drawn := uitest.DrawnTexts(w.Content(), w.Content().Position(), w.Canvas().Size())
	whole := true
	uitest.WalkVisible(o, func(x fyne.CanvasObject) {
		txt, ok := x.(*canvas.Text)
		if !ok || txt.Text == "" {
			return
		}
		found := false
		for _, d := range drawn {
			if d.Text == txt.Text && d.Size.Height >= txt.MinSize().Height*0.7-0.5 {
				found = true
			}
		}
		whole = whole && found
	})
	return whole
}

// The table's columns follow the window's width: three side by side on a
// wide window; on a narrow one the numbers (the reserve in sight) and, in a
// second column, the prompt card or the event buttons under tabs; wide
// again, three. The same widgets every time; nothing wider than the window
// and no text over another, in both languages.
func TestTableColumnsFollowTheWidth(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
		h.u.SetLanguage(lang)
		tbl := h.table()
		c := tbl.columns
		root := h.win.Content()
		check := func(size fyne.Size, narrow bool) {
			t.Helper()
			h.win.Resize(size)
			uitest.Settle(h.win)
			if c.narrow != narrow {
				t.Fatalf("%s at %v: narrow %v", lang, size, c.narrow)
			}
			if !shown(root, tbl.reserve) || inScroll(root, tbl.reserve, false) {
				t.Fatalf("%s at %v: the reserve is out of sight", lang, size)
			}
			checkNothingWider(t, h, "the table", size)
			checkNoTextOverlaps(t, h, "the table", size)
			now, events := shown(root, c.now), shown(root, c.events)
			// The tabs name the columns: their headings go while they show.
			if title := tbl.area.Title(); title.Visible() == narrow || tbl.eventsTitle.Visible() == narrow {
				t.Fatalf("%s at %v: headings shown %v %v", lang, size, title.Visible(), tbl.eventsTitle.Visible())
			}
			if narrow {
				if !shown(root, c.bar) || now == events {
					t.Fatalf("%s at %v: tabs %v, prompt card %v, events %v", lang, size, shown(root, c.bar), now, events)
				}
				if c.numbers.Position().X >= c.bar.Position().X || c.now.Size().Width != c.events.Size().Width && now && events {
					t.Fatalf("%s at %v: numbers at %v, tabs at %v", lang, size, c.numbers.Position(), c.bar.Position())
				}
				return
			}
			if shown(root, c.bar) || !now || !events {
				t.Fatalf("%s at %v: tabs %v, prompt card %v, events %v", lang, size, shown(root, c.bar), now, events)
			}
			if !(c.numbers.Position().X < c.now.Position().X && c.now.Position().X < c.events.Position().X) {
				t.Fatalf("%s at %v: columns at %v %v %v", lang, size, c.numbers.Position(), c.now.Position(), c.events.Position())
			}
		}
		check(fyne.NewSize(1280, 800), false)
		// At 1280×800 the decks are in sight without scrolling.
		for _, l := range tbl.decks.decks {
			if !wholeInSight(h.win, l) {
				t.Errorf("%s: %q is not in sight at 1280×800", lang, l.Text)
			}
		}
		check(fyne.NewSize(1024, 768), true)
		// The event buttons' tab, then a step: the prompt card comes back.
		c.bar.SelectIndex(1)
		check(fyne.NewSize(1024, 768), true)
		if !shown(root, c.events) {
			t.Fatalf("%s: the events tab shows no events", lang)
		}
		test.Tap(tbl.eventButtons["ui.events.roll_1d6"])
		if !shown(root, c.now) || shown(root, c.events) {
			t.Fatalf("%s: after a step the prompt card is not in front", lang)
		}
		check(fyne.NewSize(800, 600), true)
		if m := h.win.Content().MinSize(); m.Width > 800 {
			t.Errorf("%s: the table needs %v", lang, m)
		}
		c.bar.SelectIndex(1)
		check(fyne.NewSize(1366, 768), false)
		check(fyne.NewSize(1024, 768), true)
		if !shown(root, c.events) {
			t.Fatalf("%s: the events tab was not kept", lang)
		}
	}
}

// The log gets what the prompt card leaves: after a step, a refusal (its
// notice above the card) and a new card (the Main Room's), the card is
// whole in sight and the log starts right below it, at 1024×768 and
// 1280×800; on a window too low for the whole card, the card scrolls within
// 70% of the column and the log keeps the rest.
func TestLogTakesWhatThePromptLeaves(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 800}} {
		h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
		h.win.Resize(size)
		uitest.Settle(h.win)
		area := h.table().area
		check := func(when string) {
			t.Helper()
			middle := area.Content
			card, log := middle.Objects[0], middle.Objects[1]
			region := card.(*container.Scroll).Content
			if region.MinSize().Height > middle.Size().Height*0.7 { // a long card scrolls in its share
				if card.Size().Height > middle.Size().Height*0.7+1 || log.Size().Height < middle.Size().Height*0.3-theme.Padding()-1 {
					t.Fatalf("%v, %s: a card %v high takes %v of %v", size, when, region.MinSize().Height, card.Size().Height, middle.Size().Height)
				}
				return
			}
			if !wholeInSight(h.win, area.Prompt()) {
				t.Fatalf("%v, %s: the card is not whole in sight", size, when)
			}
			if card.Size().Height > region.MinSize().Height+1 {
				t.Fatalf("%v, %s: %v of the column for a card %v high", size, when, card.Size().Height, region.MinSize().Height)
			}
			if log.Position().Y > card.Position().Y+card.Size().Height+theme.Padding()+1 || log.Size().Height < middle.Size().Height*0.3-theme.Padding()-1 {
				t.Fatalf("%v, %s: the log at %v, %v high, in a column %v high", size, when, log.Position().Y, log.Size().Height, middle.Size().Height)
			}
		}
		check("turn 1")
		h.table().do(&dun.ReserveSpent{Amount: 99, Reason: "card_activated"})
		if h.notice() == "" {
			t.Fatal("no refusal")
		}
		check("a refusal")
		atMainRoom(t, h)
		check("the Main Room")
		h.win.Resize(fyne.NewSize(size.Width, 500))
		uitest.Settle(h.win)
		check("the Main Room, 500 high")
	}
}
