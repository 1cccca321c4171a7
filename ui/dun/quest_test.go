package dunui

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

const tomb = "the-tomb-of-the-ash-king"

// startQuestGame starts a game of a built-in quest through the dialog.
func startQuestGame(t *testing.T, id string) (*harness, *quest.Quest) {
	t.Helper()
	return startQuestGameIn(t, uitest.NewMemStore(), id)
}

// startQuestGameIn starts a game of a built-in quest kept in store.
func startQuestGameIn(t *testing.T, store testStore, id string) (*harness, *quest.Quest) {
	t.Helper()
	u := newTestUI(t, store)
	qs, _ := content.BuiltinQuests()
	i := slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == id })
	u.form().questPick.SetSelectedIndex(i + 1)
	if want := qs[i].Leader.VP; u.form().leaderVP.Text != strconv.Itoa(want) {
		t.Fatalf("Leader VP %q, want the quest's %d", u.form().leaderVP.Text, want)
	}
	fillForm(u.form(), "3", []string{"20", "20", "20"}, u.form().leaderVP.Text)
	test.Tap(startButton(t, u))
	if u.u.Session() == nil || u.screen().quest == nil || u.screen().tabs == nil {
		t.Fatal("no quest game")
	}
	return u, qs[i]
}

// floorsIn lists the section floors drawn in a window, by their place on screen.
func floorsIn(w fyne.Window) []fyne.Position {
	var out []fyne.Position
	uitest.WalkVisible(w.Canvas().Content(), func(o fyne.CanvasObject) {
		if r, ok := o.(*canvas.Rectangle); ok && r.StrokeWidth == 3 {
			out = append(out, r.Position())
		}
	})
	return out
}

// The Conductor opens exits on the map; each reveal starts the ADP's
// Encounter flow and shows the texts to read aloud.
func TestQuestRevealOnScreen(t *testing.T) {
	u, q := startQuestGame(t, tomb)
	u.screen().tabs.SelectIndex(1)
	start := q.Start()
	if !u.hasText(start.Text.In("en")[:30]) {
		t.Fatalf("the start section's text is not shown: %q", uitest.TextsIn(u.win))
	}
	if len(floorsIn(u.win)) != 1 {
		t.Fatalf("%d sections drawn before exploring", len(floorsIn(u.win)))
	}
	test.Tap(u.button(t, "Door"))
	// The exit starts the chain: the Obstacle roll, then the reveal waits.
	test.Tap(u.button(t, "The ADP has something to do"))
	if u.screen().tabs.SelectedIndex() != 0 {
		t.Fatal("the way to the table does not lead there")
	}
	u.table().do(&dun.Die{Faces: []dice.Symbol{dice.Power}})
	u.screen().tabs.SelectIndex(1)
	test.Tap(u.button(t, "Reveal the section"))
	s := u.game().State()
	if !slices.Equal(s.Revealed, []string{"ash-stair", "gatehouse"}) || len(s.Pending) != 1 || s.Pending[0].Deck != dun.DeckEncounter {
		t.Fatalf("revealed %v pending %+v", s.Revealed, s.Pending)
	}
	gate, _ := q.Section("gatehouse")
	if !u.hasText(gate.Text.In("en")[:30]) || uitest.FindButton(u.win, "The ADP has something to do") == nil {
		t.Fatal("the new section's text or the way to the table is missing")
	}
	test.Tap(u.button(t, "The ADP has something to do"))
	if u.screen().tabs.SelectedIndex() != 0 {
		t.Fatal("the way to the table does not lead there")
	}
	for range 3 { // the reveal, the roll, the exit
		test.Tap(u.undo(t))
	}
	u.screen().tabs.SelectIndex(1)
	if len(u.game().State().Revealed) != 1 || len(floorsIn(u.win)) != 1 {
		t.Fatal("undo left the section on the map")
	}
}

