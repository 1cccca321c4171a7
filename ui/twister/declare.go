package twisterui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui"
)

// declareForm is one side's declaration at its step: the characters in
// the fight (name, printed value, wounded), the items used (name, kind,
// bonus) and the abilities (name, bonus). "Declare and go on" records it;
// a refusal (a weapon in defence…) shows under the form with its reason.
type declareForm struct {
	t         *tableScreen
	attacking bool
	player    int // the side's player
	fighters  []*fighterRow
	items     []*bonusRow
	abilities []*bonusRow
	fList     *fyne.Container
	iList     *fyne.Container
	aList     *fyne.Container
	problem   *widget.Label
	apply     *widget.Button
	content   fyne.CanvasObject
}

type fighterRow struct {
	name    *widget.Entry
	value   *valuePick
	wounded *ui.WrapCheck
	// filled is the value and wound last filled in from what the app
	// knows of the name: while the row still shows them, they follow the
	// name as it is typed.
	filled twister.Fighter
}

type bonusRow struct {
	name  *widget.Entry
	use   *widget.Select // items only
	bonus *ui.Stepper
}

// uses are the item kinds in the select's order.
var itemUses = []string{twister.UseWeapon, twister.UseArmour, twister.UseAnyTime, twister.UseZeroAPAct, twister.UseOther}

// newDeclareForm is the form of the side whose step it is; character is
// the one named when the combat started, the first row's name.
func newDeclareForm(t *tableScreen, c twister.Combat) *declareForm {
	f := &declareForm{t: t, attacking: c.Step == twister.StepAttackerDeclares,
		fList: container.NewVBox(), iList: container.NewVBox(), aList: container.NewVBox(), problem: ui.Wrapped("", widget.DangerImportance)}
	f.problem.Hide()
	player, character := c.Defender, c.DefenderCharacter
	if f.attacking {
		player, character = c.Attacker, c.AttackerCharacter
	}
	f.player = player
	f.addFighter().name.SetText(character)
	add := func(id string, tap func()) *widget.Button {
		return widget.NewButtonWithIcon(t.t(id, nil), theme.ContentAddIcon(), tap)
	}
	f.apply = widget.NewButton(t.t("ui.twister.declare.apply", nil), func() { f.declare() })
	f.apply.Importance = widget.HighImportance
	f.content = container.NewVBox(
		ui.Heading(t.t("ui.twister.declare.title", map[string]any{"Name": t.name(player)})),
		ui.Wrapped(t.t("ui.twister.declare.fighters", nil), widget.MediumImportance), f.fList,
		add("ui.twister.declare.add_fighter", func() { f.addFighter() }),
		ui.Wrapped(t.t("ui.twister.declare.items", nil), widget.MediumImportance), f.iList,
		add("ui.twister.declare.add_item", func() { f.addBonus(true) }),
		ui.Wrapped(t.t("ui.twister.declare.abilities", nil), widget.MediumImportance), f.aList,
		add("ui.twister.declare.add_ability", func() { f.addBonus(false) }))
	// f.apply and f.problem are the combat card's: in sight above the form.
	return f
}

func (f *declareForm) addFighter() *fighterRow {
	t := f.t
	r := &fighterRow{name: widget.NewEntry(), value: newValuePick(t.t("ui.twister.declare.value", nil), twister.StrengthValues(), 0, fmt.Sprintf("twister.declare.value.%d", len(f.fighters)+1)),
		wounded: ui.NewWrapCheck(t.t("ui.twister.declare.wounded", nil), nil)}
	r.name.SetPlaceHolder(t.t("ui.twister.declare.fighter_hint", nil))
	// A character the app knows starts with its value and its wound, as
	// the last declaration and combat left them, and they follow the name
	// as it is typed ("Elf", then "Elfo"); what is entered stays.
	r.name.OnChanged = func(name string) {
		if r.value.Value != r.filled.Strength || r.wounded.Checked != r.filled.Wounded {
			return
		}
		k, _ := twister.KnownFighter(t.game.State(), f.player, strings.TrimSpace(name))
		r.filled = k
		r.value.Set(k.Strength)
		r.wounded.SetChecked(k.Wounded)
	}
	f.fighters = append(f.fighters, r)
	f.fList.Add(container.NewVBox(container.NewGridWithColumns(2, r.name, r.wounded), r.value.Content, widget.NewSeparator()))
	return r
}

func (f *declareForm) addBonus(item bool) *bonusRow {
	t := f.t
	r := &bonusRow{name: widget.NewEntry(), bonus: ui.NewStepper(t.t("ui.twister.declare.bonus", nil), 0, -twister.MaxBonus, twister.MaxBonus)}
	if item {
		r.name.SetPlaceHolder(t.t("ui.twister.declare.item_hint", nil))
		var names []string
		for _, u := range itemUses {
			names = append(names, t.t("ui.twister.use."+u, nil))
		}
		r.use = widget.NewSelect(names, nil)
		r.use.SetSelected(names[0])
		if !f.attacking {
			r.use.SetSelected(names[1]) // the defender's items are armour and shields
		}
		f.items = append(f.items, r)
		f.iList.Add(container.NewVBox(container.NewGridWithColumns(2, r.name, r.use), r.bonus.Content, widget.NewSeparator()))
		return r
	}
	r.name.SetPlaceHolder(t.t("ui.twister.declare.ability_hint", nil))
	f.abilities = append(f.abilities, r)
	f.aList.Add(container.NewVBox(r.name, r.bonus.Content, widget.NewSeparator()))
	return r
}

