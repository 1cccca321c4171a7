package data

import (
	"errors"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
)

// playSaving applies e and appends it, saving a snapshot when one is due,
// as the app does.
func playSaving(t *testing.T, s *Store, id int64, g *dun.Game, e dun.Event) {
	t.Helper()
	play(t, s, id, g, e)
	if g.SnapshotDue() {
		if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil {
			t.Fatal(err)
		}
	}
}

// A game loaded from its snapshot decodes only the records after it, and
// every other record is there when needed: its log, undos back to the
// start, its records.
func TestLoadGameFromSnapshotUndoesToTheStart(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := range 2*engine.SnapshotEvery + 30 {
		playSaving(t, s, id, g, script(g, i))
	}
	got := load(t, s, id)
	if stateJSON(t, got.State()) != stateJSON(t, g.State()) {
		t.Fatal("loaded state differs")
	}
	for got.CanUndo() {
		apply := func(p engine.Play) {
			if _, err := p.Apply(&dun.Undo{}); err != nil {
				t.Fatal(err)
			}
		}
		apply(got)
		apply(g)
		if stateJSON(t, got.State()) != stateJSON(t, g.State()) {
			t.Fatalf("after undo to %d: the loaded game differs", g.Effective())
		}
	}
	sameGame(t, got, g)
}

// A record behind the snapshot that no longer decodes is found when it is
// needed: the game loads from the snapshot, and the undo that would replay
// the record is refused and changes nothing. Without the snapshot the game
// loads read-only, as before.
func TestLoadGameDamagedBehindTheSnapshot(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := range 4 {
		play(t, s, id, g, script(g, i))
	}
	if _, err := g.Apply(&dun.NewTurn{}); err != nil { // saved damaged, by hand
		t.Fatal(err)
	}
	insertRaw(t, s, id, 5, `{"type":"new_turn","extra":1}`)
	for i := 0; g.Effective() < engine.SnapshotEvery+3; i++ {
		playSaving(t, s, id, g, &dun.ReserveGained{Amount: 1, Reason: "correction"})
	}
	got := load(t, s, id)
	if stateJSON(t, got.State()) != stateJSON(t, g.State()) {
		t.Fatal("loaded state differs")
	}
	for got.Effective() > engine.SnapshotEvery {
		if _, err := got.Apply(&dun.Undo{}); err != nil {
			t.Fatal(err)
		}
	}
	before, n := stateJSON(t, got.State()), len(got.Records())
	if _, err := got.Apply(&dun.Undo{}); err == nil || !strings.Contains(err.Error(), "record 5") || !strings.Contains(err.Error(), "extra") {
		t.Fatalf("undo behind the snapshot over a damaged record: %v", err)
	}
	if stateJSON(t, got.State()) != before || len(got.Records()) != n || got.Effective() != engine.SnapshotEvery {
		t.Fatal("a refused undo changed the game")
	}

	if _, err := s.db.Exec(`DELETE FROM snapshots`); err != nil {
		t.Fatal(err)
	}
	ro, err := s.LoadGame(id)
	var re *ReplayError
	if !errors.As(err, &re) || re.Seq != 5 || ro == nil || !strings.Contains(err.Error(), "extra") {
		t.Fatalf("LoadGame without the snapshot = %v, want the game and a *ReplayError for record 5", err)
	}
}

// Records the store did not write as it writes them (a body over two lines,
// in another key order) load as they read: the store reads them row by row.
func TestLoadGameOddBodies(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := range 3 {
		play(t, s, id, g, script(g, i))
	}
	bodies := []string{"{\"type\":\"new_turn\"\n}", `{"reason":"correction","amount":2,"type":"reserve_gained"}`, ` {"type":"undo"}`}
	for i, body := range bodies {
		e, err := dun.DecodeEvent([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
		insertRaw(t, s, id, 4+i, body)
	}
	sameGame(t, load(t, s, id), g)
}

// Append knows the module of a game it appended to before, until the game
// is another: a game deleted and its id used again by a game of another
// module gets no record of the first one's module.
func TestAppendToAnIDUsedAgain(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	if err := s.DeleteGame(id); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`INSERT INTO games (id, uid, name, module, setup, created_at) VALUES (?, ?, 'Other', 'nope', '{}', '')`, id, newUID()); err != nil {
		t.Fatal(err)
	}
	r, err := g.Apply(&dun.NewTurn{})
	if err != nil {
		t.Fatal(err)
	}
	r.Seq = 1
	wantUnknown(t, "Append to a game of another module", s.Append(id, r, nil))
	var n int
	if err := s.db.QueryRow(`SELECT count(*) FROM events WHERE game_id = ?`, id).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d records written, %v", n, err)
	}
}
