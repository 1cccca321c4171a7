package dragoncanyon

import "github.com/dunconductor/conductor/core/engine"

// IDs built from step kinds, listed so every one is translated.
var _ = []string{"ui.dc.step.flip", "ui.dc.step.draw", "ui.dc.step.reveal", "ui.dc.step.stomp", "ui.dc.step.fight", "ui.dc.step.score", "ui.dc.step.objective", "ui.dc.seat.tie"}

// The module's legality is data: the event type that answers each pending
// step (stages); while a step is pending nothing else applies; and the
// event types that apply in one phase only (phases). allowed only reads
// them.

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

// phase is the one phase an event type applies in, and the rule that says
// no in another (with its arguments; nil: none).
type phase struct {
	phase string
	rule  string
	args  func(s *State) map[string]any
}

var phases = map[string]phase{
	// "Game Play": the AI plays its own turn, the first of the game.
	"ai_turn":    {PhaseWaiting, "rule.dc.not_ai_turn", func(s *State) map[string]any { return map[string]any{"SeatKey": seatKey(s.Seat)} }},
	"attack":     {PhasePlayers, "rule.dc.not_player_turn", nil},
	"turn_ended": {PhasePlayers, "rule.dc.not_player_turn", nil},
}

// anytime are the event types that apply at any moment of the game.
var anytime = map[string]bool{"player_corrected": true, "reminder_done": true}

// allowed is the module's one answer to "may an event of type t apply now":
// the rules that depend on the game's moment, not on the event's fields.
func allowed(s *State, t string) error {
	if s.Phase == PhaseOver {
		return refuse("rule.dc.over", nil)
	}
	h := s.Pending.Head()
	if step, ok := stages.Answers(t); ok {
		if h == nil || !stages.Takes(h.Kind, t) {
			return refuse("rule.dc.not_pending", map[string]any{"StepKey": "ui.dc.step." + step})
		}
		return nil
	}
	// A correction of what the app counts and a reminder ticked done may
	// come at any moment: they change nothing the AI decides on.
	if anytime[t] {
		return nil
	}
	// Anything else waits while the AI's turn or a fight needs an answer.
	if h != nil {
		return refuse("rule.dc.step_pending", map[string]any{"StepKey": "ui.dc.step." + h.Kind})
	}
	if p, ok := phases[t]; ok && s.Phase != p.phase {
		var args map[string]any
		if p.args != nil {
			args = p.args(s)
		}
		return refuse(p.rule, args)
	}
	return nil
}
