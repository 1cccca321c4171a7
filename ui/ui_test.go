package ui

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// plain stands in for a game's screens: the shell's parts only (the prompt
// card, the log and Undo), for any module's games; TestMain registers it for
// the toy (toy_test.go).
type plain struct {
	newGames int
	title    string // a message ID; "" for the toy's
}

func (p *plain) Title() string {
	if p.title == "" {
		return "Toy"
	}
	return p.title
}
func (p *plain) NewGame(fyne.Window, *translations.Translator, Starter) {
	p.newGames++
}
func (*plain) Open(s *Session, _ fyne.App, w fyne.Window) Screen { return &plainScreen{s: s, w: w} }
func (*plain) Extras(fyne.Window, Starter, func()) []Extra       { return nil }

// SaveLabels says more of a game in its line of the saved games.
func (*plain) SaveLabels(g data.GameInfo, _ *translations.Translator) []string {
	return []string{"a game of " + g.Module}
}

type plainScreen struct {
	s    *Session
	w    fyne.Window
	area *PlayArea
}

func (p *plainScreen) Build(tr *translations.Translator) fyne.CanvasObject {
	p.area = NewPlayArea(p.s, tr, p.w, PromptParts{}, func() { p.area.Refresh() })
	p.area.Refresh()
	return p.area.Content
}

func (p *plainScreen) Close() {}

var plainGame = &plain{}

func TestMain(m *testing.M) {
	os.Setenv("LANG", "en_US.UTF-8") // Fyne logs a locale error under LANG=C
	engine.Register(toyModule{})
	RegisterGame(toyName, plainGame)
	os.Exit(m.Run())
}

