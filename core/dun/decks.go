package dun

import (
	"fmt"
	"maps"
	"slices"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// Deck names: the three decks the ADP builds from the Dark Player's cards.
const (
	DeckObstacle  = "obstacle"
	DeckEncounter = "encounter"
	DeckPower     = "power"
)

// DeckNames in table order.
var DeckNames = []string{DeckObstacle, DeckEncounter, DeckPower}

// DeckKeys are the decks' message IDs.
var DeckKeys = map[string]string{
	DeckObstacle:  "deck.obstacle",
	DeckEncounter: "deck.encounter",
	DeckPower:     "deck.power",
}

// deckSymbol is the Scenario Die symbol that draws from each deck.
var deckSymbol = map[string]dice.Symbol{DeckObstacle: dice.Obstacle, DeckEncounter: dice.Encounter, DeckPower: dice.Power}

// Special cards kept aside from the Encounter deck and added to the others
// ("Building the Decks").
const (
	SpecialThief          = "thief"
	SpecialAmbush         = "ambush"
	SpecialReinforcements = "reinforcements"
)

// SpecialKeys are the special cards' message IDs.
var SpecialKeys = map[string]string{
	SpecialThief:          "special.thief",
	SpecialAmbush:         "special.ambush",
	SpecialReinforcements: "special.reinforcements",
}

// DefaultEncounterCards is how many Encounter cards a collection has when the
// setup does not say, the three specials set aside. It only caps the deck of
// groups over 200 VP.
const DefaultEncounterCards = 20

// DeckRule is a quest's change to how one deck is built.
type DeckRule struct {
	Absent bool `json:"absent,omitempty"` // the quest uses no such deck (nor its special cards)
	Random *int `json:"random,omitempty"` // random cards to take instead of the usual number
}

// Specials counts special cards by name. Plain fields, not a map, so a State
// copied by value shares nothing with the original.
type Specials struct {
	Thief          int `json:"thief,omitempty"`
	Ambush         int `json:"ambush,omitempty"`
	Reinforcements int `json:"reinforcements,omitempty"`
}

func (sp *Specials) count(name string) *int {
	switch name {
	case SpecialThief:
		return &sp.Thief
	case SpecialAmbush:
		return &sp.Ambush
	case SpecialReinforcements:
		return &sp.Reinforcements
	}
	return nil
}

func (sp Specials) total() int { return sp.Thief + sp.Ambush + sp.Reinforcements }

// Deck is one of the ADP's decks during play.
type Deck struct {
	Absent       bool     `json:"absent,omitempty"`
	Random       int      `json:"random"`        // random cards taken at setup
	Specials     Specials `json:"specials"`      // special cards added at setup
	SpecialsLeft Specials `json:"specials_left"` // special cards not drawn yet
	Size         int      `json:"size"`          // cards left to draw
	Activated    int      `json:"activated"`     // cards activated (now in the spare corner)
	Discarded    int      `json:"discarded"`     // cards discarded for their points
}

// Decks are the ADP's three decks.
type Decks struct {
	Obstacle  Deck `json:"obstacle"`
	Encounter Deck `json:"encounter"`
	Power     Deck `json:"power"`
}

// Deck returns the named deck, or nil for an unknown name.
func (d *Decks) Deck(name string) *Deck {
	switch name {
	case DeckObstacle:
		return &d.Obstacle
	case DeckEncounter:
		return &d.Encounter
	case DeckPower:
		return &d.Power
	}
	return nil
}

// buildDecks applies "Building the Decks" (and "Conclusion": a quest's
// changes) to a normalized setup.
func buildDecks(s Setup) Decks {
	h := s.Heroes
	extra := 0
	if h > 2 {
		extra = 1 // a second Ambush! / Reinforcements with more than 2 heroes
	}
	encounter := (s.GroupVP + 9) / 10 // group VP / 10, rounded up
	encounter = min(encounter, s.EncounterCardsAvailable)
	decks := Decks{
		Obstacle:  Deck{Random: h * 6, Specials: Specials{Thief: 1, Ambush: 1 + extra}},
		Encounter: Deck{Random: encounter},
		Power:     Deck{Random: h * 5, Specials: Specials{Reinforcements: 1 + extra}},
	}
	for _, name := range DeckNames {
		d, rule := decks.Deck(name), s.Decks[name]
		if rule.Absent {
			*d = Deck{Absent: true} // no deck means no special cards for it either
			continue
		}
		if rule.Random != nil {
			d.Random = *rule.Random
		}
		d.SpecialsLeft = d.Specials
		d.Size = d.Random + d.Specials.total()
	}
	return decks
}

func validateDeckRules(rules map[string]DeckRule) []FieldError {
	var errs []FieldError
	for _, name := range slices.Sorted(maps.Keys(rules)) { // the same report every time
		r := rules[name]
		if _, ok := DeckKeys[name]; !ok {
			errs = append(errs, FieldError{Field: "decks", ID: "setup.decks.unknown", Args: map[string]any{"Deck": name}})
		} else if r.Random != nil && *r.Random < 0 {
			errs = append(errs, FieldError{Field: fmt.Sprintf("decks.%s.random", name), ID: "setup.decks.negative", Args: map[string]any{"Deck": name, "Value": *r.Random}})
		} else if r.Random != nil && *r.Random > MaxDeckCards {
			errs = append(errs, FieldError{Field: fmt.Sprintf("decks.%s.random", name), ID: "setup.decks.max", Args: map[string]any{"Deck": name, "Value": *r.Random, "Max": MaxDeckCards}})
		}
	}
	return errs
}
