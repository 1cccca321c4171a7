package factionform

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui"
)

// profileCard is one creature's fields.
type profileCard struct {
	content   fyne.CanvasObject
	title     *widget.Label
	nameBox   map[string]*widget.Entry // by language (formLangs)
	id        *widget.Entry
	behaviour *widget.Select
	level     *widget.Select
	// vp, vitality, agility, perception, intelligence
	numbers        [5]*numberField
	ranged, caster *ui.WrapCheck
	support        *ui.WrapCheck
	skills         map[string]*widget.Entry // a new skill's name, by language
	addSkill       *widget.Button
	removeSkill    []*widget.Button
	remove         *widget.Button
	problems       [fields]*widget.Label
}

// numberCell is the size of a captioned number field: a few fit a row,
// and a narrow window takes them on more rows.
func numberCell() fyne.Size {
	_, box := entry()
	h := widget.NewLabel("X").MinSize().Height + box.MinSize().Height + theme.Padding()
	return fyne.NewSize(170, h)
}

// creatureName is what a player calls creature i: its name in the
// reader's language, or its number.
func (e *Editor) creatureName(i int) string {
	if name := e.model.Profiles[i].Name.In(e.tr.Lang); name != "" {
		return name
	}
	return e.tr.T("ui.factionform.unnamed", map[string]any{"Number": i + 1})
}

// title is creature i's card title.
func (e *Editor) title(i int) string {
	return e.tr.T("ui.factionform.creature", map[string]any{"Number": i + 1, "Name": e.creatureName(i)})
}

// profileCard makes creature i's fields.
func (e *Editor) profileCard(i int) *profileCard {
	p := &e.model.Profiles[i]
	c := &profileCard{}
	for k := range c.problems {
		c.problems[k] = problemLabel()
	}
	c.title = widget.NewLabel(e.title(i))
	c.title.Wrapping = fyne.TextWrapWord
	c.title.TextStyle.Bold = true
	c.title.SizeName = theme.SizeNameSubHeadingText

	var id fyne.CanvasObject
	var names []fyne.CanvasObject
	c.nameBox, names = e.nameBoxes(p.Name, func(lang string) func(string) { return e.profileName(i, lang) })
	c.id, id = entry()
	c.id.SetText(p.ID)
	c.id.OnChanged = func(s string) {
		if e.updating {
			return
		}
		e.renameProfile(i, s)
		e.formChanged()
	}

	var kinds, levels []string
	for _, b := range e.behaviours {
		kinds = append(kinds, e.tr.T("behaviour."+b+".name", nil))
	}
	for _, l := range e.levels {
		levels = append(levels, upperFirst(e.tr.T("level."+l, nil)))
	}
	c.behaviour = e.pick(kinds, e.behaviours, p.Behaviour, func(v string) { e.model.Profiles[i].Behaviour = v })
	c.level = e.pick(levels, e.levels, p.Level, func(v string) { e.model.Profiles[i].Level = v })

	type num struct {
		caption string
		value   *int
		lo, hi  int
	}
	nums := []num{
		{e.t("ui.creatures.vp"), &p.VP, 1, faction.MaxVP},
		{e.t("attribute.vitality"), &p.Vitality, 1, faction.MaxAttribute},
		{e.t("attribute.agility"), &p.Agility, 0, faction.MaxAttribute},
		{e.t("attribute.perception"), &p.Perception, 0, faction.MaxAttribute},
		{e.t("attribute.intelligence"), &p.Intelligence, 0, faction.MaxAttribute},
	}
	grid := container.NewGridWrap(numberCell())
	for k, n := range nums {
		k := k
		c.numbers[k] = e.number(*n.value, n.lo, n.hi, c.problems[fieldNumbers], func(v int) {
			*[]*int{&e.model.Profiles[i].VP, &e.model.Profiles[i].Vitality, &e.model.Profiles[i].Agility,
				&e.model.Profiles[i].Perception, &e.model.Profiles[i].Intelligence}[k] = v
		})
		grid.Add(captioned(n.caption, c.numbers[k].content))
	}

	flag := func(id string, on bool, set func(*faction.Profile, bool)) *ui.WrapCheck {
		ch := ui.NewWrapCheck(e.t(id), nil)
		ch.SetChecked(on)
		ch.OnChanged = func(v bool) {
			if e.updating {
				return
			}
			set(&e.model.Profiles[i], v)
			e.formChanged()
		}
		return ch
	}
	c.ranged = flag("ui.creatures.ranged", p.Ranged, func(p *faction.Profile, v bool) { p.Ranged = v })
	c.caster = flag("ui.creatures.spellcaster", p.Spellcaster, func(p *faction.Profile, v bool) { p.Spellcaster = v })
	c.support = flag("ui.creatures.support", p.Support, func(p *faction.Profile, v bool) { p.Support = v })

	chips := container.New(layout.NewRowWrapLayout())
	for k, n := range p.SkillNames {
		k := k
		var parts []string // the skill in each language, once each
		for _, lang := range formLangs() {
			if s := n[lang]; s != "" && !slices.Contains(parts, s) {
				parts = append(parts, s)
			}
		}
		text := strings.Join(parts, " · ")
		chips.Add(chip(text, func() { e.removeSkill(i, k) }))
	}
	c.skills = map[string]*widget.Entry{}
	var skillBoxes []fyne.CanvasObject
	for _, lang := range formLangs() {
		en, box := entry()
		en.SetPlaceHolder(e.tr.T("ui.factionform.skill_in", map[string]any{"Language": e.inSentence(lang)}))
		c.skills[lang] = en
		skillBoxes = append(skillBoxes, box)
	}
	c.addSkill = widget.NewButtonWithIcon(e.t("ui.factionform.add_skill"), theme.ContentAddIcon(), func() { e.addSkill(i) })
	if len(p.SkillNames) >= faction.MaxSkills {
		c.addSkill.Disable()
	}
	c.remove = widget.NewButtonWithIcon(e.t("ui.factionform.remove_creature"), theme.DeleteIcon(), func() { e.removeProfile(i) })

	skillsCaption := widget.NewLabel(e.t("ui.factionform.skills"))
	skillsCaption.TextStyle.Bold = true
	c.content = panel(container.NewVBox(
		container.NewBorder(nil, nil, nil, c.remove, c.title),
		container.NewGridWithColumns(len(names)+1, append(names, captioned(e.t("ui.factionform.id"), id))...),
		c.problems[fieldName],
		c.problems[fieldID],
		container.NewGridWithColumns(2, captioned(e.t("ui.creatures.behaviour"), c.behaviour), captioned(e.t("ui.factionform.level"), c.level)),
		c.problems[fieldKind],
		grid,
		c.problems[fieldNumbers],
		container.NewGridWithColumns(3, c.ranged, c.caster, c.support),
		skillsCaption,
		chips,
		container.NewGridWithColumns(len(skillBoxes)+1, append(skillBoxes, c.addSkill)...),
		c.problems[fieldSkills],
	))
	return c
}

