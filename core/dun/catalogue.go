package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// Answers the UI asks instead of keeping its own copy of a rule or a list.

// SpendReasons and GainReasons are the reasons a Conductor may give for
// moving the reserve by hand, in the order to offer them.
var (
	SpendReasons = []string{"card_activated", "spawn_paid", "correction"}
	GainReasons  = []string{"card_discarded", "correction"}
)

// Triggers are the Obstacle triggers in the order to offer them.
var Triggers = []string{"door", "arrow", "trap", "safe_zone", "furniture"}

// RunningPerception is what a running hero adds to Perception for an
// Initiative roll ("Running": -2 Perception).
const RunningPerception = -2

// HeroModifier is the modifier of a hero's Initiative side.
func HeroModifier(running bool) int {
	if running {
		return RunningPerception
	}
	return 0
}

// CardCostsNothing says whether activating a card of deck (a special card
// when special is set) is free: "The cost of the activated Encounter card
// must not be paid"; its spawn is.
func CardCostsNothing(deck, special string) bool {
	return deck == DeckEncounter || special != ""
}

// NeedsSecondFace says whether a roll whose first face is first is rolled
// again ("Increase Difficulty", or a door broken down).
func (st Step) NeedsSecondFace(first dice.Symbol) bool {
	return st.Kind == StepRoll && st.Reroll && first != deckSymbol[st.Deck]
}

// Creature finds a creature on the board by id.
func (s State) Creature(id string) (Creature, bool) {
	i := slices.IndexFunc(s.Creatures, func(c Creature) bool { return c.ID == id })
	if i < 0 {
		return Creature{}, false
	}
	return s.Creatures[i], true
}
