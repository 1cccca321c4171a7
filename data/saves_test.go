package data

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
)

// fakeClock makes now tick one second per call from a fixed time, so order
// by time is certain in a test.
func fakeClock(t testing.TB) {
	t.Helper()
	old := now
	base := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	n := 0
	now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		n++
		return base.Add(time.Duration(n) * time.Second)
	}
	t.Cleanup(func() { now = old })
}

// dump is every row of every table, to check that something wrote nothing.
func dump(t testing.TB, s *Store) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []string{
		"SELECT id, uid, name, module, setup, content, created_at, campaign_id FROM games ORDER BY id",
		"SELECT game_id, seq, summary, updated_at FROM heads ORDER BY game_id",
		"SELECT game_id, seq, type, body, created_at FROM events ORDER BY game_id, seq",
		"SELECT game_id, effective, last_seq, version, state, checksum FROM snapshots ORDER BY game_id, effective",
		"SELECT id, uid, name, module, party, created_at FROM campaigns ORDER BY id",
		"SELECT id, campaign_id, game_id, quest, outcome, notes, party, played_at FROM campaign_entries ORDER BY id",
		"SELECT kind, id, source, imported_at FROM content_files ORDER BY kind, id",
		"SELECT key, value FROM settings ORDER BY key",
	} {
		rows, err := s.db.Query(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%v\n", vals)
		}
		rows.Close()
		b.WriteString("--\n")
	}
	return b.String()
}

var twoHeroes = []Hero{
	{Name: "Aldric", Class: "Warrior", VP: 20, Gold: 15, Notes: "sword of dawn"},
	{Name: "Mira", Class: "Wizard", VP: 22, Gold: 3},
}

func newCampaign(t testing.TB, s *Store, name string) int64 {
	t.Helper()
	id, err := s.createDUN(name, twoHeroes)
	if err != nil {
		t.Fatalf("CreateCampaign(%q): %v", name, err)
	}
	return id
}

func gameInfo(t testing.TB, s *Store, id int64) GameInfo {
	t.Helper()
	games, err := s.Games()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if g.ID == id {
			return g
		}
	}
	t.Fatalf("game %d not listed", id)
	return GameInfo{}
}

func TestRenameGame(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	before := gameInfo(t, s, id)
	if err := s.RenameGame(id, "  The long night  "); err != nil {
		t.Fatal(err)
	}
	after := gameInfo(t, s, id)
	if after.Name != "The long night" {
		t.Errorf("name %q, want trimmed", after.Name)
	}
	if after.UID != before.UID || after.Seq != before.Seq || !after.Updated.Equal(before.Updated) {
		t.Errorf("rename changed more than the name: %+v -> %+v", before, after)
	}
	for _, blank := range []string{"", "   ", "\t\n"} {
		if err := s.RenameGame(id, blank); !errors.Is(err, ErrEmptyName) {
			t.Errorf("RenameGame(%q) = %v, want ErrEmptyName", blank, err)
		}
	}
	if err := s.RenameGame(id+100, "x"); !errors.Is(err, ErrNoGame) {
		t.Errorf("RenameGame(missing) = %v, want ErrNoGame", err)
	}
	if gameInfo(t, s, id).Name != "The long night" {
		t.Error("a refused rename changed the name")
	}
	sameGame(t, load(t, s, id), g)
}

func TestGameInfoFields(t *testing.T) {
	fakeClock(t)
	s := openStore(t, dbPath(t))
	q := importQuest(t, s, "cellar.toml", cellarSource(t))
	plain, pg := newGame(t, s)
	questGame, qg := createGame(t, s, "cellar", dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 12, QuestData: q})
	cid := newCampaign(t, s, "The Ash King")
	if err := s.SetGameCampaign(questGame, cid); err != nil {
		t.Fatal(err)
	}
	play(t, s, plain, pg, &dun.NewTurn{}) // plain is now the most recently updated
	games, err := s.Games()
	if err != nil || len(games) != 2 {
		t.Fatalf("Games() = %+v, %v", games, err)
	}
	p, c := games[0], games[1]
	if p.ID != plain || c.ID != questGame {
		t.Fatalf("order %d, %d: want most recently updated first", p.ID, c.ID)
	}
	if p.Module != "dun" || p.CampaignID != 0 || p.CampaignName != "" || !uidPattern.MatchString(p.UID) {
		t.Errorf("plain game: %+v", p)
	}
	sameSummary(t, p, pg)
	if c.Module != "dun" || c.CampaignID != cid || c.CampaignName != "The Ash King" || !uidPattern.MatchString(c.UID) {
		t.Errorf("quest game in a campaign: %+v", c)
	}
	sameSummary(t, c, qg)
	// The quest game's summary names its quest, in both languages.
	if len(c.Summary) != 3 || c.Summary[0].ID != "summary.quest" ||
		!reflect.DeepEqual(c.Summary[0].Args["QuestText"], map[string]any{"en": "The Cellar", "es": "La bodega"}) {
		t.Errorf("quest game's summary %v, want its quest first", c.Summary)
	}
	if p.UID == c.UID {
		t.Error("two games share a uid")
	}
}

