package dun

import (
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// A roll made by the game is stored in its event and moves the dice on.
func TestGameRollIsRecordedAndAdvances(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 1, GroupVP: 10, LeaderVP: 0, Seed: 5})
	first := g.Roll(dice.Scenario)
	if again := g.Roll(dice.Scenario); again.Faces[0] != first.Faces[0] {
		t.Fatal("rolling without applying changed the dice")
	}
	if _, err := g.Apply(first); err != nil {
		t.Fatal(err)
	}
	s := g.State()
	if s.Rolls != 1 || s.LastRoll.Faces[0] != first.Faces[0] || s.LastRoll.Symbol != dice.ScenarioSymbol(first.Faces[0]) {
		t.Fatalf("%+v", s.LastRoll)
	}
	// Ten further rolls from a seed are not all the same face.
	faces := map[int]bool{}
	for range 10 {
		r := g.Roll(dice.D6)
		faces[r.Faces[0]] = true
		g.Apply(r)
	}
	if len(faces) < 2 {
		t.Fatal("seeded dice stuck on one face")
	}
}

func TestDiceRolledRules(t *testing.T) {
	cases := []struct {
		name  string
		event DiceRolled
		rule  string
	}{
		{"unknown dice", DiceRolled{Dice: "d20", Faces: []int{3}}, "rule.dice.unknown"},
		{"too few faces for 2D6", DiceRolled{Dice: dice.TwoD6, Faces: []int{3}}, "rule.dice.count"},
		{"face 0", DiceRolled{Dice: dice.D6, Faces: []int{0}}, "rule.dice.face"},
		{"face 7", DiceRolled{Dice: dice.Scenario, Faces: []int{7}}, "rule.dice.face"},
		{"typed physical dice are fine", DiceRolled{Dice: dice.TwoD6, Faces: []int{6, 6}, Physical: true}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 1, GroupVP: 10, LeaderVP: 0})
			e := c.event
			_, err := g.Apply(&e)
			if c.rule == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			re, ok := err.(*RuleError)
			if !ok || re.ID != c.rule {
				t.Fatalf("want %s, got %v", c.rule, err)
			}
			if g.State().Rolls != 0 {
				t.Fatal("rejected roll counted")
			}
		})
	}
}
