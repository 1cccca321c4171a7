package twisterui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// combatForm starts a combat: the characters picked from those met (core's
// pieces), their seats following; a character not met yet is typed with
// its player. No seat is ever guessed.
type combatForm struct {
	t                  *tableScreen
	attPick, defPick   *widget.Select
	living             []twister.Character // the characters met, as attPick offers them
	defLiving          []twister.Character // as defPick offers them: not the attacker's
	livingKey          string
	attacker, defender *widget.Select
	attChar, defChar   *widget.Entry
	start              *widget.Button
	startWhy           *widget.Label // why a start was refused, under its button
	content            fyne.CanvasObject
}

func newCombatForm(t *tableScreen) *combatForm {
	f := &combatForm{t: t, attacker: widget.NewSelect(t.names(), nil), defender: widget.NewSelect(t.names(), nil),
		attChar: widget.NewEntry(), defChar: widget.NewEntry(), startWhy: refusalLine()}
	f.attacker.PlaceHolder = t.t("ui.twister.combat.pick_attacker_seat", nil)
	f.defender.PlaceHolder = t.t("ui.twister.score.pick_controller", nil)
	f.attChar.SetPlaceHolder(t.t("ui.twister.combat.character_hint", nil))
	f.defChar.SetPlaceHolder(t.t("ui.twister.combat.character_hint", nil))
	f.attPick = probe.Name(widget.NewSelect(nil, func(string) { f.pickedAttacker() }), "twister.combat.attacker_pick")
	f.defPick = probe.Name(widget.NewSelect(nil, func(string) { f.pickedDefender() }), "twister.combat.defender_pick")
	f.attPick.PlaceHolder = t.t("ui.twister.combat.pick_hint", nil)
	f.defPick.PlaceHolder = t.t("ui.twister.combat.pick_hint", nil)
	f.attacker.OnChanged = func(string) { f.fillDefenders() }
	f.start = widget.NewButtonWithIcon(t.t("ui.twister.combat.start", nil), theme.MediaPlayIcon(), func() {
		e := &twister.CombatStarted{Attacker: t.seatOf(f.attacker.Selected), AttackerCharacter: strings.TrimSpace(f.attChar.Text),
			DefenderCharacter: strings.TrimSpace(f.defChar.Text)}
		if t.game.Setup().Players > 2 {
			e.Defender = t.seatOf(f.defender.Selected)
		}
		if t.doAt(e, f.startWhy) {
			f.clear()
		}
	})
	f.start.Importance = widget.HighImportance
	def := fyne.CanvasObject(f.defender)
	if t.game.Setup().Players == 2 {
		def = widget.NewLabel(t.t("ui.twister.combat.other_player", nil))
	}
	f.content = container.NewVBox(
		ui.Heading(t.t("ui.twister.combat.new", nil)),
		container.NewGridWithColumns(2,
			container.NewVBox(widget.NewLabel(t.t("ui.twister.combat.pick_attacker", nil)), f.attPick),
			container.NewVBox(widget.NewLabel(t.t("ui.twister.combat.pick_defender", nil)), f.defPick)),
		f.start, f.startWhy,
		ui.Wrapped(t.t("ui.twister.combat.or_type", nil), widget.LowImportance),
		container.NewGridWithColumns(2,
			container.NewVBox(widget.NewLabel(t.t("ui.twister.combat.attacker", nil)), f.attacker, f.attChar),
			container.NewVBox(widget.NewLabel(t.t("ui.twister.combat.defender", nil)), def, f.defChar)))
	return f
}

// clear empties the form once a combat started: nothing carries over.
func (f *combatForm) clear() {
	f.attChar.SetText("")
	f.defChar.SetText("")
	f.attPick.ClearSelected()
	f.defPick.ClearSelected()
	f.attacker.ClearSelected()
	f.defender.ClearSelected()
}

// pickedAttacker fills the attacker's name and seat from the character
// picked.
func (f *combatForm) pickedAttacker() {
	i := f.attPick.SelectedIndex()
	if i < 0 || i >= len(f.living) {
		return
	}
	p := f.living[i]
	f.attChar.SetText(p.Name)
	f.attacker.SetSelected(f.t.name(p.Owner)) // fills the defenders offered
}

// pickedDefender fills the defender's name (and seat, 3-4 players).
func (f *combatForm) pickedDefender() {
	i := f.defPick.SelectedIndex()
	if i < 0 || i >= len(f.defLiving) {
		return
	}
	p := f.defLiving[i]
	f.defChar.SetText(p.Name)
	f.defender.SetSelected(f.t.name(p.Owner))
}

