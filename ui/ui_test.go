package ui

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/data"
)

func TestMain(m *testing.M) {
	os.Setenv("LANG", "en_US.UTF-8") // Fyne logs a locale error under LANG=C
	os.Exit(m.Run())
}

// memStore keeps games in memory and can be told to fail saves.
type memStore struct {
	imported []*quest.Quest
	setups   map[int64]dun.Setup
	records  map[int64][]dun.Record
	settings map[string]string
	failSave bool
}

func newMemStore() *memStore {
	return &memStore{setups: map[int64]dun.Setup{}, records: map[int64][]dun.Record{}, settings: map[string]string{}}
}

func (m *memStore) CreateGame(name string, s dun.Setup) (int64, error) {
	id := int64(len(m.setups) + 1)
	m.setups[id] = s
	return id, nil
}

func (m *memStore) Append(id int64, r dun.Record, _ dun.State) error {
	if m.failSave {
		return errors.New("disk full")
	}
	m.records[id] = append(m.records[id], r)
	return nil
}

func (m *memStore) SaveSnapshot(int64, dun.Snapshot) error { return nil }

func (m *memStore) LoadGame(id int64) (*dun.Game, error) {
	return dun.Resume(m.setups[id], m.records[id], nil)
}

func (m *memStore) Quests() ([]*quest.Quest, error) {
	qs, err := data.BuiltinQuests()
	return append(qs, m.imported...), err
}

func (m *memStore) ImportQuest(file string, b []byte) (*quest.Quest, quest.Problems, error) {
	q, ps := quest.Parse(file, b)
	if ps == nil {
		m.imported = append(m.imported, q)
	}
	return q, ps, nil
}

func (m *memStore) Setting(k string) (string, bool, error) { v, ok := m.settings[k]; return v, ok, nil }
func (m *memStore) SetSetting(k, v string) error           { m.settings[k] = v; return nil }

// walkVisible visits every visible object drawn under o, widgets' parts included.
func walkVisible(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	visit(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkVisible(c, visit)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkVisible(c, visit)
		}
	}
}

// onScreen is the window's content and its dialogs.
func onScreen(w fyne.Window) []fyne.CanvasObject {
	return append([]fyne.CanvasObject{w.Canvas().Content()}, w.Canvas().Overlays().List()...)
}

// visibleTexts lists every piece of text drawn in the window, dialogs included.
func visibleTexts(w fyne.Window) []string {
	var out []string
	for _, root := range onScreen(w) {
		walkVisible(root, func(o fyne.CanvasObject) {
			if x, ok := o.(*canvas.Text); ok && x.Text != "" {
				out = append(out, x.Text)
			}
		})
	}
	return out
}

// findButton is the first visible button whose label starts with prefix.
func findButton(w fyne.Window, prefix string) *widget.Button {
	var found *widget.Button
	for _, root := range onScreen(w) {
		walkVisible(root, func(o fyne.CanvasObject) {
			if b, ok := o.(*widget.Button); ok && found == nil && strings.HasPrefix(b.Text, prefix) {
				found = b
			}
		})
	}
	return found
}

// hasText reports whether want is drawn in the window; wrapped text is
// drawn line by line, so the lines are joined first.
func hasText(w fyne.Window, want string) bool {
	return strings.Contains(strings.Join(visibleTexts(w), " "), want)
}

func newTestUI(t *testing.T, store Store) *UI {
	t.Helper()
	a := test.NewTempApp(t)
	return New(a, store, "en")
}

// fillForm types a setup into the New game dialog.
func fillForm(f *newGameForm, heroes string, heroVP []string, leader string) {
	f.heroes.SetText(heroes)
	for i, v := range heroVP {
		f.heroVP[i].SetText(v)
	}
	f.leaderVP.SetText(leader)
}

func startButton(t *testing.T, u *UI) *widget.Button {
	t.Helper()
	b := findButton(u.win, u.tr.T("ui.newgame.start", nil))
	if b == nil {
		t.Fatal("no Start button on screen")
	}
	return b
}

func TestNewGameDialogStartsAGame(t *testing.T) {
	store := newMemStore()
	u := newTestUI(t, store)
	if u.newGameDialog == nil {
		t.Fatal("with no game saved, the New game dialog should open by itself")
	}
	fillForm(u.newGame, "3", []string{"15", "20", "10"}, "20")
	u.newGame.conductor.SetSelected(u.newGame.conductor.Options[1])
	test.Tap(startButton(t, u))

	if u.sess == nil || len(store.setups) != 1 {
		t.Fatal("no game was created")
	}
	s := store.setups[1]
	if s.Heroes != 3 || s.GroupVP != 45 || s.LeaderVP != 20 || s.Conductor != dun.ConductorRotating {
		t.Fatalf("saved setup %+v", s)
	}
	if got := u.table.reserve.Text; got != "25" {
		t.Fatalf("reserve shows %q, want 25 (45 group VP - 20 for the Leader)", got)
	}
	if store.settings[settingLastGame] != "1" {
		t.Fatal("the new game is not remembered as the last one")
	}
	if !hasText(u.win, "Set the ADP's reserve counter to 25") {
		t.Fatalf("setup prompt missing: %q", visibleTexts(u.win))
	}
}

