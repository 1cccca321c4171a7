package dice

import (
	"testing"
)

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
		dice Kind
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
	if Count("3d6") != 0 {
		t.Fatal("unknown dice have a count")
	}
}

// "Rolls": 2D6 + attribute against 10 unless told otherwise; an unmodified
// double 1 always fails (critical), an unmodified double 6 always passes.
func TestAttributeTest(t *testing.T) {
	cases := []struct {
		name                    string
		dice                    [2]int
		value, modifier, target int
		passed                  bool
		critical                string
	}{
		{"10 passes", [2]int{5, 2}, 3, 0, 0, true, ""},
		{"9 fails", [2]int{4, 2}, 3, 0, 0, false, ""},
		{"another target", [2]int{3, 2}, 3, 0, 8, true, ""},
		{"double 1 fails whatever the attribute", [2]int{1, 1}, 20, 0, 0, false, CriticalFailure},
		{"double 6 passes whatever the penalty", [2]int{6, 6}, 0, -10, 0, true, CriticalSuccess},
		{"a modifier cannot make a critical", [2]int{1, 2}, 0, -5, 0, false, ""},
		{"riddle's -2", [2]int{5, 3}, 3, -2, 0, false, ""},
	}
	for _, c := range cases {
		o := AttributeTest(c.dice, c.value, c.modifier, c.target)
		if o.Passed != c.passed || o.Critical != c.critical {
			t.Errorf("%s: %+v", c.name, o)
		}
	}
	if Opposed([2]int{3, 3}, 2, [2]int{4, 2}, 2) != 0 || Opposed([2]int{6, 6}, 0, [2]int{1, 1}, 10) != 0 || Opposed([2]int{2, 2}, 5, [2]int{6, 1}, 1) != 1 {
		t.Fatal("opposed rolls: the higher total wins, doubles decide nothing")
	}
}
