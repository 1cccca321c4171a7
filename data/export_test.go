package data

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
)

// exported writes a game's export file.
func exported(t testing.TB, s *Store, id int64) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := s.ExportGame(id, &buf); err != nil {
		t.Fatalf("ExportGame(%d): %v", id, err)
	}
	return buf.Bytes()
}

func exportedCampaign(t testing.TB, s *Store, id int64) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := s.ExportCampaign(id, &buf); err != nil {
		t.Fatalf("ExportCampaign(%d): %v", id, err)
	}
	return buf.Bytes()
}

func importOK(t testing.TB, s *Store, file []byte, mode ImportMode) ImportResult {
	t.Helper()
	res, err := s.Import(bytes.NewReader(file), mode)
	if err != nil {
		t.Fatalf("Import(%v): %v", mode, err)
	}
	return res
}

// playedGame stores a game of n records with snapshots where the app saves them.
func playedGame(t testing.TB, s *Store, name string, n int) (int64, *dun.Game) {
	t.Helper()
	id, g := createGame(t, s, name, testSetup)
	for i := 0; i < n; i++ {
		play(t, s, id, g, script(g, i))
		if g.SnapshotDue() {
			if err := s.SaveSnapshot(id, snapOf(t, g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return id, g
}

// questGame stores a game of the test quest, with a few records.
func questGame(t testing.TB, s *Store, name string) (int64, *dun.Game) {
	t.Helper()
	q := importQuest(t, s, "cellar.toml", cellarSource(t))
	id, g := createGame(t, s, name, dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 12, QuestData: q, Seed: 5})
	play(t, s, id, g, &dun.NewTurn{})
	play(t, s, id, g, &dun.SectionRevealed{Section: "cellar"})
	play(t, s, id, g, g.RollDie())
	return id, g
}

// rawFile is an export file's outer object with its payload decoded loosely.
type rawFile struct {
	Format     string         `json:"format"`
	Version    int            `json:"version"`
	ExportedAt string         `json:"exported_at"`
	Checksum   string         `json:"checksum"`
	Payload    map[string]any `json:"payload"`
}

// craft writes an export file around any payload, with a correct checksum
// computed here independently of the package's code.
func craft(t testing.TB, version int, payload any) []byte {
	t.Helper()
	p, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	return craftRaw(t, ExportFormat, version, p)
}

func craftRaw(t testing.TB, format string, version int, payload []byte) []byte {
	t.Helper()
	var v any
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	var canon bytes.Buffer
	enc := json.NewEncoder(&canon)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(bytes.TrimSuffix(canon.Bytes(), []byte("\n")))
	return []byte(fmt.Sprintf(`{"format":%q,"version":%d,"exported_at":"2025-01-01T00:00:00Z","checksum":%q,"payload":%s}`,
		format, version, hex.EncodeToString(sum[:]), payload))
}

// payloadOf decodes a file's payload into the package's types, to edit and craft again.
func payloadOf(t testing.TB, file []byte) exportPayload {
	t.Helper()
	var f struct {
		Payload exportPayload `json:"payload"`
	}
	if err := json.Unmarshal(file, &f); err != nil {
		t.Fatal(err)
	}
	return f.Payload
}

func TestExportFileLayout(t *testing.T) {
	fakeClock(t)
	s := openStore(t, dbPath(t))
	id, g := questGame(t, s, "Cellar <night> & day")
	cid := newCampaign(t, s, "C")
	if err := s.SetGameCampaign(id, cid); err != nil {
		t.Fatal(err)
	}
	file := exported(t, s, id)
	t.Logf("%d bytes: %.300s…", len(file), file)

	var top map[string]json.RawMessage
	if err := json.Unmarshal(file, &top); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"format", "version", "exported_at", "checksum", "payload"} {
		if _, ok := top[k]; !ok {
			t.Errorf("no %q at the top", k)
		}
	}
	if !bytes.HasPrefix(file, []byte(`{"format":"dun-conductor-export","version":2,`)) {
		t.Errorf("the file does not start with its format and version: %.60s", file)
	}
	var f rawFile
	if err := json.Unmarshal(file, &f); err != nil {
		t.Fatal(err)
	}
	if _, err := time.Parse(time.RFC3339Nano, f.ExportedAt); err != nil {
		t.Errorf("exported_at %q: %v", f.ExportedAt, err)
	}
	// The checksum is the SHA-256 of the canonical payload, recomputed here.
	if again := craftRaw(t, ExportFormat, ExportVersion, top["payload"]); !bytes.Contains(again, []byte(f.Checksum)) || len(f.Checksum) != 64 {
		t.Errorf("checksum %q is not the sha256 of the canonical payload", f.Checksum)
	}
	var p struct {
		Games []struct {
			UID         string            `json:"uid"`
			Name        string            `json:"name"`
			Setup       map[string]any    `json:"setup"`
			QuestSource string            `json:"quest_source"`
			CampaignUID string            `json:"campaign_uid"`
			CreatedAt   string            `json:"created_at"`
			Events      []json.RawMessage `json:"events"`
		} `json:"games"`
		Campaigns []any `json:"campaigns"`
	}
	if err := json.Unmarshal(top["payload"], &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Games) != 1 || p.Campaigns == nil || len(p.Campaigns) != 0 {
		t.Fatalf("payload: %d games, campaigns %v", len(p.Games), p.Campaigns)
	}
	eg := p.Games[0]
	info := gameInfo(t, s, id)
	c, _ := s.Campaign(cid)
	if eg.UID != info.UID || eg.Name != "Cellar <night> & day" || eg.Setup["quest"] != "test-cellar" ||
		eg.QuestSource != string(cellarSource(t)) || eg.CampaignUID != c.UID || eg.CreatedAt == "" {
		t.Errorf("game: %+v", eg)
	}
	if len(eg.Events) != len(g.Records()) {
		t.Fatalf("%d events, want %d", len(eg.Events), len(g.Records()))
	}
	for i, r := range g.Records() {
		want, _ := dun.EncodeEvent(r.Event)
		if string(eg.Events[i]) != string(want) {
			t.Errorf("event %d = %s, want exactly %s", i+1, eg.Events[i], want)
		}
	}
	if !bytes.Contains(file, []byte("<night> & day")) {
		t.Error("names are HTML-escaped in the file")
	}

	// Re-indenting the file (an editor, a pretty-printer) keeps it valid.
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, file, "", "  "); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadExport(bytes.NewReader(pretty.Bytes())); err != nil {
		t.Errorf("re-indented file: %v", err)
	}
}

// A game exported and imported into another database is the same game.
func TestExportImportGameFreshStore(t *testing.T) {
	src := openStore(t, dbPath(t))
	id, g := playedGame(t, src, "Long game", 3*engine.SnapshotEvery+17)
	qid, qg := questGame(t, src, "Quest game")
	cid := newCampaign(t, src, "C")
	if err := src.SetGameCampaign(id, cid); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id int64
		g  *dun.Game
	}{{id, g}, {qid, qg}} {
		file := exported(t, src, c.id)
		dst := openStore(t, dbPath(t))
		res := importOK(t, dst, file, ImportRefuseExisting)
		if len(res.Games) != 1 || len(res.Campaigns) != 0 {
			t.Fatalf("ImportResult %+v", res)
		}
		got := load(t, dst, res.Games[0])
		sameGame(t, got, c.g)
		a, b := gameInfo(t, src, c.id), gameInfo(t, dst, res.Games[0])
		if a.UID != b.UID || a.Name != b.Name || a.Module != b.Module || !reflect.DeepEqual(a.Summary, b.Summary) ||
			a.Seq != b.Seq || !a.Created.Equal(b.Created) {
			t.Errorf("imported %+v, exported %+v", b, a)
		}
		if b.CampaignID != 0 {
			t.Errorf("linked to campaign %d, which is not in this database", b.CampaignID)
		}
		// Records are stored exactly as they were.
		var want, have []string
		for _, q := range []struct {
			s  *Store
			id int64
			to *[]string
		}{{src, c.id, &want}, {dst, res.Games[0], &have}} {
			rows, err := q.s.db.Query("SELECT seq, type, body FROM events WHERE game_id = ? ORDER BY seq", q.id)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var seq int
				var typ, body string
				rows.Scan(&seq, &typ, &body)
				*q.to = append(*q.to, fmt.Sprint(seq, typ, body))
			}
			rows.Close()
		}
		if !reflect.DeepEqual(want, have) {
			t.Error("the records stored differ")
		}
		// It opens from a snapshot, and plays on.
		if n := count(t, dst, "SELECT count(*) FROM snapshots WHERE game_id = ?", res.Games[0]); n != 1 {
			t.Errorf("%d snapshots after import, want 1", n)
		}
		play(t, dst, res.Games[0], got, &dun.ReserveGained{Amount: 1, Reason: "correction"})
		sameGame(t, load(t, dst, res.Games[0]), got)
	}
}

