package dcui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// screens are the laptops the table must serve without a wheel turn: the
// window the app opens on each (FitScreen), as the real-input tests see it.
var screens = []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 800}}

// startTwo starts a 2-player game on the standard board (playDecks, seed 7).
func startTwo(t *testing.T, lang string) *game {
	t.Helper()
	h := newHarness(t, lang)
	f := h.d.form
	f.decks.SetText(playDecks)
	f.players.SetSelected(f.players.Options[1])
	f.seed = 7
	f.presetSelect.SetSelected(f.builtin)
	uitest.TapInDialog(t, h.win, h.u.Translator().T("ui.newgame.start", nil))
	h.u.FitScreen(screens[0])
	uitest.Settle(h.win)
	return &game{t: t, h: h, tb: h.table(), check: func(string) {}}
}

// After the AI's tile is tapped (the players' column scrolled down before),
// the "from" picker, Attack the AI, Move the
// dragon here, the festival's line and Hold the festival are whole in
// sight without scrolling; in the fight form, Resolve the fight is, and
// the log under the card keeps some lines. On a 1024×768 and a 1280×800
// screen, in both languages, with the reminders' panel open.
func TestTableControlsInSight(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		t.Run(lang, func(t *testing.T) {
			g := startTwo(t, lang)
			g.aiTurn()
			if len(g.state().Reminders) == 0 {
				t.Fatal("no reminder open: the panel is not tested")
			}
			ai, _ := g.attackable()
			g.tb.right.ScrollToBottom() // a purchase lower down scrolled the column
			test.Tap(g.tb.board.tiles[ai[0]-1][ai[1]-1].button)
			tb := g.tb
			controls := map[string]fyne.CanvasObject{
				"from":     tb.from,
				"attack":   tb.drawn(tb.actions["ui.dc.do.attack"]),
				"dragon":   tb.drawn(tb.actions["ui.dc.do.dragon"]),
				"line":     tb.line,
				"festival": tb.drawn(tb.actions["ui.dc.do.festival"]),
				"place":    tb.drawn(tb.actions["ui.dc.do.place"]),
			}
			g.allInSight(controls)
			if len(tb.from.Options) == 0 || tb.actions["ui.dc.do.dragon"].Disabled() {
				t.Fatalf("the AI's tile %v offers from %v, dragon disabled %v", ai, tb.from.Options, tb.actions["ui.dc.do.dragon"].Disabled())
			}

			// The fight form.
			g.attack()
			g.do(g.h.game().NextFlip()) // the AI's defence
			if h := g.state().Pending.Head(); h == nil || h.Kind != dragoncanyon.StepFight {
				t.Fatalf("no fight form: %+v", h)
			}
			resolve := tb.cardButton(tb.t("ui.dc.in.fight", nil))
			if resolve == nil {
				t.Fatal("no Resolve the fight on the card")
			}
			g.allInSight(map[string]fyne.CanvasObject{"resolve": tb.drawn(resolve)})
			for _, screen := range screens {
				g.h.u.FitScreen(screen)
				uitest.Settle(g.h.win)
				if h := tb.logHeight(); h < 40 {
					t.Errorf("%s at %v: the log under the fight form is %v px high", lang, screen, h)
				}
			}
		})
	}
}

// allInSight fails for each control not whole in sight on each screen.
func (g *game) allInSight(controls map[string]fyne.CanvasObject) {
	g.t.Helper()
	for _, screen := range screens {
		g.h.u.FitScreen(screen)
		uitest.Settle(g.h.win)
		for name, o := range controls {
			if o == nil {
				g.t.Errorf("%s: not found", name)
				continue
			}
			if pos, size, ok := uitest.InSight(g.h.win, o); !ok {
				g.t.Errorf("%s at %v: %s is not whole in sight (at %v, %v; window %v)", g.tb.tr.Lang, screen, name, pos, size, g.h.win.Canvas().Size())
			}
		}
	}
}

// attackable places Player 1's card next to an AI card and gives both
// tiles, without attacking.
func (g *game) attackable() (ai, from dragoncanyon.Pos) {
	g.t.Helper()
	s := g.state()
	for _, p := range allPositions() {
		if f := s.Board[p[0]-1][p[1]-1].Force; f == nil || f.Owner != dragoncanyon.SeatAI {
			continue
		}
		for _, q := range allPositions() {
			d := (q[0]-p[0])*(q[0]-p[0]) + (q[1]-p[1])*(q[1]-p[1])
			if d == 1 && s.Board[q[0]-1][q[1]-1].Force == nil && s.Dragon != q {
				g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: q})
				return p, q
			}
		}
	}
	g.t.Fatal("no AI card to attack")
	return
}

// drawn is what the window draws for b: its wrapping button, if b is one's.
func (t *tableScreen) drawn(b *widget.Button) fyne.CanvasObject {
	var out fyne.CanvasObject = b
	uitest.WalkVisible(t.content, func(o fyne.CanvasObject) {
		if x, ok := o.(interface{ AsButton() *widget.Button }); ok && x.AsButton() == b {
			out = o
		}
	})
	return out
}

// cardButton is the card's button whose label starts with label.
func (t *tableScreen) cardButton(label string) *widget.Button {
	var found *widget.Button
	uitest.WalkVisible(t.area.Prompt(), func(o fyne.CanvasObject) {
		if b, ok := uitest.ButtonOf(o); ok && found == nil && len(b.Text) >= len(label) && b.Text[:len(label)] == label {
			found = b
		}
	})
	return found
}

// logHeight is the height of the log under the card.
func (t *tableScreen) logHeight() float32 {
	var h float32
	uitest.WalkVisible(t.area.Content, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.List); ok {
			h = l.Size().Height
		}
	})
	return h
}
