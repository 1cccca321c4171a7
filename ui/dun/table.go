package dunui

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

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// ledgerLines is how many reserve changes the counter explains at a glance.
const ledgerLines = 4

// tableScreen is the screen used during play, in three columns: the ADP's
// numbers (turn, reserve with its reasons, creatures, decks), what happens
// now (the shell's prompt card) above the log with Undo, and what just
// happened (the event buttons that start the ADP's flows). On a narrow
// window the last two share a column, under tabs (tableColumns).
type tableScreen struct {
	sess    *ui.Session
	game    *dun.Game
	tr      *translations.Translator
	win     fyne.Window
	area    *ui.PlayArea
	openMap func() // nil without a quest
	changed func() // redraws the game's every view
	// recordQuest opens the campaign's "Record a quest's result" with the
	// outcome; nil when the game is in no campaign.
	recordQuest func(outcome string)

	turn           *ui.FitText
	achievements   *ui.FitText
	reserve        *ui.FitText
	ledger         *widget.Label
	decks          *decksView
	eventButtons   map[string]*ui.WrapButton // by label ID
	eventTypes     map[string]string         // label ID → the type of event the button applies
	eventSamples   map[string]engine.Event   // label ID → the event itself, when its type alone does not decide
	brokenDoor     *ui.WrapCheck
	mainRoomCheck  *ui.WrapCheck
	mainRoomSeen   bool
	initiative     *initiativePanel
	initiativeHero int // the party hero last picked to roll Initiative
	// lastHero is the heroes' side typed in the panel last, without a
	// party: the card rolls with it again.
	lastHero    *dun.InitiativeSide
	actions     *actionPanel
	addCreature dialog.Dialog
	creatures   *rosterView
	numbers     fyne.CanvasObject // the left column
	columns     *tableColumns     // three columns, or two on a narrow window
	eventsTitle fyne.CanvasObject // the event buttons' heading
	steps       int               // the records seen by the last refresh
	// speech reads aloud the texts the card shows to read (a reveal's).
	speech  *ui.ReadAloud
	content fyne.CanvasObject
	// rollerPick is the random pick of the ADP's Initiative roller among
	// tied creatures, when one is due: the card's roll makes it first
	// (arrange takes it off the prompt), so both are one key.
	rollerPick engine.Event
}

// newTableScreen builds the table of a game. changed redraws every view of
// the game (this table included) after a step.
func newTableScreen(sess *ui.Session, g *dun.Game, tr *translations.Translator, w fyne.Window, openMap, changed func()) *tableScreen {
	t := &tableScreen{sess: sess, game: g, tr: tr, win: w, openMap: openMap, changed: changed,
		eventButtons: map[string]*ui.WrapButton{}, eventTypes: map[string]string{}, eventSamples: map[string]engine.Event{}}
	fg := theme.Color(theme.ColorNameForeground)

	// Every widget is made once; refresh maps the state onto them.
	t.turn = ui.NewFitText("", 28, fg)
	t.achievements = ui.NewFitText("", 20, fg)
	t.achievements.Bold = false
	t.reserve = ui.NewFitText("", 56, theme.Color(theme.ColorNamePrimary))
	t.ledger = ui.Wrapped("", widget.MediumImportance)
	t.decks = newDecksView(tr)
	t.creatures = t.newRosterView()
	// The reserve stays in sight, the decks right below it; the ledger and
	// the roster scroll under them. Nothing above the scroll wraps, so the
	// column never asks for more height than a laptop has.
	// The turn and the achievements beside the reserve, not above it: the
	// roster below keeps the height for four creatures on a 768-px screen.
	top := container.NewVBox(container.NewGridWithColumns(2, t.turn, t.achievements),
		container.NewBorder(nil, nil, ui.Heading(t.t("ui.reserve.title")), nil, t.reserve))
	// The creatures first: in play they are what the Conductor reaches for.
	scrolled := container.NewVBox(
		t.creatures.content,
		widget.NewSeparator(),
		t.decks.content,
		widget.NewSeparator(),
		ui.Wrapped(t.t("ui.reserve.why"), widget.LowImportance),
		t.ledger,
	)
	t.numbers = container.NewBorder(top, nil, nil, nil, ui.VScroll(scrolled))

	t.speech = ui.NewReadAloud(tr, w, nil)
	t.area = ui.NewPlayArea(sess, tr, w, ui.PromptParts{Input: t.input, After: t.afterPrompt, FirstKey: firstKey, ChoiceKey: choiceKey, Arrange: t.arrange}, changed)
	events := ui.VScroll(t.eventPanel())
	t.columns = newTableColumns(tr, t.numbers, t.area.Content, events, t.area.Title(), t.eventsTitle)
	t.content = t.columns.content
	return t
}

