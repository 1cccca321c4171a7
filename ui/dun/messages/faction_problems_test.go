package messages

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// A faction's problems name its creature as the reader reads it, in each
// language: "Giant rat" / "Rata gigante", never its id.
func TestFactionProblemsNameTheCreature(t *testing.T) {
	b, err := os.ReadFile("../../../core/dun/faction/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(b), "vitality = 2", "vitality = 500", 1) // the giant rat's
	_, ps := bestiary.ParseFaction("vermin.toml", []byte(src))
	if len(ps) != 1 {
		t.Fatalf("problems: %v", ps)
	}
	for lang, want := range map[string]string{"en": "Creature “Giant rat”: Vitality", "es": "Criatura «Rata gigante»: Vitalidad"} {
		got := translations.New(lang).T(ps[0].ID, ps[0].Args)
		if !strings.HasPrefix(got, want) || strings.Contains(got, "giant-rat") {
			t.Errorf("%s: %q", lang, got)
		}
	}
}

// A text missing one language is named in words in both languages, with
// where it is in the file: every text a quest or a faction file holds.
func TestMissingTextsAreNamed(t *testing.T) {
	var problems quest.Problems
	for _, f := range []struct{ path, parse string }{
		{"../../../core/dun/quest/testdata/valid.toml", "quest"},
		{"../../../core/dun/faction/testdata/valid.toml", "faction"},
	} {
		b, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		// Every Spanish text emptied.
		src := regexp.MustCompile(`es = "[^"]*"`).ReplaceAllString(string(b), `es = ""`)
		src = strings.ReplaceAll(src, `"Flying"`, `{ en = "Flying", es = "" }`)
		var ps quest.Problems
		if f.parse == "quest" {
			_, ps = quest.Parse("q.toml", []byte(src))
		} else {
			_, ps = bestiary.ParseFaction("f.toml", []byte(src))
		}
		problems = append(problems, ps...)
	}
	fields := map[string]bool{}
	for _, p := range problems {
		if p.ID != "quest.missing_text" {
			continue
		}
		fields[p.Args["Field"].(string)] = true
		for _, lang := range []string{"en", "es"} {
			got := translations.New(lang).T(p.ID, p.Args)
			if strings.Contains(got, "field.") || strings.Contains(got, "language.") || !strings.Contains(got, "("+p.Args["Field"].(string)+")") {
				t.Errorf("%s: %q", lang, got)
			}
		}
	}
	if len(fields) < 8 {
		t.Fatalf("only %d kinds of text checked: %v", len(fields), fields)
	}
}
