package dun

import (
	"encoding/json"
	"slices"

	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/core/engine"
)

// A Dungeon Universalis seat is a hero of the party (its id, its name as
// typed). From its own device a hero's player rolls the heroes' Initiative
// when their hero rolls it, makes their hero's attribute tests and
// exploration actions, records the wounds their hero deals to a creature
// and takes the Obstacle roll for their hero leaving a safe zone. The ADP's
// steps (the Scenario Die, cards, spawns, its creatures) and the
// Conductor's (doors, reveals, the due steps, corrections) are the
// laptop's, which may also take any hero's step.
//
// A phone is never offered a target the players may not see: no door into
// a section not revealed (its id names it), no secret door, no riddle.
// Those tests stay the laptop's.

var _ engine.Seated = (*Game)(nil)

// Seats are the party's heroes, in the party's order; none without a party.
func (g *Game) Seats() []engine.Seat {
	var out []engine.Seat
	for _, h := range withIDs(g.Setup().Party) {
		out = append(out, engine.Seat{ID: h.ID, Name: h.Name})
	}
	return out
}

// adpEvents are the ADP's steps: only the laptop takes them.
var adpEvents = []string{"die", "card", "spawn", "fumble_draw", "adp_combat_turn", "creature_added", "creature_removed",
	"creature_done", "skill_used", "support_roll", "reserve_spent", "reserve_gained", "sustained_ended",
	"main_room_placed", "closest_enemy", "initiative"}

// SeatMay refuses e when it is not seat's hero's to take.
func (g *Game) SeatMay(seat string, e engine.Event) error {
	setup := g.Setup()
	if _, ok := setup.Hero(seat); !ok {
		return engine.Refuse("rule.seat.dun.unknown", nil)
	}
	if woundsDealt(e) {
		return nil
	}
	hero, ok := seatHero(e)
	switch {
	case ok && hero != seat:
		return engine.Refuse("rule.seat.dun.not_yours", notYoursArgs(setup, hero))
	case ok:
		return nil
	case slices.Contains(adpEvents, e.Type()):
		return engine.Refuse("rule.seat.dun.adp", nil)
	}
	return engine.Refuse("rule.seat.dun.laptop", nil)
}

// seatHero is the hero whose step e is, false for a step no hero's seat
// takes. Wounds dealt name no hero (the creature takes them): whichever
// hero's seat sends them; a healing is the laptop's.
func seatHero(e engine.Event) (string, bool) {
	switch e := e.(type) {
	case *InitiativeHeroRolled:
		return e.Hero, true
	case *Test:
		return e.Hero, e.Hero != ""
	case *ObstacleTrigger:
		return e.Hero, e.Reason == "safe_zone" && e.Hero != ""
	}
	return "", false
}

// notYoursArgs name the hero whose step it is.
func notYoursArgs(setup Setup, hero string) map[string]any {
	h, _ := setup.Hero(hero)
	return map[string]any{"Name": h.Name}
}

// offer is an action a seat may be offered, and an event it could send
// (sample dice), to ask the game whether it would take it now.
type offer struct {
	action engine.SeatAction
	sample Event
}

// SeatActions are the steps seat's hero may take now: each one the game
// would take (Allowed, then Check with sample dice).
func (g *Game) SeatActions(seat string) []engine.SeatAction {
	setup := g.Setup()
	h, ok := setup.Hero(seat)
	if !ok {
		return nil
	}
	s := g.State()
	var offers []offer
	offers = append(offers, heroRollOffers(s, h)...)
	offers = append(offers, testOffers(s, setup, h)...)
	offers = append(offers, woundOffers(s)...)
	offers = append(offers, leaveOffers(s, setup, h)...)
	var out []engine.SeatAction
	for _, o := range offers {
		if g.Allowed(o.action.Type) == nil && g.Check(o.sample) == nil {
			out = append(out, o.action)
		}
	}
	return out
}

// woundsDealt is whether e is wounds a hero's seat may send: a creature
// wounded, not healed.
func woundsDealt(e engine.Event) bool {
	w, ok := e.(*CreatureWounded)
	return ok && w.Amount > 0
}

// diceFields are two D6 entered as rolled at the table.
func diceFields() []engine.SeatField {
	return []engine.SeatField{
		{Name: "dice.0", Label: msg("ui.seat.dun.die", "Index", 1), Kind: engine.FieldNumber, Min: 1, Max: 6},
		{Name: "dice.1", Label: msg("ui.seat.dun.die", "Index", 2), Kind: engine.FieldNumber, Min: 1, Max: 6},
	}
}

// sampleDice are dice a sample event rolls: neither a fumble nor a tie.
var sampleDice = []int{3, 4}