// t translates a message without arguments.
func (t *tableScreen) t(id string) string { return t.tr.T(id, nil) }

// do applies and saves one event, and says why when it is refused.
func (t *tableScreen) do(e engine.Event) { t.area.Do(e) }

// refresh redraws the table from the game's state.
func (t *tableScreen) refresh() {
	tr, g := t.tr, t.game
	s := g.State()
	turn := tr.T("ui.status.turn", map[string]any{"Turn": s.Turn})
	if s.Turn == 0 {
		turn = tr.T("ui.status.setup", nil)
	}
	if s.QuestOver != nil {
		turn = tr.T("ui.status.over", map[string]any{"OutcomeKey": "outcome." + s.QuestOver.Outcome})
	}
	t.turn.SetText(turn)
	t.achievements.SetText(tr.T("ui.status.achievements", map[string]any{"Count": s.Achievements}))
	t.reserve.SetText(strconv.Itoa(s.Reserve))

	var lines []string
	from := max(0, len(s.Ledger)-ledgerLines)
	for i := len(s.Ledger) - 1; i >= from; i-- {
		l := s.Ledger[i]
		lines = append(lines, tr.T("ui.reserve.line", map[string]any{"Delta": fmt.Sprintf("%+d", l.Delta), "ReasonKey": l.Reason, "Balance": l.Balance}))
	}
	setText(t.ledger, strings.Join(lines, "\n"))
	t.decks.refresh(s)
	t.creatures.refresh(s)

	t.area.Refresh()
	// On a narrow window, a step (or a refusal) brings the prompt card
	// forward: it says what to do next, or why not.
	if n := len(g.Records()); n != t.steps || t.area.Notice() != "" {
		t.steps = n
		t.columns.showNow()
	}

	// Each button is enabled exactly when the rules let its event apply now.
	for id, b := range t.eventButtons {
		setEnabled(b.AsButton(), t.allowed(id) == nil)
	}
	if s.MainRoom != t.mainRoomSeen {
		// Most combat after the Main Room's reveal is fought there.
		t.mainRoomSeen = s.MainRoom
		t.mainRoomCheck.SetChecked(s.MainRoom)
	}
}

// setEnabled enables or disables b, refreshing it only when that changes.
func setEnabled(b *widget.Button, on bool) { ui.SetEnabled(b, on) }

// setText changes a label's text only when it differs: an unchanged label
// is not redrawn.
func setText(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
}

// eventButton is a button that applies events of type eventType: it is
// enabled only while the rules allow them.
func (t *tableScreen) eventButton(id string, eventType string, tap func()) *ui.WrapButton {
	b := ui.NewWrapButton(t.t(id), tap)
	t.eventButtons[id] = b
	t.eventTypes[id] = eventType
	return b
}

// allowed is the rules' answer for the event behind button id.
func (t *tableScreen) allowed(id string) error {
	if e, ok := t.eventSamples[id]; ok {
		return t.game.Check(e)
	}
	return t.game.Allowed(t.eventTypes[id])
}

