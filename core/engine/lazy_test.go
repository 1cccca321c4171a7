package engine_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// lazily gives records as a store reads them: each event's saved JSON
// through Registry.Lazy.
func lazily(t *testing.T, reg *engine.Registry, records []engine.Record) []engine.Record {
	t.Helper()
	out := make([]engine.Record, len(records))
	for i, r := range records {
		body, err := engine.Encode(r.Event)
		if err != nil {
			t.Fatal(err)
		}
		e, err := reg.Lazy(string(body))
		if err != nil {
			t.Fatalf("record %d: %v", r.Seq, err)
		}
		out[i] = engine.Record{Seq: r.Seq, Event: e}
	}
	return out
}

// Lazy leaves a module's event for later, reads the engine's own at once,
// and refuses an unknown type as Decode does; a stored event decodes, and
// encodes, as the event read at once.
func TestLazy(t *testing.T) {
	e, err := counterEvents.Lazy(`{"type":"add","by":2}`)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := e.(*engine.Stored)
	if !ok || st.Type() != "add" {
		t.Fatalf("Lazy(add) = %T %v", e, e)
	}
	if d, err := st.Decode(); err != nil || d.(*Add).By != 2 {
		t.Fatalf("Decode = %v, %v", d, err)
	}
	if b, err := engine.Encode(st); err != nil || string(b) != `{"type":"add","by":2}` {
		t.Fatalf("Encode = %s, %v", b, err)
	}
	for in, want := range map[string]engine.Event{
		`{"type":"undo"}`: &engine.Undo{}, `{"type":"redo"}`: &engine.Redo{}, `{"type":"rewind","to":3}`: &engine.Rewind{To: 3},
		`{"by":2,"type":"add"}`: &Add{By: 2}, // not as Encode writes it: read at once
	} {
		if got, err := counterEvents.Lazy(in); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Lazy(%s) = %#v, %v; want %#v", in, got, err, want)
		}
	}
	for _, bad := range []string{`{"type":"nope"}`, `{"type":"nope","by":2}`, `{"type":"undo","x":1}`, `{"by":2,"type":"add","x":1}`} {
		if _, err := counterEvents.Lazy(bad); err == nil {
			t.Errorf("Lazy(%s) accepted", bad)
		}
	}
	// Only the type is read at once: a stored event that does not decode is
	// refused with the decoder's error when it is applied.
	for _, bad := range []string{`{"type":"add","by":2,"x":1}`, `{"type":"add"`} {
		e, err := counterEvents.Lazy(bad)
		if err != nil {
			t.Fatalf("Lazy(%s): %v", bad, err)
		}
		g := engine.New[counter](counterRules{}, 1)
		want, _ := counterEvents.Decode([]byte(bad))
		if _, err := g.Apply(e); err == nil || want != nil || len(g.Records()) != 0 {
			t.Fatalf("Apply of %s = %v", bad, err)
		}
	}
}

// A game resumed from a snapshot with its records read lazily decodes only
// what it replays; everything else still works: its log, an undo behind
// the snapshot, Records. A record behind the snapshot that no longer
// decodes is found when it is needed: the undo that needs it is refused
// and changes nothing.
func TestResumeLazily(t *testing.T) {
	g := engine.New[counter](counterRules{}, 1)
	for i := range 2*engine.SnapshotEvery + 5 {
		apply(t, g, &Add{By: i + 1})
		if i%17 == 3 {
			apply(t, g, &engine.Undo{}, &engine.Redo{})
		}
	}
	snap, err := engine.Snapshot{}, error(nil)
	for i := len(g.Records()); ; i-- { // the last snapshot the app would have saved
		r, err := engine.Resume[counter](counterRules{}, 1, g.Records()[:i], nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.SnapshotDue() {
			if snap, err = r.Snapshot(); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	saved := slices.Clone(g.Records())
	res, err := engine.Resume[counter](counterRules{}, 1, lazily(t, counterEvents, saved), &snap)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.State(), g.State()) || !reflect.DeepEqual(res.Log(), g.Log()) {
		t.Fatal("a lazily resumed game differs")
	}
	for range engine.SnapshotEvery + 10 { // back behind the snapshot
		apply(t, g, &engine.Undo{})
		if _, err := res.Apply(&engine.Undo{}); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(res.State(), g.State()) {
			t.Fatal("undo behind the snapshot differs")
		}
	}
	got, want := res.Records(), g.Records()
	for i := range want {
		if _, stored := got[i].Event.(*engine.Stored); stored || !reflect.DeepEqual(got[i].Event, want[i].Event) {
			t.Fatalf("record %d: %#v, want %#v", i+1, got[i].Event, want[i].Event)
		}
	}

	// Record 3 damaged: the game loads from the snapshot, and the undo that
	// would replay it is refused.
	records := lazily(t, counterEvents, saved)
	records[2].Event, _ = counterEvents.Lazy(`{"type":"add","by":3,"x":1}`)
	res, err = engine.Resume[counter](counterRules{}, 1, records, &snap)
	if err != nil {
		t.Fatal(err)
	}
	for res.Effective() > snap.Effective { // undos that replay from the snapshot
		if _, err := res.Apply(&engine.Undo{}); err != nil {
			t.Fatal(err)
		}
	}
	before, redo, n := res.State(), res.CanRedo(), len(res.Records())
	if _, err := res.Apply(&engine.Undo{}); err == nil || !strings.Contains(err.Error(), "record 3") {
		t.Fatalf("undo over a damaged record: %v", err)
	}
	if !reflect.DeepEqual(res.State(), before) || res.CanRedo() != redo || res.Effective() != snap.Effective || len(res.Records()) != n {
		t.Fatal("a refused undo changed the game")
	}
	if _, err := res.Apply(&engine.Redo{}); err != nil || res.Effective() != snap.Effective+1 {
		t.Fatalf("redo after a refused undo: %v", err)
	}
	if _, stored := res.Records()[2].Event.(*engine.Stored); !stored {
		t.Fatal("the damaged record is no longer *Stored")
	}
}

// The records a long game holds, applied without Records asked between
// them and with it asked now and then, are every record in order with its
// log.
func TestRecordsOverChunks(t *testing.T) {
	g := engine.New[counter](counterRules{}, 1)
	n := 0
	for _, batch := range []int{3, 700, 1, 1500, 512, 511, 2} {
		for range batch {
			n++
			apply(t, g, &Add{By: n})
		}
		if l := g.Logged(n); len(l) != 1 || l[0].Args["N"] != n*(n+1)/2 {
			t.Fatalf("record %d logged %v", n, l)
		}
		rs := g.Records()
		if len(rs) != n {
			t.Fatalf("%d records, want %d", len(rs), n)
		}
		for i, r := range rs {
			if r.Seq != i+1 || r.Event.(*Add).By != i+1 || len(r.Log) != 1 || r.Log[0].Args["N"] != (i+1)*(i+2)/2 {
				t.Fatalf("record %d: %+v", i+1, r)
			}
		}
	}
}
