package dragoncanyon

import "github.com/dunconductor/conductor/core/engine"

// IDs built from step kinds, listed so every one is translated.
var _ = []string{"ui.dc.step.flip", "ui.dc.step.draw", "ui.dc.step.reveal", "ui.dc.step.stomp", "ui.dc.step.fight", "ui.dc.step.score", "ui.dc.step.objective", "ui.dc.seat.tie"}

// The module's legality is data, read by the engine (engine.Legality):
// the event types that answer each pending step (stages); for each event
// type the rule that refuses it when its step is not pending and the
// moment's conditions it needs, in order (gates). While a step is pending
// nothing else applies but a correction or a reminder ticked done.

// stages are, for each kind of pending step, the event that answers it.
var stages = engine.Stages{
	{Step: StepFlip, Events: []string{"action_flipped"}},
	{Step: StepDraw, Events: []string{"force_drawn"}},
	{Step: StepReveal, Events: []string{"ai_card_revealed"}},
	{Step: StepStomp, Events: []string{"stomp_resolved"}},
	{Step: StepFight, Events: []string{"fight_resolved"}},
	{Step: StepScore, Events: []string{"game_scored"}},
	// An objective: resolved with its effects, or all of them as points
	// only in game_scored (as before objectives were asked one by one).
	{Step: StepObjective, Events: []string{"objective_resolved", "game_scored"}},
}

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

// answers is the gate of an event type that only answers a step of kind
// step, refused when none is pending.
func answers(step string) engine.Gate[*State] {
	return engine.Gate[*State]{NotPending: "rule.dc.not_pending",
		NotPendingArgs: func(*State) map[string]any { return map[string]any{"StepKey": "ui.dc.step." + step} }}
}

// gates are what each event type needs.
var gates = engine.Gates[*State]{
	"action_flipped":     answers(StepFlip),
	"force_drawn":        answers(StepDraw),
	"ai_card_revealed":   answers(StepReveal),
	"stomp_resolved":     answers(StepStomp),
	"fight_resolved":     answers(StepFight),
	"game_scored":        answers(StepScore),
	"objective_resolved": answers(StepObjective),
	"ai_turn":            needs(idle, aiWaiting),
	"attack":             needs(idle, playersTurn),
	"turn_ended":         needs(idle, playersTurn),
	"force_placed":       needs(idle),
	"force_flipped":      needs(idle),
	"force_removed":      needs(idle),
	"dragon_moved":       needs(idle),
	"festival_held":      needs(idle),
	"building_bought":    needs(idle),
	// A correction of what the app counts and a reminder ticked done may
	// come at any moment: they change nothing the AI decides on.
	"player_corrected": needs(),
	"reminder_done":    needs(),
}

// legality is the module's legality for the engine's one reader: a game
// over takes only undo and rewind (the engine's).
var legality = engine.Legality[*State]{
	Live:   condition{Rule: "rule.dc.over", Holds: func(s *State) bool { return s.Phase != PhaseOver }},
	Stages: stages,
	Stage: func(s *State) string {
		if h := s.Pending.Head(); h != nil {
			return h.Kind
		}
		return ""
	},
	Gates: gates,
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
