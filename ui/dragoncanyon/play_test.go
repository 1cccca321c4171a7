package dcui

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// playDecks are virtual decks whose action cards all move the dragon (no
// fight the AI starts), two of them onto the preset board's canyon tiles,
// and Force cards of every width a tile may show.
const playDecks = `building guard_tower "Guard Tower" stack=4 vp=2
building tribal_village "Tribal Village" stack=4 vp=2
action tile=2,2 dragon tiebreak=up,acw strength=1 build=guard_tower
action tile=3,4 dragon tiebreak=left,cw strength=0 build=tribal_village
action tile=1,1 dragon tiebreak=down,cw strength=2 build=guard_tower
action tile=4,1 dragon tiebreak=right,acw strength=1 build=tribal_village
force strength=3 count=4
force strength=20 slayer
force strength=-9
`

// realTextMargin is the room the board must leave below it in the test
// driver: the real window measures text a few pixels taller, tile by tile
// (seen under Xvfb at 1024×768).
const realTextMargin = 20

// game is a Dragon Canyon game played through the table at a fixed window
// size; after every step it calls check.
type game struct {
	t     *testing.T
	h     *harness
	tb    *tableScreen
	steps int
	check func(step string)
}

// startGame starts a game on the preset board with playDecks (virtual, or
// physical decks when physical) and seed 7, the window at size.
func startGame(t *testing.T, lang string, size fyne.Size, physical ...bool) *game {
	t.Helper()
	h := newHarness(t, lang)
	f := h.d.form
	f.decks.SetText(playDecks)
	if len(physical) > 0 && physical[0] {
		f.actionReal.SetChecked(true)
		f.forceReal.SetChecked(true)
	}
	f.seed = 7
	f.presetSelect.SetSelected(f.builtin) // the standard board
	uitest.TapInDialog(t, h.win, h.u.Translator().T("ui.newgame.start", nil))
	h.win.Resize(size)
	uitest.Settle(h.win)
	return &game{t: t, h: h, tb: h.table(), check: func(string) {}}
}

func (g *game) state() dragoncanyon.State { return g.h.game().State() }

// did settles the window after a step and checks it.
func (g *game) did(step string) {
	g.steps++
	uitest.Settle(g.h.win)
	g.check(fmt.Sprintf("step %d (%s, %s)", g.steps, step, g.state().Phase))
}

// do applies e as the table's own buttons do.
func (g *game) do(e engine.Event) {
	g.t.Helper()
	g.tb.area.Do(e)
	if n := g.tb.area.Notice(); n != "" {
		g.t.Fatalf("%s refused: %s", e.Type(), n)
	}
	g.did(e.Type())
}

// aiTurn plays the AI's turn with the prompt card's first choices (a stomp
// discards Wood) until a player's turn.
func (g *game) aiTurn() {
	g.t.Helper()
	for range 40 {
		s := g.state()
		if s.Phase == dragoncanyon.PhasePlayers || s.Phase == dragoncanyon.PhaseScoring {
			return
		}
		ps := g.h.game().Prompts()
		p := ps[len(ps)-1]
		switch {
		case len(p.Choices) > 0:
			g.do(p.Choices[0].Event)
		case p.Input == dragoncanyon.InputActionCard:
			// A physical card: it points at a free tile and moves the dragon.
			g.do(&dragoncanyon.ActionFlipped{Card: &dragoncanyon.ActionCard{Tile: g.free(), Action: "dragon",
				Start: "left", Turn: "acw", Strength: 1, Building: "guard_tower"}})
		case p.Input == dragoncanyon.InputReveal:
			g.do(&dragoncanyon.AICardRevealed{Tile: *s.Pending.Head().Tile, Strength: 20, Slayer: true})
		default:
			g.t.Fatalf("the AI's turn stops at %s", p.ID)
		}
	}
	g.t.Fatal("the AI's turn does not end")
}

// free is the first empty tile in board order, not in avoid.
func (g *game) free(avoid ...dragoncanyon.Pos) dragoncanyon.Pos {
	s := g.state()
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			p := dragoncanyon.Pos{r + 1, c + 1}
			if s.Board[r][c].Force == nil && !containsPos(avoid, p) {
				return p
			}
		}
	}
	g.t.Fatal("the board is full")
	return dragoncanyon.Pos{}
}

