package data

import (
	"testing"

	"github.com/dunconductor/conductor/core"
)

// A database at schema v1 (before snapshots had a version) opens, is migrated
// in place, keeps every game and event, and drops its now-untrusted snapshots.
func TestMigrateFromV1(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	id, g := newGame(t, s)
	for i := 0; i < core.SnapshotEvery; i++ {
		play(t, s, id, g, script(g, i))
	}
	if err := s.SaveSnapshot(id, marked(g, 1000)); err != nil {
		t.Fatal(err)
	}
	// Turn the file back into what schema v1 wrote.
	for _, q := range []string{"ALTER TABLE snapshots DROP COLUMN version", "DROP TABLE quests", "ALTER TABLE games DROP COLUMN quest_source", "PRAGMA user_version = 1"} {
		if _, err := s.db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()

	s = openStore(t, path)
	if v := pragmaInt(t, s, "user_version"); v != len(migrations) {
		t.Fatalf("user_version %d after migrating, want %d", v, len(migrations))
	}
	if n := count(t, s, "SELECT count(*) FROM snapshots"); n != 0 {
		t.Fatalf("%d v1 snapshots kept", n)
	}
	sameGame(t, load(t, s, id), g)
}

// A snapshot written for another shape of core.State is not trusted.
func TestSnapshotOfAnotherStateVersionIgnored(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := 0; i < core.SnapshotEvery; i++ {
		play(t, s, id, g, &core.NewTurn{})
	}
	snap := marked(g, 1000)
	snap.Version = core.StateVersion + 1
	if err := s.SaveSnapshot(id, snap); err != nil {
		t.Fatal(err)
	}
	sameGame(t, load(t, s, id), g)
}
