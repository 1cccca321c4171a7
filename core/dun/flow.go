package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// Step is one pending step of the ADP's card flow.
type Step struct {
	Kind string `json:"kind"` // StepRoll, StepDraw or StepSpawn
	Deck string `json:"deck"` // roll: the deck a hit draws from; draw: the deck; spawn: the card's deck
	// Roll: the first miss is rolled again (increased difficulty, or the
	// section was entered by breaking down its door).
	Reroll     bool `json:"reroll,omitempty"`
	BrokenDoor bool `json:"broken_door,omitempty"`
	// Section is the section a reveal step waits to reveal.
	Section string `json:"section,omitempty"`
	// Reason says what started the flow: an Obstacle trigger, a section kind,
	// "combat" for a Power roll, or for a spawn "card", "special" or "enemy_spotted".
	Reason string `json:"reason"`
	// Flow is, for a spawn, the reason of the flow it came from (a section
	// kind, a trigger, "combat"): the Initiative after it follows from it.
	Flow string `json:"flow,omitempty"`
}

// Step kinds.
const (
	StepRoll  = "roll"
	StepDraw  = "draw"
	StepSpawn = "spawn"
)

// Spawn sources.
const (
	SpawnCard         = "card"
	SpawnSpecial      = "special"
	SpawnEnemySpotted = "enemy_spotted"
)

// SustainedCard is a Power card whose effect lasts while the creature it
// benefits stays in play ("Target of a Power Card").
type SustainedCard struct {
	Seq    int    `json:"seq"`
	Name   string `json:"name"`
	Target string `json:"target"`
}

// Obstacle triggers ("Obstacle Cards") as message IDs, by event reason.
var TriggerKeys = map[string]string{
	"door":      "trigger.door",
	"arrow":     "trigger.arrow",
	"trap":      "trigger.trap",
	"safe_zone": "trigger.safe_zone",
	"furniture": "trigger.furniture",
	"chest":     "trigger.chest",
}

// SectionKinds are the kinds of section, in the order to offer them.
var SectionKinds = []string{"corridor", "room", "large", "main"}

// Section kinds as message IDs.
var SectionKeys = map[string]string{
	"corridor": "section.corridor",
	"room":     "section.room",
	"large":    "section.large",
	"main":     "section.main",
}

// Step kinds as message IDs, built as "step." + kind.
var _ = []string{"step.roll", "step.draw", "step.spawn", "step.reveal", "step.choose"}

// idle refuses an event that starts a new flow while one is unfinished.
func idle(s *State) error { return idleNow.Check(moment{s: s}) }

// rollStep is a Scenario Die roll that draws from deck on a hit. A deck the
// quest does not use is never rolled for.
func rollStep(s *State, deck, reason string, brokenDoor bool) []Step {
	if s.Decks.Deck(deck).Absent {
		return nil
	}
	return []Step{{Kind: StepRoll, Deck: deck, Reason: reason, BrokenDoor: brokenDoor,
		Reroll: brokenDoor || s.Difficulty.rerolls(deckSymbol[deck])}}
}

// drawStep draws from deck, or says the deck is empty: an empty deck is
// never drawn from.
func drawStep(s *State, seq int, deck, reason string) []Step {
	d := s.Decks.Deck(deck)
	if d.Absent {
		return nil
	}
	if d.Size == 0 {
		s.log(seq, "log.deck.empty", map[string]any{"DeckKey": DeckKeys[deck]})
		return nil
	}
	return []Step{{Kind: StepDraw, Deck: deck, Reason: reason}}
}

// ObstacleTrigger is a character doing something that may set off an
// Obstacle ("Obstacle Cards"): the Scenario Die is rolled.
type ObstacleTrigger struct {
	Reason string `json:"reason"`
	// Hero is who leaves a safe zone: asked once per hero's move (doors.go).
	Hero string `json:"hero,omitempty"`
}

var _ = Events.Register(func() Event { return &ObstacleTrigger{} })

