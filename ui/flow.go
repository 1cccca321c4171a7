package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
)

// Keyboard shortcuts (typed with no text field focused), the same in every
// language: they are shown on the buttons.
const (
	keyRollApp   = 'r'
	keyObstacle  = 'o'
	keyEncounter = 'e'
	keyPower     = 'p'
	keyActivate  = 'a'
	keyDiscard   = 'd'
	keyPay       = 's'
	keyChoice    = 'n'
	keyUndo      = 'u'
	keyMore      = '+'
	keyLess      = '-'
)

// withKey labels a button with its shortcut.
func withKey(label string, key rune) string { return label + "  [" + string(key-'a'+'A') + "]" }

// bigButton is a prompt-card button: tall, and bound to a shortcut key.
func (t *tableScreen) bigButton(label string, key rune, important bool, tap func()) *widget.Button {
	if key != 0 {
		label = withKey(label, key)
		t.keys[key] = tap
	}
	b := widget.NewButton(label, tap)
	if important {
		b.Importance = widget.HighImportance
	}
	return b
}

// promptCard fills the prompt region: the engine's prompts as text, their
// choices as buttons, and the input the current step needs.
func (t *tableScreen) promptCard(g *dun.Game) {
	tr := t.u.tr
	first := true
	for _, p := range g.Prompts() {
		l := widget.NewLabel(tr.T(p.ID, p.Args))
		l.Wrapping = fyne.TextWrapWord
		switch {
		case strings.HasPrefix(p.ID, "hint."):
			l.Importance = widget.WarningImportance
		case strings.HasPrefix(p.ID, "behaviour."):
			l.SetText("• " + l.Text) // the checklist reads as a list
		}
		t.prompt.Add(l)
		if p.ID == "hint.place_creatures" {
			t.prompt.Add(widget.NewButton(tr.T("ui.creatures.add", nil), t.showAddCreature))
		}
		for _, c := range p.Choices {
			key := rune(0)
			if first {
				key = keyChoice
				if c.ID == "choice.roll_app" {
					key = keyRollApp
				}
				first = false
			}
			t.prompt.Add(t.bigButton(tr.T(c.ID, c.Args), key, true, func() { t.do(c.Event) }))
		}
		switch p.Input {
		case dun.InputDie:
			t.prompt.Add(t.dieInput(g))
		case dun.InputCard:
			t.prompt.Add(t.cardInput(g))
		case dun.InputSpawn:
			t.prompt.Add(t.spawnInput(g, p))
		case dun.InputRandom:
			t.prompt.Add(t.randomInput())
		case dun.InputSkills:
			if next, ok := dun.NextToAct(g.State()); ok {
				t.prompt.Add(t.skillsInput(next))
			}
		}
	}
}

// dieInput records a physical Scenario Die: tap the symbol that came up; if
// a re-roll is due after a miss, tap the second one too.
func (t *tableScreen) dieInput(g *dun.Game) fyne.CanvasObject {
	tr := t.u.tr
	step := g.State().Pending[0]
	want := dun.DeckSymbol(step.Deck)
	var first dun.Symbol
	caption := widget.NewLabel(tr.T("ui.die.physical", nil))
	caption.Wrapping = fyne.TextWrapWord
	pick := func(sym dun.Symbol) {
		switch {
		case first == "" && sym != want && step.Reroll:
			first = sym
			caption.SetText(tr.T("ui.die.again", map[string]any{"SymbolKey": dun.SymbolKeys[sym]}))
		case first != "":
			t.do(&dun.Die{Faces: []dun.Symbol{first, sym}})
		default:
			t.do(&dun.Die{Faces: []dun.Symbol{sym}})
		}
	}
	row := container.NewGridWithColumns(3)
	for _, s := range []struct {
		sym dun.Symbol
		key rune
	}{{dun.Obstacle, keyObstacle}, {dun.Encounter, keyEncounter}, {dun.Power, keyPower}} {
		row.Add(t.bigButton(tr.T(dun.SymbolKeys[s.sym], nil), s.key, false, func() { pick(s.sym) }))
	}
	return container.NewVBox(caption, row)
}

