package dun

import (
	"errors"
	"testing"

	"github.com/dunconductor/conductor/core/dun/actions"
)

// "The Turn, Movement and Exploring Actions": ACTIVATION AND ACTIONS (no
// exploration action in combat unless no enemy sees the hero, then −1 or
// one die fewer; no action within an enemy's melee range but those that
// allow it), GREAT JUMPS (2+ squares −1, in melee range −1), CLIMBING (in
// melee range −1), PITS (enemies next to the free squares −2), RUNNING
// (−2 Perception to detect traps). The table ticks situations; the game
// applies their modifiers and refuses what they forbid.
func TestSituationsOnHeroTests(t *testing.T) {
	v := func(n int) *int { return &n }
	cases := []struct {
		name    string
		combat  bool
		test    Test
		refusal string // "" allowed
		total   int    // the 2D6 test's total (dice + value + modifiers)
		finds   int    // searching corpses: the gold found
	}{
		{"exploring: an exploration action needs nothing", false,
			Test{Action: "disarm_trap", Value: v(2), Dice: []int{4, 4}}, "", 10, 0},
		{"combat: an exploration action is refused", true,
			Test{Action: "disarm_trap", Value: v(2), Dice: []int{4, 4}}, "rule.situation.combat_exploration", 0, 0},
		{"combat, no line of sight: allowed at −1", true,
			Test{Action: "disarm_trap", Value: v(2), Dice: []int{4, 4}, Situations: []string{actions.NoLineOfSight}}, "", 9, 0},
		{"exploring: line of sight is not a situation", false,
			Test{Action: "disarm_trap", Value: v(2), Dice: []int{4, 4}, Situations: []string{actions.NoLineOfSight}}, "rule.situation.not_here", 0, 0},
		{"combat: a jump is no exploration action", true,
			Test{Action: "great_jump", Value: v(2), Dice: []int{4, 4}}, "", 10, 0},
		{"melee range forbids an exploration action", false,
			Test{Action: "disarm_trap", Value: v(2), Dice: []int{4, 4}, Situations: []string{actions.MeleeRange}}, "rule.situation.melee_range", 0, 0},
		{"melee range forbids running", false,
			Test{Action: "run", Value: v(4), Dice: []int{4, 4}, Situations: []string{actions.MeleeRange}}, "rule.situation.melee_range", 0, 0},
		{"melee range: a great jump at −1", false,
			Test{Action: "great_jump", Value: v(2), Dice: []int{4, 4}, Situations: []string{actions.MeleeRange}}, "", 9, 0},
		{"melee range: a climb at −1", false,
			Test{Action: "climb", Value: v(2), Dice: []int{4, 4}, Situations: []string{actions.MeleeRange}}, "", 9, 0},
		{"a far jump in melee range: −2", false,
			Test{Action: "great_jump", Value: v(2), Dice: []int{4, 4}, Situations: []string{actions.JumpFar, actions.MeleeRange}}, "", 8, 0},
		{"a far jump is no climb", false,
			Test{Action: "climb", Value: v(2), Dice: []int{4, 4}, Situations: []string{actions.JumpFar}}, "rule.situation.not_here", 0, 0},
		{"out of a pit, enemies by the free squares: −2", false,
			Test{Action: "climb", Value: v(2), Dice: []int{4, 4}, Situations: []string{actions.PitEnemies}}, "", 8, 0},
		{"running: −2 to detect a trap", false,
			Test{Action: "detect_trap", Value: v(2), Dice: []int{4, 4}, Situations: []string{actions.Running}}, "", 8, 0},
		{"a situation ticked twice", false,
			Test{Action: "great_jump", Value: v(2), Dice: []int{4, 4}, Situations: []string{actions.JumpFar, actions.JumpFar}}, "rule.situation.twice", 0, 0},
		{"an unknown situation", false,
			Test{Action: "great_jump", Value: v(2), Dice: []int{4, 4}, Situations: []string{"flying"}}, "rule.situation.unknown", 0, 0},
		{"combat, no line of sight: 3 corpses roll 2 dice", true,
			Test{Action: "search_corpses", Level: "middle", Corpses: 3, Dice: []int{5, 6}, Situations: []string{actions.NoLineOfSight}}, "", 0, 6},
		{"combat, no line of sight: 3 corpses with 3 dice refused", true,
			Test{Action: "search_corpses", Level: "middle", Corpses: 3, Dice: []int{5, 6, 6}, Situations: []string{actions.NoLineOfSight}}, "rule.situation.corpses_dice", 0, 0},
		{"combat, no line of sight: one corpse, −1 on its die", true,
			Test{Action: "search_corpses", Level: "middle", Corpses: 1, Dice: []int{5}, Situations: []string{actions.NoLineOfSight}}, "", 0, 0},
		{"combat, no line of sight: one corpse, a 6 still finds", true,
			Test{Action: "search_corpses", Level: "middle", Corpses: 1, Dice: []int{6}, Situations: []string{actions.NoLineOfSight}}, "", 0, 3},
		{"combat: searching corpses seen is refused", true,
			Test{Action: "search_corpses", Level: "middle", Dice: []int{6}}, "rule.situation.combat_exploration", 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			play(t, g, &NewTurn{}, orc("orc-1"), &CombatRange{Near: c.combat})
			e := c.test
			if err := ActionAllowed(g.State(), g.Setup(), e.Action, e.Situations); c.refusal != "" && c.refusal != "rule.situation.corpses_dice" {
				var re *RuleError
				if !errors.As(err, &re) || re.ID != c.refusal {
					t.Fatalf("ActionAllowed: %v, want %s", err, c.refusal)
				}
			}
			if c.refusal != "" {
				refused(t, g, &e, c.refusal)
				return
			}
			play(t, g, &e)
			lt := g.State().LastTest
			if e.Action == "search_corpses" {
				if lt.Total != c.finds {
					t.Fatalf("found %d gold, want %d", lt.Total, c.finds)
				}
				return
			}
			if lt.Total != c.total {
				t.Fatalf("total %d, want %d", lt.Total, c.total)
			}
		})
	}
}

// The panel's tick boxes are core's offer: line of sight only in combat,
// each situation only for the actions it concerns.
func TestSituationsOffered(t *testing.T) {
	ids := func(ss []actions.Situation) (out []string) {
		for _, s := range ss {
			out = append(out, s.ID)
		}
		return out
	}
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	play(t, g, &NewTurn{}, orc("orc-1"), &CombatRange{Near: false})
	for action, want := range map[string][]string{
		"disarm_trap": {"melee_range"}, "great_jump": {"melee_range", "jump_far"}, "climb": {"melee_range", "pit_enemies"},
		"detect_trap": {"melee_range", "running"}, "": nil,
	} {
		if got := ids(SituationsFor(g.State(), g.Setup(), action)); !equalStrings(got, want) {
			t.Errorf("exploring, %q: %v, want %v", action, got, want)
		}
	}
	play(t, g, &CombatRange{Near: true})
	if got := ids(SituationsFor(g.State(), g.Setup(), "disarm_trap")); !equalStrings(got, []string{"no_line_of_sight", "melee_range"}) {
		t.Errorf("combat, disarm_trap: %v", got)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
