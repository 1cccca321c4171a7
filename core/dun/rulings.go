package dun

import "github.com/dunconductor/conductor/core/engine"

// DUN's rulings: the questions asked most at the table, answered in our own
// words (translations/rulings.*.toml), and the readings this app follows
// where the texts leave a choice. Prompts cite the one they apply.
var Rulings = []engine.Ruling{
	{ID: "dun.scenario_die_obstacle", Topic: "scenario_die"},
	{ID: "dun.scenario_die_encounter", Topic: "scenario_die"},
	{ID: "dun.scenario_die_power", Topic: "scenario_die"},
	{ID: "dun.scenario_die_reroll", Topic: "scenario_die"},
	{ID: "dun.card_discarded", Topic: "scenario_die"},
	{ID: "dun.leader_improvement", Topic: "leader"},
	{ID: "dun.leader_rotating", Topic: "leader"},
	{ID: "dun.leader_fix", Topic: "leader"},
	{ID: "dun.caught_by_surprise", Topic: "initiative"},
	{ID: "dun.initiative_tie", Topic: "initiative"},
	{ID: "dun.initiative_exploration", Topic: "initiative"},
	{ID: "dun.initiative_new_enemies", Topic: "initiative"},
	{ID: "dun.combat_range", Topic: "combat"},
	{ID: "dun.combat_actions", Topic: "combat"},
	{ID: "dun.initiative_closest", Topic: "initiative"},
}

// rollRuling is the ruling a pending Scenario Die roll applies: what
// triggers a roll for that deck.
func rollRuling(deck string) string { return "dun.scenario_die_" + deck }

// leaderRuling is the ruling the Leader improvement follows in this setup.
func leaderRuling(setup Setup) string {
	switch {
	case setup.Conductor == ConductorRotating:
		return "dun.leader_rotating"
	case setup.Rules.LeaderFix:
		return "dun.leader_fix"
	}
	return "dun.leader_improvement"
}

// hintRulings and dueRulings are the rulings a hint or a due step applies.
var (
	hintRulings = map[string]string{"hint.initiative": "dun.caught_by_surprise"}
	dueRulings  = map[string]string{"initiative": "dun.initiative_new_enemies", "adp_combat_turn": "dun.scenario_die_power"}
)
