package dcui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
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
	player   *widget.Select // whose moves are entered: it follows the turn
	building *widget.Select
	line     *widget.Select
	from     *widget.Select
	// onTileBox holds the actions on the tile tapped, shown once one is.
	onTileBox *fyne.Container
	// upDialog asks what a card the app has not seen shows, when it is
	// turned face-up; nil when not open.
	upDialog   dialog.Dialog
	upStrength *ui.Stepper
	upSlayer   *widget.Check
	content    fyne.CanvasObject
	// The players' side: their buildings, on the board's column.
	players *widget.Label
	right   *container.Scroll // the board actions' column
	// seat is the turn the player selector last followed; following is
	// set while the selector is moved to it (no question asked).
	seat      string
	following bool
	// The reminders open (reminders.go), the selected player's resources
	// and the log tab.
	remBox    *fyne.Container
	remRows   *fyne.Container
	reminders *ui.Rows[*reminderRow] // remRows' rows, updated in place
	remAll    *widget.Button
	remDrawn  string
	resources *widget.Label
	// buyWhy says, under Buy, why the building chosen cannot be bought
	// (core's reason: a stash short of its cost, a stack run out).
	buyWhy   *widget.Label
	logList  *widget.List
	logLines []string
	tabs     *container.AppTabs
	split    *container.Split // the card's column and the tabs'
	inner    *fyne.Container  // the reminders over the card's and the players' columns
}

func (t *tableScreen) t(id string, args map[string]any) string { return t.tr.T(id, args) }

// Build lays the table out in tr's language.
func (t *tableScreen) Build(tr *translations.Translator) fyne.CanvasObject {
	t.tr = tr
	t.actions, t.checks = map[string]*widget.Button{}, map[string]func() engine.Event{}
	t.seat = "" // built anew (a language switch): the player selector follows the turn again
	// A tile tapped brings its actions, at the top of the players' column,
	// into sight (a purchase lower down may have scrolled it).
	t.board = newBoardView(tr, true, func(dragoncanyon.Pos) {
		t.refresh()
		if t.right != nil {
			t.right.ScrollToTop()
		}
	})
	t.phase = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.decision = ui.Wrapped("", widget.HighImportance)
	t.details = ui.Wrapped("", widget.MediumImportance)
	t.ai = ui.Wrapped("", widget.MediumImportance)
	// The board first: what is said below it changes length at every step,
	// the board stays where it is.
	left := container.NewVBox(t.phase, t.board.content,
		ui.WrappedHeading(t.t("ui.dc.decision.title", nil)), t.decision, t.details,
		ui.WrappedHeading(t.t("ui.dc.ai.title", nil)), t.ai)
	if t.game.Setup().Players > 0 {
		t.players = ui.Wrapped("", widget.MediumImportance)
		left.Add(ui.WrappedHeading(t.t("ui.dc.players.title", nil)))
		left.Add(probe.Name(t.players, "dc.players"))
	}

	t.area = ui.NewPlayArea(t.sess, tr, t.win, ui.PromptParts{Input: t.input, After: t.afterPrompt, FirstKey: firstKey, Arrange: stepsFirst}, t.refresh)
	t.right = ui.VScroll(t.boardActions())
	// The right column: the players' actions and the log, each a tab the
	// column's height; the reminders open above both columns (a bounded
	// panel that scrolls).
	t.tabs = container.NewAppTabs(
		container.NewTabItem(t.t("ui.dc.tab.board", nil), t.right),
		container.NewTabItem(t.t("ui.dc.tab.log", nil), t.logTab()))
	split := container.NewHSplit(t.area.Content, t.tabs)
	split.Offset = 0.42 // the players' column: a picker and its button side by side
	t.split = split
	inner := container.NewBorder(t.remindersPanel(), nil, nil, nil, split)
	t.inner = inner
	t.left = ui.VScroll(left)
	outer := container.NewHSplit(t.left, inner)
	outer.Offset = 0.5 // the board needs the room: words must not break at 1024 px
	t.content = outer
	t.refresh()
	// For the real-input tests: whose turn, the phase and the step pending.
	probe.Value("dc.table", func() string {
		s := t.game.State()
		kind := ""
		if h := s.Pending.Head(); h != nil {
			kind = h.Kind
		}
		// The free tiles, the reminders open and Player 1's counts too.
		free := []string{}
		for _, p := range allTiles() {
			if s.Board[p[0]-1][p[1]-1].Force == nil && s.Dragon != p {
				free = append(free, fmt.Sprintf("%q", fmt.Sprintf("%d,%d", p[0], p[1])))
			}
		}
		var stash, load int
		if len(s.Players) > 0 {
			stash, load = s.Players[0].Stash.Total(), s.Players[0].Load.Total()
		}
		// The reminders core asks on the card as steps, the festivals due.
		onCard := 0
		for _, r := range s.Reminders {
			if r.OnCard() {
				onCard++
			}
		}
		return fmt.Sprintf(`{"seat":%q,"phase":%q,"pending":%q,"records":%d,"free":[%s],"reminders":%d,"stash":%d,"load":%d,"round":%d,"on_card":%d,"festivals":%d}`,
			s.Seat, s.Phase, kind, len(t.game.Records()), strings.Join(free, ","), len(s.Reminders), stash, load, s.RoundNow(), onCard, len(t.game.FestivalsDue()))
	})
	return outer
}

