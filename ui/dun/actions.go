package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui"
)

// actionPanel helps with a hero's action: it says which test the action
// needs and what its results mean, and rolls it or records the dice rolled
// at the table.
type actionPanel struct {
	t        *tableScreen
	pick     *widget.Select
	ids      map[string]string // shown name → action ID ("" for a plain test)
	help     *widget.Label
	attr     *widget.Select
	attrs    map[string]string // shown name → attribute
	value    *ui.Stepper
	target   *ui.Stepper
	modifier *ui.Stepper
	corpses  *ui.Stepper
	level    *widget.RadioGroup
	trap     *widget.Check
	repeat   *widget.Check
	dice     *ui.DicePair
	extra    *ui.RowPicker
	fields   map[string]fyne.CanvasObject
	result   *widget.Label
	notice   *widget.Label
	dialog   dialog.Dialog
	// search is the room or furniture searched (quest games; searchpick.go).
	search *searchPicker
	// hero picks the party hero who acts (nil without a party): his
	// attribute is the value.
	hero *heroPicker
	// target is the door or chest a once-only action is tried on (nil
	// without a quest); targets maps its options to the event's fields.
	target2  *widget.Select
	targets  map[string]dun.Test
	override *widget.Button // a refused second try, tried anyway
	refused  *dun.Test
	aim      string // the chest whose trap a disarm is tried on (doors.go)
	// sits are the table's situations core offers for the chosen action
	// (dun.SituationsFor), as tick boxes; roll and record are enabled only
	// while core allows the action with them (dun.ActionAllowed).
	sits         *fyne.Container
	sitItems     panelItems // what sits shows, updated in place
	sitChecks    []*widget.Check
	sitIDs       []string
	roll, record *widget.Button
}

