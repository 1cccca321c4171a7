package dcui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// deckFile is the name problems in the typed deck list are reported under.
const deckFile = "decks.txt"

// sampleDecks is the deck list offered the first time: a shape to follow,
// to be replaced by the cards of the box.
const sampleDecks = `# Buildings in play: building ID "Name" stack=N vp=N [cost=wood:N,stone:N]
building training_ground "Training Ground" stack=4 vp=2
building tribal_village "Tribal Village" stack=4 vp=2
building guard_tower "Guard Tower" stack=4 vp=2
# AI action cards: action tile=ROW,COL fight|dragon tiebreak=DIR,cw|acw strength=N build=ID
action tile=1,1 fight tiebreak=up,cw strength=1 build=guard_tower
action tile=2,3 dragon tiebreak=left,acw strength=0 build=training_ground
action tile=3,2 fight tiebreak=down,cw strength=2 build=tribal_village
action tile=4,4 fight tiebreak=right,acw strength=1 build=guard_tower
# AI Force cards: force strength=N [slayer] [count=N]
force strength=2 count=3
force strength=3 count=2
force strength=0 slayer
`

// newGameForm is the New game dialog's form: the players, the difficulty,
// the board as a grid of tile pickers with its presets, the decks as
// tables with their text one tab away.
type newGameForm struct {
	tr         *translations.Translator
	store      Store
	win        fyne.Window
	players    *widget.RadioGroup
	difficulty *widget.RadioGroup
	grid       *boardGrid
	// The board drawn from seed (the game's) is the first one laid out.
	seed      uint64
	newSeed   func() uint64
	seedLabel *widget.Label
	redraw    *widget.Button
	// Presets: the standard board (core's) and the boards saved by name.
	builtin      string
	presets      []preset
	presetSelect *widget.Select
	saveButton   *widget.Button
	deleteButton *widget.Button
	presetNote   *widget.Label
	actionReal   *widget.Check
	forceReal    *widget.Check
	forceSize    *ui.Stepper
	decks        *ui.TextBox // Tab moves on: a deck list has no tabs
	tables       *deckTables
	deckTabs     *container.AppTabs
	problems     *widget.Label
	deckList     decklist.List
	deckOK       bool
	syncing      bool // the text is being written from the tables
	content      fyne.CanvasObject
	// onValid is told, after every change, whether a game can start.
	onValid func(bool)
	// rules are the rule readings (dragoncanyon.RuleOptions).
	rules *ui.RuleOptionInputs
}

