package dragoncanyon

import "github.com/dunconductor/conductor/core/engine"

// RuleOptions are Dragon Canyon's rule options, in the order New game shows
// them: the readings Options chooses between where the text leaves a
// choice (docs/dragon-canyon.md, "Rule readings"). A new one is a row here
// (its label and values' labels in ui/dragoncanyon/messages, both
// languages), a field in Options with its default in Setup.Normalize, and
// the code that reads it. Normalize fills every default into the saved
// setup, so a save replays with the default of the day it was started;
// one that lacks an option replays with Replay, Normalize's default.
var RuleOptions = []engine.RuleOption{
	{ID: "diagonal_lines", Default: engine.OptionOff, Replay: engine.OptionOff, Label: "ui.dc.rule.diagonal_lines", Ruling: "dc.festival_lines"},
	{ID: "closest", Choices: []string{ClosestSpiral, ClosestSteps}, Default: ClosestSpiral, Replay: ClosestSpiral, Label: "ui.dc.rule.closest", Ruling: "dc.closest"},
	{ID: "tiebreak_flip", Choices: []string{TiebreakCurrent, TiebreakFresh}, Default: TiebreakCurrent, Replay: TiebreakCurrent, Label: "ui.dc.rule.tiebreak_flip", Ruling: "dc.tiebreak_card"},
	// The AI wins draws by default on harder with 2 players only: the rest
	// of the setup decides (Normalize).
	{ID: "ai_wins_draws", Label: "ui.dc.rule.ai_wins_draws", Ruling: "dc.draws"},
	{ID: "festival_keeps_cards", Default: engine.OptionOff, Replay: engine.OptionOff, Label: "ui.dc.rule.festival_keeps_cards"},
	{ID: "guard_tower", Choices: []string{TowerDefending, TowerAlways}, Default: TowerDefending, Replay: TowerDefending, Label: "ui.dc.rule.guard_tower"},
	{ID: "canyon_order", Choices: []string{OrderDragonFirst, OrderFightFirst}, Default: OrderDragonFirst, Replay: OrderDragonFirst, Label: "ui.dc.rule.canyon_order", Ruling: "dc.canyon_order"},
}