// fillDefenders offers as defenders the characters met that are not the
// attacker's.
func (f *combatForm) fillDefenders() {
	att := f.t.seatOf(f.attacker.Selected)
	f.defLiving = nil
	var opts []string
	for _, p := range f.living {
		if p.Owner != att {
			f.defLiving = append(f.defLiving, p)
			opts = append(opts, f.t.t("ui.twister.piece", map[string]any{"Character": p.Name, "Name": f.t.name(p.Owner)}))
		}
	}
	f.defPick.Options = opts
	f.defPick.ClearSelected()
}

func (f *combatForm) refresh() {
	f.t.enable(f.start, "combat_started")
	living := twister.Living(f.t.game.State())
	if key := fmt.Sprint(living); key != f.livingKey {
		f.livingKey, f.living = key, living
		var opts []string
		for _, p := range living {
			opts = append(opts, f.t.t("ui.twister.piece", map[string]any{"Character": p.Name, "Name": f.t.name(p.Owner)}))
		}
		f.attPick.Options = opts
		f.attPick.ClearSelected()
		f.fillDefenders()
	}
}

// combatSteps are the steps of a combat as the card lists them.
func combatSteps(c twister.Combat) []string { return c.Steps() }

// combatHead is the top of the combat card, updated in place: the
// combat, its current step, what the step asks, and below them the step's
// main action (built per step: its form or its buttons).
type combatHead struct {
	title fyne.CanvasObject
	step  *ui.FitText
	asks  *widget.Label
	main  *fyne.Container
	box   *fyne.Container
}

func newCombatHead() *combatHead {
	h := &combatHead{title: ui.WrappedHeading(""), step: ui.NewFitText("", 26, primary()),
		asks: ui.Wrapped("", widget.MediumImportance), main: container.NewVBox()}
	h.box = container.NewVBox(h.title, h.step, h.asks, h.main)
	h.box.Hide()
	return h
}

// drawCombat shows the combat card: above, in sight at 1024×768 whatever
// the form's length, the combat, its current step and the step's main
// action (core's MainInput: the declaration, the cards, or the step's
// choice); below, in the scroll, the form, the other choices, ending the
// combat without a result (asked about) and the step's reminders, each
// with its "Why?"; or, with no combat, the form that starts one. The
// scroll's rows are made again: what a step offers differs in kind and
// number from one step to the next.
func (t *tableScreen) drawCombat(s twister.State) {
	t.combat.RemoveAll()
	t.head.main.RemoveAll()
	t.declare, t.resolve = nil, nil
	if s.Combat == nil {
		t.head.box.Hide()
		t.drawNoCombat(s)
		return
	}
	c := *s.Combat
	steps := combatSteps(c)
	current := slices.Index(steps, c.Step)
	t.drawCombatHead(c, current, len(steps))
	if t.sess.ReadOnly() == "" {
		t.drawCombatForm(c)
	}
	t.drawCombatChoices(c)
	t.drawCombatReminders()
	t.drawCombatSteps(steps, current)
}

// drawNoCombat is the card with no combat: the last one's end and the
// form that starts one.
func (t *tableScreen) drawNoCombat(s twister.State) {
	t.combat.Add(ui.Wrapped(t.t("ui.twister.combat.none", map[string]any{"Count": s.Combats}), widget.LowImportance))
	if s.LastCombat != nil {
		t.combat.Add(t.lastCombat(*s.LastCombat))
	}
	t.combat.Add(t.startForm.content)
	t.combat.Add(ui.WhyButton(t.tr, t.win, twister.RulingCombatOrder))
}

// drawCombatHead says the combat, its step and what the step asks (core's
// words for it).
func (t *tableScreen) drawCombatHead(c twister.Combat, current, count int) {
	setup := t.game.Setup()
	asks := twister.CombatMessage(setup, c)
	ui.SetHeading(t.head.title, t.t("ui.twister.combat.title", asks.Args))
	t.head.step.SetText(t.t("ui.twister.combat.step_of", map[string]any{"Index": current + 1, "Count": count, "StepKey": "ui.twister.step." + c.Step}))
	t.head.asks.SetText(t.t(asks.ID, asks.Args))
	t.head.box.Show()
}

// drawCombatForm puts the step's form in the scroll and its problem and
// button above it: the declaration, or both cards' values.
func (t *tableScreen) drawCombatForm(c twister.Combat) {
	switch twister.MainInput(c) {
	case twister.InputDeclaration:
		t.declare = newDeclareForm(t, c)
		t.head.main.Add(t.declare.problem)
		t.head.main.Add(t.declare.apply)
		t.combat.Add(t.declare.content)
	case twister.InputCards:
		t.resolve = newResolveForm(t, c)
		t.head.main.Add(t.resolve.problem)
		t.head.main.Add(t.resolve.apply)
		t.combat.Add(t.resolve.content)
	}
}

