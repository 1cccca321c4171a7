package engine_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/engine/enginetest"
)

// A toy module: a counter that can be locked. It has no game's vocabulary,
// which is the point: the engine must work for any module.
type counter struct {
	N      int      `json:"n"`
	Locked bool     `json:"locked"`
	Adds   []string `json:"adds"`
}

type Add struct {
	By int `json:"by"`
}

func (*Add) Type() string { return "add" }

type Lock struct{}

func (*Lock) Type() string { return "lock" }

type counterRules struct{ start int }

func (r counterRules) Init() (counter, []engine.Message) {
	return counter{N: r.start, Adds: []string{}}, []engine.Message{{ID: "log.start", Args: map[string]any{"N": r.start}}}
}

func (counterRules) Events() *engine.Registry { return counterEvents }

func (counterRules) Allowed(s *counter, t string) error {
	if t == "add" && s.Locked {
		return engine.Refuse("rule.locked", nil)
	}
	return nil
}

func (counterRules) Apply(s *counter, e engine.Event, seq int) ([]engine.Message, error) {
	switch e := e.(type) {
	case *Add:
		if e.By <= 0 {
			return nil, engine.Refuse("rule.add.positive", map[string]any{"By": e.By})
		}
		s.N += e.By
		s.Adds = append(slices.Clip(s.Adds), "add")
		return []engine.Message{{ID: "log.add", Args: map[string]any{"N": s.N}}}, nil
	case *Lock:
		s.Locked = true
		return nil, nil
	}
	return nil, errors.New("unknown event")
}

func (counterRules) Clone(s *counter) counter { return engine.DeepCopy(*s) }

var counterEvents = engine.NewRegistry(func() engine.Event { return &Add{} }, func() engine.Event { return &Lock{} })

func apply(t *testing.T, g *engine.Game[counter], es ...engine.Event) {
	t.Helper()
	for _, e := range es {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
	}
}

func refusedWith(t *testing.T, err error, id string) {
	t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) || re.ID != id {
		t.Fatalf("got %v, want rule %s", err, id)
	}
}

// Apply asks the module's Allowed first and gives its answer; a refused
// event changes nothing and is not recorded.
func TestApplyUsesAllowed(t *testing.T) {
	g := engine.New[counter](counterRules{}, 1)
	apply(t, g, &Add{By: 2}, &Lock{})
	refusedWith(t, g.Allowed("add"), "rule.locked")
	_, err := g.Apply(&Add{By: 1})
	refusedWith(t, err, "rule.locked")
	_, err = g.Apply(&Add{By: -1}) // both rules break: the moment's is said first
	refusedWith(t, err, "rule.locked")
	if g.State().N != 2 || len(g.Records()) != 2 {
		t.Fatalf("a refused event changed the game: %+v, %d records", g.State(), len(g.Records()))
	}
	if err := g.Allowed("lock"); err != nil {
		t.Fatal(err)
	}
}

// Check gives Apply's answer for one event and changes nothing.
func TestCheck(t *testing.T) {
	g := engine.New[counter](counterRules{}, 1)
	refusedWith(t, g.Check(&Add{By: 0}), "rule.add.positive")
	refusedWith(t, g.Check(&engine.Undo{}), "rule.undo.nothing")
	if err := g.Check(&Add{By: 3}); err != nil {
		t.Fatal(err)
	}
	if g.State().N != 0 || len(g.State().Adds) != 0 || len(g.Records()) != 0 {
		t.Fatalf("Check changed the game: %+v", g.State())
	}
	apply(t, g, &Add{By: 1}, &Lock{})
	refusedWith(t, g.Check(&Add{By: 3}), "rule.locked")
	refusedWith(t, g.Check(&engine.Rewind{To: 2}), "rule.rewind.range")
	if err := g.Check(&engine.Rewind{To: 1}); err != nil || g.Effective() != 2 {
		t.Fatalf("%v, %d", err, g.Effective())
	}
}

func TestRefusedFieldChangesNothing(t *testing.T) {
	g := engine.New[counter](counterRules{start: 5}, 1)
	before, _ := json.Marshal(g.State())
	_, err := g.Apply(&Add{By: 0})
	refusedWith(t, err, "rule.add.positive")
	after, _ := json.Marshal(g.State())
	if string(before) != string(after) || len(g.Records()) != 0 {
		t.Fatalf("changed: %s → %s", before, after)
	}
}

