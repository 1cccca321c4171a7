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
	p.value = ui.NewStepper(tr("ui.action.value"), 3, 0, 12)
	p.target = ui.NewStepper(tr("ui.action.target"), dice.DefaultTarget, 2, 20)
	p.modifier = ui.NewStepper(tr("ui.action.modifier"), 0, -5, 5)
	p.corpses = ui.NewStepper(tr("ui.action.corpses"), 1, 1, 20)
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
	p.extra = ui.NewRowPicker("1D3", 0)
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
	roll := widget.NewButton(tr("ui.action.roll"), func() {
		p.apply(t.game.RollTest(p.event(), p.corpses.Value))
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
	p.dialog = dialog.NewCustomWithoutButtons(tr("ui.action.title"), container.NewBorder(nil, bottom, nil, nil, scroll), t.win)
	t.actions = p
	p.dialog.Show()
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
		visible["repeat"] = a.ID == "secret_door"
		visible["extra"] = a.ID == "search_room"
		p.value.SetCaption(tr.T(actions.AttributeKeys[a.Attribute], nil))
	case actions.KindRun:
		visible["value"], visible["buttons"], visible["dice"] = true, true, true
		p.value.SetCaption(tr.T("attribute.movement", nil))
	case actions.KindCorpses:
		visible["corpses"], visible["level"], visible["buttons"] = true, true, true
	case actions.KindFurniture:
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
	v := p.value.Value
	e := dun.Test{Action: a.ID, Value: &v, Modifier: p.modifier.Value, Trap: p.trap.Checked}
	switch a.Kind {
	case actions.KindTest:
		if p.target.Value != dice.DefaultTarget {
			e.Target = p.target.Value
		}
		if a.ID == "" {
			e.Attribute = p.attrs[p.attr.Selected]
		}
		e.Repeat = a.ID == "secret_door" && p.repeat.Checked
	case actions.KindCorpses:
		e.Value = nil
		e.Level = actions.CorpseLevels[indexOf(p.level.Options, p.level.Selected)]
	case actions.KindFurniture:
		e.Value = nil
	}
	if a.Kind != actions.KindTest {
		e.Modifier = 0
	}
	return e
}

// recorded is the test with the dice entered at the table. Corpses are
// searched with the app's dice: one die per enemy is a lot to tap in.
func (p *actionPanel) recorded() *dun.Test {
	e := p.event()
	if p.info().Kind == actions.KindCorpses {
		return p.t.game.RollTest(e, p.corpses.Value)
	}
	e.Dice = p.dice.Dice()
	if e.Action == "search_room" {
		e.Extra = []int{p.extra.Value}
	}
	return &e
}

func (p *actionPanel) apply(e *dun.Test) {
	if err := p.t.sess.Apply(e); err != nil {
		p.notice.SetText(ui.ErrorText(p.t.tr, err))
		return
	}
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
