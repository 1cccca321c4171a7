package ui

import (
	"errors"
	"fmt"
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core"
)

// ledgerLines is how many reserve changes the counter explains at a glance.
const ledgerLines = 6

// tableScreen is the screen used during play. Its four regions: what just
// happened (event buttons), what happens now (the prompt and its choices),
// the reserve counter with its reasons, and the log with Undo.
type tableScreen struct {
	u *UI

	turn         *canvas.Text
	achievements *canvas.Text
	reserve      *canvas.Text
	ledger       *fyne.Container
	prompt       *fyne.Container
	notice       *widget.Label
	log          *widget.List
	entries      []core.LogEntry // newest first
	undo         *widget.Button
	eventButtons map[string]*widget.Button
	content      fyne.CanvasObject
}

func newTableScreen(u *UI) *tableScreen {
	t := &tableScreen{u: u, eventButtons: map[string]*widget.Button{}}
	tr := func(id string) string { return u.tr.T(id, nil) }
	fg := theme.Color(theme.ColorNameForeground)

	t.turn = bigText("", 32, fg)
	t.achievements = bigText("", 24, fg)
	t.achievements.TextStyle.Bold = false
	t.reserve = bigText("", 140, theme.Color(theme.ColorNamePrimary))
	t.ledger = container.NewVBox()
	reserveRegion := container.NewVBox(
		heading(tr("ui.reserve.title")),
		container.NewCenter(t.reserve),
		widget.NewLabel(tr("ui.reserve.why")),
		t.ledger,
	)

	t.prompt = container.NewVBox()
	t.notice = widget.NewLabel("")
	t.notice.Wrapping = fyne.TextWrapWord
	promptRegion := container.NewVBox(heading(tr("ui.prompt.title")), t.prompt, t.notice)

	button := func(id string, tap func()) *widget.Button {
		b := widget.NewButton(tr(id), tap)
		t.eventButtons[id] = b
		return b
	}
	eventsRegion := container.NewVBox(
		heading(tr("ui.events.title")),
		container.NewGridWithColumns(3,
			button("ui.events.roll_1d6", func() { t.do(u.sess.game.Roll(core.D6)) }),
			button("ui.events.roll_2d6", func() { t.do(u.sess.game.Roll(core.TwoD6)) }),
			button("ui.events.roll_scenario", func() { t.do(u.sess.game.Roll(core.Scenario)) }),
		),
		container.NewGridWithColumns(3,
			button("ui.events.enter_roll", t.showEnterRoll),
			button("ui.events.spend", func() { t.showReserveDialog(true) }),
			button("ui.events.gain", func() { t.showReserveDialog(false) }),
		),
	)

	t.log = widget.NewList(
		func() int { return len(t.entries) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Wrapping = fyne.TextWrapWord
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			e := t.entries[i]
			o.(*widget.Label).SetText(fmt.Sprintf("%d · %s", e.Seq, u.tr.T(e.ID, e.Args)))
		},
	)
	t.undo = widget.NewButtonWithIcon(tr("ui.undo"), theme.ContentUndoIcon(), t.doUndo)
	logRegion := container.NewBorder(
		container.NewBorder(nil, nil, heading(tr("ui.log.title")), t.undo),
		nil, nil, nil, t.log)

	status := container.NewPadded(container.NewVBox(t.turn, t.achievements))
	left := container.NewBorder(status, nil, nil, nil, container.NewVScroll(reserveRegion))
	right := container.NewVSplit(container.NewVBox(promptRegion, widget.NewSeparator(), eventsRegion), logRegion)
	right.Offset = 0.55
	split := container.NewHSplit(left, right)
	split.Offset = 0.35
	t.content = split
	t.refresh()
	return t
}

func bigText(s string, size float32, c color.Color) *canvas.Text {
	txt := canvas.NewText(s, c)
	txt.TextSize = size
	txt.TextStyle.Bold = true
	return txt
}

func heading(s string) fyne.CanvasObject {
	return widget.NewRichText(&widget.TextSegment{Text: s, Style: widget.RichTextStyleSubHeading})
}

// refresh redraws every region from the session's state.
func (t *tableScreen) refresh() {
	u, g := t.u, t.u.sess.game
	s := g.State()
	t.turn.Text = u.tr.T("ui.status.turn", map[string]any{"Turn": s.Turn})
	if s.Turn == 0 {
		t.turn.Text = u.tr.T("ui.status.setup", nil)
	}
	t.achievements.Text = u.tr.T("ui.status.achievements", map[string]any{"Count": s.Achievements})
	t.reserve.Text = strconv.Itoa(s.Reserve)
	t.turn.Refresh()
	t.achievements.Refresh()
	t.reserve.Refresh()

	t.ledger.RemoveAll()
	from := max(0, len(s.Ledger)-ledgerLines)
	for i := len(s.Ledger) - 1; i >= from; i-- {
		l := s.Ledger[i]
		t.ledger.Add(widget.NewLabel(u.tr.T("ui.reserve.line", map[string]any{"Delta": fmt.Sprintf("%+d", l.Delta), "ReasonKey": l.Reason, "Balance": l.Balance})))
	}

	t.prompt.RemoveAll()
	for _, p := range g.Prompts() {
		l := widget.NewLabel(u.tr.T(p.ID, p.Args))
		l.Wrapping = fyne.TextWrapWord
		t.prompt.Add(l)
		for _, c := range p.Choices {
			b := widget.NewButton(u.tr.T(c.ID, c.Args), func() { t.do(c.Event) })
			b.Importance = widget.HighImportance
			t.prompt.Add(b)
		}
	}

	t.entries = t.entries[:0]
	for i := len(s.Log) - 1; i >= 0; i-- {
		t.entries = append(t.entries, s.Log[i])
	}
	t.log.Refresh()
	if g.CanUndo() {
		t.undo.Enable()
	} else {
		t.undo.Disable()
	}
}