// Undo, rewind, and undoing a rewind, with the log following the events that count.
func TestHistory(t *testing.T) {
	g := engine.New[counter](counterRules{}, 1)
	refusedWith(t, g.Allowed("undo"), "rule.undo.nothing")
	apply(t, g, &Add{By: 1}, &Add{By: 10}, &Add{By: 100})
	apply(t, g, &engine.Undo{})
	if g.State().N != 11 || g.Effective() != 2 {
		t.Fatalf("after undo: %+v", g.State())
	}
	apply(t, g, &engine.Rewind{To: g.Position(1)})
	if g.State().N != 1 || g.Position(2) != 0 {
		t.Fatalf("after rewind: %+v", g.State())
	}
	_, err := g.Apply(&engine.Rewind{To: 1})
	refusedWith(t, err, "rule.rewind.range")
	apply(t, g, &engine.Undo{}) // gives back what the rewind took
	if g.State().N != 11 {
		t.Fatalf("after undoing the rewind: %+v", g.State())
	}
	log := g.Log()
	if len(log) != 3 || log[0].ID != "log.start" || log[2].Seq != 2 {
		t.Fatalf("log %+v", log)
	}
	seqs, err := engine.EffectiveSeqs(g.Records())
	if err != nil || !slices.Equal(seqs, []int{1, 2}) {
		t.Fatalf("effective %v %v", seqs, err)
	}
}

// Resume gives the live game's state and log, with or without a snapshot;
// records behind the snapshot get their log derived when it is asked for.
func TestResumeAndLog(t *testing.T) {
	g := engine.New[counter](counterRules{start: 3}, 7)
	for i := range 2*engine.SnapshotEvery + 5 {
		apply(t, g, &Add{By: i + 1})
	}
	apply(t, g, &engine.Undo{})
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	stale := snap
	stale.Version = 8
	wantLog, _ := json.Marshal(g.Log())
	for name, sn := range map[string]*engine.Snapshot{"none": nil, "fresh": &snap, "other version": &stale} {
		t.Run(name, func(t *testing.T) {
			records := slices.Clone(g.Records())
			for i := range records {
				records[i].Log = nil // as loaded from a store
			}
			r, err := engine.Resume[counter](counterRules{start: 3}, 7, records, sn)
			if err != nil {
				t.Fatal(err)
			}
			if r.State().N != g.State().N || r.Effective() != g.Effective() {
				t.Fatalf("state %+v, want %+v", r.State(), g.State())
			}
			if got, _ := json.Marshal(r.Log()); string(got) != string(wantLog) {
				t.Fatal("log differs after resume")
			}
			if l := r.Logged(1); len(l) != 1 || l[0].Args["N"] != 4 {
				t.Fatalf("logged(1) %+v", l)
			}
		})
	}
}

