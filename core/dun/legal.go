package dun

// allowed is DUN's one answer to "may an event of type t apply now": the
// rules that depend on the game's moment, not on the event's fields. The
// engine asks it before every event, and the UI enables its controls from it.
func allowed(s *State, setup Setup, t string) error {
	h := s.head()
	switch t {
	case "new_turn", "obstacle_trigger", "section_revealed", "adp_combat_turn":
		// While a step of the card flow is pending, no other flow or turn starts.
		return idle(s)
	case "main_room_placed":
		// "Leader Improvement": once, after the Main Room is revealed and its flow is done.
		if !s.MainRoom {
			return ruleError("rule.main_room.unrevealed", nil)
		}
		if s.Leader.Improved {
			return ruleError("rule.main_room.twice", nil)
		}
		return idle(s)
	case "die":
		if h == nil || h.Kind != StepRoll {
			return ruleError("rule.die.not_pending", nil)
		}
	case "card":
		// A draw, or discarding an Encounter card whose spawn is unpaid.
		if h == nil || h.Kind != StepDraw && (h.Kind != StepSpawn || h.Reason == SpawnEnemySpotted) {
			return ruleError("rule.card.none_pending", nil)
		}
	case "spawn":
		if h == nil || h.Kind != StepSpawn {
			return ruleError("rule.spawn.not_pending", nil)
		}
	case "creature_done":
		if !s.CombatTurn {
			return ruleError("rule.creature.no_combat_turn", nil)
		}
		if _, ok := NextToAct(*s); !ok {
			return ruleError("rule.creature.all_done", nil)
		}
	case "element_found", "condition_met":
		if setup.QuestData == nil {
			return ruleError("rule.quest.none", nil)
		}
	}
	return nil
}
