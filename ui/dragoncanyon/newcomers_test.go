package dcui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// number is the first number in s.
var number = regexp.MustCompile(`\d+`)

// The header above the board and the prompt card say the same round at
// every step of a game played through the table, in both languages: the
// card that offers the AI's turn names the round the header shows.
func TestHeaderAndCardAgreeOnTheRound(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		t.Run(lang, func(t *testing.T) {
			g := startGame(t, lang, fyne.NewSize(1008, 696))
			offers := 0
			g.check = func(step string) {
				t.Helper()
				header := number.FindString(g.tb.phase.Text)
				if want := fmt.Sprint(g.state().RoundNow()); header != want {
					t.Errorf("%s: the header says %q, the round is %s", step, g.tb.phase.Text, want)
				}
				for _, p := range g.h.game().Prompts() {
					if p.ID != "prompt.dc.ai_turn" {
						continue
					}
					offers++
					card := g.h.u.Translator().T(p.ID, p.Args)
					if !uitest.HasText(g.h.win, card) {
						t.Errorf("%s: %q is not on the card", step, card)
					}
					if got := number.FindString(card); got != header {
						t.Errorf("%s: the card says %q, the header %q", step, card, g.tb.phase.Text)
					}
				}
			}
			g.did("start")
			for range 3 {
				g.aiTurn()
				g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()})
				g.do(&dragoncanyon.TurnEnded{})
			}
			if offers < 4 {
				t.Fatalf("the AI's turn was offered %d times", offers)
			}
		})
	}
}

// N, the prompt card's key, ends a player's turn at once when something
// was entered on it; on a turn where nothing was (or all of it was undone)
// it asks first, in the table's language, and Cancel keeps the turn.
func TestNAsksBeforeEndingAnEmptyTurn(t *testing.T) {
	cases := []struct {
		name   string
		lang   string
		before func(g *game) // on the player's turn, before N
		asks   bool
	}{
		{"nothing entered", "en", func(*game) {}, true},
		{"nothing entered, in Spanish", "es", func(*game) {}, true},
		{"a card placed", "en", func(g *game) { g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()}) }, false},
		{"the dragon moved", "es", func(g *game) { g.do(&dragoncanyon.DragonMoved{Tile: g.free()}) }, false},
		{"a card placed, then undone", "en", func(g *game) {
			g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()})
			g.do(&engine.Undo{})
		}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := startGame(t, c.lang, fyne.NewSize(1008, 696))
			tr := g.h.u.Translator()
			g.aiTurn()
			c.before(g)
			question := tr.T("confirm.dc.empty_turn", map[string]any{"SeatKey": "ui.dc.seat.name.p1"})
			uitest.TypeRune(g.h.win, 'n')
			asked := g.h.win.Canvas().Overlays().Top() != nil
			if asked != c.asks {
				t.Fatalf("N asked %v, want %v (phase %s)", asked, c.asks, g.state().Phase)
			}
			if !c.asks {
				if g.state().Phase != dragoncanyon.PhaseWaiting {
					t.Fatalf("N did not end the turn: %s", g.state().Phase)
				}
				return
			}
			if !uitest.HasText(g.h.win, question) {
				t.Fatalf("the question %q is not asked: %q", question, uitest.VisibleTexts(g.h.win))
			}
			if g.state().Phase != dragoncanyon.PhasePlayers {
				t.Fatal("the turn ended before the answer")
			}
			uitest.TypeRune(g.h.win, 'n') // N again, the dialog open: nothing
			uitest.TapInDialog(t, g.h.win, tr.T("ui.cancel", nil))
			if g.state().Phase != dragoncanyon.PhasePlayers || g.h.win.Canvas().Overlays().Top() != nil {
				t.Fatalf("Cancel: phase %s", g.state().Phase)
			}
			uitest.TypeRune(g.h.win, 'n')
			uitest.TapInDialog(t, g.h.win, tr.T("choice.dc.turn_ended", nil))
			if g.state().Phase != dragoncanyon.PhaseWaiting {
				t.Fatalf("confirmed, the turn did not end: %s", g.state().Phase)
			}
		})
	}
}

