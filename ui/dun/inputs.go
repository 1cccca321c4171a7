package dunui

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui"
)

// Keyboard shortcuts of DUN's prompt inputs (typed with no text field
// focused), the same in every language: they are shown on the buttons. The
// shell binds N (the first choice) and U (Undo).
const (
	keyRollApp   = 'r'
	keyObstacle  = 'o'
	keyEncounter = 'e'
	keyPower     = 'p'
	keyActivate  = 'a'
	keyDiscard   = 'd'
	keyPay       = 's'
	keyMore      = '+'
	keyLess      = '-'
	keyLock      = 'l' // Test the lock…
	keyWon       = 'w' // The heroes left: the quest is won
	keyNear      = 'c' // a hero within 12 squares of an enemy: combat
	keyFar       = 'x' // none: exploration
)

// firstKey: a prompt asking for the Scenario Die offers the app's roll
// first, on R.
func firstKey(p engine.Prompt, c engine.Choice) rune {
	if p.Input == dun.InputDie {
		return keyRollApp
	}
	if k := rangeKey(c); k != 0 {
		return k // both answers are facts of the board: neither takes N
	}
	return 0
}

// rangeKey is the key of an answer to "is any hero within 12 squares of an
// enemy?": C for combat, X for exploration.
func rangeKey(c engine.Choice) rune {
	if e, ok := c.Event.(*dun.CombatRange); ok {
		if e.Near {
			return keyNear
		}
		return keyFar
	}
	return 0
}

// choiceKey gives a choice that is not the card's first a key of its own:
// the heroes leaving, which comes last (chain.go's arrange) after the turn's
// own step, is one key away too.
func choiceKey(_ engine.Prompt, c engine.Choice) rune {
	if e, ok := c.Event.(*dun.QuestEnded); ok && e.Outcome == dun.OutcomeWon {
		return keyWon
	}
	return rangeKey(c)
}

// input builds what a prompt asks the Conductor to type in.
func (t *tableScreen) input(p engine.Prompt, keys ui.Keys) fyne.CanvasObject {
	switch p.Input {
	case dun.InputDie:
		return t.dieInput(keys)
	case dun.InputCard:
		return t.cardInput(keys)
	case dun.InputSpawn:
		return t.spawnInput(keys)
	case dun.InputRandom:
		return t.randomInput()
	case dun.InputSkills:
		if next, ok := dun.NextToAct(t.game.State()); ok {
			return t.skillsInput(next)
		}
	case dun.InputInitiative:
		return t.initiativeInput(keys)
	case dun.InputLockTest:
		// The hero's roll: the action panel, aimed at this door.
		section, _ := p.Args["Section"].(string)
		return keys.Button(t.t("ui.lock_test.open"), keyLock, false, func() { t.tryLock(section) })
	case dun.InputReadAloud:
		return t.readAloudInput(p)
	case dun.InputQuestOver:
		return t.questOverPart(keys)
	case dun.InputBreak, dun.InputChestTest, dun.InputDisarm:
		return t.doorInput(p, keys) // doors.go
	}
	return nil
}

// readAloudInput is the Read aloud button of a text the card shows to read
// (the prompt's text is the text itself), at the card's trailing edge.
func (t *tableScreen) readAloudInput(p engine.Prompt) fyne.CanvasObject {
	entry, _ := p.Args["Entry"].(string)
	q := t.game.Setup().QuestData
	if q == nil || t.speech == nil {
		return nil
	}
	text := spokenText(q, entry, t.tr.Lang)
	if strings.TrimSpace(text) == "" {
		return nil
	}
	return container.NewHBox(layout.NewSpacer(), t.speech.Button(t.tr.Lang, text))
}

// afterPrompt offers to place the creatures a spawn asks for.
func (t *tableScreen) afterPrompt(p engine.Prompt) fyne.CanvasObject {
	if p.Input == dun.InputCreatures {
		return ui.NewWrapButton(t.t("ui.creatures.add"), t.showAddCreature)
	}
	return nil
}

// dieInput records a physical Scenario Die: tap the symbol that came up; if
// a re-roll is due after a miss, tap the second one too.
func (t *tableScreen) dieInput(keys ui.Keys) fyne.CanvasObject {
	step := t.game.State().Pending[0]
	var first dice.Symbol
	caption := ui.Wrapped(t.t("ui.die.physical"), widget.MediumImportance)
	pick := func(sym dice.Symbol) {
		switch {
		case first == "" && step.NeedsSecondFace(sym):
			first = sym
			caption.SetText(t.tr.T("ui.die.again", map[string]any{"SymbolKey": dice.SymbolKeys[sym]}))
		case first != "":
			t.do(&dun.Die{Faces: []dice.Symbol{first, sym}})
		default:
			t.do(&dun.Die{Faces: []dice.Symbol{sym}})
		}
	}
	row := container.NewGridWithColumns(3)
	for _, s := range []struct {
		sym dice.Symbol
		key rune
	}{{dice.Obstacle, keyObstacle}, {dice.Encounter, keyEncounter}, {dice.Power, keyPower}} {
		row.Add(keys.Button(t.t(dice.SymbolKeys[s.sym]), s.key, false, func() { pick(s.sym) }))
	}
	return container.NewVBox(caption, row)
}

