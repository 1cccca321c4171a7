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
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/faction"
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
	folded       bool              // its line cut to one (setFolded)
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
	// The Add button heads the roster: a heading above it took a row.
	v.content = container.NewVBox(add, v.list)
	return v
}

func (v *rosterView) refresh(s dun.State) {
	for i, id := range s.ActivationOrder {
		if i == len(v.rows) {
			r := v.newRow()
			v.rows = append(v.rows, r)
			v.list.Add(r.row)
		}
		c, _ := s.Creature(id)
		v.setRow(v.rows[i], i, s, c)
	}
	for _, r := range v.rows[len(s.ActivationOrder):] {
		r.row.Hide()
		r.id = ""
	}
}

// newRow is a roster row: its creature's line, Remove, and the wounds to
// deal or heal.
func (v *rosterView) newRow() *rosterRow {
	tr := v.t.tr
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
	// Enter deals the wounds typed and, when they are dealt, hands the
	// keys back to the table: N then takes the next step (a slain
	// creature off the board), not a letter in the box.
	r.amount.OnSubmitted = func(string) {
		hurt(1)
		if v.t.area.Notice() == "" {
			v.t.win.Canvas().Unfocus()
		}
	}
	// Dead sits with the wound buttons: the line above it keeps the whole
	// column's width and wraps less.
	// Each as wide as it needs: the box takes a number or two, and the row
	// fits the narrow column of three (1280 px) without a word cut.
	r.woundButtons = container.NewHBox(r.amount, r.wound, r.heal)
	r.row = container.NewVBox(r.label, container.NewBorder(nil, nil, r.woundButtons, r.remove))
	return r
}

// foldAt is how many creatures on the roster fold each row to one line:
// three unfolded rows already pass a 768-px screen's fold.
const foldAt = 3

// setFolded makes a roster line one line cut with an ellipsis, or wrapped
// whole.
func setFolded(l *widget.Label, folded bool) {
	if folded {
		l.Wrapping, l.Truncation = fyne.TextWrapOff, fyne.TextTruncateEllipsis
	} else {
		l.Wrapping, l.Truncation = fyne.TextWrapWord, fyne.TextTruncateOff
	}
}

// setRow shows creature c, number i in the activation order, in row r, in
// place.
func (v *rosterView) setRow(r *rosterRow, i int, s dun.State, c dun.Creature) {
	tr := v.t.tr
	r.id = c.ID
	actions, roll := dun.CreatureBonus(s, c)
	name := func(details string) string {
		return tr.T("ui.creatures.row", map[string]any{"Index": i + 1, "Name": creatureName(tr.Lang, c), "Details": details})
	}
	stats := tr.T("ui.creatures.line", map[string]any{"TypeKey": "behaviour." + c.Type + ".name",
		"LevelKey": bestiary.LevelKeys[c.Level], "VP": c.VP, "Agility": c.Agility, "Perception": c.Perception, "Intelligence": c.Intelligence,
		"Actions": actions, "Roll": roll})
	extras := v.extras(r, s, c)
	line := name(stats)
	if len(extras) > 0 {
		line += "\n" + strings.Join(extras, " · ")
	}
	// With three creatures or more, each row folds to one line, its Vitality
	// first (the rest is on its activation's card): four rows and their
	// wound boxes stay in sight on a 768-px screen.
	folded := len(s.ActivationOrder) >= foldAt
	if folded {
		if left, known := dun.VitalityLeft(s, c); known {
			// Short, so that a long name leaves it in sight: the cut falls later.
			extras[0] = tr.T("ui.creatures.vitality_short", map[string]any{"Left": left, "Max": dun.MaxVitality(s, c)})
		}
		line = name(strings.Join(append(extras, stats), " · "))
	}
	setFolded(r.label, folded)
	imp := widget.MediumImportance
	if c.Done && s.CombatTurn { // acted in this combat turn; a new turn starts afresh
		imp = widget.LowImportance
	}
	if r.label.Text != line || r.label.Importance != imp || r.folded != folded {
		r.label.Importance = imp
		r.folded = folded
		r.label.SetText(line)
	}
	r.row.Show()
}

