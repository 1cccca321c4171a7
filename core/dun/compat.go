package dun

import (
	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/core/dun/dice"
)

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

// Temporary, likewise for package actions.
type ActionInfo = actions.Info

const (
	KindTest      = actions.KindTest
	KindRun       = actions.KindRun
	KindCorpses   = actions.KindCorpses
	KindFurniture = actions.KindFurniture
	KindInfo      = actions.KindInfo
)

var (
	Actions       = actions.All
	Action        = actions.Find
	CorpseGold    = actions.CorpseGold
	AttributeKeys = actions.AttributeKeys
	Attributes    = actions.Attributes
	CorpseLevels  = actions.CorpseLevels
)
