package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
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
	value    *stepper
	target   *stepper
	modifier *stepper
	corpses  *stepper
	level    *widget.RadioGroup
	trap     *widget.Check
	repeat   *widget.Check
	dice     *dicePair
	extra    *rowPicker
	fields   map[string]fyne.CanvasObject
	result   *widget.Label
	notice   *widget.Label
	dialog   dialog.Dialog
}

func (t *tableScreen) showActions() {
	tr := func(id string) string { return t.u.tr.T(id, nil) }
	p := &actionPanel{t: t, ids: map[string]string{}, attrs: map[string]string{}, fields: map[string]fyne.CanvasObject{}}
	var names []string
	for _, a := range dun.Actions {
		n := tr("action." + a.ID)
		p.ids[n] = a.ID
		names = append(names, n)
	}
	generic := tr("ui.action.generic")
	p.ids[generic] = ""
	names = append(names, generic)

	var attrNames []string
	for _, a := range []string{"agility", "dexterity", "perception", "intelligence", "strength", "willpower"} {
		n := tr(dun.AttributeKeys[a])
		p.attrs[n] = a
		attrNames = append(attrNames, n)
	}
	p.attr = widget.NewSelect(attrNames, nil)
	p.attr.SetSelected(attrNames[0])
	p.help = widget.NewLabel("")
	p.help.Wrapping = fyne.TextWrapWord
	p.value = newStepper(tr("ui.action.value"), 3, 0, 12)
	p.target = newStepper(tr("ui.action.target"), dun.DefaultTarget, 2, 20)
	p.modifier = newStepper(tr("ui.action.modifier"), 0, -5, 5)
	p.corpses = newStepper(tr("ui.action.corpses"), 1, 1, 20)
	p.level = widget.NewRadioGroup([]string{tr("ui.action.level_low"), tr("ui.action.level_middle"), tr("ui.action.level_high")}, nil)
	p.level.Horizontal = true
	p.level.Required = true
	p.level.SetSelected(p.level.Options[0])
	p.trap = widget.NewCheck(tr("ui.action.trap"), nil)
	p.repeat = widget.NewCheck(tr("ui.action.repeat"), nil)
	p.dice = newDicePair(t, tr("ui.action.dice"))
	p.extra = newRowPicker("1D3", 0)
	p.result = widget.NewLabel("")
	p.result.Wrapping = fyne.TextWrapWord
	p.notice = widget.NewLabel("")
	p.notice.Importance = widget.DangerImportance
	p.notice.Wrapping = fyne.TextWrapWord

	p.fields = map[string]fyne.CanvasObject{
		"attr":     container.NewBorder(nil, nil, widget.NewLabel(tr("ui.action.attribute")), nil, p.attr),
		"value":    p.value.content,
		"target":   p.target.content,
		"modifier": p.modifier.content,
		"corpses":  p.corpses.content,
		"level":    container.NewBorder(nil, nil, widget.NewLabel(tr("ui.action.level")), nil, p.level),
		"trap":     p.trap,
		"repeat":   p.repeat,
		"dice":     p.dice.content,
		"extra":    p.extra.content,
	}
	roll := widget.NewButton(tr("ui.action.roll"), func() {
		p.apply(t.u.sess.game.RollTest(p.event(), p.corpses.value))
	})
	roll.Importance = widget.HighImportance
	record := widget.NewButton(tr("ui.action.record"), func() { p.apply(p.recorded()) })
	p.fields["buttons"] = container.NewGridWithColumns(2, record, roll)

	p.pick = widget.NewSelect(names, func(string) { p.show() })
	body := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel(tr("ui.action.pick")), nil, p.pick), p.help,
		p.fields["attr"], p.fields["value"], p.fields["target"], p.fields["modifier"],
		p.fields["corpses"], p.fields["level"], p.fields["trap"], p.fields["repeat"],
		p.fields["dice"], p.fields["extra"],
	)
	p.pick.SetSelected(names[0])
	scroll := container.NewVScroll(body)
	scroll.SetMinSize(fyne.NewSize(760, 420))
	closeButton := widget.NewButton(tr("ui.close"), func() { p.dialog.Hide() })
	// The result and the buttons stay in sight below the scrolling inputs.
	bottom := container.NewVBox(p.notice, widget.NewLabel(tr("ui.action.last")), p.result,
		container.NewBorder(nil, nil, closeButton, nil, p.fields["buttons"]))
	p.dialog = dialog.NewCustomWithoutButtons(tr("ui.action.title"), container.NewBorder(nil, bottom, nil, nil, scroll), t.u.win)
	t.actions = p
	p.dialog.Show()
}

