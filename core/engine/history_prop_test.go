package engine_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// A toy module whose state depends on the order of its events: a list of
// values pushed and popped, with a rule of the moment (nothing to pop) and
// one of the event's own fields (no zero).
type tally struct {
	Vals []int `json:"vals"`
	Sum  int   `json:"sum"`
}

type Push struct {
	V int `json:"v"`
}

func (*Push) Type() string { return "push" }

type Pop struct{}

func (*Pop) Type() string { return "pop" }

var tallyEvents = engine.NewRegistry(func() engine.Event { return &Push{} }, func() engine.Event { return &Pop{} })

type tallyRules struct{}

func (tallyRules) Init() (tally, []engine.Message) { return tally{Vals: []int{}}, nil }

func (tallyRules) Events() *engine.Registry { return tallyEvents }

func (tallyRules) Allowed(s *tally, t string) error {
	if t == "pop" && len(s.Vals) == 0 {
		return engine.Refuse("rule.pop.empty", nil)
	}
	return nil
}

func (tallyRules) Apply(s *tally, e engine.Event, seq int) ([]engine.Message, error) {
	switch e := e.(type) {
	case *Push:
		if e.V == 0 {
			return nil, engine.Refuse("rule.push.zero", nil)
		}
		s.Vals = append(slices.Clip(s.Vals), e.V)
		s.Sum += e.V * seq // the record's number counts: a redo must apply it as it was
		return []engine.Message{{ID: "log.push", Args: map[string]any{"V": e.V, "Seq": seq}}}, nil
	case *Pop:
		v := s.Vals[len(s.Vals)-1]
		s.Vals = slices.Clone(s.Vals[:len(s.Vals)-1])
		s.Sum -= v
		return []engine.Message{{ID: "log.pop", Args: map[string]any{"V": v}}}, nil
	}
	return nil, errors.New("not a tally event")
}

func (tallyRules) Clone(s *tally) tally { return engine.DeepCopy(*s) }

func tallySummary(s *tally) []engine.Message {
	return []engine.Message{{ID: "summary.tally", Args: map[string]any{"Sum": s.Sum}}}
}

// historyModel is undo, redo and rewind as the textbook says them: every
// step saves the configuration it leaves; undo goes back to the last saved,
// redo forward to the last undone; a new step or a rewind forgets what redo
// could give back. It knows the module's rules too: a configuration holds
// the state its records give, each applied with its own number.
type historyModel struct {
	cur        *config
	undo, redo []*config
}

// config is the records that count and the state they give. One record
// more is a new configuration on top of the one without it, its state that
// one's with the record applied: the state is the replay of its records
// from the start, done once as the configuration is made instead of again
// on every look.
type config struct {
	parent *config // the records but the last; nil for none
	n      int     // how many records count
	record int     // the last one's index
	state  tally
}

func newHistoryModel() historyModel {
	s, _ := tallyRules{}.Init()
	return historyModel{cur: &config{state: s}}
}

// records are the indexes of the records that count, in order.
func (c *config) records() []int {
	out := make([]int, c.n)
	for ; c.n > 0; c = c.parent {
		out[c.n-1] = c.record
	}
	return out
}

// first is the configuration of the first n records of c.
func (c *config) first(n int) *config {
	for c.n > n {
		c = c.parent
	}
	return c
}

func (m *historyModel) step(i int, e engine.Event) string {
	switch e := e.(type) {
	case *engine.Undo:
		if len(m.undo) == 0 {
			return "rule.undo.nothing"
		}
		m.redo = append(m.redo, m.cur)
		m.cur, m.undo = m.undo[len(m.undo)-1], m.undo[:len(m.undo)-1]
	case *engine.Redo:
		if len(m.redo) == 0 {
			return "rule.redo.nothing"
		}
		m.undo = append(m.undo, m.cur)
		m.cur, m.redo = m.redo[len(m.redo)-1], m.redo[:len(m.redo)-1]
	case *engine.Rewind:
		if e.To < 0 || e.To >= m.cur.n {
			return "rule.rewind.range"
		}
		m.undo, m.redo = append(m.undo, m.cur), nil
		m.cur = m.cur.first(e.To)
	default:
		rules := tallyRules{}
		s := rules.Clone(&m.cur.state)
		if err := rules.Allowed(&s, e.Type()); err != nil {
			return ruleID(err)
		}
		if _, err := rules.Apply(&s, e, i+1); err != nil {
			return ruleID(err)
		}
		m.undo, m.redo = append(m.undo, m.cur), nil
		m.cur = &config{parent: m.cur, n: m.cur.n + 1, record: i, state: s}
	}
	return ""
}

