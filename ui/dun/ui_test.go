package dunui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

func TestMain(m *testing.M) {
	os.Setenv("LANG", "en_US.UTF-8") // Fyne logs a locale error under LANG=C
	os.Exit(m.Run())
}

// testStore is a store as the app gets it: the shell's and DUN's parts.
type testStore interface {
	ui.Store
	Store
}

// harness is the app with DUN's screens registered, as cmd/conductor wires it.
type harness struct {
	u   *ui.UI
	d   *Screens
	win fyne.Window
}

func newTestUI(t *testing.T, store testStore) *harness {
	t.Helper()
	d := New(store)
	ui.RegisterGame(dun.ModuleName, d)
	u := ui.New(test.NewTempApp(t), store, "en")
	<-u.Loaded() // the last game, if any, is loaded behind the window
	return &harness{u: u, d: d, win: u.Window()}
}

// screen is the open game's screen, or nil.
func (h *harness) screen() *gameScreen {
	s, _ := h.u.Screen().(*gameScreen)
	return s
}

func (h *harness) table() *tableScreen          { return h.screen().table }
func (h *harness) game() *dun.Game              { return h.u.Session().Game().(*dun.Game) }
func (h *harness) tr() *translations.Translator { return h.u.Translator() }
func (h *harness) notice() string               { return h.table().area.Notice() }
func (h *harness) entries() []engine.LogEntry   { return h.table().area.Entries() }
func (h *harness) hasText(want string) bool     { return uitest.HasText(h.win, want) }
func (h *harness) texts() []string              { return uitest.VisibleTexts(h.win) }
func (h *harness) button(t *testing.T, prefix string) *widget.Button {
	t.Helper()
	return uitest.Button(t, h.win, prefix)
}

// form is the open New game dialog's form, or nil.
func (h *harness) form() *newGameForm {
	if h.d.newGame == nil {
		return nil
	}
	return h.d.newGame.form
}

// undo is the Undo button.
func (h *harness) undo(t *testing.T) *widget.Button {
	t.Helper()
	return h.button(t, "Undo")
}

// fillForm types a setup into the New game dialog.
func fillForm(f *newGameForm, heroes string, heroVP []string, leader string) {
	f.heroes.SetText(heroes)
	for i, v := range heroVP {
		f.heroVP[i].SetText(v)
	}
	f.leaderVP.SetText(leader)
}

func startButton(t *testing.T, h *harness) *widget.Button {
	t.Helper()
	b := uitest.FindButton(h.win, h.tr().T("ui.newgame.start", nil))
	if b == nil {
		t.Fatal("no Start button on screen")
	}
	return b
}

func startGame(t *testing.T, h *harness, heroes string, vp []string, leader string) {
	t.Helper()
	if h.form() == nil {
		test.Tap(h.button(t, h.tr().T("ui.newgame.open", nil)))
	}
	fillForm(h.form(), heroes, vp, leader)
	test.Tap(startButton(t, h))
	if h.u.Session() == nil {
		t.Fatal("game not started")
	}
}

// tapChoice taps the prompt's button for the first choice.
func tapChoice(t *testing.T, h *harness) {
	t.Helper()
	uitest.FirstChoice(t, h.table().area.Prompt())
}

func newFlowGame(t *testing.T, heroes string, vp []string, leader string) (*harness, *uitest.MemStore) {
	t.Helper()
	store := uitest.NewMemStore()
	h := newTestUI(t, store)
	startGame(t, h, heroes, vp, leader)
	tapChoice(t, h) // turn 1
	return h, store
}

// setupOf is the setup game id was created with.
func setupOf(store *uitest.MemStore, id int64) dun.Setup {
	return store.Created[id].(*dun.Game).Setup()
}

func TestNewGameDialogStartsAGame(t *testing.T) {
	store := uitest.NewMemStore()
	h := newTestUI(t, store)
	if h.form() == nil {
		t.Fatal("with no game saved, the New game dialog should open by itself")
	}
	fillForm(h.form(), "3", []string{"15", "20", "10"}, "20")
	h.form().conductor.SetSelected(h.form().conductor.Options[1])
	test.Tap(startButton(t, h))

	if h.u.Session() == nil || len(store.Created) != 1 {
		t.Fatal("no game was created")
	}
	s := setupOf(store, 1)
	if s.Heroes != 3 || s.GroupVP != 45 || s.LeaderVP != 20 || s.Conductor != dun.ConductorRotating {
		t.Fatalf("saved setup %+v", s)
	}
	if got := h.table().reserve.Text; got != "25" {
		t.Fatalf("reserve shows %q, want 25 (45 group VP - 20 for the Leader)", got)
	}
	if store.Settings["last_game"] != "1" {
		t.Fatal("the new game is not remembered as the last one")
	}
	if !h.hasText("Set the ADP's reserve counter to 25") {
		t.Fatalf("setup prompt missing: %q", h.texts())
	}
}

