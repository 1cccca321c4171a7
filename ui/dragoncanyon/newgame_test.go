package dcui

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// soloSetup is the setup of the solo game the command line's golden test
// plays.
func soloSetup(t *testing.T) dragoncanyon.Setup {
	t.Helper()
	file, err := os.Open("../../core/dragoncanyon/testdata/scripts/dragon_canyon_solo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() {
		t.Fatal("an empty script")
	}
	var first struct {
		Setup dragoncanyon.Setup `json:"setup"`
	}
	if err := json.Unmarshal(sc.Bytes(), &first); err != nil || len(first.Setup.Board) != dragoncanyon.Size {
		t.Fatalf("the script's setup: %v", err)
	}
	return first.Setup
}

// pick chooses option in a select as the Conductor does: tap it, then tap
// the option in the menu it opens.
func pick(t *testing.T, w fyne.Window, sel *widget.Select, option string) {
	t.Helper()
	test.Tap(sel)
	var item fyne.Tappable
	uitest.WalkVisible(w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if tp, ok := o.(fyne.Tappable); ok && o != sel && uitest.TextOf(o) == option {
			item = tp // the deepest: the menu's item, not the pop-up around a single one
		}
	})
	if item == nil {
		t.Fatalf("no %q in the select's menu: %q", option, uitest.VisibleTexts(w))
	}
	test.Tap(item)
	if sel.Selected != option {
		t.Fatalf("picked %q, the select shows %q", option, sel.Selected)
	}
}

// pickBoard lays board out on the grid through its widgets, cell by cell:
// the resource and the amount from their menus, the Dragon Canyon box
// ticked or not, the dragon's box on its tile.
func pickBoard(t *testing.T, h *harness, board [][]dragoncanyon.TileSetup, dragon dragoncanyon.Pos) {
	t.Helper()
	f, tr := h.d.form, h.u.Translator()
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			cell, tile := f.grid.cells[r][c], board[r][c]
			pick(t, h.win, cell.resource, tr.T("ui.dc.res."+tile.Resource, nil))
			pick(t, h.win, cell.amount, strconv.Itoa(tile.Amount))
			if cell.canyon.Checked != tile.Canyon {
				test.Tap(cell.canyon)
			}
		}
	}
	if cell := f.grid.cells[dragon[0]-1][dragon[1]-1]; !cell.dragon.Checked {
		test.Tap(cell.dragon)
	}
}

// The board picked cell by cell on the grid is the solo script's board, and
// the game started from it has that board and dragon.
func TestGridBuildsTheScriptBoard(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		want := soloSetup(t)
		h := newHarness(t, lang)
		f := h.d.form
		pickBoard(t, h, want.Board, want.Dragon)
		for r := range dragoncanyon.Size {
			for c := range dragoncanyon.Size {
				if got := f.grid.cells[r][c].problem.Text; got != "" {
					t.Errorf("%s: tile %d,%d says %q", lang, r+1, c+1, got)
				}
			}
		}
		if !reflect.DeepEqual(f.grid.board(), want.Board) || f.grid.dragon != want.Dragon {
			t.Fatalf("%s: the grid's board %v dragon %v, want %v %v", lang, f.grid.board(), f.grid.dragon, want.Board, want.Dragon)
		}
		uitest.TapInDialog(t, h.win, h.u.Translator().T("ui.newgame.start", nil))
		s := h.game().Setup()
		if !reflect.DeepEqual(s.Board, want.Board) || s.Dragon != want.Dragon {
			t.Fatalf("%s: the game's board %v dragon %v, want %v %v", lang, s.Board, s.Dragon, want.Board, want.Dragon)
		}
	}
}

