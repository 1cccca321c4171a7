package quest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A section's name is the quest's, in every language.
func TestSectionNameIsTheQuests(t *testing.T) {
	src := strings.Replace(validSource(t), `id = "cellar"`+"\n", `id = "cellar"`+"\n"+`name = { en = "Wine Cellar", es = "Bodega del vino" }`+"\n", 1)
	q, ps := Parse("named.toml", []byte(src))
	if ps != nil {
		t.Fatal(ps)
	}
	if got := q.SectionName("cellar"); got.In("en") != "Wine Cellar" || got.In("es") != "Bodega del vino" {
		t.Fatalf("cellar is called %v", got)
	}
	if got := q.SectionName("nowhere"); got != nil {
		t.Fatalf("a section the quest does not have is called %v", got)
	}
}

// A user's quest may leave its sections unnamed: each is then called by its
// kind, numbered when the quest has several of that kind, never by its id.
func TestUnnamedSectionsAreCalledByTheirKind(t *testing.T) {
	q, ps := Parse("valid.toml", []byte(validSource(t)))
	if ps != nil {
		t.Fatal(ps)
	}
	want := map[string][2]string{"stairs": {"Corridor", "Pasillo"}, "cellar": {"Room", "Sala"}, "den": {"Main Room", "Sala Principal"}}
	for id, w := range want {
		got := q.SectionName(id)
		if got.In("en") != w[0] || got.In("es") != w[1] {
			t.Errorf("%s is called %v, want %v", id, got, w)
		}
	}
	q.Sections = append(q.Sections, Section{ID: "side-room", Kind: "room"})
	if got := q.SectionName("side-room"); got.In("en") != "Room 2" || got.In("es") != "Sala 2" {
		t.Errorf("the second room is called %v", got)
	}
	if got := q.SectionName("cellar"); got.In("en") != "Room 1" {
		t.Errorf("the first of two rooms is called %v", got)
	}
}

// A name given in one language only is a problem, like any other text.
func TestSectionNameNeedsEveryLanguage(t *testing.T) {
	brokenHas(t, validSource(t), `id = "cellar"`+"\n", `id = "cellar"`+"\n"+`name = { en = "Wine Cellar" }`+"\n", "quest.missing_text", 32)
}

// Every section of the app's own quests has a name in English and Spanish,
// and no name is an id.
func TestBuiltinSectionsAreNamed(t *testing.T) {
	files, err := filepath.Glob("../quests/*.toml")
	if err != nil || len(files) < 3 {
		t.Fatalf("the built-in quests: %v %v", files, err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		q, ps := Parse(filepath.Base(f), data)
		if ps != nil {
			t.Fatal(ps)
		}
		for _, s := range q.Sections {
			for _, lang := range Languages {
				name := strings.TrimSpace(s.Name[lang])
				if name == "" || name == s.ID || strings.Contains(name, "-") {
					t.Errorf("%s: section %s has no %s name (%q)", f, s.ID, lang, name)
				}
			}
		}
	}
}

// Every exit of the app's own quests is drawn on the wall its two sections
// share, where the heroes open it.
func TestBuiltinExitsAreOnTheWall(t *testing.T) {
	files, _ := filepath.Glob("../quests/*.toml")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		q, ps := Parse(filepath.Base(f), data)
		if ps != nil {
			t.Fatal(ps)
		}
		onWall := func(s Section, x, y int) bool {
			inside := s.X <= x && x <= s.X+s.W && s.Y <= y && y <= s.Y+s.H
			return inside && (x == s.X || x == s.X+s.W || y == s.Y || y == s.Y+s.H)
		}
		for _, s := range q.Sections {
			for _, e := range s.Exits {
				to, _ := q.Section(e.To)
				if !onWall(s, e.X, e.Y) || !onWall(to, e.X, e.Y) {
					t.Errorf("%s: the exit from %s to %s at (%d, %d) is not on the wall they share", filepath.Base(f), s.ID, e.To, e.X, e.Y)
				}
			}
		}
	}
}
