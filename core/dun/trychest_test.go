package dun

import (
	"errors"
	"testing"

	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
)

// "The Turn, Movement and Exploring Actions", EXPLORATION AND COMBAT: an
// exploration action (opening a chest) is refused in a combat turn unless
// no enemy has line of sight to the hero. The tap that opens the action
// panel on the chest is not refused for it: the panel says so and offers
// the situation; a chest tried already is refused at the tap, with why.
func TestExplorationAndCombatChestTriedInCombat(t *testing.T) {
	const chest = "funeral-offerings"
	inCombat := func(t *testing.T) *Game {
		g := toChest(t)
		play(t, g, &OpenDeclared{Element: chest}, die(dice.Obstacle), &Card{Deck: DeckObstacle, Outcome: Discarded, Name: "Poison Needle"})
		play(t, g, &CreatureAdded{ID: "ghoul", Name: "Ghoul", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1}, &CombatRange{Near: true})
		return g
	}
	cases := []struct {
		name    string
		game    func(t *testing.T) *Game
		canTry  bool
		refusal string // the tap's refusal, when it is refused
		roll    *Test  // a roll then tried
		rolled  string // its refusal, "" when taken
	}{
		{"in combat: the panel opens, the roll needs no line of sight", inCombat, true, "",
			chestTest(chest, 6, 6), "rule.situation.combat_exploration"},
		{"in combat, no enemy's line of sight ticked: the chest is tried", inCombat, true, "",
			func() *Test { e := chestTest(chest, 6, 6); e.Situations = []string{actions.NoLineOfSight}; return e }(), ""},
		{"opened already: the tap is refused, saying why", func(t *testing.T) *Game {
			g := inCombat(t)
			e := chestTest(chest, 6, 6)
			e.Situations = []string{actions.NoLineOfSight}
			play(t, g, e)
			return g
		}, false, "rule.test.once", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.game(t)
			err := g.TryRefusal("open_chest", Test{Element: chest})
			var re *RuleError
			switch {
			case g.CanTry("open_chest", Test{Element: chest}) != c.canTry:
				t.Fatalf("CanTry %v, want %v (%v)", !c.canTry, c.canTry, err)
			case c.refusal == "" && err != nil:
				t.Fatalf("the tap refused: %v", err)
			case c.refusal != "" && (!errors.As(err, &re) || re.ID != c.refusal):
				t.Fatalf("the tap refused with %v, want %s", err, c.refusal)
			}
			if c.roll == nil {
				return
			}
			if c.rolled != "" {
				refused(t, g, c.roll, c.rolled)
				return
			}
			play(t, g, c.roll)
		})
	}
}