// cardInput records what became of the drawn card: activated (its cost
// paid) or discarded (its points added), with its name, whether it is a
// special card, and for a lasting Power card whom it benefits.
func (t *tableScreen) cardInput(g *dun.Game) fyne.CanvasObject {
	tr := t.u.tr
	s := g.State()
	deck := s.Pending[0].Deck
	d := s.Decks.Deck(deck)
	points := newStepper(tr.T("ui.card.points", nil), 0, 0, 99)
	t.keys[keyMore] = func() { points.add(1) }
	t.keys[keyLess] = func() { points.add(-1) }
	name := widget.NewEntry()
	name.SetPlaceHolder(tr.T("ui.card.name", nil))

	none := tr.T("ui.card.special_none", nil)
	specialByLabel := map[string]string{none: ""}
	options := []string{none}
	for _, sp := range []string{dun.SpecialThief, dun.SpecialAmbush, dun.SpecialReinforcements} {
		left := map[string]int{dun.SpecialThief: d.SpecialsLeft.Thief, dun.SpecialAmbush: d.SpecialsLeft.Ambush, dun.SpecialReinforcements: d.SpecialsLeft.Reinforcements}[sp]
		if left > 0 {
			l := tr.T(dun.SpecialKeys[sp], nil)
			specialByLabel[l] = sp
			options = append(options, l)
		}
	}
	special := widget.NewRadioGroup(options, nil)
	special.Horizontal = true
	special.Required = true
	special.SetSelected(none)

	target := newTargetPicker(tr.T("ui.card.target", nil), s)
	sustained := widget.NewCheck(tr.T("ui.card.sustained", nil), func(on bool) {
		if on {
			target.content.Show()
		} else {
			target.content.Hide()
		}
	})
	target.content.Hide()

	card := func(outcome string) *dun.Card {
		c := &dun.Card{Deck: deck, Outcome: outcome, Points: points.value, Name: name.Text, Special: specialByLabel[special.Selected]}
		if outcome == dun.Activated && (deck == dun.DeckEncounter || c.Special != "") {
			c.Points = 0 // an Encounter card costs nothing itself; its spawn is paid
		}
		if deck == dun.DeckPower && sustained.Checked && outcome == dun.Activated {
			c.Sustained, c.Target = true, target.value()
		}
		return c
	}
	// The decision first, within reach; the optional details below it.
	box := container.NewVBox(points.content, container.NewGridWithColumns(2,
		t.bigButton(tr.T("ui.card.activate", nil), keyActivate, true, func() { t.do(card(dun.Activated)) }),
		t.bigButton(tr.T("ui.card.discard", nil), keyDiscard, false, func() { t.do(card(dun.Discarded)) }),
	), name)
	if len(options) > 1 {
		box.Add(special)
	}
	if deck == dun.DeckPower {
		box.Add(sustained)
		box.Add(target.content)
	}
	return box
}

// spawnInput pays a spawn: the spawn-table row (the app's roll, or the one
// rolled at the table) and its cost. A card's spawn the reserve cannot pay
// turns the card into a discard.
func (t *tableScreen) spawnInput(g *dun.Game, p dun.Prompt) fyne.CanvasObject {
	tr := t.u.tr
	step := g.State().Pending[0]
	row := newRowPicker(tr.T("ui.spawn.row", nil), g.SpawnRow())
	cost := newStepper(tr.T("ui.spawn.cost", nil), 0, 0, 199)
	// With the quest's spawn table, the row the die picked says what comes and what it costs.
	table := widget.NewLabel("")
	table.Wrapping = fyne.TextWrapWord
	table.Importance = widget.HighImportance
	table.Hide()
	if q := g.Setup().QuestData; q != nil && len(q.SpawnTable) > 0 {
		show := func(n int) {
			for _, r := range q.SpawnTable {
				if r.Roll == n {
					table.SetText(tr.T("ui.spawn.table_row", map[string]any{"Row": n, "Creatures": r.Creatures.In(tr.Lang), "Cost": r.Cost}))
					table.Show()
					cost.set(r.Cost)
					return
				}
			}
			table.Hide()
		}
		row.onChange = show
		show(row.value)
	}
	t.keys[keyMore] = func() { cost.add(1) }
	t.keys[keyLess] = func() { cost.add(-1) }
	box := container.NewVBox(row.content, table, cost.content,
		t.bigButton(tr.T("ui.spawn.pay", nil), keyPay, true, func() { t.do(&dun.Spawn{Cost: cost.value, Row: row.value}) }))
	if step.Reason != dun.SpawnEnemySpotted {
		points := newStepper(tr.T("ui.card.points", nil), 0, 0, 99)
		box.Add(widget.NewSeparator())
		box.Add(points.content)
		box.Add(t.bigButton(tr.T("ui.spawn.discard_card", nil), keyDiscard, false, func() {
			t.do(&dun.Card{Deck: step.Deck, Outcome: dun.Discarded, Points: points.value})
		}))
	}
	return box
}