// Close: nothing of its own to close.
func (t *tableScreen) Close() {}

// refresh maps the game onto the screen.
func (t *tableScreen) refresh() {
	s := t.game.State()
	focus := t.showDecision(s.Decision)
	t.showBoard(s, focus)
	// The round the prompt card and the saved games say too (RoundNow).
	t.phase.SetText(t.t("ui.dc.status", map[string]any{"Round": s.RoundNow(), "PhaseKey": "ui.dc.phase." + s.Phase}))
	if t.players != nil {
		t.players.SetText(t.playersText(s))
	}
	t.ai.SetText(t.t("ui.dc.ai.side", map[string]any{
		"Stash": resText(t.tr, s.AI.Stash), "Caravan": resText(t.tr, s.AI.Caravan), "Buildings": t.buildingList(s.AI.Buildings), "Count": len(s.AI.Buildings),
		"Pile": s.AI.Force.Pile, "Discard": s.AI.Force.Discard, "OnBoard": s.AI.Force.OnBoard, "Loot": s.AI.Loot}))
	if t.selected != nil {
		t.followTurn(s)
		t.refreshActions()
	}
	if t.remBox != nil {
		t.refreshReminders(s)
	}
	t.showTabs(s)
	t.area.Refresh()
	t.refreshLog()
}

// showTabs gives the card the tabs' column too while a fight is entered:
// the players' actions wait for it, and the fight form, two columns wide,
// keeps its button in sight at 1024×768 with the log under the card.
func (t *tableScreen) showTabs(s dragoncanyon.State) {
	h := s.Pending.Head()
	fight := h != nil && h.Kind == dragoncanyon.StepFight
	if fight == !t.tabs.Visible() {
		return
	}
	if fight {
		t.tabs.Hide()
	} else {
		t.tabs.Show()
	}
	t.split.Refresh()
}

// showDecision says the AI's last decision and its details; it gives the
// tiles the decision is about, for the board to show.
func (t *tableScreen) showDecision(d *dragoncanyon.Decision) []dragoncanyon.Pos {
	var focus []dragoncanyon.Pos
	if d == nil {
		t.decision.SetText(t.t("ui.dc.decision.none", nil))
		t.details.SetText("")
		t.details.Hide()
		return nil
	}
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
	if t.details.Text == "" {
		t.details.Hide()
	} else {
		t.details.Show()
	}
	return focus
}

// showBoard sets every tile: what lies on it, the last search's numbers
// (they stay until the next search) and the decision's tiles.
func (t *tableScreen) showBoard(s dragoncanyon.State, focus []dragoncanyon.Pos) {
	order := map[dragoncanyon.Pos]int{}
	if s.Search != nil {
		for i, p := range s.Search.Order {
			order[p] = i + 1
		}
	}
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			p := dragoncanyon.Pos{r + 1, c + 1}
			tile := s.Board[r][c]
			t.board.set(t.tr, p, tileState{resource: tile.Resource, amount: tile.Amount, canyon: tile.Canyon,
				dragon: s.Dragon == p, force: tile.Force, order: order[p], focus: slices.Contains(focus, p)})
		}
	}
}

