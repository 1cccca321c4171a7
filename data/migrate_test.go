package data

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
)

// A database at schema v1 (before snapshots had a version) opens, is migrated
// in place, keeps every game and event, and drops its now-untrusted snapshots.
func TestMigrateFromV1(t *testing.T) {
	path := dbPath(t)
	db := rawAtVersion(t, path, 1)
	g, err := dun.NewGame(testSetup)
	if err != nil {
		t.Fatal(err)
	}
	setup, _ := json.Marshal(g.Setup())
	if _, err := db.Exec(`INSERT INTO games (id, name, setup, created_at, updated_at) VALUES (1, 'old', ?, '', '')`, string(setup)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < engine.SnapshotEvery; i++ {
		r, err := g.Apply(script(g, i))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := dun.EncodeEvent(r.Event)
		if _, err := db.Exec(`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (1, ?, ?, ?, '')`,
			r.Seq, r.Event.Type(), string(body)); err != nil {
			t.Fatal(err)
		}
	}
	snap := marked(t, g, 1000)
	state, _ := json.Marshal(snap.State)
	if _, err := db.Exec(`INSERT INTO snapshots (game_id, effective, last_seq, state) VALUES (1, ?, ?, ?)`,
		snap.Effective, snap.LastSeq, string(state)); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE games SET seq = ? WHERE id = 1`, len(g.Records())); err != nil {
		t.Fatal(err)
	}
	db.Close()

	s := openStore(t, path)
	if v := pragmaInt(t, s, "user_version"); v != len(migrations) {
		t.Fatalf("user_version %d after migrating, want %d", v, len(migrations))
	}
	if n := count(t, s, "SELECT count(*) FROM snapshots"); n != 0 {
		t.Fatalf("%d v1 snapshots kept", n)
	}
	sameGame(t, load(t, s, 1), g)
	games, err := s.Games()
	if err != nil || len(games) != 1 || !uidPattern.MatchString(games[0].UID) {
		t.Fatalf("Games() = %+v, %v: want one game with a uid", games, err)
	}
}

// Migration 4 gives every existing game its own uid.
func TestMigrationGivesUIDs(t *testing.T) {
	path := dbPath(t)
	db := rawAtVersion(t, path, 3)
	for i := 0; i < 50; i++ {
		if _, err := db.Exec(`INSERT INTO games (name, setup) VALUES (?, '{"heroes":2,"group_vp":40,"leader_vp":10,"conductor":"single","seed":1,"rules":{}}')`,
			fmt.Sprintf("g%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s := openStore(t, path)
	games, err := s.Games()
	if err != nil || len(games) != 50 {
		t.Fatalf("Games() = %d games, %v", len(games), err)
	}
	seen := map[string]bool{}
	for _, g := range games {
		if !uidPattern.MatchString(g.UID) || seen[g.UID] {
			t.Fatalf("game %d has uid %q (seen before: %v)", g.ID, g.UID, seen[g.UID])
		}
		seen[g.UID] = true
	}
	// A row inserted without a uid (by hand, or old code) still gets one.
	if _, err := s.db.Exec(`INSERT INTO games (name, setup) VALUES ('raw', '{}')`); err != nil {
		t.Fatal(err)
	}
	var uid string
	if err := s.db.QueryRow(`SELECT uid FROM games WHERE name = 'raw'`).Scan(&uid); err != nil || !uidPattern.MatchString(uid) {
		t.Fatalf("uid of a raw insert = %q, %v", uid, err)
	}
	// And the uid is unique.
	if _, err := s.db.Exec(`UPDATE games SET uid = ? WHERE name = 'g1'`, games[0].UID); err == nil {
		t.Fatal("two games with one uid accepted")
	}
}

// A snapshot written for another shape of dun.State is not trusted.
func TestSnapshotOfAnotherStateVersionIgnored(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := 0; i < engine.SnapshotEvery; i++ {
		play(t, s, id, g, &dun.NewTurn{})
	}
	snap := marked(t, g, 1000)
	snap.Version = dun.StateVersion + 1
	if err := s.SaveSnapshot(id, snap); err != nil {
		t.Fatal(err)
	}
	sameGame(t, load(t, s, id), g)
}
