package ui

import (
	"errors"
	"fmt"
	"image/color"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
)

// ledgerLines is how many reserve changes the counter explains at a glance.
const ledgerLines = 4

// tableScreen is the screen used during play, in three columns: the ADP's
// numbers (turn, reserve with its reasons, decks), what happens now (the
// prompt card) above the log with Undo, and what just happened (the event
// buttons that start the ADP's flows).
type tableScreen struct {
	u *UI

	turn          *canvas.Text
	achievements  *canvas.Text
	reserve       *canvas.Text
	ledger        *fyne.Container
	decks         *fyne.Container
	prompt        *fyne.Container
	notice        *widget.Label
	log           *widget.List
	entries       []dun.LogEntry // newest first
	undo          *widget.Button
	eventButtons  map[string]*widget.Button
	brokenDoor    *widget.Check
	mainRoomCheck *widget.Check
	mainRoomSeen  bool
	keys          map[rune]func() // shortcut keys of what is on screen now
	initiative    *initiativePanel
	actions       *actionPanel
	addCreature   dialog.Dialog
	creatures     *fyne.Container
	content       fyne.CanvasObject
}

func newTableScreen(u *UI) *tableScreen {
	t := &tableScreen{u: u, eventButtons: map[string]*widget.Button{}, keys: map[rune]func(){}}
	tr := func(id string) string { return u.tr.T(id, nil) }
	fg := theme.Color(theme.ColorNameForeground)

	t.turn = bigText("", 32, fg)
	t.achievements = bigText("", 24, fg)
	t.achievements.TextStyle.Bold = false
	t.reserve = bigText("", 120, theme.Color(theme.ColorNamePrimary))
	t.ledger = container.NewVBox()
	t.decks = container.NewVBox()
	t.creatures = container.NewVBox()
	numbers := container.NewVBox(
		container.NewPadded(container.NewVBox(t.turn, t.achievements)),
		heading(tr("ui.reserve.title")),
		container.NewCenter(t.reserve),
		wrapped(tr("ui.reserve.why"), widget.MediumImportance),
		t.ledger,
		widget.NewSeparator(),
		t.creatures,
		widget.NewSeparator(),
		t.decks,
	)

	t.prompt = container.NewVBox()
	t.notice = widget.NewLabel("")
	t.notice.Wrapping = fyne.TextWrapWord
	t.notice.Hide()
	promptRegion := container.NewVBox(heading(tr("ui.prompt.title")), t.notice, t.prompt)

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
			t.log.SetItemHeight(i, o.MinSize().Height)
		},
	)
	// Tapping a step offers to go back to just after it. The list must not
	// keep the keyboard from the shortcuts.
	t.log.OnSelected = func(i widget.ListItemID) {
		t.log.UnselectAll()
		u.win.Canvas().Unfocus()
		if i > 0 && i < len(t.entries) {
			t.confirmRewind(t.entries[i])
		}
	}
	t.undo = widget.NewButtonWithIcon(withKey(tr("ui.undo"), keyUndo), theme.ContentUndoIcon(), t.doUndo)
	logRegion := container.NewBorder(
		container.NewBorder(nil, nil, heading(tr("ui.log.title")), t.undo),
		nil, nil, nil, t.log)

	middle := container.NewVSplit(container.NewVScroll(promptRegion), logRegion)
	middle.Offset = 0.74
	right := container.NewVScroll(t.eventPanel())
	inner := container.NewHSplit(middle, right)
	inner.Offset = 0.56
	outer := container.NewHSplit(container.NewVScroll(numbers), inner)
	outer.Offset = 0.25
	t.content = outer
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
	t.decks.RemoveAll()
	t.decks.Add(t.decksPanel(s))
	t.creatures.RemoveAll()
	t.creatures.Add(t.creaturesPanel(s))

	t.keys = map[rune]func(){keyUndo: func() {
		if g.CanUndo() {
			t.doUndo()
		}
	}}
	t.prompt.RemoveAll()
	t.promptCard(g)

	// A flow in progress is finished from the prompt card first.
	busy := len(s.Pending) > 0
	for id, b := range t.eventButtons {
		anytime := strings.HasPrefix(id, "ui.events.") || strings.HasPrefix(id, "ui.creatures.")
		if busy && !anytime || id == "ui.section.main" && s.MainRoom {
			b.Disable()
		} else {
			b.Enable()
		}
	}
	if s.MainRoom != t.mainRoomSeen {
		// Most combat after the Main Room's reveal is fought there.
		t.mainRoomSeen = s.MainRoom
		t.mainRoomCheck.SetChecked(s.MainRoom)
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
	// The quest's views follow every step.
	if u.quest != nil {
		u.quest.refresh()
	}
	if u.players != nil {
		u.players.refresh()
	}
}

