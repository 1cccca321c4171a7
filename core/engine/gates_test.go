package engine_test

import (
	"reflect"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// gateMoment is a toyLegality game's moment: a step pending or none, a door open or
// shut, the game over or not.
type gateMoment struct {
	step string
	open bool
	over bool
}

var toyLegality = engine.Legality[gateMoment]{
	Live: engine.Condition[gateMoment]{Rule: "rule.over", Holds: func(s gateMoment) bool { return !s.over }},
	Stages: engine.Stages{
		{Step: "roll", Events: []string{"die"}},
		{Step: "reveal", Events: []string{"revealed", "shut"}},
	},
	Stage: func(s gateMoment) string { return s.step },
	Gates: engine.Gates[gateMoment]{
		"die":  {NotPending: "rule.die.not_pending"},
		"shut": {NotPending: "rule.not_pending", NotPendingArgs: func(gateMoment) map[string]any { return map[string]any{"StepKey": "step.reveal"} }},
		// revealed also applies with no step pending: then its needs say when.
		"revealed": {Needs: []engine.Condition[gateMoment]{
			{Rule: "rule.busy", Holds: func(s gateMoment) bool { return s.step == "" },
				Args: func(s gateMoment) map[string]any { return map[string]any{"StepKey": "step." + s.step} }},
			{Rule: "rule.shut", Holds: func(s gateMoment) bool { return s.open }},
		}},
		"note": {},
	},
}

// Legality.Allowed, the one reader of every module's legality: the game
// over refuses all; an event answering the step pending applies whatever
// its gate says; otherwise NotPending refuses, then the needs in order.
func TestLegalityAllowed(t *testing.T) {
	cases := []struct {
		name string
		at   gateMoment
		typ  string
		rule string // "" when allowed
		args map[string]any
	}{
		{"over refuses all", gateMoment{over: true, step: "roll"}, "die", "rule.over", nil},
		{"the step's own event", gateMoment{step: "roll"}, "die", "", nil},
		{"no step pending", gateMoment{}, "die", "rule.die.not_pending", nil},
		{"another step pending", gateMoment{step: "reveal"}, "die", "rule.die.not_pending", nil},
		{"its args", gateMoment{}, "shut", "rule.not_pending", map[string]any{"StepKey": "step.reveal"}},
		{"answers the step, needs aside", gateMoment{step: "reveal"}, "revealed", "", nil},
		{"needs in order: the first", gateMoment{step: "roll"}, "revealed", "rule.busy", map[string]any{"StepKey": "step.roll"}},
		{"needs in order: the second", gateMoment{}, "revealed", "rule.shut", nil},
		{"needs met", gateMoment{open: true}, "revealed", "", nil},
		{"an empty gate needs nothing", gateMoment{step: "roll"}, "note", "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := toyLegality.Allowed(c.at, c.typ)
			if c.rule == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			re, ok := err.(*engine.RuleError)
			if !ok || re.ID != c.rule || !reflect.DeepEqual(re.Args, c.args) {
				t.Fatalf("got %v, want %s %v", err, c.rule, c.args)
			}
		})
	}
}

type gateNote struct{}

func (*gateNote) Type() string { return "note" }

type gateDie struct{}

func (*gateDie) Type() string { return "die" }

// Ungated names a registered event with no gate and a gate or stage naming
// no registered event; the engine's own events need none.
func TestLegalityUngated(t *testing.T) {
	r := engine.NewRegistry(func() engine.Event { return &gateNote{} }, func() engine.Event { return &gateDie{} })
	ungated, unknown := toyLegality.Ungated(r)
	if len(ungated) != 0 || !reflect.DeepEqual(unknown, []string{"revealed", "shut"}) {
		t.Errorf("ungated %q, unknown %q", ungated, unknown)
	}
	bare := engine.Legality[gateMoment]{Gates: engine.Gates[gateMoment]{"note": {}}}
	ungated, unknown = bare.Ungated(r)
	if !reflect.DeepEqual(ungated, []string{"die"}) || len(unknown) != 0 {
		t.Errorf("ungated %q, unknown %q", ungated, unknown)
	}
}

