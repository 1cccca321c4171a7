package realinput

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/dunconductor/conductor/ui/probe"
)

// Shared helpers for the tests of forms (generalised from the quest
// editor's panelEntries and scrollTo): a region of a window, its text
// boxes in reading order, the wheel that brings one in sight, and the
// wait for a box's text.

// Region picks the controls a test is about in a window's top layer (a
// dialog's form, a side panel).
type Region func(w probe.Window, o probe.Object) bool

// Anywhere is the whole top layer of a window.
func Anywhere(probe.Window, probe.Object) bool { return true }

// RightHalf is the right half of a window (the quest editor's panel).
func RightHalf(w probe.Window, o probe.Object) bool { return o.X > w.W/2 }

// formScroll is the name ui.FormScroll gives its scroll (ui.FormScrollName).
const formScroll = "form scroll" // ui.FormScrollName

// topLayer is a window's topmost layer: its content (0) or the dialog
// over it.
func topLayer(w probe.Window) int {
	top := 0
	for _, o := range w.Objects {
		top = max(top, o.Layer)
	}
	return top
}

// windowIn is the first window of d whose title contains win.
func windowIn(d probe.Dump, win string) (probe.Window, bool) {
	for _, w := range d.Windows {
		if strings.Contains(w.Title, win) {
			return w, true
		}
	}
	return probe.Window{}, false
}

// readsBefore says whether a reads before b: wholly above it, or beside it
// (their heights overlap) and left of it. Fields of a row whose captions
// wrap differently stand at different heights, yet read left to right.
func readsBefore(a, b probe.Object) bool {
	const e = 1 // rounding
	if overlap := min(a.Y+a.H, b.Y+b.H) - max(a.Y, b.Y); overlap > e {
		return a.X+e < b.X
	}
	return a.Y < b.Y
}

// readingOrder sorts controls as a person reads them.
func readingOrder(os []probe.Object) {
	slices.SortStableFunc(os, func(a, b probe.Object) int {
		switch {
		case readsBefore(a, b):
			return -1
		case readsBefore(b, a):
			return 1
		}
		return 0
	})
}

// isTextField: a text box of one line or several (widget.Entry, ui.TextBox
// and what wraps them).
func isTextField(o probe.Object) bool {
	return isEntry(o) || strings.HasSuffix(o.Kind, "TextBox")
}

// entriesIn are the text boxes of a region of the window win (title
// containing win), in its top layer, in reading order.
func entriesIn(d probe.Dump, win string, in Region) []probe.Object {
	w, ok := windowIn(d, win)
	if !ok {
		return nil
	}
	top := topLayer(w)
	var es []probe.Object
	for _, o := range w.Objects {
		if isTextField(o) && o.Layer == top && in(w, o) {
			es = append(es, o)
		}
	}
	readingOrder(es)
	return es
}

// namedIn is the control called name in the window's top layer.
func namedIn(w probe.Window, name string) (probe.Object, bool) {
	top := topLayer(w)
	for _, o := range w.Objects {
		if o.Name == name && o.Layer == top {
			return o, true
		}
	}
	return probe.Object{}, false
}

// windowLike is a window whose title contains win, as last seen.
func (a *App) windowLike(win string) probe.Window {
	a.t.Helper()
	w, ok := windowIn(a.last, win)
	if !ok {
		a.Fail("no window titled like %q", win)
	}
	return w
}

// scrollToEntry turns the mouse wheel until the region's i-th text box is
// wholly on screen, and returns it. The wheel turns over a text box in
// sight (it must scroll the form, not the box), or over the scroll called
// scroll when none is.
func (a *App) scrollToEntry(win string, in Region, scroll string, i int) probe.Object {
	a.t.Helper()
	return a.wheelTo(win, in, scroll, fmt.Sprintf("text box %d", i), func(d probe.Dump) (probe.Object, bool) {
		es := entriesIn(d, win, in)
		if i >= len(es) {
			a.Fail("the form has %d text boxes, not %d", len(es), i+1)
		}
		return es[i], true
	})
}

