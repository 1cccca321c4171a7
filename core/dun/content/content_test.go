package content

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/quest"
)

func TestBuiltinQuestsAreValid(t *testing.T) {
	qs, err := BuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) < 3 {
		t.Fatalf("%d built-in quests", len(qs))
	}
	ids := map[string]bool{}
	for _, q := range qs {
		if ids[q.ID] {
			t.Fatalf("two built-in quests are %q", q.ID)
		}
		ids[q.ID] = true
	}
}

// The built-in quests are read once, and every call gets copies of its
// own: each equal to the file read afresh, and a change to one (a title, a
// section, the source) is nobody else's.
func TestBuiltinQuestsAreCopies(t *testing.T) {
	first, err := BuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := parseBuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(first, fresh) {
		t.Fatal("the built-in quests given differ from their files read afresh")
	}
	first[0].Title["en"] = "changed"
	first[0].Sections[0].ID = "changed"
	first[0].Source[0] = '!'
	first[1] = nil
	again, err := BuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, fresh) {
		t.Fatal("a change to the built-in quests one call got shows in the next call's")
	}
}

// DUN's content files are checked for the store: a quest or a faction gives
// its id, a file that is not valid its problems, a quest may not take a
// built-in quest's id, and another kind is not DUN's.
func TestCheckContent(t *testing.T) {
	src, err := os.ReadFile("../quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	if got := Kinds(); strings.Join(got, ",") != "quest,faction" {
		t.Fatalf("kinds %v", got)
	}
	if id, err := Check(KindQuest, "cellar.toml", src); err != nil || id != "test-cellar" {
		t.Fatalf("a valid quest: %q, %v", id, err)
	}
	var ps quest.Problems
	if _, err := Check(KindQuest, "bad.toml", []byte("id = 3")); !errors.As(err, &ps) || ps[0].File != "bad.toml" {
		t.Fatalf("an invalid quest: %v", err)
	}
	builtins, _ := BuiltinQuests()
	clash := strings.Replace(string(src), `id = "test-cellar"`, `id = "`+builtins[1].ID+`"`, 1)
	if _, err := Check(KindQuest, "clash.toml", []byte(clash)); !errors.As(err, &ps) || ps[0].ID != "quest.builtin_id" {
		t.Fatalf("a built-in quest's id: %v", err)
	}
	faction, err := os.ReadFile("../../../data/factions/vermin.toml")
	if err != nil {
		t.Fatal(err)
	}
	if id, err := Check(KindFaction, "v.toml", faction); err != nil || id != "vermin" {
		t.Fatalf("a sample faction: %q, %v", id, err)
	}
	if _, err := Check(KindFaction, "v.toml", src); !errors.As(err, &ps) {
		t.Fatalf("a quest as a faction: %v", err)
	}
	if _, err := Check("deck", "d.toml", src); err == nil {
		t.Fatal("another kind accepted")
	}
}

// A built-in quest by its id is a copy of its own; an unknown id is none.
func TestBuiltinQuestByID(t *testing.T) {
	q, ok := BuiltinQuest("the-tomb-of-the-ash-king")
	if !ok || q.ID != "the-tomb-of-the-ash-king" {
		t.Fatalf("the Tomb: %v %v", q, ok)
	}
	q.Title = nil
	if again, _ := BuiltinQuest("the-tomb-of-the-ash-king"); again.Title == nil {
		t.Fatal("a change to one copy reached the next")
	}
	if _, ok := BuiltinQuest("no-such-quest"); ok {
		t.Fatal("an unknown id gave a quest")
	}
}

// A game's content is its quest file alone while it has no faction (as
// before factions), or both files; read back, each file is parsed;
// content that cannot be read says which part.
func TestEncodeDecode(t *testing.T) {
	questFile, err := os.ReadFile("../quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	factionFile, err := os.ReadFile("../../../data/factions/vermin.toml")
	if err != nil {
		t.Fatal(err)
	}
	if got := Encode(questFile, nil); string(got) != string(questFile) {
		t.Fatal("a quest alone is not kept as its file")
	}
	cases := []struct {
		name                string
		data                []byte
		quest, faction, err string
	}{
		{"none", nil, "", "", ""},
		{"a quest alone", Encode(questFile, nil), "test-cellar", "", ""},
		{"a quest and a faction", Encode(questFile, factionFile), "test-cellar", "vermin", ""},
		{"a faction alone", Encode(nil, factionFile), "", "vermin", ""},
		{"a broken wrapping", []byte(`{"quest": 3}`), "", "", "content:"},
		{"a quest that is not valid", Encode([]byte("id = 3"), factionFile), "", "", "its quest:"},
		{"a faction that is not valid", Encode(questFile, []byte("id = 3")), "", "", "its faction:"},
	}
	for _, c := range cases {
		q, f, err := Decode(c.data, "cellar.toml", "vermin.toml")
		if c.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), c.err) || q != nil || f != nil {
				t.Errorf("%s: quest %v, faction %v, error %v, want %s", c.name, q != nil, f != nil, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if (q == nil) != (c.quest == "") || q != nil && q.ID != c.quest {
			t.Errorf("%s: quest %+v, want %q", c.name, q, c.quest)
		}
		if (f == nil) != (c.faction == "") || f != nil && f.ID != c.faction {
			t.Errorf("%s: faction %+v, want %q", c.name, f, c.faction)
		}
	}
}