// cardInput records what became of the drawn card: activated (its cost
// paid) or discarded (its points added), with its name, whether it is a
// special card, and for a lasting Power card whom it benefits.
func (t *tableScreen) cardInput(keys ui.Keys) fyne.CanvasObject {
	s := t.game.State()
	deck := s.Pending[0].Deck
	d := s.Decks.Deck(deck)
	points := ui.NewStepper(t.t("ui.card.points"), 0, 0, dun.MaxAmount)
	keys[keyMore] = func() { points.Add(1) }
	keys[keyLess] = func() { points.Add(-1) }
	name := widget.NewEntry()
	name.SetPlaceHolder(t.t("ui.card.name"))

	none := t.t("ui.card.special_none")
	specialByLabel := map[string]string{none: ""}
	options := []string{none}
	left := map[string]int{dun.SpecialThief: d.SpecialsLeft.Thief, dun.SpecialAmbush: d.SpecialsLeft.Ambush, dun.SpecialReinforcements: d.SpecialsLeft.Reinforcements}
	for _, sp := range []string{dun.SpecialThief, dun.SpecialAmbush, dun.SpecialReinforcements} {
		if left[sp] > 0 {
			l := t.t(dun.SpecialKeys[sp])
			specialByLabel[l] = sp
			options = append(options, l)
		}
	}
	// Choosing one never keeps the keys from the shortcuts (A after Thief!).
	special := ui.NewChoiceRow(options, none, func(string) { t.win.Canvas().Unfocus() })

	target := newTargetPicker(t.t("ui.card.target"), s, t.tr.Lang)
	sustained := ui.NewWrapCheck(t.t("ui.card.sustained"), func(on bool) {
		if on {
			target.content.Show()
		} else {
			target.content.Hide()
		}
	})
	target.content.Hide()

	card := func(outcome string) *dun.Card {
		c := &dun.Card{Deck: deck, Outcome: outcome, Points: points.Value, Name: name.Text, Special: specialByLabel[special.Selected]}
		if outcome == dun.Activated && dun.CardCostsNothing(deck, c.Special) {
			c.Points = 0 // the card costs nothing itself; its spawn is paid
		}
		if deck == dun.DeckPower && sustained.Checked && outcome == dun.Activated {
			c.Sustained, c.Target = true, target.value()
		}
		return c
	}
	// The decision first, within reach (in sight at 1024×768 even under a
	// large section's second card and the spawn's hint), with what kind of
	// card it is (Thief!, Ambush!: one row, every choice in sight); the
	// points a discard adds (keys + and -) and the optional details below.
	box := container.NewVBox(container.NewGridWithColumns(2,
		keys.Button(t.t("ui.card.activate"), keyActivate, true, func() { t.do(card(dun.Activated)) }),
		keys.Button(t.t("ui.card.discard"), keyDiscard, false, func() { t.discard(card(dun.Discarded)) }),
	))
	if len(options) > 1 {
		box.Add(special.Content)
	}
	box.Add(points.Content)
	box.Add(name)
	if deck == dun.DeckPower {
		box.Add(sustained)
		box.Add(target.content)
	}
	return box
}

