// Package dice is DUN's dice: the kinds of roll, the Scenario Die's faces
// and symbols, seeded rolls, and the arithmetic of attribute tests and
// opposed rolls. Pure functions, no rules state.
package dice

import "github.com/dunconductor/conductor/core/engine"

// Kind names a kind of roll.
type Kind string

const (
	D6       Kind = "1d6"
	TwoD6    Kind = "2d6"
	Scenario Kind = "scenario"
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

// Count is how many six-sided dice a kind of roll uses, 0 if unknown.
func Count(d Kind) int {
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
func RollFaces(seed uint64, n int, d Kind) []int {
	return engine.D6s(seed, n, Count(d))
}

// DefaultTarget is what a test must reach unless another target is given.
const DefaultTarget = 10

// Criticals.
const (
	CriticalFailure = "failure" // an unmodified double 1
	CriticalSuccess = "success" // an unmodified double 6
)

// Outcome is the result of an attribute test.
type Outcome struct {
	Total    int    `json:"total"`
	Target   int    `json:"target"`
	Passed   bool   `json:"passed"`
	Critical string `json:"critical,omitempty"`
}

// AttributeTest is 2D6 + attribute + modifier against target (0 means 10).
// An unmodified double 1 always fails and is a critical failure; an
// unmodified double 6 always passes. Modifiers never make or unmake either.
func AttributeTest(dice [2]int, value, modifier, target int) Outcome {
	if target == 0 {
		target = DefaultTarget
	}
	o := Outcome{Total: dice[0] + dice[1] + value + modifier, Target: target}
	o.Passed = o.Total >= target
	switch {
	case dice[0] == 1 && dice[1] == 1:
		o.Passed, o.Critical = false, CriticalFailure
	case dice[0] == 6 && dice[1] == 6:
		o.Passed, o.Critical = true, CriticalSuccess
	}
	return o
}

// Opposed compares two sides' 2D6 + attribute (+ modifier): 1 when the first
// wins, -1 when the second does, 0 on a tie. Doubles decide nothing here.
func Opposed(a [2]int, aValue int, b [2]int, bValue int) int {
	ta, tb := a[0]+a[1]+aValue, b[0]+b[1]+bValue
	switch {
	case ta > tb:
		return 1
	case ta < tb:
		return -1
	}
	return 0
}