func (*ObstacleTrigger) Type() string { return "obstacle_trigger" }

func (*ObstacleTrigger) Gate() engine.Gate[moment] { return needs(idleNow) }

func (e *ObstacleTrigger) apply(s *State, c applyContext) error {
	key, ok := TriggerKeys[e.Reason]
	if !ok {
		return ruleError("rule.trigger.unknown", map[string]any{"Reason": e.Reason})
	}
	if err := e.safeZoneOnce(s, *c.setup); err != nil {
		return err
	}
	s.log(c.seq, "log.obstacle_trigger", triggerArgs(key))
	s.setSteps(rollStep(s, DeckObstacle, e.Reason, false)...)
	return nil
}

// SectionRevealed is a new section coming into view ("Encounter Cards").
// With a quest it names the section, whose kind the quest gives.
type SectionRevealed struct {
	Section    string `json:"section,omitempty"`
	Kind       string `json:"kind,omitempty"`
	BrokenDoor bool   `json:"broken_door,omitempty"`
}

var _ = Events.Register(func() Event { return &SectionRevealed{} })

func (*SectionRevealed) Type() string { return "section_revealed" }

// Gate: the section behind the exit just opened, or one revealed while no
// flow waits.
func (*SectionRevealed) Gate() engine.Gate[moment] {
	return engine.Gate[moment]{Answers: []string{StepReveal}, Needs: []condition{idleNow}}
}

func (e *SectionRevealed) apply(s *State, c applyContext) error {
	kind := e.Kind
	q := c.setup.QuestData
	if q != nil {
		sec, err := questSection(s, q, e)
		if err != nil {
			return err
		}
		if e.BrokenDoor && c.setup.Rules.tableFlow() && !CanBreak(*s, q, e.Section) {
			return ruleError("rule.section.broken_arrow", map[string]any{"NameText": map[string]string(q.SectionName(e.Section))})
		}
		kind = sec.Kind
	} else if e.Section != "" {
		return ruleError("rule.quest.none", nil)
	}
	key, ok := SectionKeys[kind]
	if !ok {
		return ruleError("rule.section.unknown", map[string]any{"Kind": kind})
	}
	if h := s.Pending.Head(); h != nil && h.Kind == StepReveal {
		if e.Section != h.Section {
			return ruleError("rule.reveal.other_section", map[string]any{"Section": e.Section})
		}
		s.Pending.Pop()
	}
	e = &SectionRevealed{Section: e.Section, Kind: kind, BrokenDoor: e.BrokenDoor}
	if e.Kind == "main" && s.MainRoom {
		return ruleError("rule.section.main_twice", nil)
	}
	if e.BrokenDoor {
		// Broken down at once ("Breaking Down Doors/Chests"): one turn, unless
		// break_attempt counted more (it sets them after this).
		s.DoorTurns = 1
	}
	if q != nil {
		// A quest's section: by its name.
		s.log(c.seq, "log.section_revealed", map[string]any{"SectionKey": key, "BrokenDoor": e.BrokenDoor, "Name": SectionName(q, e.Section)})
	} else {
		s.log(c.seq, "log.section_revealed", sectionArgs(key, e.BrokenDoor))
	}
	if q != nil {
		s.reveal(c.seq, *c.setup, e.Section)
	}
	roll := rollStep(s, DeckEncounter, e.Kind, e.BrokenDoor)
	switch e.Kind {
	case "main":
		// First an "Enemy Spotted!" group, if the reserve covers it; then the die.
		s.MainRoom = true
		s.setSteps(append([]Step{{Kind: StepSpawn, Deck: DeckEncounter, Reason: SpawnEnemySpotted, Flow: e.Kind, BrokenDoor: e.BrokenDoor}}, roll...)...)
	case "large":
		// The die, and one Encounter card whatever it shows. The card is
		// queued when the roll is resolved, so the deck size is checked then.
		s.setSteps(roll...)
		if len(roll) == 0 {
			s.setSteps(fromDoor(drawStep(s, c.seq, DeckEncounter, "large"), e.BrokenDoor)...)
		}
	default:
		s.setSteps(roll...)
	}
	return nil
}