// A board that breaks a rule of its make-up says so on the tiles that break
// it, and in full below the board; Start waits until it is put right. The
// dragon starts on one tile only.
func TestBadBoardShowsOnTheCell(t *testing.T) {
	type cellSays struct {
		tile dragoncanyon.Pos
		text string
	}
	cases := []struct {
		name string
		lang string
		edit func(t *testing.T, h *harness)
		says []cellSays
		list string // a line of the list below the board
	}{
		{name: "a resource twice in a row", lang: "en",
			edit: func(t *testing.T, h *harness) { pick(t, h.win, h.d.form.grid.cells[0][1].resource, "Wood") },
			says: []cellSays{{dragoncanyon.Pos{1, 1}, "Row 1: Wood ×2"}, {dragoncanyon.Pos{1, 2}, "Row 1: Wood ×2 · Col. 2: Wood ×2"}, {dragoncanyon.Pos{2, 2}, "Col. 2: Wood ×2"}},
			list: "Tile 1,2: Wood is in row 1 2 times: once in every row."},
		{name: "a third canyon", lang: "es",
			edit: func(t *testing.T, h *harness) { test.Tap(h.d.form.grid.cells[0][0].canyon) },
			says: []cellSays{{dragoncanyon.Pos{1, 1}, "Cañones: 3 de 2"}, {dragoncanyon.Pos{2, 2}, "Cañones: 3 de 2"}, {dragoncanyon.Pos{3, 4}, "Cañones: 3 de 2"}},
			list: "El tablero necesita 2 casillas de Dragon Canyon, no 3."},
		{name: "canyons in one column", lang: "en",
			edit: func(t *testing.T, h *harness) {
				test.Tap(h.d.form.grid.cells[2][3].canyon) // off 3,4
				test.Tap(h.d.form.grid.cells[3][1].canyon) // on 4,2: column 2, with 2,2
			},
			says: []cellSays{{dragoncanyon.Pos{2, 2}, "In line with canyon 4,2"}, {dragoncanyon.Pos{4, 2}, "In line with canyon 2,2"}},
			list: "Tile 4,2: The other Dragon Canyon tile (2,2) is in the same row or column."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, c.lang)
			f := h.d.form
			f.presetSelect.SetSelected(f.builtin) // the standard board: good
			start := uitest.Button(t, h.win, h.u.Translator().T("ui.newgame.start", nil))
			if start.Disabled() || f.grid.list.Importance != widget.SuccessImportance {
				t.Fatalf("the standard board is refused: %q", f.grid.list.Text)
			}
			c.edit(t, h)
			for r := range dragoncanyon.Size {
				for col := range dragoncanyon.Size {
					p := dragoncanyon.Pos{r + 1, col + 1}
					want := ""
					for _, s := range c.says {
						if s.tile == p {
							want = s.text
						}
					}
					cell := f.grid.cells[r][col]
					if got := cell.problem.Text; got != want {
						t.Errorf("tile %v says %q, want %q", p, got, want)
					}
					if marked := cell.bg.StrokeWidth > 0; marked != (want != "") {
						t.Errorf("tile %v: marked %v", p, marked)
					}
				}
			}
			if !slices.Contains(strings.Split(f.grid.list.Text, "\n"), c.list) {
				t.Errorf("the list says %q, not %q", f.grid.list.Text, c.list)
			}
			if !start.Disabled() || !f.saveButton.Disabled() {
				t.Fatal("Start or Save as preset… is enabled on a bad board")
			}
			f.presetSelect.SetSelected(f.builtin)
			if start.Disabled() {
				t.Fatal("Start stays disabled once the board is good again")
			}
		})
	}
	// The dragon starts on one tile: ticking another moves it, unticking
	// its tile leaves it there.
	h := newHarness(t, "en")
	g := h.d.form.grid
	test.Tap(g.cells[3][3].dragon)
	test.Tap(g.cells[0][0].dragon)
	test.Tap(g.cells[0][0].dragon)
	n := 0
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			if g.cells[r][c].dragon.Checked {
				n++
			}
		}
	}
	if g.dragon != (dragoncanyon.Pos{1, 1}) || n != 1 || !g.cells[0][0].dragon.Checked {
		t.Fatalf("the dragon on %v, %d boxes ticked", g.dragon, n)
	}
}

