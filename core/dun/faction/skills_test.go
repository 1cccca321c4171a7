package faction

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An older file's skill is a plain string: the same name in every
// language, and the game's name for it.
func TestPlainSkillIsTheNameInEveryLanguage(t *testing.T) {
	f, ps := Parse("valid.toml", []byte(valid(t)), rules)
	if ps != nil {
		t.Fatal(ps)
	}
	p, _ := f.Profile("giant-spider")
	if len(p.Skills) != 1 || p.Skills[0] != "Web" {
		t.Fatalf("the spider's skills are %v", p.Skills)
	}
	if got := f.SkillName("giant-spider", "Web"); got["en"] != "Web" || got["es"] != "Web" {
		t.Fatalf("Web is called %v", got)
	}
}

// A skill named in every language: the game names it in English, and
// prompts and logs get it in every language.
func TestSkillNamedInEveryLanguage(t *testing.T) {
	src := strings.Replace(valid(t), `skills = ["Web"]`, `skills = [{ en = "Web", es = "Telaraña" }, "Climb"]`, 1)
	f, ps := Parse("f.toml", []byte(src), rules)
	if ps != nil {
		t.Fatal(ps)
	}
	p, _ := f.Profile("giant-spider")
	if strings.Join(p.Skills, ",") != "Web,Climb" {
		t.Fatalf("the spider's skills are %v", p.Skills)
	}
	if got := f.SkillName("giant-spider", "Web"); got.In("es") != "Telaraña" || got.In("en") != "Web" {
		t.Fatalf("Web is called %v", got)
	}
	arg, ok := f.SkillArg("giant-spider", "Web").(map[string]any)
	if !ok || arg["es"] != "Telaraña" {
		t.Fatalf("Web as an argument: %v", f.SkillArg("giant-spider", "Web"))
	}
	// A skill typed in by hand, or a creature of no profile, is its name.
	for _, c := range [][2]string{{"giant-spider", "Bite"}, {"", "Web"}, {"goblin", "Web"}} {
		if got := f.SkillArg(c[0], c[1]); got != c[1] {
			t.Errorf("%s's %s as an argument: %v", c[0], c[1], got)
		}
	}
	var none *Faction
	if got := none.SkillArg("giant-spider", "Web"); got != "Web" {
		t.Errorf("no faction: %v", got)
	}
}

// A skill named in one language only, or named by something else than
// text, is a problem on its creature's line. A skill named in Spanish only
// is known by that name (a text falls back to its first language) and
// lacks its English.
func TestSkillNameProblems(t *testing.T) {
	for _, c := range []struct{ skills, id string }{
		{`skills = [{ en = "Web" }]`, "quest.missing_text"},
		{`skills = [{ es = "Telaraña" }]`, "quest.missing_text"},
		{`skills = [{ en = "Web", es = "Telaraña" }, "Web"]`, "faction.skill_name"},
		{`skills = [3]`, "quest.syntax"},
	} {
		src := strings.Replace(valid(t), `skills = ["Web"]`, c.skills, 1)
		_, ps := Parse("f.toml", []byte(src), rules)
		found := false
		for _, p := range ps {
			found = found || p.ID == c.id && (p.Line == 30 || c.id == "quest.syntax")
		}
		if !found {
			t.Errorf("%s: no %s on line 30: %v", c.skills, c.id, ps)
		}
	}
}

// The app's sample factions name every skill in English and in Spanish.
func TestSampleSkillsAreTranslated(t *testing.T) {
	files, _ := filepath.Glob("../../../data/factions/*.toml")
	if len(files) < 2 {
		t.Fatalf("the sample factions: %v", files)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, ps := Parse(file, data, rules)
		if ps != nil {
			t.Fatal(ps)
		}
		for _, p := range f.Profiles {
			for _, n := range p.SkillNames {
				if n["es"] == "" || n["es"] == n["en"] {
					t.Errorf("%s: %s's skill %q has no Spanish name", file, p.ID, n["en"])
				}
			}
		}
	}
}