func realStore(t *testing.T) *data.Store {
	t.Helper()
	s, err := data.Open(filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// newTestArea shows the prompt card and log of game g, saved in a new
// MemStore as game id, in a test window.
func newTestArea(t *testing.T, g engine.Play, parts PromptParts) (a *PlayArea, w fyne.Window, store *uitest.MemStore, id int64) {
	t.Helper()
	store = uitest.NewMemStore()
	id, _ = store.CreateGame("x", g)
	w = test.NewTempApp(t).NewWindow("")
	a = NewPlayArea(NewSession(store, id, g, ""), translations.New("en"), w, parts, func() { a.Refresh() })
	w.SetContent(a.Content)
	a.Refresh()
	return a, w, store, id
}

func area(u *UI) *PlayArea { return u.screen.(*plainScreen).area }

func TestStartupErrorWindow(t *testing.T) {
	a := test.NewTempApp(t)
	w := ShowStartupError(a, "es", "ui.error.locked", map[string]any{"Path": "/tmp/x.db"})
	if !uitest.HasText(w, "Otra copia de Conductor está usando /tmp/x.db") {
		t.Fatal(fmt.Sprint(uitest.VisibleTexts(w)))
	}
}

// A first start, with nothing saved, opens the game's New game dialog.
func TestFirstStartAsksForANewGame(t *testing.T) {
	before := plainGame.newGames
	u := New(test.NewTempApp(t), uitest.NewMemStore(), "en")
	if plainGame.newGames != before+1 || u.sess != nil {
		t.Fatalf("New game asked %d times", plainGame.newGames-before)
	}
}

func TestSavedGamesScreen(t *testing.T) {
	store := realStore(t)
	for _, name := range []string{"Monday's delve", "Friday's crypt"} {
		if _, err := store.CreateGame(name, newToy(t, toySetup{Count: 30})); err != nil {
			t.Fatal(err)
		}
	}
	before := plainGame.newGames
	u := New(test.NewTempApp(t), store, "en")
	if u.sess != nil {
		t.Fatal("a game opened without a last game")
	}
	if plainGame.newGames != before {
		t.Fatal("the New game dialog opened over saved games")
	}
	for _, want := range []string{"Monday's delve", "Friday's crypt", "a game of toy · Turn 0 · Count 30 · last played", "Continue: Friday's crypt"} {
		if !uitest.HasText(u.win, want) {
			t.Fatalf("%q not on the saved-games screen: %q", want, uitest.TextsIn(u.win))
		}
	}
	test.Tap(uitest.Button(t, u.win, "Duplicate"))
	if games, _ := store.Games(); len(games) != 3 || !strings.HasSuffix(games[0].Name, "(another try)") {
		t.Fatalf("after duplicate: %+v", games)
	}
	test.Tap(uitest.Button(t, u.win, "Delete"))
	uitest.TapInDialog(t, u.win, "Yes")
	if games, _ := store.Games(); len(games) != 2 {
		t.Fatalf("%d games after a delete", len(games))
	}
	test.Tap(uitest.Button(t, u.win, "Continue:"))
	if u.sess == nil || u.screen == nil {
		t.Fatal("continue did not open the game")
	}
	test.Tap(uitest.Button(t, u.win, "Saved games"))
	if u.sess != nil || !uitest.HasText(u.win, "Continue:") {
		t.Fatal("the saved-games button did not come back")
	}
}

// Importing a save that is already here asks first; nothing is overwritten.
func TestImportAsksBeforeOverwriting(t *testing.T) {
	store := realStore(t)
	id, _ := store.CreateGame("Original", newToy(t, toySetup{Count: 15}))
	var buf bytes.Buffer
	if err := store.ExportGame(id, &buf); err != nil {
		t.Fatal(err)
	}
	u := New(test.NewTempApp(t), store, "en")
	u.importSaveData(buf.Bytes(), data.ImportRefuseExisting)
	if games, _ := store.Games(); len(games) != 1 || u.importDialog == nil {
		t.Fatal("the import did not stop to ask")
	}
	uitest.TapInDialog(t, u.win, "Import as copies")
	if games, _ := store.Games(); len(games) != 2 {
		t.Fatalf("%d games after importing a copy", len(games))
	}
	u.importSaveData([]byte(`{"format":"something-else"}`), data.ImportRefuseExisting)
	if !strings.Contains(u.savesNotice.Text, "not a Conductor save") {
		t.Fatalf("notice %q", u.savesNotice.Text)
	}
}

// replayFails makes LoadGame report a save that no longer replays.
type replayFails struct{ *data.Store }

func (r replayFails) LoadGame(id int64) (engine.Play, error) {
	g, err := r.Store.LoadGame(id)
	if err != nil {
		return nil, err
	}
	return g, &data.ReplayError{Game: "x", Seq: 2, Err: errors.New("reserve too low")}
}

func TestReadOnlySave(t *testing.T) {
	store := realStore(t)
	id, _ := store.CreateGame("Old rules", newToy(t, toySetup{Count: 15}))
	u := New(test.NewTempApp(t), replayFails{store}, "en")
	u.openGame(id)
	if u.sess == nil || u.sess.readOnly == "" || !uitest.HasText(u.win, "no longer replays under the current rules (step 2") {
		t.Fatalf("read-only banner missing: %q", uitest.TextsIn(u.win))
	}
	uitest.FirstChoice(t, area(u).Prompt())
	if u.sess.game.(*toyGame).State().Turn != 0 || !strings.Contains(area(u).Notice(), "read-only") {
		t.Fatalf("a read-only save changed: notice %q", area(u).Notice())
	}
	if games, _ := store.Games(); games[0].Seq != 0 {
		t.Fatal("a record was written to a read-only save")
	}
	// A language switch says why again, in the new language.
	u.SetLanguage("es")
	if !uitest.HasText(u.win, "ya no se reproduce con las reglas actuales (paso 2") || uitest.HasText(u.win, "no longer replays") {
		t.Fatalf("read-only banner not in Spanish: %q", uitest.TextsIn(u.win))
	}
}

// unknownModule has a save of a game this build does not have.
type unknownModule struct{ *data.Store }

func (unknownModule) LoadGame(int64) (engine.Play, error) {
	return nil, fmt.Errorf("loading: %w", &engine.UnknownModuleError{Name: "twister"})
}

// A game of a module this build does not have is not opened, says so, and
// nothing is written: not to it, not as the game to continue.
func TestUnknownModuleIsNotOpened(t *testing.T) {
	store := realStore(t)
	id, _ := store.CreateGame("Elsewhere", newToy(t, toySetup{Count: 15}))
	u := New(test.NewTempApp(t), unknownModule{store}, "en")
	u.openGame(id)
	if u.sess != nil || u.screen != nil {
		t.Fatal("the game opened")
	}
	if want := "This save is a game of “twister”"; !strings.Contains(u.savesNotice.Text, want) {
		t.Fatalf("notice %q, want %q", u.savesNotice.Text, want)
	}
	if _, ok, _ := store.Setting(settingLastGame); ok {
		t.Fatal("the unknown game became the one to continue")
	}

	// The same with a module the engine knows but no screens are registered for.
	ForgetGame(toyName)
	defer RegisterGame(toyName, plainGame)
	u = New(test.NewTempApp(t), store, "en")
	u.openGame(id)
	if u.sess != nil || !strings.Contains(u.savesNotice.Text, "This save is a game of “toy”") {
		t.Fatalf("notice %q", u.savesNotice.Text)
	}
}

// The prompt card: a hint stands out, a checklist reads as a list, a
// choice applies its event (on N as well), and Undo says what it took back.
func TestPromptCard(t *testing.T) {
	g := newToy(t, toySetup{Count: 30})
	a, w, store, id := newTestArea(t, g, PromptParts{})

	w.Canvas().OnTypedRune()('n') // the first choice: turn 1
	for _, e := range []engine.Event{&ToyAdd{By: 1}, &ToyAdd{By: 1}, &ToyMark{}, &ToyMark{}} {
		a.Do(e)
		if a.Notice() != "" {
			t.Fatalf("%s: %s", e.Type(), a.Notice())
		}
	}
	if g.State().Turn != 1 || len(store.Records[id]) != 5 {
		t.Fatalf("turn %d, %d records", g.State().Turn, len(store.Records[id]))
	}
	var hint, step *widget.Label
	for _, o := range a.Prompt().Objects {
		if l, ok := o.(*widget.Label); ok {
			if l.Importance == widget.WarningImportance && hint == nil {
				hint = l
			}
			if strings.HasPrefix(l.Text, "• ") && step == nil {
				step = l
			}
		}
	}
	if hint == nil || hint.Text != "Mark the board" {
		t.Fatalf("no hint standing out: %q", uitest.VisibleTexts(w))
	}
	if step == nil || step.Text != "• Check 1" {
		t.Fatalf("no checklist: %q", uitest.VisibleTexts(w))
	}
	w.Canvas().OnTypedRune()('u')
	if a.Notice() != "Undone: Mark 2" || g.State().Marks != 1 {
		t.Fatalf("undo: notice %q, %d marks", a.Notice(), g.State().Marks)
	}
	if len(a.Entries()) == 0 || a.Entries()[0].Seq != 4 {
		t.Fatalf("log %+v", a.Entries())
	}
}

// emptyFileStore is a store that began on an empty file.
type emptyFileStore struct{ *uitest.MemStore }

func (emptyFileStore) FoundEmpty() bool { return true }
func (emptyFileStore) Path() string     { return "/saves/conductor.db" }

// An empty file taken as a new saves file is said, not silent.
func TestEmptyFileIsSaid(t *testing.T) {
	u := New(test.NewTempApp(t), emptyFileStore{uitest.NewMemStore()}, "en")
	if !strings.Contains(uitest.TextsIn(u.Window()), "/saves/conductor.db was an empty file") {
		t.Fatalf("not said: %q", uitest.TextsIn(u.Window()))
	}
	u = New(test.NewTempApp(t), uitest.NewMemStore(), "en")
	if strings.Contains(uitest.TextsIn(u.Window()), "was an empty file") {
		t.Fatal("said for a store that did not begin empty")
	}
}

// A stepper's number can be typed in, within its bounds: a Leader of 30 VP
// takes one tap and two keys, not nine taps.
func TestStepperTakesTyping(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("stepper")
	s := NewStepper("Leader VP", 0, 0, 99)
	w.SetContent(s.Content)
	w.Resize(fyne.NewSize(500, 200))
	test.Tap(s.typeIt)
	focused, ok := w.Canvas().Focused().(*widget.Entry)
	if !ok {
		t.Fatal("no entry to type in")
	}
	focused.SetText("30")
	focused.OnSubmitted(focused.Text)
	if s.Value != 30 {
		t.Fatalf("value %d", s.Value)
	}
	test.Tap(s.typeIt)
	focused = w.Canvas().Focused().(*widget.Entry)
	focused.SetText("500")
	focused.OnSubmitted(focused.Text)
	if s.Value != 99 {
		t.Fatalf("out of bounds: %d", s.Value)
	}
}

// Typing works for a stepper inside a dialog too (the Initiative panel's).
func TestStepperTakesTypingInADialog(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("stepper")
	w.Resize(fyne.NewSize(800, 600))
	s := NewStepper("Perception", 3, 0, 12)
	dialog.ShowCustom("Initiative", "Close", s.Content, w)
	test.Tap(s.typeIt)
	e, ok := w.Canvas().Focused().(*widget.Entry)
	if !ok {
		t.Fatal("no entry to type in")
	}
	e.SetText("7")
	e.OnSubmitted(e.Text)
	if s.Value != 7 {
		t.Fatalf("value %d", s.Value)
	}
}

// slowLoad closes entered when LoadGame is called, and holds it until
// release is closed.
type slowLoad struct {
	*data.Store
	entered, release chan struct{}
}

func newSlowLoad(store *data.Store) slowLoad {
	return slowLoad{store, make(chan struct{}), make(chan struct{})}
}

func (s slowLoad) LoadGame(id int64) (engine.Play, error) {
	close(s.entered)
	<-s.release
	return s.Store.LoadGame(id)
}

// lastPlayed saves a game in store and makes it the last game played.
func lastPlayed(t *testing.T, store *data.Store, name string) int64 {
	t.Helper()
	id, err := store.CreateGame(name, newToy(t, toySetup{Count: 30}))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SetSetting(settingLastGame, fmt.Sprint(id)); err != nil {
		t.Fatal(err)
	}
	return id
}

// The window shows at once, with its top bar and a placeholder in the
// window's language, while the last game loads behind it; the game's screen
// replaces the placeholder once it has loaded.
func TestLastGameLoadsBehindTheWindow(t *testing.T) {
	store := realStore(t)
	id := lastPlayed(t, store, "Monday's delve")
	slow := newSlowLoad(store)
	before := plainGame.newGames
	u := New(test.NewTempApp(t), slow, "en")
	if !uitest.HasText(u.win, "Loading your last game…") || uitest.FindButton(u.win, "New game") == nil || u.sess != nil {
		t.Fatalf("while loading: %q", uitest.TextsIn(u.win))
	}
	u.SetLanguage("es")
	if !uitest.HasText(u.win, "Cargando tu última partida…") {
		t.Fatalf("while loading, in Spanish: %q", uitest.TextsIn(u.win))
	}
	select {
	case <-u.Loaded():
		t.Fatal("loaded before the load was over")
	default:
	}
	close(slow.release)
	<-u.Loaded()
	if u.sess == nil || u.sess.ID() != id || u.screen == nil || uitest.HasText(u.win, "Cargando") {
		t.Fatalf("after loading: %q", uitest.TextsIn(u.win))
	}
	if plainGame.newGames != before || uitest.FindButton(u.win, "Partidas") == nil {
		t.Fatalf("New game asked %d times; top bar %q", plainGame.newGames-before, uitest.TextsIn(u.win))
	}
}

// A last game deleted starts afresh: the saved games show, or on a store
// with no game left the New game dialog.
func TestDeletedLastGameStartsAfresh(t *testing.T) {
	store := realStore(t)
	id := lastPlayed(t, store, "Gone")
	if err := store.DeleteGame(id); err != nil {
		t.Fatal(err)
	}
	before := plainGame.newGames
	u := New(test.NewTempApp(t), store, "en")
	<-u.Loaded()
	if u.sess != nil || plainGame.newGames != before+1 || uitest.HasText(u.win, "Loading") {
		t.Fatalf("New game asked %d times: %q", plainGame.newGames-before, uitest.TextsIn(u.win))
	}

	lastPlayed(t, store, "Kept")
	id = lastPlayed(t, store, "Gone too")
	if err := store.DeleteGame(id); err != nil {
		t.Fatal(err)
	}
	before = plainGame.newGames
	u = New(test.NewTempApp(t), store, "en")
	<-u.Loaded()
	if u.sess != nil || plainGame.newGames != before || !uitest.HasText(u.win, "Continue: Kept") {
		t.Fatalf("New game asked %d times: %q", plainGame.newGames-before, uitest.TextsIn(u.win))
	}
}

// A last game that cannot be loaded says why, as before, over the saved
// games.
func TestLastGameProblemIsShown(t *testing.T) {
	store := realStore(t)
	lastPlayed(t, store, "Elsewhere")
	u := New(test.NewTempApp(t), unknownModule{store}, "en")
	<-u.Loaded()
	if u.sess != nil || !uitest.HasText(u.win, "This save is a game of “twister”") || !uitest.HasText(u.win, "Continue: Elsewhere") {
		t.Fatalf("%q", uitest.TextsIn(u.win))
	}
}

// Closing the window while the last game loads opens nothing, and Shutdown
// returns only once the load no longer uses the store, so the store can
// close after it.
func TestCloseWhileLoadingOpensNothing(t *testing.T) {
	store := realStore(t)
	lastPlayed(t, store, "Monday's delve")
	slow := newSlowLoad(store)
	u := New(test.NewTempApp(t), slow, "en")
	<-slow.entered
	u.closeWindow()
	stopped := make(chan struct{})
	go func() {
		u.Shutdown()
		close(stopped)
	}()
	select {
	case <-stopped:
		t.Fatal("Shutdown returned while the load was still running")
	case <-u.Loaded():
		t.Fatal("loaded before the load was over")
	default:
	}
	close(slow.release)
	<-stopped
	<-u.Loaded()
	if u.sess != nil || u.screen != nil {
		t.Fatal("a game opened after the window closed")
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
}

// A card of the same shape is updated in place: its buttons' texts change,
// and so do the events they and their shortcuts apply.
func TestPromptCardUpdatesInPlace(t *testing.T) {
	g := newToy(t, toySetup{Count: 30})
	amount := 1
	// Only a choice that adds `amount`: its event changes, its shape not. The
	// prompt's ID stays, its argument changes: a shell message with two
	// (the toy's own IDs are untranslated texts, which show no arguments).
	only := func([]engine.Prompt) []engine.Prompt {
		return []engine.Prompt{{ID: "ui.rulings.line", Args: map[string]any{"Topic": "Count", "Game": fmt.Sprint(g.State().Count)},
			Choices: []engine.Choice{{ID: "Add", Event: &ToyAdd{By: amount}}}}}
	}
	a, w, _, _ := newTestArea(t, g, PromptParts{Arrange: only})
	card := slices.Clone(a.Prompt().Objects)
	w.Canvas().OnTypedRune()('n')
	amount = 5
	a.Refresh()
	label := a.Prompt().Objects[0].(*widget.Label).Text
	w.Canvas().OnTypedRune()('n')
	if got := g.State().Count; got != 30+1+5 {
		t.Fatalf("count %d, want 36: the shortcut applied a stale event", got)
	}
	if !slices.Equal(a.Prompt().Objects, card) {
		t.Fatal("a card of the same shape was built again")
	}
	if label != "Count · 31" {
		t.Fatalf("the card's text %q was not updated (count 31)", label)
	}
}

// Each log line shows its step's number in a column of its own, as wide as
// the newest step's, so the lines' words start at the same place and a line
// that comes back ("Rolled 1D6: 4.") is the same text again; a step's lines
// show it once.
func TestLogNumbersInAColumn(t *testing.T) {
	a, w, _, _ := newTestArea(t, newToy(t, toySetup{Count: 30}), PromptParts{})
	w.Resize(fyne.NewSize(800, 1200))
	w.Canvas().OnTypedRune()('n') // turn 1
	for range 11 {
		if a.Do(&ToyAdd{By: 1}); a.Notice() != "" {
			t.Fatal(a.Notice())
		}
	}
	var seqs []string
	var starts []float32
	uitest.WalkVisible(a.log, func(o fyne.CanvasObject) {
		c, ok := o.(*fyne.Container)
		if !ok || len(c.Objects) != 2 {
			return
		}
		if _, ok := c.Layout.(logRowLayout); !ok {
			return
		}
		seqs = append(seqs, c.Objects[0].(*widget.Label).Text)
		starts = append(starts, c.Objects[1].Position().X)
		if text := c.Objects[1].(*widget.Label).Text; strings.Contains(text, " · ") {
			t.Errorf("the line %q repeats its number", text)
		}
	})
	if len(seqs) < 12 || seqs[0] != "12" {
		t.Fatalf("the log's numbers: %q", seqs)
	}

	// A step of several lines shows its number once, on the newest line,
	// the first the list shows.
	line := func(seq int, id string) engine.LogEntry {
		return engine.LogEntry{Seq: seq, Message: engine.Message{ID: id}}
	}
	a.lines = []engine.LogEntry{line(1, "log.new_turn"), line(2, "ui.undo"), line(2, "ui.close"), line(2, "ui.cancel"), line(3, "ui.undo")}
	a.log.Refresh()
	seqs = nil
	uitest.WalkVisible(a.log, func(o fyne.CanvasObject) {
		if c, ok := o.(*fyne.Container); ok && len(c.Objects) == 2 {
			if _, ok := c.Layout.(logRowLayout); ok {
				seqs = append(seqs, c.Objects[0].(*widget.Label).Text)
			}
		}
	})
	if want := []string{"3", "2", "", "", "1"}; !slices.Equal(seqs[:5], want) {
		t.Fatalf("the log's numbers %q, want %q", seqs, want)
	}
	for i, x := range starts {
		if x != starts[0] || x < fyne.MeasureText("12", theme.TextSize(), fyne.TextStyle{}).Width {
			t.Fatalf("line %s starts at %v, line %s at %v", seqs[i], x, seqs[0], starts[0])
		}
	}
}

// ForgetGame removes a module's screens: a test of the package ui_test
// that registered a game's own takes them away again.
func ForgetGame(module string) {
	gamesMu.Lock()
	defer gamesMu.Unlock()
	delete(games, module)
}
