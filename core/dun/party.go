package dun

import (
	"fmt"

	"github.com/dunconductor/conductor/core/engine"
)

// PartyHero is a hero of the game's party: a name, VP and the attributes
// the app's rolls use. ID is given by the game ("hero-1", ...) in the order
// the party was set up.
type PartyHero struct {
	ID           string `json:"id,omitempty"`
	Name         string `json:"name"`
	VP           int    `json:"vp"`
	Perception   int    `json:"perception"`
	Intelligence int    `json:"intelligence"`
	Agility      int    `json:"agility"`
	Dexterity    int    `json:"dexterity"`
	Strength     int    `json:"strength"`
	Movement     int    `json:"movement"`
	Willpower    int    `json:"willpower,omitempty"`
}

// Attribute is the hero's value of a test attribute ("movement" for running).
func (h PartyHero) Attribute(name string) (int, bool) {
	switch name {
	case "perception":
		return h.Perception, true
	case "intelligence":
		return h.Intelligence, true
	case "agility":
		return h.Agility, true
	case "dexterity":
		return h.Dexterity, true
	case "strength":
		return h.Strength, true
	case "movement":
		return h.Movement, true
	case "willpower":
		return h.Willpower, true
	}
	return 0, false
}

// withIDs numbers the party's heroes.
func withIDs(party []PartyHero) []PartyHero {
	if len(party) == 0 {
		return nil // as a snapshot gives it back
	}
	out := make([]PartyHero, len(party))
	for i, h := range party {
		h.ID = fmt.Sprintf("hero-%d", i+1)
		out[i] = h
	}
	return out
}

// Hero finds a hero of the party by id.
func (s Setup) Hero(id string) (PartyHero, bool) {
	for _, h := range withIDs(s.Party) {
		if h.ID == id {
			return h, true
		}
	}
	return PartyHero{}, false
}

// validateParty checks each hero: a name, a positive VP (checked with the
// hero VP list), no negative attribute.
func validateParty(party []PartyHero) []engine.FieldError {
	var errs []engine.FieldError
	for i, h := range party {
		field := fmt.Sprintf("party.%d", i)
		if h.Name == "" {
			errs = append(errs, engine.FieldError{Field: field + ".name", ID: "setup.party.name", Args: map[string]any{"Hero": i + 1}})
		}
		for _, a := range []string{"perception", "intelligence", "agility", "dexterity", "strength", "movement", "willpower"} {
			if v, _ := h.Attribute(a); v < 0 {
				errs = append(errs, engine.FieldError{Field: field + "." + a, ID: "setup.party.attribute", Args: map[string]any{"Hero": i + 1, "AttributeKey": "attribute." + a, "Value": v}})
			}
		}
	}
	return errs
}

// partyHero is the hero an event names, or the rule that no hero has that id.
func partyHero(setup Setup, id string) (PartyHero, error) {
	h, ok := setup.Hero(id)
	if !ok {
		return h, ruleError("rule.party.unknown", map[string]any{"Hero": id})
	}
	return h, nil
}

// withHero fills a hero's Initiative side from the party: Perception and
// Intelligence unless given, and -2 Perception when the hero runs.
func (side InitiativeSide) withHero(setup Setup) (InitiativeSide, error) {
	if side.Hero == "" {
		if side.Running {
			side.Modifier += RunningPerception
			side.Running = false
		}
		return side, nil
	}
	h, err := partyHero(setup, side.Hero)
	if err != nil {
		return side, err
	}
	if side.Perception == nil {
		side.Perception = &h.Perception
	}
	if side.Intelligence == nil {
		side.Intelligence = &h.Intelligence
	}
	if side.Running {
		side.Modifier += RunningPerception
		side.Running = false
	}
	return side, nil
}

// IDs built above, listed so every one is translated.
var _ = []string{"attribute.movement", "attribute.willpower"}
