package dun

import "testing"

// The Scenario Die: six faces, two of each symbol ("Increase Difficulty": a
// needed result comes up 33% of the time).
func TestScenarioDieLayout(t *testing.T) {
	count := map[Symbol]int{}
	for face := 1; face <= 6; face++ {
		count[ScenarioSymbol(face)]++
	}
	for _, s := range []Symbol{Obstacle, Encounter, Power} {
		if count[s] != 2 {
			t.Fatalf("%s on %d faces, want 2", s, count[s])
		}
		if ScenarioSymbol(FaceFor(s)) != s {
			t.Fatalf("FaceFor(%s) = %d shows %s", s, FaceFor(s), ScenarioSymbol(FaceFor(s)))
		}
		if SymbolKeys[s] == "" {
			t.Fatalf("%s has no message ID", s)
		}
	}
}

func TestSeededDice(t *testing.T) {
	cases := []struct {
		dice Dice
		n    int
	}{{D6, 1}, {TwoD6, 2}, {Scenario, 1}}
	for _, c := range cases {
		t.Run(string(c.dice), func(t *testing.T) {
			seen := map[int]bool{}
			for n := range 600 {
				a, b := RollFaces(7, n, c.dice), RollFaces(7, n, c.dice)
				if len(a) != c.n {
					t.Fatalf("%d faces, want %d", len(a), c.n)
				}
				for i, f := range a {
					if f != b[i] {
						t.Fatal("same seed and roll number gave different faces")
					}
					if f < 1 || f > 6 {
						t.Fatalf("face %d", f)
					}
					seen[f] = true
				}
			}
			if len(seen) != 6 {
				t.Fatalf("600 rolls showed only faces %v", seen)
			}
		})
	}
	if DiceCount("3d6") != 0 {
		t.Fatal("unknown dice have a count")
	}
}

// A roll made by the game is stored in its event and moves the dice on.
func TestGameRollIsRecordedAndAdvances(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 1, GroupVP: 10, LeaderVP: 0, Seed: 5})
	first := g.Roll(Scenario)
	if again := g.Roll(Scenario); again.Faces[0] != first.Faces[0] {
		t.Fatal("rolling without applying changed the dice")
	}
	if _, err := g.Apply(first); err != nil {
		t.Fatal(err)
	}
	s := g.State()
	if s.Rolls != 1 || s.LastRoll.Faces[0] != first.Faces[0] || s.LastRoll.Symbol != ScenarioSymbol(first.Faces[0]) {
		t.Fatalf("%+v", s.LastRoll)
	}
	// Ten further rolls from a seed are not all the same face.
	faces := map[int]bool{}
	for range 10 {
		r := g.Roll(D6)
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
		{"too few faces for 2D6", DiceRolled{Dice: TwoD6, Faces: []int{3}}, "rule.dice.count"},
		{"face 0", DiceRolled{Dice: D6, Faces: []int{0}}, "rule.dice.face"},
		{"face 7", DiceRolled{Dice: Scenario, Faces: []int{7}}, "rule.dice.face"},
		{"typed physical dice are fine", DiceRolled{Dice: TwoD6, Faces: []int{6, 6}, Physical: true}, ""},
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
