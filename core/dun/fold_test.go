package dun

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// fold folds records as the store's import does, fetching events again
// from records; it counts the fetches.
func fold(t *testing.T, setup Setup, records []Record) (engine.Folder, int, error) {
	t.Helper()
	sj, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	fetches := 0
	f, err := Module.Fold(sj, encodeContent(setup), func(seq int) (engine.Event, error) {
		fetches++
		if seq < 1 || seq > len(records) {
			return nil, fmt.Errorf("no record %d", seq)
		}
		return records[seq-1].Event, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range records {
		if err := f.Step(r.Event); err != nil {
			return f, fetches, fmt.Errorf("record %d: %w", r.Seq, err)
		}
	}
	return f, fetches, nil
}

// A fold of a long random game with undos and rewinds (across re-bases)
// gives, after every record, the state, the count, the snapshot and the
// summary Resume gives from the same records.
func TestFoldMatchesResume(t *testing.T) {
	setup := Setup{Heroes: 3, GroupVP: 90, LeaderVP: 20, Seed: 3, Rules: Rules{DueSteps: new(bool)}}
	for seed := range uint64(4) {
		r := rand.New(rand.NewPCG(seed, 7))
		g, most := mustGame(t, setup), 0
		for range 4000 {
			var e Event
			switch k := r.IntN(10); {
			case k == 0 && r.IntN(3) == 0 && g.CanUndo():
				e = &Undo{}
			case k == 1 && r.IntN(6) == 0 && g.Effective() > 1:
				e = &Rewind{To: max(0, g.Effective()-1-r.IntN(120))} // back over a re-base, often
			case k == 2:
				e = &ReserveGained{Amount: r.IntN(5) + 1, Reason: "correction"}
			case k == 3:
				e = &AdpCombatTurn{}
			case k == 4:
				e = g.RollDie()
			default:
				e = &DiceRolled{Dice: dice.TwoD6, Faces: []int{r.IntN(6) + 1, r.IntN(6) + 1}}
			}
			g.Apply(e) // a refused event is not recorded
			most = max(most, g.Effective())
		}
		if most < 2*engine.SnapshotEvery {
			t.Fatalf("seed %d: at most %d events counted: the re-base was not crossed enough", seed, most)
		}
		// Step by step against a live game given the same records (which
		// TestHistoryMatchesReplay checks against a replay).
		records := g.Records()
		live, step := mustGame(t, setup), Module
		sj, _ := json.Marshal(g.Setup())
		f0, err := step.Fold(sj, nil, func(seq int) (engine.Event, error) { return records[seq-1].Event, nil })
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range records {
			if _, err := live.Apply(rec.Event); err != nil {
				t.Fatal(err)
			}
			if err := f0.Step(rec.Event); err != nil {
				t.Fatalf("seed %d record %d: %v", seed, rec.Seq, err)
			}
			if got, w := stateJSON(t, f0.(*engine.Fold[State]).State()), stateJSON(t, live.State()); got != w || f0.Effective() != live.Effective() {
				t.Fatalf("seed %d record %d (%s): fold (%d counting)\n%s\ngame (%d)\n%s", seed, rec.Seq, rec.Event.Type(), f0.Effective(), got, live.Effective(), w)
			}
		}
		f, fetches, err := fold(t, g.Setup(), records)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		want, err := Resume(g.Setup(), records, nil)
		if err != nil {
			t.Fatal(err)
		}
		ws, _ := want.Snapshot()
		fs, _ := f.Snapshot()
		switch {
		case string(fs.State) != string(ws.State):
			t.Fatalf("seed %d: fold\n%s\nresume\n%s", seed, fs.State, ws.State)
		case fs.Effective != ws.Effective || fs.LastSeq != ws.LastSeq || fs.Version != ws.Version || f.Records() != len(g.Records()):
			t.Fatalf("seed %d: snapshot %+v, want %+v", seed, fs, ws)
		case !reflect.DeepEqual(f.Summary(), want.Summary()):
			t.Fatalf("seed %d: summary %v, want %v", seed, f.Summary(), want.Summary())
		case fetches == 0 || fetches > 40*len(g.Records()):
			t.Fatalf("seed %d: %d fetches for %d records", seed, fetches, len(g.Records()))
		}
	}
}

// A log that does not replay stops the fold at the record that fails,
// with the rule that refuses it, as the game's own Apply says.
func TestFoldRefusesWhatApplyRefuses(t *testing.T) {
	setup := Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Seed: 1}
	cases := []struct {
		name   string
		events []Event
		seq    int
		rule   string
	}{
		{"undo with nothing to undo", []Event{&Undo{}}, 1, "rule.undo.nothing"},
		{"rewind beyond the log", []Event{&NewTurn{}, &Rewind{To: 1}}, 2, "rule.rewind.range"},
		{"a spend the reserve cannot pay", []Event{&NewTurn{}, &ReserveSpent{Amount: 999, Reason: "spawn_paid"}}, 2, "rule.reserve.insufficient"},
		{"an undo too many", []Event{&NewTurn{}, &Undo{}, &Undo{}}, 3, "rule.undo.nothing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var records []Record
			for i, e := range c.events {
				records = append(records, Record{Seq: i + 1, Event: e})
			}
			_, _, err := fold(t, setup, records)
			var re *engine.RuleError
			if !errors.As(err, &re) || re.ID != c.rule || err.Error()[:len(fmt.Sprintf("record %d:", c.seq))] != fmt.Sprintf("record %d:", c.seq) {
				t.Fatalf("err %v, want %s at record %d", err, c.rule, c.seq)
			}
		})
	}
}
