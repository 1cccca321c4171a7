package ui

import (
	"strings"
	"testing"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// pressKey types the key a button shows, as the real driver delivers it.
func pressKey(w fyne.Window) func(key string) {
	return func(key string) {
		switch key {
		case UndoKeys:
			uitest.TypeShortcut(w, ShortcutUndo)
		case RedoKeys:
			uitest.TypeShortcut(w, ShortcutRedo)
		default:
			if r, n := utf8.DecodeRuneInString(key); n == len(key) {
				uitest.TypeRune(w, []rune(strings.ToLower(string(r)))[0])
			}
		}
	}
}

// recordsChanged says whether the game recorded anything since the last call.
func recordsChanged(g engine.Play) func() bool {
	n := len(g.Records())
	return func() bool {
		changed := len(g.Records()) != n
		n = len(g.Records())
		return changed
	}
}

func count(g *toyGame) int { return g.State().Count }

// loadedGame is game id as the store gives it back.
func loadedGame(t *testing.T, store *uitest.MemStore, id int64) engine.Play {
	t.Helper()
	g, err := store.LoadGame(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Redo, beside Undo and labelled with its shortcut, gives back what Undo
// took back, the last undone first, by its button and by Ctrl+Shift+Z,
// says what it gave back, and is gone after a new step. The saved records
// keep it: the game loaded again can redo too.
func TestRedoButtonAndShortcut(t *testing.T) {
	g := newToy(t, toySetup{Count: 30})
	a, w, store, id := newTestArea(t, g, PromptParts{})
	undo := uitest.Button(t, w, "Undo  [Ctrl+Z]")
	redo := uitest.Button(t, w, "Redo  [Ctrl+Shift+Z]")
	if !redo.Disabled() || !undo.Disabled() {
		t.Fatal("Undo or Redo enabled with nothing to take back or give back")
	}
	a.Do(&ToyAdd{By: 2})
	a.Do(&ToyAdd{By: 3})
	test.Tap(undo)
	test.Tap(undo)
	if count(g) != 30 || redo.Disabled() {
		t.Fatalf("after two undos: reserve %d, Redo disabled %v", count(g), redo.Disabled())
	}
	test.Tap(redo) // the last undone first: +2
	if count(g) != 32 || a.Notice() != "Redone: Added 2: count 32" {
		t.Fatalf("after Redo: reserve %d, notice %q", count(g), a.Notice())
	}
	uitest.TypeShortcut(w, ShortcutRedo)
	if count(g) != 35 || !redo.Disabled() {
		t.Fatalf("after Ctrl+Shift+Z: reserve %d, Redo disabled %v", count(g), redo.Disabled())
	}
	uitest.TypeShortcut(w, ShortcutUndo)
	if count(g) != 32 || redo.Disabled() {
		t.Fatalf("after Ctrl+Z: reserve %d", count(g))
	}

	// Kept across a restart: the records say what Redo gives back.
	loaded, err := store.LoadGame(id)
	if err != nil || !loaded.CanRedo() {
		t.Fatalf("loaded again: %v, CanRedo %v", err, loaded != nil && loaded.CanRedo())
	}

	// The game loaded again (its records read back with no log) says what
	// Redo gave back too.
	other := uitest.NewMemStore()
	otherID, _ := other.CreateGame("again", g)
	for _, r := range store.Records[id] {
		r.Log = nil
		other.Records[otherID] = append(other.Records[otherID], r)
	}
	again := NewPlayArea(NewSession(other, otherID, loadedGame(t, other, otherID), ""), a.tr, w, PromptParts{}, func() {})
	again.Refresh()
	again.doRedo()
	if !strings.HasPrefix(again.Notice(), "Redone: ") {
		t.Fatalf("after a redo in the game loaded again: notice %q", again.Notice())
	}
	w.SetContent(a.Content)
	a.sess.onTry = a.clearNotice

	// A new step: nothing to redo, and Ctrl+Shift+Z does nothing.
	a.Do(&ToyAdd{By: 1})
	if !redo.Disabled() {
		t.Fatal("Redo enabled after a new step")
	}
	changed := recordsChanged(g)
	uitest.TypeShortcut(w, ShortcutRedo)
	if changed() {
		t.Fatal("Ctrl+Shift+Z applied something with nothing to redo")
	}

	// In Spanish, the same keys.
	es := NewPlayArea(a.sess, translations.New("es"), w, PromptParts{}, func() {})
	w.SetContent(es.Content)
	es.Refresh()
	uitest.Button(t, w, "Rehacer  [Ctrl+Shift+Z]")
	uitest.Button(t, w, "Deshacer  [Ctrl+Z]")
}

// No shortcut fires while a dialog is open over the window: not a card's
// key, not Undo's, not Redo's. Closed, they work again.
func TestShortcutsWaitForADialog(t *testing.T) {
	g := newToy(t, toySetup{Count: 30})
	a, w, _, _ := newTestArea(t, g, PromptParts{})
	a.Do(&ToyAdd{By: 2})
	a.Do(&engine.Undo{})
	d := dialog.NewInformation("A dialog", "Over the window", w)
	d.Show()
	changed := recordsChanged(g)
	typed := w.Canvas().OnTypedRune()
	for _, r := range "nNuU" {
		typed(r)
	}
	for _, s := range []fyne.Shortcut{ShortcutUndo, ShortcutRedo} {
		uitest.CanvasShortcut(w, s)
	}
	if changed() || g.State().Turn != 0 {
		t.Fatalf("a shortcut fired under a dialog: %d records, turn %d", len(g.Records()), g.State().Turn)
	}
	d.Hide()
	uitest.CanvasShortcut(w, ShortcutRedo)
	typed('n')
	if g.State().Turn != 1 || len(g.Records()) != 4 || count(g) != 32 {
		t.Fatalf("the dialog closed, the shortcuts still wait: turn %d, %d records", g.State().Turn, len(g.Records()))
	}
}

// Undo's and Redo's shortcuts work whatever control has the focus, but a
// text field, where Ctrl+Z is the field's own.
func TestUndoRedoWhateverTheFocus(t *testing.T) {
	g := newToy(t, toySetup{Count: 30})
	check := widget.NewCheck("Something to tick", nil)
	entry := widget.NewEntry()
	after := func(engine.Prompt) fyne.CanvasObject { return fyneBox(check, entry) }
	a, w, _, _ := newTestArea(t, g, PromptParts{After: after})
	a.Do(&ToyAdd{By: 2})
	w.Canvas().Focus(check)
	if w.Canvas().Focused() == nil {
		t.Fatal("the check box did not take the focus: the test would prove nothing")
	}
	uitest.TypeShortcut(w, ShortcutUndo)
	if count(g) != 30 {
		t.Fatalf("Ctrl+Z with a check box focused: reserve %d", count(g))
	}
	w.Canvas().Focus(check)
	uitest.TypeShortcut(w, ShortcutRedo)
	if count(g) != 32 {
		t.Fatalf("Ctrl+Shift+Z with a check box focused: reserve %d", count(g))
	}
	w.Canvas().Focus(entry)
	changed := recordsChanged(g)
	uitest.TypeShortcut(w, ShortcutUndo)
	uitest.TypeShortcut(w, ShortcutRedo)
	if changed() {
		t.Fatal("Ctrl+Z in a text field undid a step")
	}
}

func fyneBox(objs ...fyne.CanvasObject) fyne.CanvasObject {
	return &fyne.Container{Layout: nil, Objects: objs}
}

// No two buttons on the card show one key, and the key a button shows taps
// that button: a game's input asking for a key a choice (or Undo) has
// already gets none.
func TestKeysOnTheCard(t *testing.T) {
	g := newToy(t, toySetup{Count: 30})
	parts := PromptParts{
		// Two prompts: the first with a choice and an input, the second
		// with a choice only.
		Arrange: func(ps []engine.Prompt) []engine.Prompt {
			return []engine.Prompt{
				{ID: "Count 1", Input: "x", Choices: []engine.Choice{{ID: "Add 1", Event: &ToyAdd{By: 1}}}},
				{ID: "Count 2", Choices: []engine.Choice{{ID: "Take 1", Event: &ToyAdd{By: -1}}}},
			}
		},
		Input: func(p engine.Prompt, keys Keys) fyne.CanvasObject {
			return fyneBox(
				keys.Button("The input's main button", KeyChoice, true, func() {}), // N: the choice has it
				keys.Button("Its other button", KeyUndo, false, func() {}),         // U: Undo's
				keys.Button("Its own", 'q', false, func() {}),
			)
		},
	}
	a, w, _, _ := newTestArea(t, g, parts)
	a.Do(&ToyAdd{By: 1}) // Undo enabled
	keys := uitest.CheckKeys(t, w, pressKey(w), recordsChanged(g))
	if strings.Join(keys, " ") != "N Q "+UndoKeys+" "+RedoKeys {
		t.Fatalf("keys shown %q", keys)
	}
	for _, label := range []string{"The input's main button", "Its other button"} {
		if b := uitest.Button(t, w, label); b.Text != label {
			t.Errorf("%q shows a key another button has", b.Text)
		}
	}
}

// A refusal, or what Undo took back, is said until the next event is
// tried, applied or not, whether through the card or a game's own panel
// (which applies through the session).
func TestNoticeClearsOnTheNextAction(t *testing.T) {
	g := newToy(t, toySetup{Count: 30})
	a, _, _, _ := newTestArea(t, g, PromptParts{})
	a.Do(&ToyAdd{By: -500})
	if !strings.HasPrefix(a.Notice(), "Not done: ") {
		t.Fatalf("no refusal: %q", a.Notice())
	}
	if err := a.sess.Apply(&ToyAdd{By: 1}); err != nil {
		t.Fatal(err)
	}
	if a.Notice() != "" {
		t.Fatalf("the refusal stayed after a step applied by a panel: %q", a.Notice())
	}
	a.doUndo()
	if !strings.HasPrefix(a.Notice(), "Undone: ") {
		t.Fatalf("no undone notice: %q", a.Notice())
	}
	if err := a.sess.Apply(&ToyAdd{By: -500}); err == nil {
		t.Fatal("accepted")
	}
	if a.Notice() != "" {
		t.Fatalf("the undone notice stayed after a refused step: %q", a.Notice())
	}
	a.doUndo()
	a.Do(&ToyAdd{By: 1})
	if a.Notice() != "" {
		t.Fatalf("the undone notice stayed after a step: %q", a.Notice())
	}
}

// After the game's end only Undo applies: the card's choices are disabled
// (the engine says so), not refused on tap, and their keys do nothing;
// undone, they are enabled again.
func TestGameEndDisablesTheCard(t *testing.T) {
	g := newToy(t, toySetup{Count: 30})
	// The card as it was before the end: a new turn, offered still.
	before := func([]engine.Prompt) []engine.Prompt {
		return []engine.Prompt{{ID: "Turn 1", Choices: []engine.Choice{{ID: "Start turn 2", Event: &ToyTurn{}}}}}
	}
	a, w, _, _ := newTestArea(t, g, PromptParts{Arrange: before})
	next := uitest.Button(t, w, "Start turn 2")
	if next.Disabled() {
		t.Fatal("the choice is disabled before the end")
	}
	a.Do(&ToyEnd{})
	if !next.Disabled() {
		t.Fatal("the choice is enabled after the game's end")
	}
	changed := recordsChanged(g)
	w.Canvas().OnTypedRune()('n')
	if changed() || a.Notice() != "" {
		t.Fatalf("the key of a disabled choice did something: notice %q", a.Notice())
	}
	uitest.CheckKeys(t, w, pressKey(w), changed)
	test.Tap(uitest.Button(t, w, "Undo"))
	if next.Disabled() {
		t.Fatal("the choice stays disabled after the end is undone")
	}
}

// A notice shown after the step it tells of (what Undo or Redo did) gets
// room: the prompt region grows to hold it and the whole card, as far as
// its share of the column allows.
func TestNoticeGetsRoom(t *testing.T) {
	g := newToy(t, toySetup{Count: 30})
	a, w, _, _ := newTestArea(t, g, PromptParts{})
	w.Resize(fyne.NewSize(700, 700))
	w.Canvas().OnTypedRune()('n')
	a.Do(&ToyAdd{By: 2})
	for _, step := range []func(){a.doUndo, a.doRedo} {
		step()
		uitest.Settle(w)
		region := a.Content.Layout.(promptOverLog).region
		need, got := region.MinSize().Height, a.Content.Objects[0].Size().Height
		if a.Notice() == "" || need > a.Content.Size().Height*promptShare {
			t.Fatalf("the test would prove nothing: notice %q, card %v of %v", a.Notice(), need, a.Content.Size().Height)
		}
		if got < need {
			t.Fatalf("after %q the prompt region is %v high, its card needs %v", a.Notice(), got, need)
		}
	}
}
