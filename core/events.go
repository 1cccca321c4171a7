package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

// Event is one thing that happened at the table. It records everything that
// was decided or rolled, so applying it never rolls or asks again.
type Event interface {
	Type() string
	// apply validates the event against s and, only if it is legal, changes s.
	apply(s *State, c applyContext) error
}

type applyContext struct {
	seq   int
	setup Setup
}

// Event types and their zero values, for decoding.
var eventTypes = map[string]func() Event{
	"new_turn":       func() Event { return &NewTurn{} },
	"reserve_spent":  func() Event { return &ReserveSpent{} },
	"reserve_gained": func() Event { return &ReserveGained{} },
	"dice_rolled":    func() Event { return &DiceRolled{} },
	"undo":           func() Event { return &Undo{} },
	"rewind":         func() Event { return &Rewind{} },

	"obstacle_trigger": func() Event { return &ObstacleTrigger{} },
	"section_revealed": func() Event { return &SectionRevealed{} },
	"adp_combat_turn":  func() Event { return &AdpCombatTurn{} },
	"die":              func() Event { return &Die{} },
	"card":             func() Event { return &Card{} },
	"spawn":            func() Event { return &Spawn{} },
	"main_room_placed": func() Event { return &MainRoomPlaced{} },
	"sustained_ended":  func() Event { return &SustainedEnded{} },

	"initiative": func() Event { return &Initiative{} },
	"test":       func() Event { return &Test{} },

	"creature_added":   func() Event { return &CreatureAdded{} },
	"creature_removed": func() Event { return &CreatureRemoved{} },
	"skill_used":       func() Event { return &SkillUsed{} },
	"support_roll":     func() Event { return &SupportRoll{} },
	"creature_done":    func() Event { return &CreatureDone{} },
	"random_pick":      func() Event { return &RandomPick{} },

	"element_found": func() Event { return &ElementFound{} },
	"condition_met": func() Event { return &ConditionMet{} },
}

// EncodeEvent gives an event's JSON: its fields plus "type". It is exactly
// what the store saves and what scripts contain.
func EncodeEvent(e Event) ([]byte, error) {
	body, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	head := fmt.Sprintf(`{"type":%q`, e.Type())
	if bytes.Equal(body, []byte("{}")) {
		return []byte(head + "}"), nil
	}
	return append([]byte(head+","), body[1:]...), nil
}