// Importing into the database it came from, in each mode.
func TestImportGameModesSameStore(t *testing.T) {
	fakeClock(t)
	s := openStore(t, dbPath(t))
	id, g := playedGame(t, s, "Mine", 150)
	cid := newCampaign(t, s, "C")
	if err := s.SetGameCampaign(id, cid); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordQuest(cid, CampaignEntry{GameID: id, Quest: "q", Outcome: OutcomeWon, Party: party(twoHeroes)}); err != nil {
		t.Fatal(err)
	}
	file := exported(t, s, id)
	uid := gameInfo(t, s, id).UID

	// Refused: nothing written, and the error names the game.
	before := dump(t, s)
	_, err := s.Import(bytes.NewReader(file), ImportRefuseExisting)
	var exists *ExistsError
	if !errors.As(err, &exists) || !reflect.DeepEqual(exists.Names, []string{"Mine"}) {
		t.Fatalf("Import = %v, want *ExistsError{[Mine]}", err)
	}
	if dump(t, s) != before {
		t.Fatal("a refused import wrote something")
	}

	// As a copy: a new game beside it, same name, new uid, same campaign.
	res := importOK(t, s, file, ImportAsCopy)
	cp := gameInfo(t, s, res.Games[0])
	if res.Games[0] == id || cp.UID == uid || !uidPattern.MatchString(cp.UID) || cp.Name != "Mine" || cp.CampaignID != cid {
		t.Errorf("copy %+v", cp)
	}
	sameGame(t, load(t, s, res.Games[0]), g)
	// A second copy is yet another game.
	res2 := importOK(t, s, file, ImportAsCopy)
	if res2.Games[0] == res.Games[0] || gameInfo(t, s, res2.Games[0]).UID == cp.UID {
		t.Error("two copies are one")
	}

	// Replace: play on, rename, then bring back the exported game.
	play(t, s, id, g, &dun.NewTurn{})
	play(t, s, id, g, &dun.NewTurn{})
	if err := s.RenameGame(id, "Renamed"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSetting("last_game", fmt.Sprint(id)); err != nil {
		t.Fatal(err)
	}
	res3 := importOK(t, s, file, ImportReplace)
	if res3.Games[0] != id {
		t.Errorf("replaced game has id %d, want its old id %d", res3.Games[0], id)
	}
	r := gameInfo(t, s, id)
	if r.UID != uid || r.Name != "Mine" || r.Seq != 150 || r.CampaignID != cid {
		t.Errorf("replaced: %+v", r)
	}
	back := load(t, s, id)
	if len(back.Records()) != 150 {
		t.Errorf("%d records after replace, want the exported 150", len(back.Records()))
	}
	c, _ := s.Campaign(cid)
	if len(c.Entries) != 1 || c.Entries[0].GameID != id {
		t.Errorf("the campaign entry lost its game: %+v", c.Entries)
	}
	if games, _ := s.Games(); len(games) != 3 {
		t.Errorf("%d games, want the original and two copies", len(games))
	}
}

// campaignFixture: a campaign with two games, an entry for each, one entry
// without a game, and a game played for the campaign but since moved out.
func campaignFixture(t *testing.T, s *Store) (cid int64, games map[string]int64) {
	t.Helper()
	games = map[string]int64{}
	cid = newCampaign(t, s, "The Ash King")
	for _, name := range []string{"Chapel", "Tunnels", "Moved"} {
		id, _ := playedGame(t, s, name, 30+len(name))
		games[name] = id
		if name != "Moved" {
			if err := s.SetGameCampaign(id, cid); err != nil {
				t.Fatal(err)
			}
		}
	}
	grown := []Hero{{Name: "Aldric", Class: "Warrior", VP: 24, Gold: 30}, {Name: "Mira", Class: "Wizard", VP: 23, Gold: 12, Notes: "cursed"}}
	for _, e := range []CampaignEntry{
		{GameID: games["Chapel"], Quest: "the-drowned-chapel", Outcome: OutcomeWon, Notes: "easy", Party: party(grown)},
		{GameID: games["Moved"], Quest: "the-smugglers-tunnels", Outcome: OutcomeLost, Party: party(grown)},
		{Quest: "house rules quest", Outcome: OutcomeAbandoned, Notes: "no game kept", Party: party(twoHeroes)},
		{GameID: games["Tunnels"], Quest: "the-smugglers-tunnels", Outcome: OutcomeWon, Party: party(grown)},
	} {
		if err := s.RecordQuest(cid, e); err != nil {
			t.Fatal(err)
		}
	}
	return cid, games
}

// sameCampaign compares two campaigns, mapping game ids through ids.
func sameCampaign(t *testing.T, got, want Campaign, ids map[int64]int64) {
	t.Helper()
	if got.Name != want.Name || !reflect.DeepEqual(heroesOf(got.Party), heroesOf(want.Party)) || !got.Created.Equal(want.Created) ||
		len(got.Entries) != len(want.Entries) {
		t.Fatalf("campaign %+v, want %+v", got, want)
	}
	for i, w := range want.Entries {
		e := got.Entries[i]
		if e.GameID != ids[w.GameID] || e.Quest != w.Quest || e.Outcome != w.Outcome || e.Notes != w.Notes ||
			!reflect.DeepEqual(heroesOf(e.Party), heroesOf(w.Party)) || !e.PlayedAt.Equal(w.PlayedAt) {
			t.Errorf("entry %d = %+v, want %+v (game %d)", i+1, e, w, ids[w.GameID])
		}
	}
}

func TestExportImportCampaignFreshStore(t *testing.T) {
	fakeClock(t)
	src := openStore(t, dbPath(t))
	cid, games := campaignFixture(t, src)
	other, _ := playedGame(t, src, "Not in it", 5)
	file := exportedCampaign(t, src, cid)
	exp, err := ReadExport(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(exp.Games) != 3 || len(exp.Campaigns) != 1 {
		t.Fatalf("export holds %d games and %d campaigns, want the 3 of the campaign and it", len(exp.Games), len(exp.Campaigns))
	}
	for _, eg := range exp.Games {
		if eg.UID == gameInfo(t, src, other).UID {
			t.Error("a game outside the campaign was exported")
		}
	}

	dst := openStore(t, dbPath(t))
	res := importOK(t, dst, file, ImportRefuseExisting)
	if len(res.Campaigns) != 1 || len(res.Games) != 3 {
		t.Fatalf("ImportResult %+v", res)
	}
	ids := map[int64]int64{0: 0}
	for i, eg := range exp.Games {
		for name, id := range games {
			if gameInfo(t, src, id).UID == eg.UID {
				ids[id] = res.Games[i]
				sameGame(t, load(t, dst, res.Games[i]), load(t, src, id))
				wantCampaign := res.Campaigns[0]
				if name == "Moved" {
					wantCampaign = 0
				}
				if gi := gameInfo(t, dst, res.Games[i]); gi.CampaignID != wantCampaign || gi.Name != name {
					t.Errorf("imported %s: %+v", name, gi)
				}
			}
		}
	}
	if len(ids) != 4 {
		t.Fatalf("games matched by uid: %v", ids)
	}
	want, _ := src.Campaign(cid)
	got, err := dst.Campaign(res.Campaigns[0])
	if err != nil {
		t.Fatal(err)
	}
	if got.UID != want.UID {
		t.Errorf("uid %s, want %s", got.UID, want.UID)
	}
	sameCampaign(t, got, want, ids)
}

func TestImportCampaignModesSameStore(t *testing.T) {
	fakeClock(t)
	s := openStore(t, dbPath(t))
	cid, games := campaignFixture(t, s)
	file := exportedCampaign(t, s, cid)
	orig, _ := s.Campaign(cid)

	before := dump(t, s)
	_, err := s.Import(bytes.NewReader(file), ImportRefuseExisting)
	var exists *ExistsError
	if !errors.As(err, &exists) || len(exists.Names) != 4 || exists.Names[0] != "The Ash King" {
		t.Fatalf("Import = %v, want *ExistsError naming the campaign and its 3 games", err)
	}
	if dump(t, s) != before {
		t.Fatal("a refused import wrote something")
	}

	// As a copy: a second campaign with copies of its games.
	res := importOK(t, s, file, ImportAsCopy)
	cp, _ := s.Campaign(res.Campaigns[0])
	if cp.ID == cid || cp.UID == orig.UID || cp.Name != orig.Name {
		t.Errorf("copy %+v", cp)
	}
	exp, _ := ReadExport(bytes.NewReader(file))
	ids := map[int64]int64{0: 0}
	for i, eg := range exp.Games {
		for _, id := range games {
			if gameInfo(t, s, id).UID == eg.UID {
				ids[id] = res.Games[i]
			}
		}
	}
	if len(ids) != 4 {
		t.Fatalf("copies matched: %v", ids)
	}
	sameCampaign(t, cp, orig, ids)
	for _, id := range res.Games {
		gi := gameInfo(t, s, id)
		if gi.Name != "Moved" && gi.CampaignID != cp.ID {
			t.Errorf("copied game %+v is not in the copied campaign %d", gi, cp.ID)
		}
	}
	if list, _ := s.Campaigns(); len(list) != 2 {
		t.Errorf("%d campaigns", len(list))
	}

	// Replace: change the campaign and its games, add a game to it and an
	// entry elsewhere that points at one of its games; then replace.
	if err := s.updateHeroes(cid, []Hero{{Name: "Solo", VP: 1}}); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordQuest(cid, CampaignEntry{Quest: "later", Outcome: OutcomeLost, Party: party(twoHeroes)}); err != nil {
		t.Fatal(err)
	}
	chapel := games["Chapel"]
	g := load(t, s, chapel)
	play(t, s, chapel, g, &dun.NewTurn{})
	late, _ := playedGame(t, s, "Added later", 3)
	if err := s.SetGameCampaign(late, cid); err != nil {
		t.Fatal(err)
	}
	elsewhere := newCampaign(t, s, "Elsewhere")
	if err := s.RecordQuest(elsewhere, CampaignEntry{GameID: chapel, Quest: "q", Outcome: OutcomeWon, Party: party(twoHeroes)}); err != nil {
		t.Fatal(err)
	}
	res = importOK(t, s, file, ImportReplace)
	if res.Campaigns[0] != cid {
		t.Errorf("replaced campaign has id %d, want %d", res.Campaigns[0], cid)
	}
	same := map[int64]int64{0: 0}
	for _, id := range games {
		same[id] = id
	}
	got, _ := s.Campaign(cid)
	if got.UID != orig.UID {
		t.Errorf("uid changed")
	}
	sameCampaign(t, got, orig, same)
	for _, id := range res.Games {
		if same[id] != id {
			t.Errorf("a replaced game got a new id %d", id)
		}
	}
	if gi := gameInfo(t, s, chapel); gi.Seq != len(g.Records())-1 || gi.CampaignID != cid {
		t.Errorf("replaced game %+v", gi)
	}
	if gi := gameInfo(t, s, late); gi.CampaignID != cid {
		t.Errorf("the game added to the campaign later lost it: %+v", gi)
	}
	if e, _ := s.Campaign(elsewhere); len(e.Entries) != 1 || e.Entries[0].GameID != chapel {
		t.Errorf("the other campaign's entry lost its game: %+v", e.Entries)
	}
	if c, _ := s.Campaign(res.Campaigns[0]); len(c.Entries) != 4 {
		t.Errorf("%d entries after replace", len(c.Entries))
	}
}

func TestReadExportRefusals(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, _ := playedGame(t, s, "G", 40)
	cid, _ := campaignFixture(t, s)
	file := exported(t, s, id)
	cfile := exportedCampaign(t, s, cid)
	p := payloadOf(t, file)

	edited := func(edit func(p *exportPayload)) []byte {
		q := payloadOf(t, file)
		edit(&q)
		return craft(t, ExportVersion, q)
	}
	editedCampaign := func(edit func(p *exportPayload)) []byte {
		q := payloadOf(t, cfile)
		edit(&q)
		return craft(t, ExportVersion, q)
	}
	cases := []struct {
		name string
		file []byte
		want error // ErrNotExport or ErrExportDamaged
		says string
	}{
		{"empty", nil, ErrNotExport, "empty"},
		{"text", []byte("hello, world\n"), ErrNotExport, "JSON"},
		{"a JSON array", []byte(`[1, 2, 3]`), ErrNotExport, ""},
		{"another app's JSON", []byte(`{"name":"my settings","version":1}`), ErrNotExport, "format"},
		{"another format", []byte(`{"format":"something-else","version":1,"payload":{}}`), ErrNotExport, "something-else"},
		{"another format cut short", []byte(`{"format":"something-else","ver`), ErrNotExport, ""},
		{"cut in half", file[:len(file)/2], ErrExportDamaged, "cut short"},
		{"last byte missing", file[:len(file)-2], ErrExportDamaged, "cut short"},
		{"cut just after the format", file[:len(`{"format":"dun-conductor-export",`)], ErrExportDamaged, "cut short"},
		{"garbled in the middle", garble(file), ErrExportDamaged, "not JSON"},
		{"version as text", bytes.Replace(file, []byte(`"version":2`), []byte(`"version":"2"`), 1), ErrExportDamaged, `"version" is a JSON string`},
		{"edited by hand", bytes.Replace(file, []byte(`"name":"G"`), []byte(`"name":"H"`), 1), ErrExportDamaged, "checksum"},
		{"an event edited", bytes.Replace(file, []byte(`"amount":3`), []byte(`"amount":30`), 1), ErrExportDamaged, "checksum"},
		{"no checksum", bytes.Replace(file, []byte(`"checksum"`), []byte(`"checksun"`), 1), ErrExportDamaged, "checksum"},
		{"no version", bytes.Replace(file, []byte(`"version":2`), []byte(`"vers":2`), 1), ErrExportDamaged, "version"},
		{"no payload", []byte(`{"format":"dun-conductor-export","version":2,"checksum":"00"}`), ErrExportDamaged, "payload"},
		{"unknown payload field", craft(t, ExportVersion, map[string]any{"games": p.Games, "campaigns": []any{}, "extra": 1}), ErrExportDamaged, "extra"},
		{"game without uid", edited(func(p *exportPayload) { p.Games[0].UID = "" }), ErrExportDamaged, "uid"},
		{"game twice", edited(func(p *exportPayload) { p.Games = append(p.Games, p.Games[0]) }), ErrExportDamaged, "twice"},
		{"game without setup", edited(func(p *exportPayload) { p.Games[0].Setup = nil }), ErrExportDamaged, "setup"},
		{"bad time", edited(func(p *exportPayload) { p.Games[0].CreatedAt = "yesterday" }), ErrExportDamaged, "created_at"},
		{"campaign of six heroes", editedCampaign(func(p *exportPayload) {
			editParty(&p.Campaigns[0].Party, func(hs []Hero) []Hero {
				for len(hs) < 6 {
					hs = append(hs, Hero{Name: "x"})
				}
				return hs
			})
		}), ErrExportDamaged, "6 heroes"},
		{"campaign's heroes not a list", editedCampaign(func(p *exportPayload) { p.Campaigns[0].Party = json.RawMessage(`{"name":"x"}`) }),
			ErrExportDamaged, "the party"},
		{"entry hero of a field DUN does not know", editedCampaign(func(p *exportPayload) {
			p.Campaigns[0].Entries[0].Party = json.RawMessage(`[{"name":"x","level":3}]`)
		}), ErrExportDamaged, "level"},
		{"campaign of a game this build does not have", editedCampaign(func(p *exportPayload) { p.Campaigns[0].Module = "chess" }),
			ErrExportDamaged, `unknown game "chess"`},
		{"entry outcome", editedCampaign(func(p *exportPayload) { p.Campaigns[0].Entries[0].Outcome = "draw" }), ErrExportDamaged, "draw"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadExport(bytes.NewReader(c.file))
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("ReadExport = %v, want %v saying %q", err, c.want, c.says)
			}
			if errors.Is(err, ErrNotExport) && errors.Is(err, ErrExportDamaged) {
				t.Error("both ErrNotExport and ErrExportDamaged")
			}
			t.Log(err)
			// Import refuses it the same way and writes nothing.
			before := dump(t, s)
			if _, err := s.Import(bytes.NewReader(c.file), ImportReplace); !errors.Is(err, c.want) {
				t.Errorf("Import = %v, want %v", err, c.want)
			}
			if dump(t, s) != before {
				t.Error("a refused import wrote something")
			}
		})
	}
}

