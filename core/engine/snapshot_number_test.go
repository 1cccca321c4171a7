package engine_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// A toy module whose state keeps untyped arguments, as a module's hints do.
type noted struct {
	Last  map[string]any   `json:"last"`
	Notes []map[string]any `json:"notes"`
}

type Note struct {
	V int `json:"v"`
}

func (*Note) Type() string { return "note" }

var notedEvents = engine.NewRegistry(func() engine.Event { return &Note{} }) // a game takes only registered events

func (notedRules) Events() *engine.Registry { return notedEvents }

type notedRules struct{}

func (notedRules) Init() (noted, []engine.Message) { return noted{Notes: []map[string]any{}}, nil }

func (notedRules) Allowed(*noted, string) error { return nil }

func (notedRules) Apply(s *noted, e engine.Event, _ int) ([]engine.Message, error) {
	n := e.(*Note)
	args := map[string]any{"V": n.V, "List": []any{n.V, "x"}, "Deep": map[string]any{"V": n.V}}
	s.Last = args
	s.Notes = append(append([]map[string]any{}, s.Notes...), map[string]any{"V": n.V})
	return nil, nil
}

func (notedRules) Clone(s *noted) noted { return engine.DeepCopy(*s) }

// A snapshot's untyped numbers come back as the ints the live state held:
// integers above 2^53 once came back as rounded float64s, so a game resumed
// from a snapshot differed from its replay.
func TestSnapshotKeepsIntegers(t *testing.T) {
	for _, v := range []int{3, 1<<53 + 1, 9223372036854775807, -9223372036854775808} {
		g := engine.New[noted](notedRules{}, 1)
		for _, e := range []engine.Event{&Note{V: 1}, &Note{V: v}} {
			if _, err := g.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
		snap, err := g.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		resumed, err := engine.Resume[noted](notedRules{}, 1, g.Records(), &snap)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(resumed.State(), g.State()) {
			t.Fatalf("%d: resumed %#v, played %#v", v, resumed.State(), g.State())
		}
	}
}

// A snapshot whose untyped numbers are not ints is not this module's state:
// it is not trusted, and the game is rebuilt from its records.
func TestSnapshotWithAFloatIsRebuilt(t *testing.T) {
	g := engine.New[noted](notedRules{}, 1)
	if _, err := g.Apply(&Note{V: 7}); err != nil {
		t.Fatal(err)
	}
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	var tampered noted
	if err := json.Unmarshal(snap.State, &tampered); err != nil {
		t.Fatal(err)
	}
	tampered.Last["V"] = 7.5
	if snap.State, err = json.Marshal(tampered); err != nil {
		t.Fatal(err)
	}
	resumed, err := engine.Resume[noted](notedRules{}, 1, g.Records(), &snap)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(resumed.State(), g.State()) {
		t.Fatalf("resumed %#v, played %#v", resumed.State(), g.State())
	}
}
