package dunui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui"
)

// rosterView lists the ADP's creatures on the board in activation order,
// with their bonuses, skill uses and lasting Power cards, and lets the
// Conductor add them as they are placed and remove them when they die. Its
// rows are made as the roster grows and reused: refresh sets their text.
type rosterView struct {
	t       *tableScreen
	rows    []*rosterRow
	list    *fyne.Container
	content fyne.CanvasObject
}

type rosterRow struct {
	label        *widget.Label
	remove       *ui.WrapButton
	wound, heal  *ui.WrapButton
	amount       *widget.Entry     // how many wounds a tap deals or heals (1 when empty)
	woundButtons fyne.CanvasObject // shown when the creature's Vitality is known
	id           string            // the creature the row shows now
	row          fyne.CanvasObject
}

// creatureName is a creature's name in the language shown: a spawned
// creature has one per language.
func creatureName(lang string, c dun.Creature) string {
	if n := c.Names[lang]; n != "" {
		return n
	}
	return c.Name
}

func (t *tableScreen) newRosterView() *rosterView {
	v := &rosterView{t: t, list: container.NewVBox()}
	add := t.eventButton("ui.creatures.add", (&dun.CreatureAdded{}).Type(), t.showAddCreature)
	v.content = container.NewVBox(ui.WrappedHeading(t.tr.T("ui.creatures.title", nil)), add, v.list)
	return v
}

func (v *rosterView) refresh(s dun.State) {
	tr := v.t.tr
	for i, id := range s.ActivationOrder {
		if i == len(v.rows) {
			r := &rosterRow{label: ui.Wrapped("", widget.MediumImportance)}
			r.remove = ui.NewWrapButton(tr.T("ui.creatures.remove", nil), func() { v.t.do(&dun.CreatureRemoved{ID: r.id}) })
			r.amount = widget.NewEntry()
			r.amount.SetPlaceHolder("1")
			hurt := func(sign int) {
				v.t.do(&dun.CreatureWounded{ID: r.id, Amount: sign * r.wounds()})
				if v.t.area.Notice() == "" {
					r.amount.SetText("")
				}
			}
			r.heal = ui.NewWrapButton(tr.T("ui.creatures.heal_n", nil), func() { hurt(-1) })
			r.wound = ui.NewWrapButton(tr.T("ui.creatures.wound_n", nil), func() { hurt(1) })
			// Enter deals the wounds typed and, when they are dealt, hands
			// the keys back to the table: N then takes the next step (a
			// slain creature off the board), not a letter in the box.
			r.amount.OnSubmitted = func(string) {
				hurt(1)
				if v.t.area.Notice() == "" {
					v.t.win.Canvas().Unfocus()
				}
			}
			r.woundButtons = container.NewGridWithColumns(3, r.amount, r.wound, r.heal)
			r.row = container.NewBorder(nil, r.woundButtons, nil, r.remove, r.label)
			v.rows = append(v.rows, r)
			v.list.Add(r.row)
		}
		r := v.rows[i]
		c, _ := s.Creature(id)
		r.id = c.ID
		actions, roll := dun.CreatureBonus(s, c)
		line := tr.T("ui.creatures.line", map[string]any{"Index": i + 1, "Name": creatureName(tr.Lang, c), "TypeKey": "behaviour." + c.Type + ".name",
			"LevelKey": dun.LevelKeys[c.Level], "VP": c.VP, "Agility": c.Agility, "Perception": c.Perception, "Intelligence": c.Intelligence,
			"Actions": actions, "Roll": roll})
		var extras []string
		if left, known := dun.VitalityLeft(s, c); known {
			extras = append(extras, tr.T("ui.creatures.vitality", map[string]any{"Left": left, "Max": dun.MaxVitality(s, c), "Wounds": c.Wounds}))
			r.woundButtons.Show()
			// Whether a wound or a heal applies now is the rules' answer.
			setEnabled(r.wound.AsButton(), v.t.game.Check(&dun.CreatureWounded{ID: c.ID, Amount: 1}) == nil)
			setEnabled(r.heal.AsButton(), v.t.game.Check(&dun.CreatureWounded{ID: c.ID, Amount: -1}) == nil)
		} else {
			r.woundButtons.Hide()
		}
		for _, k := range c.Skills {
			extras = append(extras, tr.T("ui.creatures.skill", map[string]any{"Skill": v.t.game.Setup().FactionData.SkillArg(c.Profile, k.Name), "Uses": k.Uses, "Limit": dun.SkillLimit}))
		}
		for _, sc := range s.Sustained {
			if sc.Target == c.ID || sc.Target == c.Name {
				extras = append(extras, tr.T("ui.creatures.card", map[string]any{"Name": cardName(tr, sc.Name)}))
			}
		}
		if len(extras) > 0 {
			line += "\n" + strings.Join(extras, " · ")
		}
		imp := widget.MediumImportance
		if c.Done && s.CombatTurn { // acted in this combat turn; a new turn starts afresh
			imp = widget.LowImportance
		}
		if r.label.Text != line || r.label.Importance != imp {
			r.label.Importance = imp
			r.label.SetText(line)
		}
		r.row.Show()
	}
	for _, r := range v.rows[len(s.ActivationOrder):] {
		r.row.Hide()
		r.id = ""
	}
}