// eventPanel holds the things that happen at the table and start an ADP flow.
func (t *tableScreen) eventPanel() fyne.CanvasObject {
	tr := func(id string) string { return t.u.tr.T(id, nil) }
	button := func(id string, tap func()) *widget.Button {
		b := widget.NewButton(tr(id), tap)
		t.eventButtons[id] = b
		return b
	}
	triggers := container.NewGridWithColumns(2)
	for _, r := range []string{"door", "arrow", "trap", "safe_zone", "furniture"} {
		triggers.Add(button("ui.trigger."+r, func() { t.do(&dun.ObstacleTrigger{Reason: r}) }))
	}
	brokenDoor := widget.NewCheck(tr("ui.section.broken_door"), nil)
	t.brokenDoor = brokenDoor
	sections := container.NewGridWithColumns(2)
	for _, k := range []string{"corridor", "room", "large", "main"} {
		sections.Add(button("ui.section."+k, func() {
			t.do(&dun.SectionRevealed{Kind: k, BrokenDoor: brokenDoor.Checked})
			if t.notice.Text == "" {
				brokenDoor.SetChecked(false)
			}
		}))
	}
	var sectionGroup fyne.CanvasObject = container.NewVBox(sections, brokenDoor)
	if t.u.sess.game.Setup().QuestData != nil {
		// With a quest, sections are opened from its map, which knows their kinds.
		openMap := widget.NewButton(tr("ui.events.open_map"), func() { t.u.tabs.SelectIndex(1) })
		for id := range t.eventButtons {
			if strings.HasPrefix(id, "ui.section.") {
				delete(t.eventButtons, id)
			}
		}
		sectionGroup = openMap
	}
	mainRoom := widget.NewCheck(tr("ui.combat.main_room"), nil)
	t.mainRoomCheck = mainRoom
	safeZones := widget.NewLabel(tr("ui.events.safe_zones"))
	safeZones.Wrapping = fyne.TextWrapWord
	safeZones.Importance = widget.LowImportance
	return container.NewVBox(
		heading(tr("ui.events.title")),
		widget.NewLabel(tr("ui.events.obstacle")), triggers,
		widget.NewLabel(tr("ui.events.section")), sectionGroup,
		widget.NewLabel(tr("ui.events.combat")),
		button("ui.combat.start", func() { t.do(&dun.AdpCombatTurn{MainRoom: mainRoom.Checked}) }), mainRoom,
		button("ui.events.initiative", t.showInitiative),
		button("ui.events.action", t.showActions),
		widget.NewLabel(tr("ui.events.other")),
		container.NewGridWithColumns(2,
			button("ui.events.roll_1d6", func() { t.do(t.u.sess.game.Roll(dun.D6)) }),
			button("ui.events.roll_2d6", func() { t.do(t.u.sess.game.Roll(dun.TwoD6)) }),
			button("ui.events.enter_roll", t.showEnterRoll),
			button("ui.events.spend", func() { t.showReserveDialog(true) }),
			button("ui.events.gain", func() { t.showReserveDialog(false) }),
		),
		safeZones,
	)
}

// IDs built from names above, listed so every one is translated.
var _ = []string{
	"ui.trigger.door", "ui.trigger.arrow", "ui.trigger.trap", "ui.trigger.safe_zone", "ui.trigger.furniture",
	"ui.section.corridor", "ui.section.room", "ui.section.large", "ui.section.main",
}