// AdpCombatTurn is the start of an ADP combat turn, before any of its
// creatures acts ("Power Cards").
type AdpCombatTurn struct {
	MainRoom bool `json:"main_room,omitempty"`
}

var _ = Events.Register(func() Event { return &AdpCombatTurn{} })

func (*AdpCombatTurn) Type() string { return "adp_combat_turn" }

// Gate: out of range, the turn is an exploration turn (withinRange).
func (*AdpCombatTurn) Gate() engine.Gate[moment] { return needs(idleNow, withinRange) }

func (e *AdpCombatTurn) apply(s *State, c applyContext) error {
	if e.MainRoom && !s.MainRoom {
		return ruleError("rule.combat.main_unrevealed", nil)
	}
	// Every creature acts anew in this turn.
	s.CombatTurn = true
	s.ADPTurnDue = false
	cs := s.flags()
	for i := range cs {
		cs[i].Done = false
	}
	if s.Decks.Power.Absent {
		s.log(c.seq, "log.combat.no_power_deck", nil)
		return nil
	}
	// In the Main Room the die counts as Power every time, unless only one
	// hero started the quest.
	if e.MainRoom && c.setup.Heroes > 1 {
		s.log(c.seq, "log.combat.main_room", nil)
		s.setSteps(drawStep(s, c.seq, DeckPower, "combat")...)
		return nil
	}
	s.log(c.seq, "log.combat", nil)
	s.setSteps(rollStep(s, DeckPower, "combat", false)...)
	return nil
}

// Die is a Scenario Die roll for the pending roll step: one face, or two when
// the first missed and a re-roll is due. Both faces belong to the one roll.
type Die struct {
	Faces []dice.Symbol `json:"faces"`
}

var _ = Events.Register(func() Event { return &Die{} })

func (*Die) Type() string { return "die" }

func (*Die) Gate() engine.Gate[moment] { return answers("rule.die.not_pending", StepRoll) }

func (e *Die) apply(s *State, c applyContext) error {
	h := s.Pending.Head() // a roll: allowed asked
	for _, f := range e.Faces {
		if _, ok := dice.SymbolKeys[f]; !ok {
			return ruleError("rule.die.face", map[string]any{"Face": string(f)})
		}
	}
	want := deckSymbol[h.Deck]
	switch {
	case len(e.Faces) == 0 || len(e.Faces) > 2:
		return ruleError("rule.die.count", map[string]any{"Count": len(e.Faces)})
	case len(e.Faces) == 2 && e.Faces[0] == want:
		return ruleError("rule.die.no_reroll_after_hit", nil)
	case len(e.Faces) == 2 && !h.Reroll:
		return ruleError("rule.die.no_reroll", nil)
	case len(e.Faces) == 1 && e.Faces[0] != want && h.Reroll:
		return ruleError("rule.die.reroll_needed", map[string]any{"SymbolKey": dice.SymbolKeys[want]})
	}
	step := *h
	hit := e.Faces[len(e.Faces)-1] == want
	s.Rolls += len(e.Faces)
	s.LastRoll = scenarioRoll(e.Faces[len(e.Faces)-1])
	if len(e.Faces) == 2 {
		s.log(c.seq, "log.die.rerolled", dieArgs(e.Faces[0], want, e.Faces[1]))
	} else {
		s.log(c.seq, "log.die", dieArgs(e.Faces[0], want, ""))
	}
	var next []Step
	if hit {
		next = drawStep(s, c.seq, step.Deck, step.Reason)
	}
	if step.Reason == "large" {
		// "In large sections ... an Encounter card will always be activated."
		next = append(next, drawStep(s, c.seq, DeckEncounter, "large_always")...)
		if hit && len(next) == 2 && s.Decks.Encounter.Size < 2 {
			next = next[:1] // one card left: the roll's draw takes it
			s.log(c.seq, "log.deck.empty", map[string]any{"DeckKey": DeckKeys[DeckEncounter]})
		}
	}
	s.replaceHead(fromDoor(next, step.BrokenDoor)...)
	return nil
}

