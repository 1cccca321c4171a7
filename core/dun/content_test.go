package dun

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

// DUN checks its content files for the store: a quest or a faction gives
// its id, a file that is not valid its problems, a quest may not take a
// built-in quest's id, and another kind is not DUN's.
func TestCheckContent(t *testing.T) {
	src, err := os.ReadFile("quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	if got := Module.ContentKinds(); strings.Join(got, ",") != "quest,faction" {
		t.Fatalf("kinds %v", got)
	}
	if id, err := Module.CheckContent(ContentQuest, "cellar.toml", src); err != nil || id != "test-cellar" {
		t.Fatalf("a valid quest: %q, %v", id, err)
	}
	var ps quest.Problems
	if _, err := Module.CheckContent(ContentQuest, "bad.toml", []byte("id = 3")); !errors.As(err, &ps) || ps[0].File != "bad.toml" {
		t.Fatalf("an invalid quest: %v", err)
	}
	builtins, _ := BuiltinQuests()
	clash := strings.Replace(string(src), `id = "test-cellar"`, `id = "`+builtins[1].ID+`"`, 1)
	if _, err := Module.CheckContent(ContentQuest, "clash.toml", []byte(clash)); !errors.As(err, &ps) || ps[0].ID != "quest.builtin_id" {
		t.Fatalf("a built-in quest's id: %v", err)
	}
	faction, err := os.ReadFile("../../data/factions/vermin.toml")
	if err != nil {
		t.Fatal(err)
	}
	if id, err := Module.CheckContent(ContentFaction, "v.toml", faction); err != nil || id != "vermin" {
		t.Fatalf("a sample faction: %q, %v", id, err)
	}
	if _, err := Module.CheckContent(ContentFaction, "v.toml", src); !errors.As(err, &ps) {
		t.Fatalf("a quest as a faction: %v", err)
	}
	if _, err := Module.CheckContent("deck", "d.toml", src); err == nil {
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
