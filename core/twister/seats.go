package twister

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/dunconductor/conductor/core/engine"
)

// A Dungeon Twister seat is a player (ID "1", "2"…, named as typed at
// setup). From their own device a player places the pieces the placement
// gives them, starts an attack, declares their side of a combat, chooses
// their combat card in secret, and scores an escape or the treasure. The
// rest (revealing a room, deaths, the combat's other steps, an override)
// is the laptop's, which may also take any seat's step.

var _ engine.Seated = (*Game)(nil)

// Seats are the players, in seat order.
func (g *Game) Seats() []engine.Seat {
	setup := g.Setup()
	out := make([]engine.Seat, 0, setup.Players)
	for p := 1; p <= setup.Players; p++ {
		out = append(out, engine.Seat{ID: strconv.Itoa(p), Name: setup.Name(p)})
	}
	return out
}

// seatPlayer is the player of seat, 0 for none.
func (g *Game) seatPlayer(seat string) int {
	p, err := strconv.Atoi(seat)
	if err != nil || p < 1 || p > g.Setup().Players || strconv.Itoa(p) != seat {
		return 0
	}
	return p
}

// SeatMay refuses e when it is not seat's to take: another player's
// step, or a step only the laptop takes.
func (g *Game) SeatMay(seat string, e engine.Event) error {
	p := g.seatPlayer(seat)
	if p == 0 {
		return engine.Refuse("rule.seat.twister.unknown", nil)
	}
	owner, ok := g.stepOwner(e)
	switch {
	case !ok:
		return engine.Refuse("rule.seat.twister.laptop", nil)
	case owner != 0 && owner != p:
		return engine.Refuse("rule.seat.twister.not_yours", map[string]any{"Name": g.Setup().Name(owner)})
	}
	return nil
}

// stepOwner is the player whose step e is (0: nobody yet, and Apply
// refuses it), false for a step only the laptop takes.
func (g *Game) stepOwner(e engine.Event) (int, bool) {
	s := g.State()
	switch e := e.(type) {
	case *CombatCardChosen:
		return e.Player, true
	case *PiecePlaced:
		if e.Step < 1 || e.Step > len(s.Placement) {
			return 0, true
		}
		return s.Placement[e.Step-1].Placer, true
	case *CombatStarted:
		return e.Attacker, true
	case *CombatDeclared:
		if s.Combat == nil {
			return 0, true
		}
		return s.Combat.StepPlayer(), true
	case *CharacterEscaped:
		return e.Controller, true
	case *TreasureOut:
		return e.Player, true
	}
	return 0, false
}

// SeatActions are the steps seat may take now, each one the game would
// take.
func (g *Game) SeatActions(seat string) []engine.SeatAction {
	p := g.seatPlayer(seat)
	if p == 0 {
		return nil
	}
	s, setup := g.State(), g.Setup()
	var out []engine.SeatAction
	out = append(out, placeActions(s, p)...)
	if s.Combat != nil {
		out = append(out, combatActions(s, p)...)
	} else {
		out = append(out, boardActions(s, setup, p)...)
	}
	legal := out[:0]
	for _, a := range out {
		if g.Allowed(a.Type) == nil {
			legal = append(legal, a)
		}
	}
	return legal
}

// placeActions are the pieces of the placement step under way that p places.
func placeActions(s State, p int) []engine.SeatAction {
	cur := CurrentStep(s)
	if cur < 0 || s.Placement[cur].Placer != p {
		return nil
	}
	var out []engine.SeatAction
	for i, it := range s.Placement[cur].Items {
		if !it.Placed {
			out = append(out, engine.SeatAction{Type: "piece_placed", Label: msg("ui.twister.seat.place", "Character", it.Name),
				Fixed: map[string]any{"step": cur + 1, "item": i + 1}})
		}
	}
	return out
}

// combatActions are p's steps in the combat under way: their declaration
// at their declaring step, their card once the cards are laid.
func combatActions(s State, p int) []engine.SeatAction {
	cb := *s.Combat
	if p != cb.Attacker && p != cb.Defender {
		return nil
	}
	if cb.Declaring() {
		if cb.StepPlayer() != p {
			return nil
		}
		return []engine.SeatAction{{Type: "combat_declared", Label: msg("ui.twister.seat.declare"), Fields: []engine.SeatField{
			characterField("fighters.0.name", "ui.twister.seat.fighter", s, p),
			{Name: "fighters.0.strength", Label: msg("ui.twister.seat.strength"), Kind: engine.FieldNumber, Min: 0, Max: MaxStrength},
			{Name: "fighters.0.wounded", Label: msg("ui.twister.seat.wounded"), Kind: engine.FieldFlag},
		}}}
	}
	if cb.Override != "" || cb.Attack == nil || cb.Defence == nil || ChosenBy(s, p) {
		return nil
	}
	card := engine.SeatField{Name: "card", Label: msg("ui.twister.seat.card.value"), Kind: engine.FieldChoice, Secret: true}
	for _, v := range CardValues() {
		card.Options = append(card.Options, engine.SeatOption{Value: v, Label: msg("ui.twister.seat.card.option", "Value", v)})
	}
	return []engine.SeatAction{{Type: "combat_card_chosen", Label: msg("ui.twister.seat.card"),
		Fixed: map[string]any{"player": p}, Fields: []engine.SeatField{card}}}
}

