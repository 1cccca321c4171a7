package dcui

import (
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
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// tableScreen is an open game: the board (with the last spiral search
// numbered) and the AI's side on the left, the prompt card and the log in
// the middle, what the players did on the right.
type tableScreen struct {
	sess *ui.Session
	game *dragoncanyon.Game
	win  fyne.Window
	tr   *translations.Translator

	area     *ui.PlayArea
	left     *container.Scroll // the board's column
	board    *boardView
	phase    *widget.Label
	decision *widget.Label
	details  *widget.Label // the decision's details, one a line, under its reason
	ai       *widget.Label
	selected *widget.Label
	actions  map[string]*widget.Button // board actions by label ID
	flip     *ui.WrapButton            // turns the selected card over: its label says where the card is
	checks   map[string]func() engine.Event
	player   *widget.RadioGroup
	building *widget.Select
	line     *widget.Select
	from     *widget.Select
	// upDialog asks what a card the app has not seen shows, when it is
	// turned face-up; nil when not open.
	upDialog   dialog.Dialog
	upStrength *ui.Stepper
	upSlayer   *widget.Check
	content    fyne.CanvasObject
}

func (t *tableScreen) t(id string, args map[string]any) string { return t.tr.T(id, args) }

// Build lays the table out in tr's language.
func (t *tableScreen) Build(tr *translations.Translator) fyne.CanvasObject {
	t.tr = tr
	t.actions, t.checks = map[string]*widget.Button{}, map[string]func() engine.Event{}
	t.board = newBoardView(tr, true, func(dragoncanyon.Pos) { t.refresh() })
	t.phase = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.decision = ui.Wrapped("", widget.HighImportance)
	t.details = ui.Wrapped("", widget.MediumImportance)
	t.ai = ui.Wrapped("", widget.MediumImportance)
	// The board first: what is said below it changes length at every step,
	// the board stays where it is.
	left := container.NewVBox(t.phase, t.board.content,
		ui.WrappedHeading(t.t("ui.dc.decision.title", nil)), t.decision, t.details,
		ui.WrappedHeading(t.t("ui.dc.ai.title", nil)), t.ai)

	t.area = ui.NewPlayArea(t.sess, tr, t.win, ui.PromptParts{Input: t.input}, t.refresh)
	right := ui.VScroll(t.boardActions())
	inner := container.NewHSplit(t.area.Content, right)
	inner.Offset = 0.55
	t.left = ui.VScroll(left)
	outer := container.NewHSplit(t.left, inner)
	outer.Offset = 0.5 // the board needs the room: words must not break at 1024 px
	t.content = outer
	t.refresh()
	return outer
}

// Close: nothing of its own to close.
func (t *tableScreen) Close() {}

// refresh maps the game onto the screen.
func (t *tableScreen) refresh() {
	s := t.game.State()
	// The last search's numbers stay until the next search.
	order := map[dragoncanyon.Pos]int{}
	if s.Search != nil {
		for i, p := range s.Search.Order {
			order[p] = i + 1
		}
	}
	var focus []dragoncanyon.Pos
	if d := s.Decision; d != nil {
		if d.Tile != nil {
			focus = append(focus, *d.Tile)
		}
		if d.Target != nil {
			focus = append(focus, *d.Target)
		}
		t.decision.SetText(t.t(d.Reason, d.Args))
		var lines []string
		for _, x := range d.Details {
			lines = append(lines, t.t(x.Reason, x.Args))
		}
		t.details.SetText(strings.Join(lines, "\n"))
	} else {
		t.decision.SetText(t.t("ui.dc.decision.none", nil))
		t.details.SetText("")
	}
	if t.details.Text == "" {
		t.details.Hide()
	} else {
		t.details.Show()
	}
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			p := dragoncanyon.Pos{r + 1, c + 1}
			tile := s.Board[r][c]
			t.board.set(t.tr, p, tileState{resource: tile.Resource, amount: tile.Amount, canyon: tile.Canyon,
				dragon: s.Dragon == p, force: tile.Force, order: order[p], focus: slices.Contains(focus, p)})
		}
	}
	// The round the prompt card and the saved games say too (RoundNow).
	t.phase.SetText(t.t("ui.dc.status", map[string]any{"Round": s.RoundNow(), "PhaseKey": "ui.dc.phase." + s.Phase}))
	built := ""
	for i, id := range s.AI.Buildings {
		if i > 0 {
			built += ", "
		}
		built += buildingName(t.game.Setup(), id)
	}
	t.ai.SetText(t.t("ui.dc.ai.side", map[string]any{
		"Stash": resText(t.tr, s.AI.Stash), "Caravan": resText(t.tr, s.AI.Caravan), "Buildings": built, "Count": len(s.AI.Buildings),
		"Pile": s.AI.Force.Pile, "Discard": s.AI.Force.Discard, "OnBoard": s.AI.Force.OnBoard, "Loot": s.AI.Loot}))
	if t.selected != nil {
		t.refreshActions()
	}
	t.area.Refresh()
}

