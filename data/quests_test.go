package data

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
)

func cellarSource(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("../core/dun/quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// importQuest stores a quest file as the New game dialog does, and gives
// the quest it holds.
func importQuest(t testing.TB, s *Store, file string, src []byte) *quest.Quest {
	t.Helper()
	id, err := s.ImportContent(content.KindQuest, file, src)
	if err != nil {
		t.Fatalf("import quest %s: %v", file, err)
	}
	q, ps := quest.Parse(id+".toml", src)
	if ps != nil || q.ID != id {
		t.Fatalf("stored quest %q: %v", id, ps)
	}
	return q
}

// Imported quests are content files of kind "quest", checked by the module
// that reads them (DUN): stored under the id it gives, they survive a
// restart; an invalid one, or one with a built-in quest's id, is refused
// with the validator's problems and nothing is stored.
func TestImportQuest(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	before := dump(t, s)
	_, err := s.ImportContent(content.KindQuest, "broken.toml", []byte("id = \"x\"\ntitle = 3"))
	var ps quest.Problems
	if !errors.Is(err, ErrBadContent) || !errors.As(err, &ps) || len(ps) == 0 || ps[0].File != "broken.toml" {
		t.Fatalf("broken quest: %v, want ErrBadContent with its problems", err)
	}
	builtins, _ := content.BuiltinQuests()
	clash := strings.Replace(string(cellarSource(t)), `id = "test-cellar"`, `id = "`+builtins[0].ID+`"`, 1)
	_, err = s.ImportContent(content.KindQuest, "clash.toml", []byte(clash))
	if !errors.As(err, &ps) || len(ps) != 1 || ps[0].ID != "quest.builtin_id" {
		t.Fatalf("a built-in id: %v, want the problem quest.builtin_id", err)
	}
	if _, err := s.ImportContent("deck", "x.toml", cellarSource(t)); !errors.Is(err, ErrContentKind) {
		t.Fatalf("a kind no module reads: %v, want ErrContentKind", err)
	}
	if dump(t, s) != before {
		t.Fatal("a refused file was stored")
	}
	if q := importQuest(t, s, "cellar.toml", cellarSource(t)); q.ID != "test-cellar" {
		t.Fatalf("stored as %q", q.ID)
	}
	s.Close()

	s = openStore(t, path)
	files, err := s.ContentFiles(content.KindQuest)
	if err != nil || len(files) != 1 || files[0].Name != "test-cellar.toml" || string(files[0].Data) != string(cellarSource(t)) {
		t.Fatalf("quest files after a restart: %v, %v", files, err)
	}
	if n := count(t, s, "SELECT count(*) FROM content_files WHERE kind = 'quest'"); n != 1 {
		t.Fatalf("%d quests stored", n)
	}
	if fs, _ := s.ContentFiles(content.KindFaction); len(fs) != 0 {
		t.Fatalf("a quest listed as a faction: %v", fs)
	}
}

// A game keeps the quest file it began with, even when the quest is
// imported again with changes.
func TestGameKeepsItsQuest(t *testing.T) {
	s := openStore(t, dbPath(t))
	q := importQuest(t, s, "cellar.toml", cellarSource(t))
	id, g := createGame(t, s, "cellar", dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 12, QuestData: q})
	play(t, s, id, g, &dun.SectionRevealed{Section: "cellar"})
	changed := strings.Replace(string(cellarSource(t)), "The Cellar", "The Wine Cellar", 1)
	importQuest(t, s, "cellar.toml", []byte(changed))
	loaded := load(t, s, id)
	if loaded.Setup().QuestData == nil || loaded.Setup().QuestData.Title["en"] != "The Cellar" {
		t.Fatal("the game lost its own quest")
	}
	sameGame(t, loaded, g)
}

// The sample factions are valid by the DUN module's rules and marked as samples.
func TestBuiltinFactionsAreValidSamples(t *testing.T) {
	files, err := BuiltinFactionFiles()
	if err != nil || len(files) < 2 {
		t.Fatalf("%d faction files: %v", len(files), err)
	}
	for _, f := range files {
		parsed, ps := bestiary.ParseFaction(f.Name, f.Data)
		if ps != nil {
			t.Fatalf("%s: %v", f.Name, ps)
		}
		if !parsed.Sample {
			t.Errorf("%s is not marked as a sample", f.Name)
		}
	}
}

// The store knows no game: the package data (its code, not its tests)
// imports no game module, only the engine. A game's rules reach it through
// engine.Find and the interfaces its module implements.
func TestDataImportsNoGame(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const core = "github.com/dunconductor/conductor/core/"
	deps := strings.Fields(string(out))
	if len(deps) < 10 || !strings.Contains(string(out), core+"engine") {
		t.Fatalf("go list gave %d packages, without the engine: is it listing data?", len(deps))
	}
	for _, p := range deps {
		if strings.HasPrefix(p, core) && p != core+"engine" && !strings.HasPrefix(p, core+"engine/") {
			t.Errorf("data imports the game package %s", p)
		}
	}
}