// scrollToControl turns the mouse wheel as scrollToEntry does until the
// control that match accepts, in the window's top layer, is wholly on
// screen, and returns it.
func (a *App) scrollToControl(win string, in Region, scroll string, what string, match func(probe.Object) bool) probe.Object {
	a.t.Helper()
	return a.wheelTo(win, in, scroll, what, func(d probe.Dump) (probe.Object, bool) {
		w, _ := windowIn(d, win)
		top := topLayer(w)
		for _, o := range w.Objects {
			if o.Layer == top && match(o) {
				return o, true
			}
		}
		return probe.Object{}, false
	})
}

// wheelTo turns the wheel until what find finds is wholly on screen.
// Each turn must move the form: the wheel over a text box in sight (most
// turns), or over the form itself (every third, and whenever no box is in
// sight).
func (a *App) wheelTo(win string, in Region, scroll string, what string, find func(probe.Dump) (probe.Object, bool)) probe.Object {
	a.t.Helper()
	for turn := 0; turn < 60; turn++ {
		d := a.Settle()
		e, found := find(d)
		if !found {
			a.Fail("no %s", what)
		}
		w := a.windowLike(win)
		view, viewed := namedIn(w, scroll)
		// The last row of a form at its end may stand out of the form by
		// a fraction of a unit (fractional sizes): in sight all the same.
		if !e.OnScreen && viewed && e.X >= view.X && e.X+e.W <= view.X+view.W && e.Y >= view.Y-1 && e.Y+e.H <= view.Y+view.H+1 {
			e.OnScreen = true
		}
		if e.OnScreen {
			return e
		}
		var over probe.Object
		for _, o := range entriesIn(d, win, in) {
			if o.OnScreen {
				over = o
			}
		}
		overWhat := fmt.Sprintf("text box %s %q (%v,%v)", over.Kind, cutShort(over.Text), over.X, over.Y)
		if over.W == 0 || (turn%3 == 2 && viewed) {
			over, overWhat = view, "the form"
		}
		if over.W == 0 {
			a.Fail("neither a text box nor the form (%q) in sight to turn the wheel over", scroll)
		}
		// About a click for each 40 units to go (Fyne scrolls 25 a click,
		// more when they come fast), a few at a time.
		top, bottom := float32(0), w.H
		if viewed {
			top, bottom = view.Y, view.Y+view.H
		}
		dist := max(top-e.Y, e.Y+e.H-bottom)
		clicks := min(max(int(math.Ceil(float64(dist/40))), 1), 8)
		if e.Y < top {
			clicks = -clicks
		}
		a.Wheel(w.Title, over.X+over.W/2, over.Y+over.H/2, w.Scale, clicks)
		if !a.poll(3*time.Second, func(now probe.Dump) bool {
			moved, ok := find(now)
			return ok && moved.Y != e.Y
		}) {
			a.Fail("the mouse wheel over %s did not scroll the form toward %s", overWhat, what)
		}
		// Then until it stands still for half a second: a busy machine's
		// app may take the turn's clicks in several goes, and a click at a
		// place a step behind lands on whatever comes there (a button).
		y, since := float32(-1e9), time.Now()
		a.poll(5*time.Second, func(now probe.Dump) bool {
			if moved, ok := find(now); ok && moved.Y != y {
				y, since = moved.Y, time.Now()
			}
			return time.Since(since) > 500*time.Millisecond
		})
	}
	a.Fail("the mouse wheel did not bring %s on screen", what)
	return probe.Object{}
}

// sameControl says whether two sightings are one control (nothing moved between).
func sameControl(a, b probe.Object) bool {
	const e = 0.5
	return a.Kind == b.Kind && absf(a.X-b.X) < e && absf(a.Y-b.Y) < e && absf(a.W-b.W) < e && absf(a.H-b.H) < e
}

