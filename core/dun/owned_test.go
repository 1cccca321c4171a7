package dun

import (
	"encoding/json"
	"testing"
)

// A state writes a creature's flags into its own roster in place
// (State.flags): what the game handed out, what Check tried and the bases
// an undo replays from must not see those writes. The game below applies a
// table's mix with nothing asking for its state between events, as a load
// or a fast table does.
func TestOwnedRosterSharesNothing(t *testing.T) {
	events := tableMix(t, tableSetup, 2500)
	g := mustGame(t, tableSetup)
	snap := func() string {
		s, err := g.Snapshot() // the live state, without handing it out
		if err != nil {
			t.Fatal(err)
		}
		return string(s.State)
	}
	type kept struct {
		at    int
		state State
		json  string
	}
	var handed []kept
	for i, e := range events {
		if i%97 == 0 {
			before := snap()
			if err := g.Check(e); err != nil {
				t.Fatalf("event %d (%s): check: %v", i, e.Type(), err)
			}
			if after := snap(); after != before {
				t.Fatalf("event %d (%s): Check changed the game's state", i, e.Type())
			}
		}
		if i%251 == 0 {
			s := g.State()
			handed = append(handed, kept{i, s, stateJSON(t, s)})
		}
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("event %d (%s): %v", i, e.Type(), err)
		}
	}
	for _, k := range handed {
		if got := stateJSON(t, k.state); got != k.json {
			t.Fatalf("the state handed out before event %d changed as the game went on", k.at)
		}
	}
	// Undo back over two re-bases: each state is the replay's of what counts.
	for n := 1; n <= 2*100+20; n++ {
		if _, err := g.Apply(&Undo{}); err != nil {
			t.Fatal(err)
		}
		if n%20 != 0 {
			continue
		}
		want, err := Replay(tableSetup, events[:len(events)-n])
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(g.State())
		if w, _ := json.Marshal(want); string(got) != string(w) {
			t.Fatalf("after %d undos: live\n%s\nreplay\n%s", n, got, w)
		}
	}
	// Rewinds replay from a base, in the game and in the fold.
	for _, e := range []Event{&Rewind{To: g.Effective() - 150}, &Undo{}, &Rewind{To: g.Effective() - 140}} {
		if _, err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := g.Apply(events[g.Effective()]); err != nil {
		t.Fatal(err)
	}
	// The store's import folds the same records to the same state.
	f, _, err := fold(t, g.Setup(), g.Records())
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := f.Snapshot()
	if live := snap(); string(fs.State) != live {
		t.Fatalf("fold\n%s\ngame\n%s", fs.State, live)
	}
}