// fromDoor marks the steps of a section's flow that was entered by breaking
// its door down: the Initiative after a spawn there surprises nobody.
func fromDoor(steps []Step, broken bool) []Step {
	for i := range steps {
		steps[i].BrokenDoor = broken
	}
	return steps
}

// Card outcomes.
const (
	Activated = "activated"
	Discarded = "discarded"
)

// Card is the card drawn for the pending draw step and what became of it:
// activated (its cost paid) or discarded (its points added to the reserve).
type Card struct {
	Deck      string `json:"deck"`
	Outcome   string `json:"outcome"`
	Points    int    `json:"points"`
	Name      string `json:"name,omitempty"`
	Special   string `json:"special,omitempty"`   // thief, ambush or reinforcements
	Sustained bool   `json:"sustained,omitempty"` // a Power card whose effect lasts
	Target    string `json:"target,omitempty"`    // whom a sustained Power card benefits
}

var _ = Events.Register(func() Event { return &Card{} })

func (*Card) Type() string { return "card" }

// Gate: a draw, or discarding an Encounter card whose spawn is unpaid.
func (*Card) Gate() engine.Gate[moment] {
	return answers("rule.card.none_pending", StepDraw, StepSpawn)
}

func (e *Card) apply(s *State, c applyContext) error {
	if err := e.checkBounds(); err != nil {
		return err
	}
	h := s.Pending.Head()
	if h.Kind == StepSpawn && h.Reason != SpawnEnemySpotted && e.Outcome == Discarded && e.Deck == h.Deck {
		return e.discardUnpaidSpawn(s, c)
	}
	if h.Kind != StepDraw || h.Deck != e.Deck {
		return ruleError("rule.card.not_pending", map[string]any{"DeckKey": DeckKeys[e.Deck]})
	}
	d := s.Decks.Deck(e.Deck)
	if err := e.checkLeft(d); err != nil {
		return err
	}
	encounterLike := CardCostsNothing(e.Deck, e.Special)
	if err := e.checkOutcome(s, encounterLike); err != nil {
		return err
	}

	// Legal: draw it.
	d.Size--
	if e.Special != "" {
		*d.SpecialsLeft.count(e.Special)--
	}
	switch {
	case e.Outcome == Discarded:
		e.discard(s, c, h, d)
	case encounterLike:
		e.encounter(s, c, h, d)
	default:
		e.activate(s, c, d)
	}
	return nil
}

// logDrawn logs the card drawn: its deck, its name (a special card's own
// name says it), what it cost unless it cost nothing, the reserve after it
// unless it did not change. The arguments are shared (argsKey).
func (e *Card) logDrawn(s *State, seq int, line string, paid, reserve bool) {
	k := argsKey{line: line, name: e.Name, text: e.Deck, kind: e.Special, a: -1, b: -1}
	if paid {
		k.a = e.Points
	}
	if reserve {
		k.b = s.Reserve
	}
	s.log(seq, line, shared(k, func() map[string]any {
		args := map[string]any{"DeckKey": DeckKeys[e.Deck], "Name": e.Name}
		if paid {
			args["Count"] = e.Points
		}
		if e.Special != "" {
			args["Name"] = ""
			args["SpecialKey"] = SpecialKeys[e.Special]
		}
		if reserve {
			args["Reserve"] = s.Reserve
		}
		return args
	}))
}