// extras are what a creature's line adds: its Vitality (its wound buttons
// shown then), its skills' uses and the lasting Power cards on it.
func (v *rosterView) extras(r *rosterRow, s dun.State, c dun.Creature) []string {
	tr := v.t.tr
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
	return extras
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
	f := newCreatureForm(t)
	var d dialog.Dialog
	addButton := widget.NewButton(tr("ui.creatures.add_confirm"), func() {
		if f.add() {
			d.Hide()
			t.area.SetNotice("")
		}
		t.changed()
	})
	addButton.Importance = widget.HighImportance
	body := container.NewVBox(f.fromFaction(), f.name, container.NewBorder(nil, nil, widget.NewLabel(tr("ui.creatures.behaviour")), nil, f.behaviour),
		f.level, ui.StepperForm(f.count, f.vp, f.agility, f.perception, f.intelligence),
		f.ranged, f.spells, f.support, f.skills, f.target)
	scroll := ui.VScroll(body)
	scroll.SetMinSize(fyne.NewSize(720, 480))
	cancel := widget.NewButton(tr("ui.cancel"), func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons(tr("ui.creatures.add_title"),
		container.NewBorder(nil, container.NewVBox(f.notice, container.NewGridWithColumns(2, cancel, addButton)), nil, nil, scroll), t.win)
	t.addCreature = d
	d.Show()
}

// creatureForm is the form that adds creatures to the roster.
type creatureForm struct {
	t                                 *tableScreen
	types                             map[string]string // behaviour ids by their names
	levels, levelNames                []string
	name, skills, target              *widget.Entry
	behaviour                         *widget.Select
	level                             *widget.RadioGroup
	count, vp                         *ui.Stepper
	agility, perception, intelligence *ui.Stepper
	ranged, spells, support           *widget.Check
	notice                            *widget.Label
	profile                           string // the faction's profile picked, if any
}

func newCreatureForm(t *tableScreen) *creatureForm {
	tr := t.t
	f := &creatureForm{t: t, types: map[string]string{},
		levels: []string{bestiary.LevelRegular, bestiary.LevelElite, bestiary.LevelChampion, bestiary.LevelLeader}}
	f.name = widget.NewEntry()
	f.name.SetPlaceHolder(tr("ui.creatures.name"))
	var typeNames []string
	for _, b := range bestiary.BehaviourTypes {
		if !b.LeaderOnly {
			n := tr("behaviour." + b.ID + ".name")
			f.types[n] = b.ID
			typeNames = append(typeNames, n)
		}
	}
	f.behaviour = widget.NewSelect(typeNames, nil)
	f.behaviour.SetSelected(tr("behaviour.melee.name"))
	for _, l := range f.levels {
		f.levelNames = append(f.levelNames, tr(bestiary.LevelKeys[l]))
	}
	f.level = widget.NewRadioGroup(f.levelNames, nil)
	f.level.Horizontal = true
	f.level.Required = true
	f.level.SetSelected(f.levelNames[0])
	// The ranges are the rules' bounds (core/dun/limits.go).
	f.count = ui.NewStepper(tr("ui.creatures.count"), 1, 1, dun.MaxCreatures)
	f.vp = ui.NewStepper(tr("ui.creatures.vp"), 1, 0, dun.MaxGroupVP)
	f.agility = ui.NewStepper(tr("attribute.agility"), 3, 0, dun.MaxAttribute)
	f.perception = ui.NewStepper(tr("attribute.perception"), 3, 0, dun.MaxAttribute)
	f.intelligence = ui.NewStepper(tr("attribute.intelligence"), 3, 0, dun.MaxAttribute)
	f.ranged = widget.NewCheck(tr("ui.creatures.ranged"), nil)
	f.spells = widget.NewCheck(tr("ui.creatures.spellcaster"), nil)
	f.support = widget.NewCheck(tr("ui.creatures.support"), nil)
	f.skills = widget.NewEntry()
	f.skills.SetPlaceHolder(tr("ui.creatures.skills"))
	f.target = widget.NewEntry()
	f.target.SetPlaceHolder(tr("ui.creatures.quest_target"))
	f.notice = widget.NewLabel("")
	f.notice.Importance = widget.DangerImportance
	f.notice.Wrapping = fyne.TextWrapWord
	return f
}

// fromFaction is, with a faction, the picker of its profiles that fills
// the form: the Conductor adds what the table shows by name, not by
// typing its numbers again; without one, nothing.
func (f *creatureForm) fromFaction() fyne.CanvasObject {
	fd := f.t.game.Setup().FactionData
	if fd == nil {
		return container.NewVBox()
	}
	byName := map[string]int{}
	var names []string
	for i, p := range fd.Profiles {
		n := p.Name.In(f.t.tr.Lang)
		byName[n] = i
		names = append(names, n)
	}
	pick := widget.NewSelect(names, func(n string) { f.fill(fd.Profiles[byName[n]], n) })
	pick.PlaceHolder = f.t.t("ui.creatures.from_faction")
	return pick
}

// fill puts profile p (named n) in the form.
func (f *creatureForm) fill(p faction.Profile, n string) {
	tr := f.t.t
	f.profile = p.ID
	f.name.SetText(n)
	f.behaviour.SetSelected(tr("behaviour." + p.Behaviour + ".name"))
	f.level.SetSelected(tr(bestiary.LevelKeys[p.Level]))
	f.vp.Set(p.VP)
	f.agility.Set(p.Agility)
	f.perception.Set(p.Perception)
	f.intelligence.Set(p.Intelligence)
	f.ranged.SetChecked(p.Ranged)
	f.spells.SetChecked(p.Spellcaster)
	f.support.SetChecked(p.Support)
	f.skills.SetText(strings.Join(p.Skills, ", "))
}

// add applies one creature_added a creature counted; it says whether all
// were added (those added before a refusal stay: each was saved).
func (f *creatureForm) add() bool {
	t := f.t
	base := strings.TrimSpace(f.name.Text)
	if base == "" {
		base = f.behaviour.Selected
	}
	var skillNames []string
	for _, k := range strings.Split(f.skills.Text, ",") {
		if k = strings.TrimSpace(k); k != "" {
			skillNames = append(skillNames, k)
		}
	}
	for i := 0; i < f.count.Value; i++ {
		n := base
		if f.count.Value > 1 {
			n = fmt.Sprintf("%s %d", base, i+1)
		}
		e := &dun.CreatureAdded{ID: t.freeCreatureID(n), Name: n, Behaviour: f.types[f.behaviour.Selected],
			Level: f.levels[indexOf(f.levelNames, f.level.Selected)], VP: f.vp.Value, Agility: f.agility.Value,
			Perception: f.perception.Value, Intelligence: f.intelligence.Value, Ranged: f.ranged.Checked,
			Spellcaster: f.spells.Checked, Support: f.support.Checked, Skills: skillNames, QuestTarget: strings.TrimSpace(f.target.Text)}
		if fd := t.game.Setup().FactionData; fd != nil && f.profile != "" {
			if p, ok := fd.Profile(f.profile); ok && p.Name.In(t.tr.Lang) == base {
				e.Profile, e.Vitality = p.ID, p.Vitality
			}
		}
		if err := t.sess.Apply(e); err != nil {
			f.notice.SetText(ui.ErrorText(t.tr, err))
			return false
		}
	}
	return true
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