func buildingName(setup dragoncanyon.Setup, id string) string {
	for _, b := range setup.Buildings {
		if b.ID == id {
			return b.Name
		}
	}
	return id
}

func resText(tr *translations.Translator, r dragoncanyon.Resources) string {
	out := ""
	for _, name := range dragoncanyon.ByValue {
		if out != "" {
			out += ", "
		}
		out += fmt.Sprintf("%s %d", tr.T("ui.dc.res."+name, nil), r.Get(name))
	}
	return out
}

// boardActions are what a player may tell the app: each on the selected
// tile, enabled when the module says the event would apply.
func (t *tableScreen) boardActions() fyne.CanvasObject {
	g := t.game
	setup := g.Setup()
	t.selected = ui.Wrapped("", widget.MediumImportance)
	var players []string
	for i := 1; i <= setup.Players; i++ {
		players = append(players, t.t(seatIDs[i-1], nil))
	}
	t.player = widget.NewRadioGroup(players, nil)
	t.player.Horizontal = true
	t.player.SetSelected(players[0])
	t.player.OnChanged = func(string) { t.refreshActions() }
	var names []string
	for _, b := range setup.Buildings {
		names = append(names, b.Name)
	}
	t.building = widget.NewSelect(names, nil)
	t.building.SetSelectedIndex(0)
	t.building.OnChanged = func(string) { t.refreshActions() }
	var lineNames []string
	for _, l := range lineList(setup) {
		lineNames = append(lineNames, t.t("ui.dc.line.named", map[string]any{"LineKey": "ui.dc.line." + l.Kind, "Index": l.Index}))
	}
	t.line = widget.NewSelect(lineNames, nil)
	t.line.SetSelectedIndex(0)
	t.line.OnChanged = func(string) { t.refreshActions() }
	t.from = widget.NewSelect(nil, func(string) { t.refreshActions() })
	t.from.PlaceHolder = t.t("ui.dc.do.attack_pick", nil)

	// The buttons' labels wrap: a long Spanish label never widens the panel
	// (the board beside it would shrink).
	add := func(label string, make func() engine.Event) *ui.WrapButton {
		b := ui.NewWrapButton(t.t(label, nil), func() {
			if e := make(); e != nil {
				t.area.Do(e)
			}
		})
		t.actions[label], t.checks[label] = b.AsButton(), make
		return b
	}
	// One button turns the selected card over, either way; its label says
	// which way and whether the card is the app's, shown on the screen, or
	// one on the table (flipLabel).
	t.flip = add("ui.dc.do.flip", func() engine.Event { return t.onTile(t.turnOver) })
	// A card the app has not seen, turned face-up: what it shows is asked first.
	t.flip.OnTapped = func() {
		if p := t.board.selected; p != nil && t.unseen(*p) && !t.faceUpNow(*p) {
			t.askFaceUp(*p)
		} else if e := t.onTile(t.turnOver); e != nil {
			t.area.Do(e)
		}
	}
	box := container.NewVBox(
		ui.WrappedHeading(t.t("ui.dc.board.title", nil)),
		ui.Wrapped(t.t("ui.dc.board.help", nil), widget.MediumImportance),
		t.selected, t.player,
		add("ui.dc.do.place", func() engine.Event {
			p := t.board.selected
			if p == nil {
				return nil
			}
			return &dragoncanyon.ForcePlaced{Player: t.playerNo(), Tile: *p}
		}),
		t.flip,
		add("ui.dc.do.remove", func() engine.Event {
			return t.onTile(func(p dragoncanyon.Pos) engine.Event { return &dragoncanyon.ForceRemoved{Tile: p} })
		}),
		add("ui.dc.do.dragon", func() engine.Event {
			return t.onTile(func(p dragoncanyon.Pos) engine.Event { return &dragoncanyon.DragonMoved{Tile: p} })
		}),
		widget.NewSeparator(),
		ui.Wrapped(t.t("ui.dc.do.attack_from", nil), widget.MediumImportance), t.from,
		add("ui.dc.do.attack", func() engine.Event {
			p := t.board.selected
			from, ok := parseTile(t.from.Selected)
			if p == nil || !ok {
				return nil
			}
			return &dragoncanyon.Attack{Player: t.playerNo(), Tile: *p, From: from}
		}),
		widget.NewSeparator(),
		t.building,
		add("ui.dc.do.buy", func() engine.Event {
			i := t.building.SelectedIndex()
			if i < 0 {
				return nil
			}
			return &dragoncanyon.BuildingBought{Player: t.playerNo(), Building: setup.Buildings[i].ID}
		}),
		t.line,
		add("ui.dc.do.festival", func() engine.Event {
			i := t.line.SelectedIndex()
			if i < 0 {
				return nil
			}
			return &dragoncanyon.FestivalHeld{Line: lineList(setup)[i]}
		}),
	)
	return box
}

