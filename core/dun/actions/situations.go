package actions

import "slices"

// Situation is something at the table that changes a hero's test and only
// the table can see ("The Turn, Movement and Exploring Actions"): where the
// enemies are, how far the hero jumps, whether he runs. The Conductor ticks
// it on the test; the game applies its modifier and refuses what it forbids.
// Its message IDs are "situation.<id>" (the tick box) and
// "situation.<id>.help" (what it does).
type Situation struct {
	ID string `json:"id"`
	// Modifier is added to the test's 2D6 total (an action that rolls dice
	// of its own per target loses a die instead: DieFewer).
	Modifier int `json:"modifier"`
	// DieFewer: an action rolling 2 or more dice of its own rolls one die
	// fewer instead of the modifier (one die: the modifier on it).
	DieFewer bool `json:"die_fewer,omitempty"`
	// Exploration: it applies to every exploration action; Actions: to
	// these; MeleeRange: to every action (it forbids those not in Allows).
	Exploration bool     `json:"exploration,omitempty"`
	Actions     []string `json:"actions,omitempty"`
	// Combat: offered only in a combat turn.
	Combat bool `json:"combat,omitempty"`
	// Forbids: the actions not in Allows are refused with it ticked.
	Forbids bool     `json:"forbids,omitempty"`
	Allows  []string `json:"allows,omitempty"`
}

// Situations ids.
const (
	NoLineOfSight = "no_line_of_sight" // in combat, no enemy sees the hero
	MeleeRange    = "melee_range"      // the hero is within an enemy's melee range
	JumpFar       = "jump_far"         // a great jump over 2 squares or more
	PitEnemies    = "pit_enemies"      // climbing out of a pit, enemies next to the free squares
	Running       = "running"          // the hero is running
)

// Situations is the catalogue: ACTIVATION AND ACTIONS (line of sight in
// combat, melee range), GREAT JUMPS, CLIMBING, PITS and RUNNING.
var Situations = []Situation{
	{ID: NoLineOfSight, Modifier: -1, DieFewer: true, Exploration: true, Combat: true},
	{ID: MeleeRange, Modifier: -1, Actions: []string{"great_jump", "climb"}, Forbids: true, Allows: []string{"great_jump", "climb"}},
	{ID: JumpFar, Modifier: -1, Actions: []string{"great_jump"}},
	{ID: PitEnemies, Modifier: -2, Actions: []string{"climb"}},
	{ID: Running, Modifier: -2, Actions: []string{"detect_trap"}},
}

// IDs built from the catalogue, listed so every one is translated.
var _ = []string{
	"situation.no_line_of_sight", "situation.melee_range", "situation.jump_far", "situation.pit_enemies", "situation.running",
	"situation.no_line_of_sight.help", "situation.melee_range.help", "situation.jump_far.help", "situation.pit_enemies.help",
	"situation.running.help",
}

// FindSituation finds a catalogue entry.
func FindSituation(id string) (Situation, bool) {
	i := slices.IndexFunc(Situations, func(s Situation) bool { return s.ID == id })
	if i < 0 {
		return Situation{}, false
	}
	return Situations[i], true
}

// AppliesTo says whether the situation concerns action a ("" a plain test:
// only melee range, which forbids nothing there).
func (s Situation) AppliesTo(a Info) bool {
	switch {
	case s.Forbids:
		return a.ID != ""
	case s.Exploration && a.Exploration:
		return true
	}
	return a.ID != "" && slices.Contains(s.Actions, a.ID)
}

// Key is the situation's tick-box message ID; HelpKey says what it does.
func (s Situation) Key() string     { return "situation." + s.ID }
func (s Situation) HelpKey() string { return "situation." + s.ID + ".help" }
