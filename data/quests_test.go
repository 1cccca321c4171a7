package data

import (
	"os"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
)

func TestBuiltinQuestsAreValid(t *testing.T) {
	qs, err := BuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) == 0 {
		t.Fatal("no built-in quest")
	}
	ids := map[string]bool{}
	for _, q := range qs {
		if ids[q.ID] {
			t.Fatalf("two built-in quests are %q", q.ID)
		}
		ids[q.ID] = true
	}
}

func cellarSource(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../core/dun/quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Imported quests are checked, stored, and survive a restart; an invalid
// one is refused with the validator's problems and nothing is stored.
func TestImportQuest(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	if _, ps, err := s.ImportQuest("broken.toml", []byte("id = \"x\"\ntitle = 3")); err != nil || len(ps) == 0 {
		t.Fatalf("broken quest: %v %v", ps, err)
	}
	q, ps, err := s.ImportQuest("cellar.toml", cellarSource(t))
	if err != nil || ps != nil || q.ID != "test-cellar" {
		t.Fatalf("%v %v", ps, err)
	}
	builtins, _ := BuiltinQuests()
	clash := strings.Replace(string(cellarSource(t)), `id = "test-cellar"`, `id = "`+builtins[0].ID+`"`, 1)
	if _, ps, _ := s.ImportQuest("clash.toml", []byte(clash)); len(ps) != 1 || ps[0].ID != "quest.builtin_id" {
		t.Fatalf("a built-in id was accepted: %v", ps)
	}
	s.Close()

	s = openStore(t, path)
	qs, err := s.Quests()
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != len(builtins)+1 || qs[len(qs)-1].ID != "test-cellar" {
		t.Fatalf("%d quests after a restart", len(qs))
	}
	if n := count(t, s, "SELECT count(*) FROM quests"); n != 1 {
		t.Fatalf("%d quests stored", n)
	}
}

// A game keeps the quest file it began with, even when the quest is
// imported again with changes.
func TestGameKeepsItsQuest(t *testing.T) {
	s := openStore(t, dbPath(t))
	q, _, err := s.ImportQuest("cellar.toml", cellarSource(t))
	if err != nil {
		t.Fatal(err)
	}
	id, g := createGame(t, s, "cellar", dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 12, QuestData: q})
	play(t, s, id, g, &dun.SectionRevealed{Section: "cellar"})
	changed := strings.Replace(string(cellarSource(t)), "The Cellar", "The Wine Cellar", 1)
	if _, ps, err := s.ImportQuest("cellar.toml", []byte(changed)); err != nil || ps != nil {
		t.Fatal(ps, err)
	}
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
		parsed, ps := dun.ParseFaction(f.Name, f.Data)
		if ps != nil {
			t.Fatalf("%s: %v", f.Name, ps)
		}
		if !parsed.Sample {
			t.Errorf("%s is not marked as a sample", f.Name)
		}
	}
}