func (t *tableScreen) playerNo() int {
	for i, o := range t.player.Options {
		if o == t.player.Selected {
			return i + 1
		}
	}
	return 1
}

// turnOver turns the card on p over: a face-up card face-down; a
// face-down one face-up showing what the app knows of it (for a card the
// app has not seen, askFaceUp asks what it shows first).
func (t *tableScreen) turnOver(p dragoncanyon.Pos) engine.Event {
	f := t.game.State().Board[p[0]-1][p[1]-1].Force
	if f != nil && f.FaceUp {
		return &dragoncanyon.ForceFlipped{Tile: p}
	}
	e := &dragoncanyon.ForceFlipped{Tile: p, FaceUp: true}
	if f != nil && f.Known {
		e.Strength, e.Slayer = f.Strength, f.Slayer
	}
	return e
}

// faceUpNow says whether the card on p lies face-up.
func (t *tableScreen) faceUpNow(p dragoncanyon.Pos) bool {
	f := t.game.State().Board[p[0]-1][p[1]-1].Force
	return f != nil && f.FaceUp
}

// flipLabel is what the flip button says for the card on the selected
// tile: the AI's card the app holds is shown on the screen (or hidden
// again); any other card is turned over on the table, and the app told.
func (t *tableScreen) flipLabel() string {
	var f *dragoncanyon.Force
	if p := t.board.selected; p != nil {
		f = t.game.State().Board[p[0]-1][p[1]-1].Force
	}
	switch {
	case f == nil:
		return t.t("ui.dc.do.flip", nil)
	case f.InApp() && f.FaceUp:
		return t.t("ui.dc.do.flip.hide", nil)
	case f.InApp():
		return t.t("ui.dc.do.flip.show", nil)
	case f.FaceUp:
		return t.t("ui.dc.do.flip.down", nil)
	}
	return t.t("ui.dc.do.flip.up", nil)
}

// unseen says whether the card on p is one the app has not seen.
func (t *tableScreen) unseen(p dragoncanyon.Pos) bool {
	f := t.game.State().Board[p[0]-1][p[1]-1].Force
	return f != nil && !f.Known
}