// Every problem core finds has its short wording for a cell, in every
// language.
func TestEveryBoardProblemHasACellWording(t *testing.T) {
	board, _ := dragoncanyon.PresetBoard()
	board[0][0] = dragoncanyon.TileSetup{Resource: "gold", Amount: 7, Canyon: true}
	board[0][2].Resource = dragoncanyon.Food // twice in row 1 and in column 3
	board[1][0].Canyon = true
	ids := map[string]bool{}
	for _, p := range append(dragoncanyon.CheckBoard(board, dragoncanyon.Pos{9, 9}), dragoncanyon.CheckBoard(board[:1], dragoncanyon.Pos{})...) {
		ids[p.ID] = true
	}
	board, dragon := dragoncanyon.PresetBoard()
	board[2][1].Canyon, board[1][1].Canyon = true, false
	for _, p := range dragoncanyon.CheckBoard(board, dragon) {
		ids[p.ID] = true
	}
	if len(ids) < 9 {
		t.Fatalf("only %d kinds of problem were made: %v", len(ids), ids)
	}
	for _, l := range translations.Languages {
		tr := translations.New(l.Tag)
		for id := range ids {
			if got := tr.T(cellID(id), map[string]any{"ResourceKey": "ui.dc.res.wood"}); got == cellID(id) || strings.Contains(got, "setup.") {
				t.Errorf("%s: %s has no cell wording (%q)", l.Tag, id, got)
			}
		}
	}
}

// A board saved as a preset by name comes back the same when picked, in
// this dialog and the next; a hostile name is refused with its reason, and
// a deleted preset is gone.
func TestPresets(t *testing.T) {
	h := newHarness(t, "en")
	f := h.d.form
	want, dragon := f.grid.board(), f.grid.dragon
	tr := h.u.Translator()
	test.Tap(uitest.Button(t, h.win, "Save as preset"))
	var entry *widget.Entry
	uitest.WalkVisible(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if e, ok := o.(*widget.Entry); ok && entry == nil {
			entry = e
		}
	})
	if entry == nil {
		t.Fatalf("no name to type: %q", uitest.VisibleTexts(h.win))
	}
	test.Type(entry, "  Kitchen table ")
	uitest.TapInDialog(t, h.win, "Save")
	if got := f.presetSelect.Selected; got != "Kitchen table" {
		t.Fatalf("the preset picked is %q", got)
	}
	if !uitest.HasText(h.win, "The board is saved as “Kitchen table”.") {
		t.Errorf("no word of the save: %q", uitest.VisibleTexts(h.win))
	}
	// Another board, then the preset again.
	f.newSeed = func() uint64 { return f.seed + 1 }
	test.Tap(uitest.Button(t, h.win, "New random board"))
	if reflect.DeepEqual(f.grid.board(), want) {
		t.Fatal("the new random board is the same")
	}
	pick(t, h.win, f.presetSelect, "Kitchen table")
	if !reflect.DeepEqual(f.grid.board(), want) || f.grid.dragon != dragon {
		t.Fatalf("the preset gives %v %v, want %v %v", f.grid.board(), f.grid.dragon, want, dragon)
	}
	// The next dialog reads it from the store.
	next := newNewGameForm(tr, h.store, sampleDecks, func() uint64 { return 3 })
	next.presetSelect.SetSelected("Kitchen table")
	if !reflect.DeepEqual(next.grid.board(), want) || next.grid.dragon != dragon {
		t.Fatal("the preset is not in the next dialog")
	}
	// Hostile names are refused, each with its reason.
	for _, c := range []struct{ name, why string }{
		{"", "Give the preset a name."},
		{"   ", "Give the preset a name."},
		{strings.Repeat("x", maxPresetName+1), "A name has at most 40 characters."},
		{"evil\u202Egnp.exe", "A name cannot hold control, formatting or invisible characters."},
		{"two\nlines", "A name cannot hold control, formatting or invisible characters."},
		{"nul\x00", "A name cannot hold control, formatting or invisible characters."},
		{"zero\u200Bwidth", "A name cannot hold control, formatting or invisible characters."},
		{"bad\xffutf8", "A name cannot hold control, formatting or invisible characters."},
		{"The standard board", "That is the standard board's name."},
	} {
		err := f.savePreset(c.name)
		if err == nil || err.Error() != c.why {
			t.Errorf("%q: %v, want %q", c.name, err, c.why)
		}
	}
	if err := f.savePreset(strings.Repeat("é", maxPresetName)); err != nil {
		t.Errorf("a name of 40 letters: %v", err)
	}
	if got := len(f.presetSelect.Options); got != 3 {
		t.Fatalf("%d presets listed: %q", got, f.presetSelect.Options)
	}
	// Delete it: asked first, then gone, and the board stays.
	pick(t, h.win, f.presetSelect, "Kitchen table")
	test.Tap(uitest.Button(t, h.win, "Delete the preset"))
	uitest.TapInDialog(t, h.win, "Delete")
	if slices.Contains(f.presetSelect.Options, "Kitchen table") || strings.Contains(h.store.Settings[settingPresets], "Kitchen table") {
		t.Fatalf("the preset is still there: %q", f.presetSelect.Options)
	}
	if !reflect.DeepEqual(f.grid.board(), want) {
		t.Fatal("deleting the preset changed the board")
	}
	// Spanish: the reason is translated.
	es := newHarness(t, "es")
	if err := es.d.form.presetNameError("a\tb"); err == nil || !strings.Contains(err.Error(), "caracteres de control") {
		t.Errorf("Spanish: %v", err)
	}
}