// boardActions are p's steps while no combat is under way: an attack, a
// character of theirs escaping, the treasure out.
func boardActions(s State, setup Setup, p int) []engine.SeatAction {
	attack := engine.SeatAction{Type: "combat_started", Label: msg("ui.twister.seat.attack"), Fixed: map[string]any{"attacker": p}}
	if setup.Players > 2 {
		def := engine.SeatField{Name: "defender", Label: msg("ui.twister.seat.defender"), Kind: engine.FieldChoice}
		for q := 1; q <= setup.Players; q++ {
			if q != p {
				def.Options = append(def.Options, engine.SeatOption{Value: q, Label: msg("ui.twister.seat.name", "Name", setup.Name(q))})
			}
		}
		attack.Fields = append(attack.Fields, def)
	}
	attack.Fields = append(attack.Fields,
		engine.SeatField{Name: "attacker_character", Label: msg("ui.twister.seat.attacker_character"), Kind: engine.FieldText, Max: MaxName},
		engine.SeatField{Name: "defender_character", Label: msg("ui.twister.seat.defender_character"), Kind: engine.FieldText, Max: MaxName})
	out := []engine.SeatAction{attack}
	if mine := characterField("character", "ui.twister.seat.character", s, p); mine.Kind == engine.FieldChoice {
		out = append(out, engine.SeatAction{Type: "character_escaped", Label: msg("ui.twister.seat.escape"),
			Fixed: map[string]any{"controller": p}, Fields: []engine.SeatField{mine}})
	}
	return append(out, engine.SeatAction{Type: "treasure_out", Label: msg("ui.twister.seat.treasure"), Fixed: map[string]any{"player": p}})
}

// characterField is a field naming one of p's characters still in the
// maze: a choice among those met, a text when none is met yet.
func characterField(name, label string, s State, p int) engine.SeatField {
	f := engine.SeatField{Name: name, Label: msg(label), Kind: engine.FieldText, Max: MaxName}
	for _, c := range s.Pieces {
		if c.Owner == p && c.Fate == "" {
			f.Kind = engine.FieldChoice
			f.Options = append(f.Options, engine.SeatOption{Value: c.Name, Label: msg("ui.twister.seat.name", "Name", c.Name)})
		}
	}
	if f.Kind == engine.FieldChoice {
		f.Max = 0 // a choice has no length
	}
	return f
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

// SeatView is what a seat's device shows besides the public view: whose
// seat it is, whether a step is theirs now, and their own combat card
// while it is face down (no other seat's).
type SeatView struct {
	Seat     int    `json:"seat"`
	Name     string `json:"name"`
	YourStep bool   `json:"your_step"`
	// Card is the seat's own combat card, chosen and not turned up yet.
	Card *int `json:"card,omitempty"`
}

// SeatView is engine.Seated's: the seat's own details as JSON.
func (g *Game) SeatView(seat string) ([]byte, error) {
	p := g.seatPlayer(seat)
	if p == 0 {
		return nil, engine.Refuse("rule.seat.twister.unknown", nil)
	}
	s := g.State()
	v := SeatView{Seat: p, Name: g.Setup().Name(p), YourStep: g.yourMoment(s, p)}
	for _, c := range chosenNow(s) {
		if c.Player == p {
			card := c.Card
			v.Card = &card
		}
	}
	return json.Marshal(v)
}

// yourMoment says the game waits on p: their placement, their declaration,
// or their card.
func (g *Game) yourMoment(s State, p int) bool {
	if cur := CurrentStep(s); cur >= 0 && s.Placement[cur].Placer == p {
		return true
	}
	return s.Combat != nil && slices.ContainsFunc(g.SeatActions(strconv.Itoa(p)), func(a engine.SeatAction) bool {
		return a.Type == "combat_declared" || a.Type == "combat_card_chosen"
	})
}

// Message IDs of the seats, listed so every one is translated.
var _ = []string{"rule.seat.twister.unknown", "rule.seat.twister.laptop", "rule.seat.twister.not_yours",
	"ui.twister.seat.place", "ui.twister.seat.declare", "ui.twister.seat.fighter", "ui.twister.seat.strength",
	"ui.twister.seat.wounded", "ui.twister.seat.card", "ui.twister.seat.card.value", "ui.twister.seat.card.option",
	"ui.twister.seat.attack", "ui.twister.seat.defender", "ui.twister.seat.name", "ui.twister.seat.attacker_character",
	"ui.twister.seat.defender_character", "ui.twister.seat.escape", "ui.twister.seat.character", "ui.twister.seat.treasure"}