// drawCombatChoices shows the prompts' choices, as core offers them: the
// step's own first (the main one, above, when no form leads), the asked
// ones with their question.
func (t *tableScreen) drawCombatChoices(c twister.Combat) {
	formLeads := twister.MainInput(c) != ""
	for i, p := range t.game.Prompts() {
		switch {
		case i == 0:
			for _, ch := range p.Choices {
				b := t.eventButton(t.t(ch.ID, ch.Args), ch.Event, !formLeads)
				if formLeads {
					t.combat.Add(b)
				} else {
					t.head.main.Add(b)
				}
			}
		case p.Style == twister.StyleAsk:
			t.combat.Add(ui.Wrapped(t.t(p.ID, p.Args), widget.LowImportance))
			for _, ch := range p.Choices {
				t.combat.Add(probe.Name(t.askButton(ch), "twister.ask."+ch.Event.Type()))
			}
		}
	}
	if c.Step == twister.StepReveal {
		t.combat.Add(t.eventButtonTap(t.t("ui.twister.combat.died", nil), func() { t.showScore(scoreDeath) }))
	}
}

// drawCombatReminders lists the step's reminders, each with its Why? and
// its choices.
func (t *tableScreen) drawCombatReminders() {
	t.combat.Add(widget.NewSeparator())
	t.combat.Add(ui.Wrapped(t.t("ui.twister.combat.reminders", nil), widget.MediumImportance))
	for _, p := range t.game.Prompts() {
		if p.Style != engine.StyleStep {
			continue
		}
		row := container.NewBorder(nil, nil, nil, ui.WhyButton(t.tr, t.win, p.Ruling), ui.Wrapped("• "+t.t(p.ID, p.Args), widget.WarningImportance))
		t.combat.Add(row)
		for _, ch := range p.Choices {
			t.combat.Add(t.eventButton(t.t(ch.ID, ch.Args), ch.Event, false))
		}
	}
}

// drawCombatSteps lists the combat's steps, the done ones ticked and the
// current one marked.
func (t *tableScreen) drawCombatSteps(steps []string, current int) {
	t.combat.Add(widget.NewSeparator())
	for i, st := range steps {
		label := t.t("ui.twister.step_n", map[string]any{"Index": i + 1, "StepKey": "ui.twister.step." + st})
		switch {
		case i < current:
			t.combat.Add(ui.Wrapped("✓ "+label, widget.LowImportance))
		case i == current:
			t.combat.Add(ui.Wrapped("▶ "+label, widget.HighImportance))
		default:
			t.combat.Add(ui.Wrapped(label, widget.MediumImportance))
		}
	}
}

// askButton applies a choice core asks about (StyleAsk) once the
// Conductor confirms: never on a key, never at once.
func (t *tableScreen) askButton(ch engine.Choice) *ui.WrapButton {
	b := ui.NewWrapButton(t.t(ch.ID, ch.Args), func() { t.ask(ch) })
	b.Importance = widget.DangerImportance
	if t.sess.ReadOnly() != "" || t.game.Check(ch.Event) != nil {
		b.Disable()
	}
	return b
}

// ask asks before applying a choice core asks about, in core's words
// (Game.Question).
func (t *tableScreen) ask(ch engine.Choice) {
	title, q, ok := t.game.Question(ch.Event)
	if !ok {
		t.do(ch.Event)
		return
	}
	t.confirm(t.t(title.ID, title.Args), t.t(q.ID, q.Args), func() { t.do(ch.Event) })
}

// confirm asks question under title with the app's own Yes and No (in the
// screen's language: "Sí", never Fyne's "Si"); yes runs on Yes.
func (t *tableScreen) confirm(title, question string, yes func()) {
	d := dialog.NewConfirm(title, question, func(ok bool) {
		if ok {
			yes()
		}
	}, t.win)
	d.SetConfirmText(t.t("ui.yes", nil))
	d.SetDismissText(t.t("ui.no", nil))
	d.Show()
}

// eventButton applies e when tapped; important ones stand out.
func (t *tableScreen) eventButton(label string, e engine.Event, important bool) *ui.WrapButton {
	b := ui.NewWrapButton(label, func() { t.do(e) })
	if important {
		b.Importance = widget.HighImportance
	}
	if t.sess.ReadOnly() != "" || t.game.Check(e) != nil {
		b.Disable()
	}
	return b
}

func (t *tableScreen) eventButtonTap(label string, tap func()) *ui.WrapButton {
	return ui.NewWrapButton(label, tap)
}
