package data

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
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

// Migration 5 makes games of any module: the module column (DUN for every
// game so far), the quest file moved to content, and turn and reserve moved
// into the summary, as SQL alone does it.
func TestMigrationToModulesSQL(t *testing.T) {
	path := dbPath(t)
	db := rawAtVersion(t, path, 4)
	quest := string(cellarSource(t))
	for _, q := range []struct {
		query string
		args  []any
	}{
		{`INSERT INTO games (id, name, setup, seq, turn, reserve, quest_source) VALUES (1, 'quest', '{}', 5, 3, 17, ?)`, []any{quest}},
		{`INSERT INTO games (id, name, setup, seq, turn, reserve) VALUES (2, 'plain', '{}', 0, 0, 30)`, nil},
	} {
		if _, err := db.Exec(q.query, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(migrations[4].sql); err != nil {
		t.Fatalf("%s: %v", migrations[4].name, err)
	}
	for _, want := range []struct {
		id      int64
		summary string
		content *string
	}{
		{1, `[{"id":"summary.turn","args":{"Turn":3}},{"id":"summary.reserve","args":{"Reserve":17}}]`, &quest},
		{2, `[{"id":"summary.turn","args":{"Turn":0}},{"id":"summary.reserve","args":{"Reserve":30}}]`, nil},
	} {
		var module, summary string
		var content *string
		if err := db.QueryRow(`SELECT module, summary, content FROM games WHERE id = ?`, want.id).Scan(&module, &summary, &content); err != nil {
			t.Fatal(err)
		}
		if module != "dun" || summary != want.summary || (content == nil) != (want.content == nil) ||
			content != nil && *content != *want.content {
			t.Errorf("game %d: module %q, summary %s, content set %v; want dun, %s, %v", want.id, module, summary,
				content != nil, want.summary, want.content != nil)
		}
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM pragma_table_info('games') WHERE name IN ('turn', 'reserve', 'quest_source')`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d old columns left (%v)", n, err)
	}
	// A game inserted without a module is a DUN game.
	if _, err := db.Exec(`INSERT INTO games (id, name, setup) VALUES (3, 'raw', '{}')`); err != nil {
		t.Fatal(err)
	}
	var module string
	if err := db.QueryRow(`SELECT module FROM games WHERE id = 3`).Scan(&module); err != nil || module != "dun" {
		t.Errorf("default module %q, %v", module, err)
	}
}

// Opening a v4 database runs migration 5 with its Go part: each game that
// loads gets its module's summary (a quest game, its quest's title too); one
// that no longer replays keeps the turn and reserve it was saved with.
func TestMigrationToModulesFillsSummaries(t *testing.T) {
	path := dbPath(t)
	db := rawAtVersion(t, path, 4)
	q, ps := quest.Parse("cellar.toml", cellarSource(t))
	if ps != nil {
		t.Fatal(ps)
	}
	good, err := dun.NewGame(dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 12, QuestData: q, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []dun.Event{&dun.NewTurn{}, &dun.NewTurn{}, &dun.ReserveSpent{Amount: 5, Reason: "card_activated"}} {
		if _, err := good.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	insert := func(id int, g *dun.Game, turn, reserve int, bodies ...string) {
		t.Helper()
		setup, _ := g.SetupJSON()
		if _, err := db.Exec(`INSERT INTO games (id, name, setup, seq, turn, reserve, quest_source) VALUES (?, 'g', ?, ?, ?, ?, ?)`,
			id, string(setup), len(bodies), turn, reserve, nullText(g.Content())); err != nil {
			t.Fatal(err)
		}
		for i, b := range bodies {
			if _, err := db.Exec(`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, ?, 'x', ?, '')`, id, i+1, b); err != nil {
				t.Fatal(err)
			}
		}
	}
	var bodies []string
	for _, r := range good.Records() {
		b, _ := engine.Encode(r.Event)
		bodies = append(bodies, string(b))
	}
	insert(1, good, 2, 20, bodies...)
	plain, _ := dun.NewGame(testSetup)
	insert(2, plain, 7, 9, `{"type":"new_turn"}`, `{"type":"reserve_spent","amount":500,"reason":"card_activated"}`)
	db.Close()

	s := openStore(t, path)
	sameSummary(t, gameInfo(t, s, 1), good)
	if gi := gameInfo(t, s, 1); len(gi.Summary) != 3 || gi.Summary[0].ID != "summary.quest" {
		t.Errorf("quest game's summary %v, want its quest's title first", gi.Summary)
	}
	want := []engine.Message{{ID: "summary.turn", Args: map[string]any{"Turn": 7.0}}, {ID: "summary.reserve", Args: map[string]any{"Reserve": 9.0}}}
	if gi := gameInfo(t, s, 2); !reflect.DeepEqual(gi.Summary, want) {
		t.Errorf("read-only game's summary %v, want the saved %v", gi.Summary, want)
	}
}