func TestNewGameGroupVPMode(t *testing.T) {
	store := newMemStore()
	u := newTestUI(t, store)
	f := u.newGame
	f.vpMode.SetSelected(f.vpMode.Options[1])
	f.heroes.SetText("4")
	f.groupVP.SetText("80")
	f.leaderVP.SetText("25")
	if f.heroVPRow[0].Visible() || !f.groupRow.Visible() {
		t.Fatal("group mode should show the group VP, not the heroes' VP")
	}
	test.Tap(startButton(t, u))
	if s := store.setups[1]; s.Heroes != 4 || s.GroupVP != 80 || len(s.HeroVP) != 0 {
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
			store := newMemStore()
			u := newTestUI(t, store)
			fillForm(u.newGame, c.heroes, c.vp, c.leader)
			test.Tap(startButton(t, u))
			if len(store.setups) != 0 || u.sess != nil {
				t.Fatal("a game was created from bad input")
			}
			for field, l := range u.newGame.errs {
				if field != c.field && l.Visible() {
					t.Errorf("unexpected error beside %s: %q", field, l.Text)
				}
			}
			l := u.newGame.errs[c.field]
			if !l.Visible() || !strings.Contains(l.Text, c.want) {
				t.Fatalf("%s error line: visible=%v %q, want %q", c.field, l.Visible(), l.Text, c.want)
			}
			if !hasText(u.win, c.want[:20]) {
				t.Fatal("the error is not drawn on screen")
			}
			if u.newGameDialog == nil {
				t.Fatal("the dialog closed")
			}
		})
	}
}

func startGame(t *testing.T, u *UI, heroes string, vp []string, leader string) {
	t.Helper()
	if u.newGameDialog == nil {
		u.showNewGame(nil)
	}
	fillForm(u.newGame, heroes, vp, leader)
	test.Tap(startButton(t, u))
	if u.sess == nil {
		t.Fatal("game not started")
	}
}

// tapChoice taps the prompt's button for the first choice.
func tapChoice(t *testing.T, u *UI) {
	t.Helper()
	for _, o := range u.table.prompt.Objects {
		if b, ok := o.(*widget.Button); ok {
			test.Tap(b)
			return
		}
	}
	t.Fatal("the prompt offers no choice")
}

func TestTurnsAndUndo(t *testing.T) {
	store := newMemStore()
	u := newTestUI(t, store)
	startGame(t, u, "2", []string{"20", "20"}, "10")
	if !u.table.undo.Disabled() {
		t.Fatal("Undo enabled with nothing to undo")
	}
	tapChoice(t, u) // start turn 1
	tapChoice(t, u) // start turn 2
	if s := u.sess.game.State(); s.Turn != 2 || s.Achievements != 2 {
		t.Fatalf("turn %d achievements %d", s.Turn, s.Achievements)
	}
	if u.table.turn.Text != "Turn 2" || u.table.achievements.Text != "2 achievement points" {
		t.Fatalf("status shows %q, %q", u.table.turn.Text, u.table.achievements.Text)
	}
	test.Tap(u.table.eventButtons["ui.events.roll_2d6"])
	if len(u.table.entries) != 4 || !strings.HasPrefix(u.tr.T(u.table.entries[0].ID, u.table.entries[0].Args), "Rolled 2D6") {
		t.Fatalf("log %+v", u.table.entries)
	}
	test.Tap(u.table.undo)
	if s := u.sess.game.State(); s.Turn != 2 || s.Rolls != 0 {
		t.Fatalf("undo did not take back the roll: %+v", s)
	}
	if !strings.HasPrefix(u.table.notice.Text, "Undone: Rolled 2D6") {
		t.Fatalf("notice %q", u.table.notice.Text)
	}
	test.Tap(u.table.undo)
	if s := u.sess.game.State(); s.Turn != 1 || s.Achievements != 1 {
		t.Fatalf("second undo: %+v", s)
	}
	if got := len(store.records[1]); got != 5 {
		t.Fatalf("%d records saved, want 5 (3 events, 2 undos)", got)
	}
}

