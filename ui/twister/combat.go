package twisterui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui"
)

// combatForm starts a combat: who attacks whom, with which characters.
type combatForm struct {
	t                  *tableScreen
	attacker, defender *widget.Select
	attChar, defChar   *widget.Entry
	start              *widget.Button
	content            fyne.CanvasObject
}

func newCombatForm(t *tableScreen) *combatForm {
	f := &combatForm{t: t, attacker: widget.NewSelect(t.names(), nil), defender: widget.NewSelect(t.names(), nil),
		attChar: widget.NewEntry(), defChar: widget.NewEntry()}
	f.attacker.SetSelected(t.names()[0])
	f.defender.SetSelected(t.names()[1])
	f.attChar.SetPlaceHolder(t.t("ui.twister.combat.character_hint", nil))
	f.defChar.SetPlaceHolder(t.t("ui.twister.combat.character_hint", nil))
	f.start = widget.NewButtonWithIcon(t.t("ui.twister.combat.start", nil), theme.MediaPlayIcon(), func() {
		e := &twister.CombatStarted{Attacker: t.seatOf(f.attacker.Selected), AttackerCharacter: strings.TrimSpace(f.attChar.Text),
			DefenderCharacter: strings.TrimSpace(f.defChar.Text)}
		if t.game.Setup().Players > 2 {
			e.Defender = t.seatOf(f.defender.Selected)
		}
		if t.do(e) {
			f.attChar.SetText("")
			f.defChar.SetText("")
		}
	})
	f.start.Importance = widget.HighImportance
	def := fyne.CanvasObject(f.defender)
	if t.game.Setup().Players == 2 {
		def = widget.NewLabel(t.t("ui.twister.combat.other_player", nil))
		f.attacker.OnChanged = func(string) {}
	}
	f.content = container.NewVBox(
		ui.Heading(t.t("ui.twister.combat.new", nil)),
		container.NewGridWithColumns(2,
			container.NewVBox(widget.NewLabel(t.t("ui.twister.combat.attacker", nil)), f.attacker, f.attChar),
			container.NewVBox(widget.NewLabel(t.t("ui.twister.combat.defender", nil)), def, f.defChar)),
		f.start)
	return f
}

func (f *combatForm) refresh() { f.t.enable(f.start, "combat_started") }

// combatSteps are the steps of a combat as the card lists them.
func combatSteps(c twister.Combat) []string { return c.Steps() }

// drawCombat shows the combat card: every step, the current one large, its
// reminders each with its "Why?", and the step's buttons; or, with no
// combat, the form that starts one.
func (t *tableScreen) drawCombat(s twister.State) {
	t.combat.RemoveAll()
	t.declare, t.resolve = nil, nil
	if s.Combat == nil {
		t.combat.Add(ui.Wrapped(t.t("ui.twister.combat.none", map[string]any{"Count": s.Combats}), widget.LowImportance))
		if s.LastCombat != nil {
			t.combat.Add(t.lastCombat(*s.LastCombat))
		}
		t.combat.Add(t.startForm.content)
		t.combat.Add(ui.WhyButton(t.tr, t.win, twister.RulingCombatOrder))
		return
	}
	c := *s.Combat
	args := map[string]any{"Attacker": t.name(c.Attacker), "Defender": t.name(c.Defender),
		"AttackerCharacter": c.AttackerCharacter, "DefenderCharacter": c.DefenderCharacter}
	t.combat.Add(ui.WrappedHeading(t.t("ui.twister.combat.title", args)))
	current := slices.Index(combatSteps(c), c.Step)
	for i, st := range combatSteps(c) {
		label := t.t("ui.twister.step_n", map[string]any{"Index": i + 1, "StepKey": "ui.twister.step." + st})
		switch {
		case i < current:
			t.combat.Add(ui.Wrapped("✓ "+label, widget.LowImportance))
		case i == current:
			t.combat.Add(ui.NewFitText(label, 30, primary()))
			t.combat.Add(ui.Wrapped(t.t("prompt.twister.combat."+st, mergeOverride(args, c)), widget.MediumImportance))
			// The side's declaration, or both cards' values once declared:
			// the app works out the winner from them.
			if c.Declaring() && t.sess.ReadOnly() == "" {
				t.declare = newDeclareForm(t, c)
				t.combat.Add(t.declare.content)
			}
			if st == twister.StepReveal && c.Attack != nil && c.Defence != nil && t.sess.ReadOnly() == "" {
				t.resolve = newResolveForm(t, c)
				t.combat.Add(t.resolve.content)
			}
			done := "choice.twister.step_done"
			if st == twister.StepReveal {
				done = "choice.twister.combat_over"
				t.combat.Add(t.eventButtonTap(t.t("ui.twister.combat.died", nil), func() { t.tabs.SelectIndex(tabScore) }))
			}
			t.combat.Add(t.eventButton(t.t(done, nil), &twister.CombatStep{}, true))
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
		default:
			t.combat.Add(ui.Wrapped(label, widget.MediumImportance))
		}
	}
}

// mergeOverride adds the override's name to a combat's arguments.
func mergeOverride(args map[string]any, c twister.Combat) map[string]any {
	out := map[string]any{}
	for k, v := range args {
		out[k] = v
	}
	if c.Override != "" {
		out["OverrideKey"] = "ui.twister.override." + c.Override
	}
	return out
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