// checkBounds refuses an unknown deck or outcome, and points or names out
// of bounds.
func (e *Card) checkBounds() error {
	if _, ok := DeckKeys[e.Deck]; !ok {
		return ruleError("rule.card.deck", map[string]any{"Deck": e.Deck})
	}
	if e.Outcome != Activated && e.Outcome != Discarded {
		return ruleError("rule.card.outcome", map[string]any{"Outcome": e.Outcome})
	}
	if e.Points < 0 {
		return ruleError("rule.card.points_negative", map[string]any{"Points": e.Points})
	}
	if e.Points > MaxAmount {
		return ruleError("rule.card.points_max", map[string]any{"Points": e.Points, "Max": MaxAmount})
	}
	if tooLong(e.Name, e.Target) {
		return ruleError("rule.name.long", map[string]any{"Max": MaxNameBytes})
	}
	return nil
}

// checkLeft refuses a card deck d no longer holds: any card from an empty
// deck, a plain card when only special ones are left, a special card none
// of which is left.
func (e *Card) checkLeft(d *Deck) error {
	if d.Size == 0 {
		return ruleError("rule.deck.empty", map[string]any{"DeckKey": DeckKeys[e.Deck]})
	}
	if e.Special == "" && d.Size <= d.SpecialsLeft.total() {
		// Only special cards are left: a plain card cannot be the one drawn.
		return ruleError("rule.card.only_specials", map[string]any{"DeckKey": DeckKeys[e.Deck], "Count": d.Size})
	}
	if e.Special != "" {
		left := d.SpecialsLeft.count(e.Special)
		if left == nil || *left == 0 {
			return ruleError("rule.card.special", map[string]any{"SpecialKey": SpecialKeys[e.Special], "Special": e.Special, "DeckKey": DeckKeys[e.Deck]})
		}
	}
	return nil
}

// checkOutcome refuses an outcome the card or the reserve does not allow:
// a lasting card that is no activated Power card or has no target, a cost
// on an Encounter-like card, more than the reserve holds, a discard over
// the reserve's bound.
func (e *Card) checkOutcome(s *State, encounterLike bool) error {
	if e.Sustained && (e.Deck != DeckPower || e.Outcome != Activated) {
		return ruleError("rule.card.sustained_power_only", nil)
	}
	if e.Sustained && e.Target == "" {
		return ruleError("rule.card.target_needed", nil)
	}
	if e.Outcome == Activated && encounterLike && e.Points != 0 {
		// "The cost of the activated Encounter card must not be paid": the spawn is.
		return ruleError("rule.card.encounter_cost", map[string]any{"Points": e.Points})
	}
	if e.Outcome == Activated && e.Points > s.Reserve {
		return ruleError("rule.reserve.insufficient", map[string]any{"Amount": e.Points, "Reserve": s.Reserve})
	}
	if e.Outcome == Discarded {
		return canGain(s, e.Points)
	}
	return nil
}

// discard discards the card drawn from d for the draw step h: the reserve
// gains its points.
func (e *Card) discard(s *State, c applyContext, h *Step, d *Deck) {
	if e.Deck == DeckObstacle && slices.Contains(movementTriggers, h.Reason) {
		s.Hint = &Hint{ID: "hint.obstacle_discarded_move"} // "Obstacle Cards": the move may be finished
	}
	d.Discarded++
	if e.Points > 0 {
		s.post(c.seq, e.Points, "reason.card_discarded")
	}
	e.logDrawn(s, c.seq, "log.card.discarded", true, true)
	s.Pending.Pop()
}

// encounter activates an Encounter card or a special one drawn from d for
// the draw step h: nothing is paid for the card itself, its spawn comes next.
func (e *Card) encounter(s *State, c applyContext, h *Step, d *Deck) {
	d.Activated++
	e.logDrawn(s, c.seq, "log.card.encounter", false, false) // nothing is paid for the card itself
	source := SpawnCard
	if e.Special != "" {
		source = SpawnSpecial
	}
	s.replaceHead(Step{Kind: StepSpawn, Deck: e.Deck, Reason: source, Flow: h.Reason, BrokenDoor: h.BrokenDoor})
}