func newNewGameForm(tr *translations.Translator, store Store, decks string, newSeed func() uint64) *newGameForm {
	f := &newGameForm{tr: tr, store: store, newSeed: newSeed, seed: newSeed(), builtin: tr.T("ui.dc.new.preset_builtin", nil)}
	t := func(id string) string { return tr.T(id, nil) }
	f.players = widget.NewRadioGroup([]string{t("ui.dc.new.solo"), t("ui.dc.new.two")}, nil)
	f.players.Horizontal = true
	f.players.SetSelected(f.players.Options[0])
	f.difficulty = widget.NewRadioGroup([]string{t("ui.dc.difficulty.easier"), t("ui.dc.difficulty.normal"), t("ui.dc.difficulty.harder")}, nil)
	f.difficulty.Horizontal = true
	f.difficulty.SetSelected(f.difficulty.Options[1])

	f.grid = newBoardGrid(tr)
	f.grid.onChange = func() {
		f.presetSelect.ClearSelected() // the board is no longer the preset picked
		f.note("")
		f.checkValid()
	}
	f.seedLabel = widget.NewLabel("")
	f.redraw = widget.NewButtonWithIcon(t("ui.dc.new.board_redraw"), theme.ViewRefreshIcon(), func() {
		f.seed = f.newSeed()
		f.layRandom()
	})
	f.presetSelect = widget.NewSelect(nil, func(name string) { f.pickPreset(name) })
	f.presetSelect.PlaceHolder = t("ui.dc.new.preset_pick")
	f.saveButton = widget.NewButtonWithIcon(t("ui.dc.new.preset_save"), theme.DocumentSaveIcon(), func() { f.openSavePreset() })
	f.deleteButton = widget.NewButtonWithIcon(t("ui.dc.new.preset_delete"), theme.DeleteIcon(), func() { f.confirmDeletePreset() })
	f.presetNote = ui.Wrapped("", widget.MediumImportance)

	f.actionReal = widget.NewCheck(t("ui.dc.new.action_physical"), func(bool) { f.checkDecks() })
	f.forceSize = ui.NewStepper(t("ui.dc.new.force_size"), 8, 1, 40)
	f.forceSize.Content.Hide() // a physical deck's size only
	f.forceReal = widget.NewCheck(t("ui.dc.new.force_physical"), func(on bool) {
		if on {
			f.forceSize.Content.Show()
		} else {
			f.forceSize.Content.Hide()
		}
		f.checkDecks()
	})
	f.tables = newDeckTables(tr)
	f.tables.onChange = func(l decklist.List) {
		f.syncing = true
		f.decks.SetText(decklist.Format(l))
		f.syncing = false
		f.checkDecks()
	}
	f.decks = &ui.TextBox{}
	f.decks.MultiLine = true
	f.decks.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as widget.NewMultiLineEntry: long lines are not wrapped
	f.decks.ExtendBaseWidget(f.decks)
	f.decks.SetMinRowsVisible(10)
	f.decks.TextStyle.Monospace = true
	f.decks.OnChanged = func(string) {
		if !f.syncing {
			f.textChanged()
		}
	}
	f.problems = ui.Wrapped("", widget.DangerImportance)
	f.deckTabs = container.NewAppTabs(
		container.NewTabItem(t("ui.dc.new.tab_tables"), f.tables.content),
		container.NewTabItem(t("ui.dc.new.tab_text"), container.NewVBox(ui.Wrapped(t("ui.dc.new.decks_help"), widget.MediumImportance), f.decks)),
	)

	f.content = container.NewVBox(
		ui.Heading(t("ui.dc.new.players")), f.players,
		ui.Heading(t("ui.dc.new.difficulty")), f.difficulty,
		ui.Wrapped(t("ui.dc.new.difficulty_help"), widget.MediumImportance),
		ui.Heading(t("ui.dc.new.board")),
		ui.Wrapped(t("ui.dc.new.board_help"), widget.MediumImportance),
		container.NewHBox(f.redraw, f.seedLabel),
		container.NewBorder(nil, nil, widget.NewLabel(t("ui.dc.new.presets")), nil, f.presetSelect),
		container.NewHBox(f.saveButton, f.deleteButton),
		f.presetNote,
		f.grid.content, // the board the full width: its cells readable
		ui.Heading(t("ui.dc.new.decks")),
		f.actionReal, f.forceReal, f.forceSize.Content,
		f.deckTabs, f.problems,
		f.addRuleOptions(),
	)
	f.layRandom()
	f.loadPresets()
	f.decks.SetText(decks) // the tables follow the text
	return f
}

// layRandom lays out the board drawn from the game's seed.
func (f *newGameForm) layRandom() {
	board, dragon := dragoncanyon.RandomBoard(f.seed)
	f.grid.set(board, dragon)
	f.seedLabel.SetText(f.tr.T("ui.dc.new.seed", map[string]any{"Seed": strconv.FormatUint(f.seed, 10)}))
	f.presetSelect.ClearSelected()
	f.note("")
	f.checkValid()
}

// loadPresets reads the saved presets and lists them after the standard
// board.
func (f *newGameForm) loadPresets() {
	f.presets = nil
	if v, _, err := f.store.Setting(settingPresets); err == nil {
		var ok bool
		if f.presets, ok = readPresets(v); !ok {
			f.note(f.tr.T("ui.dc.new.preset_unreadable", nil))
		}
	}
	names := []string{f.builtin}
	for _, p := range f.presets {
		names = append(names, p.Name)
	}
	f.presetSelect.SetOptions(names)
	f.updatePresetButtons()
}

// savedPreset is the index of the saved preset called name, or -1.
func (f *newGameForm) savedPreset(name string) int {
	return slices.IndexFunc(f.presets, func(p preset) bool { return p.Name == name })
}

// pickPreset lays out the preset picked.
func (f *newGameForm) pickPreset(name string) {
	defer f.updatePresetButtons()
	if name == "" {
		return
	}
	board, dragon := dragoncanyon.PresetBoard()
	if i := f.savedPreset(name); i >= 0 {
		board, dragon = f.presets[i].Board, f.presets[i].Dragon
	} else if name != f.builtin {
		return
	}
	f.grid.set(board, dragon)
	f.note("")
	f.checkValid()
}

// note says what became of a preset; nothing takes no room.
func (f *newGameForm) note(text string) {
	f.presetNote.SetText(text)
	if text == "" {
		f.presetNote.Hide()
	} else {
		f.presetNote.Show()
	}
}

