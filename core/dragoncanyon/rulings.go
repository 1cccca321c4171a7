package dragoncanyon

import "github.com/dunconductor/conductor/core/engine"

// Dragon Canyon's rulings: the readings this app follows where the AI's
// text leaves a choice (docs/dragon-canyon.md, "Rule readings"), in our own
// words (ui/dragoncanyon/messages/dragoncanyon.*.toml). Prompts cite the one
// they apply.
var Rulings = []engine.Ruling{
	{ID: "dc.festival_lines", Topic: "dc_journey"},
	{ID: "dc.dragon_under", Topic: "dc_journey"},
	{ID: "dc.spiral", Topic: "dc_dragon"},
	{ID: "dc.closest", Topic: "dc_dragon"},
	{ID: "dc.tiebreak_card", Topic: "dc_dragon"},
	{ID: "dc.stomp", Topic: "dc_dragon"},
	{ID: "dc.canyon_order", Topic: "dc_dragon"},
	{ID: "dc.adjacency", Topic: "dc_fight"},
	{ID: "dc.draws", Topic: "dc_fight"},
	{ID: "dc.spoils", Topic: "dc_fight"},
	{ID: "dc.purchase", Topic: "dc_claim"},
	{ID: "dc.objectives", Topic: "dc_end"},
}

// stepRulings are the rulings a pending step applies.
var stepRulings = map[string]string{StepStomp: "dc.stomp", StepFight: "dc.draws", StepObjective: "dc.objectives"}
