package dun

import "github.com/dunconductor/conductor/core/engine"

// RuleOptions are DUN's rule options, in the order New game shows them:
// readings the Conductor chooses between, saved in the setup's "rules".
// A new one is a row here and its field in Rules below, the code that
// reads it, and its label in ui/dun/messages (both languages). A change
// older saves must replay without is not an option but a new edition
// (difficulty.go).
var RuleOptions = []engine.RuleOption{
	{ID: "increased_difficulty", Default: engine.OptionOn, Replay: engine.OptionOn, Label: "ui.newgame.rule_difficulty"},
	{ID: "leader_fix", Default: engine.OptionOff, Replay: engine.OptionOff, Label: "ui.newgame.rule_leader_fix", Ruling: "dun.leader_fix"},
	{ID: "rotating_extra_action", Default: engine.OptionOff, Replay: engine.OptionOff, Label: "ui.newgame.rule_rotating_action", Ruling: "dun.leader_rotating"},
	{ID: "surprise_in_combat", Default: engine.OptionOff, Replay: engine.OptionOff, Label: "ui.newgame.rule_surprise_in_combat", Ruling: "dun.caught_by_surprise"},
}

// OptionInMode says whether Conductor mode takes the rule option: an
// option ForMode drops in that mode is not the Conductor's to choose.
func OptionInMode(o engine.RuleOption, mode string) bool {
	if !o.Flag() {
		return true
	}
	var r Rules
	if engine.SetOption(&r, o, engine.OptionOn) != nil {
		return false
	}
	return engine.OptionValue(r.ForMode(mode), o.ID) == engine.OptionOn
}

// Rules are the rule options a game is played with (RuleOptions, the
// table New game shows) and its rules edition, saved in its setup.
type Rules struct {
	// Edition is the rules edition the game plays: a new game takes
	// LatestEdition; a save from before editions has none (0) and plays
	// edition 1, or the flags below its setup gave (since).
	Edition int `json:"edition,omitempty"`
	// IncreasedDifficulty applies "Increase Difficulty for Experienced
	// Groups" (on unless set to false).
	IncreasedDifficulty *bool `json:"increased_difficulty,omitempty"`
	// LeaderFix applies "Fixing Problems for Experienced Groups": with a
	// single Conductor the Leader gains 1 Vitality per 2 reserve points above
	// 20, or per 3 when it has Invulnerable, instead of per point.
	LeaderFix bool `json:"leader_fix,omitempty"`
	// RotatingExtraAction follows the rotating-Conductor cheat sheet, which
	// gives the Leader +1 Action; the prose says only Vitality is improved,
	// and that is the default.
	RotatingExtraAction bool `json:"rotating_extra_action,omitempty"`
	// SurpriseInCombat keeps "Caught by Surprise!" for new enemies placed
	// during combat (the heroes, already in combat, are never caught): the
	// other reading of "a side which is already in a combat turn". Off: in
	// combat nobody is caught.
	SurpriseInCombat bool `json:"surprise_in_combat,omitempty"`

	// The flags saves from before editions turned each edition on with
	// (Editions): read only when Edition is 0, so those saves replay as
	// they were played.
	DueSteps          *bool `json:"due_steps,omitempty"`
	ADPDrawsOnFumbles *bool `json:"adp_draws_on_fumbles,omitempty"`
	TableFlow         *bool `json:"table_flow,omitempty"`
	CombatRange       *bool `json:"combat_range,omitempty"`
	OpenDeclared      *bool `json:"open_declared,omitempty"`
}
