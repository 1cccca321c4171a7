package realinput

import (
	"fmt"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/ui/probe"
)

// screen is a screen size and a language a real-input test runs at.
type screen struct {
	w, h int
	lang string
}

func (s screen) String() string { return fmt.Sprintf("%dx%d/%s", s.w, s.h, s.lang) }

// screens are the sizes every step must fit without scrolling: 1024×768
// in both languages, 1280×800 in English.
var screens = []screen{{1024, 768, "es"}, {1024, 768, "en"}, {1280, 800, "en"}}

// eachScreen runs body as a subtest at each of screens.
func eachScreen(t *testing.T, body func(t *testing.T, s screen)) {
	for _, s := range screens {
		t.Run(s.String(), func(t *testing.T) { body(t, s) })
	}
}

// fitsScreen fails when a window of d is wider or taller than the screen
// s: something in it pushed it past the screen's edges.
func (s screen) fitsScreen(a *App, d probe.Dump) {
	a.t.Helper()
	for _, w := range d.Windows {
		if w.W > float32(s.w)+0.5 || w.H > float32(s.h)+0.5 {
			a.Fail("the window %q is %v×%v on a %d×%d screen", w.Title, w.W, w.H, s.w, s.h)
		}
	}
}

// toEvents brings what just happened (the event buttons) in sight: on a
// narrow table (1024 px) by its tab beside what happens now; a wide one
// (1280 px) shows it in a column of its own, under a heading.
func (p *tombPlayer) toEvents() {
	p.t.Helper()
	title := p.T("ui.events.title", nil)
	p.find("what just happened", text(title))
	_, objs := tombTop(p.now())
	for _, o := range objs {
		if o.Kind != "text" || o.Text != title {
			continue
		}
		if slices.ContainsFunc(objs, func(b probe.Object) bool { return b.Kind == "container.tabButton" && holds(b, o) }) {
			p.tab("ui.events.title")
		}
		return
	}
}

// holds says whether control b's rectangle holds o's.
func holds(b, o probe.Object) bool {
	return o.X >= b.X && o.Y >= b.Y && o.X+o.W <= b.X+b.W && o.Y+o.H <= b.Y+b.H
}

// TestDueStepsAt1280ByRealInput: the Tomb of the Ash King played to the
// heroes' victory at 1280×800 in English, its table in three columns side
// by side: each due step's button wholly in sight with its key and taken
// by it (the same play as TestDueStepsByRealInput at 1024×768), and no
// window wider or taller than the screen at its end.
func TestDueStepsAt1280ByRealInput(t *testing.T) {
	s := screen{1280, 800, "en"}
	p := newTombPlayerAt(t, s.lang, s.w, s.h, true, true)
	s.fitsScreen(p.a, p.now())
	t.Logf("actions: %d (%v), %d steps by their key, %d clicks lost", p.actions, p.kinds, p.keyed, p.lost)
}