// playersText is each player's buildings, then each stack's tiles left
// (on the board's column: not only in the log).
func (t *tableScreen) playersText(s dragoncanyon.State) string {
	var lines []string
	for _, p := range s.Players {
		key := "ui.dc.seat.name." + p.Seat
		if len(p.Buildings) == 0 {
			lines = append(lines, t.t("ui.dc.players.none", map[string]any{"SeatKey": key}))
			continue
		}
		lines = append(lines, t.t("ui.dc.players.side", map[string]any{"SeatKey": key, "Count": len(p.Buildings), "Buildings": t.buildingList(p.Buildings)}))
	}
	var stacks []string
	for _, st := range s.Stacks {
		stacks = append(stacks, fmt.Sprintf("%s %d", t.buildingName(st.ID), st.Left))
	}
	lines = append(lines, t.t("ui.dc.stacks", map[string]any{"List": strings.Join(stacks, ", ")}))
	return strings.Join(lines, "\n")
}

// followTurn moves the player selector to the player whose turn it is, as
// the game says, when the turn has changed (a turn ended, an undo), and
// brings the board actions' column back to its top: its first action is
// the next one.
func (t *tableScreen) followTurn(s dragoncanyon.State) {
	if s.Seat == t.seat {
		return
	}
	t.seat = s.Seat
	if n := s.TurnPlayer(); n != 0 {
		t.following = true
		t.player.SetSelected(t.player.Options[n-1])
		t.following = false
	}
	if t.right != nil {
		t.right.ScrollToTop()
	}
}

// pickPlayer is the selector changed by hand: entering another player's
// moves than the one whose turn it is is asked about first (core says
// when); no puts the selector back.
func (t *tableScreen) pickPlayer() {
	if t.following {
		return
	}
	q, ask := t.game.ConfirmPlayer(t.playerNo())
	if !ask {
		t.refreshActions()
		return
	}
	back := func() {
		t.following = true
		t.player.SetSelected(t.player.Options[t.game.State().TurnPlayer()-1])
		t.following = false
		t.refreshActions()
	}
	d := dialog.NewConfirm(t.t("ui.confirm.title", nil), t.t(q.ID, q.Args), func(yes bool) {
		if !yes {
			back()
			return
		}
		t.refreshActions()
	}, t.win)
	d.SetConfirmText(t.t("ui.dc.player.confirm", nil))
	d.SetDismissText(t.t("ui.cancel", nil))
	d.Show()
}

// do applies a board action's event; when core asks to confirm it first
// (a second purchase of a building in one turn), only once the Conductor
// says yes.
func (t *tableScreen) do(e engine.Event, label string) {
	q, ask := t.game.ConfirmFirst(e)
	if !ask {
		t.area.Do(e)
		return
	}
	d := dialog.NewConfirm(t.t("ui.confirm.title", nil), t.t(q.ID, q.Args), func(yes bool) {
		if yes {
			t.area.Do(e)
		}
	}, t.win)
	d.SetConfirmText(label)
	d.SetDismissText(t.t("ui.cancel", nil))
	d.SetConfirmImportance(widget.HighImportance)
	d.Show()
}

// afterPrompt says under the players' turn what was entered for it: each
// purchase under its player's name, at once (core's TurnSummary).
func (t *tableScreen) afterPrompt(p engine.Prompt) fyne.CanvasObject {
	if p.Input != dragoncanyon.InputBoard {
		return nil
	}
	var lines []string
	for _, m := range t.game.TurnSummary() {
		lines = append(lines, t.t(m.ID, m.Args))
	}
	if len(lines) == 0 {
		return nil
	}
	return probe.Name(ui.Wrapped(strings.Join(lines, "\n"), widget.SuccessImportance), "dc.turn.summary")
}

// firstKey leaves a question whose answer is a fact of the table (core's
// StyleFact) without a key: a key pressed by habit records nothing.
func firstKey(p engine.Prompt, _ engine.Choice) rune {
	if p.Style == dragoncanyon.StyleFact {
		return ui.NoKey
	}
	return 0
}

// stepsFirst leaves the reminders off the card: they are the panel's
// above the players' actions (reminders.go), each open until ticked, so
// the step's button stays at the top of the card however many there are.
func stepsFirst(ps []engine.Prompt) []engine.Prompt {
	var steps []engine.Prompt
	for _, p := range ps {
		if p.Style != engine.StyleHint {
			steps = append(steps, p)
		}
	}
	return steps
}