func containsPos(ps []dragoncanyon.Pos, p dragoncanyon.Pos) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// attack places a player's card next to an AI card and attacks it: the AI
// flips for its defence, then the fight is resolved.
func (g *game) attack() (ai, from dragoncanyon.Pos) {
	g.t.Helper()
	s := g.state()
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			if f := s.Board[r][c].Force; f == nil || f.Owner != dragoncanyon.SeatAI {
				continue
			}
			ai = dragoncanyon.Pos{r + 1, c + 1}
			for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				q := dragoncanyon.Pos{ai[0] + d[0], ai[1] + d[1]}
				if q[0] < 1 || q[0] > dragoncanyon.Size || q[1] < 1 || q[1] > dragoncanyon.Size || s.Board[q[0]-1][q[1]-1].Force != nil {
					continue
				}
				g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: q, FaceUp: true, Strength: 1})
				g.do(&dragoncanyon.Attack{Player: 1, Tile: ai, From: q})
				return ai, q
			}
		}
	}
	g.t.Fatal("no AI card to attack")
	return
}

// A game played through the table keeps its board the same size at every
// step (cards face-up, face-down, known, the Dragon Slayer, the search
// numbers, the dragon) and its window within 1008 px (a 1024×768 screen),
// in both languages.
func TestBoardKeepsItsSize(t *testing.T) {
	cases := []struct {
		lang     string
		physical bool // the decks: the Conductor types what the cards show
	}{{"en", false}, {"es", false}, {"en", true}, {"es", true}}
	for _, c := range cases {
		lang := c.lang
		t.Run(fmt.Sprintf("%s physical=%v", lang, c.physical), func(t *testing.T) {
			g := startGame(t, lang, fyne.NewSize(1008, 696), c.physical)
			var first fyne.Size
			var tile fyne.Size
			g.check = func(step string) {
				t.Helper()
				b := g.tb.board.content.MinSize()
				v := g.tb.board.tiles[0][0].content.Size()
				if first.IsZero() {
					first, tile = b, v
					t.Logf("%s: the board needs %v, a tile is %v", lang, b, v)
				}
				if b != first || v != tile {
					t.Errorf("%s: the board needs %v (tile %v), %v (tile %v) at first", step, b, v, first, tile)
				}
				if w := g.h.win.Content().MinSize().Width; w > 1008 {
					t.Errorf("%s: the window needs %v px", step, w)
				}
				// The whole board is in sight, its column not scrolled, with
				// room to spare: the real window's text is a little taller.
				d := fyne.CurrentApp().Driver()
				bottom := d.AbsolutePositionForObject(g.tb.board.content).Y + g.tb.board.content.Size().Height
				if seen := d.AbsolutePositionForObject(g.tb.left).Y + g.tb.left.Size().Height; bottom > seen-realTextMargin {
					t.Errorf("%s: the board ends at %v, below its column's %v", step, bottom, seen)
				}
			}
			g.did("start")
			g.aiTurn()
			g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free(), FaceUp: true, Strength: 12, Slayer: true})
			g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()})
			g.attack()
			if c.physical { // the defence flip
				g.do(&dragoncanyon.ActionFlipped{Card: &dragoncanyon.ActionCard{Tile: g.free(), Action: "fight", Start: "up", Turn: "cw", Strength: 2, Building: "guard_tower"}})
			} else {
				g.do(g.h.game().NextFlip())
			}
			if s := g.state(); s.Pending.Head().Kind == dragoncanyon.StepReveal {
				g.do(&dragoncanyon.AICardRevealed{Tile: *s.Pending.Head().Tile, Strength: -9})
			}
			g.do(&dragoncanyon.FightResolved{Strength: 1, Dice: []int{6}}) // the player wins
			g.do(&dragoncanyon.TurnEnded{})
			for range 3 {
				g.aiTurn()
				g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()})
				g.do(&dragoncanyon.TurnEnded{})
			}
			if g.steps < 20 {
				t.Fatalf("only %d steps played", g.steps)
			}
		})
	}
}