func TestResumeRefusesBrokenLogs(t *testing.T) {
	cases := map[string][]engine.Record{
		"undo first":        {{Seq: 1, Event: &engine.Undo{}}},
		"gap":               {{Seq: 1, Event: &Add{By: 1}}, {Seq: 3, Event: &Add{By: 1}}},
		"no longer legal":   {{Seq: 1, Event: &Add{By: 0}}},
		"refused by moment": {{Seq: 1, Event: &Lock{}}, {Seq: 2, Event: &Add{By: 1}}},
	}
	for name, records := range cases {
		if _, err := engine.Resume[counter](counterRules{}, 1, records, nil); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestDiscard(t *testing.T) {
	g := engine.New[counter](counterRules{}, 1)
	apply(t, g, &Add{By: 1}, &Add{By: 2})
	if err := g.Discard(); err != nil {
		t.Fatal(err)
	}
	if g.State().N != 1 || len(g.Records()) != 1 {
		t.Fatalf("after discard %+v", g.State())
	}
	apply(t, g, &Add{By: 5})
	if g.State().N != 6 {
		t.Fatalf("%+v", g.State())
	}
}

func TestCodec(t *testing.T) {
	enginetest.CheckCodec(t, counterEvents)
	if !slices.Equal(counterEvents.Types(), []string{"add", "lock", "redo", "rewind", "undo"}) {
		t.Fatalf("types %v", counterEvents.Types())
	}
	for _, bad := range []string{`{"by":1}`, `{"type":"nope"}`, `{"type":"add","by":1,"extra":2}`, `{"type":"add","by":"one"}`, `[1]`, `{"type":"add"} {}`} {
		if _, err := counterEvents.Decode([]byte(bad)); err == nil {
			t.Errorf("%s decoded", bad)
		}
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a type registered twice was accepted")
		}
	}()
	engine.NewRegistry(func() engine.Event { return &Add{} }, func() engine.Event { return &Add{} })
}

func TestDeepCopySharesNothing(t *testing.T) {
	type inner struct {
		Faces []int
		Args  map[string]any
	}
	type big struct {
		Items  []inner
		Ptr    *inner
		ByName map[string][]string
		Arr    [2][]int
		Any    any
		Nil    []int
		Empty  []int
	}
	var v big
	enginetest.Fill(&v)
	v.Nil, v.Empty = nil, []int{}
	c := engine.DeepCopy(v)
	if s := enginetest.Shares(v, c); len(s) > 0 {
		t.Fatalf("the copy shares %v", s)
	}
	if len(enginetest.Shares(v, v)) == 0 {
		t.Fatal("Shares cannot see sharing: this test could never fail")
	}
	a, _ := json.Marshal(v)
	b, _ := json.Marshal(c)
	if string(a) != string(b) {
		t.Fatalf("copy differs:\n%s\n%s", a, b)
	}
	if c.Nil != nil || c.Empty == nil {
		t.Fatal("nil and empty must stay as they were")
	}
}

func TestModules(t *testing.T) {
	_, err := engine.Find("no-such-game")
	var ue *engine.UnknownModuleError
	if !errors.As(err, &ue) || ue.Name != "no-such-game" {
		t.Fatalf("got %v", err)
	}
}

func TestDiceAreSeeded(t *testing.T) {
	a, b := engine.D6s(7, 3, 4), engine.D6s(7, 3, 4)
	if !slices.Equal(a, b) || len(a) != 4 {
		t.Fatalf("%v %v", a, b)
	}
	seen := map[int]bool{}
	for n := range 200 {
		for _, f := range engine.D6s(1, n, 2) {
			if f < 1 || f > 6 {
				t.Fatalf("face %d", f)
			}
			seen[f] = true
		}
	}
	if len(seen) != 6 {
		t.Fatalf("faces seen %v", seen)
	}
}

// Undo across the re-base made every SnapshotEvery events gives the state a
// replay of the events that count gives, and leaves the base untouched.
func TestUndoAcrossTheRebase(t *testing.T) {
	g := engine.New[counter](counterRules{}, 1)
	for i := range engine.SnapshotEvery + 3 {
		apply(t, g, &Add{By: i + 1})
	}
	for range 6 { // back over the re-base, then forward again
		apply(t, g, &engine.Undo{})
		var es []engine.Event
		for _, r := range g.Records() {
			if g.Position(r.Seq) > 0 {
				es = append(es, r.Event)
			}
		}
		want, err := engine.Replay[counter](counterRules{}, es)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.State(); got.N != want.N || len(got.Adds) != len(want.Adds) {
			t.Fatalf("after undo: %d (%d adds), replay %d (%d adds)", got.N, len(got.Adds), want.N, len(want.Adds))
		}
	}
	apply(t, g, &Add{By: 1000}, &Add{By: 1000}, &engine.Undo{}, &engine.Undo{}, &engine.Undo{})
	if g.State().N != (engine.SnapshotEvery-4)*(engine.SnapshotEvery-3)/2 {
		t.Fatalf("N %d", g.State().N)
	}
}

// The fast path for the store's own events and the long way agree, and an
// event with escapes or another key order still decodes strictly.
func TestDecodeFastPath(t *testing.T) {
	for _, in := range []string{`{"type":"add","by":2}`, `{"by":2,"type":"add"}`, ` {"type":"add","by":2}`, `{"type":"a\u0064d","by":2}`} {
		e, err := counterEvents.Decode([]byte(in))
		if err != nil || e.(*Add).By != 2 {
			t.Errorf("%s: %v %v", in, e, err)
		}
	}
	for _, bad := range []string{`{"type":"add","by":2,"x":1}`, `{"type":"add"`, `{"type":"nope"}`, `{"type":"add\"}`} {
		if _, err := counterEvents.Decode([]byte(bad)); err == nil {
			t.Errorf("%s decoded", bad)
		}
	}
}

// Redo gives back what undos took back, the last undone first, until a new
// event or a rewind; an undo takes a redo back again; a rewind undone and
// redone is the rewind again.
func TestRedo(t *testing.T) {
	g := engine.New[counter](counterRules{}, 1)
	refusedWith(t, g.Allowed("redo"), "rule.redo.nothing")
	_, err := g.Apply(&engine.Redo{})
	refusedWith(t, err, "rule.redo.nothing")
	apply(t, g, &Add{By: 1}, &Add{By: 10}, &Add{By: 100})
	refusedWith(t, g.Check(&engine.Redo{}), "rule.redo.nothing")
	apply(t, g, &engine.Undo{}, &engine.Undo{})
	if g.State().N != 1 || !g.CanRedo() || g.Allowed("redo") != nil || g.Check(&engine.Redo{}) != nil {
		t.Fatalf("after two undos: %+v, CanRedo %v", g.State(), g.CanRedo())
	}
	if r, ok := g.Redoes(); !ok || r.Seq != 2 {
		t.Fatalf("Redo would give back %+v, want record 2", r)
	}
	if r, ok := g.Undoes(); !ok || r.Seq != 1 {
		t.Fatalf("Undo would take back %+v, want record 1", r)
	}
	apply(t, g, &engine.Redo{}) // the last undone first: +10
	if g.State().N != 11 || g.Effective() != 2 {
		t.Fatalf("after a redo: %+v", g.State())
	}
	apply(t, g, &engine.Undo{}) // takes the redo back
	if g.State().N != 1 {
		t.Fatalf("after undoing the redo: %+v", g.State())
	}
	apply(t, g, &engine.Redo{}, &engine.Redo{})
	if g.State().N != 111 || g.CanRedo() {
		t.Fatalf("after redoing both: %+v, CanRedo %v", g.State(), g.CanRedo())
	}
	if l := g.Logged(3); len(l) != 1 || l[0].Args["N"] != 111 {
		t.Fatalf("the redone record's log %+v", l)
	}

	// A new event: nothing to redo.
	apply(t, g, &engine.Undo{}, &Add{By: 5})
	if g.CanRedo() || g.State().N != 16 {
		t.Fatalf("after a new event: %+v, CanRedo %v", g.State(), g.CanRedo())
	}
	refusedWith(t, g.Allowed("redo"), "rule.redo.nothing")

	// A rewind: nothing to redo either; undone, it is redone as a rewind.
	apply(t, g, &engine.Undo{})
	apply(t, g, &engine.Rewind{To: 1})
	if g.CanRedo() || g.State().N != 1 {
		t.Fatalf("after a rewind: %+v, CanRedo %v", g.State(), g.CanRedo())
	}
	apply(t, g, &engine.Undo{})
	if g.State().N != 11 || !g.CanRedo() {
		t.Fatalf("after undoing the rewind: %+v", g.State())
	}
	if r, ok := g.Redoes(); !ok || r.Event.Type() != "rewind" {
		t.Fatalf("Redo would give back %+v, want the rewind", r)
	}
	apply(t, g, &engine.Redo{})
	if g.State().N != 1 || g.Effective() != 1 {
		t.Fatalf("after redoing the rewind: %+v", g.State())
	}
	if r, ok := g.Undoes(); !ok || r.Event.Type() != "rewind" {
		t.Fatalf("Undo would take back %+v, want the rewind", r)
	}
	if _, ok := g.Redoes(); ok {
		t.Fatal("something left to redo")
	}

	// The same from the records alone.
	r, err := engine.Resume[counter](counterRules{}, 1, g.Records(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.State().N != 1 || !r.CanUndo() || r.CanRedo() != g.CanRedo() {
		t.Fatalf("resumed: %+v", r.State())
	}
	apply(t, r, &engine.Undo{}, &engine.Redo{}, &engine.Undo{})
	if r.State().N != 11 {
		t.Fatalf("resumed, undo redo undo: %+v", r.State())
	}
}

// Stray is an event no registry of the counter's package knows.
type Stray struct{}

func (*Stray) Type() string { return "stray" }

// Impostor says it is an "add" but is not the Go type registered as one.
type Impostor struct {
	By int `json:"by"`
}

func (*Impostor) Type() string { return "add" }

// An event of a Go type the module's registry does not have (it could be
// saved, but never read back: the save would open read-only) is refused by
// Apply, Check, Allowed, a fold and a resume, with the rule that says so,
// and nothing is recorded.
func TestUnregisteredEventIsRefused(t *testing.T) {
	g := engine.New[counter](counterRules{}, 1)
	apply(t, g, &Add{By: 1})
	for _, e := range []engine.Event{&Stray{}, &Impostor{By: 2}} {
		_, err := g.Apply(e)
		refusedWith(t, err, "rule.event.unknown")
		var re *engine.RuleError
		if errors.As(err, &re); re.Args["Type"] != e.Type() {
			t.Fatalf("the refusal names %v, not %s", re.Args, e.Type())
		}
		refusedWith(t, g.Check(e), "rule.event.unknown")
		if len(g.Records()) != 1 || g.State().N != 1 {
			t.Fatalf("%T was recorded: %d records, %+v", e, len(g.Records()), g.State())
		}
	}
	refusedWith(t, g.Allowed("stray"), "rule.event.unknown")
	if err := g.Allowed("add"); err != nil {
		t.Fatal(err)
	}
	f := engine.NewFold[counter](counterRules{}, 1, nil, func(*counter) []engine.Message { return nil })
	refusedWith(t, f.Step(&Stray{}), "rule.event.unknown")
	if f.Records() != 0 {
		t.Fatal("the fold counted a refused event")
	}
	if _, err := engine.Resume[counter](counterRules{}, 1, []engine.Record{{Seq: 1, Event: &Impostor{By: 1}}}, nil); err == nil {
		t.Fatal("a record of an unregistered type resumed")
	}
}
