package data

import (
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

var testSetup = dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Seed: 1}

func openStore(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func dbPath(t testing.TB) string {
	return filepath.Join(t.TempDir(), "conductor.db")
}

// newGame stores a new game and returns its id with the in-memory game.
func newGame(t testing.TB, s *Store) (int64, *dun.Game) {
	t.Helper()
	return createGame(t, s, "test", testSetup)
}

// createGame starts a DUN game of setup and stores it, as the UI does.
func createGame(t testing.TB, s *Store, name string, setup dun.Setup) (int64, *dun.Game) {
	t.Helper()
	g, err := dun.NewGame(setup)
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	id, err := s.CreateGame(name, g)
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return id, g
}

// snapOf is g's snapshot now.
func snapOf(t testing.TB, g engine.Play) engine.Snapshot {
	t.Helper()
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatalf("Snapshot: %v", err)
	}
	return snap
}

// asDUN is a loaded game as the DUN game it must be.
func asDUN(t testing.TB, p engine.Play) *dun.Game {
	t.Helper()
	g, ok := p.(*dun.Game)
	if !ok {
		t.Fatalf("loaded a %T, want a *dun.Game", p)
	}
	return g
}

// listed is a summary as Games lists it: g.Summary() through JSON (numbers
// come back as float64), for comparing with GameInfo.Summary.
func listed(t testing.TB, summary []engine.Message) []engine.Message {
	t.Helper()
	b, err := json.Marshal(summary)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Message
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// sameSummary checks that a listed game shows g's summary now.
func sameSummary(t testing.TB, gi GameInfo, g engine.Play) {
	t.Helper()
	if want := listed(t, g.Summary()); !reflect.DeepEqual(gi.Summary, want) || gi.Module != g.Module() {
		t.Errorf("game %d listed as %s %v, want %s %v", gi.ID, gi.Module, gi.Summary, g.Module(), want)
	}
}

// play applies e to g and appends the record, as the UI does.
func play(t testing.TB, s *Store, id int64, g *dun.Game, e dun.Event) dun.Record {
	t.Helper()
	r, err := g.Apply(e)
	if err != nil {
		t.Fatalf("Apply(%s): %v", e.Type(), err)
	}
	if err := s.Append(id, r, g.Summary()); err != nil {
		t.Fatalf("Append(%d): %v", r.Seq, err)
	}
	return r
}

// script is a mix of every event type, undos included, that the rules accept.
func script(g *dun.Game, i int) dun.Event {
	switch i % 7 {
	case 0:
		return &dun.NewTurn{}
	case 1:
		return &dun.ReserveGained{Amount: 3, Reason: "card_discarded"}
	case 2:
		return g.Roll(dice.TwoD6)
	case 3:
		return &dun.ReserveSpent{Amount: 2, Reason: "card_activated"}
	case 4:
		return &dun.Undo{}
	case 5:
		return g.Roll(dice.Scenario)
	default:
		return &dun.DiceRolled{Dice: dice.D6, Faces: []int{4}, Physical: true}
	}
}

func stateJSON(t testing.TB, st dun.State) string {
	t.Helper()
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func sameGame(t testing.TB, got, want engine.Play) {
	t.Helper()
	g, err := got.StateJSON()
	if err != nil {
		t.Fatal(err)
	}
	w, err := want.StateJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(g) != string(w) {
		t.Fatalf("state differs:\n got %s\nwant %s", g, w)
	}
	if got.Module() != want.Module() {
		t.Fatalf("module %q, want %q", got.Module(), want.Module())
	}
	if len(got.Records()) != len(want.Records()) || got.Effective() != want.Effective() {
		t.Fatalf("got %d records (%d effective), want %d (%d)",
			len(got.Records()), got.Effective(), len(want.Records()), want.Effective())
	}
	for i, r := range want.Records() {
		a, _ := engine.Encode(got.Records()[i].Event)
		b, _ := engine.Encode(r.Event)
		if got.Records()[i].Seq != r.Seq || string(a) != string(b) {
			t.Fatalf("record %d: got %d %s, want %d %s", i, got.Records()[i].Seq, a, r.Seq, b)
		}
	}
}

func load(t testing.TB, s *Store, id int64) *dun.Game {
	t.Helper()
	g, err := s.LoadGame(id)
	if err != nil {
		t.Fatalf("LoadGame(%d): %v", id, err)
	}
	return asDUN(t, g)
}

func hashFile(t testing.TB, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

func pragmaInt(t testing.TB, s *Store, name string) int {
	t.Helper()
	var v int
	if err := s.db.QueryRow("PRAGMA " + name).Scan(&v); err != nil {
		t.Fatalf("PRAGMA %s: %v", name, err)
	}
	return v
}

func count(t testing.TB, s *Store, query string, args ...any) int {
	t.Helper()
	var n int
	if err := s.db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func TestOpenMigratesFromEmpty(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "dir", "conductor.db")
	s := openStore(t, path)
	if v := pragmaInt(t, s, "user_version"); v != len(migrations) || v < 1 {
		t.Errorf("user_version = %d, want %d", v, len(migrations))
	}
	if id := pragmaInt(t, s, "application_id"); id != applicationID {
		t.Errorf("application_id = %#x, want %#x", id, applicationID)
	}
	var mode string
	if err := s.db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	if fk := pragmaInt(t, s, "foreign_keys"); fk != 1 {
		t.Errorf("foreign_keys = %d, want 1", fk)
	}
	if sy := pragmaInt(t, s, "synchronous"); sy != 2 {
		t.Errorf("synchronous = %d, want 2 (FULL)", sy)
	}
	if bt := pragmaInt(t, s, "busy_timeout"); bt != busyTimeoutMS {
		t.Errorf("busy_timeout = %d, want %d", bt, busyTimeoutMS)
	}
	for _, table := range []string{"games", "events", "snapshots", "settings"} {
		if n := count(t, s, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", table); n != 1 {
			t.Errorf("table %s missing", table)
		}
	}
	fi, err := os.Stat(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm != 0o700 {
		t.Errorf("created directory has mode %v, want 0700", perm)
	}
}

func TestOpenZeroByteFile(t *testing.T) {
	path := dbPath(t)
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s := openStore(t, path)
	if v := pragmaInt(t, s, "user_version"); v != len(migrations) {
		t.Errorf("user_version = %d, want %d", v, len(migrations))
	}
}

func TestOpenPathNeedsEscaping(t *testing.T) {
	// '?', '#' and '%' end or escape a URI; the path must reach SQLite intact.
	dir := filepath.Join(t.TempDir(), "a dir?x=1#frag%20é")
	path := filepath.Join(dir, "c.db")
	s := openStore(t, path)
	if err := s.SetSetting("k", "v"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database not at %s: %v", path, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	if len(entries) != 1 {
		t.Errorf("expected only %q in the temp dir, found %d entries", dir, len(entries))
	}
}

func TestReopenKeepsData(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	id, g := newGame(t, s)
	for i := 0; i < 20; i++ {
		play(t, s, id, g, script(g, i))
	}
	if err := s.SetSetting("language", "es"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSetting("language", "en"); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"-wal", "-shm", "-journal"} {
		if exists(path + side) {
			t.Errorf("%s left after Close", side)
		}
	}

	s = openStore(t, path)
	sameGame(t, load(t, s, id), g)
	v, ok, err := s.Setting("language")
	if err != nil || !ok || v != "en" {
		t.Errorf("Setting(language) = %q, %v, %v; want en", v, ok, err)
	}
	if _, ok, err := s.Setting("last_game"); ok || err != nil {
		t.Errorf("Setting(last_game) = %v, %v; want not set", ok, err)
	}
	games, err := s.Games()
	if err != nil || len(games) != 1 {
		t.Fatalf("Games() = %v, %v", games, err)
	}
	gi := games[0]
	if gi.ID != id || gi.Name != "test" || gi.Seq != 20 {
		t.Errorf("Games()[0] = %+v, want seq 20", gi)
	}
	sameSummary(t, gi, g)
	if gi.Created.IsZero() || gi.Updated.Before(gi.Created) {
		t.Errorf("times: created %v, updated %v", gi.Created, gi.Updated)
	}
}

// otherModule is a DUN game that says it is of a module this build does
// not have.
type otherModule struct{ *dun.Game }

func (otherModule) Module() string { return "nope" }

// CreateGame stores a game before it is played, of a module it can find again.
func TestCreateGameRefuses(t *testing.T) {
	s := openStore(t, dbPath(t))
	g, err := dun.NewGame(testSetup)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.CreateGame("unknown", otherModule{g})
	var ue *engine.UnknownModuleError
	if !errors.As(err, &ue) || ue.Name != "nope" {
		t.Errorf("a game of an unknown module: %v, want *engine.UnknownModuleError", err)
	}
	if _, err := g.Apply(&dun.NewTurn{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateGame("played", g); err == nil || !strings.Contains(err.Error(), "1 records") {
		t.Errorf("a game already played: %v, want refused", err)
	}
	if n := count(t, s, "SELECT count(*) FROM games"); n != 0 {
		t.Errorf("%d games stored", n)
	}
}

func TestCreateGameStoresNormalizedSetup(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, _ := createGame(t, s, "vp", dun.Setup{HeroVP: []int{10, 12}, LeaderVP: 5, Seed: 7})
	g := load(t, s, id)
	if st := g.Setup(); st.Heroes != 2 || st.GroupVP != 22 || st.Conductor != dun.ConductorSingle {
		t.Errorf("setup = %+v", st)
	}
	games, _ := s.Games()
	want := []engine.Message{{ID: "summary.free_play"}, {ID: "summary.turn", Args: map[string]any{"Turn": 0.0}}, {ID: "summary.reserve", Args: map[string]any{"Reserve": 17.0}}}
	if len(games) != 1 || games[0].Module != "dun" || !reflect.DeepEqual(games[0].Summary, want) {
		t.Errorf("listed %+v, want module dun and summary %v", games, want)
	}
	var module, setup string
	if err := s.db.QueryRow(`SELECT module, setup FROM games WHERE id = ?`, id).Scan(&module, &setup); err != nil {
		t.Fatal(err)
	}
	if norm, _ := g.SetupJSON(); module != "dun" || setup != string(norm) {
		t.Errorf("stored %s %s, want dun %s", module, setup, norm)
	}
}

func TestAppendLoadRoundTrip(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	other, og := newGame(t, s) // interleaved, to check games do not mix
	for i := 0; i < 300; i++ {
		play(t, s, id, g, script(g, i))
		if i%3 == 0 {
			play(t, s, other, og, &dun.NewTurn{})
		}
	}
	sameGame(t, load(t, s, id), g)
	sameGame(t, load(t, s, other), og)
	var body, typ string
	if err := s.db.QueryRow("SELECT type, body FROM events WHERE game_id = ? AND seq = 4", id).Scan(&typ, &body); err != nil {
		t.Fatal(err)
	}
	want, _ := dun.EncodeEvent(g.Records()[3].Event)
	if body != string(want) || typ != g.Records()[3].Event.Type() {
		t.Errorf("row 4 = %s %s, want %s %s", typ, body, g.Records()[3].Event.Type(), want)
	}
	games, err := s.Games()
	if err != nil || len(games) != 2 {
		t.Fatalf("Games() = %v, %v", games, err)
	}
	if games[0].ID != id { // id was appended to last
		t.Errorf("Games() not most recent first: %+v", games)
	}
}

func TestUndoSurvivesReopen(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	play(t, s, id, g, &dun.ReserveSpent{Amount: 2, Reason: "card_activated"})
	play(t, s, id, g, &dun.Undo{})
	if g.State().Reserve != 30 {
		t.Fatalf("reserve after undo = %d", g.State().Reserve)
	}
	s.Close()

	s = openStore(t, path)
	got := load(t, s, id)
	sameGame(t, got, g)
	if got.State().Reserve != 30 || got.Effective() != 1 || len(got.Records()) != 3 {
		t.Errorf("after reopen: reserve %d, effective %d, records %d", got.State().Reserve, got.Effective(), len(got.Records()))
	}
	if _, ok := got.Records()[2].Event.(*dun.Undo); !ok {
		t.Errorf("record 3 is %T, want *dun.Undo", got.Records()[2].Event)
	}
	games, _ := s.Games()
	if games[0].Seq != 3 {
		t.Errorf("seq after undo: %+v", games[0])
	}
	sameSummary(t, games[0], got)
	if games[0].Summary[2].Args["Reserve"] != 30.0 {
		t.Errorf("listed reserve after undo: %v", games[0].Summary)
	}
}

// marked returns g's snapshot with an impossible achievement count, so a test
// can see whether LoadGame started from it.
func marked(t testing.TB, g *dun.Game, mark int) engine.Snapshot {
	t.Helper()
	snap := snapOf(t, g)
	var st dun.State
	if err := json.Unmarshal(snap.State, &st); err != nil {
		t.Fatal(err)
	}
	st.Achievements += mark
	snap.State = mustJSON(t, st)
	return snap
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSnapshotUsedWhileValid(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := 0; i < engine.SnapshotEvery; i++ {
		play(t, s, id, g, &dun.NewTurn{})
	}
	if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil {
		t.Fatal(err)
	}
	sameGame(t, load(t, s, id), g) // a true snapshot gives the same state

	if err := s.SaveSnapshot(id, marked(t, g, 1000)); err != nil {
		t.Fatal(err)
	}
	play(t, s, id, g, &dun.NewTurn{})
	if got := load(t, s, id).State().Achievements; got != g.State().Achievements+1000 {
		t.Fatalf("achievements = %d, want %d: the snapshot was not used", got, g.State().Achievements+1000)
	}
}

func TestSnapshotIgnoredAfterUndoBehindIt(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := 0; i < 2*engine.SnapshotEvery; i++ {
		play(t, s, id, g, &dun.NewTurn{})
		if n := g.Effective(); n%engine.SnapshotEvery == 0 {
			if err := s.SaveSnapshot(id, marked(t, g, n*10)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got := load(t, s, id).State().Achievements; got != g.State().Achievements+2000 {
		t.Fatalf("achievements = %d: the newest snapshot was not used", got)
	}
	// Undo behind the newest snapshot: the older one serves.
	play(t, s, id, g, &dun.Undo{})
	if got := load(t, s, id).State().Achievements; got != g.State().Achievements+1000 {
		t.Fatalf("achievements = %d: the snapshot at %d was not used", got, engine.SnapshotEvery)
	}
	// Back to the same count with a different event: neither snapshot's last
	// event counts at 200 any more, so the newest must not be used.
	play(t, s, id, g, &dun.NewTurn{})
	if got := load(t, s, id).State().Achievements; got != g.State().Achievements+1000 {
		t.Fatalf("achievements = %d: a stale snapshot was used", got)
	}
	// Undo behind both: plain replay, and the state is still right.
	for g.Effective() >= engine.SnapshotEvery {
		play(t, s, id, g, &dun.Undo{})
	}
	sameGame(t, load(t, s, id), g)
}

func TestSnapshotsPruned(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := 0; i < 5*engine.SnapshotEvery; i++ {
		play(t, s, id, g, &dun.NewTurn{})
		if g.Effective()%engine.SnapshotEvery == 0 {
			if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := count(t, s, "SELECT count(*) FROM snapshots WHERE game_id = ?", id); n != snapshotsKept {
		t.Errorf("%d snapshots kept, want %d", n, snapshotsKept)
	}
	// A snapshot at an earlier point replaces the later (undone) ones.
	play(t, s, id, g, &dun.Undo{})
	for g.Effective() > 3*engine.SnapshotEvery {
		play(t, s, id, g, &dun.Undo{})
	}
	if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, "SELECT count(*) FROM snapshots WHERE game_id = ? AND effective > ?", id, 3*engine.SnapshotEvery); n != 0 {
		t.Errorf("%d snapshots beyond the current point", n)
	}
	sameGame(t, load(t, s, id), g)
}

func TestSaveSnapshotChecks(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil { // nothing to cache yet
		t.Errorf("empty snapshot: %v", err)
	}
	play(t, s, id, g, &dun.NewTurn{})
	snap := snapOf(t, g)
	snap.LastSeq, snap.Effective = 5, 5
	if err := s.SaveSnapshot(id, snap); err == nil {
		t.Error("snapshot beyond the stored records accepted")
	}
	if err := s.SaveSnapshot(id+100, snapOf(t, g)); !errors.Is(err, ErrNoGame) {
		t.Errorf("snapshot of a missing game: %v, want ErrNoGame", err)
	}
	if n := count(t, s, "SELECT count(*) FROM snapshots"); n != 0 {
		t.Errorf("%d snapshots stored", n)
	}
}

func TestCorruptSnapshotIgnored(t *testing.T) {
	for name, state := range map[string]string{
		"not json":      `{"turn":`,
		"wrong type":    `{"turn":"x"}`,
		"unknown field": `{"turn":1,"reserve":1,"achievements":1,"rolls":0,"ledger":[],"log":[],"extra":1}`,
		"trailing data": `{"turn":1} {}`,
	} {
		t.Run(name, func(t *testing.T) {
			s := openStore(t, dbPath(t))
			id, g := newGame(t, s)
			for i := 0; i < 10; i++ {
				play(t, s, id, g, &dun.NewTurn{})
			}
			snap := snapOf(t, g)
			// Of the current version, so that only its state is wrong.
			if _, err := s.db.Exec("INSERT INTO snapshots (game_id, effective, last_seq, version, state) VALUES (?, ?, ?, ?, ?)",
				id, snap.Effective, snap.LastSeq, snap.Version, state); err != nil {
				t.Fatal(err)
			}
			sameGame(t, load(t, s, id), g)
		})
	}
}

// A stored record that no longer decodes opens read-only, like one the rules
// refuse: the records before it, and an error naming the game and the record.
func TestBadEventRowNamesGameAndSeq(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	if _, err := s.db.Exec("INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, 2, 'new_turn', '{\"type\":\"nonsense\"}', '')", id); err != nil {
		t.Fatal(err)
	}
	got, err := s.LoadGame(id)
	var re *ReplayError
	if !errors.As(err, &re) || re.Seq != 2 || re.Game != "test" || got == nil {
		t.Fatalf("LoadGame = %v, %v; want the game and a *ReplayError for record 2", got, err)
	}
	if !strings.Contains(err.Error(), `"test"`) || !strings.Contains(err.Error(), "record 2") || !strings.Contains(err.Error(), "nonsense") {
		t.Errorf("error %q does not name the game, the record and the problem", err)
	}
	sameGame(t, got, g)
	if _, err := s.LoadGame(99); !errors.Is(err, ErrNoGame) {
		t.Errorf("LoadGame(99) = %v, want ErrNoGame", err)
	}
}

func TestAppendWrongSeqWritesNothing(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	play(t, s, id, g, &dun.NewTurn{})
	before, _ := s.Games()
	for _, seq := range []int{0, 1, 2, 4, 100} {
		err := s.Append(id, dun.Record{Seq: seq, Event: &dun.NewTurn{}}, []engine.Message{{ID: "summary.turn", Args: map[string]any{"Turn": 99}}})
		if err == nil || !strings.Contains(err.Error(), "next record is 3") {
			t.Errorf("Append seq %d: %v, want an out-of-order error", seq, err)
		}
	}
	if err := s.Append(id, dun.Record{Seq: 3}, g.Summary()); err == nil {
		t.Error("Append without an event accepted")
	}
	if err := s.Append(id+100, dun.Record{Seq: 1, Event: &dun.NewTurn{}}, g.Summary()); !errors.Is(err, ErrNoGame) {
		t.Errorf("Append to a missing game: %v, want ErrNoGame", err)
	}
	if err := s.Append(id, dun.Record{Seq: 3, Event: &alien{}}, g.Summary()); err == nil || !strings.Contains(err.Error(), `"alien"`) {
		t.Errorf("Append of an event that is not DUN's: %v, want refused", err)
	}
	after, _ := s.Games()
	if !reflect.DeepEqual(before[0], after[0]) {
		t.Errorf("game row changed: %+v -> %+v", before[0], after[0])
	}
	if n := count(t, s, "SELECT count(*) FROM events"); n != 2 {
		t.Errorf("%d events stored, want 2", n)
	}
	sameGame(t, load(t, s, id), g)
}

// alien is an event of no module.
type alien struct{}

func (*alien) Type() string { return "alien" }

func TestEventsAppendOnly(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	play(t, s, id, g, &dun.ReserveSpent{Amount: 2, Reason: "card_activated"})
	for _, q := range []string{
		"UPDATE events SET body = '{\"type\":\"new_turn\"}' WHERE game_id = ? AND seq = 2",
		"UPDATE events SET seq = 3 WHERE game_id = ?",
		"DELETE FROM events WHERE game_id = ? AND seq = 2",
		"DELETE FROM events WHERE game_id = ?",
	} {
		_, err := s.db.Exec(q, id)
		if err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v, want refused by the trigger", q, err)
		}
	}
	if n := count(t, s, "SELECT count(*) FROM events"); n != 2 {
		t.Errorf("%d events left, want 2", n)
	}
	sameGame(t, load(t, s, id), g)
}

func TestDeleteGameCascades(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	keep, kg := newGame(t, s)
	for i := 0; i < engine.SnapshotEvery; i++ {
		play(t, s, id, g, &dun.NewTurn{})
		play(t, s, keep, kg, &dun.NewTurn{})
	}
	for _, x := range []struct {
		id int64
		g  *dun.Game
	}{{id, g}, {keep, kg}} {
		if err := s.SaveSnapshot(x.id, snapOf(t, x.g)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.DeleteGame(id); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, "SELECT count(*) FROM events WHERE game_id = ?", id); n != 0 {
		t.Errorf("%d events left", n)
	}
	if n := count(t, s, "SELECT count(*) FROM snapshots WHERE game_id = ?", id); n != 0 {
		t.Errorf("%d snapshots left", n)
	}
	if err := s.DeleteGame(id); !errors.Is(err, ErrNoGame) {
		t.Errorf("second delete: %v, want ErrNoGame", err)
	}
	if n := count(t, s, "SELECT count(*) FROM events WHERE game_id = ?", keep); n != engine.SnapshotEvery {
		t.Errorf("other game has %d events, want %d", n, engine.SnapshotEvery)
	}
	sameGame(t, load(t, s, keep), kg)
	if games, _ := s.Games(); len(games) != 1 || games[0].ID != keep {
		t.Errorf("Games() = %+v", games)
	}
}

func TestNewerDatabaseRefused(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	if _, err := s.db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	sum := hashFile(t, path)

	_, err := Open(path)
	var ne *NewerError
	if !errors.As(err, &ne) || ne.Found != 99 || ne.Supported != len(migrations) {
		t.Fatalf("Open = %v, want *NewerError{99, %d}", err, len(migrations))
	}
	t.Log(err)
	if hashFile(t, path) != sum {
		t.Error("the newer database was modified")
	}
	for _, side := range []string{"-wal", "-shm", "-journal"} {
		if exists(path + side) {
			t.Errorf("%s left beside the newer database", side)
		}
	}
}

func TestForeignDatabaseRefused(t *testing.T) {
	path := dbPath(t)
	raw, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec("CREATE TABLE contacts (name TEXT)"); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	sum := hashFile(t, path)
	_, err = Open(path)
	if !errors.Is(err, ErrForeign) {
		t.Fatalf("Open = %v, want ErrForeign", err)
	}
	t.Log(err)
	if hashFile(t, path) != sum {
		t.Error("the foreign database was modified")
	}
}

// validDB makes a real database with enough rows to span many pages.
func validDB(t *testing.T, path string) {
	s := openStore(t, path)
	id, g := newGame(t, s)
	tx, err := s.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2000; i++ {
		r, err := g.Apply(&dun.NewTurn{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec("INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, ?, 'new_turn', '{\"type\":\"new_turn\"}', '')", id, r.Seq); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	s.Close()
}

func TestCorruptFilesRefused(t *testing.T) {
	random := make([]byte, 8192)
	for i := range random {
		random[i] = byte(i*7919 + i/3) // fixed noise: failures reproduce
	}
	cases := map[string]func(t *testing.T, path string){
		"random bytes": func(t *testing.T, path string) {
			os.WriteFile(path, random, 0o600)
		},
		"text file": func(t *testing.T, path string) {
			os.WriteFile(path, []byte(strings.Repeat("language = \"en\"\nlast_game = 3\n", 40)), 0o600)
		},
		"short text file": func(t *testing.T, path string) {
			os.WriteFile(path, []byte("hello\n"), 0o600)
		},
		"short file": func(t *testing.T, path string) {
			os.WriteFile(path, []byte("SQLite format 3\x00\x10\x00"), 0o600)
		},
		"truncated to half": func(t *testing.T, path string) {
			validDB(t, path)
			fi, _ := os.Stat(path)
			if err := os.Truncate(path, fi.Size()/2); err != nil {
				t.Fatal(err)
			}
		},
		"truncated mid-page": func(t *testing.T, path string) {
			validDB(t, path)
			fi, _ := os.Stat(path)
			if err := os.Truncate(path, fi.Size()-1000); err != nil {
				t.Fatal(err)
			}
		},
		"truncated at a page boundary": func(t *testing.T, path string) {
			validDB(t, path)
			fi, _ := os.Stat(path)
			if err := os.Truncate(path, fi.Size()/2/4096*4096); err != nil {
				t.Fatal(err)
			}
		},
		"truncated with a matching header": func(t *testing.T, path string) {
			// The page count in the header agrees with the short file, so
			// only SQLite's own check can find the missing pages.
			validDB(t, path)
			b, _ := os.ReadFile(path)
			pages := len(b) / 2 / 4096
			b = b[:pages*4096]
			binary.BigEndian.PutUint32(b[28:32], uint32(pages))
			os.WriteFile(path, b, 0o600)
		},
		"damaged page": func(t *testing.T, path string) {
			// The header is fine; only SQLite's own check can see this.
			validDB(t, path)
			b, _ := os.ReadFile(path)
			page := 4096
			for i := 3 * page; i < 4*page && i < len(b); i++ {
				b[i] = random[i%len(random)]
			}
			os.WriteFile(path, b, 0o600)
		},
	}
	for name, build := range cases {
		t.Run(name, func(t *testing.T) {
			path := dbPath(t)
			build(t, path)
			sum := hashFile(t, path)
			_, err := Open(path)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Open = %v, want ErrCorrupt", err)
			}
			t.Log(err)
			if hashFile(t, path) != sum {
				t.Error("the corrupt file was modified")
			}
			for _, side := range []string{"-wal", "-shm", "-journal"} {
				if exists(path + side) {
					t.Errorf("%s left beside the corrupt file", side)
				}
			}
		})
	}
}

func TestLoadMigrationsChecksNumbers(t *testing.T) {
	file := &fstest.MapFile{Data: []byte("SELECT 1;")}
	for name, fsys := range map[string]fstest.MapFS{
		"gap":     {"migrations/0001_a.sql": file, "migrations/0003_c.sql": file},
		"no num":  {"migrations/init.sql": file},
		"twice":   {"migrations/0001_a.sql": file, "migrations/01_b.sql": file},
		"nothing": {},
	} {
		if _, err := loadMigrations(fsys); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	ms, err := loadMigrations(fstest.MapFS{"migrations/0002_b.sql": file, "migrations/0001_a.sql": file})
	if err != nil || len(ms) != 2 || ms[0].name != "0001_a.sql" {
		t.Errorf("loadMigrations = %v, %v", ms, err)
	}
}

func TestNewerRollbackModeDatabaseRefused(t *testing.T) {
	// In rollback mode, switching to WAL would rewrite the header: the
	// version check must come first.
	path := dbPath(t)
	s := openStore(t, path)
	newer := len(migrations) + 1
	for _, q := range []string{fmt.Sprintf("PRAGMA user_version = %d", newer), "PRAGMA journal_mode = DELETE"} {
		if _, err := s.db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	sum := hashFile(t, path)
	var ne *NewerError
	if _, err := Open(path); !errors.As(err, &ne) || ne.Found != newer {
		t.Fatalf("Open = %v, want *NewerError{Found: %d}", err, newer)
	}
	if hashFile(t, path) != sum {
		t.Error("the newer database was modified")
	}
}

func TestCloseTwiceAndUseAfterClose(t *testing.T) {
	s := openStore(t, dbPath(t))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := s.Games(); err == nil {
		t.Error("Games after Close succeeded")
	}
}

func TestConcurrentUse(t *testing.T) {
	s := openStore(t, dbPath(t))
	type result struct {
		id  int64
		g   *dun.Game
		err error
	}
	results := make(chan result)
	for w := 0; w < 4; w++ {
		go func() {
			g, _ := dun.NewGame(testSetup)
			id, err := s.CreateGame("w", g)
			for i := 0; i < 50 && err == nil; i++ {
				var r dun.Record
				if r, err = g.Apply(script(g, i)); err == nil {
					err = s.Append(id, r, g.Summary())
				}
				if err == nil {
					_, err = s.Games()
				}
			}
			results <- result{id, g, err}
		}()
	}
	for w := 0; w < 4; w++ {
		r := <-results
		if r.err != nil {
			t.Fatal(r.err)
		}
		sameGame(t, load(t, s, r.id), r.g)
	}
}