// The players' window shows only what players may see, checked on what is
// drawn: no unrevealed section, no hidden text before its time, no ADP note.
func TestPlayersWindowNeverShowsHiddenContent(t *testing.T) {
	u, q := startQuestGame(t, tomb)
	u.screen().openPlayers(u.tr())
	pw := u.screen().players.win
	assertHidden := func(stage string) {
		t.Helper()
		s := u.game().State()
		shown := uitest.TextsIn(pw)
		for _, sec := range q.Sections {
			chunk := sec.Text.In("en")[:25]
			if revealed := slices.Contains(s.Revealed, sec.ID); revealed != strings.Contains(shown, chunk) {
				t.Fatalf("%s: section %s revealed=%v but its text shown=%v", stage, sec.ID, revealed, !revealed)
			}
		}
		for _, h := range q.Texts {
			chunk := h.Text.In("en")[:25]
			want := h.Style == "red" && slices.Contains(s.TextsShown, h.ID)
			if strings.Contains(shown, chunk) != want {
				t.Fatalf("%s: text %s (%s) shown=%v, want %v", stage, h.ID, h.Style, !want, want)
			}
		}
		if n := len(floorsIn(pw)); n != len(s.Revealed) {
			t.Fatalf("%s: %d floors drawn for %d revealed sections", stage, n, len(s.Revealed))
		}
		if strings.Contains(shown, "reserve") || strings.Contains(shown, "ADP") {
			t.Fatalf("%s: the ADP's numbers leak: %q", stage, shown)
		}
	}
	assertHidden("at the start")
	for _, e := range []dun.Event{
		&dun.SectionRevealed{Section: "gatehouse"}, &dun.Die{Faces: []dice.Symbol{dice.Power}},
		&dun.SectionRevealed{Section: "processional-way"}, &dun.Die{Faces: []dice.Symbol{dice.Power}},
		&dun.SectionRevealed{Section: "ember-shrine"}, &dun.Die{Faces: []dice.Symbol{dice.Power}},
		&dun.ElementFound{ID: "shrine-secret-door"}, // reveals an ADP note: never for players
		&dun.ConditionMet{ID: "altar-touched"},      // reveals a red box: read aloud
	} {
		u.table().do(e)
		if u.notice() != "" {
			t.Fatalf("%s: %s", e.Type(), u.notice())
		}
		assertHidden("after " + e.Type())
	}
	// The Conductor's own tab does show the ADP note.
	u.screen().tabs.SelectIndex(1)
	note := hiddenText(q, "secret-door-note").Text.In("en")[:25]
	if !u.hasText(note) {
		t.Fatal("the Conductor cannot read the ADP note")
	}
	pw.Close()
	if u.screen().players != nil {
		t.Fatal("closing the players' window left it registered")
	}
}

// Importing a quest: a broken file lists its problems and stores nothing; a
// valid one is offered, chosen, in the New game dialog.
func TestImportQuestOnScreen(t *testing.T) {
	store := uitest.NewMemStore()
	u := newTestUI(t, store)
	u.d.newGame.importQuestData("broken.toml", []byte("id = \"x\"\n[[sections]]\nkind = \"cave\""))
	if len(store.Content[content.KindQuest]) != 0 || !strings.Contains(u.d.newGame.importProblems, "broken.toml:2:") {
		t.Fatalf("problems %q", u.d.newGame.importProblems)
	}
	b, err := os.ReadFile("../../core/dun/quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	u.d.newGame.importQuestData("cellar.toml", b)
	if len(store.Content[content.KindQuest]) != 1 || u.form().quest() == nil || u.form().quest().ID != "test-cellar" {
		t.Fatal("the imported quest is not chosen")
	}
}

// With a quest, sections are opened from the map: the table offers the way there.
func TestQuestGameOpensSectionsFromTheMap(t *testing.T) {
	u, _ := startQuestGame(t, tomb)
	if uitest.FindButton(u.win, "Large section") != nil {
		t.Fatal("kind-only section buttons in a quest game")
	}
	test.Tap(u.button(t, "Open the quest map"))
	if u.screen().tabs.SelectedIndex() != 1 {
		t.Fatal("the quest map did not open")
	}
}

// A quest's spawn table: the row the die picked is shown with its cost, and
// another row follows the picker.
func TestSpawnTableRowShown(t *testing.T) {
	u, q := startQuestGame(t, tomb)
	for _, e := range []dun.Event{
		&dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"}, &dun.Die{Faces: []dice.Symbol{dice.Encounter}},
		&dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated},
	} {
		u.table().do(e)
	}
	row := u.game().SpawnRow()
	if !u.hasText("Row " + strconv.Itoa(row) + " of the quest's spawn table: " + q.SpawnTable[row-1].Creatures.In("en")) {
		t.Fatalf("row %d not shown: %q", row, uitest.TextsIn(u.win))
	}
	other := row%6 + 1
	test.Tap(u.button(t, strconv.Itoa(other)))
	test.Tap(u.button(t, "Pay the spawn"))
	if u.notice() != "" {
		t.Fatal(u.notice())
	}
	if got, want := u.game().State().Ledger[len(u.game().State().Ledger)-1].Delta, -q.SpawnTable[other-1].Cost; got != want {
		t.Fatalf("paid %d, want %d", got, want)
	}
}