func TestNewGameGroupVPMode(t *testing.T) {
	store := uitest.NewMemStore()
	h := newTestUI(t, store)
	f := h.form()
	f.vpMode.SetSelected(f.vpMode.Options[1])
	f.heroes.SetText("4")
	f.groupVP.SetText("80")
	f.leaderVP.SetText("25")
	if f.heroVPRow[0].Visible() || !f.groupRow.Visible() {
		t.Fatal("group mode should show the group VP, not the heroes' VP")
	}
	test.Tap(startButton(t, h))
	if s := setupOf(store, 1); s.Heroes != 4 || s.GroupVP != 80 || len(s.HeroVP) != 0 {
		t.Fatalf("setup %+v", s)
	}
}

// Bad input: the dialog says what is wrong beside the field; nothing is created.
func TestNewGameDialogRefusesBadInput(t *testing.T) {
	cases := []struct {
		name   string
		heroes string
		vp     []string
		leader string
		field  string
		want   string
	}{
		{"no heroes", "0", nil, "10", "heroes", "A group has from 1 to 5 heroes."},
		{"six heroes", "6", nil, "10", "heroes", "A group has from 1 to 5 heroes."},
		{"six heroes and a Leader the five shown can pay", "6", []string{"15", "15", "15", "15", "15"}, "31", "heroes", "A group has from 1 to 5 heroes."},
		{"not a number", "two", nil, "10", "heroes", "“two” is not a whole number."},
		{"negative hero VP", "2", []string{"15", "-3"}, "5", "hero_vp.1", "Hero 2's VP must be above 0."},
		{"negative leader VP", "2", []string{"15", "15"}, "-1", "leader_vp", "The Leader's VP cannot be negative."},
		{"leader costs more than the group", "2", []string{"15", "15"}, "31", "leader_vp", "The Leader costs 31 VP but the group's VP is only 30"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			store := uitest.NewMemStore()
			h := newTestUI(t, store)
			fillForm(h.form(), c.heroes, c.vp, c.leader)
			test.Tap(startButton(t, h))
			if len(store.Created) != 0 || h.u.Session() != nil {
				t.Fatal("a game was created from bad input")
			}
			for field, l := range h.form().errs {
				if field != c.field && l.Visible() {
					t.Errorf("unexpected error beside %s: %q", field, l.Text)
				}
			}
			l := h.form().errs[c.field]
			if !l.Visible() || !strings.Contains(l.Text, c.want) {
				t.Fatalf("%s error line: visible=%v %q, want %q", c.field, l.Visible(), l.Text, c.want)
			}
			if !h.hasText(c.want[:20]) {
				t.Fatal("the error is not drawn on screen")
			}
			if h.d.newGame == nil {
				t.Fatal("the dialog closed")
			}
		})
	}
}

func TestTurnsAndUndo(t *testing.T) {
	store := uitest.NewMemStore()
	h := newTestUI(t, store)
	startGame(t, h, "2", []string{"20", "20"}, "10")
	if !h.undo(t).Disabled() {
		t.Fatal("Undo enabled with nothing to undo")
	}
	tapChoice(t, h) // start turn 1
	tapChoice(t, h) // start turn 2
	if s := h.game().State(); s.Turn != 2 || s.Achievements != 2 {
		t.Fatalf("turn %d achievements %d", s.Turn, s.Achievements)
	}
	if h.table().turn.Text != "Turn 2" || h.table().achievements.Text != "2 achievement points" {
		t.Fatalf("status shows %q, %q", h.table().turn.Text, h.table().achievements.Text)
	}
	test.Tap(h.table().eventButtons["ui.events.roll_2d6"])
	if e := h.entries(); len(e) != 4 || !strings.HasPrefix(h.tr().T(e[0].ID, e[0].Args), "Rolled 2D6") {
		t.Fatalf("log %+v", e)
	}
	test.Tap(h.undo(t))
	if s := h.game().State(); s.Turn != 2 || s.Rolls != 0 {
		t.Fatalf("undo did not take back the roll: %+v", s)
	}
	if !strings.HasPrefix(h.notice(), "Undone: Rolled 2D6") {
		t.Fatalf("notice %q", h.notice())
	}
	test.Tap(h.undo(t))
	if s := h.game().State(); s.Turn != 1 || s.Achievements != 1 {
		t.Fatalf("second undo: %+v", s)
	}
	if got := len(store.Records[1]); got != 5 {
		t.Fatalf("%d records saved, want 5 (3 events, 2 undos)", got)
	}
}