// The board numbers the tiles in the order of the last spiral search, and
// the numbers stay, whatever is decided after it, until the next search.
func TestSpiralNumbersStay(t *testing.T) {
	g := startGame(t, "en", fyne.NewSize(1008, 696))
	kept := 0 // steps where the numbers stay after the decision that searched
	var searches []*dragoncanyon.Search
	g.check = func(step string) {
		t.Helper()
		s := g.state()
		want := map[dragoncanyon.Pos]string{}
		if s.Search != nil {
			for i, p := range s.Search.Order {
				want[p] = fmt.Sprint(i + 1)
			}
			if len(searches) == 0 || !reflect.DeepEqual(searches[len(searches)-1], s.Search) {
				searches = append(searches, s.Search)
			} else if s.Decision == nil || len(s.Decision.Order) == 0 {
				kept++
			}
		}
		for r := range dragoncanyon.Size {
			for c := range dragoncanyon.Size {
				p := dragoncanyon.Pos{r + 1, c + 1}
				if got := g.tb.board.tiles[r][c].order.Text; got != want[p] {
					t.Fatalf("%s: tile %v shows %q, want %q (search %+v)", step, p, got, want[p], s.Search)
				}
			}
		}
	}
	g.aiTurn()
	for range 4 {
		g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()})
		g.do(&dragoncanyon.ForcePlaced{Player: 1, Tile: g.free()})
		g.do(&dragoncanyon.TurnEnded{})
		g.aiTurn()
	}
	if len(searches) < 2 || kept < 3 {
		t.Fatalf("%d searches, the numbers kept over %d later steps: the game does not test it", len(searches), kept)
	}
}

// A tile says what the app knows of the card on it: the strength of a
// face-down card the app knows (the AI's virtual cards, a card seen
// face-up), nothing of a card it has not seen; in both languages.
func TestTileShowsWhatTheAppKnows(t *testing.T) {
	one := 1
	cases := []struct {
		name     string
		force    *dragoncanyon.Force
		en, es   string
		noNumber bool
	}{
		// A face-down AI card's strength is hidden, even when the app knows it.
		{"the AI's virtual card, face-down", &dragoncanyon.Force{Owner: "ai", Known: true, Strength: 3, Card: &one}, "AI face-down", "IA boca abajo", true},
		{"the AI's virtual Dragon Slayer, face-down", &dragoncanyon.Force{Owner: "ai", Known: true, Strength: 0, Slayer: true, Card: &one}, "AI face-down", "IA boca abajo", true},
		{"the AI's physical card, unseen", &dragoncanyon.Force{Owner: "ai"}, "AI face-down", "IA boca abajo", true},
		{"the AI's physical card, seen, face-down again", &dragoncanyon.Force{Owner: "ai", Known: true, Strength: 4}, "AI face-down", "IA boca abajo", true},
		{"the AI's card face-up in a fight", &dragoncanyon.Force{Owner: "ai", FaceUp: true, Known: true, Strength: -2, Card: &one}, "AI face-up strength -2", "IA boca arriba fuerza -2", false},
		{"a player's card, face-down", &dragoncanyon.Force{Owner: "p1"}, "P1 face-down", "J1 boca abajo", true},
		{"a player's card, face-up", &dragoncanyon.Force{Owner: "p2", FaceUp: true, Known: true, Strength: 5}, "P2 face-up strength 5", "J2 boca arriba fuerza 5", false},
	}
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang)
		uitest.TapInDialog(t, h.win, h.u.Translator().T("ui.newgame.start", nil))
		tb := h.table()
		h.win.Resize(fyne.NewSize(1008, 696))
		for _, c := range cases {
			p := dragoncanyon.Pos{2, 3}
			tb.board.set(tb.tr, p, tileState{resource: dragoncanyon.Stone, amount: 2, force: c.force})
			uitest.Settle(h.win)
			want := c.en
			if lang == "es" {
				want = c.es
			}
			v := tb.board.tiles[1][2]
			got := strings.Join(strings.Fields(uitest.TextOf(v.text)), " ")
			if !strings.Contains(got, want) {
				t.Errorf("%s, %s: the tile says %q, want %q", lang, c.name, got, want)
			}
			if c.noNumber && v.text.lines[slotStrength] != "" {
				t.Errorf("%s, %s: the tile says %q: a number the app does not know", lang, c.name, got)
			}
		}
	}
	// A game's AI cards from the virtual deck keep their strength hidden face-down.
	g := startGame(t, "en", fyne.NewSize(1008, 696))
	g.aiTurn()
	s := g.state()
	shown := 0
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			f := s.Board[r][c].Force
			if f == nil || f.Owner != dragoncanyon.SeatAI {
				continue
			}
			got := strings.Join(strings.Fields(uitest.TextOf(g.tb.board.tiles[r][c].text)), " ")
			if hidden := fmt.Sprintf("strength %d", f.Strength); f.FaceUp || !f.Known || !strings.Contains(got, "AI face-down") || strings.Contains(got, hidden) || g.tb.board.tiles[r][c].text.lines[slotStrength] != "" {
				t.Errorf("tile %d,%d says %q: a face-down AI card's strength shows (%+v)", r+1, c+1, got, f)
			}
			shown++
		}
	}
	if shown == 0 {
		t.Fatal("the AI placed no card")
	}
}

