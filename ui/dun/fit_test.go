package dunui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// laptops are the screens the app must fit, less room for the desktop's
// panels and the title bar.
var laptops = []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 800}, {Width: 1366, Height: 768}}

// fits fails when what the window shows (its content, and each dialog) asks
// for more room than the smallest laptop has: the window would grow past
// the screen and never shrink back.
func fits(t *testing.T, h *harness, what string) {
	t.Helper()
	min := h.win.Content().MinSize()
	if min.Width > 1024 || min.Height > 768-72 {
		t.Errorf("%s in %s: the window needs %v", what, h.tr().Lang, min)
	}
	for _, o := range h.win.Canvas().Overlays().List() {
		if m := o.MinSize(); m.Width > 1024 || m.Height > 768-72 {
			t.Errorf("%s in %s: a dialog needs %v", what, h.tr().Lang, m)
		}
	}
	for _, size := range laptops {
		h.win.Resize(size)
		uitest.Settle(h.win)
		checkNothingWider(t, h, what, size)
		checkNoTextOverlaps(t, h, what, size)
	}
}

// checkNoTextOverlaps fails when a text is drawn over another, or a
// wrapped label's lines run out of it (into what is below).
func checkNoTextOverlaps(t *testing.T, h *harness, what string, size fyne.Size) {
	t.Helper()
	for _, o := range uitest.OverlappingTexts(h.win) {
		t.Errorf("%s in %s at %v: %s", what, h.tr().Lang, size, o)
	}
}

// checkNothingWider fails when a visible object is wider than the window.
func checkNothingWider(t *testing.T, h *harness, what string, size fyne.Size) {
	t.Helper()
	for _, root := range uitest.OnScreen(h.win) {
		uitest.WalkVisible(root, func(o fyne.CanvasObject) {
			if _, ok := o.(*container.Scroll); ok {
				return
			}
			if o.Size().Width > size.Width+1 {
				t.Errorf("%s in %s at %v: %T is %v wide", what, h.tr().Lang, size, o, o.Size().Width)
			}
		})
	}
}

// atMainRoom brings a game to the Main Room's prompt, whose Spanish button
// ("Todas las criaturas de la Sala Principal están colocadas [N]") once
// widened the window to 1371 px.
func atMainRoom(t *testing.T, h *harness) {
	t.Helper()
	for _, e := range []dun.Event{&dun.SectionRevealed{Kind: "main"}, &dun.Spawn{Cost: 1}, &dun.Die{Faces: []dice.Symbol{dice.Power}}} {
		if err := h.u.Session().Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	h.screen().refresh()
	if uitest.FindButton(h.win, h.tr().T("choice.main_room_placed", nil)) == nil {
		t.Fatalf("no Main Room button: %q", h.texts())
	}
}

func TestScreensFitEveryLaptop(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
		h.u.SetLanguage(lang)
		fits(t, h, "the table")
		atMainRoom(t, h)
		fits(t, h, "the Main Room")
		if err := h.u.Session().Apply(&dun.ReserveGained{Amount: 99_970, Reason: "correction"}); err == nil {
			h.screen().refresh()
			fits(t, h, "a huge reserve")
		}
		test.Tap(h.button(t, h.tr().T("ui.newgame.open", nil)))
		fits(t, h, "New game")
	}
}

// The reserve is never in a scrolling region, and a huge number shrinks to
// its column rather than widening it.
func TestReserveStaysInSight(t *testing.T) {
	h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	h.win.Resize(fyne.NewSize(1024, 768))
	tbl := h.table()
	if inScroll(h.win.Content(), tbl.reserve, false) {
		t.Fatal("the reserve scrolls away with the roster")
	}
	// The largest reserve the engine allows.
	if err := h.u.Session().Apply(&dun.ReserveGained{Amount: 99_970, Reason: "correction"}); err != nil {
		t.Fatal(err)
	}
	h.screen().refresh()
	// At 1024 px the numbers' column has room for it; at 800 px it shrinks.
	for _, size := range []fyne.Size{{Width: 1024, Height: 768}, {Width: 800, Height: 600}} {
		h.win.Resize(size)
		drawn := tbl.reserve.Drawn()
		w := fyne.MeasureText(drawn.Text, drawn.TextSize, drawn.TextStyle).Width
		whole := fyne.MeasureText(drawn.Text, 96, drawn.TextStyle).Width
		if drawn.Text != "100000" || w > tbl.reserve.Size().Width+1 || whole > tbl.reserve.Size().Width && drawn.TextSize >= 96 {
			t.Fatalf("at %v: reserve %q drawn %v wide in %v", size, drawn.Text, w, tbl.reserve.Size())
		}
		if size.Width == 800 && drawn.TextSize >= 96 {
			t.Fatalf("at %v: the reserve did not shrink (column %v)", size, tbl.reserve.Size())
		}
	}
	if tbl.numbers.MinSize().Width > 300 {
		t.Fatalf("the numbers column needs %v", tbl.numbers.MinSize())
	}
}

