package data

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
)

// testdata/schema_vN.db are databases as released schema version N left them:
// one game with a few records (from v3, its quest file; from v4, its uid and
// a campaign it was played in), a setting, and a snapshot. They are made by
// TestWriteSchemaFixtures with plain SQL of that version, so they do not
// change when the code does. Each new released schema version adds a file
// (and a case to fixtureVersions).
//
// Write the missing ones with:
//
//	DATA_WRITE_FIXTURES=1 go test ./data -run TestWriteSchemaFixtures
//
// A fixture once committed is never rewritten: it stands for the files that
// version wrote, whatever the code does now. Delete one to write it again.
const writeFixturesEnv = "DATA_WRITE_FIXTURES"

var fixtureVersions = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}

func fixturePath(v int) string { return filepath.Join("testdata", fmt.Sprintf("schema_v%d.db", v)) }

// fixtureUID is the uid of the fixtures' game from v4, and fixtureCampaignUID
// that of their campaign.
const (
	fixtureUID         = "5eed0f1c7e5500000000000000000004"
	fixtureCampaignUID = "ca3fa1600000000000000000000000c4"
)

// rawAtVersion makes a database at path with only the first k migrations
// applied, through plain SQL: what version k of the app created.
func rawAtVersion(t testing.TB, path string, k int) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?_foreign_keys=on")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	for _, m := range migrations[:k] {
		if _, err := db.Exec(m.sql); err != nil {
			t.Fatalf("migration %s: %v", m.name, err)
		}
		if _, err := db.Exec(fmt.Sprintf("PRAGMA user_version = %d", m.n)); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// fixtureGame is the game a fixture of schema version v holds: from v3 a
// game of the test quest (questSrc), before that a plain one.
func fixtureGame(t testing.TB, v int, questSrc []byte) *dun.Game {
	t.Helper()
	setup := dun.Setup{Heroes: 3, GroupVP: 45, LeaderVP: 10, Seed: 20240601}
	if v >= 3 {
		q, ps := quest.Parse("test-cellar.toml", questSrc)
		if ps != nil {
			t.Fatalf("fixture quest: %v", ps)
		}
		setup = dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 12, Seed: 20240601, QuestData: q}
	}
	g, err := dun.NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	apply := func(e dun.Event) {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("fixture v%d: %s: %v", v, e.Type(), err)
		}
	}
	if v >= 3 {
		apply(&dun.NewTurn{})
		apply(&dun.ReserveSpent{Amount: 4, Reason: "card_activated"})
		apply(&dun.Undo{})
		apply(&dun.SectionRevealed{Section: "cellar"})
		apply(g.RollDie())
		return g
	}
	for i := 0; i < 12; i++ {
		apply(script(g, i))
	}
	return g
}

// TestWriteSchemaFixtures writes the missing testdata/schema_vN.db. It only
// runs when asked to (see writeFixturesEnv).
func TestWriteSchemaFixtures(t *testing.T) {
	if os.Getenv(writeFixturesEnv) == "" {
		t.Skipf("set %s=1 to write the missing testdata/schema_v*.db", writeFixturesEnv)
	}
	questSrc := cellarSource(t)
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, v := range fixtureVersions {
		path := fixturePath(v)
		if _, err := os.Stat(path); err == nil {
			t.Logf("kept %s", path)
			continue
		}
		for _, p := range []string{path + "-wal", path + "-shm", path + "-journal"} {
			if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
		}
		writeFixture(t, v, path, questSrc)
	}
}

