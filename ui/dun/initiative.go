package dunui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui"
)

// initiativePanel runs an Initiative roll ("Initiative", and the ADP's
// "Initiative Roll"): the hero nearest the enemies against the ADP creature
// with the best Perception anywhere on the board.
type initiativePanel struct {
	t                         *tableScreen
	heroPer, heroInt, adpPer  *ui.Stepper
	adpInt, adpMod, doorTurns *ui.Stepper
	running                   *widget.Check
	hero                      *heroPicker   // the party's heroes; nil without a party
	adpWho                    *widget.Label // which creature's Perception is used
	context                   *widget.RadioGroup
	heroDice, adpDice         *ui.DicePair
	rerolls                   []*ui.DicePair // hero, adp, hero, adp...
	rerollBox                 *fyne.Container
	notice                    *widget.Label
	dialog                    dialog.Dialog
	// same are the other heroes just as close to the enemies (ticked);
	// core says who of them rolls (dun.HeroRoller), and tie picks one at
	// random when their Perception ties.
	same    []*widget.Check
	sameIDs []string
	tie     *widget.Button
}

func (t *tableScreen) showInitiative() {
	tr := t.t
	p := &initiativePanel{t: t}
	// The ranges are the rules' bounds (core/dun/limits.go).
	p.heroPer = ui.NewStepper(tr("ui.initiative.perception"), 3, -dun.MaxAttribute, dun.MaxAttribute)
	p.heroInt = ui.NewStepper(tr("ui.initiative.intelligence"), 3, -dun.MaxAttribute, dun.MaxAttribute)
	p.running = widget.NewCheck(tr("ui.initiative.running"), nil)
	p.adpPer = ui.NewStepper(tr("ui.initiative.perception"), 3, -dun.MaxAttribute, dun.MaxAttribute)
	p.adpInt = ui.NewStepper(tr("ui.initiative.intelligence"), 3, -dun.MaxAttribute, dun.MaxAttribute)
	p.adpMod = ui.NewStepper(tr("ui.initiative.modifier"), 0, -dun.MaxModifier, dun.MaxModifier)
	p.doorTurns = ui.NewStepper(tr("ui.initiative.door_turns"), 0, 0, dun.MaxDoorTurns)
	p.context = widget.NewRadioGroup([]string{tr("ui.initiative.exploration"), tr("ui.initiative.combat")}, nil)
	p.context.Required = true
	// The situation the game worked out; the Conductor only overrides it.
	context, _ := dun.DueContext(t.game.State())
	p.context.SetSelected(tr("ui.initiative." + context))
	p.doorTurns.Set(dun.DueDoorTurns(t.game.State()))
	if c, ok := dun.InitiativeRoller(t.game.State()); ok {
		p.adpPer.Set(c.Perception)
		p.adpInt.Set(c.Intelligence)
		p.adpMod.Set(dun.InitiativeModifier(t.game.State(), c))
		p.adpWho = ui.Wrapped(t.tr.T("ui.initiative.adp_roller", map[string]any{"Name": creatureName(t.tr.Lang, c)}), widget.MediumImportance)
	}
	heroSide := fyne.CanvasObject(container.NewVBox())
	if party := t.game.State().Party; len(party) > 0 {
		// The hero nearest the enemies, from the party: his values fill the side.
		p.hero = newHeroPicker(party, func(id string) {
			if h, ok := t.game.Setup().Hero(id); ok {
				p.heroPer.Set(h.Perception)
				p.heroInt.Set(h.Intelligence)
			}
		})
		p.hero.pickIndex(t.initiativeHero)
		same := container.NewVBox(widget.NewLabel(tr("ui.initiative.same_distance")))
		for i, h := range party {
			c := widget.NewCheck(heroLabel(i, h), func(bool) { p.closest() })
			p.same, p.sameIDs = append(p.same, c), append(p.sameIDs, h.ID)
			same.Add(c)
		}
		p.tie = widget.NewButton(tr("choice.initiative_hero_pick"), func() {
			if err := t.sess.Apply(t.game.PickInitiativeHeroAtRandom(p.closestIDs())); err != nil {
				p.notice.SetText(ui.ErrorText(t.tr, err))
				return
			}
			p.closest()
		})
		p.tie.Hide()
		heroSide = container.NewVBox(widget.NewLabel(tr("ui.initiative.which_hero")), p.hero.keySelect, same, p.tie)
	}
	p.heroDice = ui.NewDicePair(t.tr, tr("ui.initiative.dice_hero"))
	p.adpDice = ui.NewDicePair(t.tr, tr("ui.initiative.dice_adp"))
	p.fromHeroRoll()
	p.rerollBox = container.NewVBox()
	p.notice = widget.NewLabel("")
	p.notice.Importance = widget.DangerImportance
	p.notice.Wrapping = fyne.TextWrapWord

	roll := widget.NewButton(tr("ui.initiative.roll"), func() {
		p.apply(t.game.RollInitiative(p.event()))
	})
	roll.Importance = widget.HighImportance
	record := widget.NewButton(tr("ui.initiative.record"), func() { e := p.event(); p.apply(&e) })
	body := container.NewVBox(
		widget.NewLabel(tr("ui.initiative.context")), p.context, ui.StepperForm(p.doorTurns),
		ui.Heading(tr("ui.initiative.hero")), heroSide, ui.StepperForm(p.heroPer, p.heroInt), p.running,
		ui.Heading(tr("ui.initiative.adp")), p.adpRoller(), ui.StepperForm(p.adpPer, p.adpInt, p.adpMod),
		widget.NewSeparator(),
		p.heroDice.Content, p.adpDice.Content, p.rerollBox,
	)
	scroll := ui.VScroll(body)
	scroll.SetMinSize(fyne.NewSize(760, 460))
	closeButton := widget.NewButton(tr("ui.close"), func() { p.dialog.Hide() })
	// The buttons stay in sight below the scrolling inputs.
	bottom := container.NewVBox(p.notice, container.NewGridWithColumns(3, closeButton, record, roll))
	p.dialog = dialog.NewCustomWithoutButtons(tr("ui.initiative.title"), container.NewBorder(nil, bottom, nil, nil, scroll), t.win)
	t.initiative = p
	p.dialog.Show()
}

