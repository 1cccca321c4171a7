package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// cardClosest is who rolls for the heroes on the card's quick Initiative
// roll ("Initiative": the hero closest to the enemies; at the same
// distance, the higher Perception; a tie of that at random). The hero
// picker's last choice, "several just as close", shows the Initiative
// panel's ticks instead (the card keeps its height otherwise). Core says
// who of those ticked rolls (dun.HeroRoller); a tie is picked at random
// (the recorded pick) in the roll's own tap.
type cardClosest struct {
	t       *tableScreen
	pick    *heroPicker
	heroes  int // the party's size: the picker's choices past it are "several"
	same    []*widget.Check
	ids     []string
	who     *widget.Label // who rolls, or the tie
	several *fyne.Container
}

func (t *tableScreen) newCardClosest(party []dun.PartyHero) *cardClosest {
	c := &cardClosest{t: t, heroes: len(party)}
	c.pick = newHeroPicker(party, func(string) { c.picked() })
	c.pick.forward = true
	c.pick.Options = append(c.pick.Options, t.tr.T("ui.initiative.card_same", nil))
	list := container.NewGridWithColumns(2)
	for i, h := range party {
		check := probe.Name(widget.NewCheck(heroLabel(i, h), func(bool) { c.follow() }), "dun.initiative.same."+h.ID)
		c.same, c.ids = append(c.same, check), append(c.ids, h.ID)
		list.Add(check)
	}
	c.who = ui.Wrapped("", widget.MediumImportance)
	c.several = container.NewVBox(list, c.who)
	c.several.Hide()
	c.pick.pickIndex(t.initiativeHero)
	return c
}

// isSeveral says the picker's choice is "several just as close".
func (c *cardClosest) isSeveral() bool { return c.pick.SelectedIndex() >= c.heroes }

// picked follows the picker: one hero, remembered for the next roll, or
// the ticks, the hero picked last ticked first.
func (c *cardClosest) picked() {
	if !c.isSeveral() {
		c.t.initiativeHero = c.pick.SelectedIndex()
		c.several.Hide()
		return
	}
	if len(c.closest()) == 0 {
		c.same[min(max(c.t.initiativeHero, 0), c.heroes-1)].SetChecked(true)
	}
	c.several.Show()
	c.follow()
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
	if !c.isSeveral() {
		return
	}
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
