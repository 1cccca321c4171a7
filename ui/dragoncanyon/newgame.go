package dcui

import (
	"errors"
	"fmt"
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
const sampleDecks = `# Buildings in play: building ID "Name" stack=N vp=N
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
// the board laid out tile by tile, the decks.
type newGameForm struct {
	tr         *translations.Translator
	players    *widget.RadioGroup
	difficulty *widget.RadioGroup
	board      *boardView
	tiles      [dragoncanyon.Size][dragoncanyon.Size]dragoncanyon.TileSetup
	dragon     dragoncanyon.Pos
	current    dragoncanyon.Pos
	resource   *widget.RadioGroup
	amount     *ui.Stepper
	canyon     *widget.Check
	tileTitle  *widget.Label
	// The board to start from: drawn from seed (the game's) or the preset.
	seed       uint64
	newSeed    func() uint64
	source     *widget.RadioGroup
	seedLabel  *widget.Label
	actionReal *widget.Check
	forceReal  *widget.Check
	forceSize  *ui.Stepper
	decks      *widget.Entry
	problems   *widget.Label
	content    fyne.CanvasObject
}

func newNewGameForm(tr *translations.Translator, decks string, newSeed func() uint64) *newGameForm {
	f := &newGameForm{tr: tr, current: dragoncanyon.Pos{1, 1}, newSeed: newSeed, seed: newSeed()}
	t := func(id string) string { return tr.T(id, nil) }
	f.players = widget.NewRadioGroup([]string{t("ui.dc.new.solo"), t("ui.dc.new.two")}, nil)
	f.players.Horizontal = true
	f.players.SetSelected(f.players.Options[0])
	f.difficulty = widget.NewRadioGroup([]string{t("ui.dc.difficulty.easier"), t("ui.dc.difficulty.normal"), t("ui.dc.difficulty.harder")}, nil)
	f.difficulty.Horizontal = true
	f.difficulty.SetSelected(f.difficulty.Options[1])

	f.board = newBoardView(tr, false, func(p dragoncanyon.Pos) { f.current = p; f.showTile() })
	f.seedLabel = widget.NewLabel("")
	f.source = widget.NewRadioGroup([]string{t("ui.dc.new.board_random"), t("ui.dc.new.board_preset")}, func(string) { f.layBoard() })
	f.source.Horizontal = true
	redraw := widget.NewButtonWithIcon(t("ui.dc.new.board_redraw"), theme.ViewRefreshIcon(), func() {
		f.seed = f.newSeed()
		if f.source.Selected != f.source.Options[0] {
			f.source.SetSelected(f.source.Options[0]) // lays the board out
			return
		}
		f.layBoard()
	})
	var res []string
	for _, r := range dragoncanyon.ByValue {
		res = append(res, t("ui.dc.res."+r))
	}
	f.tileTitle = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	f.resource = widget.NewRadioGroup(res, func(v string) {
		for i, o := range res {
			if o == v {
				f.tile().Resource = dragoncanyon.ByValue[i]
			}
		}
		f.refreshBoard()
	})
	f.resource.Horizontal = true
	f.amount = ui.NewStepper(t("ui.dc.new.amount"), 1, 1, 9)
	f.amount.OnChange = func(v int) { f.tile().Amount = v; f.refreshBoard() }
	f.canyon = widget.NewCheck(t("ui.dc.new.canyon"), func(v bool) { f.tile().Canyon = v; f.refreshBoard() })
	dragonHere := widget.NewButton(t("ui.dc.new.dragon_here"), func() { f.dragon = f.current; f.refreshBoard() })
	tileEditor := container.NewVBox(f.tileTitle, f.resource, f.amount.Content, f.canyon, dragonHere)

	f.actionReal = widget.NewCheck(t("ui.dc.new.action_physical"), nil)
	f.forceReal = widget.NewCheck(t("ui.dc.new.force_physical"), nil)
	f.forceSize = ui.NewStepper(t("ui.dc.new.force_size"), 8, 1, 40)
	f.decks = widget.NewMultiLineEntry()
	f.decks.SetText(decks)
	f.decks.SetMinRowsVisible(10)
	f.decks.TextStyle.Monospace = true
	f.problems = ui.Wrapped("", widget.DangerImportance)
	check := widget.NewButton(t("ui.dc.new.check"), func() { f.checkDecks() })

	f.content = container.NewVBox(
		ui.Heading(t("ui.dc.new.players")), f.players,
		ui.Heading(t("ui.dc.new.difficulty")), f.difficulty,
		ui.Wrapped(t("ui.dc.new.difficulty_help"), widget.MediumImportance),
		ui.Heading(t("ui.dc.new.board")),
		ui.Wrapped(t("ui.dc.new.board_help"), widget.MediumImportance),
		f.source, container.NewHBox(f.seedLabel, redraw),
		f.board.content, tileEditor, // the board the full width: its tiles readable
		ui.Heading(t("ui.dc.new.decks")),
		f.actionReal, f.forceReal, f.forceSize.Content,
		ui.Wrapped(t("ui.dc.new.decks_help"), widget.MediumImportance),
		f.decks, check, f.problems,
	)
	f.source.SetSelected(f.source.Options[0]) // lays the board out
	return f
}

// layBoard lays out the board chosen: drawn from the seed, or the preset.
// Tile edits start again from it.
func (f *newGameForm) layBoard() {
	board, dragon := dragoncanyon.RandomBoard(f.seed)
	if f.source.Selected == f.source.Options[1] {
		board, dragon = dragoncanyon.PresetBoard()
	}
	for r := range dragoncanyon.Size {
		copy(f.tiles[r][:], board[r])
	}
	f.dragon = dragon
	f.seedLabel.SetText(f.tr.T("ui.dc.new.seed", map[string]any{"Seed": strconv.FormatUint(f.seed, 10)}))
	f.showTile()
}

func (f *newGameForm) tile() *dragoncanyon.TileSetup {
	return &f.tiles[f.current[0]-1][f.current[1]-1]
}

// showTile puts the current tile in the editor.
func (f *newGameForm) showTile() {
	tile := *f.tile()
	f.tileTitle.SetText(f.tr.T("ui.dc.new.tile", map[string]any{"Tile": fmt.Sprintf("%d,%d", f.current[0], f.current[1])}))
	for i, r := range dragoncanyon.ByValue {
		if r == tile.Resource {
			f.resource.SetSelected(f.resource.Options[i])
		}
	}
	f.amount.Set(tile.Amount)
	f.canyon.SetChecked(tile.Canyon)
	f.refreshBoard()
}

func (f *newGameForm) refreshBoard() {
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			p := dragoncanyon.Pos{r + 1, c + 1}
			tile := f.tiles[r][c]
			f.board.set(f.tr, p, tileState{resource: tile.Resource, amount: tile.Amount, canyon: tile.Canyon, dragon: p == f.dragon, focus: p == f.current})
		}
	}
}

// checkDecks parses the deck list and shows its problems as FILE:LINE.
func (f *newGameForm) checkDecks() (decklist.List, bool) {
	l, ps := decklist.Parse(f.decks.Text)
	var lines []string
	for _, p := range ps {
		lines = append(lines, fmt.Sprintf("%s:%d: %s", deckFile, p.Line, f.tr.T(p.ID, p.Args)))
	}
	if len(ps) == 0 {
		f.problems.Importance = widget.SuccessImportance
		f.problems.SetText(f.tr.T("ui.dc.new.decks_ok", map[string]any{"Actions": len(l.Actions), "Forces": len(l.Forces), "Count": len(l.Buildings)}))
		return l, true
	}
	f.problems.Importance = widget.DangerImportance
	f.problems.SetText(strings.Join(lines, "\n"))
	return l, false
}

// setup is the form as a setup, or false when the deck list has problems.
func (f *newGameForm) setup() (dragoncanyon.Setup, bool) {
	l, ok := f.checkDecks()
	if !ok {
		return dragoncanyon.Setup{}, false
	}
	s := dragoncanyon.Setup{Players: 1, Seed: f.seed, Dragon: f.dragon, Buildings: l.Buildings}
	if f.players.Selected == f.players.Options[1] {
		s.Players = 2
	}
	s.Difficulty = []string{dragoncanyon.Easier, dragoncanyon.Normal, dragoncanyon.Harder}[max(0, indexOf(f.difficulty.Options, f.difficulty.Selected))]
	for r := range dragoncanyon.Size {
		s.Board = append(s.Board, append([]dragoncanyon.TileSetup(nil), f.tiles[r][:]...))
	}
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

// openNewGame opens the New game dialog.
func (s *Screens) openNewGame(w fyne.Window, tr *translations.Translator, st ui.Starter) *newGameForm {
	decks := sampleDecks
	if v, ok, err := s.store.Setting(settingDeckList); err == nil && ok && v != "" {
		decks = v
	}
	f := newNewGameForm(tr, decks, s.newSeed)
	var d dialog.Dialog
	cancel := widget.NewButton(tr.T("ui.cancel", nil), func() { d.Hide() })
	start := widget.NewButtonWithIcon(tr.T("ui.newgame.start", nil), theme.ConfirmIcon(), func() {
		setup, ok := f.setup()
		if !ok {
			return
		}
		g, err := dragoncanyon.NewGame(setup)
		if err == nil {
			_ = s.store.SetSetting(settingDeckList, f.decks.Text)
			err = st.Start(g, nil)
		}
		if err != nil {
			dialog.ShowError(errors.New(ui.ErrorText(tr, err)), w)
			return
		}
		d.Hide()
	})
	start.Importance = widget.HighImportance
	scroll := ui.VScroll(f.content)
	scroll.SetMinSize(fyne.NewSize(720, 540))
	d = dialog.NewCustomWithoutButtons(tr.T("ui.dc.new.title", nil),
		container.NewBorder(nil, container.NewGridWithColumns(2, cancel, start), nil, nil, scroll), w)
	d.Show()
	s.form = f
	return f
}