func TestSetGameCampaign(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, _ := newGame(t, s)
	cid := newCampaign(t, s, "C")
	if err := s.SetGameCampaign(id, cid); err != nil {
		t.Fatal(err)
	}
	if gi := gameInfo(t, s, id); gi.CampaignID != cid {
		t.Errorf("campaign %d, want %d", gi.CampaignID, cid)
	}
	if err := s.SetGameCampaign(id, cid+100); !errors.Is(err, ErrNoCampaign) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("unknown campaign: %v, want ErrNoCampaign", err)
	}
	if err := s.SetGameCampaign(id+100, cid); !errors.Is(err, ErrNoGame) {
		t.Errorf("unknown game: %v, want ErrNoGame", err)
	}
	if gi := gameInfo(t, s, id); gi.CampaignID != cid {
		t.Errorf("a refused change moved the game to campaign %d", gi.CampaignID)
	}
	if err := s.SetGameCampaign(id, 0); err != nil {
		t.Fatal(err)
	}
	if gi := gameInfo(t, s, id); gi.CampaignID != 0 || gi.CampaignName != "" {
		t.Errorf("after unlinking: %+v", gi)
	}
}

func TestDuplicateGame(t *testing.T) {
	fakeClock(t)
	s := openStore(t, dbPath(t))
	src := cellarSource(t)
	q, ps := quest.Parse("cellar.toml", src)
	if ps != nil {
		t.Fatal(ps)
	}
	id, g := createGame(t, s, "original", dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 12, QuestData: q, Seed: 9})
	for i := 0; g.Effective() < 2*engine.SnapshotEvery+5; i++ {
		play(t, s, id, g, script(g, i))
		if g.SnapshotDue() {
			if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	play(t, s, id, g, &dun.SectionRevealed{Section: "cellar"})
	play(t, s, id, g, g.RollDie())
	cid := newCampaign(t, s, "C")
	if err := s.SetGameCampaign(id, cid); err != nil {
		t.Fatal(err)
	}
	orig := gameInfo(t, s, id)

	dup, err := s.DuplicateGame(id, " copy ")
	if err != nil {
		t.Fatal(err)
	}
	d := gameInfo(t, s, dup)
	if dup == id || d.UID == orig.UID || !uidPattern.MatchString(d.UID) || d.Name != "copy" {
		t.Errorf("duplicate %+v of %+v: want a new id, a new uid and the new name", d, orig)
	}
	if d.CampaignID != cid || d.Module != orig.Module || d.Seq != orig.Seq || !reflect.DeepEqual(d.Summary, orig.Summary) {
		t.Errorf("duplicate %+v differs from %+v", d, orig)
	}
	if !d.Created.After(orig.Updated) {
		t.Errorf("duplicate created %v, want now", d.Created)
	}
	for _, table := range []string{"events", "snapshots"} {
		a := count(t, s, "SELECT count(*) FROM "+table+" WHERE game_id = ?", id)
		b := count(t, s, "SELECT count(*) FROM "+table+" WHERE game_id = ?", dup)
		if a != b || a == 0 {
			t.Errorf("%s: original %d, copy %d", table, a, b)
		}
	}
	copied := load(t, s, dup)
	sameGame(t, copied, g)
	if copied.Setup().QuestData == nil || copied.Setup().QuestData.ID != "test-cellar" {
		t.Error("the copy lost its quest")
	}
	// The two go their own ways.
	play(t, s, dup, copied, &dun.ReserveGained{Amount: 5, Reason: "correction"})
	sameGame(t, load(t, s, id), g)
	sameGame(t, load(t, s, dup), copied)

	before := dump(t, s)
	if _, err := s.DuplicateGame(id, "  "); !errors.Is(err, ErrEmptyName) {
		t.Errorf("blank name: %v, want ErrEmptyName", err)
	}
	if _, err := s.DuplicateGame(id+100, "x"); !errors.Is(err, ErrNoGame) {
		t.Errorf("missing game: %v, want ErrNoGame", err)
	}
	if dump(t, s) != before {
		t.Error("a refused duplicate wrote something")
	}
}

func TestCreateGameGivesUIDs(t *testing.T) {
	s := openStore(t, dbPath(t))
	seen := map[string]bool{}
	for i := 0; i < 20; i++ {
		id, _ := newGame(t, s)
		uid := gameInfo(t, s, id).UID
		if !uidPattern.MatchString(uid) || seen[uid] {
			t.Fatalf("game %d: uid %q", id, uid)
		}
		seen[uid] = true
	}
}
