package realinput

import (
	"fmt"
	"os"
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

// The screens every step must fit without scrolling, in both languages.
var (
	small1024es = screen{1024, 768, "es"}
	small1024en = screen{1024, 768, "en"}
	wide1280es  = screen{1280, 800, "es"}
	wide1280en  = screen{1280, 800, "en"}
)

// fullMatrix is set by `make realinput-all` (REALINPUT_ALL=1): every flow
// is then played at every screen it lists, not only its first.
var fullMatrix = os.Getenv("REALINPUT_ALL") != ""

// onScreens runs body as a subtest named by its screen. In `make test` a
// flow is played once, at the first of its screens (the flows' first
// screens are rotated so that both sizes and both languages are played by
// several flows); `make realinput-all` plays it at every one of them.
func onScreens(t *testing.T, screens []screen, body func(t *testing.T, s screen)) {
	t.Helper()
	if !fullMatrix {
		screens = screens[:1]
	}
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
