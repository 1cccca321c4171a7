package dun

import (
	"reflect"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// The reveal's prompt is core's answer, only while a reveal is due.
func TestRevealPrompt(t *testing.T) {
	g := questGame(t, testQuest(t, nil))
	play(t, g, &NewTurn{})
	if _, due := g.RevealPrompt(); due {
		t.Fatal("a reveal before any exit opened")
	}
	play(t, g, &ExitOpened{Section: "cellar"})
	if _, due := g.RevealPrompt(); due {
		t.Fatal("the reveal before the Obstacle roll")
	}
	play(t, g, die(dice.Power))
	p, due := g.RevealPrompt()
	if !due || p.ID != "prompt.reveal" || len(p.Choices) != 2 {
		t.Fatalf("reveal prompt %+v, due %v", p, due)
	}
	if e, ok := p.Choices[0].Event.(*SectionRevealed); !ok || e.Section != "cellar" {
		t.Fatalf("first choice %+v, want the cellar revealed", p.Choices[0])
	}
}

func TestInitiativeTied(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{ruleError("rule.initiative.reroll_needed", nil), true},
		{ruleError("rule.flow.busy", nil), false},
		{nil, false},
	} {
		if got := InitiativeTied(c.err); got != c.want {
			t.Errorf("InitiativeTied(%v) = %v", c.err, got)
		}
	}
}

// Every reason offered is one the events accept, under its message id.
func TestReserveReasons(t *testing.T) {
	for _, spend := range []bool{true, false} {
		codes := GainReasons
		if spend {
			codes = SpendReasons
		}
		rs := ReserveReasons(spend)
		if len(rs) != len(codes) {
			t.Fatalf("spend %v: %d reasons, want %d", spend, len(rs), len(codes))
		}
		for i, r := range rs {
			if r.Code != codes[i] || r.Key != "reason."+codes[i] {
				t.Errorf("spend %v: reason %+v", spend, r)
			}
		}
	}
}

func TestRulesOfMode(t *testing.T) {
	both := Rules{LeaderFix: true, RotatingExtraAction: true, SurpriseInCombat: true}
	for _, c := range []struct {
		mode        string
		fix, action bool
	}{
		{ConductorSingle, true, false},
		{ConductorRotating, false, true},
	} {
		m := RulesOfMode(c.mode)
		if m.LeaderFix != c.fix || m.RotatingExtraAction != c.action {
			t.Errorf("%s takes %+v", c.mode, m)
		}
		r := both.ForMode(c.mode)
		if r.LeaderFix != c.fix || r.RotatingExtraAction != c.action || !r.SurpriseInCombat {
			t.Errorf("%s: rules %+v", c.mode, r)
		}
	}
}

// The card's order: slain creatures, the due step, hints, the rest, doors
// and chests, the quest's end, the exits, the texts to read aloud.
func TestArrange(t *testing.T) {
	due := State{Due: &Due{}}
	choice := func(e engine.Event) []engine.Choice { return []engine.Choice{{Event: e}} }
	ps := []Prompt{
		{ID: "read", Input: InputReadAloud},
		{ID: "exit", Choices: choice(&ExitOpened{})},
		{ID: "end", Choices: choice(&QuestEnded{})},
		{ID: "lock", Input: InputLockTest},
		{ID: "rest"},
		{ID: "hint", Style: engine.StyleHint},
		{ID: "initiative", Input: InputInitiative},
		{ID: "slain", Choices: choice(&CreatureRemoved{})},
	}
	got := ""
	for _, p := range Arrange(due, ps) {
		got += p.ID + " "
	}
	if want := "slain initiative hint rest lock end exit read "; got != want {
		t.Fatalf("order %q, want %q", got, want)
	}
	// Nothing due: the Initiative prompt is no lead.
	got = ""
	for _, p := range Arrange(State{}, ps[4:7]) {
		got += p.ID + " "
	}
	if want := "hint rest initiative "; got != want {
		t.Fatalf("nothing due: order %q, want %q", got, want)
	}
}

// The catalogue says which actions repeat, roll an extra die or aim at a
// chest's trap; the rules follow it.
func TestActionOptions(t *testing.T) {
	for _, a := range actions.All {
		if a.Repeatable != (a.ID == "secret_door") || (a.ExtraDie != "") != (a.ID == "search_room") || a.AtChestTrap != (a.ID == "disarm_trap") {
			t.Errorf("%s: %+v", a.ID, a)
		}
	}
}

// HeroesFirst: with the hero count wrong, the group's VP and the Leader's
// against it wait ("Setup" step 3 pays the Leader from the group's VP); a
// negative Leader VP, or any problem once the count is right, stays.
func TestHeroesFirst(t *testing.T) {
	heroes := FieldError{Field: "heroes", ID: "setup.heroes.range"}
	group := FieldError{Field: "group_vp", ID: "setup.group_vp.positive"}
	tooHigh := FieldError{Field: "leader_vp", ID: "setup.leader_vp.too_high"}
	negative := FieldError{Field: "leader_vp", ID: "setup.leader_vp.negative"}
	for _, c := range []struct {
		name string
		errs SetupErrors
		want SetupErrors
	}{
		{"the count wrong", SetupErrors{heroes, group, tooHigh}, SetupErrors{heroes}},
		{"the count wrong, a negative Leader", SetupErrors{heroes, negative}, SetupErrors{heroes, negative}},
		{"the count right", SetupErrors{group, tooHigh}, SetupErrors{group, tooHigh}},
		{"none", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := slices.Clone(c.errs)
			if got := HeroesFirst(c.errs); !reflect.DeepEqual(got, c.want) || !reflect.DeepEqual(c.errs, in) {
				t.Fatalf("got %v (errs now %v), want %v", got, c.errs, c.want)
			}
		})
	}
}
