package data

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
)

// insertRaw stores a record by hand, as an older version of the rules could
// have accepted it. The append-only triggers only refuse UPDATE and DELETE.
func insertRaw(t testing.TB, s *Store, gameID int64, seq int, body string) {
	t.Helper()
	typ := "?"
	if e, err := dun.DecodeEvent([]byte(body)); err == nil {
		typ = e.Type()
	}
	if _, err := s.db.Exec(`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, ?, ?, ?, '')`,
		gameID, seq, typ, body); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`UPDATE heads SET seq = max(seq, ?) WHERE game_id = ?`, seq, gameID); err != nil {
		t.Fatal(err)
	}
}

// loadReadOnly expects LoadGame to give a game and a *ReplayError.
func loadReadOnly(t testing.TB, s *Store, id int64) (*dun.Game, *ReplayError) {
	t.Helper()
	g, err := s.LoadGame(id)
	var re *ReplayError
	if !errors.As(err, &re) {
		t.Fatalf("LoadGame = %v, want a *ReplayError", err)
	}
	if g == nil {
		t.Fatal("LoadGame gave no game with its *ReplayError")
	}
	return asDUN(t, g), re
}

// A save whose records the rules now refuse opens read-only: the game as far
// as it replays, and the first record refused, with core's reason.
func TestLoadGameReadOnly(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := 0; i < 10; i++ {
		play(t, s, id, g, script(g, i))
	}
	reserve := g.State().Reserve
	// Spending more than the reserve: refused by today's rules.
	insertRaw(t, s, id, 11, `{"type":"reserve_spent","amount":500,"reason":"card_activated"}`)
	insertRaw(t, s, id, 12, `{"type":"new_turn"}`)
	insertRaw(t, s, id, 13, `{"type":"undo"}`)

	got, re := loadReadOnly(t, s, id)
	if re.Game != "test" || re.Seq != 11 {
		t.Errorf("ReplayError = %+v, want game test, seq 11", re)
	}
	var rule *dun.RuleError
	if !errors.As(re, &rule) || rule.ID != "rule.reserve.insufficient" {
		t.Errorf("ReplayError.Err = %v, want core's rule.reserve.insufficient", re.Err)
	}
	sameGame(t, got, g) // records[:10], the same state
	if got.State().Reserve != reserve || len(got.Records()) != 10 {
		t.Errorf("reserve %d, %d records; want %d, 10", got.State().Reserve, len(got.Records()), reserve)
	}
	t.Log(re)

	// The store does not let the read-only game write over the stored log.
	r, err := got.Apply(&dun.NewTurn{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Append(id, r, got.Summary()); err == nil {
		t.Fatal("a record appended to a read-only save")
	}
}

func TestLoadGameReadOnlyCases(t *testing.T) {
	cases := []struct {
		name    string
		records int    // played before the bad one
		body    string // the bad record
		seq     int    // its seq, 0 for the next one
		wantSeq int
		detail  string
	}{
		{"undo with nothing to undo", 0, `{"type":"undo"}`, 0, 1, "rule.undo.nothing"},
		{"rewind out of range", 3, `{"type":"rewind","to":7}`, 0, 4, "rule.rewind.range"},
		{"unknown event type", 5, `{"type":"time_travel"}`, 0, 6, "time_travel"},
		{"unknown field", 5, `{"type":"new_turn","extra":1}`, 0, 6, "extra"},
		{"not JSON", 5, `{"type":`, 0, 6, "JSON"},
		{"missing record", 5, `{"type":"new_turn"}`, 7, 7, "missing"},
		{"after a snapshot", 2*engine.SnapshotEvery + 7, `{"type":"reserve_spent","amount":900,"reason":"card_activated"}`, 0, 2*engine.SnapshotEvery + 8, "rule.reserve.insufficient"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := openStore(t, dbPath(t))
			id, g := newGame(t, s)
			for i := 0; i < c.records; i++ {
				play(t, s, id, g, script(g, i))
				if g.SnapshotDue() {
					if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil {
						t.Fatal(err)
					}
				}
			}
			seq := c.seq
			if seq == 0 {
				seq = c.records + 1
			}
			insertRaw(t, s, id, seq, c.body)
			insertRaw(t, s, id, seq+1, `{"type":"new_turn"}`)
			got, re := loadReadOnly(t, s, id)
			if re.Seq != c.wantSeq || !strings.Contains(re.Error(), c.detail) {
				t.Errorf("ReplayError = %v (seq %d), want seq %d mentioning %q", re, re.Seq, c.wantSeq, c.detail)
			}
			sameGame(t, got, g)
		})
	}
}

// A record the rules refuse but that was undone never counted: the game
// loads as it is.
func TestLoadGameUndoneBadRecordLoads(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	insertRaw(t, s, id, 2, `{"type":"reserve_spent","amount":500,"reason":"card_activated"}`)
	insertRaw(t, s, id, 3, `{"type":"undo"}`)
	got := load(t, s, id)
	if len(got.Records()) != 3 || got.Effective() != 1 || got.State().Reserve != g.State().Reserve {
		t.Errorf("%d records, %d effective, reserve %d", len(got.Records()), got.Effective(), got.State().Reserve)
	}
}

// Errors that leave nothing to show still give no game.
func TestLoadGameBadSetupGivesNoGame(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	for name, setup := range map[string]string{
		"not json":        `{"heroes":`,
		"unknown field":   `{"heroes":2,"group_vp":40,"leader_vp":10,"conductor":"single","seed":1,"rules":{},"x":1}`,
		"refused by core": `{"heroes":9,"group_vp":40,"leader_vp":10,"conductor":"single","seed":1,"rules":{}}`,
		"quest missing":   `{"heroes":2,"group_vp":40,"leader_vp":10,"conductor":"single","seed":1,"rules":{},"quest":"gone"}`,
	} {
		if _, err := s.db.Exec(`UPDATE games SET setup = ? WHERE id = ?`, setup, id); err != nil {
			t.Fatal(err)
		}
		got, err := s.LoadGame(id)
		var re *ReplayError
		if err == nil || got != nil || errors.As(err, &re) {
			t.Errorf("%s: LoadGame = %v, %v; want no game and a plain error", name, got, err)
		}
	}
}

// Finding where a long log stops replaying stays quick: the game is re-based
// on a snapshot as it goes, so undos do not replay the whole log.
func TestLoadGameReadOnlyLongLog(t *testing.T) {
	if testing.Short() {
		t.Skip("long log")
	}
	s := openStore(t, dbPath(t))
	id, g := bigGame(t, s, 10000, false)
	insertRaw(t, s, id, 10001, `{"type":"reserve_spent","amount":100000,"reason":"card_activated"}`)
	start := time.Now()
	got, re := loadReadOnly(t, s, id)
	took := time.Since(start)
	if re.Seq != 10001 {
		t.Errorf("ReplayError seq %d, want 10001", re.Seq)
	}
	sameGame(t, got, g)
	t.Logf("a 10,000-record read-only save loaded in %v", took)
	if took > 10*time.Second {
		t.Errorf("took %v", took)
	}
}
