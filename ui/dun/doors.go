package dunui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// Doors and chests on the card (core/dun/doors.go says what is offered):
// a door or chest still shut after a failed test is broken down a turn at
// a time; a declared chest is tested, or its trap disarmed first.

// Keys of the door and chest buttons.
const (
	keyBreak  = 'b' // Break it down…
	keyChest  = 't' // Test the chest…
	keyDisarm = 'm' // Disarm the trap… (disarM)
)

// doorInput builds a door's or chest's control on the card, or nil when
// the prompt asks for none of them.
func (t *tableScreen) doorInput(p engine.Prompt, keys ui.Keys) fyne.CanvasObject {
	section, _ := p.Args["Section"].(string)
	element, _ := p.Args["Element"].(string)
	switch p.Input {
	case dun.InputBreak:
		turns, _ := p.Args["Turns"].(int)
		b := keys.Button(t.t("ui.break.open"), keyBreak, false, func() { t.breakDown(section, element, turns == 0) })
		return probe.Name(b, "door.break."+section+element)
	case dun.InputChestTest:
		return keys.Button(t.t("ui.chest.test"), keyChest, false, func() { t.tryOnCard("open_chest", dun.Test{Element: element}) })
	case dun.InputDisarm:
		return keys.Button(t.t("ui.chest.disarm"), keyDisarm, false, func() { t.disarm(element) })
	}
	return nil
}

// tryOnCard opens the hero action panel on action, aimed at target, from
// a button on the card; when the rules refuse it, the card says why, beside
// the button tapped.
func (t *tableScreen) tryOnCard(action string, target dun.Test) {
	if err := t.game.TryRefusal(action, target); err != nil {
		t.area.SetNotice(ui.ErrorText(t.tr, err))
		return
	}
	t.tryTest(action, target)
}

// breakDown asks for one turn of breaking a door (section) or chest
// (element) down: the Vitality the heroes' damage took off after the
// Armor, and on the first turn whether it is reinforced.
func (t *tableScreen) breakDown(section, element string, first bool) {
	damage := ui.NewStepper(t.t("ui.break.damage"), 0, 0, dun.ReinforcedDoorVitality)
	reinforced := widget.NewCheck(t.t("ui.break.reinforced"), nil)
	notice := ui.Wrapped("", widget.DangerImportance)
	content := container.NewVBox(damage.Content)
	if first {
		content.Add(reinforced)
	}
	content.Add(notice)
	var d dialog.Dialog
	record := widget.NewButton(t.t("ui.break.record"), func() {
		e := &dun.BreakAttempt{Exit: section, Element: element, Damage: damage.Value, Reinforced: first && reinforced.Checked}
		if err := t.game.Check(e); err != nil {
			notice.SetText(ui.ErrorText(t.tr, err))
			return
		}
		d.Hide()
		t.do(e)
	})
	record.Importance = widget.HighImportance
	cancel := widget.NewButton(t.t("ui.cancel"), func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons(t.t("ui.break.open"), container.NewBorder(nil, container.NewGridWithColumns(2, cancel, record), nil, nil, content), t.win)
	d.Resize(ui.DialogSize(t.win.Canvas().Size(), 560, 0))
	d.Show()
}

// disarm opens the heroes' action panel on disarming the trap that guards
// chest element.
func (t *tableScreen) disarm(element string) {
	t.showActions()
	t.actions.aim = element
	t.actions.pick.SetSelected(t.t("action.disarm_trap"))
}

// openLocked is a locked door tapped on the map: its opening declared
// when it is not yet (the Obstacle roll first), a turn of breaking it
// down after a failed lock; it says whether it did either.
func (t *questTab) openLocked(section string) bool {
	s, setup := t.game.State(), t.game.Setup()
	lock := slices.ContainsFunc(dun.OnceTargets(s, setup, "open_lock"), func(o dun.OnceTarget) bool { return o.Exit == section })
	if lock && dun.NeedsDeclaring(s, setup, section, "") {
		t.do(&dun.OpenDeclared{Exit: section})
		return true
	}
	return t.breakTurn(section)
}

// breakTurn asks for a turn of breaking down the door to section when
// core counts its turns; it says whether it did.
func (t *questTab) breakTurn(section string) bool {
	for _, b := range dun.Breakable(t.game.State(), t.game.Setup()) {
		if b.Exit == section && t.breakDown != nil {
			t.breakDown(section, "", b.Turns == 0)
			return true
		}
	}
	return false
}