// The prompt that asks for the AI's defence flip, when a player attacks
// it from the table's buttons, names the AI's tile as the board shows it,
// in both languages.
func TestDefencePromptShowsTheTile(t *testing.T) {
	cases := []struct{ lang, want string }{
		{"en", "The AI defends its card on tile %s against Player 1, who attacks from tile %s"},
		{"es", "La IA defiende su carta de la casilla %s ante el ataque desde la casilla %s (el jugador 1)"},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			g := startGame(t, c.lang, fyne.NewSize(1008, 696))
			g.aiTurn()
			ai, from := g.attack()
			want := fmt.Sprintf(c.want, fmt.Sprintf("%d,%d", ai[0], ai[1]), fmt.Sprintf("%d,%d", from[0], from[1]))
			if !uitest.HasText(g.h.win, want) {
				t.Fatalf("the prompt does not say %q: %q", want, uitest.TextOf(g.tb.area.Prompt()))
			}
		})
	}
	// The board's own buttons send the same attack.
	g := startGame(t, "en", fyne.NewSize(1008, 696))
	g.aiTurn()
	s := g.state()
	var ai dragoncanyon.Pos
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			if f := s.Board[r][c].Force; f != nil && f.Owner == dragoncanyon.SeatAI {
				ai = dragoncanyon.Pos{r + 1, c + 1}
			}
		}
	}
	from := dragoncanyon.Pos{ai[0], ai[1] + 1}
	if from[1] > dragoncanyon.Size {
		from[1] = ai[1] - 1
	}
	test.Tap(g.tb.board.tiles[from[0]-1][from[1]-1].button)
	test.Tap(g.tb.actions["ui.dc.do.place"])
	test.Tap(g.tb.board.tiles[ai[0]-1][ai[1]-1].button)
	g.tb.from.SetSelected(fmt.Sprintf("%d,%d", from[0], from[1]))
	test.Tap(g.tb.actions["ui.dc.do.attack"])
	want := fmt.Sprintf("The AI defends its card on tile %d,%d against Player 1, who attacks from tile %d,%d", ai[0], ai[1], from[0], from[1])
	if !uitest.HasText(g.h.win, want) {
		t.Fatalf("the prompt does not say %q: %q", want, uitest.TextOf(g.tb.area.Prompt()))
	}
}

// The New game dialog starts from a board drawn from the game's seed (the
// default), another draw, or the standard board, either editable cell by
// cell afterwards; the game keeps the seed its first board was drawn from.
func TestNewGameBoards(t *testing.T) {
	cases := []struct {
		name   string
		preset bool
		redraw uint64 // a seed "New random board" gets, 0 for no redraw
		amount *dragoncanyon.Pos
	}{
		{name: "drawn from the seed"},
		{name: "the standard board", preset: true},
		{name: "another draw", redraw: 99},
		{name: "the standard board, an amount changed", preset: true, amount: &dragoncanyon.Pos{2, 3}},
		{name: "a draw, an amount changed", amount: &dragoncanyon.Pos{4, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "en")
			f := h.d.form
			seed := f.seed
			want, dragon := dragoncanyon.RandomBoard(seed)
			if c.preset {
				f.presetSelect.SetSelected(f.builtin)
				want, dragon = dragoncanyon.PresetBoard()
			}
			if c.redraw != 0 {
				f.newSeed = func() uint64 { return c.redraw }
				uitest.TapInDialog(t, h.win, "New random board")
				seed = c.redraw
				want, dragon = dragoncanyon.RandomBoard(seed)
			}
			if !uitest.HasText(h.win, fmt.Sprintf("The game's seed: %d", seed)) {
				t.Errorf("the seed %d is not shown", seed)
			}
			if p := c.amount; p != nil {
				tile := &want[p[0]-1][p[1]-1]
				tile.Amount = tile.Amount%dragoncanyon.MaxAmount + 1
				f.grid.cells[p[0]-1][p[1]-1].amount.SetSelectedIndex(tile.Amount - 1)
			}
			uitest.TapInDialog(t, h.win, "Start")
			s := h.game().Setup()
			if !reflect.DeepEqual(s.Board, want) || s.Dragon != dragon || s.Seed != seed {
				t.Fatalf("the game's board %v, dragon %v, seed %d; want %v, %v, %d", s.Board, s.Dragon, s.Seed, want, dragon, seed)
			}
		})
	}
}