func absf(f float32) float32 { return max(f, -f) }

// controls are the controls (no texts) of a window's top layer, in the
// order the app lists them: one control keeps its place in it while the
// form moves under the wheel or a line of problems comes and goes.
func controls(d probe.Dump, win string) []probe.Object {
	w, _ := windowIn(d, win)
	top := topLayer(w)
	var cs []probe.Object
	for _, o := range w.Objects {
		if o.Kind != "text" && o.Layer == top {
			cs = append(cs, o)
		}
	}
	return cs
}

// focusedAt is the control that has the keyboard, and its place among
// controls; -1 when none has it.
func focusedAt(d probe.Dump, win string) (int, probe.Object) {
	for i, o := range controls(d, win) {
		if o.Focused {
			return i, o
		}
	}
	return -1, probe.Object{}
}

// poll waits up to limit for cond to hold of the screen, and says whether
// it did.
func (a *App) poll(limit time.Duration, cond func(probe.Dump) bool) bool {
	deadline := time.Now().Add(limit)
	var seen time.Time
	for {
		// Read again only when the app wrote it: a large form's file
		// takes time to read, which a busy machine's app needs.
		if st, err := os.Stat(a.probe); err == nil && !st.ModTime().Equal(seen) {
			seen = st.ModTime()
			if d, ok := a.read(); ok {
				a.last = d
			}
		}
		if !seen.IsZero() && cond(a.last) { // asked again unchanged too: cond may count time
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// focusOnEntry brings the region's i-th text box in sight with the wheel,
// clicks it and waits for it to have the keyboard. On a busy machine the
// screen the test read may be a step behind the app's (a line of problems
// just come or gone): a box that moved while it was clicked is clicked
// again where it is; one that stood still and did not take the focus fails.
func (a *App) focusOnEntry(win string, in Region, scroll string, i int, what string) probe.Object {
	a.t.Helper()
	for try := 1; ; try++ {
		e := a.scrollToEntry(win, in, scroll, i)
		a.Click(Target{e, a.windowLike(win)})
		var got probe.Object
		if a.poll(3*time.Second, func(d probe.Dump) bool {
			es := entriesIn(d, win, in)
			_, f := focusedAt(d, win)
			got = f
			return i < len(es) && f.Focused && sameControl(f, es[i])
		}) {
			return got
		}
		es := entriesIn(a.Settle(), win, in)
		if i >= len(es) || sameControl(es[i], e) || try == 3 {
			a.Fail("%s (%v,%v) did not take the focus when clicked", what, e.X, e.Y)
		}
		a.t.Logf("%s moved while it was clicked (%v,%v, now %v,%v): clicked again", what, e.X, e.Y, es[i].X, es[i].Y)
	}
}

// waitText waits for the focused text box to hold want, and fails with
// what it holds when it stops changing for long without.
// stillFor is how long a text box's text may stand still before
// waitText gives up on it.
const stillFor = 10 * time.Second

func (a *App) waitText(win, want, what string) {
	a.t.Helper()
	deadline := time.Now().Add(waitLimit)
	got, since := "", time.Now()
	for {
		// Until it holds want, or has not changed for stillFor: a busy
		// machine's app may pause several seconds in the middle (two
		// tests side by side on two cores, a form checking its file at
		// every key).
		a.poll(time.Until(since.Add(stillFor)), func(d probe.Dump) bool {
			f, _ := Focused(d, win)
			if f.Text != got {
				got, since = f.Text, time.Now()
			}
			return f.Text == want || time.Since(since) > stillFor
		})
		if got == want {
			return
		}
		if time.Since(since) > stillFor || time.Now().After(deadline) {
			a.Fail("%s holds\n%q\nwant\n%q", what, got, want)
		}
	}
}

// waitFocusMoved waits for the focus to leave the control at place from
// (after Tab), and returns the screen and where it went; a box that keeps
// it (a text of several lines that takes the Tab as text) fails the test.
func (a *App) waitFocusMoved(win string, from int, key string) (probe.Dump, int, probe.Object) {
	a.t.Helper()
	var (
		d  probe.Dump
		at int
		f  probe.Object
	)
	if !a.poll(3*time.Second, func(now probe.Dump) bool {
		d = now
		at, f = focusedAt(now, win)
		return at >= 0 && at != from
	}) {
		cs := controls(a.last, win)
		if from < len(cs) {
			o := cs[from]
			a.Fail("%s left the focus on %s %q (%v,%v)", key, o.Kind, cutShort(o.Text), o.X, o.Y)
		}
		a.Fail("%s: the focus is lost", key)
	}
	return d, at, f
}

// cutShort is a text cut for a message.
func cutShort(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// checkTabOrder: from the region's first text box, Tab walks the form in
// reading order (each control it lands on reads after the one before) and
// reaches every text box in its turn, up to the last, and leaves it; Shift+Tab
// then walks back over the same controls. It returns how many Tabs it took.
func (a *App) checkTabOrder(win string, in Region, scroll string) int {
	a.t.Helper()
	a.focusOnEntry(win, in, scroll, 0, "the first text box")
	d := a.Settle()
	cur, _ := focusedAt(d, win)
	es := entriesIn(d, win, in)
	last := slices.IndexFunc(controls(d, win), func(o probe.Object) bool { return sameControl(o, es[len(es)-1]) })
	path := []int{cur}
	next := 1 // the text box Tab must reach next
	for cur != last {
		if len(path) > 4*len(es)+40 {
			a.Fail("Tab went %d times without reaching the last text box", len(path))
		}
		a.xdotool("key", "Tab")
		d, at, f := a.waitFocusMoved(win, cur, "Tab")
		cs := controls(d, win)
		if prev := cs[min(cur, len(cs)-1)]; cur >= len(cs) || !readsBefore(prev, f) {
			a.Fail("Tab went back from %s %q (%v,%v) to %s %q (%v,%v): not the reading order",
				prev.Kind, cutShort(prev.Text), prev.X, prev.Y, f.Kind, cutShort(f.Text), f.X, f.Y)
		}
		if isTextField(f) && in(a.windowLike(win), f) {
			es := entriesIn(d, win, in)
			if next >= len(es) || !sameControl(f, es[next]) {
				a.Fail("Tab reached text box %s (%v,%v) before text box %d", f.Kind, f.X, f.Y, next)
			}
			next++
		}
		path = append(path, at)
		cur = at
	}
	if next != len(es) {
		a.Fail("Tab reached %d of the %d text boxes", next, len(es))
	}
	// Out of the last box too (to the buttons, or round to the top).
	a.xdotool("key", "Tab")
	_, at, _ := a.waitFocusMoved(win, last, "Tab")
	path = append(path, at)
	for k := len(path) - 1; k > 0; k-- {
		a.xdotool("key", "shift+Tab")
		d, at, f := a.waitFocusMoved(win, path[k], "Shift+Tab")
		if at != path[k-1] {
			want := controls(d, win)[path[k-1]]
			a.Fail("Shift+Tab went to %s %q (%v,%v), not back to %s %q (%v,%v)", f.Kind, cutShort(f.Text), f.X, f.Y,
				want.Kind, cutShort(want.Text), want.X, want.Y)
		}
	}
	return len(path) - 1
}

// describeTop lists the controls of a window's top layer, for a message.
func describeTop(w probe.Window) string {
	var b strings.Builder
	top := topLayer(w)
	for _, o := range w.Objects {
		if o.Kind != "text" && o.Layer == top {
			fmt.Fprintf(&b, "%s %q %q (%v,%v %vx%v) on=%v\n", o.Kind, o.Name, cutShort(o.Text), o.X, o.Y, o.W, o.H, o.OnScreen)
		}
	}
	return b.String()
}
