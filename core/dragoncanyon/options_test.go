package dragoncanyon

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Every row of the table: its values are its own, a new game that leaves
// it out plays its default, a save that lacks it replays with its replay
// value, each value given is kept, and its ruling is one of the game's.
func TestRuleOptionsTable(t *testing.T) {
	rulings := map[string]bool{}
	for _, r := range Rulings {
		rulings[r.ID] = true
	}
	for _, o := range RuleOptions {
		t.Run(o.ID, func(t *testing.T) {
			if o.Label == "" || o.Ruling != "" && !rulings[o.Ruling] {
				t.Fatalf("label %q, ruling %q", o.Label, o.Ruling)
			}
			for _, v := range []string{o.Default, o.Replay} {
				if v != "" && !slices.Contains(o.Values(), v) {
					t.Fatalf("%q is not one of %v", v, o.Values())
				}
			}
			bare := testSetup()
			bare.Rules = Options{}
			g, err := NewGame(bare)
			if err != nil {
				t.Fatal(err)
			}
			if got := engine.OptionValue(g.Setup().Rules, o.ID); o.Default != "" && got != o.Default && !(got == "" && o.Default == engine.OptionOff) {
				t.Errorf("a new game plays %q, want %q", got, o.Default)
			}
			old, err := Resume(bare, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := engine.OptionValue(old.Setup().Rules, o.ID); o.Replay != "" && got != o.Replay && !(got == "" && o.Replay == engine.OptionOff) {
				t.Errorf("a save without it replays %q, want %q", got, o.Replay)
			}
			for _, v := range o.Values() {
				s := testSetup()
				if err := engine.SetOption(&s.Rules, o, v); err != nil {
					t.Fatal(err)
				}
				g, err := NewGame(s)
				if err != nil {
					t.Fatalf("%s: %v", v, err)
				}
				if got := engine.OptionValue(g.Setup().Rules, o.ID); got != v && !(got == "" && v == engine.OptionOff) {
					t.Errorf("given %s the game plays %q", v, got)
				}
			}
		})
	}
}

// An option the rest of the setup decides: the AI wins draws on harder
// with 2 players only ("Varying the Difficulty").
func TestAIWinsDrawsBySetup(t *testing.T) {
	cases := []struct {
		players    int
		difficulty string
		want       string
	}{
		{1, Harder, engine.OptionOff},
		{2, Harder, engine.OptionOn},
		{2, Normal, engine.OptionOff},
	}
	for _, c := range cases {
		s := testSetup(func(s *Setup) { s.Players, s.Difficulty = c.players, c.difficulty })
		s.Rules.AIWinsDraws = nil
		if got := engine.OptionValue(s.Normalize().Rules, "ai_wins_draws"); got != c.want {
			t.Errorf("%d players, %s: %q, want %q", c.players, c.difficulty, got, c.want)
		}
	}
}
