package dun

import "github.com/dunconductor/conductor/core/dun/dice"

// Temporary: the names before dice moved to its own package, until ui/ is
// rewritten to use package dice. Delete this file then.
type (
	Symbol = dice.Symbol
	Dice   = dice.Kind
)

const (
	Obstacle  = dice.Obstacle
	Encounter = dice.Encounter
	Power     = dice.Power
	D6        = dice.D6
	TwoD6     = dice.TwoD6
	Scenario  = dice.Scenario
)

var (
	SymbolKeys = dice.SymbolKeys
	FaceFor    = dice.FaceFor
)