func TestReadExportNewerVersion(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, _ := playedGame(t, s, "G", 3)
	p := payloadOf(t, exported(t, s, id))
	for _, file := range [][]byte{
		craft(t, ExportVersion+1, p),
		// A newer version may change everything else: the version decides.
		[]byte(`{"format":"dun-conductor-export","version":7,"payload":"compressed…"}`),
	} {
		_, err := ReadExport(bytes.NewReader(file))
		var ne *ExportNewerError
		if !errors.As(err, &ne) || ne.Supported != ExportVersion || ne.Found <= ExportVersion {
			t.Fatalf("ReadExport = %v, want *ExportNewerError", err)
		}
		if errors.Is(err, ErrExportDamaged) || errors.Is(err, ErrNotExport) {
			t.Errorf("a newer file is called damaged or foreign: %v", err)
		}
		t.Log(err)
		before := dump(t, s)
		if _, err := s.Import(bytes.NewReader(file), ImportAsCopy); !errors.As(err, &ne) {
			t.Errorf("Import = %v, want *ExportNewerError", err)
		}
		if dump(t, s) != before {
			t.Error("a refused import wrote something")
		}
	}
}

// Files whose checksum is right but whose content does not hold up: a bad
// event or setup is damage, a game whose events the rules refuse is a
// *ReplayError. Nothing is written, even for the games that were fine.
func TestImportRefusesGamesThatDoNotReplay(t *testing.T) {
	s := openStore(t, dbPath(t))
	good, _ := playedGame(t, s, "Good", 20)
	bad, bg := playedGame(t, s, "Bad", 20)
	both := payloadOf(t, exported(t, s, good))
	both.Games = append(both.Games, payloadOf(t, exported(t, s, bad)).Games...)
	fresh := openStore(t, dbPath(t))

	withLast := func(event string) []byte {
		p := both
		p.Games = append([]ExportedGame(nil), both.Games...)
		p.Games[1].Events = append(append([]json.RawMessage(nil), p.Games[1].Events...), json.RawMessage(event))
		return craft(t, ExportVersion, p)
	}
	withSetup := func(setup string) []byte {
		p := both
		p.Games = append([]ExportedGame(nil), both.Games...)
		p.Games[1].Setup = json.RawMessage(setup)
		return craft(t, ExportVersion, p)
	}
	refusesReplay := withLast(`{"type":"reserve_spent","amount":500,"reason":"card_activated"}`)
	for name, c := range map[string]struct {
		file   []byte
		replay bool
		says   string
	}{
		"rules refuse an event":  {refusesReplay, true, "rule.reserve.insufficient"},
		"undo of nothing":        {withLast(`{"type":"rewind","to":99}`), true, "rule.rewind.range"},
		"event does not decode":  {withLast(`{"type":"nonsense"}`), false, "record 21"},
		"event with extra field": {withLast(`{"type":"new_turn","x":1}`), false, "record 21"},
		"setup does not decode":  {withSetup(`{"heroes":"two"}`), false, "setup"},
		"setup refused by core":  {withSetup(`{"heroes":9,"group_vp":40,"leader_vp":10,"conductor":"single","seed":1,"rules":{}}`), false, "setup"},
		"quest file missing":     {withSetup(`{"heroes":2,"group_vp":40,"leader_vp":10,"conductor":"single","seed":1,"rules":{},"quest":"gone"}`), false, "setup"},
	} {
		t.Run(name, func(t *testing.T) {
			exp, err := ReadExport(bytes.NewReader(c.file))
			if err != nil {
				t.Fatalf("ReadExport: %v (it does not replay, so it should pass)", err)
			}
			if _, err := exp.Games[0].Game(); err != nil {
				t.Errorf("the good game: %v", err)
			}
			g, gerr := exp.Games[1].Game()
			for _, st := range []*Store{s, fresh} {
				before := dump(t, st)
				_, err := st.Import(bytes.NewReader(c.file), ImportAsCopy)
				var re *ReplayError
				if c.replay {
					if !errors.As(err, &re) || re.Game != "Bad" || re.Seq != 21 || !strings.Contains(err.Error(), c.says) {
						t.Errorf("Import = %v, want *ReplayError for Bad, record 21, %s", err, c.says)
					}
				} else if !errors.Is(err, ErrExportDamaged) || errors.As(err, &re) || !strings.Contains(err.Error(), c.says) {
					t.Errorf("Import = %v, want ErrExportDamaged saying %q", err, c.says)
				}
				if dump(t, st) != before {
					t.Error("nothing may be written, not even the good game")
				}
			}
			// Game gives the same error, and for a replay error the game as
			// far as it goes.
			var re *ReplayError
			if c.replay {
				if !errors.As(gerr, &re) || g == nil {
					t.Fatalf("Game() = %v, %v", g, gerr)
				}
				sameGame(t, g, bg)
			} else if !errors.Is(gerr, ErrExportDamaged) || g != nil {
				t.Errorf("Game() = %v, %v; want no game and ErrExportDamaged", g, gerr)
			}
		})
	}
}