// showReserveDialog asks how many points the ADP spends or gains, and why.
func (t *tableScreen) showReserveDialog(spend bool) {
	reasons := map[string]string{}
	var labels []string
	for _, r := range dun.ReserveReasons(spend) {
		l := t.t(r.Key)
		reasons[l] = r.Code
		labels = append(labels, l)
	}
	amount := widget.NewEntry()
	amount.Validator = func(s string) error {
		if n, err := strconv.Atoi(s); err != nil || n <= 0 {
			return errors.New(t.t("ui.reserve.amount_invalid"))
		}
		return nil
	}
	reason := widget.NewRadioGroup(labels, nil)
	reason.Required = true
	reason.SetSelected(labels[0])
	title, confirm := t.t("ui.events.gain"), t.t("ui.reserve.add")
	if spend {
		title, confirm = t.t("ui.events.spend"), t.t("ui.reserve.pay")
	}
	d := dialog.NewForm(title, confirm, t.t("ui.cancel"), []*widget.FormItem{
		widget.NewFormItem(t.t("ui.reserve.amount"), amount),
		widget.NewFormItem(t.t("ui.reserve.reason"), reason),
	}, func(ok bool) {
		if !ok {
			return
		}
		n, _ := strconv.Atoi(amount.Text)
		if spend {
			t.do(&dun.ReserveSpent{Amount: n, Reason: reasons[reason.Selected]})
		} else {
			t.do(&dun.ReserveGained{Amount: n, Reason: reasons[reason.Selected]})
		}
	}, t.win)
	d.Resize(ui.DialogSize(t.win.Canvas().Size(), 520, 360))
	d.Show()
}

// showEnterRoll records physical dice: the same event the app's dice make.
func (t *tableScreen) showEnterRoll() {
	faces := []string{"1", "2", "3", "4", "5", "6"}
	kinds := []string{t.t("ui.dice.1d6"), t.t("ui.dice.2d6"), t.t("ui.dice.scenario")}
	first := widget.NewSelect(faces, nil)
	second := widget.NewSelect(faces, nil)
	var symbols []string
	for _, s := range scenarioSymbols {
		symbols = append(symbols, t.t(dice.SymbolKeys[s]))
	}
	symbol := widget.NewRadioGroup(symbols, nil)
	kind := widget.NewRadioGroup(kinds, func(k string) {
		first.Hide()
		second.Hide()
		symbol.Hide()
		switch k {
		case kinds[0]:
			first.Show()
		case kinds[1]:
			first.Show()
			second.Show()
		case kinds[2]:
			symbol.Show()
		}
	})
	kind.Required = true
	kind.SetSelected(kinds[0])
	d := dialog.NewCustomConfirm(t.t("ui.events.enter_roll"), t.t("ui.dice.record"), t.t("ui.cancel"),
		container.NewVBox(kind, container.NewHBox(first, second), symbol),
		func(ok bool) {
			if !ok {
				return
			}
			e := &dun.DiceRolled{Physical: true}
			face := func(s *widget.Select) int { n, _ := strconv.Atoi(s.Selected); return n }
			switch kind.Selected {
			case kinds[0]:
				e.Dice, e.Faces = dice.D6, []int{face(first)}
			case kinds[1]:
				e.Dice, e.Faces = dice.TwoD6, []int{face(first), face(second)}
			case kinds[2]:
				e.Dice, e.Faces = dice.Scenario, []int{0}
				for i, s := range symbols {
					if s == symbol.Selected {
						e.Faces[0] = dice.FaceFor(scenarioSymbols[i])
					}
				}
			}
			t.do(e) // an unpicked face is refused by the engine's dice rule, and said so
		}, t.win)
	d.Resize(ui.DialogSize(t.win.Canvas().Size(), 520, 360))
	d.Show()
}

// scenarioSymbols are the Scenario Die's symbols in the order to offer them.
var scenarioSymbols = []dice.Symbol{dice.Obstacle, dice.Encounter, dice.Power}