// A rejected event shows its reason and leaves the game as it was.
func TestRejectedEventShowsItsReason(t *testing.T) {
	store := uitest.NewMemStore()
	h := newTestUI(t, store)
	startGame(t, h, "1", []string{"20"}, "5")
	h.table().do(&dun.ReserveSpent{Amount: 16, Reason: "card_activated"})
	if want := "Not done: The ADP cannot pay 16: its reserve holds only 15."; h.notice() != want {
		t.Fatalf("notice %q, want %q", h.notice(), want)
	}
	if h.table().reserve.Text != "15" || len(store.Records[1]) != 0 {
		t.Fatal("the rejected event changed something")
	}
	h.table().do(&dun.ReserveSpent{Amount: 15, Reason: "card_activated"})
	if h.table().reserve.Text != "0" || h.notice() != "" {
		t.Fatalf("reserve %s, notice %q", h.table().reserve.Text, h.notice())
	}
}

// A save that fails leaves the game as saved and says so.
func TestFailedSaveChangesNothing(t *testing.T) {
	store := uitest.NewMemStore()
	h := newTestUI(t, store)
	startGame(t, h, "1", []string{"20"}, "5")
	tapChoice(t, h)
	store.FailSave = true
	tapChoice(t, h)
	if s := h.game().State(); s.Turn != 1 || len(h.game().Records()) != 1 {
		t.Fatalf("unsaved turn is shown: %+v", s)
	}
	if !strings.Contains(h.notice(), "disk full") || h.table().turn.Text != "Turn 1" {
		t.Fatalf("notice %q, turn %q", h.notice(), h.table().turn.Text)
	}
	store.FailSave = false
	tapChoice(t, h)
	if s := h.game().State(); s.Turn != 2 {
		t.Fatal("could not go on after the failure")
	}
}

// Switching language changes everything on screen, at once, and is remembered.
func TestLanguageSwitch(t *testing.T) {
	store := uitest.NewMemStore()
	h := newTestUI(t, store)
	startGame(t, h, "2", []string{"20", "20"}, "10")
	tapChoice(t, h)
	english := h.texts()
	h.u.SetLanguage("es")
	if store.Settings["language"] != "es" {
		t.Fatal("language not saved")
	}
	spanish := h.texts()
	for _, want := range []string{"Deshacer", "Reserva del JOA", "Turno 1", "1 punto de logro", "Qué toca ahora"} {
		if !h.hasText(want) {
			t.Errorf("%q not on screen in Spanish: %q", want, spanish)
		}
	}
	// Every English sentence that was on screen is gone (numbers and names aside).
	for _, s := range english {
		if len(s) > 6 && slices.Contains(spanish, s) && !strings.HasPrefix(s, "Conductor") {
			t.Errorf("%q is still in English", s)
		}
	}
}

// The New game dialog follows a language switch and keeps what was typed.
func TestLanguageSwitchKeepsNewGameInput(t *testing.T) {
	h := newTestUI(t, uitest.NewMemStore())
	fillForm(h.form(), "3", []string{"11", "12", "13"}, "9")
	h.form().language.SetSelected("Español")
	if h.tr().Lang != "es" || h.form() == nil {
		t.Fatal("dialog closed or language unchanged")
	}
	if h.form().heroes.Text != "3" || h.form().heroVP[2].Text != "13" || h.form().leaderVP.Text != "9" {
		t.Fatal("typed values lost")
	}
	if !h.hasText("Nueva partida") || !h.hasText("Héroe 3") || !h.hasText("Fue") {
		t.Fatalf("dialog not in Spanish: %q", h.texts())
	}
}

// The log is the history: going back to a step is one action, undoable.
func TestRewindFromTheLog(t *testing.T) {
	h, store := newFlowGame(t, "2", []string{"20", "20"}, "10")
	tapChoice(t, h)
	tapChoice(t, h)                          // turn 3
	first := h.entries()[len(h.entries())-2] // "Turn 1 begins"
	h.table().area.RewindTo(first)
	if s := h.game().State(); s.Turn != 1 || !strings.HasPrefix(h.notice(), "Back to just after: Turn 1 begins") {
		t.Fatalf("turn %d notice %q", s.Turn, h.notice())
	}
	test.Tap(h.undo(t))
	if s := h.game().State(); s.Turn != 3 {
		t.Fatalf("undoing the jump: turn %d", s.Turn)
	}
	if n := len(store.Records[1]); n != 5 {
		t.Fatalf("%d records saved (3 turns, the rewind, its undo)", n)
	}
}