// profileName sets creature i's name in lang; its id follows its English
// name while it was made from it.
func (e *Editor) profileName(i int, lang string) func(string) {
	return func(s string) {
		if e.updating {
			return
		}
		p := &e.model.Profiles[i]
		if p.Name == nil {
			p.Name = quest.Text{}
		}
		old := p.Name[lang]
		setText(p.Name, lang, s)
		c := e.cards[i]
		if lang == "en" && p.ID == slug(old) {
			e.renameProfile(i, slug(s))
			e.updating = true
			c.id.SetText(p.ID)
			e.updating = false
		}
		c.title.SetText(e.title(i))
		e.refreshPicks()
		e.formChanged()
	}
}

// renameProfile gives creature i a new id; its spawn rows' groups follow
// (syncRefs).
func (e *Editor) renameProfile(i int, id string) {
	e.model.Profiles[i].ID = id
}

// addProfile adds an empty creature at the end.
func (e *Editor) addProfile() {
	if len(e.model.Profiles) >= faction.MaxProfiles {
		return
	}
	e.model.Profiles = append(e.model.Profiles, faction.Profile{Name: quest.Text{}, Level: e.levels[0], VP: 1, Vitality: 1, Agility: 1, Perception: 1, Intelligence: 1})
	e.changedStructure()
}

// removeProfile removes creature i, and the spawn rows' creatures of it.
func (e *Editor) removeProfile(i int) {
	e.model.Profiles = slices.Delete(e.model.Profiles, i, i+1)
	for j := range e.model.Spawn {
		var groups []faction.Group
		var refs []int
		for k, g := range e.model.Spawn[j].Creatures {
			switch x := e.refs[j][k]; {
			case x == i:
				continue
			case x > i:
				refs = append(refs, x-1)
			default:
				refs = append(refs, x)
			}
			groups = append(groups, g)
		}
		if groups == nil {
			groups = []faction.Group{}
		}
		e.model.Spawn[j].Creatures, e.refs[j] = groups, refs
	}
	e.changedStructure()
}

// addSkill gives creature i the skill typed in its boxes, one a language.
func (e *Editor) addSkill(i int) {
	c := e.cards[i]
	n := faction.SkillName{}
	for lang, box := range c.skills {
		setText(quest.Text(n), lang, strings.TrimSpace(box.Text))
	}
	if len(n) == 0 {
		return
	}
	p := &e.model.Profiles[i]
	p.SkillNames = append(p.SkillNames, n)
	p.Skills = append(p.Skills, n["en"])
	e.changedCard(i)
}

// removeSkill takes skill k from creature i.
func (e *Editor) removeSkill(i, k int) {
	p := &e.model.Profiles[i]
	p.SkillNames = slices.Delete(p.SkillNames, k, k+1)
	if k < len(p.Skills) {
		p.Skills = slices.Delete(p.Skills, k, k+1)
	}
	e.changedCard(i)
}

// changedCard writes the file again and makes creature i's card again.
func (e *Editor) changedCard(i int) {
	e.formChanged()
	e.updating = true
	old := e.cards[i]
	for _, n := range old.numbers {
		delete(e.bad, n)
	}
	e.cards[i] = e.profileCard(i)
	e.profileBox.Objects[i] = e.cards[i].content
	e.profileBox.Refresh()
	e.updating = false
	e.check()
}