// The button that turns the selected card over says where the card is and
// which way it will turn: the AI's card the app holds (a virtual deck) is
// shown on the screen, or hidden again; any other card (a player's, the
// AI's from a physical deck) is turned on the table. Its label follows the
// card after every turn.
func TestFlipButtonSaysWhereTheCardIs(t *testing.T) {
	cases := []struct {
		name     string
		physical bool
		ai       bool     // the AI's card, else a player's
		labels   []string // before each tap, then after the last
	}{
		{"the AI's card, virtual deck", false, true, []string{"ui.dc.do.flip.show", "ui.dc.do.flip.hide", "ui.dc.do.flip.show"}},
		{"the AI's card, physical deck", true, true, []string{"ui.dc.do.flip.up", "ui.dc.do.flip.down", "ui.dc.do.flip.up"}},
		{"a player's card", false, false, []string{"ui.dc.do.flip.up", "ui.dc.do.flip.down", "ui.dc.do.flip.up"}},
	}
	for _, c := range cases {
		for _, lang := range []string{"en", "es"} {
			t.Run(c.name+" "+lang, func(t *testing.T) {
				g := startGame(t, lang, fyne.NewSize(1008, 696), c.physical)
				tr := g.h.u.Translator()
				tb := g.tb
				if tb.flip.Text != tr.T("ui.dc.do.flip", nil) || !tb.flip.Disabled() {
					t.Fatalf("no card selected: %q, disabled %v", tb.flip.Text, tb.flip.Disabled())
				}
				g.aiTurn()
				var p dragoncanyon.Pos
				if c.ai {
					for r := range dragoncanyon.Size {
						for col := range dragoncanyon.Size {
							if f := g.state().Board[r][col].Force; f != nil && f.Owner == dragoncanyon.SeatAI {
								p = dragoncanyon.Pos{r + 1, col + 1}
							}
						}
					}
				} else {
					p = g.free()
					g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: p})
				}
				test.Tap(tb.board.tiles[p[0]-1][p[1]-1].button)
				for i, id := range c.labels {
					if want := tr.T(id, nil); tb.flip.Text != want {
						t.Fatalf("tap %d: the button says %q, want %q (card %+v)", i, tb.flip.Text, want, g.state().Board[p[0]-1][p[1]-1].Force)
					}
					if i == len(c.labels)-1 {
						break
					}
					test.Tap(tb.flip)
					if tb.upDialog != nil { // a card the app has not seen: what it shows
						uitest.TapInDialog(t, g.h.win, tr.T("ui.dc.do.face_up", nil))
					}
					uitest.Settle(g.h.win)
				}
			})
		}
	}
}

// A tile's problems in the New game dialog are wrapped in its cell, never
// cut short: every word is drawn, inside the cell, at 1024×768 in both
// languages, even with three problems on one tile.
func TestTileProblemIsWrapped(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		t.Run(lang, func(t *testing.T) {
			h := newHarness(t, lang)
			h.win.Resize(fyne.NewSize(1024, 768))
			g := h.d.form.grid
			g.tiles = [dragoncanyon.Size][dragoncanyon.Size]dragoncanyon.TileSetup{}
			for r := range dragoncanyon.Size {
				for c := range dragoncanyon.Size {
					g.tiles[r][c] = dragoncanyon.TileSetup{Resource: dragoncanyon.ByValue[(r+c)%4], Amount: 1}
				}
			}
			// Tile 1,1: food twice in its row and its column, and three canyons.
			g.tiles[0][0] = dragoncanyon.TileSetup{Resource: dragoncanyon.Food, Amount: 3, Canyon: true}
			g.tiles[1][0].Canyon, g.tiles[2][2].Canyon = true, true
			g.refresh()
			uitest.Settle(h.win)
			long := 0
			for r := range dragoncanyon.Size {
				for c := range dragoncanyon.Size {
					cell := g.cells[r][c]
					want := strings.Fields(cell.problem.Text)
					if len(want) == 0 {
						continue
					}
					if strings.Count(cell.problem.Text, "·") >= 2 {
						long++
					}
					size := cell.problem.Size()
					var got []string
					for _, d := range uitest.DrawnTexts(cell.problem, fyne.Position{}, fyne.NewSize(size.Width, size.Height+1)) {
						got = append(got, strings.Fields(d.Text)...)
						if d.Pos.X+d.Size.Width > size.Width+1 {
							t.Errorf("tile %d,%d: %q is wider than its cell (%v)", r+1, c+1, d.Text, size.Width)
						}
					}
					if strings.Join(got, " ") != strings.Join(want, " ") {
						t.Errorf("tile %d,%d draws %q of %q", r+1, c+1, got, cell.problem.Text)
					}
				}
			}
			if long == 0 {
				t.Fatal("no tile has three problems")
			}
		})
	}
}
