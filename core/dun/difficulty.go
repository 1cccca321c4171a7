package dun

import "github.com/dunconductor/conductor/core/dun/dice"

// Rules are the rule options a game is played with, saved in its setup.
type Rules struct {
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
	// DueSteps refuses a new turn while a step the rules require is due
	// (Initiative after a spawn, the ADP's turn after it won it, the Leader
	// improvement). New games have it; saves from before it do not, so they
	// replay as they were played.
	DueSteps *bool `json:"due_steps,omitempty"`
	// ADPDrawsOnFumbles: see adpDrawsOnFumbles.
	ADPDrawsOnFumbles *bool `json:"adp_draws_on_fumbles,omitempty"`
	// TableFlow: see tableFlow.
	TableFlow *bool `json:"table_flow,omitempty"`
	// SurpriseInCombat keeps "Caught by Surprise!" for new enemies placed
	// during combat (the heroes, already in combat, are never caught): the
	// other reading of "a side which is already in a combat turn". Off: in
	// combat nobody is caught.
	SurpriseInCombat bool `json:"surprise_in_combat,omitempty"`
	// CombatRange: see combatRange (combatrange.go).
	CombatRange *bool `json:"combat_range,omitempty"`
	// OpenDeclared: see openDeclared (doors.go).
	OpenDeclared *bool `json:"open_declared,omitempty"`
}

// TableFlow is the app leading every step at the table: the Initiative's
// situation comes from the flow that placed the enemies; while creatures are
// on the board every heroes' turn is followed by the ADP's combat turn;
// enemies placed in combat roll Initiative before anyone acts and wait when
// they lose it; a passed lock, chest or secret-door test opens or finds what
// it was tried on; a quest's texts apply their effects and a slain Leader
// meets its condition. New games have it; saves from before it do not, so
// they replay as they were played.
func (r Rules) tableFlow() bool { return r.TableFlow != nil && *r.TableFlow }

func (r Rules) dueSteps() bool { return r.DueSteps != nil && *r.DueSteps }

// ADPDrawsOnFumbles: a hero's double 1 on a lock, a chest, a secret-door
// search, a room search or a riddle, and a repeated secret-door search, let
// the ADP draw a card, as they let a human Dark Player (the ADP text: what
// applies to a Dark Player applies to the ADP unless it says otherwise).
// New games have it; saves from before it do not.
func (r Rules) adpDrawsOnFumbles() bool {
	return r.ADPDrawsOnFumbles != nil && *r.ADPDrawsOnFumbles
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