// fromHeroRoll starts the heroes' side from the roll a hero made on their
// phone for this Initiative (dun.DueHeroRoll): the hero, running or not,
// and the dice; the game refuses other dice for the heroes.
func (p *initiativePanel) fromHeroRoll() {
	r, ok := dun.DueHeroRoll(p.t.game.State())
	if !ok || p.hero == nil {
		return
	}
	p.hero.pick(r.Hero)
	p.running.SetChecked(r.Running)
	p.heroDice.A.Set(r.Dice[0])
	p.heroDice.B.Set(r.Dice[1])
}

// closestIDs are the heroes closest to the enemies: the one picked and
// those ticked as just as close.
func (p *initiativePanel) closestIDs() []string {
	ids := []string{p.hero.ID()}
	for i, c := range p.same {
		if c.Checked && p.sameIDs[i] != ids[0] {
			ids = append(ids, p.sameIDs[i])
		}
	}
	return ids
}

// closest asks core who of the closest heroes rolls: the hero picker
// follows its answer, and a tie offers the random pick.
func (p *initiativePanel) closest() {
	ids := p.closestIDs()
	h, ok := dun.HeroRoller(p.t.game.State(), p.t.game.Setup(), ids)
	if !ok {
		p.tie.Show()
		p.notice.SetText(p.t.tr.T("ui.initiative.hero_tied", nil))
		return
	}
	p.tie.Hide()
	p.notice.SetText("")
	if h.ID != ids[0] {
		// The hero picked first stays among the closest.
		p.same[slices.Index(p.sameIDs, ids[0])].SetChecked(true)
	}
	p.hero.pick(h.ID)
}

// event is the Initiative roll as entered so far, dice included.
func (p *initiativePanel) event() dun.Initiative {
	val := func(s *ui.Stepper) *int { v := s.Value; return &v }
	e := dun.Initiative{
		Hero: dun.InitiativeSide{Perception: val(p.heroPer), Intelligence: val(p.heroInt), Modifier: dun.HeroModifier(p.running.Checked),
			Dice: p.heroDice.Dice()},
		ADP:             dun.InitiativeSide{Perception: val(p.adpPer), Intelligence: val(p.adpInt), Modifier: p.adpMod.Value, Dice: p.adpDice.Dice()},
		Context:         dun.ContextExploration,
		BrokenDoorTurns: p.doorTurns.Value,
	}
	if p.context.Selected == p.context.Options[1] {
		e.Context = dun.ContextCombat
	}
	if p.hero != nil && p.hero.Selected != "" {
		p.t.initiativeHero = p.hero.SelectedIndex()
		// The party's hero: the game takes his values (and -2 when running)
		// unless the Conductor changed them here.
		id := p.hero.ID()
		e.Hero.Hero, e.Hero.Running, e.Hero.Modifier = id, p.running.Checked, 0
		if h, ok := p.t.game.Setup().Hero(id); ok {
			if h.Perception == p.heroPer.Value {
				e.Hero.Perception = nil
			}
			if h.Intelligence == p.heroInt.Value {
				e.Hero.Intelligence = nil
			}
		}
	}
	for i := 0; i+1 < len(p.rerolls); i += 2 {
		e.Rerolls = append(e.Rerolls, dun.InitiativeReroll{Hero: p.rerolls[i].Dice(), ADP: p.rerolls[i+1].Dice()})
	}
	return e
}

// apply records the roll; a tie that needs dice rolled again opens a new
// pair of rows instead of failing.
func (p *initiativePanel) apply(e *dun.Initiative) {
	err := p.t.sess.Apply(e)
	if dun.InitiativeTied(err) {
		// Every row so far is filled and still tied: one more round.
		tr := p.t.tr
		p.rerollBox.Add(widget.NewLabel(tr.T("ui.initiative.reroll", nil)))
		for _, caption := range []string{"ui.initiative.dice_hero", "ui.initiative.dice_adp"} {
			d := ui.NewDicePair(p.t.tr, tr.T(caption, nil))
			p.rerolls = append(p.rerolls, d)
			p.rerollBox.Add(d.Content)
		}
	}
	if err != nil {
		p.notice.SetText(ui.ErrorText(p.t.tr, err))
		return
	}
	if p.hero == nil {
		p.t.lastHero = &dun.InitiativeSide{Perception: e.Hero.Perception, Intelligence: e.Hero.Intelligence}
	}
	p.dialog.Hide()
	p.t.area.SetNotice("")
	p.t.changed()
}

func (p *initiativePanel) adpRoller() fyne.CanvasObject {
	if p.adpWho == nil {
		return container.NewVBox() // no roster yet: the Conductor types the values
	}
	return p.adpWho
}
