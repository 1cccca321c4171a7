package dun

// allowed is DUN's one answer to "may an event of type t apply now": the
// rules that depend on the game's moment, not on the event's fields. The
// engine asks it before every event, and the UI enables its controls from it.
func allowed(s *State, setup Setup, t string) error {
	if s.QuestOver != nil {
		// The quest has ended: only undo and rewind (the engine's) apply.
		return ruleError("rule.quest.over", map[string]any{"OutcomeKey": "outcome." + s.QuestOver.Outcome})
	}
	h := s.head()
	switch t {
	case "new_turn":
		if err := idle(s); err != nil {
			return err
		}
		if s.Due != nil {
			// "The due step leads": a new turn never skips what the ADP must do first.
			return ruleError("rule.due.first", map[string]any{"DueKey": "due." + s.Due.Type})
		}
	case "section_revealed":
		if h != nil && h.Kind == StepReveal {
			return nil // the section behind the exit just opened
		}
		return idle(s)
	case "fumble_draw":
		if h == nil || h.Kind != StepChoose {
			return ruleError("rule.fumble.not_pending", nil)
		}
	case "exit_closed":
		if h == nil || h.Kind != StepReveal {
			return ruleError("rule.reveal.not_pending", nil)
		}
	case "exit_opened":
		if setup.QuestData == nil {
			return ruleError("rule.quest.none", nil)
		}
		return idle(s)
	case "obstacle_trigger", "adp_combat_turn":
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
		if s.InitiativeDue && setup.Rules.tableFlow() {
			// New enemies in combat: their Initiative decides whether they act now.
			return ruleError("rule.due.first", map[string]any{"DueKey": "due.initiative"})
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