// Presets saved by hand or by an older version: unreadable JSON is said
// and ignored; a preset of another size or with a hostile name is left out;
// a board with a bad amount is laid out with its problem on its cell.
func TestStoredPresets(t *testing.T) {
	good, dragon := dragoncanyon.PresetBoard()
	bad, _ := dragoncanyon.PresetBoard()
	bad[1][1].Amount = 7
	value := writePresets([]preset{
		{Name: "Seven", Board: bad, Dragon: dragon},
		{Name: "Short", Board: good[:2], Dragon: dragon},
		{Name: "evil\u202E", Board: good, Dragon: dragon},
		{Name: "Good", Board: good, Dragon: dragon},
	})
	tr := translations.New("en")
	store := uitest.NewMemStore()
	store.Settings[settingPresets] = value
	test.NewTempApp(t)
	f := newNewGameForm(tr, store, sampleDecks, func() uint64 { return 1 })
	if want := []string{"The standard board", "Seven", "Good"}; !slices.Equal(f.presetSelect.Options, want) {
		t.Fatalf("presets %q, want %q", f.presetSelect.Options, want)
	}
	f.presetSelect.SetSelected("Seven")
	if got := f.grid.cells[1][1].problem.Text; got != "Amount 1 to 3" || f.grid.cells[1][1].amount.PlaceHolder != "7" {
		t.Fatalf("tile 2,2 says %q, shows %q", got, f.grid.cells[1][1].amount.PlaceHolder)
	}
	store.Settings[settingPresets] = "{not json"
	f = newNewGameForm(tr, store, sampleDecks, func() uint64 { return 1 })
	if len(f.presetSelect.Options) != 1 || !f.presetNote.Visible() || !strings.Contains(f.presetNote.Text, "cannot be read") {
		t.Fatalf("unreadable presets: %q %q", f.presetSelect.Options, f.presetNote.Text)
	}
}