// writeFixture writes the database of schema v with that version's SQL.
func writeFixture(t *testing.T, v int, path string, questSrc []byte) {
	db := rawAtVersion(t, path, v)
	g := fixtureGame(t, v, questSrc)
	setup, err := g.SetupJSON()
	if err != nil {
		t.Fatal(err)
	}
	const created, updated = "2024-06-01T18:30:00.000000Z", "2024-06-01T19:45:10.250000Z"
	st := g.State()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.Exec(q, args...); err != nil {
			t.Fatalf("v%d: %s: %v", v, q, err)
		}
	}
	name := fmt.Sprintf("Fixture v%d", v)
	switch {
	case v >= 9: // seq, summary and updated_at are in heads, which a trigger made
		exec(`INSERT INTO games (id, uid, name, module, setup, content, created_at)
			VALUES (1, ?, ?, 'dun', ?, ?, ?)`, fixtureUID, name, string(setup), string(questSrc), created)
		exec(`UPDATE heads SET seq = ?, summary = ?, updated_at = ? WHERE game_id = 1`,
			len(g.Records()), string(mustJSON(t, g.Summary())), updated)
	case v >= 5: // to 8
		exec(`INSERT INTO games (id, uid, name, module, setup, content, summary, created_at, updated_at, seq)
			VALUES (1, ?, ?, 'dun', ?, ?, ?, ?, ?, ?)`, fixtureUID, name, string(setup), string(questSrc),
			string(mustJSON(t, g.Summary())), created, updated, len(g.Records()))
	case v == 4:
		exec(`INSERT INTO games (id, uid, name, setup, created_at, updated_at, seq, turn, reserve, quest_source)
			VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, fixtureUID, name, string(setup), created, updated,
			len(g.Records()), st.Turn, st.Reserve, string(questSrc))
	case v == 3:
		exec(`INSERT INTO games (id, name, setup, created_at, updated_at, seq, turn, reserve, quest_source)
			VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)`, name, string(setup), created, updated,
			len(g.Records()), st.Turn, st.Reserve, string(questSrc))
	default:
		exec(`INSERT INTO games (id, name, setup, created_at, updated_at, seq, turn, reserve)
			VALUES (1, ?, ?, ?, ?, ?, ?, ?)`, name, string(setup), created, updated,
			len(g.Records()), st.Turn, st.Reserve)
	}
	switch {
	case v >= 10:
		exec(`INSERT INTO content_files (kind, id, source, imported_at) VALUES ('quest', 'test-cellar', ?, ?)`, string(questSrc), created)
	case v >= 3:
		exec(`INSERT INTO quests (id, source, imported_at) VALUES ('test-cellar', ?, ?)`, string(questSrc), created)
	}
	if v >= 6 {
		exec(`INSERT INTO content_files (kind, id, source, imported_at) VALUES ('faction', 'kobolds', 'id = "kobolds"', ?)`, created)
	}
	if v >= 4 {
		heroes := `[{"name":"Aldric","class":"Warrior","vp":20,"gold":15,"notes":""},{"name":"Mira","class":"Wizard","vp":20,"gold":3,"notes":""}]`
		entryHeroes := "heroes"
		if v >= 11 { // the party is DUN's document
			party := `[{"name":"Aldric","class":"Warrior","vp":20,"gold":15,"notes":"","attributes":{"perception":4,"strength":5}},{"name":"Mira","class":"Wizard","vp":20,"gold":3,"notes":""}]`
			exec(`INSERT INTO campaigns (id, uid, name, module, party, created_at) VALUES (1, ?, 'Fixture campaign', 'dun', ?, ?)`,
				fixtureCampaignUID, party, created)
			entryHeroes = "party"
		} else {
			exec(`INSERT INTO campaigns (id, uid, name, created_at) VALUES (1, ?, 'Fixture campaign', ?)`, fixtureCampaignUID, created)
			exec(`INSERT INTO campaign_heroes (campaign_id, pos, name, class, vp, gold, notes)
				VALUES (1, 0, 'Aldric', 'Warrior', 20, 15, ''), (1, 1, 'Mira', 'Wizard', 20, 3, '')`)
			if v >= 8 {
				exec(`UPDATE campaign_heroes SET attributes = '{"perception":4,"strength":5}' WHERE pos = 0`)
			}
		}
		exec(`UPDATE games SET campaign_id = 1 WHERE id = 1`)
		exec(`INSERT INTO campaign_entries (campaign_id, game_id, quest, outcome, notes, `+entryHeroes+`, played_at)
			VALUES (1, 1, 'test-cellar', 'won', '', ?, ?)`, heroes, updated)
	}
	for _, r := range g.Records() {
		body, err := engine.Encode(r.Event)
		if err != nil {
			t.Fatal(err)
		}
		exec(`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (1, ?, ?, ?, ?)`,
			r.Seq, r.Event.Type(), string(body), updated)
	}
	switch snap := snapOf(t, g); {
	case v == 1:
		// A v1 snapshot is dropped by migration 2: make it wrong, so a
		// test sees if it ever were used.
		exec(`INSERT INTO snapshots (game_id, effective, last_seq, state) VALUES (1, ?, ?, ?)`,
			snap.Effective, snap.LastSeq, string(marked(t, g, 1000).State))
	case v <= 4:
		// Versions 2 to 4 of the app wrote snapshots of state version 1,
		// which the log has since left: wrong too, to see it is ignored.
		exec(`INSERT INTO snapshots (game_id, effective, last_seq, version, state) VALUES (1, ?, ?, 1, ?)`,
			snap.Effective, snap.LastSeq, string(marked(t, g, 1000).State))
	case v <= 6:
		exec(`INSERT INTO snapshots (game_id, effective, last_seq, version, state) VALUES (1, ?, ?, ?, ?)`,
			snap.Effective, snap.LastSeq, snap.Version, string(snap.State))
	default:
		// From v7 a snapshot carries the SHA-256 of its state, computed
		// here independently of the package's code.
		sum := sha256.Sum256(snap.State)
		exec(`INSERT INTO snapshots (game_id, effective, last_seq, version, state, checksum) VALUES (1, ?, ?, ?, ?, ?)`,
			snap.Effective, snap.LastSeq, snap.Version, string(snap.State), hex.EncodeToString(sum[:]))
	}
	exec(`INSERT INTO settings (key, value) VALUES ('language', 'es'), ('last_game', '1')`)
	if v >= 12 { // an editor's unsaved quest
		exec(`INSERT INTO drafts (kind, key, body, saved_at) VALUES ('quest', 'test-cellar', ?, ?)`, fixtureDraft, updated)
	}
	if v >= 13 { // the first record taken from a seat
		exec(`INSERT INTO intents (game_id, seq, intent_id, seat_id, seat_name) VALUES (1, 1, 'fixture-intent', 'h1', 'Aria')`)
	}
	exec(`PRAGMA journal_mode = DELETE`)
	exec(`VACUUM`)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d bytes, game of %d records", path, fi.Size(), len(g.Records()))
}

// fixtureDraft is the quest draft a fixture from v12 keeps: an editor's
// file as it was typed, not valid yet.
const fixtureDraft = "id = \"test-cellar\"\ntitle = \"The Cellar (half typed\n"

var uidPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// Every released schema opens, is migrated in place to the newest, and keeps
// its game, which loads with the right state.
func TestSchemaFixturesMigrate(t *testing.T) {
	for _, v := range fixtureVersions {
		t.Run(fmt.Sprintf("v%d", v), func(t *testing.T) {
			src, err := os.ReadFile(fixturePath(v))
			if err != nil {
				t.Fatalf("fixture missing (regenerate, see %s): %v", writeFixturesEnv, err)
			}
			if len(src) >= 100<<10 {
				t.Errorf("fixture is %d bytes, keep it under 100 KB", len(src))
			}
			path := dbPath(t)
			if err := os.WriteFile(path, src, 0o600); err != nil {
				t.Fatal(err)
			}
			s := openStore(t, path)
			if got := pragmaInt(t, s, "user_version"); got != len(migrations) {
				t.Fatalf("user_version %d after opening, want %d", got, len(migrations))
			}
			var check string
			if err := s.db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
				t.Fatalf("integrity_check = %q, %v", check, err)
			}
			games, err := s.Games()
			if err != nil || len(games) != 1 {
				t.Fatalf("Games() = %+v, %v", games, err)
			}
			gi := games[0]
			campaign := map[bool]int64{true: 1}[v >= 4]
			if gi.ID != 1 || gi.Name != fmt.Sprintf("Fixture v%d", v) || !uidPattern.MatchString(gi.UID) ||
				gi.CampaignID != campaign || gi.Module != "dun" {
				t.Errorf("listed game = %+v", gi)
			}
			if v >= 4 && gi.UID != fixtureUID {
				t.Errorf("uid %s, want the fixture's %s", gi.UID, fixtureUID)
			}
			if n := count(t, s, `SELECT count(*) FROM pragma_table_info('games') WHERE name IN ('turn', 'reserve', 'quest_source')`); n != 0 {
				t.Errorf("%d of the columns turn, reserve, quest_source left", n)
			}
			var questSrc []byte
			if v >= 3 {
				if err := s.db.QueryRow("SELECT content FROM games WHERE id = 1").Scan(&questSrc); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(questSrc, cellarSource(t)) {
					t.Error("the game's quest file did not move to content")
				}
			}
			want := fixtureGame(t, v, questSrc)
			got := load(t, s, 1)
			sameGame(t, got, want)
			st := got.State()
			if gi.Seq != len(want.Records()) {
				t.Errorf("seq %d, want %d", gi.Seq, len(want.Records()))
			}
			// The summary is the module's, the quest's title included.
			sameSummary(t, gi, got)
			if quest := len(gi.Summary) > 0 && gi.Summary[0].ID == "summary.quest"; quest != (v >= 3) {
				t.Errorf("summary %v: quest line %v, want %v", gi.Summary, quest, v >= 3)
			}
			// Numbers fixed when the fixtures were made, so a change of meaning shows.
			wantTurn, wantReserve, wantRecords := 1, 28, 5
			if v <= 2 {
				wantTurn, wantReserve, wantRecords = 2, 41, 12
			}
			if st.Turn != wantTurn || st.Reserve != wantReserve || len(got.Records()) != wantRecords {
				t.Errorf("turn %d reserve %d records %d, want %d %d %d", st.Turn, st.Reserve, len(got.Records()),
					wantTurn, wantReserve, wantRecords)
			}
			if v == 1 {
				if n := count(t, s, "SELECT count(*) FROM snapshots"); n != 0 {
					t.Errorf("%d v1 snapshots kept", n)
				}
			}
			if lang, ok, err := s.Setting("language"); err != nil || !ok || lang != "es" {
				t.Errorf("setting language = %q, %v, %v", lang, ok, err)
			}
			if v >= 4 {
				c, err := s.Campaign(1)
				if err != nil || c.UID != fixtureCampaignUID || len(heroesOf(c.Party)) != 2 || len(c.Entries) != 1 || c.Entries[0].GameID != 1 {
					t.Fatalf("campaign = %+v, %v", c, err)
				}
				if a := heroesOf(c.Party)[0].Attributes; v >= 8 && (a["perception"] != 4 || a["strength"] != 5) {
					t.Errorf("hero attributes %v, want perception 4 and strength 5", a)
				}
				// The party is DUN's document (from v11): the heroes in their
				// order, with every field, as the entry kept them.
				want := []Hero{{Name: "Aldric", Class: "Warrior", VP: 20, Gold: 15}, {Name: "Mira", Class: "Wizard", VP: 20, Gold: 3}}
				if v >= 8 {
					want[0].Attributes = map[string]int{"perception": 4, "strength": 5}
				}
				if got := heroesOf(c.Party); c.Module != dun.ModuleName || !reflect.DeepEqual(got, want) {
					t.Errorf("campaign of %q, heroes %+v; want DUN's %+v", c.Module, got, want)
				}
				want[0].Attributes = nil
				if e := c.Entries[0]; !reflect.DeepEqual(heroesOf(e.Party), want) || e.Quest != "test-cellar" || e.Outcome != OutcomeWon {
					t.Errorf("entry %+v (heroes %+v)", e, heroesOf(e.Party))
				}
				if n := count(t, s, `SELECT count(*) FROM sqlite_schema WHERE name = 'campaign_heroes'`); n != 0 {
					t.Error("the table campaign_heroes is left")
				}
				// Its party changes and its quests are recorded as usual.
				grown := []Hero{{Name: "Aldric", Class: "Warrior", VP: 22, Gold: 30}}
				if err := s.RecordQuest(1, CampaignEntry{GameID: 1, Quest: "again", Outcome: OutcomeLost, Party: party(grown)}); err != nil {
					t.Fatal(err)
				}
				if c, _ := s.Campaign(1); !reflect.DeepEqual(heroesOf(c.Party), grown) || len(c.Entries) != 2 {
					t.Errorf("after a quest: %+v", c)
				}
			}
			// Imported quests are content files of kind "quest" (from v10),
			// beside the factions; the table of quests is gone.
			if v >= 3 {
				files, err := s.ContentFiles(content.KindQuest)
				if err != nil || len(files) != 1 || files[0].Name != "test-cellar.toml" || !bytes.Equal(files[0].Data, cellarSource(t)) {
					t.Errorf("quest files %v, %v: want test-cellar.toml", files, err)
				}
				if n := count(t, s, `SELECT count(*) FROM content_files WHERE kind = 'quest' AND imported_at = '2024-06-01T18:30:00.000000Z'`); n != 1 {
					t.Error("the quest's import time did not move with it")
				}
			}
			if v >= 6 {
				if files, err := s.ContentFiles(content.KindFaction); err != nil || len(files) != 1 || files[0].Name != "kobolds.toml" {
					t.Errorf("faction files %v, %v: want kobolds.toml", files, err)
				}
			}
			if n := count(t, s, `SELECT count(*) FROM sqlite_schema WHERE name = 'quests'`); n != 0 {
				t.Error("the table quests is left")
			}
			// An editor's unsaved work is kept as it was (from v12).
			if v >= 12 {
				body, _, ok, err := s.Draft("quest", "test-cellar")
				if err != nil || !ok || string(body) != fixtureDraft {
					t.Errorf("draft %q, %v, %v: want the fixture's", body, ok, err)
				}
			}
			// Who took a step from a seat is kept (from v13).
			if authors, err := s.Authors(1); err != nil || v >= 13 && authors[1] != "Aria" || v < 13 && len(authors) != 0 {
				t.Errorf("authors %v, %v", authors, err)
			}
			// When it was last played moved with it (to heads, from v9).
			if want := time.Date(2024, 6, 1, 19, 45, 10, 250000000, time.UTC); !gi.Updated.Equal(want) {
				t.Errorf("updated %v, want %v", gi.Updated, want)
			}
			// The migrated game takes new records and saves as usual.
			r, err := got.Apply(&dun.ReserveGained{Amount: 1, Reason: "correction"})
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Append(1, r, got.Summary()); err != nil {
				t.Fatal(err)
			}
			sameGame(t, load(t, s, 1), got)
			var buf bytes.Buffer
			if err := s.ExportGame(1, &buf); err != nil {
				t.Fatalf("export the migrated game: %v", err)
			}
		})
	}
}

// Every released schema has its fixture: a new migration fails here until
// its database is written (see writeFixturesEnv).
func TestEverySchemaHasAFixture(t *testing.T) {
	for n := 1; n <= len(migrations); n++ {
		if !slices.Contains(fixtureVersions, n) {
			t.Errorf("schema %d has no fixture in fixtureVersions (testdata/schema_v%d.db)", n, n)
		}
	}
}