// Closing and reopening the app brings the game back exactly as it was,
// undo history and language included, through the real SQLite store.
func TestResumeAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	store, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	h := newTestUI(t, store)
	startGame(t, h, "3", []string{"20", "25", "15"}, "18")
	tapChoice(t, h)
	test.Tap(h.table().eventButtons["ui.events.roll_1d6"])
	tapChoice(t, h)
	test.Tap(h.undo(t))
	h.u.SetLanguage("es")
	want, _ := json.Marshal(h.game().State())
	records := len(h.game().Records())
	store.Close()

	store, err = data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	h2 := newTestUI(t, store)
	if h2.u.Session() == nil {
		t.Fatal("the last game was not reopened")
	}
	got, _ := json.Marshal(h2.game().State())
	if string(got) != string(want) {
		t.Fatalf("state after restart:\n%s\nwant\n%s", got, want)
	}
	undo := h2.button(t, "Deshacer")
	if len(h2.game().Records()) != records || h2.tr().Lang != "es" || undo.Disabled() {
		t.Fatalf("records %d (want %d), language %s", len(h2.game().Records()), records, h2.tr().Lang)
	}
	if h2.d.newGame != nil {
		t.Fatal("the New game dialog opened over a resumed game")
	}
	// Undo after the restart takes back the scenario roll made before it.
	test.Tap(undo)
	if s := h2.game().State(); s.Rolls != 0 || s.Turn != 1 {
		t.Fatalf("undo after restart: %+v", s)
	}
}

// The log follows the game step by step without being read whole on every
// tap, and is exactly the game's log, newest first, after steps, a refused
// one, undos, a jump back and the undo of that jump.
func TestLogFollowsTheGame(t *testing.T) {
	h := newTestUI(t, uitest.NewMemStore())
	startGame(t, h, "2", []string{"20", "20"}, "10")
	g := h.game()
	for i, e := range []dun.Event{
		&dun.NewTurn{}, &dun.ReserveGained{Amount: 2, Reason: "correction"}, &dun.ReserveSpent{Amount: 999, Reason: "spawn_paid"},
		&dun.NewTurn{}, &engine.Undo{}, &dun.ReserveGained{Amount: 1, Reason: "correction"}, &dun.NewTurn{},
		&engine.Rewind{To: 1}, &dun.ReserveGained{Amount: 3, Reason: "correction"}, &engine.Undo{}, &engine.Undo{},
		&dun.NewTurn{}, &engine.Undo{}, &engine.Undo{}, &engine.Undo{}, &engine.Undo{}, &dun.NewTurn{},
	} {
		h.table().do(e)
		want := g.Log()
		slices.Reverse(want)
		if got := h.entries(); !reflect.DeepEqual(got, want) {
			t.Fatalf("step %d (%s): log\n%v\nwant\n%v", i, e.Type(), got, want)
		}
	}
}

// The prompt card is built again only when what it shows changed: a step
// that leaves the same prompts (and the same events behind their choices)
// keeps it, with anything typed in; prompts of the same shape with new
// numbers (a new turn) change its texts and events in place; new prompts
// build it again.
func TestPromptCardKeptWhenUnchanged(t *testing.T) {
	h := newTestUI(t, uitest.NewMemStore())
	startGame(t, h, "2", []string{"20", "20"}, "10")
	h.table().do(&dun.NewTurn{})
	card := slices.Clone(h.table().area.Prompt().Objects)
	texts := func() []string {
		var out []string
		for _, o := range h.table().area.Prompt().Objects {
			out = append(out, uitest.TextOf(o))
		}
		return out
	}
	before := texts()
	h.table().do(&dun.DiceRolled{Dice: dice.D6, Faces: []int{3}, Physical: true})
	if !slices.Equal(h.table().area.Prompt().Objects, card) || !slices.Equal(texts(), before) {
		t.Fatal("a roll that changes no prompt changed the card")
	}
	// Turn 2: the same widgets, saying turn 2, whose main choice starts turn 3.
	h.table().do(&dun.NewTurn{})
	if !slices.Equal(h.table().area.Prompt().Objects, card) {
		t.Fatal("a new turn built a card of the same shape again")
	}
	if slices.Equal(texts(), before) {
		t.Fatalf("the card still says %q after a new turn", before)
	}
	h.table().area.Typed('n')
	if got := h.game().State().Turn; got != 3 {
		t.Fatalf("N after the update started turn %d, want 3 (the event was not updated)", got)
	}
	if !slices.Equal(h.table().area.Prompt().Objects, card) {
		t.Fatal("the card was built again")
	}
	// A room's die asks for a roll: new prompts, a new card.
	h.table().do(&dun.SectionRevealed{Kind: "room"})
	if slices.Equal(h.table().area.Prompt().Objects, card) {
		t.Fatal("new prompts did not build the card again")
	}
}