// inScroll says whether target is drawn inside a scroll container.
func inScroll(o, target fyne.CanvasObject, scrolled bool) bool {
	if o == target {
		return scrolled
	}
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *container.Scroll:
		return inScroll(x.Content, target, true)
	case *fyne.Container:
		kids = x.Objects
	case fyne.Widget:
		kids = test.WidgetRenderer(x).Objects()
	}
	for _, k := range kids {
		if inScroll(k, target, scrolled) {
			return true
		}
	}
	return false
}

// typeKey types r as the real driver does: into the focused control when
// there is one, to the window's shortcuts otherwise.
func typeKey(w fyne.Window, r rune) {
	if f := w.Canvas().Focused(); f != nil {
		f.TypedRune(r)
		return
	}
	w.Canvas().OnTypedRune()(r)
}

// After a tap on a card's choice or a check box, the shortcuts still work:
// A after choosing Thief! activates the card.
func TestShortcutsAfterRadioAndCheck(t *testing.T) {
	h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(h.button(t, "Door or chest opened"))
	typeKey(h.win, 'o') // Obstacle: draw
	thief := uitest.FindButton(h.win, "Thief!")
	if thief == nil {
		t.Fatalf("no special-card choice: %q", h.texts())
	}
	// A check box (the broken door) tapped first, then the choice, as a
	// mouse does (the button takes the focus).
	test.Tap(h.table().brokenDoor)
	if f := h.win.Canvas().Focused(); f != nil {
		t.Fatalf("the check box kept the focus: %T", f)
	}
	h.win.Canvas().Focus(thief)
	test.Tap(thief)
	if f := h.win.Canvas().Focused(); f != nil {
		t.Fatalf("the choice kept the focus: %T", f)
	}
	before := len(h.game().Records())
	typeKey(h.win, '+')
	typeKey(h.win, 'a')
	if len(h.game().Records()) != before+1 || len(h.game().State().Pending) == 1 && h.game().State().Pending[0].Kind == dun.StepDraw {
		t.Fatalf("A did nothing after the choice: notice %q, pending %+v", h.notice(), h.game().State().Pending)
	}
	if c, ok := lastEvent(h).(*dun.Card); !ok || c.Special != dun.SpecialThief {
		t.Fatalf("recorded %+v", lastEvent(h))
	}
}

// A refused activation keeps the points typed in.
func TestRefusedActivationKeepsPoints(t *testing.T) {
	h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(h.button(t, "Door or chest opened"))
	typeKey(h.win, 'o') // Obstacle: draw
	for range 60 {
		typeKey(h.win, '+')
	}
	typeKey(h.win, 'a') // more than the reserve: refused
	if h.notice() == "" {
		t.Fatalf("not refused: reserve %d", h.game().State().Reserve)
	}
	var points string
	uitest.WalkVisible(h.table().area.Prompt(), func(o fyne.CanvasObject) {
		if x, ok := o.(interface{ Visible() bool }); ok && x.Visible() {
			if txt, ok := o.(*widget.Label); ok && txt.Text == "60" {
				points = txt.Text
			}
		}
	})
	found := false
	for _, s := range h.texts() {
		if s == "60" {
			found = true
		}
	}
	if !found {
		t.Fatalf("the points typed were reset: %q", h.texts())
	}
	_ = points
}

// After a jump back in the log, Undo says it gives the steps back.
func TestUndoAfterRewindSaysWhatItDoes(t *testing.T) {
	h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(h.button(t, "Door or chest opened"))
	typeKey(h.win, 'o')
	typeKey(h.win, 'a')
	entries := h.entries()
	h.table().area.RewindTo(entries[len(entries)-2]) // just after turn 1
	test.Tap(h.undo(t))
	if want := h.tr().T("ui.notice.rewind_undone", nil); h.notice() != want {
		t.Fatalf("notice %q, want %q", h.notice(), want)
	}
	test.Tap(h.undo(t))
	if h.notice() == h.tr().T("ui.notice.rewind_undone", nil) || h.notice() == "" {
		t.Fatalf("a plain undo says %q", h.notice())
	}
}

var _ = ui.KeyUndo