// wounds is the number typed in the row (1 when empty); the rules refuse
// what is out of bounds, so a wrong number is said, not guessed at.
func (r *rosterRow) wounds() int {
	if strings.TrimSpace(r.amount.Text) == "" {
		return 1
	}
	n, err := strconv.Atoi(strings.TrimSpace(r.amount.Text))
	if err != nil {
		return 0 // refused by the rules with their message
	}
	return n
}

// showAddCreature places creatures on the roster: one, or several alike
// (a spawn of three orcs), each with an id of its own.
func (t *tableScreen) showAddCreature() {
	tr := t.t
	name := widget.NewEntry()
	name.SetPlaceHolder(tr("ui.creatures.name"))
	types := map[string]string{}
	var typeNames []string
	for _, b := range dun.BehaviourTypes {
		if !b.LeaderOnly {
			n := tr("behaviour." + b.ID + ".name")
			types[n] = b.ID
			typeNames = append(typeNames, n)
		}
	}
	behaviour := widget.NewSelect(typeNames, nil)
	behaviour.SetSelected(tr("behaviour.melee.name"))
	levels := []string{dun.LevelRegular, dun.LevelElite, dun.LevelChampion, dun.LevelLeader}
	var levelNames []string
	for _, l := range levels {
		levelNames = append(levelNames, tr(dun.LevelKeys[l]))
	}
	level := widget.NewRadioGroup(levelNames, nil)
	level.Horizontal = true
	level.Required = true
	level.SetSelected(levelNames[0])
	// The ranges are the rules' bounds (core/dun/limits.go).
	count := ui.NewStepper(tr("ui.creatures.count"), 1, 1, dun.MaxCreatures)
	vp := ui.NewStepper(tr("ui.creatures.vp"), 1, 0, dun.MaxGroupVP)
	agility := ui.NewStepper(tr("attribute.agility"), 3, 0, dun.MaxAttribute)
	perception := ui.NewStepper(tr("attribute.perception"), 3, 0, dun.MaxAttribute)
	intelligence := ui.NewStepper(tr("attribute.intelligence"), 3, 0, dun.MaxAttribute)
	ranged := widget.NewCheck(tr("ui.creatures.ranged"), nil)
	spells := widget.NewCheck(tr("ui.creatures.spellcaster"), nil)
	support := widget.NewCheck(tr("ui.creatures.support"), nil)
	skills := widget.NewEntry()
	skills.SetPlaceHolder(tr("ui.creatures.skills"))
	target := widget.NewEntry()
	target.SetPlaceHolder(tr("ui.creatures.quest_target"))
	notice := widget.NewLabel("")
	notice.Importance = widget.DangerImportance
	notice.Wrapping = fyne.TextWrapWord

	// With a faction, a profile fills the form: the Conductor adds what the
	// table shows by name, not by typing its numbers again.
	var fromFaction fyne.CanvasObject = container.NewVBox()
	var profile string
	if f := t.game.Setup().FactionData; f != nil {
		byName := map[string]int{}
		var names []string
		for i, p := range f.Profiles {
			n := p.Name.In(t.tr.Lang)
			byName[n] = i
			names = append(names, n)
		}
		pick := widget.NewSelect(names, func(n string) {
			p := f.Profiles[byName[n]]
			profile = p.ID
			name.SetText(n)
			behaviour.SetSelected(tr("behaviour." + p.Behaviour + ".name"))
			level.SetSelected(tr(dun.LevelKeys[p.Level]))
			vp.Set(p.VP)
			agility.Set(p.Agility)
			perception.Set(p.Perception)
			intelligence.Set(p.Intelligence)
			ranged.SetChecked(p.Ranged)
			spells.SetChecked(p.Spellcaster)
			support.SetChecked(p.Support)
			skills.SetText(strings.Join(p.Skills, ", "))
		})
		pick.PlaceHolder = tr("ui.creatures.from_faction")
		fromFaction = pick
	}

	var d dialog.Dialog
	addButton := widget.NewButton(tr("ui.creatures.add_confirm"), func() {
		base := strings.TrimSpace(name.Text)
		if base == "" {
			base = behaviour.Selected
		}
		var skillNames []string
		for _, k := range strings.Split(skills.Text, ",") {
			if k = strings.TrimSpace(k); k != "" {
				skillNames = append(skillNames, k)
			}
		}
		for i := 0; i < count.Value; i++ {
			n := base
			if count.Value > 1 {
				n = fmt.Sprintf("%s %d", base, i+1)
			}
			e := &dun.CreatureAdded{ID: t.freeCreatureID(n), Name: n, Behaviour: types[behaviour.Selected],
				Level: levels[indexOf(levelNames, level.Selected)], VP: vp.Value, Agility: agility.Value,
				Perception: perception.Value, Intelligence: intelligence.Value, Ranged: ranged.Checked,
				Spellcaster: spells.Checked, Support: support.Checked, Skills: skillNames, QuestTarget: strings.TrimSpace(target.Text)}
			if f := t.game.Setup().FactionData; f != nil && profile != "" {
				if p, ok := f.Profile(profile); ok && p.Name.In(t.tr.Lang) == base {
					e.Profile, e.Vitality = p.ID, p.Vitality
				}
			}
			if err := t.sess.Apply(e); err != nil {
				notice.SetText(ui.ErrorText(t.tr, err)) // those added before it stay: each was saved
				t.changed()
				return
			}
		}
		d.Hide()
		t.area.SetNotice("")
		t.changed()
	})
	addButton.Importance = widget.HighImportance
	body := container.NewVBox(fromFaction, name, container.NewBorder(nil, nil, widget.NewLabel(tr("ui.creatures.behaviour")), nil, behaviour),
		level, ui.StepperForm(count, vp, agility, perception, intelligence),
		ranged, spells, support, skills, target)
	scroll := ui.VScroll(body)
	scroll.SetMinSize(fyne.NewSize(720, 480))
	cancel := widget.NewButton(tr("ui.cancel"), func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons(tr("ui.creatures.add_title"),
		container.NewBorder(nil, container.NewVBox(notice, container.NewGridWithColumns(2, cancel, addButton)), nil, nil, scroll), t.win)
	t.addCreature = d
	d.Show()
}

// freeCreatureID makes an id from a name that no creature on the board has.
func (t *tableScreen) freeCreatureID(name string) string {
	base := strings.ToLower(strings.Join(strings.Fields(name), "-"))
	s := t.game.State()
	id := base
	for n := 2; taken(s, id); n++ {
		id = base + "-" + strconv.Itoa(n)
	}
	return id
}

// taken says whether a creature on the board has id.
func taken(s dun.State, id string) bool {
	_, ok := s.Creature(id)
	return ok
}

// skillsInput counts a use of one of the acting creature's active skills.
// A spent skill is only allowed when the Conductor says nothing else is left.
func (t *tableScreen) skillsInput(c dun.Creature) fyne.CanvasObject {
	tr := t.tr
	noOther := ui.NewWrapCheck(tr.T("ui.skills.no_other", nil), nil)
	row := container.NewGridWithColumns(min(len(c.Skills), 3))
	for _, k := range c.Skills {
		label := tr.T("ui.skills.use", map[string]any{"Skill": t.game.Setup().FactionData.SkillArg(c.Profile, k.Name), "Uses": k.Uses, "Limit": dun.SkillLimit})
		row.Add(ui.NewWrapButton(label, func() {
			t.do(&dun.SkillUsed{ID: c.ID, Skill: k.Name, NoOtherOption: noOther.Checked})
		}))
	}
	return container.NewVBox(row, noOther)
}

// randomInput picks a target at random among tied ones, with the app's dice.
func (t *tableScreen) randomInput() fyne.CanvasObject {
	among := ui.NewStepper(t.t("ui.random.among"), 2, 2, dun.MaxCreatures)
	pick := ui.NewWrapButton(t.t("ui.random.pick"), func() { t.do(t.game.PickRandom(among.Value)) })
	return container.NewVBox(among.Content, pick)
}

// targetPicker chooses whom a lasting Power card benefits: a creature on the
// roster, proposed by dun.PowerTarget, or a name typed in when the roster
// is empty.
type targetPicker struct {
	entry   *widget.Entry
	pick    *widget.Select
	ids     map[string]string
	content fyne.CanvasObject
}

func newTargetPicker(placeholder string, s dun.State, lang string) *targetPicker {
	p := &targetPicker{entry: widget.NewEntry(), ids: map[string]string{}}
	p.entry.SetPlaceHolder(placeholder)
	if len(s.Creatures) == 0 {
		p.content = p.entry
		return p
	}
	var names []string
	for _, c := range s.Creatures {
		n := creatureName(lang, c)
		p.ids[n] = c.ID
		names = append(names, n)
	}
	p.pick = widget.NewSelect(names, nil)
	if c, ok := dun.PowerTarget(s); ok {
		p.pick.SetSelected(creatureName(lang, c))
	}
	p.content = p.pick
	return p
}

func (p *targetPicker) value() string {
	if p.pick != nil {
		return p.ids[p.pick.Selected]
	}
	return strings.TrimSpace(p.entry.Text)
}