func (p *actionPanel) info() dun.ActionInfo {
	if id := p.ids[p.pick.Selected]; id != "" {
		a, _ := dun.Action(id)
		return a
	}
	return dun.ActionInfo{Kind: dun.KindTest}
}

// show lays out what the chosen action needs.
func (p *actionPanel) show() {
	a := p.info()
	tr := p.t.u.tr
	if a.ID == "" {
		p.help.SetText("")
	} else {
		p.help.SetText(tr.T("action."+a.ID+".help", nil))
	}
	visible := map[string]bool{}
	switch a.Kind {
	case dun.KindTest:
		for _, f := range []string{"value", "target", "modifier", "buttons", "dice"} {
			visible[f] = true
		}
		visible["attr"] = a.ID == ""
		visible["repeat"] = a.ID == "secret_door"
		visible["extra"] = a.ID == "search_room"
		p.value.setCaption(tr.T(dun.AttributeKeys[a.Attribute], nil))
	case dun.KindRun:
		visible["value"], visible["buttons"], visible["dice"] = true, true, true
		p.value.setCaption(tr.T("attribute.movement", nil))
	case dun.KindCorpses:
		visible["corpses"], visible["level"], visible["buttons"] = true, true, true
	case dun.KindFurniture:
		visible["trap"], visible["buttons"], visible["dice"] = true, true, true
	}
	for name, f := range p.fields {
		if visible[name] {
			f.Show()
		} else {
			f.Hide()
		}
	}
	p.notice.SetText("")
}

// event is the test as set up, without dice.
func (p *actionPanel) event() dun.Test {
	a := p.info()
	v := p.value.value
	e := dun.Test{Action: a.ID, Value: &v, Modifier: p.modifier.value, Trap: p.trap.Checked}
	switch a.Kind {
	case dun.KindTest:
		if p.target.value != dun.DefaultTarget {
			e.Target = p.target.value
		}
		if a.ID == "" {
			e.Attribute = p.attrs[p.attr.Selected]
		}
		e.Repeat = a.ID == "secret_door" && p.repeat.Checked
	case dun.KindCorpses:
		e.Value = nil
		e.Level = []string{"low", "middle", "high"}[indexOf(p.level.Options, p.level.Selected)]
	case dun.KindFurniture:
		e.Value = nil
	}
	if a.Kind != dun.KindTest {
		e.Modifier = 0
	}
	return e
}

// recorded is the test with the dice entered at the table. Corpses are
// searched with the app's dice: one die per enemy is a lot to tap in.
func (p *actionPanel) recorded() *dun.Test {
	e := p.event()
	if p.info().Kind == dun.KindCorpses {
		return p.t.u.sess.game.RollTest(e, p.corpses.value)
	}
	e.Dice = p.dice.dice()
	if e.Action == "search_room" {
		e.Extra = []int{p.extra.value}
	}
	return &e
}

func (p *actionPanel) apply(e *dun.Test) {
	if err := p.t.u.sess.apply(e); err != nil {
		p.notice.SetText(p.t.u.errorText(err))
		return
	}
	p.notice.SetText("")
	tr := p.t.u.tr
	lt := p.t.u.sess.game.State().LastTest
	last := lastLog(p.t.u.sess.game)
	text := tr.T(last.ID, last.Args)
	for _, r := range lt.Results {
		text += "\n" + tr.T(r.ID, r.Args)
	}
	p.result.SetText(text)
	p.t.refresh()
}

func lastLog(g *dun.Game) dun.LogEntry {
	l := g.State().Log
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
