package twister

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// The module's legality is data, read by the engine (engine.Legality):
// each event type declares its gate beside its type (a method Gate: the
// moment's conditions it needs, in order); this file holds the conditions
// they share. It has no steps a pending event answers: a combat's steps are
// the combat's.

// condition is one thing the game's moment must be for an event.
type condition = engine.Condition[*State]

var (
	// Nothing else happens on the board until the combat ends.
	noCombat = condition{Rule: "rule.twister.combat_under_way",
		Holds: func(s *State) bool { return s.Combat == nil }}
	inCombat = condition{Rule: "rule.twister.no_combat",
		Holds: func(s *State) bool { return s.Combat != nil }}
	// Declarations come before the cards are laid (inCombat first).
	declaring = condition{Rule: "rule.twister.declare_late",
		Holds: func(s *State) bool { return s.Combat.Declaring() }}
	atReveal = condition{Rule: "rule.twister.resolve_early",
		Holds: func(s *State) bool { return s.Combat.Step == StepReveal }}
	overrideInTime = condition{Rule: "rule.twister.override_late",
		Holds: func(s *State) bool { return s.Combat.Declaring() }}
	notOverridden = condition{Rule: "rule.twister.override_twice",
		Holds: func(s *State) bool { return s.Combat.Override == "" }}
	// There is one treasure: once out of the maze it scores no more.
	treasureInMaze = condition{Rule: "rule.twister.treasure_out_already",
		Holds: func(s *State) bool { return !treasureOut(s) }}
	// In a combat a character dies when the cards are turned up.
	deathAtReveal = condition{Rule: "rule.twister.death_before_reveal",
		Holds: func(s *State) bool { return s.Combat == nil || s.Combat.Step == StepReveal }}
)

// treasureOut says a player took the treasure out of the maze.
func treasureOut(s *State) bool {
	return slices.ContainsFunc(s.Score, func(sc Score) bool { return sc.Treasure > 0 })
}

// needs is a gate of an event type that needs the conditions cs, in order.
func needs(cs ...condition) engine.Gate[*State] { return engine.Gate[*State]{Needs: cs} }

// legality is the module's legality for the engine's one reader, each
// event's gate collected from its type: a game won takes only undo and
// rewind (the engine's).
var legality engine.Legality[*State]

// The gates are collected once every event is registered (package init's
// variables come before its init functions).
func init() {
	legality = engine.NewLegality(Events,
		condition{Rule: "rule.twister.over", Holds: func(s *State) bool { return len(s.Winners) == 0 }}, nil)
}

// allowed is the one answer to "may an event of type t apply now".
func allowed(s *State, t string) error { return legality.Allowed(s, t) }

// whatNext is what the table does now, in order: the winners once the game
// is over; the combat's step with its reminders during one; the placement
// under way and the table's count otherwise.
var whatNext = engine.Next[*State, func(Setup, State) []engine.Prompt]{
	{If: func(s *State) bool { return len(s.Winners) > 0 }, Then: overPrompts},
	{If: func(s *State) bool { return s.Combat != nil }, Then: func(setup Setup, s State) []engine.Prompt { return combatPrompts(setup, *s.Combat) }},
	{If: func(*State) bool { return true }, Then: tablePrompts},
}
