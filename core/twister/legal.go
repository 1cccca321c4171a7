package twister

import "github.com/dunconductor/conductor/core/engine"

// allowed is the one answer to "may an event of type t apply now".
func allowed(s *State, t string) error {
	if len(s.Winners) > 0 {
		return engine.Refuse("rule.twister.over", nil)
	}
	switch t {
	case "room_revealed", "combat_started", "character_escaped", "treasure_out":
		if s.Combat != nil {
			return engine.Refuse("rule.twister.combat_under_way", nil)
		}
	case "combat_step":
		if s.Combat == nil {
			return engine.Refuse("rule.twister.no_combat", nil)
		}
	case "combat_declared":
		if s.Combat == nil {
			return engine.Refuse("rule.twister.no_combat", nil)
		}
		if !s.Combat.Declaring() {
			return engine.Refuse("rule.twister.declare_late", nil)
		}
	case "combat_resolved":
		if s.Combat == nil {
			return engine.Refuse("rule.twister.no_combat", nil)
		}
		if s.Combat.Step != StepReveal {
			return engine.Refuse("rule.twister.resolve_early", nil)
		}
	case "card_laying_overridden":
		if s.Combat == nil {
			return engine.Refuse("rule.twister.no_combat", nil)
		}
		if !s.Combat.Declaring() {
			return engine.Refuse("rule.twister.override_late", nil)
		}
		if s.Combat.Override != "" {
			return engine.Refuse("rule.twister.override_twice", nil)
		}
	case "character_died":
		// In a combat a character dies when the cards are turned up.
		if s.Combat != nil && s.Combat.Step != StepReveal {
			return engine.Refuse("rule.twister.death_before_reveal", nil)
		}
	}
	return nil
}
