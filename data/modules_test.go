package data

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
)

// unknownGame stores by SQL, as a build with another module would, a game
// of module "nope": its row with a summary, two records and a snapshot.
func unknownGame(t testing.TB, s *Store) int64 {
	t.Helper()
	res, err := s.db.Exec(`INSERT INTO games (uid, name, module, setup, content, created_at)
		VALUES (?, 'From elsewhere', 'nope', '{"board":"twisted"}', 'map data', ?)`,
		newUID(), "2025-05-01T10:00:00.000000Z")
	if err != nil {
		t.Fatal(err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`UPDATE heads SET seq = 2, summary = ?, updated_at = ? WHERE game_id = ?`,
		`[{"id":"summary.nope.round","args":{"Round":4}}]`, "2025-05-01T11:00:00.000000Z", id); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, 1, 'spin', '{"type":"spin","turns":3}', '')`,
		`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, 2, 'spin', '{"type":"spin","turns":1}', '')`,
		`INSERT INTO snapshots (game_id, effective, last_seq, version, state) VALUES (?, 2, 2, 7, '{"round":4}')`,
	} {
		if _, err := s.db.Exec(q, id); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func wantUnknown(t testing.TB, what string, err error) {
	t.Helper()
	var ue *engine.UnknownModuleError
	if !errors.As(err, &ue) || ue.Name != "nope" || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("%s = %v, want an error wrapping *engine.UnknownModuleError for \"nope\"", what, err)
	}
}

// A game of a module this build does not have is listed as it was saved,
// does not load, and is never written: not its row, records or snapshots,
// not a byte of the file.
func TestUnknownModuleNeverWritten(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	id := unknownGame(t, s)
	known, kg := newGame(t, s)
	play(t, s, known, kg, &dun.NewTurn{})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	sum := hashFile(t, path)

	s = openStore(t, path)
	before := dump(t, s)
	gi := gameInfo(t, s, id)
	want := []engine.Message{{ID: "summary.nope.round", Args: map[string]any{"Round": 4.0}}}
	if gi.Module != "nope" || gi.Name != "From elsewhere" || gi.Seq != 2 || !reflect.DeepEqual(gi.Summary, want) {
		t.Errorf("listed as %+v, want module nope with its stored summary %v", gi, want)
	}
	g, err := s.LoadGame(id)
	if g != nil {
		t.Errorf("LoadGame gave a game: %v", g)
	}
	wantUnknown(t, "LoadGame", err)
	t.Log(err)
	wantUnknown(t, "Append", s.Append(id, engine.Record{Seq: 3, Event: &dun.NewTurn{}}, kg.Summary()))
	wantUnknown(t, "SaveSnapshot", s.SaveSnapshot(id, engine.Snapshot{Version: 7, Effective: 1, LastSeq: 1, State: []byte(`{}`)}))
	sameGame(t, load(t, s, known), kg) // the other game is not disturbed
	if dump(t, s) != before {
		t.Error("a row changed")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if hashFile(t, path) != sum {
		t.Error("the file changed")
	}
}

// Such a game exports as it is stored; no build without its module imports it.
func TestUnknownModuleExportImport(t *testing.T) {
	s := openStore(t, dbPath(t))
	id := unknownGame(t, s)
	file := exported(t, s, id)
	exp, err := ReadExport(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	eg := exp.Games[0]
	if eg.Module != "nope" || eg.ModuleName() != "nope" || eg.Content != "map data" || len(eg.Events) != 2 ||
		string(eg.Events[0]) != `{"type":"spin","turns":3}` {
		t.Errorf("exported %+v", eg)
	}
	g, err := eg.Game()
	if g != nil || errors.Is(err, ErrExportDamaged) {
		t.Errorf("Game() = %v, %v; want no game, and not called damaged", g, err)
	}
	wantUnknown(t, "Game()", err)
	for _, st := range []*Store{s, openStore(t, dbPath(t))} {
		before := dump(t, st)
		_, err := st.Import(bytes.NewReader(file), ImportAsCopy)
		wantUnknown(t, "Import", err)
		t.Log(err)
		if dump(t, st) != before {
			t.Error("a refused import wrote something")
		}
	}
}

// The summary is the caller's (its module's), stored as given and listed.
func TestSummaryStoredAndListed(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := questGame(t, s, "Q")
	gi := gameInfo(t, s, id)
	sameSummary(t, gi, g)
	if len(gi.Summary) != 3 || gi.Summary[0].ID != "summary.quest" || gi.Summary[1].Args["Turn"] != 1.0 {
		t.Errorf("listed %v", gi.Summary)
	}
	summary := func() string {
		var sum *string
		if err := s.db.QueryRow(`SELECT summary FROM heads WHERE game_id = ?`, id).Scan(&sum); err != nil {
			t.Fatal(err)
		}
		if sum == nil {
			return "NULL"
		}
		return *sum
	}
	mine := []engine.Message{{ID: "x.one", Args: map[string]any{"N": 2, "Text": map[string]string{"en": "a"}}}, {ID: "x.two"}}
	r, err := g.Apply(&dun.NewTurn{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Append(id, r, mine); err != nil {
		t.Fatal(err)
	}
	if got := summary(); got != `[{"id":"x.one","args":{"N":2,"Text":{"en":"a"}}},{"id":"x.two"}]` {
		t.Errorf("stored %s", got)
	}
	if gi := gameInfo(t, s, id); !reflect.DeepEqual(gi.Summary, listed(t, mine)) {
		t.Errorf("listed %v, want %v", gi.Summary, mine)
	}
	r, err = g.Apply(&dun.NewTurn{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Append(id, r, nil); err != nil {
		t.Fatal(err)
	}
	if got := summary(); got != "NULL" || gameInfo(t, s, id).Summary != nil {
		t.Errorf("no summary stored as %s, listed as %v", got, gameInfo(t, s, id).Summary)
	}
	// One that does not decode shows nothing, and the list still comes.
	if _, err := s.db.Exec(`UPDATE heads SET summary = '[{"id":' WHERE game_id = ?`, id); err != nil {
		t.Fatal(err)
	}
	if gi := gameInfo(t, s, id); gi.Summary != nil {
		t.Errorf("a broken summary listed as %v", gi.Summary)
	}
}

// Export writes each game's module; a version 1 file, which has none, holds
// DUN games and still imports.
func TestExportModuleAndVersion1Files(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := questGame(t, s, "Q")
	file := exported(t, s, id)
	if !bytes.Contains(file, []byte(`"module":"dun"`)) {
		t.Errorf("no module in %.300s", file)
	}
	p := payloadOf(t, file)
	p.Games[0].Module = ""
	old := craft(t, 1, p)
	if bytes.Contains(old, []byte(`"module"`)) || !bytes.Contains(old, []byte(`"quest_source":`)) {
		t.Fatalf("not a version 1 file: %.300s", old)
	}
	exp, err := ReadExport(bytes.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	if exp.Version != 1 || exp.Games[0].ModuleName() != "dun" {
		t.Errorf("version %d, module %q", exp.Version, exp.Games[0].ModuleName())
	}
	dst := openStore(t, dbPath(t))
	res := importOK(t, dst, old, ImportRefuseExisting)
	got := load(t, dst, res.Games[0])
	sameGame(t, got, g)
	if got.Setup().QuestData == nil || got.Setup().QuestData.ID != "test-cellar" {
		t.Error("the imported game lost its quest")
	}
	gi := gameInfo(t, dst, res.Games[0])
	if gi.Module != "dun" {
		t.Errorf("imported as module %q", gi.Module)
	}
	sameSummary(t, gi, g)
}
