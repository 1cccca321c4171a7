package dragoncanyon

import "github.com/dunconductor/conductor/core/engine"

// RuleOptions are Dragon Canyon's rule options, in the order New game shows
// them: the readings Options chooses between where the text leaves a
// choice (docs/dragon-canyon.md, "Rule readings"). A new one is a row here
// and its field in Options below, the code that reads it, and its label
// and values' labels in ui/dragoncanyon/messages (both languages).
// Normalize fills every default into the saved setup (withDefaults), so a
// save replays with the default of the day it was started; one that lacks
// an option replays with Replay, the row's default.
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

// withDefaults is o with each reading it leaves out at its row's default;
// a reading whose default the rest of the setup decides stays out.
func (o Options) withDefaults() Options {
	for _, row := range RuleOptions {
		if row.Default != "" && engine.OptionValue(o, row.ID) == "" {
			_ = engine.SetOption(&o, row, row.Default) // the row's own value
		}
	}
	return o
}

// Readings of "closest" (rule option closest).
const (
	ClosestSpiral = "spiral" // the first card the spiral search meets
	ClosestSteps  = "steps"  // fewest orthogonal steps, ties by the spiral order
)

// When a dragon target needs a tie-break (rule option tiebreak_flip).
const (
	TiebreakCurrent = "current" // the action card flipped this turn; a new one only if none was
	TiebreakFresh   = "fresh"   // always flip a new card, as in the worked example
)

// Options are the rule readings where the text leaves a choice
// (docs/dragon-canyon.md, "Rule readings").
type Options struct {
	// DiagonalLines: the two diagonals are Harvest Festival lines too.
	DiagonalLines bool `json:"diagonal_lines,omitempty"`
	// Closest: ClosestSpiral (default) or ClosestSteps.
	Closest string `json:"closest,omitempty"`
	// TiebreakFlip: TiebreakCurrent (default) or TiebreakFresh.
	TiebreakFlip string `json:"tiebreak_flip,omitempty"`
	// AIWinsDraws: the AI wins every drawn fight. Default: harder with 2
	// players, as the text lists it there only.
	AIWinsDraws *bool `json:"ai_wins_draws,omitempty"`
	// FestivalKeepsCards: a Harvest Festival's cards stay on the board
	// (default: they leave it, the AI's to its discard pile).
	FestivalKeepsCards bool `json:"festival_keeps_cards,omitempty"`
	// GuardTower: when a Guard Tower's +2 counts, TowerDefending (default)
	// or TowerAlways.
	GuardTower string `json:"guard_tower,omitempty"`
	// CanyonOrder: on a Dragon's Canyon tile with a Fight card, which
	// comes first, OrderDragonFirst (default) or OrderFightFirst.
	CanyonOrder string `json:"canyon_order,omitempty"`
}

// Which of the dragon and the fight the AI resolves first when both are
// due (rule option canyon_order; ruling dc.canyon_order).
const (
	OrderDragonFirst = "dragon_first" // the text's order of its sections
	OrderFightFirst  = "fight_first"
)

// When a Guard Tower's +2 counts for its owner's card (rule option
// guard_tower).
const (
	TowerDefending = "defending" // when the card is attacked
	TowerAlways    = "always"    // in every fight, attacking too
)
