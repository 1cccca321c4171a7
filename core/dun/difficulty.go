package dun

import "github.com/dunconductor/conductor/core/dun/dice"

// The rules editions: each change older saves must replay without is one.
const (
	// EditionFirst: the rules as the first saves were played.
	EditionFirst = 1
	// EditionDueSteps: a new turn waits while a step the rules require is
	// due (Initiative after a spawn, the ADP's turn after it won it, the
	// Leader improvement).
	EditionDueSteps = 2
	// EditionADPDraws: a hero's double 1 on a lock, a chest, a secret-door
	// search, a room search or a riddle, and a repeated secret-door search,
	// let the ADP draw a card, as they let a human Dark Player (the ADP
	// text: what applies to a Dark Player applies to the ADP unless it says
	// otherwise).
	EditionADPDraws = 3
	// EditionTableFlow: the app leads every step at the table (tableFlow).
	EditionTableFlow = 4
	// EditionCombatRange: combat comes and goes with the heroes' distance
	// to the enemies (combatRange, combatrange.go).
	EditionCombatRange = 5
	// EditionOpenDeclared: a door's or chest's Obstacle roll comes when a
	// hero declares opening it (openDeclared, doors.go).
	EditionOpenDeclared = 6
	// LatestEdition is what a new game plays.
	LatestEdition = EditionOpenDeclared
)

// Editions are the editions after the first, each with the flag that
// turned it on in saves from before editions (the headless contract's
// rules table and the docs' checks read it).
var Editions = []struct {
	Edition int
	Flag    string
}{
	{EditionDueSteps, "due_steps"},
	{EditionADPDraws, "adp_draws_on_fumbles"},
	{EditionTableFlow, "table_flow"},
	{EditionCombatRange, "combat_range"},
	{EditionOpenDeclared, "open_declared"},
}

// since says whether the game plays edition e or a later one; a setup
// from before editions plays by the flag it gave for e (absent: off).
func (r Rules) since(e int, flag *bool) bool {
	if r.Edition > 0 {
		return r.Edition >= e
	}
	return flag != nil && *flag
}

// flags are the flags of a setup from before editions, by edition.
func (r *Rules) flags() map[int]**bool {
	return map[int]**bool{EditionDueSteps: &r.DueSteps, EditionADPDraws: &r.ADPDrawsOnFumbles,
		EditionTableFlow: &r.TableFlow, EditionCombatRange: &r.CombatRange, EditionOpenDeclared: &r.OpenDeclared}
}

// withEdition is a new game's rules: the latest edition, or, for a setup
// that gives the flags of before editions (older scripts), those flags
// with the ones it leaves out on, as new games had them.
func (r Rules) withEdition() Rules {
	if r.Edition != 0 {
		return r
	}
	given := false
	for _, f := range r.flags() {
		given = given || *f != nil
	}
	if !given {
		r.Edition = LatestEdition
		return r
	}
	for _, f := range r.flags() {
		if *f == nil {
			on := true
			*f = &on
		}
	}
	return r
}

// validate refuses an edition the app does not know, and one given with
// the flags it replaces.
func (r Rules) validate(errs *setupProblems) {
	if r.Edition < 0 || r.Edition > LatestEdition {
		errs.add("rules.edition", "setup.rules.edition", map[string]any{"Value": r.Edition, "Latest": LatestEdition})
		return
	}
	for _, e := range Editions {
		if r.Edition > 0 && *r.flags()[e.Edition] != nil {
			errs.add("rules."+e.Flag, "setup.rules.edition_flag", map[string]any{"Flag": e.Flag, "Edition": r.Edition})
		}
	}
}

// TableFlow is the app leading every step at the table: the Initiative's
// situation comes from the flow that placed the enemies; while creatures are
// on the board every heroes' turn is followed by the ADP's combat turn;
// enemies placed in combat roll Initiative before anyone acts and wait when
// they lose it; a passed lock, chest or secret-door test opens or finds what
// it was tried on; a quest's texts apply their effects and a slain Leader
// meets its condition. From EditionTableFlow on.
func (r Rules) tableFlow() bool { return r.since(EditionTableFlow, r.TableFlow) }

func (r Rules) dueSteps() bool { return r.since(EditionDueSteps, r.DueSteps) }

// adpDrawsOnFumbles: see EditionADPDraws.
func (r Rules) adpDrawsOnFumbles() bool {
	return r.since(EditionADPDraws, r.ADPDrawsOnFumbles)
}

func (r Rules) increasedDifficulty() bool {
	return r.IncreasedDifficulty == nil || *r.IncreasedDifficulty
}

// Difficulty is what "Increase Difficulty for Experienced Groups" gives the
// ADP at the group's VP.
type Difficulty struct {
	Rerolls     []dice.Symbol `json:"rerolls"`      // symbols rolled again after a first miss
	EliteBonus  bool          `json:"elite_bonus"`  // Elite and Champion (not the Leader): +1 Action, +1 on every roll
	LeaderBonus bool          `json:"leader_bonus"` // the Leader: +1 Action, +1 on every roll
}

// difficultyFor reads the cheat sheet: 100+ Obstacle, 125+ Encounter, 150+
// Power re-rolls; 175+ Elite and Champion bonus; 200+ Leader bonus.
func difficultyFor(s Setup) Difficulty {
	d := Difficulty{Rerolls: []dice.Symbol{}}
	if !s.Rules.increasedDifficulty() {
		return d
	}
	vp := s.GroupVP
	for _, step := range []struct {
		from int
		sym  dice.Symbol
	}{{100, dice.Obstacle}, {125, dice.Encounter}, {150, dice.Power}} {
		if vp >= step.from {
			d.Rerolls = append(d.Rerolls, step.sym)
		}
	}
	d.EliteBonus = vp >= 175
	d.LeaderBonus = vp >= 200
	return d
}

func (d Difficulty) rerolls(sym dice.Symbol) bool {
	for _, s := range d.Rerolls {
		if s == sym {
			return true
		}
	}
	return false
}

// Leader is what the "Leader Improvement" rules give the ADP's Leader.
type Leader struct {
	VitalityBonus int  `json:"vitality_bonus"`
	ExtraActions  int  `json:"extra_actions"`
	Improved      bool `json:"improved"` // the Main Room conversion is done
}

// leaderActions: with a single Conductor, +1 Action per hero beyond the
// second, at most +2. With a rotating Conductor the prose gives none; the
// cheat sheet's +1 is the RotatingExtraAction option.
func leaderActions(s Setup) int {
	if s.Conductor == ConductorRotating {
		if s.Rules.RotatingExtraAction {
			return 1
		}
		return 0
	}
	return min(max(s.Heroes-2, 0), 2)
}

// reservePerVitality is how many reserve points above 20 buy the Leader 1
// Vitality when the Main Room's creatures are placed.
func reservePerVitality(s Setup, invulnerable bool) int {
	switch {
	case s.Conductor == ConductorRotating:
		return 3
	case !s.Rules.LeaderFix:
		return 1
	case invulnerable:
		return 3
	default:
		return 2
	}
}

// LeaderReserveFloor is what the reserve is left at after the conversion.
const LeaderReserveFloor = 20