// The players are named as labels are, capitalized and without an article
// ("Jugador 1", never "el jugador 1"), where a player is picked and scored.
func TestSeatLabels(t *testing.T) {
	cases := []struct{ lang, want string }{{"en", "Player 1"}, {"es", "Jugador 1"}}
	for _, c := range cases {
		g := startGame(t, c.lang, fyne.NewSize(1008, 696))
		if got := g.tb.player.Options[0]; got != c.want {
			t.Errorf("%s: the player is picked as %q, want %q", c.lang, got, c.want)
		}
	}
}

// tileSays is what tile p says, its words joined by single spaces.
func (g *game) tileSays(p dragoncanyon.Pos) string {
	return strings.Join(strings.Fields(uitest.TextOf(g.tb.board.tiles[p[0]-1][p[1]-1].text)), " ")
}

// Turning a card face-up from the board: for a card the app has not seen
// (a player's face-down card, the AI's from a physical deck) the Conductor
// says the strength and the Dragon Slayer it shows, and the tile shows
// them; a card the app knows keeps what it shows without asking. The board
// keeps its size, in both languages.
func TestFaceUpSaysWhatTheCardShows(t *testing.T) {
	cases := []struct{ lang, player, ai string }{
		{"en", "P1 face-up strength %d", "AI face-up strength %d"},
		{"es", "J1 boca arriba fuerza %d", "IA boca arriba fuerza %d"},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			g := startGame(t, c.lang, fyne.NewSize(1008, 696), true)
			tr := g.h.u.Translator()
			slayer := tr.T("ui.dc.card.slayer", nil)
			g.aiTurn()
			board := g.tb.board.content.Size()
			tb := g.tb
			faceUp := tb.actions["ui.dc.do.flip"] // one button turns a card either way
			tap := func(p dragoncanyon.Pos) {
				test.Tap(tb.board.tiles[p[0]-1][p[1]-1].button)
				uitest.Settle(g.h.win)
			}
			// turnUp taps the flip button on p (face-down); asked, it enters strength
			// and slayer and confirms; it says whether it was asked.
			turnUp := func(p dragoncanyon.Pos, strength int, slayer bool) bool {
				t.Helper()
				tap(p)
				test.Tap(faceUp)
				uitest.Settle(g.h.win)
				if tb.upDialog == nil {
					return false
				}
				if tb.upStrength.Value != 0 || tb.upSlayer.Checked {
					t.Errorf("tile %v: the dialog starts at strength %d, slayer %v", p, tb.upStrength.Value, tb.upSlayer.Checked)
				}
				if want := tr.T("ui.dc.do.face_up_title", map[string]any{"Tile": fmt.Sprintf("%d,%d", p[0], p[1])}); !uitest.HasText(g.h.win, want) {
					t.Errorf("the dialog does not say %q: %q", want, uitest.VisibleTexts(g.h.win))
				}
				tb.upStrength.Set(strength)
				tb.upSlayer.SetChecked(slayer)
				uitest.TapInDialog(t, g.h.win, tr.T("ui.dc.do.face_up", nil))
				uitest.Settle(g.h.win)
				if tb.upDialog != nil {
					t.Error("the dialog stays open")
				}
				return true
			}

			// A player's face-down card: the app asks.
			mine := g.free()
			tap(mine)
			test.Tap(tb.actions["ui.dc.do.place"])
			if !turnUp(mine, 4, true) {
				t.Fatal("no strength asked for a face-down card the app has not seen")
			}
			f := g.state().Board[mine[0]-1][mine[1]-1].Force
			if !f.FaceUp || !f.Known || f.Strength != 4 || !f.Slayer {
				t.Fatalf("the card turned face-up is %+v, want strength 4, the Dragon Slayer", f)
			}
			if got, want := g.tileSays(mine), fmt.Sprintf(c.player, 4)+" "+slayer; !strings.Contains(got, want) {
				t.Errorf("the tile says %q, want %q", got, want)
			}

			// Face-down and up again: it keeps what it showed, unasked.
			test.Tap(faceUp) // face-down
			if turnUp(mine, 9, false) {
				t.Error("the strength is asked of a card the app has seen")
			}
			if f := g.state().Board[mine[0]-1][mine[1]-1].Force; !f.FaceUp || f.Strength != 4 || !f.Slayer {
				t.Fatalf("the card seen before is now %+v, want strength 4, the Dragon Slayer", f)
			}

			// Cancelled: nothing changes.
			other := g.free()
			tap(other)
			test.Tap(tb.actions["ui.dc.do.place"])
			tap(other)
			test.Tap(faceUp)
			uitest.TapInDialog(t, g.h.win, tr.T("ui.cancel", nil))
			if f := g.state().Board[other[0]-1][other[1]-1].Force; f.FaceUp || f.Known {
				t.Fatalf("a cancelled flip turned the card: %+v", f)
			}

			// The AI's card from the physical deck: asked afresh.
			var ai dragoncanyon.Pos
			for r := range dragoncanyon.Size {
				for c := range dragoncanyon.Size {
					if f := g.state().Board[r][c].Force; f != nil && f.Owner == dragoncanyon.SeatAI {
						ai = dragoncanyon.Pos{r + 1, c + 1}
					}
				}
			}
			if ai == (dragoncanyon.Pos{}) {
				t.Fatal("the AI placed no card")
			}
			if !turnUp(ai, 7, false) {
				t.Fatal("no strength asked for the AI's card from a physical deck")
			}
			if got, want := g.tileSays(ai), fmt.Sprintf(c.ai, 7); !strings.Contains(got, want) || strings.Contains(got, slayer) {
				t.Errorf("the AI's tile says %q, want %q", got, want)
			}
			if b := tb.board.content.Size(); b != board {
				t.Errorf("the board is %v, %v before", b, board)
			}
		})
	}
}