func (t *tableScreen) showActions() {
	tr := t.t
	p := &actionPanel{t: t, ids: map[string]string{}, attrs: map[string]string{}, fields: map[string]fyne.CanvasObject{}}
	var names []string
	for _, a := range actions.All {
		n := tr("action." + a.ID)
		p.ids[n] = a.ID
		names = append(names, n)
	}
	generic := tr("ui.action.generic")
	p.ids[generic] = ""
	names = append(names, generic)

	var attrNames []string
	for _, a := range actions.Attributes {
		n := tr(actions.AttributeKeys[a])
		p.attrs[n] = a
		attrNames = append(attrNames, n)
	}
	p.attr = widget.NewSelect(attrNames, nil)
	p.attr.SetSelected(attrNames[0])
	p.help = widget.NewLabel("")
	p.help.Wrapping = fyne.TextWrapWord
	// The ranges are the rules' bounds (core/dun/limits.go).
	p.value = ui.NewStepper(tr("ui.action.value"), 3, -dun.MaxAttribute, dun.MaxAttribute)
	p.target = ui.NewStepper(tr("ui.action.target"), dice.DefaultTarget, 0, dun.MaxTarget)
	p.modifier = ui.NewStepper(tr("ui.action.modifier"), 0, -dun.MaxModifier, dun.MaxModifier)
	p.corpses = ui.NewStepper(tr("ui.action.corpses"), 1, 1, dun.MaxCorpses)
	var levels []string
	for _, l := range actions.CorpseLevels {
		levels = append(levels, tr("ui.action.level."+l))
	}
	p.level = widget.NewRadioGroup(levels, nil)
	p.level.Horizontal = true
	p.level.Required = true
	p.level.SetSelected(p.level.Options[0])
	p.trap = widget.NewCheck(tr("ui.action.trap"), nil)
	p.repeat = widget.NewCheck(tr("ui.action.repeat"), nil)
	p.dice = ui.NewDicePair(t.tr, tr("ui.action.dice"))
	p.extra = ui.NewRowPicker("1D3", 0).InRow()
	p.result = widget.NewLabel("")
	p.result.Wrapping = fyne.TextWrapWord
	p.notice = widget.NewLabel("")
	p.notice.Importance = widget.DangerImportance
	p.notice.Wrapping = fyne.TextWrapWord

	p.fields = map[string]fyne.CanvasObject{
		"attr":     container.NewBorder(nil, nil, widget.NewLabel(tr("ui.action.attribute")), nil, p.attr),
		"value":    p.value.Content,
		"target":   p.target.Content,
		"modifier": p.modifier.Content,
		"corpses":  p.corpses.Content,
		"level":    container.NewBorder(nil, nil, widget.NewLabel(tr("ui.action.level")), nil, p.level),
		"trap":     p.trap,
		"repeat":   p.repeat,
		"dice":     p.dice.Content,
		"extra":    p.extra.Content,
	}
	if party := t.game.State().Party; len(party) > 0 {
		p.hero = newHeroPicker(party, func(string) { p.fillHero() })
		p.fields["hero"] = container.NewVBox(widget.NewLabel(tr("ui.action.hero")), p.hero.keySelect)
	}
	if t.game.Setup().QuestData != nil {
		p.target2 = widget.NewSelect(nil, nil)
		p.fields["once"] = container.NewVBox(widget.NewLabel(tr("ui.action.once_target")), p.target2)
		p.search = newSearchPicker(t.tr)
		p.search.onAim = p.questTrap
		p.fields["search"] = p.search.box
	}
	p.override = widget.NewButton(tr("ui.action.override"), func() {
		if p.refused != nil {
			e := *p.refused
			e.Override = true
			p.apply(&e)
		}
	})
	p.override.Hide()
	p.attr.OnChanged = func(string) { p.fillHero() }
	roll := widget.NewButton(tr("ui.action.roll"), func() {
		p.apply(t.game.RollTest(p.event(), p.corpses.Value))
	})
	roll.Importance = widget.HighImportance
	record := widget.NewButton(tr("ui.action.record"), func() { p.apply(p.recorded()) })
	p.roll, p.record = roll, record
	p.fields["buttons"] = container.NewGridWithColumns(2, record, roll)
	p.sits = container.NewVBox()
	p.sitItems = newPanelItems(p.sits)

	p.pick = widget.NewSelect(names, func(string) { p.show() })
	body := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel(tr("ui.action.pick")), nil, p.pick), p.help, p.sits)
	for _, f := range []string{"hero", "once", "search"} {
		if o, ok := p.fields[f]; ok {
			body.Add(o)
		}
	}
	// The dice rolled at the table are typed at every test: they sit with
	// the buttons below the scroll (bottom); the rest is filled from the
	// hero and kept.
	for _, o := range []fyne.CanvasObject{p.fields["attr"], p.fields["value"], p.fields["target"], p.fields["modifier"],
		p.fields["corpses"], p.fields["level"], p.fields["trap"], p.fields["repeat"]} {
		body.Add(o)
	}
	if p.hero != nil {
		p.hero.SetSelectedIndex(0)
	}
	p.pick.SetSelected(names[0])
	scroll := ui.VScroll(body)
	scroll.SetMinSize(fyne.NewSize(760, 200)) // the dialog takes the window's height: more on a taller screen
	closeButton := widget.NewButton(tr("ui.close"), func() { p.dialog.Hide() })
	// The result, the dice and the buttons stay in sight below the
	// scrolling inputs: no wheel between the faces and Record.
	bottom := container.NewVBox(p.notice, p.override, widget.NewLabel(tr("ui.action.last")), p.result,
		p.fields["dice"], p.fields["extra"], container.NewBorder(nil, nil, closeButton, nil, p.fields["buttons"]))
	p.dialog = dialog.NewCustomWithoutButtons(tr("ui.action.title"), container.NewBorder(nil, bottom, nil, nil, scroll), t.win)
	t.actions = p
	p.dialog.Show()
	// As tall as the window: the inputs scroll less on a laptop's screen.
	win := t.win.Canvas().Size()
	p.dialog.Resize(ui.DialogSize(win, max(p.dialog.MinSize().Width, 800), win.Height))
}

func (p *actionPanel) info() actions.Info {
	if id := p.ids[p.pick.Selected]; id != "" {
		a, _ := actions.Find(id)
		return a
	}
	return actions.Info{Kind: actions.KindTest}
}

// show lays out what the chosen action needs.
func (p *actionPanel) show() {
	a := p.info()
	tr := p.t.tr
	if a.ID == "" {
		p.help.SetText("")
	} else {
		p.help.SetText(tr.T("action."+a.ID+".help", nil))
	}
	visible := map[string]bool{}
	switch a.Kind {
	case actions.KindTest:
		for _, f := range []string{"value", "target", "modifier", "buttons", "dice"} {
			visible[f] = true
		}
		visible["attr"] = a.ID == ""
		visible["repeat"] = a.Repeatable
		visible["extra"] = a.ExtraDie != ""
		p.value.SetCaption(tr.T(actions.AttributeKeys[a.Attribute], nil))
	case actions.KindRun:
		visible["value"], visible["buttons"], visible["dice"] = true, true, true
		p.value.SetCaption(tr.T("attribute.movement", nil))
	case actions.KindCorpses:
		visible["corpses"], visible["level"], visible["buttons"] = true, true, true
	case actions.KindFurniture:
		visible["trap"], visible["buttons"], visible["dice"] = true, true, true
	}
	visible["hero"] = a.Kind == actions.KindTest || a.Kind == actions.KindRun
	visible["once"] = a.Once && p.target2 != nil && p.fillTargets(a)
	visible["search"] = p.search != nil && p.search.fill(p.t.game.State(), p.t.game.Setup(), a)
	for name, f := range p.fields {
		if visible[name] {
			f.Show()
		} else {
			f.Hide()
		}
	}
	p.notice.SetText("")
	p.override.Hide()
	p.fillHero()
	p.fillSituations(a)
}