func (f *newGameForm) updatePresetButtons() {
	if f.savedPreset(f.presetSelect.Selected) >= 0 {
		f.deleteButton.Enable()
	} else {
		f.deleteButton.Disable()
	}
	if f.grid.valid() {
		f.saveButton.Enable()
	} else {
		f.saveButton.Disable()
	}
}

// presetNameError is what is wrong with a name typed for a preset, as a
// translated error, or nil.
func (f *newGameForm) presetNameError(name string) error {
	name = strings.TrimSpace(name)
	if id := presetNameProblem(name, f.builtin); id != "" {
		return errors.New(f.tr.T(id, map[string]any{"Max": maxPresetName}))
	}
	if f.savedPreset(name) < 0 && len(f.presets) >= maxPresets {
		return errors.New(f.tr.T("ui.dc.new.preset_too_many", map[string]any{"Max": maxPresets}))
	}
	return nil
}

// savePreset saves the board on the grid as name (the spaces around it
// trimmed), over a preset of that name; it says why it cannot.
func (f *newGameForm) savePreset(name string) error {
	if err := f.presetNameError(name); err != nil {
		return err
	}
	if !f.grid.valid() {
		return errors.New(f.tr.T("ui.dc.new.preset_invalid", nil))
	}
	name = strings.TrimSpace(name)
	p := preset{Name: name, Board: f.grid.board(), Dragon: f.grid.dragon}
	presets := slices.Clone(f.presets)
	if i := f.savedPreset(name); i >= 0 {
		presets[i] = p
	} else {
		presets = append(presets, p)
	}
	if err := f.store.SetSetting(settingPresets, writePresets(presets)); err != nil {
		return err
	}
	f.loadPresets()
	f.presetSelect.SetSelected(name)
	f.note(f.tr.T("ui.dc.new.preset_saved", map[string]any{"Name": name}))
	return nil
}

// deletePreset deletes the saved preset called name; the board stays.
func (f *newGameForm) deletePreset(name string) error {
	i := f.savedPreset(name)
	if i < 0 {
		return nil
	}
	presets := slices.Delete(slices.Clone(f.presets), i, i+1)
	if err := f.store.SetSetting(settingPresets, writePresets(presets)); err != nil {
		return err
	}
	f.loadPresets()
	f.note(f.tr.T("ui.dc.new.preset_deleted", map[string]any{"Name": name}))
	return nil
}

// openSavePreset asks the preset's name; the Save button waits for a good
// one, and a refused name says why.
func (f *newGameForm) openSavePreset() {
	entry := widget.NewEntry()
	if f.savedPreset(f.presetSelect.Selected) >= 0 {
		entry.SetText(f.presetSelect.Selected)
	}
	entry.Validator = f.presetNameError
	item := widget.NewFormItem(f.tr.T("ui.dc.new.preset_name", nil), entry)
	d := dialog.NewForm(f.tr.T("ui.dc.new.preset_save_title", nil), f.tr.T("ui.dc.new.preset_save_ok", nil), f.tr.T("ui.cancel", nil),
		[]*widget.FormItem{item}, func(ok bool) {
			if !ok {
				return
			}
			if err := f.savePreset(entry.Text); err != nil {
				f.showError(err)
			}
		}, f.win)
	d.Resize(ui.DialogSize(f.win.Canvas().Size(), 460, 0))
	d.Show()
	f.win.Canvas().Focus(entry)
}

// confirmDeletePreset asks before deleting the preset picked.
func (f *newGameForm) confirmDeletePreset() {
	name := f.presetSelect.Selected
	if f.savedPreset(name) < 0 {
		return
	}
	d := dialog.NewConfirm(f.tr.T("ui.dc.new.preset_delete_title", nil), f.tr.T("ui.dc.new.preset_delete_q", map[string]any{"Name": name}), func(ok bool) {
		if ok {
			if err := f.deletePreset(name); err != nil {
				f.showError(err)
			}
		}
	}, f.win)
	d.SetConfirmText(f.tr.T("ui.dc.new.preset_delete_ok", nil))
	d.SetDismissText(f.tr.T("ui.cancel", nil))
	d.Show()
}

func (f *newGameForm) showError(err error) {
	if f.win != nil {
		dialog.ShowError(errors.New(ui.ErrorText(f.tr, err)), f.win)
	}
}

// textChanged reads the text typed: the tables follow a list without
// problems, and hide while it has some.
func (f *newGameForm) textChanged() {
	f.tables.dropCostProblems() // the text typed is the list now
	l, parsed := f.checkDecks()
	if parsed {
		f.tables.set(l)
	}
	f.tables.setBroken(!parsed)
}