// The decks as tables: − and + change a kind's count within core's limits,
// the totals follow, and the text one tab away says the same list; the
// game starts with it. Text typed makes the tables again; a text with
// problems hides them and Start waits.
func TestDeckTables(t *testing.T) {
	h := newHarness(t, "en")
	f := h.d.form
	f.decks.SetText(`building market "Market" stack=2 vp=1
action tile=1,2 fight tiebreak=up,cw strength=2 build=market
action tile=2,2 dragon tiebreak=left,acw strength=1 build=market count=2
force strength=3 count=2
force strength=0 slayer
`)
	d := f.tables
	if got := d.actionTotal.Text + " / " + d.forceTotal.Text + " / " + d.buildingTotal.Text; got != "Total: 3 cards / Total: 3 cards / Total: 2 building tiles" {
		t.Fatalf("totals %q", got)
	}
	if !uitest.HasText(h.win, "Tile 2,2 · Move Dragon · left, anticlockwise · strength 1 · Market") {
		t.Fatalf("the action row is not said in names: %q", uitest.VisibleTexts(h.win))
	}
	taps := []struct {
		row  string
		plus bool
		n    int
	}{
		{"force:0", true, 3},   // strength 3: 2 → 5
		{"force:1", false, 1},  // the Dragon Slayer: 1 → 0
		{"force:1", false, 1},  // stays 0: − is disabled
		{"action:0", true, 1},  // 1 → 2
		{"action:1", false, 2}, // 2 → 0
		{"building:market", true, 1},
	}
	for _, tp := range taps {
		row := d.counts[tp.row]
		for range tp.n {
			if tp.plus {
				test.Tap(row.plus)
			} else {
				test.Tap(row.minus)
			}
		}
	}
	if !d.counts["force:1"].minus.Disabled() || d.counts["force:1"].value.Text != "0" {
		t.Fatal("a count went below 0")
	}
	want := decklist.List{
		Buildings: []decklist.Building{{ID: "market", Name: "Market", Stack: 3, VP: 1}},
		Actions: []decklist.ActionCard{
			{Tile: dragoncanyon.Pos{1, 2}, Action: "fight", Start: "up", Turn: "cw", Strength: 2, Building: "market"},
			{Tile: dragoncanyon.Pos{1, 2}, Action: "fight", Start: "up", Turn: "cw", Strength: 2, Building: "market"},
		},
		Forces: slices.Repeat([]decklist.ForceCard{{Strength: 3}}, 5),
	}
	fromText, ps := decklist.Parse(f.decks.Text)
	if len(ps) > 0 || !reflect.DeepEqual(fromText, want) || !reflect.DeepEqual(d.list(), want) {
		t.Fatalf("the text %q reads %+v %v; the tables %+v; want %+v", f.decks.Text, fromText, ps, d.list(), want)
	}
	if d.forceTotal.Text != "Total: 5 cards" || d.actionTotal.Text != "Total: 2 cards" {
		t.Fatalf("totals %q %q", d.forceTotal.Text, d.actionTotal.Text)
	}
	// + stops at core's limit.
	for range decklist.MaxCount {
		test.Tap(d.counts["force:0"].plus)
	}
	if d.counts["force:0"].value.Text != "40" || !d.counts["force:0"].plus.Disabled() {
		t.Fatalf("the count passed %d: %s", decklist.MaxCount, d.counts["force:0"].value.Text)
	}
	for range decklist.MaxCount - 5 {
		test.Tap(d.counts["force:0"].minus)
	}
	uitest.TapInDialog(t, h.win, "Start")
	s := h.game().Setup()
	if !reflect.DeepEqual(s.ActionDeck.Cards, want.Actions) || !reflect.DeepEqual(s.ForceDeck.Cards, want.Forces) || !reflect.DeepEqual(s.Buildings, want.Buildings) {
		t.Fatalf("the game's decks %+v %+v %+v", s.ActionDeck.Cards, s.ForceDeck.Cards, s.Buildings)
	}
}

// Typing in the text makes the tables again; a text with problems hides
// them, says its problems and Start waits; an empty virtual deck too.
func TestDeckTextDrivesTheTables(t *testing.T) {
	h := newHarness(t, "en")
	f := h.d.form
	start := uitest.Button(t, h.win, "Start")
	f.decks.SetText("building b \"B\" stack=1\nforce strength=4 count=3\n")
	if len(f.tables.forces) != 1 || f.tables.forces[0].Count != 3 || !f.tables.tables.Visible() {
		t.Fatalf("the tables did not follow the text: %+v", f.tables.forces)
	}
	if !start.Disabled() || !strings.Contains(f.problems.Text, "Action deck: add its cards") {
		t.Fatalf("an empty action deck: Start %v, %q", start.Disabled(), f.problems.Text)
	}
	test.Tap(f.actionReal)
	if start.Disabled() {
		t.Fatalf("a physical action deck needs no cards: %q", f.problems.Text)
	}
	f.decks.SetText("building b \"B\" stack=1\nforce strength=99\n")
	if f.tables.tables.Visible() || !f.tables.broken.Visible() || !start.Disabled() || !strings.Contains(f.problems.Text, "decks.txt:2: strength=99") {
		t.Fatalf("a bad text: tables shown %v, Start %v, %q", f.tables.tables.Visible(), start.Disabled(), f.problems.Text)
	}
}