// fillSituations offers the situations core lists for action a as tick
// boxes, each with what it does, unticked; each box is made once and kept.
func (p *actionPanel) fillSituations(a actions.Info) {
	tr := p.t.tr
	p.sitChecks, p.sitIDs = nil, nil
	offered := dun.SituationsFor(p.t.game.State(), p.t.game.Setup(), a.ID)
	var objs []fyne.CanvasObject
	if len(offered) > 0 {
		objs = append(objs, p.sitItems.get("heading", func() fyne.CanvasObject { return widget.NewLabel(tr.T("ui.action.situations", nil)) }))
	}
	for _, s := range offered {
		c := p.sitItems.get(s.ID, func() fyne.CanvasObject {
			return widget.NewCheck(tr.T(s.Key(), nil), func(bool) { p.checkAllowed() })
		}).(*widget.Check)
		c.SetChecked(false)
		help := p.sitItems.get(s.ID+"|help", func() fyne.CanvasObject {
			help := widget.NewLabel(tr.T(s.HelpKey(), nil))
			help.Wrapping = fyne.TextWrapWord
			help.Importance = widget.LowImportance
			return help
		})
		p.sitChecks, p.sitIDs = append(p.sitChecks, c), append(p.sitIDs, s.ID)
		objs = append(objs, c, help)
	}
	p.sitItems.set(objs)
	p.checkAllowed()
}

// situations are the situations ticked.
func (p *actionPanel) situations() []string {
	var out []string
	for i, c := range p.sitChecks {
		if c.Checked {
			out = append(out, p.sitIDs[i])
		}
	}
	return out
}

// checkAllowed asks core whether the action may be taken with the
// situations ticked: the buttons follow its answer, the notice says why not.
func (p *actionPanel) checkAllowed() {
	err := dun.ActionAllowed(p.t.game.State(), p.t.game.Setup(), p.info().ID, p.situations())
	if err != nil {
		p.notice.SetText(ui.ErrorText(p.t.tr, err))
		p.roll.Disable()
		p.record.Disable()
		return
	}
	p.notice.SetText("")
	p.roll.Enable()
	p.record.Enable()
}

// attribute is what the chosen action tests ("movement" to run).
func (p *actionPanel) attribute() string {
	a := p.info()
	switch {
	case a.Kind == actions.KindRun:
		return "movement"
	case a.ID == "":
		return p.attrs[p.attr.Selected]
	}
	return a.Attribute
}

// heroChosen is the party hero picked, if any.
func (p *actionPanel) heroChosen() (dun.PartyHero, bool) {
	if p.hero == nil || p.hero.ID() == "" {
		return dun.PartyHero{}, false
	}
	return p.t.game.Setup().Hero(p.hero.ID())
}

// fillHero puts the chosen hero's attribute in the value.
func (p *actionPanel) fillHero() {
	if h, ok := p.heroChosen(); ok && p.value != nil {
		if v, ok := h.Attribute(p.attribute()); ok {
			p.value.Set(v)
		}
	}
}

// fillTargets offers the doors or chests a once-only action can be tried
// on now, and says whether there is any.
func (p *actionPanel) fillTargets(a actions.Info) bool {
	tr := p.t.tr
	s := p.t.game.State()
	none := tr.T("ui.action.once_none", nil)
	p.targets = map[string]dun.Test{none: {}}
	options := []string{none}
	add := func(label string, e dun.Test) {
		p.targets[label] = e
		options = append(options, label)
	}
	// Which doors and chests an action may be tried on is the engine's answer.
	for _, target := range dun.OnceTargets(s, p.t.game.Setup(), a.ID) {
		label := target.Name.In(tr.Lang)
		if target.ExitKind != "" {
			label = tr.T("ui.action.once_door", map[string]any{"KindKey": "ui.quest.exit." + target.ExitKind, "Section": dun.SectionName(p.t.game.Setup().QuestData, target.To)})
		}
		add(label, dun.Test{Exit: target.Exit, Element: target.Element})
	}
	p.target2.Options = options
	p.target2.SetSelectedIndex(min(1, len(options)-1)) // the first door or chest: most often the one
	return len(options) > 1
}