// buildingName is a building's name in the screen's language: a standard
// building's (core's BuildingText), or the deck list's.
func (t *tableScreen) buildingName(id string) string {
	return t.t("ui.dc.building", map[string]any{"Building": dragoncanyon.BuildingText(t.game.Setup(), id)})
}

// buildingList names buildings, comma-separated.
func (t *tableScreen) buildingList(ids []string) string {
	var names []string
	for _, id := range ids {
		names = append(names, t.buildingName(id))
	}
	return strings.Join(names, ", ")
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
	// A drop-down, beside the tile chosen: it follows the turn, so it is
	// seldom changed by hand.
	t.player = probe.Name(widget.NewSelect(players, nil), "dc.player")
	t.player.PlaceHolder = longest(players) // a select is as wide as its placeholder: one is always chosen
	t.player.SetSelected(players[0])
	t.player.OnChanged = func(string) { t.pickPlayer() }
	var names []string
	for _, b := range setup.Buildings {
		names = append(names, t.buildingName(b.ID))
	}
	t.building = probe.Name(widget.NewSelect(names, nil), "dc.building")
	t.building.SetSelectedIndex(t.lastBought())
	t.building.OnChanged = func(string) { t.refreshActions() }
	var lineNames []string
	for _, l := range dragoncanyon.FestivalLines(setup) {
		lineNames = append(lineNames, t.t("ui.dc.line.named", map[string]any{"LineKey": "ui.dc.line.cap." + l.Kind, "Index": l.Index}))
	}
	t.line = probe.Name(widget.NewSelect(lineNames, nil), "dc.line")
	t.line.PlaceHolder = longest(lineNames) // as wide as its longest line's name
	t.line.SetSelectedIndex(0)
	t.line.OnChanged = func(string) { t.refreshActions() }
	t.from = probe.Name(widget.NewSelect(nil, func(string) { t.refreshActions() }), "dc.attack.from")
	t.from.PlaceHolder = t.t("ui.dc.do.attack_pick", nil)

	// The buttons' labels wrap: a long Spanish label never widens the panel
	// (the board beside it would shrink).
	add := func(label string, make func() engine.Event) *ui.WrapButton {
		b := ui.NewWrapButton(t.t(label, nil), func() {
			if e := make(); e != nil {
				t.do(e, t.t(label, nil))
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
	// The selected player's stash and caravan as the app counts them, and
	// a correction for what it cannot see.
	t.resources = probe.Name(ui.Wrapped("", widget.MediumImportance), "dc.resources")
	t.buyWhy = probe.Name(ui.Wrapped("", widget.WarningImportance), "dc.buy.why")
	t.buyWhy.Hide()
	correct := probe.Name(widget.NewButton(t.t("ui.dc.correct", nil), t.askCorrection), "dc.correct")
	attack := add("ui.dc.do.attack", func() engine.Event {
		p := t.board.selected
		from, ok := parseTile(t.from.Selected)
		if p == nil || !ok {
			return nil
		}
		return &dragoncanyon.Attack{Player: t.playerNo(), Tile: *p, From: from}
	})
	festival := add("ui.dc.do.festival", func() engine.Event {
		i := t.line.SelectedIndex()
		if i < 0 {
			return nil
		}
		return &dragoncanyon.FestivalHeld{Line: dragoncanyon.FestivalLines(setup)[i]}
	})
	buy := add("ui.dc.do.buy", func() engine.Event {
		i := t.building.SelectedIndex()
		if i < 0 {
			return nil
		}
		return &dragoncanyon.BuildingBought{Player: t.playerNo(), Building: setup.Buildings[i].ID}
	})
	// A building without a cost in the deck list: what was paid is asked
	// first (paid.go).
	buy.OnTapped = func() {
		if e, ok := t.checks["ui.dc.do.buy"]().(*dragoncanyon.BuildingBought); ok {
			t.buy(e)
		}
	}
	// The tab above says whose column it is: no heading. First what a tile
	// tapped offers (the attack and the festival each beside its picker),
	// then the player's counts with their correction: the tile's actions in
	// sight without scrolling on a 1024×768 screen once a tile is tapped,
	// the counts before; the rest of a turn's entries after.
	// What needs a tile shows once one is tapped: before, the counts are
	// near the top.
	t.onTileBox = container.NewVBox(
		add("ui.dc.do.place", func() engine.Event {
			p := t.board.selected
			if p == nil {
				return nil
			}
			return &dragoncanyon.ForcePlaced{Player: t.playerNo(), Tile: *p}
		}),
		add("ui.dc.do.dragon", func() engine.Event {
			return t.onTile(func(p dragoncanyon.Pos) engine.Event { return &dragoncanyon.DragonMoved{Tile: p, Player: t.playerNo()} })
		}),
		pickerBeside(t.from, attack))
	box := container.NewVBox(
		pickerBeforeLabel(t.player, t.selected),
		t.onTileBox,
		pickerBeside(t.line, festival),
		t.resources, correct,
		widget.NewSeparator(),
		// A purchase, every turn or so.
		t.building,
		buy,
		t.buyWhy,
		widget.NewSeparator(),
		t.flip,
		add("ui.dc.do.remove", func() engine.Event {
			return t.onTile(func(p dragoncanyon.Pos) engine.Event { return &dragoncanyon.ForceRemoved{Tile: p} })
		}),
		ui.Wrapped(t.t("ui.dc.board.help", nil), widget.MediumImportance),
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
	t.resources.SetText(t.resourcesText(t.game.State()))
	if p := t.board.selected; p != nil {
		t.selected.SetText(t.t("ui.dc.board.selected", map[string]any{"Tile": fmt.Sprintf("%d,%d", p[0], p[1])}))
	} else {
		t.selected.SetText(t.t("ui.dc.board.none", nil))
	}
	if (t.board.selected != nil) != t.onTileBox.Visible() {
		if t.board.selected != nil {
			t.onTileBox.Show()
		} else {
			t.onTileBox.Hide()
		}
	}
	// The tiles the chosen player may attack the selected AI card from:
	// their cards next to it, as core offers them.
	var from []string
	if p := t.board.selected; p != nil {
		for _, q := range t.game.AttackFrom(t.playerNo(), *p) {
			from = append(from, fmt.Sprintf("%d,%d", q[0], q[1]))
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
	t.showBuyWhy()
}

// showBuyWhy shows under Buy why the building chosen cannot be bought, in
// core's words, when the moment allows a purchase but this one is refused
// (its cost, its stack): the correction is at the top of the column.
func (t *tableScreen) showBuyWhy() {
	why := ""
	if e := t.checks["ui.dc.do.buy"](); e != nil && t.game.Allowed(e.Type()) == nil {
		if err := t.game.Check(e); err != nil {
			why = ui.ErrorText(t.tr, err)
		}
	}
	if why == t.buyWhy.Text && t.buyWhy.Visible() == (why != "") {
		return
	}
	t.buyWhy.SetText(why)
	if why == "" {
		t.buyWhy.Hide()
	} else {
		t.buyWhy.Show()
	}
}

// lastBought is the building list's first choice: the building bought
// last in the game (what the list last showed, as the game remembers it,
// after a restart too), else the first.
func (t *tableScreen) lastBought() int {
	records := t.game.Records()
	for i := len(records) - 1; i >= 0; i-- {
		if b, ok := records[i].Event.(*dragoncanyon.BuildingBought); ok && t.game.Position(records[i].Seq) != 0 {
			for j, x := range t.game.Setup().Buildings {
				if x.ID == b.Building {
					return j
				}
			}
		}
	}
	return 0
}

func parseTile(s string) (dragoncanyon.Pos, bool) {
	var r, c int
	if _, err := fmt.Sscanf(s, "%d,%d", &r, &c); err != nil {
		return dragoncanyon.Pos{}, false
	}
	return dragoncanyon.Pos{r, c}, true
}

// allTiles are the board's tiles, row by row.
func allTiles() []dragoncanyon.Pos {
	var out []dragoncanyon.Pos
	for r := 1; r <= dragoncanyon.Size; r++ {
		for c := 1; c <= dragoncanyon.Size; c++ {
			out = append(out, dragoncanyon.Pos{r, c})
		}
	}
	return out
}

// big is the prompt card's inputs' main button: its label wraps, so a
// long (Spanish) label never widens the card's column and the board
// beside it keeps its size.
func big(label string, tap func()) *ui.WrapButton {
	b := ui.NewWrapButton(label, tap)
	b.Importance = widget.HighImportance
	return b
}

// seatIDs name the players' seats as a label does (capitalized, no article).
var seatIDs = []string{"ui.dc.seat.name.p1", "ui.dc.seat.name.p2"}