// spawnInput pays a spawn: the spawn-table row (the app's roll, or the one
// rolled at the table) and its cost. With a faction the row says which
// creatures come (they go on the roster) and what they cost; the cost is
// changed only on purpose. A card's spawn the reserve cannot pay turns the
// card into a discard.
func (t *tableScreen) spawnInput(keys ui.Keys) fyne.CanvasObject {
	g := t.game
	f := &spawnForm{t: t, faction: g.Setup().FactionData != nil,
		row:  ui.NewRowPicker(t.t("ui.spawn.row"), g.SpawnRow()),
		cost: ui.NewStepper(t.t("ui.spawn.cost"), 0, 0, dun.MaxAmount),
		// With the quest's spawn table, the row the die picked says what comes and what it costs.
		table: ui.Wrapped("", widget.HighImportance),
		place: ui.NewWrapCheck(t.t("ui.spawn.place"), nil),
		why:   ui.Wrapped("", widget.WarningImportance), // why the reserve cannot pay
	}
	f.table.Hide()
	f.place.SetChecked(true)
	f.change = ui.NewWrapCheck(t.t("ui.spawn.change_cost"), func(on bool) {
		if on {
			f.cost.Content.Show()
		} else {
			f.cost.Content.Hide()
		}
	})
	if f.faction || g.Setup().QuestData != nil {
		f.row.OnChange = f.showRow
		f.showRow(f.row.Value)
		if f.faction {
			f.cost.Content.Hide() // the row's cost, unless the Conductor changes it
		}
	}
	keys[keyMore] = func() { f.cost.Add(1) }
	keys[keyLess] = func() { f.cost.Add(-1) }
	// Paying comes right under the row picked, so it is in sight on a
	// laptop's screen even in the narrower card of three columns (1280×800,
	// Spanish); then what the row holds and costs, why the reserve cannot
	// pay, the cost to change (keys + and -), and discarding the card when
	// the reserve cannot pay; the choices that change the row follow.
	f.pay = keys.Button(t.t("ui.spawn.pay"), keyPay, true, f.paySpawn)
	box := container.NewVBox(f.row.Content, f.pay, f.table, f.why, f.cost.Content)
	if g.Allowed((&dun.Card{}).Type()) == nil { // an unpaid spawn's card may be discarded (not "Enemy Spotted!")
		deck := g.State().Pending[0].Deck
		points := ui.NewStepper(t.t("ui.card.points"), 0, 0, dun.MaxAmount)
		f.discard = keys.Button(t.t("ui.spawn.discard_card"), keyDiscard, false, func() {
			t.do(&dun.Card{Deck: deck, Outcome: dun.Discarded, Points: points.Value})
		})
		box.Add(widget.NewSeparator())
		box.Add(points.Content)
		box.Add(f.discard)
	}
	if f.faction {
		box.Add(f.place)
		box.Add(f.change)
	}
	onRow, onCost := f.row.OnChange, f.cost.OnChange
	f.row.OnChange = func(n int) {
		if onRow != nil {
			onRow(n)
		}
		f.lead()
	}
	f.cost.OnChange = func(n int) {
		if onCost != nil {
			onCost(n)
		}
		f.lead()
	}
	f.lead()
	return box
}

// spawnForm is the spawn's card input: the row, its cost, and paying or
// discarding the card.
type spawnForm struct {
	t             *tableScreen
	faction       bool // the game has a faction: its rows name the creatures
	row           *ui.RowPicker
	cost          *ui.Stepper
	table, why    *widget.Label
	place, change *ui.WrapCheck
	pay, discard  *ui.WrapButton
}

// showRow says what row n of the spawn table brings and what it costs
// (the rule: dun.SpawnRowFor), and takes its cost.
func (f *spawnForm) showRow(n int) {
	t := f.t
	offer, ok := dun.SpawnRowFor(t.game.Setup(), n)
	switch {
	case !ok:
		f.table.Hide()
		return
	case offer.Places != nil:
		f.table.SetText(t.tr.T("ui.spawn.faction_row", map[string]any{"Row": n, "Creatures": t.rowCreatures(*offer.Places), "Cost": offer.Cost}))
	default:
		f.table.SetText(t.tr.T("ui.spawn.table_row", map[string]any{"Row": n, "Creatures": offer.Words.In(t.tr.Lang), "Cost": offer.Cost}))
	}
	f.table.Show()
	f.cost.Set(offer.Cost)
}

// paySpawn pays the row at the cost shown.
func (f *spawnForm) paySpawn() {
	e := &dun.Spawn{Cost: f.cost.Value, Row: f.row.Value}
	if f.faction {
		e.Override = f.change.Checked
		if !f.place.Checked {
			off := false
			e.Place = &off
		}
	}
	f.t.do(e)
}

// lead: whether the reserve pays this row is the rules' answer; when it
// cannot, paying is off, says why, and discarding leads.
func (f *spawnForm) lead() {
	err := f.t.game.Check(&dun.Spawn{Cost: f.cost.Value, Row: f.row.Value, Override: true})
	affordable := err == nil
	setEnabled(f.pay.AsButton(), affordable)
	var re *dun.RuleError
	if errors.As(err, &re) {
		f.why.SetText(f.t.tr.T(re.ID, re.Args))
		f.why.Show()
	} else {
		f.why.Hide()
	}
	if f.discard == nil {
		return
	}
	f.discard.Importance = widget.MediumImportance
	if !affordable {
		f.discard.Importance = widget.HighImportance
	}
	f.discard.Refresh()
}