// checkDecks reads the deck list and shows its problems as FILE:LINE, and
// a virtual deck without cards; it says whether the decks are ready.
func (f *newGameForm) checkDecks() (decklist.List, bool) {
	l, ps := decklist.Parse(f.decks.Text)
	var lines []string
	for _, p := range ps {
		lines = append(lines, fmt.Sprintf("%s:%d: %s", deckFile, p.Line, f.tr.T(p.ID, p.Args)))
	}
	if len(ps) == 0 {
		if !f.actionReal.Checked && len(l.Actions) == 0 {
			lines = append(lines, f.tr.T("ui.dc.new.action_empty", nil))
		}
		if !f.forceReal.Checked && len(l.Forces) == 0 {
			lines = append(lines, f.tr.T("ui.dc.new.force_empty", nil))
		}
		for _, name := range f.tables.costProblems() {
			lines = append(lines, f.tr.T("ui.dc.new.cost_problem", map[string]any{"Name": name}))
		}
	}
	f.deckList, f.deckOK = l, len(lines) == 0
	if f.deckOK {
		f.problems.Importance = widget.SuccessImportance
		f.problems.SetText(f.tr.T("ui.dc.new.decks_ok", map[string]any{"Actions": len(l.Actions), "Forces": len(l.Forces), "Count": len(l.Buildings)}))
	} else {
		f.problems.Importance = widget.DangerImportance
		f.problems.SetText(strings.Join(lines, "\n"))
	}
	f.checkValid()
	return l, len(ps) == 0
}

// valid says whether a game can start: the board and the decks are ready.
func (f *newGameForm) valid() bool { return f.grid.valid() && f.deckOK }

func (f *newGameForm) checkValid() {
	if f.saveButton != nil {
		f.updatePresetButtons()
	}
	if f.onValid != nil {
		f.onValid(f.valid())
	}
}

// setup is the form as a setup, or false when the board or the decks have
// problems.
func (f *newGameForm) setup() (dragoncanyon.Setup, bool) {
	l, _ := f.checkDecks()
	if !f.valid() {
		return dragoncanyon.Setup{}, false
	}
	s := dragoncanyon.Setup{Seed: f.seed, Board: f.grid.board(), Dragon: f.grid.dragon, Buildings: l.Buildings}
	s.Players, s.Difficulty = f.chosen()
	_ = f.rules.Apply(&s.Rules) // the table's own values: never refused
	if f.actionReal.Checked {
		s.ActionDeck = dragoncanyon.ActionDeck{Physical: true}
	} else {
		s.ActionDeck = dragoncanyon.ActionDeck{Cards: l.Actions}
	}
	if f.forceReal.Checked {
		s.ForceDeck = dragoncanyon.ForceDeck{Physical: true, Size: f.forceSize.Value}
	} else {
		s.ForceDeck = dragoncanyon.ForceDeck{Cards: l.Forces}
	}
	return s, true
}

func indexOf(opts []string, v string) int {
	for i, o := range opts {
		if o == v {
			return i
		}
	}
	return -1
}

// openNewGame opens the New game dialog. Start waits for a board and
// decks without problems.
func (s *Screens) openNewGame(w fyne.Window, tr *translations.Translator, st ui.Starter) *newGameForm {
	decks := sampleDecks
	if v, ok, err := s.store.Setting(settingDeckList); err == nil && ok && v != "" {
		decks = v
	}
	f := newNewGameForm(tr, s.store, decks, s.newSeed)
	f.win = w
	d := ui.NewNewGameDialog(w, tr, tr.T("ui.dc.new.title", nil), f.content, fyne.NewSize(600, 400), func() (bool, error) {
		setup, ok := f.setup()
		if !ok {
			return false, nil
		}
		g, err := dragoncanyon.NewGame(setup)
		if err == nil {
			_ = s.store.SetSetting(settingDeckList, f.decks.Text)
			err = st.Start(g, nil)
		}
		return err == nil, err
	})
	f.onValid = func(ok bool) {
		if ok {
			d.Start.Enable()
		} else {
			d.Start.Disable()
		}
	}
	f.checkValid()
	d.Show()
	d.Resize(dialogSize(w))
	s.form = f
	return f
}

// dialogSize is the New game dialog's size: as wide as the board's cells
// need and as tall as the window, so a tall screen shows the whole board
// and a laptop's scrolls the rest.
func dialogSize(w fyne.Window) fyne.Size {
	c := w.Canvas().Size()
	return ui.DialogSize(c, 940, c.Height)
}