// gateShut and gateOpened declare their gates beside their types
// (engine.Gated); gateNote and gateDie declare none.
type gateShut struct{}

func (*gateShut) Type() string { return "shut" }

func (*gateShut) Gate() engine.Gate[gateMoment] {
	return engine.Gate[gateMoment]{Answers: []string{"reveal"}, NotPending: "rule.not_pending"}
}

type gateOpened struct{}

func (*gateOpened) Type() string { return "opened" }

func (*gateOpened) Gate() engine.Gate[gateMoment] {
	return engine.Gate[gateMoment]{Answers: []string{"reveal", "roll"}, Needs: []engine.Condition[gateMoment]{
		{Rule: "rule.shut", Holds: func(s gateMoment) bool { return s.open }}}}
}

// gateOther declares a gate for another state type: not this legality's.
type gateOther struct{}

func (*gateOther) Type() string { return "other" }

func (*gateOther) Gate() engine.Gate[int] { return engine.Gate[int]{} }

// NewLegality collects each event type's gate from its type, and the stages
// from their Answers; an event type declaring none (or one for another
// state) is ungated, which both Legality.Ungated and Registry.Ungated (the
// check that knows no module's state) say.
func TestNewLegalityCollectsGates(t *testing.T) {
	r := engine.NewRegistry(
		func() engine.Event { return &gateShut{} }, func() engine.Event { return &gateOpened{} },
		func() engine.Event { return &gateNote{} }, func() engine.Event { return &gateOther{} })
	l := engine.NewLegality(r, engine.Condition[gateMoment]{}, func(s gateMoment) string { return s.step })
	if len(l.Gates) != 2 || l.Gates["shut"].NotPending != "rule.not_pending" || len(l.Gates["opened"].Needs) != 1 {
		t.Errorf("gates %v", l.Gates)
	}
	want := engine.Stages{{Step: "reveal", Events: []string{"opened", "shut"}}, {Step: "roll", Events: []string{"opened"}}}
	if !reflect.DeepEqual(l.Stages, want) {
		t.Errorf("stages %v, want %v", l.Stages, want)
	}
	for _, c := range []struct {
		name string
		at   gateMoment
		typ  string
		rule string
	}{
		{"answers its step", gateMoment{step: "roll"}, "opened", ""},
		{"needs, no step", gateMoment{}, "opened", "rule.shut"},
		{"not pending", gateMoment{step: "roll"}, "shut", "rule.not_pending"},
		{"its step", gateMoment{step: "reveal"}, "shut", ""},
		{"no gate: no refusal to give, but ungated", gateMoment{}, "note", ""},
	} {
		err := l.Allowed(c.at, c.typ)
		if re, _ := err.(*engine.RuleError); (c.rule == "" && err != nil) || (c.rule != "" && (re == nil || re.ID != c.rule)) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.rule)
		}
	}
	if ungated, unknown := l.Ungated(r); !reflect.DeepEqual(ungated, []string{"note", "other"}) || len(unknown) != 0 {
		t.Errorf("ungated %q, unknown %q", ungated, unknown)
	}
	if got := r.Ungated(); !reflect.DeepEqual(got, []string{"note"}) {
		t.Errorf("Registry.Ungated %q, want [note] (other declares a gate, for another state)", got)
	}
}

// Next.Of is the first entry whose condition holds, an entry with no step
// stopping there; none holding, nothing is next.
func TestNextOf(t *testing.T) {
	next := engine.Next[gateMoment, string]{
		{If: func(s gateMoment) bool { return s.over }},
		{If: func(s gateMoment) bool { return s.step != "" }, Then: "answer " + "step"},
		{If: func(s gateMoment) bool { return !s.open }, Then: "open"},
	}
	for _, c := range []struct {
		at   gateMoment
		want string
	}{
		{gateMoment{over: true, step: "roll"}, ""},
		{gateMoment{step: "roll"}, "answer step"},
		{gateMoment{}, "open"},
		{gateMoment{open: true}, ""},
	} {
		if got := next.Of(c.at); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.at, got, c.want)
		}
	}
}
