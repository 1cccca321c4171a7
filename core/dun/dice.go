package dun

import "github.com/dunconductor/conductor/core/engine"

// Dice names a kind of roll the engine knows.
type Dice string

const (
	D6       Dice = "1d6"
	TwoD6    Dice = "2d6"
	Scenario Dice = "scenario"
)

// Scenario Die symbols.
type Symbol string

const (
	Obstacle  Symbol = "obstacle"
	Encounter Symbol = "encounter"
	Power     Symbol = "power"
)

// ScenarioFaces is the one place the Scenario Die's layout lives: face n
// (1 to 6) shows ScenarioFaces[n-1]. Two of each symbol, so a wanted symbol
// comes up one time in three ("Increase Difficulty": 33%).
var ScenarioFaces = [6]Symbol{Obstacle, Encounter, Power, Obstacle, Encounter, Power}

// SymbolKeys are the message IDs of the Scenario Die's symbols.
var SymbolKeys = map[Symbol]string{
	Obstacle:  "symbol.obstacle",
	Encounter: "symbol.encounter",
	Power:     "symbol.power",
}

// ScenarioSymbol is the symbol on a Scenario Die face (1 to 6).
func ScenarioSymbol(face int) Symbol { return ScenarioFaces[face-1] }

// FaceFor is the first Scenario Die face showing sym, for recording a
// physical roll by its symbol.
func FaceFor(sym Symbol) int {
	for i, s := range ScenarioFaces {
		if s == sym {
			return i + 1
		}
	}
	return 0
}

// DiceCount is how many six-sided dice a kind of roll uses, 0 if unknown.
func DiceCount(d Dice) int {
	switch d {
	case D6, Scenario:
		return 1
	case TwoD6:
		return 2
	}
	return 0
}

// RollFaces rolls a kind of dice with the game's seeded source. The n-th roll
// of a game (n = State.Rolls) always gives the same faces for the same seed, so
// a roll can be recomputed, but it is still stored in its event: replay never
// rolls.
func RollFaces(seed uint64, n int, d Dice) []int {
	return engine.D6s(seed, n, DiceCount(d))
}