// A rejected event shows its reason and leaves the game as it was.
func TestRejectedEventShowsItsReason(t *testing.T) {
	store := newMemStore()
	u := newTestUI(t, store)
	startGame(t, u, "1", []string{"20"}, "5")
	u.table.do(&dun.ReserveSpent{Amount: 16, Reason: "card_activated"})
	if want := "Not done: The ADP cannot pay 16: its reserve holds only 15."; u.table.notice.Text != want {
		t.Fatalf("notice %q, want %q", u.table.notice.Text, want)
	}
	if u.table.reserve.Text != "15" || len(store.records[1]) != 0 {
		t.Fatal("the rejected event changed something")
	}
	u.table.do(&dun.ReserveSpent{Amount: 15, Reason: "card_activated"})
	if u.table.reserve.Text != "0" || u.table.notice.Text != "" {
		t.Fatalf("reserve %s, notice %q", u.table.reserve.Text, u.table.notice.Text)
	}
}

// A save that fails leaves the game as saved and says so.
func TestFailedSaveChangesNothing(t *testing.T) {
	store := newMemStore()
	u := newTestUI(t, store)
	startGame(t, u, "1", []string{"20"}, "5")
	tapChoice(t, u)
	store.failSave = true
	tapChoice(t, u)
	if s := u.sess.game.State(); s.Turn != 1 || len(u.sess.game.Records()) != 1 {
		t.Fatalf("unsaved turn is shown: %+v", s)
	}
	if !strings.Contains(u.table.notice.Text, "disk full") || u.table.turn.Text != "Turn 1" {
		t.Fatalf("notice %q, turn %q", u.table.notice.Text, u.table.turn.Text)
	}
	store.failSave = false
	tapChoice(t, u)
	if s := u.sess.game.State(); s.Turn != 2 {
		t.Fatal("could not go on after the failure")
	}
}

// Switching language changes everything on screen, at once, and is remembered.
func TestLanguageSwitch(t *testing.T) {
	store := newMemStore()
	u := newTestUI(t, store)
	startGame(t, u, "2", []string{"20", "20"}, "10")
	tapChoice(t, u)
	english := visibleTexts(u.win)
	u.SetLanguage("es")
	if store.settings[settingLanguage] != "es" {
		t.Fatal("language not saved")
	}
	spanish := visibleTexts(u.win)
	for _, want := range []string{"Deshacer", "Puntos de reserva del JOA", "Turno 1", "1 punto de logro", "Qué toca ahora"} {
		if !hasText(u.win, want) {
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
	u := newTestUI(t, newMemStore())
	fillForm(u.newGame, "3", []string{"11", "12", "13"}, "9")
	u.newGame.language.SetSelected("Español")
	if u.tr.Lang != "es" || u.newGameDialog == nil {
		t.Fatal("dialog closed or language unchanged")
	}
	if u.newGame.heroes.Text != "3" || u.newGame.heroVP[2].Text != "13" || u.newGame.leaderVP.Text != "9" {
		t.Fatal("typed values lost")
	}
	if !hasText(u.win, "Nueva partida") || !hasText(u.win, "PV del héroe 3") {
		t.Fatalf("dialog not in Spanish: %q", visibleTexts(u.win))
	}
}

func TestStartupErrorWindow(t *testing.T) {
	a := test.NewTempApp(t)
	w := ShowStartupError(a, "es", "ui.error.locked", map[string]any{"Path": "/tmp/x.db"})
	if !hasText(w, "Otra copia de Conductor está usando /tmp/x.db") {
		t.Fatal(fmt.Sprint(visibleTexts(w)))
	}
}

// Aliases for walking the widget tree in tests.
type (
	fyneObject  = fyne.CanvasObject
	entryWidget = widget.Entry
)

// The log is the history: going back to a step is one action, undoable.
func TestRewindFromTheLog(t *testing.T) {
	u, store := newFlowGame(t, "2", []string{"20", "20"}, "10")
	tapChoice(t, u)
	tapChoice(t, u)                                  // turn 3
	first := u.table.entries[len(u.table.entries)-2] // "Turn 1 begins"
	u.table.rewindTo(first)
	if s := u.sess.game.State(); s.Turn != 1 || !strings.HasPrefix(u.table.notice.Text, "Back to just after: Turn 1 begins") {
		t.Fatalf("turn %d notice %q", s.Turn, u.table.notice.Text)
	}
	test.Tap(u.table.undo)
	if s := u.sess.game.State(); s.Turn != 3 {
		t.Fatalf("undoing the jump: turn %d", s.Turn)
	}
	if n := len(store.records[1]); n != 5 {
		t.Fatalf("%d records saved (3 turns, the rewind, its undo)", n)
	}
}