// activate activates the card drawn from d, paid from the reserve; a
// lasting one stays on its target.
func (e *Card) activate(s *State, c applyContext, d *Deck) {
	d.Activated++
	if e.Points > 0 {
		s.post(c.seq, -e.Points, "reason.card_activated")
	}
	e.logDrawn(s, c.seq, "log.card.activated", true, true)
	if e.Sustained {
		s.Sustained = append(slices.Clip(s.Sustained), SustainedCard{Seq: c.seq, Name: e.Name, Target: e.Target})
		s.log(c.seq, "log.card.sustained", map[string]any{"Name": e.Name, "Target": s.TargetName(e.Target)})
	}
	s.Pending.Pop()
}

// discardUnpaidSpawn turns an activated Encounter card whose spawn the
// reserve cannot pay into a discard: it could not be activated after all.
func (e *Card) discardUnpaidSpawn(s *State, c applyContext) error {
	if err := canGain(s, e.Points); err != nil {
		return err
	}
	d := s.Decks.Deck(e.Deck)
	d.Activated--
	d.Discarded++
	if e.Points > 0 {
		s.post(c.seq, e.Points, "reason.card_discarded")
	}
	s.log(c.seq, "log.card.discarded", map[string]any{"DeckKey": DeckKeys[e.Deck], "Name": e.Name, "Count": e.Points, "Reserve": s.Reserve})
	s.Pending.Pop()
	return nil
}

// hintPlaceCreatures asks for the spawned creatures on the board.
const hintPlaceCreatures = "hint.place_creatures"

// placeCreatures is its hint, shared: a state's hint is never written into.
var placeCreatures = &Hint{ID: hintPlaceCreatures}

// spawnRows name the rows of the Creature Spawn Table (0: none rolled) in
// the key of a spawn's shared log line.
var spawnRows = [...]string{"0", "1", "2", "3", "4", "5", "6"}

// Spawn pays for the creatures of the pending spawn step: the cost of the
// Creature Spawn Table row that 1D6 (Row) picked, or of an "Enemy Spotted!"
// group in the Main Room.
type Spawn struct {
	Cost int `json:"cost"`
	Row  int `json:"row,omitempty"` // the 1D6 on the Creature Spawn Table, when rolled
	// With a faction, the row's creatures go on the roster unless Place is
	// false, and the cost must be the row's unless Override is set.
	Place    *bool `json:"place,omitempty"`
	Override bool  `json:"override,omitempty"`
}

var _ = Events.Register(func() Event { return &Spawn{} })

func (*Spawn) Type() string { return "spawn" }

// Gate: a spawn is paid, or its Encounter card discarded unpaid; an Enemy
// Spotted! spawn has no card to discard.
func (*Spawn) Gate() engine.Gate[moment] {
	return answers("rule.spawn.not_pending", StepSpawn, stageEnemySpotted)
}

