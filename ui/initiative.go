package ui

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
)

// dicePair enters two physical dice with a row of six buttons each.
type dicePair struct {
	a, b    *rowPicker
	content fyne.CanvasObject
}

func newDicePair(t *tableScreen, caption string) *dicePair {
	tr := t.u.tr
	p := &dicePair{
		a: newRowPicker(tr.T("ui.dice.pick", map[string]any{"N": 1}), 0),
		b: newRowPicker(tr.T("ui.dice.pick", map[string]any{"N": 2}), 0),
	}
	p.content = container.NewVBox(widget.NewLabel(caption), p.a.content, p.b.content)
	return p
}

func (p *dicePair) dice() []int { return []int{p.a.value, p.b.value} }

// initiativePanel runs an Initiative roll ("Initiative", and the ADP's
// "Initiative Roll"): the hero nearest the enemies against the ADP creature
// with the best Perception anywhere on the board.
type initiativePanel struct {
	t                         *tableScreen
	heroPer, heroInt, adpPer  *stepper
	adpInt, adpMod, doorTurns *stepper
	running                   *widget.Check
	adpWho                    *widget.Label // which creature's Perception is used
	context                   *widget.RadioGroup
	heroDice, adpDice         *dicePair
	rerolls                   []*dicePair // hero, adp, hero, adp...
	rerollBox                 *fyne.Container
	notice                    *widget.Label
	dialog                    dialog.Dialog
}

func (t *tableScreen) showInitiative() {
	tr := func(id string) string { return t.u.tr.T(id, nil) }
	p := &initiativePanel{t: t}
	p.heroPer = newStepper(tr("ui.initiative.perception"), 3, 0, 12)
	p.heroInt = newStepper(tr("ui.initiative.intelligence"), 3, 0, 12)
	p.running = widget.NewCheck(tr("ui.initiative.running"), nil)
	p.adpPer = newStepper(tr("ui.initiative.perception"), 3, 0, 12)
	p.adpInt = newStepper(tr("ui.initiative.intelligence"), 3, 0, 12)
	p.adpMod = newStepper(tr("ui.initiative.modifier"), 0, -3, 3)
	p.doorTurns = newStepper(tr("ui.initiative.door_turns"), 0, 0, 9)
	p.context = widget.NewRadioGroup([]string{tr("ui.initiative.exploration"), tr("ui.initiative.combat")}, nil)
	p.context.Required = true
	p.context.SetSelected(tr("ui.initiative.exploration"))
	if t.u.sess.game.State().MainRoom || t.mainRoomCheck.Checked {
		p.context.SetSelected(tr("ui.initiative.combat"))
	}
	if c, ok := dun.InitiativeRoller(t.u.sess.game.State()); ok {
		p.adpPer.set(c.Perception)
		p.adpInt.set(c.Intelligence)
		p.adpWho = widget.NewLabel(t.u.tr.T("ui.initiative.adp_roller", map[string]any{"Name": c.Name}))
	}
	p.heroDice = newDicePair(t, tr("ui.initiative.dice_hero"))
	p.adpDice = newDicePair(t, tr("ui.initiative.dice_adp"))
	p.rerollBox = container.NewVBox()
	p.notice = widget.NewLabel("")
	p.notice.Importance = widget.DangerImportance
	p.notice.Wrapping = fyne.TextWrapWord

	roll := widget.NewButton(tr("ui.initiative.roll"), func() {
		p.apply(t.u.sess.game.RollInitiative(p.event()))
	})
	roll.Importance = widget.HighImportance
	record := widget.NewButton(tr("ui.initiative.record"), func() { e := p.event(); p.apply(&e) })
	body := container.NewVBox(
		widget.NewLabel(tr("ui.initiative.context")), p.context, stepperForm(p.doorTurns),
		heading(tr("ui.initiative.hero")), stepperForm(p.heroPer, p.heroInt), p.running,
		heading(tr("ui.initiative.adp")), p.adpRoller(), stepperForm(p.adpPer, p.adpInt, p.adpMod),
		widget.NewSeparator(),
		p.heroDice.content, p.adpDice.content, p.rerollBox,
	)
	scroll := container.NewVScroll(body)
	scroll.SetMinSize(fyne.NewSize(760, 520))
	closeButton := widget.NewButton(tr("ui.close"), func() { p.dialog.Hide() })
	// The buttons stay in sight below the scrolling inputs.
	bottom := container.NewVBox(p.notice, container.NewGridWithColumns(3, closeButton, record, roll))
	p.dialog = dialog.NewCustomWithoutButtons(tr("ui.initiative.title"), container.NewBorder(nil, bottom, nil, nil, scroll), t.u.win)
	t.initiative = p
	p.dialog.Show()
}

// event is the Initiative roll as entered so far, dice included.
func (p *initiativePanel) event() dun.Initiative {
	val := func(s *stepper) *int { v := s.value; return &v }
	e := dun.Initiative{
		Hero:            dun.InitiativeSide{Perception: val(p.heroPer), Intelligence: val(p.heroInt), Dice: p.heroDice.dice()},
		ADP:             dun.InitiativeSide{Perception: val(p.adpPer), Intelligence: val(p.adpInt), Modifier: p.adpMod.value, Dice: p.adpDice.dice()},
		Context:         dun.ContextExploration,
		BrokenDoorTurns: p.doorTurns.value,
	}
	if p.running.Checked {
		e.Hero.Modifier = -2 // "Running": -2 Perception
	}
	if p.context.Selected == p.context.Options[1] {
		e.Context = dun.ContextCombat
	}
	for i := 0; i+1 < len(p.rerolls); i += 2 {
		e.Rerolls = append(e.Rerolls, dun.InitiativeReroll{Hero: p.rerolls[i].dice(), ADP: p.rerolls[i+1].dice()})
	}
	return e
}

// apply records the roll; a tie that needs dice rolled again opens a new
// pair of rows instead of failing.
func (p *initiativePanel) apply(e *dun.Initiative) {
	err := p.t.u.sess.apply(e)
	var re *dun.RuleError
	if errors.As(err, &re) && re.ID == "rule.initiative.reroll_needed" {
		// Every row so far is filled and still tied: one more round.
		tr := p.t.u.tr
		p.rerollBox.Add(widget.NewLabel(tr.T("ui.initiative.reroll", nil)))
		for _, caption := range []string{"ui.initiative.dice_hero", "ui.initiative.dice_adp"} {
			d := newDicePair(p.t, tr.T(caption, nil))
			p.rerolls = append(p.rerolls, d)
			p.rerollBox.Add(d.content)
		}
	}
	if err != nil {
		p.notice.SetText(p.t.u.errorText(err))
		return
	}
	p.dialog.Hide()
	p.t.setNotice("")
	p.t.refresh()
}

func (p *initiativePanel) adpRoller() fyne.CanvasObject {
	if p.adpWho == nil {
		return container.NewVBox() // no roster yet: the Conductor types the values
	}
	return p.adpWho
}