// do applies and saves one event. A refused or unsaved event leaves the game
// as it was and says why.
func (t *tableScreen) do(e core.Event) {
	err := t.u.sess.apply(e)
	switch {
	case err == nil:
		t.notice.Importance = widget.MediumImportance
		t.notice.SetText("")
	default:
		t.notice.Importance = widget.DangerImportance
		t.notice.SetText(t.u.errorText(err))
	}
	t.refresh()
}

func (t *tableScreen) doUndo() {
	s := t.u.sess.game.State()
	last := s.Log[len(s.Log)-1]
	t.do(&core.Undo{})
	if t.notice.Text == "" {
		t.notice.SetText(t.u.tr.T("ui.notice.undone", map[string]any{"Step": t.u.tr.T(last.ID, last.Args)}))
	}
}

// showReserveDialog asks how many points the ADP spends or gains, and why.
func (t *tableScreen) showReserveDialog(spend bool) {
	tr := func(id string) string { return t.u.tr.T(id, nil) }
	reasons := map[string]string{}
	var codes []string
	if spend {
		codes = []string{"card_activated", "spawn_paid", "correction"}
	} else {
		codes = []string{"card_discarded", "correction"}
	}
	var labels []string
	for _, c := range codes {
		l := tr("reason." + c)
		reasons[l] = c
		labels = append(labels, l)
	}
	amount := widget.NewEntry()
	amount.Validator = func(s string) error {
		if n, err := strconv.Atoi(s); err != nil || n <= 0 {
			return errors.New(tr("ui.reserve.amount_invalid"))
		}
		return nil
	}
	reason := widget.NewRadioGroup(labels, nil)
	reason.Required = true
	reason.SetSelected(labels[0])
	title, confirm := tr("ui.events.gain"), tr("ui.reserve.add")
	if spend {
		title, confirm = tr("ui.events.spend"), tr("ui.reserve.pay")
	}
	d := dialog.NewForm(title, confirm, tr("ui.cancel"), []*widget.FormItem{
		widget.NewFormItem(tr("ui.reserve.amount"), amount),
		widget.NewFormItem(tr("ui.reserve.reason"), reason),
	}, func(ok bool) {
		if !ok {
			return
		}
		n, _ := strconv.Atoi(amount.Text)
		if spend {
			t.do(&core.ReserveSpent{Amount: n, Reason: reasons[reason.Selected]})
		} else {
			t.do(&core.ReserveGained{Amount: n, Reason: reasons[reason.Selected]})
		}
	}, t.u.win)
	d.Resize(fyne.NewSize(520, 360))
	d.Show()
}

// showEnterRoll records physical dice: the same event the app's dice make.
func (t *tableScreen) showEnterRoll() {
	tr := func(id string) string { return t.u.tr.T(id, nil) }
	faces := []string{"1", "2", "3", "4", "5", "6"}
	kinds := []string{tr("ui.dice.1d6"), tr("ui.dice.2d6"), tr("ui.dice.scenario")}
	first := widget.NewSelect(faces, nil)
	second := widget.NewSelect(faces, nil)
	var symbols []string
	for _, s := range []core.Symbol{core.Obstacle, core.Encounter, core.Power} {
		symbols = append(symbols, tr(core.SymbolKeys[s]))
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
	d := dialog.NewCustomConfirm(tr("ui.events.enter_roll"), tr("ui.dice.record"), tr("ui.cancel"),
		container.NewVBox(kind, container.NewHBox(first, second), symbol),
		func(ok bool) {
			if !ok {
				return
			}
			e := &core.DiceRolled{Physical: true}
			face := func(s *widget.Select) int { n, _ := strconv.Atoi(s.Selected); return n }
			switch kind.Selected {
			case kinds[0]:
				e.Dice, e.Faces = core.D6, []int{face(first)}
			case kinds[1]:
				e.Dice, e.Faces = core.TwoD6, []int{face(first), face(second)}
			case kinds[2]:
				e.Dice, e.Faces = core.Scenario, []int{0}
				for i, s := range symbols {
					if s == symbol.Selected {
						e.Faces[0] = core.FaceFor([]core.Symbol{core.Obstacle, core.Encounter, core.Power}[i])
					}
				}
			}
			t.do(e) // an unpicked face is refused by the engine's dice rule, and said so
		}, t.u.win)
	d.Resize(fyne.NewSize(520, 360))
	d.Show()
}