// ReadExport and Game need no database: what `conductor replay FILE` does.
func TestReadExportWithoutDatabase(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	id, g := playedGame(t, s, "G", 2*engine.SnapshotEvery+3)
	qid, qg := questGame(t, s, "Q")
	file := exported(t, s, id)
	qfile := exported(t, s, qid)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file []byte
		want *dun.Game
	}{{file, g}, {qfile, qg}} {
		exp, err := ReadExport(bytes.NewReader(c.file))
		if err != nil {
			t.Fatal(err)
		}
		if exp.Format != ExportFormat || exp.Version != ExportVersion || exp.ExportedAt == "" || len(exp.Games) != 1 {
			t.Errorf("export %+v", exp)
		}
		got, err := exp.Games[0].Game()
		if err != nil {
			t.Fatal(err)
		}
		sameGame(t, got, c.want)
	}
}

func TestExportErrors(t *testing.T) {
	s := openStore(t, dbPath(t))
	var buf bytes.Buffer
	if err := s.ExportGame(42, &buf); !errors.Is(err, ErrNoGame) || buf.Len() != 0 {
		t.Errorf("ExportGame(42) = %v (%d bytes), want ErrNoGame and nothing written", err, buf.Len())
	}
	if err := s.ExportCampaign(42, &buf); !errors.Is(err, ErrNoCampaign) || buf.Len() != 0 {
		t.Errorf("ExportCampaign(42) = %v, want ErrNoCampaign", err)
	}
	id, _ := playedGame(t, s, "G", 3)
	if err := s.ExportGame(id, failingWriter{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("ExportGame to a failing writer = %v", err)
	}
	if _, err := s.Import(bytes.NewReader(exported(t, s, id)), ImportMode(9)); err == nil {
		t.Error("an unknown import mode accepted")
	}
	// A read-only save (its last record no longer replays) still exports,
	// so that it can be looked at; importing it is refused.
	insertRaw(t, s, id, 4, `{"type":"reserve_spent","amount":999,"reason":"card_activated"}`)
	file := exported(t, s, id)
	var re *ReplayError
	if _, err := s.Import(bytes.NewReader(file), ImportAsCopy); !errors.As(err, &re) || re.Seq != 4 {
		t.Errorf("import of a read-only save = %v, want *ReplayError at 4", err)
	}
}

// garble breaks the JSON in the middle of a file.
func garble(file []byte) []byte {
	b := append([]byte(nil), file...)
	i := bytes.Index(b, []byte(`"events":[`))
	b[i+len(`"events":[`)] = '#'
	return b
}

// An editor may add a byte-order mark; the file is still fine.
func TestReadExportByteOrderMark(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, g := playedGame(t, s, "G", 5)
	file := append([]byte("\xef\xbb\xbf"), exported(t, s, id)...)
	res := importOK(t, openStore(t, dbPath(t)), file, ImportRefuseExisting)
	if len(res.Games) != 1 {
		t.Fatalf("%+v", res)
	}
	exp, err := ReadExport(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	got, err := exp.Games[0].Game()
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, got, g)
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// The numbers for a long game: export and import of 10,000 records.
func TestExportImportLargeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("large game")
	}
	s := openStore(t, dbPath(t))
	id, g := bigGame(t, s, 10000, true)
	start := time.Now()
	file := exported(t, s, id)
	exportTook := time.Since(start)
	dst := openStore(t, dbPath(t))
	start = time.Now()
	res := importOK(t, dst, file, ImportRefuseExisting)
	importTook := time.Since(start)
	start = time.Now()
	got := load(t, dst, res.Games[0])
	loadTook := time.Since(start)
	sameGame(t, got, g)
	t.Logf("10,000 records: file %d KiB, export %v, import %v (replay included), first load %v",
		len(file)>>10, exportTook, importTook, loadTook)
}