func ruleID(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.ID
	}
	if err != nil {
		return "not a rule: " + err.Error()
	}
	return ""
}

func tallyJSON(t *testing.T, s tally) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Random games of events, refused events, undo, redo and rewind (across
// re-bases): after every record the live game, the game resumed from its
// records (with and without its last snapshot), a fold of them as an
// import reads them, and the textbook model (the records that count, each
// applied to the state of those before it) all give the same state; all
// refuse the same events with the same rule; CanUndo and CanRedo say what
// the model says.
func TestHistoryProperty(t *testing.T) {
	for seed := range uint64(6) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 11))
			g := engine.New[tally](tallyRules{}, 1)
			model := newHistoryModel()
			var snap *engine.Snapshot
			var applied []engine.Event // the events g took, in order
			var stored []engine.Record // g's records through Registry.Lazy
			fetch := func(seq int) (engine.Event, error) { return g.Records()[seq-1].Event, nil }
			f := engine.NewFold[tally](tallyRules{}, 1, fetch, tallySummary)
			redos, rewindsRedone, most := 0, 0, 0
			var queued []engine.Event // what comes next: after a rewind, often undo and redo it
			for step := range 4000 {
				var e engine.Event
				switch k := r.IntN(24); {
				case len(queued) > 0:
					e, queued = queued[0], queued[1:]
				case k < 3:
					e = &engine.Undo{}
				case k < 6:
					e = &engine.Redo{}
				case k == 6 && r.IntN(3) == 0:
					e = &engine.Rewind{To: g.Effective() - 1 - r.IntN(150)} // often back over a re-base; sometimes out of range
				case k == 7:
					e = &Pop{}
				case k == 8 && r.IntN(4) == 0:
					e = &Stray{}
				default:
					e = &Push{V: r.IntN(9) - 2} // 0 is refused
				}
				before := len(g.Records())
				_, err := g.Apply(e)
				m := model
				want := m.step(before, e)
				if _, stray := e.(*Stray); stray {
					want = "rule.event.unknown"
				}
				if got := ruleID(err); got != want {
					t.Fatalf("step %d %s: live says %q, the model %q", step, e.Type(), got, want)
				}
				if got := ruleID(f.Step(e)); got != want {
					t.Fatalf("step %d %s: the fold says %q, the live game %q", step, e.Type(), got, want)
				}
				if err != nil {
					if len(g.Records()) != before {
						t.Fatalf("step %d: a refused %s was recorded", step, e.Type())
					}
					continue
				}
				if _, ok := e.(*engine.Redo); ok {
					redos++
					if m.cur.n < model.cur.n {
						rewindsRedone++
					}
				}
				model = m
				if _, ok := e.(*engine.Rewind); ok && r.IntN(2) == 0 {
					queued = []engine.Event{&engine.Undo{}, &engine.Redo{}}
				}
				most = max(most, g.Effective())
				if g.SnapshotDue() {
					s, err := g.Snapshot()
					if err != nil {
						t.Fatal(err)
					}
					snap = &s
				}

				if r := g.Records()[before]; r.Seq != before+1 || !sameEvent(r.Event, e) {
					t.Fatalf("step %d %s: recorded as %d %#v", step, e.Type(), r.Seq, r.Event)
				}
				applied = append(applied, e)
				// The records as a store reads them back, each saved once.
				stored = append(stored, lazily(t, tallyEvents, g.Records()[before:])...)
				live := tallyJSON(t, g.State())
				if got := tallyJSON(t, model.cur.state); got != live {
					t.Fatalf("step %d %s: live\n%s\nthe model\n%s", step, e.Type(), live, got)
				}
				if got := tallyJSON(t, f.State()); got != live {
					t.Fatalf("step %d %s: live\n%s\nfold\n%s", step, e.Type(), live, got)
				}
				if f.Effective() != g.Effective() || f.Records() != len(g.Records()) {
					t.Fatalf("step %d: fold %d of %d, live %d of %d", step, f.Effective(), f.Records(), g.Effective(), len(g.Records()))
				}
				if g.CanUndo() != (len(model.undo) > 0) || g.CanRedo() != (len(model.redo) > 0) {
					t.Fatalf("step %d: CanUndo %v CanRedo %v, the model %d undos %d redos", step, g.CanUndo(), g.CanRedo(), len(model.undo), len(model.redo))
				}
				if (g.Allowed("redo") == nil) != g.CanRedo() || (g.Check(&engine.Redo{}) == nil) != g.CanRedo() {
					t.Fatalf("step %d: Allowed/Check(redo) disagree with CanRedo %v", step, g.CanRedo())
				}
				if step%13 == 0 || step > 3950 {
					// The records are still those applied: none changed since.
					saved := g.Records()
					if len(saved) != len(applied) {
						t.Fatalf("step %d: %d records, %d events applied", step, len(saved), len(applied))
					}
					for i, r := range saved {
						if r.Seq != i+1 || !sameEvent(r.Event, applied[i]) {
							t.Fatalf("step %d: record %d is now %d %#v, applied %#v", step, i+1, r.Seq, r.Event, applied[i])
						}
					}
					for name, sn := range map[string]*engine.Snapshot{"no snapshot": nil, "the last snapshot": snap, "the last snapshot, read lazily": snap} {
						records := slices.Clone(saved)
						if strings.HasSuffix(name, "lazily") {
							records = slices.Clone(stored)
						}
						res, err := engine.Resume[tally](tallyRules{}, 1, records, sn)
						if err != nil {
							t.Fatalf("step %d: resume (%s): %v", step, name, err)
						}
						if got := tallyJSON(t, res.State()); got != live {
							t.Fatalf("step %d %s: live\n%s\nresumed (%s)\n%s", step, e.Type(), live, name, got)
						}
						if res.CanUndo() != g.CanUndo() || res.CanRedo() != g.CanRedo() || res.Effective() != g.Effective() {
							t.Fatalf("step %d: resumed (%s) CanUndo %v CanRedo %v, live %v %v", step, name, res.CanUndo(), res.CanRedo(), g.CanUndo(), g.CanRedo())
						}
						if !reflect.DeepEqual(res.Log(), g.Log()) {
							t.Fatalf("step %d: resumed (%s) log differs", step, name)
						}
						// Undo, twice if it can, as far back as it goes: the
						// resumed game and the model agree.
						m := model
						for range 2 {
							want := m.step(len(records), &engine.Undo{})
							_, err := res.Apply(&engine.Undo{})
							if got := ruleID(err); got != want {
								t.Fatalf("step %d: resumed (%s) undo says %q, the model %q", step, name, got, want)
							}
							records = append(records, engine.Record{Seq: len(records) + 1, Event: &engine.Undo{}})
							if err == nil {
								if got, want := tallyJSON(t, res.State()), tallyJSON(t, m.cur.state); got != want {
									t.Fatalf("step %d: resumed (%s) after undo\n%s\nthe model\n%s", step, name, got, want)
								}
								// Its records, those read lazily decoded, are
								// those saved and the undos.
								got := res.Records()
								if len(got) != len(records) {
									t.Fatalf("step %d: resumed (%s) has %d records, want %d", step, name, len(got), len(records))
								}
								for i, r := range got {
									want := engine.Event(&engine.Undo{})
									if i < len(saved) {
										want = saved[i].Event
									}
									if r.Seq != i+1 || !sameEvent(r.Event, want) {
										t.Fatalf("step %d: resumed (%s) record %d is %d %#v, want %#v", step, name, i+1, r.Seq, r.Event, want)
									}
								}
							}
						}
					}
					seqs, err := engine.EffectiveSeqs(g.Records())
					if err != nil {
						t.Fatal(err)
					}
					var want []int
					for _, i := range model.cur.records() {
						want = append(want, i+1)
					}
					if !slices.Equal(seqs, want) {
						t.Fatalf("step %d: effective %v, the model %v", step, seqs, want)
					}
					fs, _ := f.Snapshot()
					gs, _ := g.Snapshot()
					if !reflect.DeepEqual(fs, gs) {
						t.Fatalf("step %d: fold snapshot %+v, live %+v", step, fs, gs)
					}
				}
			}
			if redos < 30 || rewindsRedone == 0 || most < 2*engine.SnapshotEvery {
				t.Fatalf("%d redos (%d of a rewind), at most %d events counted: the test did not reach far enough", redos, rewindsRedone, most)
			}
		})
	}
}

// sameEvent says whether a and b are the same event: of one type, with the
// same fields.
func sameEvent(a, b engine.Event) bool {
	switch a := a.(type) {
	case *Push:
		b, ok := b.(*Push)
		return ok && *a == *b
	case *Pop:
		_, ok := b.(*Pop)
		return ok
	case *engine.Undo:
		_, ok := b.(*engine.Undo)
		return ok
	case *engine.Redo:
		_, ok := b.(*engine.Redo)
		return ok
	case *engine.Rewind:
		b, ok := b.(*engine.Rewind)
		return ok && *a == *b
	}
	return false
}
