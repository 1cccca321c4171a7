package dragoncanyon

// IDs built from step kinds, listed so every one is translated.
var _ = []string{"ui.dc.step.flip", "ui.dc.step.draw", "ui.dc.step.reveal", "ui.dc.step.stomp", "ui.dc.step.fight", "ui.dc.step.score", "ui.dc.seat.tie"}

// pendingKinds are the event types that answer each step.
var pendingKinds = map[string]string{
	"action_flipped":   StepFlip,
	"force_drawn":      StepDraw,
	"ai_card_revealed": StepReveal,
	"stomp_resolved":   StepStomp,
	"fight_resolved":   StepFight,
	"game_scored":      StepScore,
}

// allowed is the module's one answer to "may an event of type t apply now":
// the rules that depend on the game's moment, not on the event's fields.
func allowed(s *State, t string) error {
	if s.Phase == PhaseOver {
		return refuse("rule.dc.over", nil)
	}
	if kind, ok := pendingKinds[t]; ok {
		if s.Pending == nil || s.Pending.Kind != kind {
			return refuse("rule.dc.not_pending", map[string]any{"StepKey": "ui.dc.step." + kind})
		}
		return nil
	}
	// Anything else waits while the AI's turn or a fight needs an answer.
	if s.Pending != nil {
		return refuse("rule.dc.step_pending", map[string]any{"StepKey": "ui.dc.step." + s.Pending.Kind})
	}
	switch t {
	case "ai_turn":
		// "Game Play": the AI plays its own turn, the first of the game.
		if s.Phase != PhaseWaiting {
			return refuse("rule.dc.not_ai_turn", map[string]any{"SeatKey": seatKey(s.Seat)})
		}
	case "attack", "turn_ended":
		if s.Phase != PhasePlayers {
			return refuse("rule.dc.not_player_turn", nil)
		}
	}
	return nil
}
