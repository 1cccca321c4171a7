package data

import (
	"reflect"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
)

// A seat's steps are saved with who took them, beside the record; the
// laptop's steps have no author; an intent id the game has is refused whole.
func TestAppendByKeepsWhoBesideTheRecord(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{}) // the laptop: seq 1
	steps := []struct {
		name    string
		by      Author
		wantErr bool
	}{
		{"a seat's first step", Author{Intent: "intent-aaaa", SeatID: "h1", SeatName: "Aria"}, false},
		{"another seat's step", Author{Intent: "intent-bbbb", SeatID: "h2", SeatName: "Bran"}, false},
		{"the same intent id again: refused, nothing written", Author{Intent: "intent-aaaa", SeatID: "h1", SeatName: "Aria"}, true},
		{"no intent id: refused", Author{SeatID: "h1", SeatName: "Aria"}, true},
	}
	for _, c := range steps {
		r, err := g.Apply(&dun.NewTurn{})
		if err != nil {
			t.Fatal(err)
		}
		err = s.AppendBy(id, r, g.Summary(), c.by)
		if (err != nil) != c.wantErr {
			t.Fatalf("%s: AppendBy = %v, want error %v", c.name, err, c.wantErr)
		}
		if err != nil {
			if derr := g.Discard(); derr != nil {
				t.Fatal(derr)
			}
			if n := len(load(t, s, id).Records()); n != len(g.Records()) {
				t.Errorf("%s: %d records stored after a refusal, want %d", c.name, n, len(g.Records()))
			}
		}
	}
	authors, err := s.Authors(id)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[int]string{2: "Aria", 3: "Bran"}; !reflect.DeepEqual(authors, want) {
		t.Errorf("Authors = %v, want %v (the laptop's step 1 has none)", authors, want)
	}
	for _, c := range []struct {
		id   string
		seq  int
		have bool
	}{{"intent-aaaa", 2, true}, {"intent-bbbb", 3, true}, {"intent-never", 0, false}} {
		seq, ok, err := s.IntentSeq(id, c.id)
		if err != nil || seq != c.seq || ok != c.have {
			t.Errorf("IntentSeq(%s) = %d, %v, %v; want %d, %v", c.id, seq, ok, err, c.seq, c.have)
		}
	}
	// Deleting the game deletes who took its steps.
	if err := s.DeleteGame(id); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.db.QueryRow(`SELECT count(*) FROM intents`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d intents rows after deleting the game (%v)", n, err)
	}
}