// heroRollOffers: the heroes' side of the due Initiative, when the hero is
// the one closest to the enemies (the table knows: any hero may roll it).
func heroRollOffers(s State, h PartyHero) []offer {
	if _, rolled := DueHeroRoll(s); rolled {
		return nil
	}
	a := engine.SeatAction{Type: "initiative_hero_rolled", Label: msg("ui.seat.dun.initiative"), Fixed: map[string]any{"hero": h.ID},
		Fields: append(diceFields(), engine.SeatField{Name: "running", Label: msg("ui.seat.dun.running"), Kind: engine.FieldFlag})}
	return []offer{{a, &InitiativeHeroRolled{Hero: h.ID, Dice: sampleDice}}}
}

// testOffers are the hero's tests: an attribute test, and each exploration
// action whose target the players see (a chest, a room, a piece of
// furniture on the board), or that has none. A door's lock, a secret door
// and a riddle are not offered: their targets are the laptop's to name.
func testOffers(s State, setup Setup, h PartyHero) []offer {
	attr := engine.SeatField{Name: "attribute", Label: msg("ui.seat.dun.attribute"), Kind: engine.FieldChoice}
	for _, name := range actions.Attributes {
		if _, ok := h.Attribute(name); ok {
			attr.Options = append(attr.Options, engine.SeatOption{Value: name, Label: msg(actions.AttributeKeys[name])})
		}
	}
	plain := engine.SeatAction{Type: "test", Label: msg("ui.seat.dun.test"), Fixed: map[string]any{"hero": h.ID},
		Fields: append([]engine.SeatField{attr}, diceFields()...)}
	plain.Fields = appendSituations(plain.Fields, s, actions.Info{})
	out := []offer{{plain, &Test{Hero: h.ID, Attribute: actions.Attributes[0], Dice: sampleDice}}}
	for _, a := range actions.All {
		out = append(out, actionOffers(s, setup, h, a)...)
	}
	return out
}

// actionOffers are action a's offers for hero h: one per target the
// players see, or one with no target.
func actionOffers(s State, setup Setup, h PartyHero, a actions.Info) []offer {
	if a.Kind == actions.KindInfo || a.Kind == actions.KindCorpses || a.ID == "open_lock" || a.ID == "secret_door" || a.ID == "riddle" {
		return nil // nothing to roll, the app's dice, or a target the players may not see
	}
	base := func(label engine.Message, fixed map[string]any, sample Test) offer {
		fixed["action"], fixed["hero"] = a.ID, h.ID
		act := engine.SeatAction{Type: "test", Label: label, Fixed: fixed, Fields: diceFields()}
		if a.ExtraDie != "" {
			act.Fields = append(act.Fields, engine.SeatField{Name: "extra.0", Label: msg("ui.seat.dun.extra_die"), Kind: engine.FieldNumber, Min: 1, Max: 6})
			sample.Extra = []int{1}
		}
		act.Fields = appendSituations(act.Fields, s, a)
		sample.Action, sample.Hero, sample.Dice = a.ID, h.ID, sampleDice
		return offer{act, &sample}
	}
	action := msg("action." + a.ID)
	switch {
	case a.ID == "open_chest":
		var out []offer
		for _, t := range OnceTargets(s, setup, a.ID) {
			label := msg("ui.seat.dun.action_at", "ActionKey", "action."+a.ID, "NameText", map[string]string(t.Name))
			out = append(out, base(label, map[string]any{"element": t.Element}, Test{Element: t.Element}))
		}
		return out
	case a.ID == "search_room" || a.ID == "search_furniture":
		var out []offer
		for _, t := range SearchTargets(s, setup, a.ID) {
			name := map[string]string(t.Name)
			if t.Section != "" {
				name = map[string]string(setup.QuestData.SectionName(t.Section))
			}
			label := msg("ui.seat.dun.action_at", "ActionKey", "action."+a.ID, "NameText", name)
			fixed := map[string]any{}
			if t.Section != "" {
				fixed["section"] = t.Section
			}
			if t.Element != "" {
				fixed["element"] = t.Element
			}
			if t.Trap {
				fixed["trap"] = true
			}
			out = append(out, base(label, fixed, Test{Section: t.Section, Element: t.Element, Trap: t.Trap}))
		}
		if setup.QuestData == nil {
			out = append(out, base(action, map[string]any{}, Test{}))
		}
		return out
	}
	return []offer{base(action, map[string]any{}, Test{})}
}

// appendSituations adds the situations the table may tick for action a
// (one at a time, or none): a choice whose values are the Test's
// situations list. A combat's situation is offered only in a combat turn.
func appendSituations(fields []engine.SeatField, s State, a actions.Info) []engine.SeatField {
	f := engine.SeatField{Name: "situations", Label: msg("ui.seat.dun.situation"), Kind: engine.FieldChoice,
		Options: []engine.SeatOption{{Value: []string{}, Label: msg("ui.seat.dun.situation.none")}}}
	for _, sit := range actions.Situations {
		if sit.AppliesTo(a) && (!sit.Combat || s.CombatTurn) {
			f.Options = append(f.Options, engine.SeatOption{Value: []string{sit.ID}, Label: msg(sit.Key())})
		}
	}
	if len(f.Options) == 1 {
		return fields
	}
	return append(fields, f)
}