// rowCreatures names a faction row's creatures in the current language:
// "2 × Skeleton archer, 1 × Skeleton".
func (t *tableScreen) rowCreatures(r faction.SpawnRow) string {
	f := t.game.Setup().FactionData
	var parts []string
	for _, gr := range r.Creatures {
		p, _ := f.Profile(gr.ID)
		parts = append(parts, t.tr.T("ui.spawn.group", map[string]any{"N": gr.Count, "Name": p.Name.In(t.tr.Lang)}))
	}
	return strings.Join(parts, ", ")
}

// eventPanel holds the things that happen at the table and start an ADP
// flow, each button enabled while the rules allow its event.
func (t *tableScreen) eventPanel() fyne.CanvasObject {
	triggers := container.NewGridWithColumns(2)
	for _, r := range dun.Triggers {
		triggers.Add(t.eventButton("ui.trigger."+r, (&dun.ObstacleTrigger{}).Type(), func() { t.do(&dun.ObstacleTrigger{Reason: r}) }))
	}
	var sectionGroup fyne.CanvasObject
	if t.openMap != nil {
		// With a quest, sections are opened from its map, which knows their kinds.
		sectionGroup = ui.NewWrapButton(t.t("ui.events.open_map"), t.openMap)
	} else {
		brokenDoor := ui.NewWrapCheck(t.t("ui.section.broken_door"), nil)
		t.brokenDoor = brokenDoor
		sections := container.NewGridWithColumns(2)
		for _, k := range dun.SectionKinds {
			id := "ui.section." + k
			sections.Add(t.eventButton(id, (&dun.SectionRevealed{}).Type(), func() {
				t.do(&dun.SectionRevealed{Kind: k, BrokenDoor: brokenDoor.Checked})
				if t.area.Notice() == "" {
					brokenDoor.SetChecked(false)
				}
			}))
			t.eventSamples[id] = &dun.SectionRevealed{Kind: k} // the Main Room opens once
		}
		sectionGroup = container.NewVBox(sections, brokenDoor)
	}
	mainRoom := ui.NewWrapCheck(t.t("ui.combat.main_room"), nil)
	t.mainRoomCheck = mainRoom
	safeZones := ui.Wrapped(t.t("ui.events.safe_zones"), widget.LowImportance)
	roll := (&dun.DiceRolled{}).Type()
	label := func(id string) fyne.CanvasObject { return ui.Wrapped(t.t(id), widget.MediumImportance) }
	t.eventsTitle = ui.Heading(t.t("ui.events.title"))
	return container.NewVBox(
		t.eventsTitle,
		label("ui.events.obstacle"), triggers,
		label("ui.events.section"), sectionGroup,
		label("ui.events.combat"),
		t.eventButton("ui.combat.start", (&dun.AdpCombatTurn{}).Type(), func() { t.do(&dun.AdpCombatTurn{MainRoom: mainRoom.Checked}) }), mainRoom,
		t.eventButton("ui.events.initiative", (&dun.Initiative{}).Type(), t.showInitiative),
		t.eventButton("ui.events.action", (&dun.Test{}).Type(), t.showActions),
		label("ui.events.quest_end"), t.questEndGroup(),
		label("ui.events.other"),
		container.NewGridWithColumns(2,
			t.eventButton("ui.events.roll_1d6", roll, func() { t.do(t.game.Roll(dice.D6)) }),
			t.eventButton("ui.events.roll_2d6", roll, func() { t.do(t.game.Roll(dice.TwoD6)) }),
			t.eventButton("ui.events.enter_roll", roll, t.showEnterRoll),
			t.eventButton("ui.events.spend", (&dun.ReserveSpent{}).Type(), func() { t.showReserveDialog(true) }),
			t.eventButton("ui.events.gain", (&dun.ReserveGained{}).Type(), func() { t.showReserveDialog(false) }),
		),
		safeZones,
	)
}

// IDs built from names above, listed so every one is translated.
var _ = []string{
	"ui.trigger.door", "ui.trigger.arrow", "ui.trigger.trap", "ui.trigger.safe_zone", "ui.trigger.furniture",
	"ui.section.corridor", "ui.section.room", "ui.section.large", "ui.section.main",
}

// discard applies a discard, asking first when it gives the reserve no
// points: a card's points are easy to forget, and 0 is rarely what it says.
func (t *tableScreen) discard(c *dun.Card) {
	if c.Points > 0 || c.Special != "" {
		t.do(c)
		return
	}
	confirm(t.tr, t.t("ui.card.discard"), t.t("ui.card.discard_zero"), func(ok bool) {
		if ok {
			t.do(c)
		}
	}, t.win)
}