// askFaceUp asks the strength and the Dragon Slayer the card on p shows
// (the stepper the prompt card's inputs use for a card's strength), then
// turns it face-up showing them.
func (t *tableScreen) askFaceUp(p dragoncanyon.Pos) {
	t.upStrength = ui.NewStepper(t.t("ui.dc.do.face_up_strength", nil), 0, decklist.MinStrength, decklist.MaxStrength)
	t.upSlayer = widget.NewCheck(t.t("ui.dc.card.slayer", nil), nil)
	var d dialog.Dialog
	cancel := widget.NewButton(t.t("ui.cancel", nil), func() { d.Hide() })
	ok := big(t.t("ui.dc.do.face_up", nil), func() {
		d.Hide()
		t.area.Do(&dragoncanyon.ForceFlipped{Tile: p, FaceUp: true, Strength: t.upStrength.Value, Slayer: t.upSlayer.Checked})
	})
	tile := fmt.Sprintf("%d,%d", p[0], p[1])
	d = dialog.NewCustomWithoutButtons(t.t("ui.dc.do.face_up_title", map[string]any{"Tile": tile}),
		container.NewVBox(t.upStrength.Content, t.upSlayer, container.NewGridWithColumns(2, cancel, ok)), t.win)
	d.SetOnClosed(func() { t.upDialog = nil })
	t.upDialog = d
	d.Show()
}

func (t *tableScreen) onTile(f func(dragoncanyon.Pos) engine.Event) engine.Event {
	if t.board.selected == nil {
		return nil
	}
	return f(*t.board.selected)
}

// refreshActions enables each board action from the module's own answer.
func (t *tableScreen) refreshActions() {
	s := t.game.State()
	if p := t.board.selected; p != nil {
		t.selected.SetText(t.t("ui.dc.board.selected", map[string]any{"Tile": fmt.Sprintf("%d,%d", p[0], p[1])}))
	} else {
		t.selected.SetText(t.t("ui.dc.board.none", nil))
	}
	// The tiles of the chosen player's cards, to attack from.
	seat := "p" + strconv.Itoa(t.playerNo())
	var from []string
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			if f := s.Board[r][c].Force; f != nil && f.Owner == seat {
				from = append(from, fmt.Sprintf("%d,%d", r+1, c+1))
			}
		}
	}
	if !slices.Equal(from, t.from.Options) {
		t.from.Options = from
		if !slices.Contains(from, t.from.Selected) {
			t.from.ClearSelected()
		}
		t.from.Refresh()
	}
	if l := t.flipLabel(); t.flip.Text != l {
		t.flip.SetText(l)
	}
	for label, b := range t.actions {
		e := t.checks[label]()
		if e != nil && t.game.Check(e) == nil {
			b.Enable()
		} else {
			b.Disable()
		}
	}
}

func parseTile(s string) (dragoncanyon.Pos, bool) {
	var r, c int
	if _, err := fmt.Sscanf(s, "%d,%d", &r, &c); err != nil {
		return dragoncanyon.Pos{}, false
	}
	return dragoncanyon.Pos{r, c}, true
}

func lineList(setup dragoncanyon.Setup) []dragoncanyon.Line {
	var out []dragoncanyon.Line
	for i := 1; i <= dragoncanyon.Size; i++ {
		out = append(out, dragoncanyon.Line{Kind: dragoncanyon.Row, Index: i})
	}
	for i := 1; i <= dragoncanyon.Size; i++ {
		out = append(out, dragoncanyon.Line{Kind: dragoncanyon.Column, Index: i})
	}
	if setup.Rules.DiagonalLines {
		out = append(out, dragoncanyon.Line{Kind: dragoncanyon.Diagonal, Index: 1}, dragoncanyon.Line{Kind: dragoncanyon.Diagonal, Index: 2})
	}
	return out
}

// big is a tall button for the prompt card's inputs.
func big(label string, tap func()) *widget.Button {
	b := widget.NewButtonWithIcon(label, theme.ConfirmIcon(), tap)
	b.Importance = widget.HighImportance
	return b
}

// seatIDs name the players' seats as a label does (capitalized, no article).
var seatIDs = []string{"ui.dc.seat.name.p1", "ui.dc.seat.name.p2"}