func (e *Spawn) apply(s *State, c applyContext) error {
	h := s.Pending.Head() // a spawn: allowed asked
	if e.Cost < 0 {
		return ruleError("rule.spawn.cost_negative", map[string]any{"Cost": e.Cost})
	}
	if e.Cost > MaxAmount {
		return ruleError("rule.spawn.cost_max", map[string]any{"Cost": e.Cost, "Max": MaxAmount})
	}
	if e.Row < 0 || e.Row > 6 {
		return ruleError("rule.spawn.row", map[string]any{"Row": e.Row})
	}
	// With a faction, the table's row decides the cost, unless overridden.
	offer, hasOffer := SpawnOffer{}, false
	if e.Row > 0 && c.setup.FactionData != nil {
		offer, hasOffer = SpawnRowFor(*c.setup, e.Row)
	}
	if hasOffer && !e.Override && e.Cost != offer.Cost {
		return ruleError("rule.spawn.row_cost", map[string]any{"Row": e.Row, "Cost": e.Cost, "Want": offer.Cost})
	}
	if e.Cost > s.Reserve {
		if h.Reason != SpawnEnemySpotted {
			return ruleError("rule.spawn.insufficient", map[string]any{"Cost": e.Cost, "Reserve": s.Reserve})
		}
		// "unless there is not enough budget, in which case these creatures will not be placed"
		s.log(c.seq, "log.spawn.skipped", map[string]any{"Cost": e.Cost, "Reserve": s.Reserve})
		s.Pending.Pop()
		return nil
	}
	if e.Row > 0 {
		s.Rolls++
	}
	if e.Cost > 0 {
		s.post(c.seq, -e.Cost, "reason.spawn_paid")
	}
	s.log(c.seq, "log.spawn", shared(argsKey{line: "log.spawn", a: e.Cost, b: s.Reserve, kind: spawnRows[e.Row]}, func() map[string]any {
		return map[string]any{"Count": e.Cost, "Row": e.Row, "Reserve": s.Reserve}
	}))
	s.Pending.Pop()
	s.Hint = placeCreatures
	if c.setup.Rules.tableFlow() {
		s.initiativeFor(*h)
	} else {
		s.InitiativeDue = true // new enemies on the board: Initiative is rolled
	}
	if offer.Places != nil && (e.Place == nil || *e.Place) {
		s.placeRow(c.seq, c.setup.FactionData, *offer.Places)
		s.Hint = &Hint{ID: "hint.place_spawned"} // on the board: they are on the roster already
	}
	return nil
}

// MainRoomPlaced says every creature of the Main Room is on the board: the
// Leader improvement converts reserve points above 20 into Vitality.
type MainRoomPlaced struct {
	LeaderInvulnerable bool `json:"leader_invulnerable,omitempty"`
}

var _ = Events.Register(func() Event { return &MainRoomPlaced{} })

func (*MainRoomPlaced) Type() string { return "main_room_placed" }

// Gate: "Leader Improvement": once, after the Main Room is revealed.
func (*MainRoomPlaced) Gate() engine.Gate[moment] {
	return needs(mainRoomRevealed, leaderUnimproved, idleNow)
}

func (e *MainRoomPlaced) apply(s *State, c applyContext) error {
	per := reservePerVitality(*c.setup, e.LeaderInvulnerable)
	above := max(s.Reserve-LeaderReserveFloor, 0)
	s.Leader.VitalityBonus = above / per
	s.Leader.Improved = true
	if above > 0 {
		s.post(c.seq, -above, "reason.leader_vitality")
	}
	s.log(c.seq, "log.main_room_placed", map[string]any{"Vitality": s.Leader.VitalityBonus, "Per": per, "Spent": above, "Reserve": s.Reserve, "Actions": s.Leader.ExtraActions})
	return nil
}

// SustainedEnded ends the lasting Power cards of a creature that left play.
type SustainedEnded struct {
	Target string `json:"target"`
}

var _ = Events.Register(func() Event { return &SustainedEnded{} })

func (*SustainedEnded) Type() string { return "sustained_ended" }

func (*SustainedEnded) Gate() engine.Gate[moment] { return needs() }

func (e *SustainedEnded) apply(s *State, c applyContext) error {
	kept := make([]SustainedCard, 0, len(s.Sustained))
	for _, sc := range s.Sustained {
		if sc.Target != e.Target {
			kept = append(kept, sc)
		}
	}
	if len(kept) == len(s.Sustained) {
		return ruleError("rule.sustained.none", map[string]any{"Target": s.TargetName(e.Target)})
	}
	s.log(c.seq, "log.sustained_ended", map[string]any{"Target": s.TargetName(e.Target), "Count": len(s.Sustained) - len(kept)})
	s.Sustained = kept
	return nil
}

// FortunePoints counts the fortune points a creature has from sustained
// "Fortune" cards: two such cards are two points ("Fortune Points").
func FortunePoints(s State, target, fortuneName string) int {
	n := 0
	for _, sc := range s.Sustained {
		if sc.Target == target && sc.Name == fortuneName {
			n++
		}
	}
	return n
}
