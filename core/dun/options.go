package dun

import "github.com/dunconductor/conductor/core/engine"

// RuleOptions are DUN's rule options, in the order New game shows them:
// readings the Conductor chooses between, saved in the setup's "rules".
// A new one is a row here (its label in ui/dun/messages, both languages),
// a field in Rules and the code that reads it. Changes that older saves
// must replay without are not options but a new Edition.
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
