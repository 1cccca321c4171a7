package dcui

import (
	"image/color"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/dragoncanyon/spiral"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// input builds what a prompt asks the Conductor to type in.
func (t *tableScreen) input(p engine.Prompt, keys ui.Keys) fyne.CanvasObject {
	switch p.Input {
	case dragoncanyon.InputActionCard:
		return t.actionCardInput()
	case dragoncanyon.InputReveal:
		return t.revealInput()
	case dragoncanyon.InputFight:
		return t.fightInput(keys)
	case dragoncanyon.InputScore:
		return t.scoreInput(keys)
	case dragoncanyon.InputObjective:
		return t.objectiveInput()
	case dragoncanyon.InputBoard:
		return ui.Wrapped(t.t("ui.dc.board.pointer", nil), widget.MediumImportance)
	}
	return nil
}

// numbers are "1" to "n" for a select.
func numbers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// actionCardInput is what a physical action card shows: a list to pick
// from for each part, its caption above it (wrapped), so the card stays as
// narrow as its longest choice and never widens its column.
func (t *tableScreen) actionCardInput() fyne.CanvasObject {
	setup := t.game.Setup()
	pick := func(caption string, opts []string) (*widget.Select, fyne.CanvasObject) {
		sel := widget.NewSelect(opts, nil)
		sel.PlaceHolder = "—"
		return sel, container.NewVBox(ui.Wrapped(caption, widget.MediumImportance), sel)
	}
	row, rowBox := pick(t.t("ui.dc.in.row", nil), numbers(dragoncanyon.Size))
	col, colBox := pick(t.t("ui.dc.in.col", nil), numbers(dragoncanyon.Size))
	action, actionBox := pick(t.t("ui.dc.in.action", nil), []string{t.t("ui.dc.action.fight", nil), t.t("ui.dc.action.dragon", nil)})
	var dirs, rots []string
	for _, d := range spiral.Directions {
		dirs = append(dirs, t.t("ui.dc.dir."+d, nil))
	}
	for _, r := range spiral.Rotations {
		rots = append(rots, t.t("ui.dc.rot."+r, nil))
	}
	start, startBox := pick(t.t("ui.dc.in.start", nil), dirs)
	turn, turnBox := pick(t.t("ui.dc.in.turn", nil), rots)
	strength := ui.NewStepper(t.t("ui.dc.in.strength", nil), 0, decklist.MinStrength, decklist.MaxStrength)
	var names []string
	for _, b := range setup.Buildings {
		names = append(names, t.buildingName(b.ID))
	}
	building, buildingBox := pick(t.t("ui.dc.in.building", nil), names)
	submit := big(t.t("ui.dc.in.flip", nil), func() {
		r, c, a, d, k, b := row.SelectedIndex(), col.SelectedIndex(), action.SelectedIndex(), start.SelectedIndex(), turn.SelectedIndex(), building.SelectedIndex()
		if r < 0 || c < 0 || a < 0 || d < 0 || k < 0 || b < 0 {
			t.area.SetNotice(t.t("ui.dc.in.incomplete", nil))
			return
		}
		t.area.Do(&dragoncanyon.ActionFlipped{Card: &dragoncanyon.ActionCard{
			Tile: dragoncanyon.Pos{r + 1, c + 1}, Action: []string{decklist.Fight, decklist.MoveDragon}[a],
			Start: spiral.Directions[d], Turn: spiral.Rotations[k], Strength: strength.Value, Building: setup.Buildings[b].ID}})
	})
	return container.NewVBox(container.NewGridWithColumns(2, rowBox, colBox), actionBox, startBox, turnBox, buildingBox, strength.Content, submit)
}

// revealInput is the AI's physical card turned face-up.
func (t *tableScreen) revealInput() fyne.CanvasObject {
	s := t.game.State()
	strength := ui.NewStepper(t.t("ui.dc.in.strength", nil), 0, decklist.MinStrength, decklist.MaxStrength)
	slayer := widget.NewCheck(t.t("ui.dc.card.slayer", nil), nil)
	ability := t.newAbilityInput(dragoncanyon.Ability{})
	return container.NewVBox(strength.Content, slayer, ability.content, big(t.t("ui.dc.in.reveal", nil), func() {
		t.area.Do(&dragoncanyon.AICardRevealed{Tile: *s.Pending.Head().Tile, Strength: strength.Value, Slayer: slayer.Checked, Ability: ability.value()})
	}))
}

// abilityInput enters a Force card's fight ability as far as it changes
// strength: a bonus when attacking, one when defending, and whether it
// cancels a Guard Tower's +2.
type abilityInput struct {
	attack, defend *narrowStepper
	tower          *ui.WrapCheck
	content        fyne.CanvasObject
}

func (t *tableScreen) newAbilityInput(known dragoncanyon.Ability) *abilityInput {
	a := &abilityInput{
		attack: newNarrowStepper(t.t("ui.dc.in.ability_attack", nil), known.Attack, decklist.MinBonus, decklist.MaxBonus),
		defend: newNarrowStepper(t.t("ui.dc.in.ability_defend", nil), known.Defend, decklist.MinBonus, decklist.MaxBonus),
		tower:  ui.NewWrapCheck(t.t("ui.dc.in.ability_tower", nil), nil),
	}
	a.tower.SetChecked(known.Tower)
	a.content = container.NewVBox(ui.Wrapped(t.t("ui.dc.in.ability", nil), widget.MediumImportance), a.attack.Content, a.defend.Content, a.tower)
	return a
}

func (a *abilityInput) value() dragoncanyon.Ability {
	return dragoncanyon.Ability{Attack: a.attack.Value, Defend: a.defend.Value, Tower: a.tower.Checked}
}

// fightInput is the player's side of a fight and the spoils.
//
// It starts from what the game knows (core's FightDefaults): the player's
// card's strength and ability once seen, the caravan the player's last
// fight entered; "you take" offers only what the AI's caravan holds.
//
// Its button is the card's main one, N: once the die is chosen, the key
// resolves the fight wherever the card is scrolled.
func (t *tableScreen) fightInput(keys ui.Keys) fyne.CanvasObject {
	def := t.game.FightDefaults()
	// The strength's caption beside its − and +: one row, not two.
	strength := newNarrowStepper("", def.Strength, decklist.MinStrength, decklist.MaxStrength)
	var known dragoncanyon.Ability
	if def.Ability != nil {
		known = *def.Ability
	}
	ability := t.newAbilityInput(known)
	n := 1
	if t.game.Setup().Difficulty == dragoncanyon.Easier {
		n = 2
	}
	// The die first, its faces in one row, and the button under it: what
	// every fight needs is in sight at once, with the log under the card;
	// what mostly keeps what the game knows follows, two columns wide (the
	// card has the players' column's width too during a fight,
	// tableScreen.showTabs).
	var dice []*facePicker
	box := container.NewVBox()
	for i := range n {
		d := newFacePicker(t.t("ui.dc.in.die", map[string]any{"N": i + 1}))
		dice = append(dice, d)
		box.Add(d.content)
	}
	sp := t.newSpoils(def)
	// The Dragon Slayer only where core says a dragon due after the fight
	// passes over it (canyon_order fight_first); with the card's other
	// facts, under the button.
	var slayer *ui.WrapCheck
	if t.game.SlayerMatters() {
		slayer = probe.Name(ui.NewWrapCheck(t.t("ui.dc.in.slayer", nil), nil), "dc.fight.slayer")
		slayer.SetChecked(def.Slayer)
	}
	box.Add(keys.Button(t.t("ui.dc.in.fight", nil), ui.KeyChoice, true, func() {
		ab := ability.value()
		e := &dragoncanyon.FightResolved{Strength: strength.Value, Ability: &ab, Slayer: slayer != nil && slayer.Checked}
		for _, d := range dice {
			if !d.chosen {
				t.area.SetNotice(t.t("ui.dc.in.incomplete", nil))
				return
			}
			e.Dice = append(e.Dice, d.value)
		}
		sp.fill(e)
		t.area.Do(e)
	}))
	roll := widget.NewButton(t.t("ui.dc.in.roll", nil), func() {
		for i, f := range t.game.StrengthRoll() {
			dice[i].set(f)
		}
	})
	left := container.NewVBox(sideBySide(ui.Wrapped(t.t("ui.dc.in.card_strength", nil), widget.MediumImportance), strength.Content),
		roll, ability.content)
	if slayer != nil {
		left.Add(slayer)
	}
	box.Add(sideBySide(left, sp.content))
	// A little room under the last: scrolled to the end, it is wholly in
	// sight, never cut by a fraction of a pixel.
	pad := canvas.NewRectangle(color.Transparent)
	pad.SetMinSize(fyne.NewSize(0, theme.Padding()))
	box.Add(pad)
	return box
}

// spoils are the fight form's caravan (the resource types the player's
// caravan holds), what the player took from the AI's, and the Loot.
type spoils struct {
	carries  []*ui.WrapCheck
	takeable []string // resources the player may take, as core offers them
	res      []string // their names, as the list shows them
	taken    *widget.Select
	loot     *ui.WrapCheck
	content  fyne.CanvasObject
}

// newSpoils lays the spoils out: the caravan's check boxes, the texts
// wrapped, so the card never widens its column (and the board beside
// it keeps its size); "you take" offers only what the AI's caravan holds.
func (t *tableScreen) newSpoils(def dragoncanyon.FightResolved) *spoils {
	sp := &spoils{takeable: t.game.TakeOptions()}
	caravan := container.NewVBox()
	for _, r := range dragoncanyon.ByValue {
		c := probe.Name(ui.NewWrapCheck(t.t("ui.dc.res."+r, nil), nil), "dc.fight.caravan."+r)
		c.SetChecked(slices.Contains(def.Caravan, r))
		sp.carries = append(sp.carries, c)
		caravan.Add(c)
	}
	for _, r := range sp.takeable {
		sp.res = append(sp.res, t.t("ui.dc.res."+r, nil))
	}
	// A drop-down (none picked: nothing taken): a list of a fixed height,
	// so the card's scroll reaches what is under it.
	sp.taken = probe.Name(widget.NewSelect(sp.res, nil), "dc.fight.taken")
	sp.taken.PlaceHolder = "—"
	sp.loot = ui.NewWrapCheck(t.t("ui.dc.in.loot", nil), nil)
	box := container.NewVBox(ui.Wrapped(t.t("ui.dc.in.caravan", nil), widget.MediumImportance), caravan)
	if len(sp.res) > 0 {
		box.Add(ui.Wrapped(t.t("ui.dc.in.taken", nil), widget.MediumImportance))
		box.Add(sp.taken)
	}
	box.Add(sp.loot)
	sp.content = box
	return sp
}

// fill puts the spoils into the fight's event.
func (sp *spoils) fill(e *dragoncanyon.FightResolved) {
	e.Loot = sp.loot.Checked
	for i, r := range dragoncanyon.ByValue {
		if sp.carries[i].Checked {
			e.Caravan = append(e.Caravan, r)
		}
	}
	for i, r := range sp.takeable {
		if sp.taken.Selected == sp.res[i] {
			e.Taken = r
		}
	}
}

// facePicker enters a strength die: a button for every face the module
// allows (dragoncanyon.MinFace to MaxFace, 0 included), the chosen one
// standing out; none is chosen at first.
type facePicker struct {
	value   int
	chosen  bool
	buttons []*widget.Button
	content fyne.CanvasObject
}

func newFacePicker(caption string) *facePicker {
	p := &facePicker{}
	// One row, its caption before it: the fight form is as wide as the
	// card's and the players' columns together.
	grid := container.NewGridWithColumns(dragoncanyon.MaxFace - dragoncanyon.MinFace + 1)
	for f := dragoncanyon.MinFace; f <= dragoncanyon.MaxFace; f++ {
		b := widget.NewButton(strconv.Itoa(f), func() { p.set(f) })
		p.buttons = append(p.buttons, b)
		grid.Add(b)
	}
	p.content = container.NewBorder(nil, nil, widget.NewLabel(caption), nil, grid)
	return p
}

// set chooses face f.
func (p *facePicker) set(f int) {
	p.value, p.chosen = f, true
	for i, b := range p.buttons {
		if dragoncanyon.MinFace+i == f {
			b.Importance = widget.HighImportance
		} else {
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
}

// scoreInput is the final scoring.
//
// Its button is the card's main one, N.
func (t *tableScreen) scoreInput(keys ui.Keys) fyne.CanvasObject {
	setup := t.game.Setup()
	var players []*ui.Stepper
	box := container.NewVBox()
	// Each player's score starts from their buildings' points, as core
	// counts them: the table adds what else scores.
	vp := t.game.BuildingsVP()
	for i := 1; i <= setup.Players; i++ {
		s := ui.NewStepper(t.t("ui.dc.in.points", map[string]any{"SeatKey": seatIDs[i-1]}), vp[i-1], -99, 999)
		players = append(players, s)
		box.Add(s.Content)
	}
	extra := ui.NewStepper(t.t("ui.dc.in.ai_extra", nil), 0, -99, 999)
	box.Add(extra.Content)
	type objective struct {
		done       *widget.Check
		player, ai *ui.Stepper
	}
	var objs []objective
	if setup.Players == 1 && len(t.game.State().Objectives) == 0 { // asked one by one before, in a game begun before that was so
		for i := 1; i <= dragoncanyon.Objectives; i++ {
			o := objective{
				done:   widget.NewCheck(t.t("ui.dc.in.objective", map[string]any{"N": i}), nil),
				player: ui.NewStepper(t.t("ui.dc.in.objective_player", nil), 0, -99, 99),
				ai:     ui.NewStepper(t.t("ui.dc.in.objective_ai", nil), 0, -99, 99),
			}
			objs = append(objs, o)
			box.Add(container.NewVBox(o.done, o.player.Content, o.ai.Content))
		}
	}
	box.Add(keys.Button(t.t("ui.dc.in.score", nil), ui.KeyChoice, true, func() {
		e := &dragoncanyon.GameScored{AIExtra: extra.Value}
		for _, p := range players {
			e.Players = append(e.Players, p.Value)
		}
		for _, o := range objs {
			e.Objectives = append(e.Objectives, dragoncanyon.Objective{Done: o.done.Checked, PlayerVP: o.player.Value, AIVP: o.ai.Value})
		}
		t.area.Do(e)
	}))
	return box
}

// objectiveInput is one of the solo player's objectives at the end: done
// or failed, its points, and what its effect changes on the table (the
// player's buildings it takes away, the buildings and resources the AI
// gains), applied at once.
func (t *tableScreen) objectiveInput() fyne.CanvasObject {
	s := t.game.State()
	n := s.Pending.Head().Objective
	name := t.buildingName
	done := ui.NewWrapCheck(t.t("ui.dc.in.objective", map[string]any{"N": n}), nil)
	player := ui.NewStepper(t.t("ui.dc.in.objective_player", nil), 0, -99, 99)
	ai := ui.NewStepper(t.t("ui.dc.in.objective_ai", nil), 0, -99, 99)
	box := container.NewVBox(ui.Wrapped(t.t("ui.dc.in.objective_title", map[string]any{"N": n}), widget.MediumImportance),
		done, player.Content, ai.Content)
	type pick struct {
		id    string
		check *ui.WrapCheck
	}
	var loses, gains []pick
	if p := s.Players; len(p) > 0 && len(p[0].Buildings) > 0 {
		box.Add(ui.Wrapped(t.t("ui.dc.in.objective_loses", nil), widget.MediumImportance))
		for _, id := range p[0].Buildings {
			c := ui.NewWrapCheck(name(id), nil)
			loses = append(loses, pick{id, c})
			box.Add(c)
		}
	}
	box.Add(ui.Wrapped(t.t("ui.dc.in.objective_gains", nil), widget.MediumImportance))
	for _, id := range s.StacksLeft() { // core says which the AI may gain
		c := ui.NewWrapCheck(name(id), nil)
		gains = append(gains, pick{id, c})
		box.Add(c)
	}
	box.Add(ui.Wrapped(t.t("ui.dc.in.objective_resources", nil), widget.MediumImportance))
	var res []*ui.Stepper
	for _, r := range dragoncanyon.ByValue {
		st := ui.NewStepper(t.t("ui.dc.res."+r, nil), 0, 0, 20)
		res = append(res, st)
		box.Add(st.Content)
	}
	box.Add(big(t.t("ui.dc.in.objective_apply", map[string]any{"N": n}), func() {
		e := &dragoncanyon.ObjectiveResolved{Objective: n}
		e.Done, e.PlayerVP = done.Checked, player.Value
		if !done.Checked {
			e.AIVP = ai.Value
		}
		for _, p := range loses {
			if p.check.Checked {
				e.PlayerLoses = append(e.PlayerLoses, p.id)
			}
		}
		for _, p := range gains {
			if p.check.Checked {
				e.AIGains = append(e.AIGains, p.id)
			}
		}
		for i, r := range dragoncanyon.ByValue {
			for range res[i].Value {
				e.AIResources = append(e.AIResources, r)
			}
		}
		t.area.Do(e)
	}))
	return box
}
