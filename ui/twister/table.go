package twisterui

import (
	"encoding/json"
	"fmt"
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// tableScreen is an open game: the prompt card and the log on the left; on
// the right, tabs for the room reveal's placement lists, the combat card
// and the score.
type tableScreen struct {
	sess *ui.Session
	game *twister.Game
	win  fyne.Window
	tr   *translations.Translator

	area *ui.PlayArea
	tabs *container.AppTabs

	placement *fyne.Container // the last room's placement lists
	combat    *fyne.Container // the combat card, or the form that starts one
	head      *combatHead     // the combat's step and main button, above the scroll
	asked     map[string][]engine.Choice
	scores    *scorePanel // the score panel
	drawn     map[string]string

	reveal *widget.Button
	// the room reveal's dialog and form, while open
	revealDialog dialog.Dialog
	revealForm   *revealForm
	startForm    *combatForm
	declare      *declareForm // the declaration of the side whose step it is, or nil
	resolve      *resolveForm // both cards' values at the reveal, or nil
	score        *scoreForms
	content      fyne.CanvasObject
}

func (t *tableScreen) t(id string, args map[string]any) string { return t.tr.T(id, args) }

// Tabs of the table, in order.
const (
	tabRoom = iota
	tabCombat
	tabScore
)

// Build lays the table out in tr's language.
func (t *tableScreen) Build(tr *translations.Translator) fyne.CanvasObject {
	t.tr = tr
	t.drawn = map[string]string{}
	t.asked = map[string][]engine.Choice{}
	t.area = ui.NewPlayArea(t.sess, tr, t.win, ui.PromptParts{Input: t.input, After: t.after, FirstKey: firstKey, Arrange: t.arrange}, t.refresh)
	t.placement = container.NewVBox()
	t.combat = container.NewVBox()
	t.head = newCombatHead()
	t.scores = newScorePanel(len(t.game.State().Score))
	t.reveal = widget.NewButtonWithIcon(t.t("ui.twister.reveal.open", nil), theme.VisibilityIcon(), func() { t.openReveal() })
	t.reveal.Importance = widget.HighImportance
	t.startForm = newCombatForm(t)
	t.score = newScoreForms(t)
	rulings := widget.NewButtonWithIcon(t.t("ui.twister.rulings", nil), theme.QuestionIcon(), func() { ui.ShowRulings(t.tr, t.win, twister.ModuleName) })

	room := container.NewBorder(t.reveal, nil, nil, nil, ui.FormScroll(t.placement))
	combat := container.NewBorder(t.head.box, nil, nil, nil, ui.FormScroll(t.combat))
	score := container.NewBorder(t.score.picker, nil, nil, nil, ui.FormScroll(container.NewVBox(t.score.content, widget.NewSeparator(), t.scores.box)))
	t.tabs = container.NewAppTabs(
		container.NewTabItem(t.t("ui.twister.tab.room", nil), room),
		container.NewTabItem(t.t("ui.twister.tab.combat", nil), combat),
		container.NewTabItem(t.t("ui.twister.tab.score", nil), score))
	right := container.NewBorder(nil, nil, nil, nil, t.tabs)
	t.tabs.SetTabLocation(container.TabLocationTop)
	left := container.NewBorder(nil, container.NewHBox(rulings), nil, nil, t.area.Content)
	split := container.NewHSplit(left, right)
	split.Offset = 0.36
	t.content = split
	// The real-input tests read the game back as the app holds it.
	probe.Value("twister.state", func() string {
		b, _ := json.Marshal(t.game.State())
		return string(b)
	})
	t.refresh()
	return split
}

// Close: nothing of its own to close.
func (t *tableScreen) Close() {}

// changed says whether what part shows moved on since it was drawn.
func (t *tableScreen) changed(part string, v any) bool {
	b, _ := json.Marshal(v)
	if t.drawn[part] == string(b) {
		return false
	}
	t.drawn[part] = string(b)
	return true
}

// refresh maps the game onto the screen after every event tried.
func (t *tableScreen) refresh() {
	s := t.game.State()
	before := t.drawn["combat"]
	if t.changed("placement", []any{s.Room, s.Placement, s.PlacementOver}) {
		t.drawPlacement(s)
	}
	if t.changed("combat", s.Combat) {
		t.drawCombat(s)
		// The combat card comes forward when a combat starts.
		if s.Combat != nil && (before == "null" || before == "") {
			t.tabs.SelectIndex(tabCombat)
		}
	}
	if t.changed("score", []any{s.Score, s.Winners}) {
		t.drawScore(s)
	}
	t.enable(t.reveal, "room_revealed")
	t.startForm.refresh()
	t.score.refresh()
	t.area.Refresh()
}

// enable enables b when an event of type typ may apply now.
func (t *tableScreen) enable(b *widget.Button, typ string) {
	if t.sess.ReadOnly() == "" && t.game.Allowed(typ) == nil {
		b.Enable()
	} else {
		b.Disable()
	}
}

// name is a seat's name.
func (t *tableScreen) name(p int) string { return t.game.Setup().Name(p) }

// names are the players' names, in seat order.
func (t *tableScreen) names() []string { return t.game.Setup().Names }

// seatOf is the seat of a name picked in a select (0 for none).
func (t *tableScreen) seatOf(name string) int {
	for i, n := range t.names() {
		if n == name {
			return i + 1
		}
	}
	return 0
}

// big is text read across the table.
func big(s string, size float32, c color.Color) *canvas.Text { return ui.BigText(s, size, c) }

func fg() color.Color      { return theme.Color(theme.ColorNameForeground) }
func primary() color.Color { return theme.Color(theme.ColorNamePrimary) }

// drawPlacement shows the last room's placement order: one big list per
// step, the placer's name above it, why each piece is theirs below it.
func (t *tableScreen) drawPlacement(s twister.State) {
	t.placement.RemoveAll()
	if s.Room == nil {
		t.placement.Add(ui.Wrapped(t.t("ui.twister.placement.none", nil), widget.LowImportance))
		t.placement.Add(ui.WhyButton(t.tr, t.win, twister.RulingRoomReveal))
		return
	}
	t.placement.Add(ui.WrappedHeading(t.t("ui.twister.placement.title", map[string]any{"Room": s.Room.Name, "Name": t.name(s.Room.Revealer), "Rooms": s.Rooms})))
	grid := container.NewGridWithColumns(2)
	for i, st := range s.Placement {
		if i >= 2 && len(st.Items) == 0 {
			continue
		}
		box := container.NewVBox(ui.NewFitText(t.t("ui.twister.placement.step", map[string]any{"Index": i + 1, "Name": t.name(st.Placer)}), 30, primary()))
		if len(st.Items) == 0 {
			box.Add(ui.Wrapped(t.t("ui.twister.placement.nothing", nil), widget.LowImportance))
		}
		for j, it := range st.Items {
			c := fg()
			if it.Placed {
				c = theme.Color(theme.ColorNameDisabled)
			}
			box.Add(ui.NewFitText(it.Name, 26, c))
			box.Add(ui.Wrapped(t.t("ui.twister.why."+it.Why, map[string]any{"Owner": t.name(it.Owner), "KindKey": "ui.twister.kind." + it.Kind}), widget.MediumImportance))
			// Ticked off once on the board (core keeps it): one tap, one piece.
			name := fmt.Sprintf("twister.place.%d.%d", i+1, j+1)
			switch {
			case it.Placed:
				box.Add(probe.Name(ui.Wrapped(t.t("ui.twister.placement.ticked", nil), widget.SuccessImportance), name))
			case !s.PlacementOver:
				b := t.eventButton(t.t("ui.twister.placement.tick", nil), &twister.PiecePlaced{Step: i + 1, Item: j + 1}, i == twister.CurrentStep(s))
				box.Add(probe.Name(b, name))
			}
		}
		if r := twister.PlacementRuling(i); r != twister.RulingRoomReveal {
			box.Add(ui.WhyButton(t.tr, t.win, r)) // the order's own Why? is below the lists
		}
		grid.Add(container.NewPadded(box))
	}
	if s.PlacementOver {
		t.placement.Add(ui.Wrapped(t.t("ui.twister.placement.all_done", nil), widget.SuccessImportance))
	}
	t.placement.Add(grid)
	t.placement.Add(ui.WhyButton(t.tr, t.win, twister.RulingRoomReveal))
}

// IDs built from names, listed so every one is translated.
var _ = []string{
	"ui.twister.why.character", "ui.twister.why.opponent_object", "ui.twister.why.revealer_object",
	"ui.twister.why.own_cursed", "ui.twister.why.torch", "ui.twister.kind.character", "ui.twister.kind.object",
}

// scorePanel is each player's victory points, big, and who won: its
// widgets are made once (the seats never change in a game) and updated in
// place.
type scorePanel struct {
	title  fyne.CanvasObject
	names  []*ui.FitText
	points []*ui.FitText
	lines  []*widget.Label
	over   *widget.Label
	box    *fyne.Container
}

func newScorePanel(players int) *scorePanel {
	p := &scorePanel{title: ui.Heading(""), over: ui.Wrapped("", widget.SuccessImportance)}
	grid := container.NewGridWithColumns(min(max(players, 1), 4))
	for range players {
		p.names = append(p.names, ui.NewFitText("", 22, fg()))
		p.points = append(p.points, ui.NewFitText("", 44, fg()))
		p.lines = append(p.lines, ui.Wrapped("", widget.LowImportance))
		i := len(p.names) - 1
		grid.Add(container.NewVBox(p.names[i], p.points[i], p.lines[i]))
	}
	p.over.Hide()
	p.box = container.NewVBox(p.title, grid, p.over)
	return p
}

// drawScore shows each player's victory points, big, the winners'
// coloured, and core's words for the game's end.
func (t *tableScreen) drawScore(s twister.State) {
	p := t.scores
	ui.SetHeading(p.title, t.t("ui.twister.score.title", map[string]any{"Goal": t.game.Setup().GoalPoints()}))
	for i, sc := range s.Score {
		if i >= len(p.names) {
			break
		}
		c := fg()
		if slices.Contains(s.Winners, sc.Player) {
			c = primary()
		}
		p.names[i].Color, p.points[i].Color = c, c
		p.names[i].SetText(t.name(sc.Player))
		p.points[i].SetText(fmt.Sprint(sc.Points))
		p.names[i].Refresh()
		p.points[i].Refresh()
		p.lines[i].SetText(t.t("ui.twister.score.line", map[string]any{"Escapes": sc.Escapes, "Kills": sc.Kills, "Treasure": sc.Treasure}))
	}
	if m, over := twister.OverMessage(t.game.Setup(), s); over {
		p.over.SetText(t.t(m.ID, m.Args))
		p.over.Show()
	} else {
		p.over.Hide()
	}
}

// do applies an event through the play area; it says whether it applied.
func (t *tableScreen) do(e engine.Event) bool {
	t.area.Do(e)
	return t.area.Notice() == ""
}

// refusalLine is the line under a control that says why its tap was
// refused: hidden, and taking no room, until then.
func refusalLine() *widget.Label {
	l := ui.Wrapped("", widget.DangerImportance)
	l.Hide()
	return l
}

// doAt applies e, tapped on a control with the refusal line why under it:
// a refusal is said there, beside what was tapped, not in the left column;
// a step taken clears it.
func (t *tableScreen) doAt(e engine.Event, why *widget.Label) bool {
	refused := ""
	if err := t.game.Check(e); err != nil {
		refused = ui.ErrorText(t.tr, err)
	} else if !t.do(e) {
		// Refused by the session (a read-only game, a save that failed).
		refused = t.area.Notice()
		t.area.SetNotice("")
	}
	why.SetText(refused)
	if refused == "" {
		why.Hide()
		return true
	}
	why.Show()
	return false
}

// showScore shows the Score tab with one of its forms.
func (t *tableScreen) showScore(form int) {
	t.score.show(form)
	t.tabs.SelectIndex(tabScore)
}

// firstKey: the main key never goes to a choice of a step whose main
// action is a form (core's prompt Input: the form's button takes it), nor
// to a choice core asks about (ending a combat without its result).
func firstKey(p engine.Prompt, _ engine.Choice) rune {
	if p.Input != "" || p.Style == twister.StyleAsk {
		return ui.NoKey
	}
	return 0
}

// arrange keeps the choices core asks about off the card's buttons: after
// draws them, asking first.
func (t *tableScreen) arrange(ps []engine.Prompt) []engine.Prompt {
	out := make([]engine.Prompt, len(ps))
	for i, p := range ps {
		if p.Style == twister.StyleAsk {
			t.asked[p.ID] = p.Choices
			p.Choices = nil
		}
		out[i] = p
	}
	return out
}

// after draws a prompt's asked choices: each asks before it applies.
func (t *tableScreen) after(p engine.Prompt) fyne.CanvasObject {
	if p.Style != twister.StyleAsk {
		return nil
	}
	box := container.NewVBox()
	for _, ch := range t.asked[p.ID] {
		box.Add(t.askButton(ch))
	}
	return box
}

// input is the card's button for a step whose main action is a form of
// the combat card (core's MainInput): it takes the main key and applies
// the form as filled on the Combat tab.
func (t *tableScreen) input(p engine.Prompt, keys ui.Keys) fyne.CanvasObject {
	var id string
	var apply func()
	switch p.Input {
	case twister.InputDeclaration:
		id, apply = "ui.twister.declare.apply", func() {
			if t.declare != nil {
				t.declare.declare()
			}
		}
	case twister.InputCards:
		id, apply = "ui.twister.resolve.apply", func() {
			if t.resolve != nil {
				t.resolve.resolve()
			}
		}
	default:
		return nil
	}
	b := keys.Button(t.t(id, nil), ui.KeyChoice, true, func() {
		t.tabs.SelectIndex(tabCombat)
		apply()
	})
	if t.sess.ReadOnly() != "" {
		b.Disable()
	}
	return b
}