// confirmRewind asks before going back to just after a step of the log;
// Undo brings everything after it back.
func (t *tableScreen) confirmRewind(e dun.LogEntry) {
	tr := t.u.tr
	step := tr.T(e.ID, e.Args)
	dialog.ShowConfirm(tr.T("ui.history.title", nil), tr.T("ui.history.confirm", map[string]any{"Step": step}), func(ok bool) {
		if ok {
			t.rewindTo(e)
		}
	}, t.u.win)
}

// rewindTo goes back to just after a step of the log (the setup: 0).
func (t *tableScreen) rewindTo(e dun.LogEntry) {
	to := 0
	if e.Seq > 0 {
		to = t.u.sess.game.Position(e.Seq)
	}
	t.do(&dun.Rewind{To: to})
	if t.notice.Text == "" {
		t.notice.Importance = widget.MediumImportance
		t.setNotice(t.u.tr.T("ui.history.done", map[string]any{"Step": t.u.tr.T(e.ID, e.Args)}))
	}
}

// setNotice shows a refusal or what Undo took back; empty, it takes no room.
func (t *tableScreen) setNotice(text string) {
	t.notice.SetText(text)
	if text == "" {
		t.notice.Hide()
	} else {
		t.notice.Show()
	}
}

// typed runs the shortcut for a key typed with no text field focused.
func (t *tableScreen) typed(r rune) {
	if f, ok := t.keys[unicode.ToLower(r)]; ok {
		f()
	}
}

// do applies and saves one event. A refused or unsaved event leaves the game
// as it was and says why.
func (t *tableScreen) do(e dun.Event) {
	err := t.u.sess.apply(e)
	t.notice.Importance = widget.DangerImportance
	t.setNotice("")
	if err != nil {
		t.setNotice(t.u.errorText(err))
	}
	t.refresh()
}

func (t *tableScreen) doUndo() {
	s := t.u.sess.game.State()
	last := s.Log[len(s.Log)-1]
	t.do(&dun.Undo{})
	if t.notice.Text == "" {
		t.notice.Importance = widget.MediumImportance
		t.setNotice(t.u.tr.T("ui.notice.undone", map[string]any{"Step": t.u.tr.T(last.ID, last.Args)}))
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
			t.do(&dun.ReserveSpent{Amount: n, Reason: reasons[reason.Selected]})
		} else {
			t.do(&dun.ReserveGained{Amount: n, Reason: reasons[reason.Selected]})
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
	for _, s := range []dun.Symbol{dun.Obstacle, dun.Encounter, dun.Power} {
		symbols = append(symbols, tr(dun.SymbolKeys[s]))
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
			e := &dun.DiceRolled{Physical: true}
			face := func(s *widget.Select) int { n, _ := strconv.Atoi(s.Selected); return n }
			switch kind.Selected {
			case kinds[0]:
				e.Dice, e.Faces = dun.D6, []int{face(first)}
			case kinds[1]:
				e.Dice, e.Faces = dun.TwoD6, []int{face(first), face(second)}
			case kinds[2]:
				e.Dice, e.Faces = dun.Scenario, []int{0}
				for i, s := range symbols {
					if s == symbol.Selected {
						e.Faces[0] = dun.FaceFor([]dun.Symbol{dun.Obstacle, dun.Encounter, dun.Power}[i])
					}
				}
			}
			t.do(e) // an unpicked face is refused by the engine's dice rule, and said so
		}, t.u.win)
	d.Resize(fyne.NewSize(520, 360))
	d.Show()
}