// What to read aloud is newest first, whatever revealed it (a red box from
// a condition included), and the introduction stays after the first reveal.
func TestReadAloudNewestFirst(t *testing.T) {
	u, q := startQuestGame(t, tomb)
	g := u.game()
	for _, e := range []dun.Event{&dun.NewTurn{}, &dun.ExitOpened{Section: "gatehouse"}, &dun.Die{Faces: []dice.Symbol{dice.Power}},
		&dun.SectionRevealed{Section: "gatehouse"}, &dun.Die{Faces: []dice.Symbol{dice.Power}}, &dun.ConditionMet{ID: "altar-touched"}} {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
	}
	u.screen().quest.refresh()
	var texts []string
	for _, o := range u.screen().quest.read.Objects[1:] {
		texts = append(texts, uitest.TextOf(o))
	}
	gate, _ := q.Section("gatehouse")
	want := []string{"Red box: The hero who touches the altar", gate.Text.In("en")[:20], q.Start().Text.In("en")[:20], q.Introduction.In("en")[:20]}
	for i, w := range want {
		if i >= len(texts) || !strings.HasPrefix(texts[i], w) {
			t.Fatalf("read aloud %d is %q, want %q…; all: %q", i, texts, w, texts)
		}
	}
}

// Panels update in place: a step that changes nothing on the map leaves its
// drawing, its buttons and the texts as they were (buttons only enable or
// disable); a reveal draws the map again.
func TestQuestTabUpdatesInPlace(t *testing.T) {
	u, _ := startQuestGame(t, tomb)
	g, qt := u.game(), u.screen().quest
	apply := func(e dun.Event) {
		t.Helper()
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
		u.screen().refresh()
	}
	apply(&dun.NewTurn{})
	floor, exit := qt.m.drawing.Objects[0], qt.m.exits["gatehouse"]
	read, marks := slices.Clone(qt.read.Objects), slices.Clone(qt.marks.Objects)
	players := newPlayersWindow(test.NewTempApp(t), nil, g, u.u.Translator(), func() {})
	pFloor, pText := players.m.drawing.Objects[0], players.texts.Objects[0]
	same := func(when string) {
		t.Helper()
		players.refresh()
		switch {
		case exit == nil || qt.m.exits["gatehouse"] != exit || qt.m.drawing.Objects[0] != floor:
			t.Fatalf("%s: the map was drawn again", when)
		case !slices.Equal(qt.read.Objects, read) || !slices.Equal(qt.marks.Objects, marks):
			t.Fatalf("%s: the texts were built again", when)
		case players.m.drawing.Objects[0] != pFloor || players.texts.Objects[0] != pText:
			t.Fatalf("%s: the players' window was built again", when)
		}
	}
	apply(&dun.ReserveGained{Amount: 1, Reason: "correction"})
	same("a correction")
	if exit.Disabled() {
		t.Fatal("the exit cannot be opened at the start of a turn")
	}
	apply(&dun.ExitOpened{Section: "gatehouse"})
	same("an exit opened")
	if !exit.Disabled() {
		t.Fatal("the exit stays enabled while the Obstacle roll waits")
	}
	apply(&dun.Die{Faces: []dice.Symbol{dice.Power}})
	apply(&dun.SectionRevealed{Section: "gatehouse"})
	players.refresh()
	if qt.m.drawing.Objects[0] == floor || players.m.drawing.Objects[0] == pFloor || slices.Equal(qt.read.Objects, read) {
		t.Fatal("a reveal did not draw the map and the texts again")
	}
}