// event is the declaration the form describes; rows without a name are
// left out.
func (f *declareForm) event() *twister.CombatDeclared {
	var d twister.Declaration
	for _, r := range f.fighters {
		if n := strings.TrimSpace(r.name.Text); n != "" {
			d.Fighters = append(d.Fighters, twister.Fighter{Name: n, Strength: r.value.Value, Wounded: r.wounded.Checked})
		}
	}
	for _, r := range f.items {
		if n := strings.TrimSpace(r.name.Text); n != "" {
			use := twister.UseOther
			for _, u := range itemUses {
				if f.t.t("ui.twister.use."+u, nil) == r.use.Selected {
					use = u
				}
			}
			d.Items = append(d.Items, twister.Bonus{Name: n, Use: use, Bonus: r.bonus.Value})
		}
	}
	for _, r := range f.abilities {
		if n := strings.TrimSpace(r.name.Text); n != "" {
			d.Abilities = append(d.Abilities, twister.Bonus{Name: n, Bonus: r.bonus.Value})
		}
	}
	return &twister.CombatDeclared{Declaration: d}
}

func (f *declareForm) declare() {
	e := f.event()
	if err := f.t.game.Check(e); err != nil {
		f.problem.SetText(ui.ErrorText(f.t.tr, err))
		f.problem.Show()
		return
	}
	f.t.do(e)
}

// resolveForm is the reveal step's form: both cards' values, and the
// Conductor's own ruling with its reason when it must differ.
type resolveForm struct {
	t              *tableScreen
	attack, defend *valuePick
	overrule       *ui.WrapCheck
	winner         *widget.Select
	reason         *widget.Entry
	problem        *widget.Label
	apply          *widget.Button
	content        fyne.CanvasObject
}

var sides = []string{twister.SideAttacker, twister.SideDefender, twister.SideNone}

func newResolveForm(t *tableScreen, c twister.Combat) *resolveForm {
	f := &resolveForm{t: t, problem: ui.Wrapped("", widget.DangerImportance), reason: widget.NewEntry()}
	f.problem.Hide()
	// One tap per card: a button per value a card may have.
	f.attack = newValuePick(t.t("ui.twister.resolve.card", map[string]any{"Name": t.name(c.Attacker)}), twister.CardValues(), 0, "twister.card.attacker")
	f.defend = newValuePick(t.t("ui.twister.resolve.card", map[string]any{"Name": t.name(c.Defender)}), twister.CardValues(), 0, "twister.card.defender")
	var names []string
	for _, s := range sides {
		names = append(names, t.t("ui.twister.side."+s, nil))
	}
	f.winner = widget.NewSelect(names, nil)
	f.winner.SetSelected(names[0])
	f.reason.SetPlaceHolder(t.t("ui.twister.resolve.reason_hint", nil))
	who := container.NewVBox(widget.NewLabel(t.t("ui.twister.resolve.winner", nil)), f.winner, f.reason)
	who.Hide()
	f.overrule = ui.NewWrapCheck(t.t("ui.twister.resolve.overrule", nil), func(on bool) {
		if on {
			who.Show()
		} else {
			who.Hide()
		}
	})
	f.apply = widget.NewButton(t.t("ui.twister.resolve.apply", nil), func() { f.resolve() })
	f.apply.Importance = widget.HighImportance
	f.content = container.NewVBox(
		container.NewBorder(nil, nil, nil, ui.WhyButton(t.tr, t.win, twister.RulingCombatOutcome), ui.Heading(t.t("ui.twister.resolve.title", nil))),
		f.attack.Content, f.defend.Content,
		f.overrule, who)
	// f.apply and f.problem are the combat card's: in sight above the form.
	return f
}

func (f *resolveForm) event() *twister.CombatResolved {
	e := &twister.CombatResolved{AttackerCard: f.attack.Value, DefenderCard: f.defend.Value}
	if f.overrule.Checked {
		for _, s := range sides {
			if f.t.t("ui.twister.side."+s, nil) == f.winner.Selected {
				e.Winner = s
			}
		}
		e.Reason = strings.TrimSpace(f.reason.Text)
	}
	return e
}

func (f *resolveForm) resolve() {
	e := f.event()
	if err := f.t.game.Check(e); err != nil {
		f.problem.SetText(ui.ErrorText(f.t.tr, err))
		f.problem.Show()
		return
	}
	f.t.do(e)
}

// lastCombat says how the last combat the app worked out ended.
func (t *tableScreen) lastCombat(r twister.CombatResult) fyne.CanvasObject {
	box := container.NewVBox(ui.Wrapped(t.t("ui.twister.last.title", map[string]any{"Attacker": t.name(r.Attacker), "AttackTotal": r.AttackTotal,
		"Defender": t.name(r.Defender), "DefenceTotal": r.DefenceTotal}), widget.MediumImportance))
	switch r.Winner {
	case twister.SideAttacker, twister.SideDefender:
		p := r.Attacker
		if r.Winner == twister.SideDefender {
			p = r.Defender
		}
		box.Add(ui.Wrapped(t.t("ui.twister.last.winner", map[string]any{"Name": t.name(p), "Reason": r.Reason}), widget.SuccessImportance))
	default:
		box.Add(ui.Wrapped(t.t("ui.twister.last.tie", nil), widget.MediumImportance))
	}
	if len(r.Wounded) > 0 {
		box.Add(ui.Wrapped(t.t("ui.twister.last.wounded", map[string]any{"Names": strings.Join(r.Wounded, ", ")}), widget.WarningImportance))
	}
	if len(r.Killed) > 0 {
		box.Add(ui.Wrapped(t.t("ui.twister.last.killed", map[string]any{"Names": strings.Join(r.Killed, ", ")}), widget.DangerImportance))
	}
	return box
}
