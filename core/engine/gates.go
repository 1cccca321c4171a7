package engine

import (
	"reflect"
	"slices"
	"sort"
	"strings"
)

// A module's legality and flow are data, in one shape for every game:
//
//   - Gates: each event type declares its own beside its type (Gated): the
//     stages of the pending steps it answers, the rule that refuses it when
//     none is pending, and the moment's conditions it needs, in order;
//   - Stages: which event types answer each kind of pending step (steps.go),
//     collected from the gates (NewLegality);
//   - Next: what comes next, an ordered list of {condition, step}.
//
// Legality.Allowed and Next.Of are their only readers, so a reader finds
// every game's flow in the same place and form.

// Condition is one thing the game's moment must be for an event: the rule
// that refuses it when it does not hold, with the refusal's arguments
// (Args nil: none).
type Condition[S any] struct {
	Rule  string
	Holds func(s S) bool
	Args  func(s S) map[string]any
}

// Check refuses with c's rule when c does not hold.
func (c Condition[S]) Check(s S) error {
	if c.Holds(s) {
		return nil
	}
	var args map[string]any
	if c.Args != nil {
		args = c.Args(s)
	}
	return Refuse(c.Rule, args)
}

// Gate is when an event type is legal: the steps it answers, and what it
// needs when none of them is pending.
type Gate[S any] struct {
	// Answers are the stages of the pending steps the event answers (its
	// place in the table flow): while one is at the head of the steps it
	// applies, whatever its needs say.
	Answers []string
	// NotPending refuses the event when no step its stage lists is pending,
	// with NotPendingArgs' arguments (nil: none); "" when it may also apply
	// with none (then Needs says when).
	NotPending     string
	NotPendingArgs func(s S) map[string]any
	// Needs are the moment's conditions, checked in order.
	Needs []Condition[S]
}

// Gates are a module's gates by event type. Every event type the module
// registers has one, if only an empty Gate (it needs nothing): Ungated says
// which do not.
type Gates[S any] map[string]Gate[S]

// Gated is an event type that declares its gate beside its type, as a move
// in boardgame.io carries its stage:
//
//	func (*Foo) Gate() engine.Gate[moment] { return needs(idle) }
//
// NewLegality collects them; an event type without one has no legality
// (Ungated, Registry.Ungated).
type Gated[S any] interface {
	Event
	Gate() Gate[S]
}

// NewLegality is the legality of the event types r registers, each with the
// gate its type declares (Gated[S]), and the stages their gates answer.
// live refuses every event when it does not hold (a zero Condition: never);
// stage is the stage of the step pending, "" when none is (nil: the module
// has no steps). Call it once every event is registered: from an init
// function, which runs after every package variable (the registrations).
func NewLegality[S any](r *Registry, live Condition[S], stage func(s S) string) Legality[S] {
	l := Legality[S]{Live: live, Stage: stage, Gates: Gates[S]{}}
	for _, t := range r.Types() {
		e, _ := r.New(t)
		g, ok := e.(Gated[S])
		if !ok {
			continue
		}
		gate := g.Gate()
		l.Gates[t] = gate
		for _, st := range gate.Answers {
			l.Stages = l.Stages.with(st, t)
		}
	}
	return l
}

// Legality is a module's one answer to "may an event of this type apply
// now": the rules that depend on the game's moment, not on the event's
// fields.
type Legality[S any] struct {
	// Live is the game still taking events: when it does not hold (the game
	// is over), its rule refuses every event.
	Live Condition[S]
	// Stages say which event types answer the step pending (collected
	// from the gates' Answers); Stage is the stage of the step pending in
	// s, "" when none is (nil: the module has no steps).
	Stages Stages
	Stage  func(s S) string
	Gates  Gates[S]
}

// Allowed says whether an event of type t may apply in s, and if not which
// rule says no: the game over refuses it; an event that answers the step
// pending applies; otherwise its gate decides (no gate: it needs nothing).
func (l Legality[S]) Allowed(s S, t string) error {
	if l.Live.Holds != nil {
		if err := l.Live.Check(s); err != nil {
			return err
		}
	}
	if l.Stage != nil {
		if st := l.Stage(s); st != "" && l.Stages.Takes(st, t) {
			return nil // it answers the step pending
		}
	}
	g := l.Gates[t]
	if g.NotPending != "" {
		var args map[string]any
		if g.NotPendingArgs != nil {
			args = g.NotPendingArgs(s)
		}
		return Refuse(g.NotPending, args)
	}
	for _, c := range g.Needs {
		if err := c.Check(s); err != nil {
			return err
		}
	}
	return nil
}

// Ungated are the event types r registers for its module (the engine's own
// events aside) that have no gate, and the types the gates or stages name
// that r does not register, sorted: both empty in a module whose every
// event has its legality declared.
func (l Legality[S]) Ungated(r *Registry) (ungated, unknown []string) {
	for _, t := range r.Types() {
		if _, ok := l.Gates[t]; !ok && !isEngineEvent(t) {
			ungated = append(ungated, t)
		}
	}
	named := map[string]bool{}
	for t := range l.Gates {
		named[t] = true
	}
	for _, st := range l.Stages {
		for _, t := range st.Events {
			named[t] = true
		}
	}
	for t := range named {
		if _, ok := r.New(t); !ok {
			unknown = append(unknown, t)
		}
	}
	sort.Strings(unknown)
	return ungated, unknown
}

// Ungated are the event types r registers (the engine's own aside) whose
// Go type declares no gate (a method Gate returning an engine.Gate),
// sorted: what a test of every module finds without knowing its state type.
func (r *Registry) Ungated() []string {
	gateType := reflect.TypeFor[Gate[struct{}]]()
	var out []string
	for _, t := range r.Types() {
		m, ok := r.goTypes[t].MethodByName("Gate")
		if isEngineEvent(t) {
			continue
		}
		if !ok || m.Type.NumIn() != 1 || m.Type.NumOut() != 1 || !sameGeneric(m.Type.Out(0), gateType) {
			out = append(out, t)
		}
	}
	return out
}

// sameGeneric says whether a and b are instances of one generic type of
// one package (Gate[X] and Gate[Y]).
func sameGeneric(a, b reflect.Type) bool {
	base := func(t reflect.Type) string { n, _, _ := strings.Cut(t.Name(), "["); return n }
	return a.PkgPath() == b.PkgPath() && base(a) == base(b)
}

// isEngineEvent says whether t is one of the engine's own events (undo,
// redo, rewind), which the engine allows itself.
func isEngineEvent(t string) bool {
	return slices.ContainsFunc(engineEvents, func(f func() Event) bool { return f().Type() == t })
}

// When is one entry of a module's "what comes next": when If holds, Then
// is what comes next.
type When[S, T any] struct {
	If   func(s S) bool
	Then T
}

// Next is a module's "what comes next" as data: entries in order, the
// first whose If holds saying what is next (a zero Then: nothing is).
type Next[S, T any] []When[S, T]

// Of is what comes next in s: the Then of the first entry whose If holds,
// T's zero value when none does.
func (n Next[S, T]) Of(s S) T {
	for _, w := range n {
		if w.If(s) {
			return w.Then
		}
	}
	var zero T
	return zero
}