// spawnCard is one row of the Creature Spawn Table.
type spawnCard struct {
	content  fyne.CanvasObject
	cost     *numberField
	picks    []*widget.Select
	counts   []*numberField
	removes  []*widget.Button
	add      *widget.Button
	problems *widget.Label
}

// names are the creatures' names, for the spawn rows' pickers.
func (e *Editor) names() []string {
	names := make([]string, len(e.model.Profiles))
	for i := range names {
		names[i] = e.creatureName(i)
	}
	return names
}

// profileIndex is the creature a spawn row names, or -1.
func (e *Editor) profileIndex(id string) int {
	if id == "" {
		return -1
	}
	return slices.IndexFunc(e.model.Profiles, func(p faction.Profile) bool { return p.ID == id })
}

// spawnCard makes spawn row j's fields.
func (e *Editor) spawnCard(j int) *spawnCard {
	r := &e.model.Spawn[j]
	c := &spawnCard{problems: problemLabel()}
	roll := ui.WrappedHeading(e.tr.T("ui.factionform.roll", map[string]any{"Roll": r.Roll}))
	c.cost = e.number(r.Cost, 0, faction.MaxCost, c.problems, func(v int) { e.model.Spawn[j].Cost = v })
	groups := container.NewVBox()
	names := e.names()
	for k, g := range r.Creatures {
		k := k
		pick := widget.NewSelect(names, nil)
		pick.PlaceHolder = e.t("ui.factionform.pick")
		if x := e.refs[j][k]; x >= 0 && x < len(names) {
			pick.SetSelectedIndex(x)
		}
		pick.OnChanged = func(string) {
			if e.updating {
				return
			}
			if x := pick.SelectedIndex(); x >= 0 {
				e.refs[j][k] = x
				e.formChanged()
			}
		}
		count := e.number(g.Count, 1, faction.MaxPerRow, c.problems, func(v int) { e.model.Spawn[j].Creatures[k].Count = v })
		remove := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			e.model.Spawn[j].Creatures = slices.Delete(e.model.Spawn[j].Creatures, k, k+1)
			e.refs[j] = slices.Delete(e.refs[j], k, k+1)
			e.changedRow(j)
		})
		c.picks = append(c.picks, pick)
		c.counts = append(c.counts, count)
		c.removes = append(c.removes, remove)
		countBox := container.NewGridWrap(fyne.NewSize(numberCell().Width, count.content.MinSize().Height), count.content)
		groups.Add(container.NewBorder(nil, nil, nil, container.NewHBox(countBox, remove), pick))
	}
	c.add = widget.NewButtonWithIcon(e.t("ui.factionform.add_group"), theme.ContentAddIcon(), func() {
		e.model.Spawn[j].Creatures = append(e.model.Spawn[j].Creatures, faction.Group{Count: 1})
		e.refs[j] = append(e.refs[j], -1)
		e.changedRow(j)
	})
	costBox := container.NewGridWrap(fyne.NewSize(numberCell().Width+30, c.cost.content.MinSize().Height), c.cost.content) // 5 digits
	costCaption := widget.NewLabel(e.t("ui.factionform.cost"))
	costCaption.TextStyle.Bold = true
	c.content = panel(container.NewVBox(
		container.NewBorder(nil, nil, nil, container.NewHBox(costCaption, costBox), roll),
		groups,
		c.add,
		c.problems,
	))
	return c
}

// changedRow writes the file again and makes spawn row j's card again.
func (e *Editor) changedRow(j int) {
	e.formChanged()
	e.updating = true
	old := e.rows[j]
	delete(e.bad, old.cost)
	for _, n := range old.counts {
		delete(e.bad, n)
	}
	e.rows[j] = e.spawnCard(j)
	e.spawnBox.Objects[j] = e.rows[j].content
	e.spawnBox.Refresh()
	e.updating = false
	e.check()
}

// refreshPicks gives the spawn rows' pickers the creatures' names as they
// are now.
func (e *Editor) refreshPicks() {
	names := e.names()
	e.updating = true
	defer func() { e.updating = false }()
	for j, r := range e.rows {
		for k, pick := range r.picks {
			pick.Options = names
			if x := e.refs[j][k]; x >= 0 && x < len(names) {
				pick.SetSelectedIndex(x)
			} else {
				pick.ClearSelected()
			}
			pick.Refresh()
		}
	}
}

// pick is a Select of names standing for values (core's ids), showing
// current; choosing one sets its value and checks the form again.
func (e *Editor) pick(names, values []string, current string, set func(string)) *widget.Select {
	sel := widget.NewSelect(names, nil)
	sel.PlaceHolder = e.t("ui.factionform.choose")
	if k := slices.Index(values, current); k >= 0 {
		sel.SetSelectedIndex(k)
	}
	sel.OnChanged = func(string) {
		if e.updating {
			return
		}
		if k := sel.SelectedIndex(); k >= 0 {
			set(values[k])
			e.formChanged()
		}
	}
	return sel
}