// The New game dialog fits a 1024×768 screen in both languages: the
// dialog, opened on that window, is within it and takes its height, and
// nothing in its form (the board's 4 cells side by side, the preset
// buttons) asks for more width than the form's scroll gives.
func TestNewGameFitsTheSmallestScreen(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang)
		h.win.Resize(fyne.NewSize(1024, 768))
		for o := h.win.Canvas().Overlays(); o.Top() != nil; {
			o.Remove(o.Top()) // the dialog the first start opened, on a smaller window
		}
		f := h.d.openNewGame(h.win, h.u.Translator(), ui.Starter{})
		uitest.Settle(h.win)
		c := h.win.Canvas().Size()
		var dialog, room fyne.Size
		uitest.WalkVisible(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
			if p, ok := o.(*widget.PopUp); ok {
				dialog = p.Content.Size()
			}
			if s, ok := o.(*container.Scroll); ok && room.IsZero() {
				room = s.Size()
			}
		})
		if dialog.Width > c.Width || dialog.Height > c.Height || dialog.Height < c.Height-100 {
			t.Errorf("%s: the dialog takes %v of the window's %v", lang, dialog, c)
		}
		need := f.content.MinSize()
		t.Logf("%s: the form needs %v wide, the board %v, in %v (dialog %v)", lang, need.Width, f.grid.content.MinSize(), room, dialog)
		if need.Width > room.Width-20 { // the scroll bar's gutter
			t.Errorf("%s: the form needs %v wide, its scroll gives %v", lang, need.Width, room.Width)
		}
	}
}

// A new kind of card is picked part by part under its deck and added: Add
// waits for every part; a kind already listed gets one more; the text
// follows.
func TestDeckPickersAddKinds(t *testing.T) {
	h := newHarness(t, "en")
	f := h.d.form
	f.decks.SetText("building market \"Market\" stack=2 vp=1\nforce strength=3\n")
	d := f.tables
	p := &d.newAction
	if !p.add.Disabled() {
		t.Fatal("Add is enabled before the card is picked")
	}
	pick(t, h.win, p.row, "2")
	pick(t, h.win, p.col, "3")
	pick(t, h.win, p.action, "Move Dragon")
	pick(t, h.win, p.start, "left")
	pick(t, h.win, p.turn, "anticlockwise")
	pick(t, h.win, p.strength, "-1")
	if !p.add.Disabled() {
		t.Fatal("Add is enabled without the building")
	}
	pick(t, h.win, p.building, "Market")
	test.Tap(p.add)
	test.Tap(p.add)
	pick(t, h.win, d.newForce.strength, "0")
	test.Tap(d.newForce.slayer)
	test.Tap(d.newForce.add)
	pick(t, h.win, d.newForce.strength, "3")
	test.Tap(d.newForce.slayer)
	test.Tap(d.newForce.add)
	want := "building market \"Market\" stack=2 vp=1\n" +
		"action tile=2,3 dragon tiebreak=left,acw strength=-1 build=market count=2\n" +
		"force strength=3 count=2\n" +
		"force strength=0 slayer\n"
	if f.decks.Text != want {
		t.Fatalf("the text:\n%s\nwant:\n%s", f.decks.Text, want)
	}
	if d.actionTotal.Text != "Total: 2 cards" || d.forceTotal.Text != "Total: 3 cards" || !uitest.HasText(h.win, "Strength 0 · Dragon Slayer") {
		t.Fatalf("totals %q %q", d.actionTotal.Text, d.forceTotal.Text)
	}
	if start := uitest.Button(t, h.win, "Start"); start.Disabled() {
		t.Fatalf("Start waits: %q", f.problems.Text)
	}
}