// DecodeEvent reads an event strictly: an unknown type or field is an error.
// It reads the type first, then decodes the whole object once into a wrapper
// that holds "type" beside the event's own fields.
func DecodeEvent(data []byte) (Event, error) {
	var head struct {
		Type *string `json:"type"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("event is not a valid JSON object: %w", err)
	}
	if head.Type == nil {
		return nil, fmt.Errorf("event has no \"type\"")
	}
	newEvent, ok := eventTypes[*head.Type]
	if !ok {
		return nil, fmt.Errorf("unknown event type %q", *head.Type)
	}
	e := newEvent()
	wrapper := reflect.New(wrapperType(e))
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(wrapper.Interface()); err != nil {
		return nil, fmt.Errorf("event %q: %w", *head.Type, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("event %q: more data after the event", *head.Type)
	}
	reflect.ValueOf(e).Elem().Set(wrapper.Elem().Field(0))
	return e, nil
}

// wrappers caches, per event type, struct{ Event; Type string } so that
// strict decoding accepts "type" and the event's fields and nothing else.
var wrappers sync.Map

func wrapperType(e Event) reflect.Type {
	t := reflect.TypeOf(e)
	if w, ok := wrappers.Load(t); ok {
		return w.(reflect.Type)
	}
	w := reflect.StructOf([]reflect.StructField{
		// The struct, not its pointer: event methods have pointer receivers,
		// so the embedded value brings no methods, which StructOf cannot build.
		{Name: t.Elem().Name(), Type: t.Elem(), Anonymous: true},
		{Name: "Type", Type: reflect.TypeFor[string](), Tag: `json:"type"`},
	})
	wrappers.Store(t, w)
	return w
}

// NewTurn starts the next game turn. "Turn": at the start of each turn the
// ADP earns 1 achievement point and, unlike a human Dark Player, draws nothing.
type NewTurn struct{}

func (*NewTurn) Type() string { return "new_turn" }

func (*NewTurn) apply(s *State, c applyContext) error {
	if err := idle(s); err != nil {
		return err
	}
	s.Turn++
	s.Achievements++
	s.CombatTurn = false
	s.log(c.seq, "log.new_turn", map[string]any{"Turn": s.Turn, "Achievements": s.Achievements})
	return nil
}

// Reasons a Conductor may give for moving the reserve by hand, as message IDs.
var (
	spendReasons = map[string]string{
		"card_activated": "reason.card_activated",
		"spawn_paid":     "reason.spawn_paid",
		"correction":     "reason.correction",
	}
	gainReasons = map[string]string{
		"card_discarded": "reason.card_discarded",
		"correction":     "reason.correction",
	}
)

// ReserveSpent pays reserve points (for a card or a spawn the Conductor
// resolved on the board). The ADP cannot spend points it does not have.
type ReserveSpent struct {
	Amount int    `json:"amount"`
	Reason string `json:"reason"`
}

func (*ReserveSpent) Type() string { return "reserve_spent" }

func (e *ReserveSpent) apply(s *State, c applyContext) error {
	reason, ok := spendReasons[e.Reason]
	if !ok {
		return ruleError("rule.reserve.reason", map[string]any{"Reason": e.Reason})
	}
	if e.Amount <= 0 {
		return ruleError("rule.reserve.amount_positive", map[string]any{"Amount": e.Amount})
	}
	if e.Amount > s.Reserve {
		return ruleError("rule.reserve.insufficient", map[string]any{"Amount": e.Amount, "Reserve": s.Reserve})
	}
	s.post(c.seq, -e.Amount, reason)
	s.log(c.seq, "log.reserve_spent", map[string]any{"Count": e.Amount, "ReasonKey": reason, "Reserve": s.Reserve})
	return nil
}

// ReserveGained adds reserve points ("Discarding Cards": a card that cannot
// be activated adds its points to the reserve).
type ReserveGained struct {
	Amount int    `json:"amount"`
	Reason string `json:"reason"`
}

func (*ReserveGained) Type() string { return "reserve_gained" }

func (e *ReserveGained) apply(s *State, c applyContext) error {
	reason, ok := gainReasons[e.Reason]
	if !ok {
		return ruleError("rule.reserve.reason", map[string]any{"Reason": e.Reason})
	}
	if e.Amount <= 0 {
		return ruleError("rule.reserve.amount_positive", map[string]any{"Amount": e.Amount})
	}
	s.post(c.seq, e.Amount, reason)
	s.log(c.seq, "log.reserve_gained", map[string]any{"Count": e.Amount, "ReasonKey": reason, "Reserve": s.Reserve})
	return nil
}

// DiceRolled records a roll: by the app's seeded dice, or physical dice
// whose faces the Conductor typed in. Both give the same kind of event.
type DiceRolled struct {
	Dice     Dice  `json:"dice"`
	Faces    []int `json:"faces"`
	Physical bool  `json:"physical,omitempty"`
}

func (*DiceRolled) Type() string { return "dice_rolled" }

func (e *DiceRolled) apply(s *State, c applyContext) error {
	n := DiceCount(e.Dice)
	if n == 0 {
		return ruleError("rule.dice.unknown", map[string]any{"Dice": string(e.Dice)})
	}
	if len(e.Faces) != n {
		return ruleError("rule.dice.count", map[string]any{"Dice": string(e.Dice), "Want": n, "Count": len(e.Faces)})
	}
	for _, f := range e.Faces {
		if f < 1 || f > 6 {
			return ruleError("rule.dice.face", map[string]any{"Face": f})
		}
	}
	roll := &Roll{Dice: e.Dice, Faces: append([]int(nil), e.Faces...)}
	s.Rolls++
	s.LastRoll = roll
	switch e.Dice {
	case D6:
		s.log(c.seq, "log.dice.1d6", map[string]any{"Face": e.Faces[0]})
	case TwoD6:
		s.log(c.seq, "log.dice.2d6", map[string]any{"A": e.Faces[0], "B": e.Faces[1], "Total": e.Faces[0] + e.Faces[1]})
	case Scenario:
		roll.Symbol = ScenarioSymbol(e.Faces[0])
		s.log(c.seq, "log.dice.scenario", map[string]any{"Face": e.Faces[0], "SymbolKey": SymbolKeys[roll.Symbol]})
	}
	return nil
}

// Undo takes back the last event that still counts. It is itself recorded,
// so the log stays append-only and the undo survives a restart.
type Undo struct{}

func (*Undo) Type() string { return "undo" }

// apply is never reached: Game handles Undo before dispatching.
func (*Undo) apply(*State, applyContext) error { return nil }
