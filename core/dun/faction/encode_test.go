package faction

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// sameFaction reports whether a and b are the same faction, their files aside.
func sameFaction(a, b *Faction) bool {
	x, y := *a, *b
	x.Source, y.Source = nil, nil
	return reflect.DeepEqual(x, y)
}

// Each sample faction written back reads as the same faction, and is the
// sample file itself less its opening comment: Encode writes the files' style.
func TestEncodeRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../../../data/factions/*.toml")
	files = append(files, "testdata/valid.toml")
	if len(files) < 3 {
		t.Fatalf("the sample factions: %v", files)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f, ps := Parse(file, data, rules)
			if ps != nil {
				t.Fatal(ps)
			}
			out := Encode(f)
			back, ps := Parse("encoded.toml", out, rules)
			if ps != nil {
				t.Fatalf("%v\n%s", ps, out)
			}
			if !sameFaction(f, back) {
				t.Fatalf("read back differently:\n%+v\n%+v", f, back)
			}
			if strings.Contains(string(data), `skills = ["`) {
				return // an older file's plain skill names are written as tables
			}
			var body []string
			for _, line := range strings.Split(string(data), "\n") {
				if !strings.HasPrefix(line, "#") {
					body = append(body, line)
				}
			}
			if want := strings.Join(body, "\n"); string(out) != want {
				t.Fatalf("not the file's style:\n%s\nwant:\n%s", out, want)
			}
		})
	}
}

// Any text survives the trip: quotes, backslashes, line breaks, control
// characters, other languages; an empty name stays empty.
func TestEncodeAnyText(t *testing.T) {
	for _, s := range []string{`say "hi"`, `back\slash`, "two\nlines", "tab\there", "bell\a", "del\x7f", "Araña «gigante» 🕷", `'single'`, `"""`} {
		f := &Faction{ID: "x", Name: quest.Text{"en": s, "es": s, "fr-CA": s, "x y": s}, Profiles: []Profile{{
			ID: "a", Name: quest.Text{"en": s, "es": s}, Behaviour: s, Level: "regular", VP: 1, Vitality: 1,
			SkillNames: []SkillName{{"en": s, "es": s + "!"}}, Skills: []string{s},
		}}, Spawn: []SpawnRow{{Roll: 1, Creatures: []Group{{ID: s, Count: 2}}}, {Roll: 2, Creatures: []Group{}}}}
		back, ps := Decode("f.toml", Encode(f))
		if ps != nil {
			t.Fatalf("%q: %v\n%s", s, ps, Encode(f))
		}
		if !sameFaction(f, back) {
			t.Errorf("%q read back as\n%+v\nnot\n%+v", s, back, f)
		}
	}
}

// Decode reads a faction the rules refuse, as it is; only a file that is
// not TOML is refused, with its line.
func TestDecodeWithoutTheRules(t *testing.T) {
	src := strings.Replace(valid(t), "vp = 2\nvitality = 5", "vp = 2\nvitality = 5000", 1)
	if _, ps := Parse("f.toml", []byte(src), rules); len(ps) == 0 {
		t.Fatal("the rules take a Vitality of 5000")
	}
	f, ps := Decode("f.toml", []byte(src))
	if ps != nil {
		t.Fatal(ps)
	}
	if p, _ := f.Profile("giant-toad"); p.Vitality != 5000 || p.Skills[0] != "Tongue lash" {
		t.Fatalf("the toad %+v", p)
	}
	if string(f.Source) != src {
		t.Fatal("the file is not kept")
	}
	for _, c := range []struct{ src, id string }{
		{strings.Replace(src, "vp = 2\n", "vp = \n", 1), "quest.syntax"},
		{"x = " + strings.Repeat("[", 40) + strings.Repeat("]", 40), "quest.nesting"},
		{strings.Repeat(" ", MaxSize+1), "faction.too_big"},
	} {
		if _, ps := Decode("f.toml", []byte(c.src)); len(ps) != 1 || ps[0].ID != c.id {
			t.Errorf("%.30q: %v, want %s", c.src, ps, c.id)
		}
	}
}
