package dun

import "github.com/dunconductor/conductor/core/engine"

// Combat range ("The Turn, Movement and Exploring Actions", EXPLORATION AND
// COMBAT): a turn is a combat turn while a hero is 12 or fewer squares from
// an enemy, whether or not he sees it; otherwise it is an exploration turn.
// Only the table knows the distance, so the app asks at the moments it
// matters (a new turn with creatures on the board, the Initiative after a
// spawn placed creatures) and the ADP's combat turn is due only while the
// answer is yes.

// CombatRangeSquares is the distance, in squares, within which the heroes
// are in combat.
const CombatRangeSquares = 12

// CombatRange is the table's answer to "is any hero 12 squares or less
// from an enemy?".
type CombatRange struct {
	Near bool `json:"near"`
}

var _ = Events.Register(func() Event { return &CombatRange{} })

func (*CombatRange) Type() string { return "combat_range" }

func (*CombatRange) Gate() engine.Gate[moment] { return needs(idleNow, rangeAsked) }

// combatRangeArgs are the arguments of its log lines, shared.
var combatRangeArgs = map[string]any{"Squares": CombatRangeSquares}

func (e *CombatRange) apply(s *State, c applyContext) error {
	near := e.Near
	s.EnemiesNear = &near
	key := "log.combat_range.far"
	if near {
		key = "log.combat_range.near"
	}
	s.log(c.seq, key, combatRangeArgs)
	return nil
}

// combatRange is the rule that combat comes and goes with the heroes'
// distance to the enemies (with the table flow; on in new games: saves
// from before it replay as they were played).
func (r Rules) combatRange() bool {
	return r.tableFlow() && r.since(EditionCombatRange, r.CombatRange)
}

// InCombat says whether the heroes are in a combat turn: enemies are on
// the board, and the ADP's combat turn is under way or the table said a
// hero is within range of one.
func InCombat(s State) bool {
	return len(s.Creatures) > 0 && (s.CombatTurn || s.EnemiesNear != nil && *s.EnemiesNear)
}

// rangeAsked clears the last answer: the question is asked again (a new
// turn, new enemies placed).
func (s *State) rangeAsked() { s.EnemiesNear = nil }

// Reasons a due step gives, built as "due." + type + "." + why.
const (
	WhyInitiative = "initiative" // the ADP won the Initiative
	WhyRange      = "range"      // a hero is within 12 squares of an enemy
	WhyCreatures  = "creatures"  // creatures are on the board (without the combat range rule)
)

// IDs built from the due steps and their reasons, listed so every one is translated.
var _ = []string{
	"due.combat_range", "due.adp_combat_turn.initiative", "due.adp_combat_turn.range", "due.adp_combat_turn.creatures",
	"prompt.due.combat_range", "prompt.due.adp_combat_turn.range",
	"choice.combat_range.near", "choice.combat_range.far",
	"log.combat_range.near", "log.combat_range.far",
}

// rangePrompt asks the table whether any hero is within range of an enemy.
func rangePrompt() Prompt {
	return Prompt{ID: "prompt.due.combat_range", Args: map[string]any{"Squares": CombatRangeSquares}, Ruling: "dun.combat_range",
		Choices: []Choice{
			{ID: "choice.combat_range.near", Args: map[string]any{"Squares": CombatRangeSquares}, Event: &CombatRange{Near: true}},
			{ID: "choice.combat_range.far", Args: map[string]any{"Squares": CombatRangeSquares}, Event: &CombatRange{Near: false}},
		}}
}

// Key is the due step's message ID, with its reason when it has one.
func (d Due) Key() string {
	if d.Why != "" {
		return "due." + d.Type + "." + d.Why
	}
	return "due." + d.Type
}
