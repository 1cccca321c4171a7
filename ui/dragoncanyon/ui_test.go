package dcui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// harness is the app with Dragon Canyon's screens registered, as
// cmd/conductor wires it (the only game here, so a first start opens its
// New game dialog).
type harness struct {
	u     *ui.UI
	d     *Screens
	win   fyne.Window
	store *uitest.MemStore
}

func newHarness(t *testing.T, lang string) *harness {
	t.Helper()
	t.Setenv("LANG", "en_US.UTF-8")
	store := uitest.NewMemStore()
	d := New(store)
	ui.RegisterGame(dragoncanyon.ModuleName, d)
	u := ui.New(test.NewTempApp(t), store, lang)
	return &harness{u: u, d: d, win: u.Window(), store: store}
}

func (h *harness) table() *tableScreen { return h.u.Screen().(*tableScreen) }
func (h *harness) game() *dragoncanyon.Game {
	return h.u.Session().Game().(*dragoncanyon.Game)
}

// The New game dialog lays the board out cell by cell and starts a game
// whose first step is the AI's turn; the deck list is kept for next time.
func TestNewGameLaysOutTheBoard(t *testing.T) {
	h := newHarness(t, "en")
	f := h.d.form
	if f == nil {
		t.Fatal("no New game dialog on a first start")
	}
	cell := f.grid.cells[1][2] // tile 2,3
	cell.amount.SetSelectedIndex(2)
	test.Tap(cell.dragon)
	uitest.TapInDialog(t, h.win, "Start")
	g := h.game()
	if got := g.Setup().Board[1][2]; got.Amount != 3 || g.Setup().Dragon != (dragoncanyon.Pos{2, 3}) {
		t.Fatalf("tile 2,3 %+v, dragon %v", got, g.Setup().Dragon)
	}
	if h.store.Settings[settingDeckList] == "" {
		t.Error("the deck list was not kept")
	}
	uitest.Button(t, h.win, "Play the AI's turn")
}

// A deck list's problems are shown as FILE:LINE as it is typed, and no
// game starts: Start waits.
func TestDeckListProblems(t *testing.T) {
	h := newHarness(t, "en")
	f := h.d.form
	f.decks.SetText("building a \"A\" stack=2\naction tile=9,9 fight tiebreak=up,cw build=a\n")
	if !strings.Contains(f.problems.Text, "decks.txt:2: tile=9,9") {
		t.Fatalf("problems: %q", f.problems.Text)
	}
	if !uitest.Button(t, h.win, "Start").Disabled() {
		t.Fatal("Start is enabled with a bad list")
	}
	uitest.TapInDialog(t, h.win, "Start")
	if h.u.Session() != nil {
		t.Fatal("a game started from an invalid list")
	}
}

// Playing the AI's turn from the prompt card: each step shows the AI's
// decision and its reason; board actions follow the module's legality.
func TestPlayTheAITurn(t *testing.T) {
	h := newHarness(t, "en")
	uitest.TapInDialog(t, h.win, "Start")
	tb := h.table()
	place := tb.actions["ui.dc.do.place"]
	test.Tap(tb.board.tiles[0][0].button)
	if place.Disabled() {
		t.Fatal("placing a player's card before the AI's turn is refused")
	}
	test.Tap(uitest.Button(t, h.win, "Play the AI's turn"))
	if !place.Disabled() {
		t.Fatal("board actions stay enabled while the AI waits for a flip")
	}
	if !uitest.HasText(h.win, "an action card picks the tile") {
		t.Fatalf("the decision's reason is not shown: %q", uitest.VisibleTexts(h.win))
	}
	for range 12 {
		if h.game().State().Phase == dragoncanyon.PhasePlayers {
			break
		}
		uitest.FirstChoice(t, tb.area.Prompt())
	}
	s := h.game().State()
	if s.Phase != dragoncanyon.PhasePlayers || s.AI.Force.OnBoard != 1 {
		t.Fatalf("phase %s, %d AI cards on the board", s.Phase, s.AI.Force.OnBoard)
	}
	// Face-down, its strength stays hidden: the players see the laptop.
	if !uitest.HasText(h.win, "AI face-down") || uitest.HasText(h.win, "AI face-down strength") {
		t.Fatalf("the AI's card is not on the board, or shows its strength: %q", uitest.VisibleTexts(h.win))
	}
	// A player's turn: place a card, end the turn.
	test.Tap(tb.board.tiles[3][0].button)
	if s.Board[3][0].Force == nil {
		test.Tap(tb.actions["ui.dc.do.place"])
		if f := h.game().State().Board[3][0].Force; f == nil || f.Owner != "p1" {
			t.Fatalf("placed %+v", f)
		}
	}
	test.Tap(uitest.Button(t, h.win, "End the turn"))
	uitest.Button(t, h.win, "Play the AI's turn")
	if len(h.store.Records[1]) < 4 {
		t.Fatalf("not every step was saved: %d", len(h.store.Records[1]))
	}
}

// The spiral search's visiting order is numbered on the board.
func TestSpiralNumbers(t *testing.T) {
	h := newHarness(t, "es")
	uitest.TapInDialog(t, h.win, "Empezar")
	tb := h.table()
	order := []dragoncanyon.Pos{{1, 2}, {1, 1}, {2, 1}}
	tb.sess = h.u.Session()
	// Show a decision as the reducer leaves it and check the numbers.
	tb.board.set(tb.tr, order[0], tileState{resource: "wood", amount: 1, order: 1})
	if got := tb.board.tiles[0][1].order.Text; got != "1" {
		t.Fatalf("tile 1,2 shows %q", got)
	}
	if !uitest.HasText(h.win, "Juega la IA") && !uitest.HasText(h.win, "Jugar el turno de la IA") {
		t.Fatalf("not in Spanish: %q", uitest.VisibleTexts(h.win))
	}
}
