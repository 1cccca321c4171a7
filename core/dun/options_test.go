package dun

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// optionReaders read each rule option as the rules code does: a row added
// to RuleOptions without one here fails TestRuleOptionsTable.
var optionReaders = map[string]func(Setup) bool{
	"increased_difficulty":  func(s Setup) bool { return s.Rules.increasedDifficulty() },
	"leader_fix":            func(s Setup) bool { return reservePerVitality(s, false) == 2 },
	"rotating_extra_action": func(s Setup) bool { return leaderActions(Setup{Conductor: ConductorRotating, Rules: s.Rules}) == 1 },
	"surprise_in_combat":    func(s Setup) bool { return s.Rules.SurpriseInCombat },
}

// Every row of the table: its values are its own, a new game that leaves
// it out plays its default, a save that lacks it replays with its replay
// value, and a game that gives it plays what it gave.
func TestRuleOptionsTable(t *testing.T) {
	rulings := map[string]bool{}
	for _, r := range Rulings {
		rulings[r.ID] = true
	}
	for _, o := range RuleOptions {
		t.Run(o.ID, func(t *testing.T) {
			read, ok := optionReaders[o.ID]
			if !ok {
				t.Fatal("no reader in optionReaders: how does the rules code read it?")
			}
			if !slices.Contains(o.Values(), o.Default) || !slices.Contains(o.Values(), o.Replay) || o.Label == "" {
				t.Fatalf("default %q, replay %q, label %q", o.Default, o.Replay, o.Label)
			}
			if o.Ruling != "" && !rulings[o.Ruling] {
				t.Errorf("ruling %s is not one of DUN's", o.Ruling)
			}
			g, err := NewGame(Setup{Heroes: 2, GroupVP: 30, LeaderVP: 10})
			if err != nil {
				t.Fatal(err)
			}
			if got := read(g.Setup()); got != (o.Default == engine.OptionOn) {
				t.Errorf("a new game plays %v, want its default %s", got, o.Default)
			}
			old, err := Resume(Setup{Heroes: 2, GroupVP: 30, LeaderVP: 10}.Normalize(), nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := read(old.Setup()); got != (o.Replay == engine.OptionOn) {
				t.Errorf("a save without it replays %v, want %s", got, o.Replay)
			}
			for _, v := range o.Values() {
				s := Setup{Heroes: 2, GroupVP: 30, LeaderVP: 10}
				if err := engine.SetOption(&s.Rules, o, v); err != nil {
					t.Fatal(err)
				}
				if got := read(s); got != (v == engine.OptionOn) {
					t.Errorf("given %s it plays %v", v, got)
				}
			}
		})
	}
}

// The Leader options belong to one Conductor mode each (RulesOfMode); the
// others to both.
func TestOptionInMode(t *testing.T) {
	want := map[string][2]bool{ // single, rotating
		"increased_difficulty":  {true, true},
		"leader_fix":            {true, false},
		"rotating_extra_action": {false, true},
		"surprise_in_combat":    {true, true},
	}
	for _, o := range RuleOptions {
		got := [2]bool{OptionInMode(o, ConductorSingle), OptionInMode(o, ConductorRotating)}
		if got != want[o.ID] {
			t.Errorf("%s in single and rotating: %v, want %v", o.ID, got, want[o.ID])
		}
	}
}