// event is the test as set up, without dice.
func (p *actionPanel) event() dun.Test {
	a := p.info()
	v := p.value.Value
	e := dun.Test{Action: a.ID, Value: &v, Modifier: p.modifier.Value, Trap: p.trap.Checked, Situations: p.situations()}
	p.kindFields(a, &e)
	if a.AtChestTrap {
		e.Element = p.aim
	}
	if h, ok := p.heroChosen(); ok && (a.Kind == actions.KindTest || a.Kind == actions.KindRun) {
		e.Hero = h.ID
		if v, ok := h.Attribute(p.attribute()); ok && e.Value != nil && v == *e.Value {
			e.Value = nil // the game takes the hero's own value
		}
	}
	if p.search != nil && p.fields["search"].Visible() {
		p.search.aim(&e)
	}
	if a.Once && p.target2 != nil && p.fields["once"].Visible() {
		t := p.targets[p.target2.Selected]
		e.Exit, e.Element = t.Exit, t.Element
	}
	return e
}

// kindFields fills in what action a's kind of roll takes: a test its
// target, attribute and repeat; corpses their level, without a value; the
// modifier only for a test.
func (p *actionPanel) kindFields(a actions.Info, e *dun.Test) {
	switch a.Kind {
	case actions.KindTest:
		if p.target.Value != dice.DefaultTarget {
			e.Target = p.target.Value
		}
		if a.ID == "" {
			e.Attribute = p.attrs[p.attr.Selected]
		}
		e.Repeat = a.Repeatable && p.repeat.Checked
		return
	case actions.KindCorpses:
		e.Value = nil
		e.Level = actions.CorpseLevels[indexOf(p.level.Options, p.level.Selected)]
	case actions.KindFurniture:
		e.Value = nil
	}
	e.Modifier = 0
}

// recorded is the test with the dice entered at the table. Corpses are
// searched with the app's dice: one die per enemy is a lot to tap in.
func (p *actionPanel) recorded() *dun.Test {
	e := p.event()
	if p.info().Kind == actions.KindCorpses {
		return p.t.game.RollTest(e, p.corpses.Value)
	}
	e.Dice = p.dice.Dice()
	if p.info().ExtraDie != "" {
		e.Extra = []int{p.extra.Value}
	}
	return &e
}

func (p *actionPanel) apply(e *dun.Test) {
	if err := p.t.sess.Apply(e); err != nil {
		p.notice.SetText(ui.ErrorText(p.t.tr, err))
		if dun.Overridable(err) {
			// Another try at the same door, chest, room or piece, if the quest allows it.
			p.refused = e
			p.override.Show()
		}
		return
	}
	p.refused = nil
	p.override.Hide()
	p.notice.SetText("")
	tr := p.t.tr
	lt := p.t.game.State().LastTest
	last := lastLog(p.t.game)
	text := tr.T(last.ID, last.Args)
	for _, r := range lt.Results {
		text += "\n" + tr.T(r.ID, r.Args)
	}
	p.result.SetText(text)
	p.t.changed()
}

// tryLock opens the hero action panel on "Open a locked door", aimed at
// the door to section, when the rules still let a hero try that lock.
func (t *tableScreen) tryLock(section string) bool {
	return t.tryTest("open_lock", dun.Test{Exit: section})
}

// canTry asks core whether a hero may still try action on target.
func (t *tableScreen) canTry(action string, target dun.Test) bool {
	return t.game.CanTry(action, target)
}

// tryTest opens the hero action panel on action, aimed at target, when the
// rules let a hero try it; it says whether it did.
func (t *tableScreen) tryTest(action string, target dun.Test) bool {
	if !t.canTry(action, target) {
		return false // tried already, or a step comes first: the caller's own tap applies
	}
	t.showActions()
	p := t.actions
	p.pick.SetSelected(t.t("action." + action))
	for label, e := range p.targets {
		if e.Exit == target.Exit && e.Element == target.Element {
			p.target2.SetSelected(label)
		}
	}
	return true
}

// lastLog is the last line of the game's log.
func lastLog(g engine.Play) engine.LogEntry {
	l := g.Log()
	return l[len(l)-1]
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}

// IDs built from names above, listed so every one is translated.
var _ = []string{"ui.action.level.low", "ui.action.level.middle", "ui.action.level.high"}

// questTrap shows the quest's word on a trap in the piece of furniture
// searched (core's SearchTargets), which the table cannot change; a piece
// typed at the table leaves the box to the table.
func (p *actionPanel) questTrap(trap, quest bool) {
	if !quest {
		p.trap.Enable()
		return
	}
	p.trap.SetChecked(trap)
	p.trap.Disable()
}
