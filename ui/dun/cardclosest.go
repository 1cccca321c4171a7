package dunui

import (
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// cardClosest is who rolls for the heroes on the card's quick Initiative
// roll ("Initiative": the hero closest to the enemies; at the same
// distance, the higher Perception; a tie of that at random). The hero
// picker's last choice, "several just as close", opens the Initiative
// panel's ticks in a small window of their own (the card keeps its
// height, its roll in sight) with the roll. Core says who of those ticked
// rolls (dun.HeroRoller); a tie is picked at random (the recorded pick)
// in the roll's own tap.
type cardClosest struct {
	t      *tableScreen
	pick   *heroPicker
	heroes int // the party's size: the picker's choice past it is "several"
	same   []*widget.Check
	ids    []string
	who    *widget.Label // who rolls, or the tie
	roll   func()        // the card's roll, set by the card
	dialog dialog.Dialog
}

func (t *tableScreen) newCardClosest(party []dun.PartyHero) *cardClosest {
	c := &cardClosest{t: t, heroes: len(party)}
	c.pick = newHeroPicker(party, func(string) { c.picked() })
	c.pick.forward = true
	c.pick.Options = append(c.pick.Options, t.tr.T("ui.initiative.card_same", nil))
	for i, h := range party {
		check := probe.Name(widget.NewCheck(heroLabel(i, h), func(bool) { c.follow() }), "dun.initiative.same."+h.ID)
		c.same, c.ids = append(c.same, check), append(c.ids, h.ID)
	}
	c.who = ui.Wrapped("", widget.MediumImportance)
	c.pick.pickIndex(t.initiativeHero)
	return c
}

// isSeveral says the picker's choice is "several just as close".
func (c *cardClosest) isSeveral() bool { return c.pick.SelectedIndex() >= c.heroes }

// picked follows the picker: one hero, remembered for the next roll, or
// several, asked in their own window with the hero picked last ticked.
func (c *cardClosest) picked() {
	if !c.isSeveral() {
		c.t.initiativeHero = c.pick.SelectedIndex()
		return
	}
	for i, s := range c.same {
		s.SetChecked(i == min(max(c.t.initiativeHero, 0), c.heroes-1))
	}
	c.follow()
	c.open()
}

// open shows the ticks, who rolls and the roll; closing it without the
// roll goes back to the hero picked before.
func (c *cardClosest) open() {
	tr := c.t.tr
	ticks := container.NewVBox()
	for _, s := range c.same {
		ticks.Add(s)
	}
	rolled := false
	roll := widget.NewButton(tr.T("ui.initiative.roll_now", nil), func() {
		rolled = true
		c.dialog.Hide()
		c.roll()
	})
	roll.Importance = widget.HighImportance
	cancel := widget.NewButton(tr.T("ui.cancel", nil), func() { c.dialog.Hide() })
	body := container.NewVBox(widget.NewLabel(tr.T("ui.initiative.card_heading", nil)), ticks, c.who)
	c.dialog = dialog.NewCustomWithoutButtons(tr.T("ui.initiative.card_same", nil),
		container.NewBorder(nil, container.NewGridWithColumns(2, cancel, roll), nil, nil, body), c.t.win)
	c.dialog.SetOnClosed(func() {
		if !rolled {
			c.pick.pickIndex(c.t.initiativeHero)
		}
	})
	c.dialog.Resize(ui.DialogSize(c.t.win.Canvas().Size(), 480, 0))
	c.dialog.Show()
}

// closest are the heroes closest to the enemies: the one picked, or
// those ticked.
func (c *cardClosest) closest() []string {
	if !c.isSeveral() {
		return []string{c.pick.ID()}
	}
	var ids []string
	for i, s := range c.same {
		if s.Checked {
			ids = append(ids, c.ids[i])
		}
	}
	return ids
}

// follow says who core has roll among those ticked, or that a tie is
// picked at random first.
func (c *cardClosest) follow() {
	ids := c.closest()
	h, ok := dun.HeroRoller(c.t.game.State(), c.t.game.Setup(), ids)
	switch {
	case ok:
		c.who.SetText(c.t.tr.T("ui.initiative.card_roller", map[string]any{"Name": h.Name}))
	case len(ids) == 0:
		c.who.SetText(c.t.tr.T("ui.initiative.card_none", nil))
	default:
		c.who.SetText(c.t.tr.T("ui.initiative.card_tied", nil))
	}
}

// settle makes the random pick a tie waits for, recorded before the roll;
// false when it was refused (the notice says why).
func (c *cardClosest) settle() bool {
	ids := c.closest()
	if _, ok := dun.HeroRoller(c.t.game.State(), c.t.game.Setup(), ids); ok {
		return true
	}
	c.t.do(c.t.game.PickInitiativeHeroAtRandom(ids))
	return c.t.area.Notice() == ""
}

// side is the heroes' side of the roll: the hero core says rolls.
func (c *cardClosest) side() dun.InitiativeSide {
	h, _ := dun.HeroRoller(c.t.game.State(), c.t.game.Setup(), c.closest())
	return dun.InitiativeSide{Hero: h.ID}
}