// woundOffers: wounds dealt to a creature on the board whose Vitality is
// known and not spent, chosen by its name.
func woundOffers(s State) []offer {
	f := engine.SeatField{Name: "id", Label: msg("ui.seat.dun.creature"), Kind: engine.FieldChoice}
	var first string
	for _, c := range s.Creatures {
		if left, known := VitalityLeft(s, c); known && left > 0 {
			f.Options = append(f.Options, engine.SeatOption{Value: c.ID, Label: msg("ui.seat.dun.name", "Name", c.DisplayName())})
			if first == "" {
				first = c.ID
			}
		}
	}
	if first == "" {
		return nil
	}
	a := engine.SeatAction{Type: "creature_wounded", Label: msg("ui.seat.dun.wound"), Fields: []engine.SeatField{f,
		{Name: "amount", Label: msg("ui.seat.dun.wounds"), Kind: engine.FieldNumber, Min: 1, Max: MaxCreatureVitality}}}
	return []offer{{a, &CreatureWounded{ID: first, Amount: 1}}}
}

// leaveOffers: the Obstacle roll for the hero leaving a safe zone, once a
// turn ("Obstacle Cards"), with the table flow's prompts.
func leaveOffers(s State, setup Setup, h PartyHero) []offer {
	if !setup.Rules.tableFlow() || SafeZoneTried(s, h.ID) || s.Turn == 0 {
		return nil
	}
	a := engine.SeatAction{Type: "obstacle_trigger", Label: msg("ui.seat.dun.leave"), Fixed: map[string]any{"reason": "safe_zone", "hero": h.ID}}
	return []offer{{a, &ObstacleTrigger{Reason: "safe_zone", Hero: h.ID}}}
}

// msg is a message with its arguments given in pairs.
func msg(id string, kv ...any) engine.Message {
	m := engine.Message{ID: id}
	if len(kv) > 0 {
		m.Args = map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			m.Args[kv[i].(string)] = kv[i+1]
		}
	}
	return m
}

// SeatView is what a hero's device shows besides the public view: the
// hero as on their sheet at the table (name, VP, attributes), whether the
// heroes' Initiative waits for its roll or the roll that is in, whether
// the hero has had the roll for leaving a safe zone this turn, and whether
// their player conducts now (rotating Conductor).
type SeatView struct {
	Hero       PartyHero `json:"hero"`
	Conducting bool      `json:"conducting,omitempty"`
	// InitiativeRoll is the heroes' side of the due Initiative, once a
	// hero rolled it (any hero's: the table sees the dice).
	InitiativeRoll *HeroRoll `json:"initiative_roll,omitempty"`
	SafeZoneTried  bool      `json:"safe_zone_tried,omitempty"`
	// InitiativeDue: Initiative is due and the heroes' side is not rolled
	// yet: the hero closest to the enemies rolls it.
	InitiativeDue bool `json:"initiative_due,omitempty"`
}

// SeatView is engine.Seated's: the seat's own details as JSON.
func (g *Game) SeatView(seat string) ([]byte, error) {
	setup := g.Setup()
	h, ok := setup.Hero(seat)
	if !ok {
		return nil, engine.Refuse("rule.seat.dun.unknown", nil)
	}
	s := g.State()
	v := SeatView{Hero: h, SafeZoneTried: SafeZoneTried(s, seat), InitiativeDue: g.Allowed("initiative_hero_rolled") == nil}
	if c := ConductorNow(setup, s); c != nil && c.ID == seat {
		v.Conducting = true
	}
	if r, ok := DueHeroRoll(s); ok {
		v.InitiativeRoll, v.InitiativeDue = &r, false
	}
	return json.Marshal(v)
}

// Message IDs of the seats, listed so every one is translated.
var _ = []string{"rule.seat.dun.unknown", "rule.seat.dun.not_yours", "rule.seat.dun.adp", "rule.seat.dun.laptop",
	"ui.seat.dun.die", "ui.seat.dun.initiative", "ui.seat.dun.running", "ui.seat.dun.attribute", "ui.seat.dun.test",
	"ui.seat.dun.extra_die", "ui.seat.dun.action_at", "ui.seat.dun.situation", "ui.seat.dun.situation.none",
	"ui.seat.dun.creature", "ui.seat.dun.name", "ui.seat.dun.wound", "ui.seat.dun.wounds", "ui.seat.dun.leave"}
