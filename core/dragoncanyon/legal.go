package dragoncanyon

import "github.com/dunconductor/conductor/core/engine"

// IDs built from step kinds, listed so every one is translated.
var _ = []string{"ui.dc.step.flip", "ui.dc.step.draw", "ui.dc.step.reveal", "ui.dc.step.stomp", "ui.dc.step.fight", "ui.dc.step.score", "ui.dc.step.objective", "ui.dc.seat.tie"}

// The module's legality is data, read by the engine (engine.Legality):
// each event type declares its gate beside its type (a method Gate: the
// steps it answers, or the moment's conditions it needs, in order); this
// file holds the conditions they share. While a step is pending nothing
// else applies but a correction or a reminder ticked done.

// condition is one thing the game's moment must be for an event.
type condition = engine.Condition[*State]

var (
	// idle: anything else waits while the AI's turn or a fight needs an
	// answer.
	idle = condition{Rule: "rule.dc.step_pending",
		Holds: func(s *State) bool { return s.Pending.Head() == nil },
		Args:  func(s *State) map[string]any { return map[string]any{"StepKey": "ui.dc.step." + s.Pending.Head().Kind} }}
	// "Game Play": the AI plays its own turn, the first of the game.
	aiWaiting = condition{Rule: "rule.dc.not_ai_turn",
		Holds: func(s *State) bool { return s.Phase == PhaseWaiting },
		Args:  func(s *State) map[string]any { return map[string]any{"SeatKey": seatKey(s.Seat)} }}
	playersTurn = condition{Rule: "rule.dc.not_player_turn",
		Holds: func(s *State) bool { return s.Phase == PhasePlayers }}
)

// needs is a gate of an event type that needs the conditions cs, in order.
func needs(cs ...condition) engine.Gate[*State] { return engine.Gate[*State]{Needs: cs} }

// answers is the gate of an event type that only answers a step of one of
// the kinds steps, refused (naming the first) when none is pending.
func answers(steps ...string) engine.Gate[*State] {
	return engine.Gate[*State]{Answers: steps, NotPending: "rule.dc.not_pending",
		NotPendingArgs: func(*State) map[string]any { return map[string]any{"StepKey": "ui.dc.step." + steps[0]} }}
}

// legality is the module's legality for the engine's one reader, each
// event's gate collected from its type: a game over takes only undo and
// rewind (the engine's).
var legality engine.Legality[*State]

// The gates are collected once every event is registered (package init's
// variables come before its init functions).
func init() {
	legality = engine.NewLegality(Events,
		condition{Rule: "rule.dc.over", Holds: func(s *State) bool { return s.Phase != PhaseOver }},
		func(s *State) string {
			if h := s.Pending.Head(); h != nil {
				return h.Kind
			}
			return ""
		})
}

// allowed is the module's one answer to "may an event of type t apply now":
// the rules that depend on the game's moment, not on the event's fields.
func allowed(s *State, t string) error { return legality.Allowed(s, t) }

// whatNext is what the game asks for next, in order: the step pending; the
// result once the game is over; the AI's turn while it waits; a player's
// turn otherwise.
var whatNext = engine.Next[*State, func(*Game, State) engine.Prompt]{
	{If: func(s *State) bool { return s.Pending.Head() != nil }, Then: (*Game).pendingPrompt},
	{If: func(s *State) bool { return s.Phase == PhaseOver }, Then: (*Game).overPrompt},
	{If: func(s *State) bool { return s.Phase == PhaseWaiting }, Then: (*Game).aiTurnPrompt},
	{If: func(*State) bool { return true }, Then: (*Game).playerTurnPrompt},
}