// The player's strength die is entered with a button for every face the
// module allows, 0 included, and a 0 is sent as rolled.
func TestStrengthDieTakesEveryFace(t *testing.T) {
	g := startGame(t, "en", fyne.NewSize(1008, 696))
	g.aiTurn()
	g.attack()
	g.do(g.h.game().NextFlip()) // the AI's defence
	if s := g.state(); s.Pending.Head() == nil || s.Pending.Head().Kind != dragoncanyon.StepFight {
		t.Fatalf("pending %+v, want the fight", s.Pending)
	}
	var faces []string
	var zero *widget.Button
	uitest.WalkVisible(g.tb.area.Prompt(), func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok {
			if n, err := strconv.Atoi(b.Text); err == nil && b.Text == strconv.Itoa(n) {
				faces = append(faces, b.Text)
				if b.Text == "0" {
					zero = b
				}
			}
		}
	})
	var want []string
	for f := dragoncanyon.MinFace; f <= dragoncanyon.MaxFace; f++ {
		want = append(want, strconv.Itoa(f))
	}
	if !reflect.DeepEqual(faces, want) {
		t.Fatalf("the die offers %q, want %q", faces, want)
	}
	test.Tap(zero)
	test.Tap(uitest.Button(t, g.h.win, "Resolve the fight"))
	if n := g.tb.area.Notice(); n != "" {
		t.Fatalf("refused: %s", n)
	}
	rs := g.h.game().Records()
	e, ok := rs[len(rs)-1].Event.(*dragoncanyon.FightResolved)
	if !ok || !reflect.DeepEqual(e.Dice, []int{0}) {
		t.Fatalf("the last event is %+v, want a fight with a die of 0", rs[len(rs)-1].Event)
	}
}
