package quest

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// A quest says which languages its texts are in (languages = [...]) and is
// checked for those; a quest that says none (every quest written before)
// is checked for English and Spanish, as it always was.
func TestQuestDeclaresItsLanguages(t *testing.T) {
	b, err := os.ReadFile("testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	valid := string(b)
	french := regexp.MustCompile(`\bes = `).ReplaceAllString(valid, "fr = ")                 // English and French
	frenchOnly := regexp.MustCompile(`en = "[^"]*", es = `).ReplaceAllString(valid, "fr = ") // French alone
	declare := func(src, langs string) string { return "languages = " + langs + "\n" + src }
	for _, c := range []struct {
		name, src string
		langs     []string // the quest's languages when valid
		problem   string   // else the problem it has
		lang      string   // and the language it names, if any
	}{
		{"an old quest: English and Spanish", valid, []string{"en", "es"}, "", ""},
		{"declared English and French", declare(french, `["en", "fr"]`), []string{"en", "fr"}, "", ""},
		{"French alone", declare(frenchOnly, `["fr"]`), []string{"fr"}, "", ""},
		{"French texts, no languages key: Spanish missing", french, nil, "quest.missing_text", "es"},
		{"declared French, a text without it", declare(valid, `["en", "fr"]`), nil, "quest.missing_text", "fr"},
		{"not a tag", declare(valid, `["en", "es", "not a tag"]`), nil, "quest.language_tag", ""},
		{"twice", declare(valid, `["en", "es", "en"]`), nil, "quest.language_twice", ""},
		{"empty", declare(valid, `[]`), nil, "quest.languages_empty", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, ps := Parse("q.toml", []byte(c.src))
			if c.problem == "" {
				if q == nil || len(ps) != 0 {
					t.Fatalf("refused: %v", ps)
				}
				if got := q.TextLanguages(); !slices.Equal(got, c.langs) {
					t.Errorf("TextLanguages = %v, want %v", got, c.langs)
				}
				return
			}
			i := slices.IndexFunc(ps, func(p Problem) bool { return p.ID == c.problem })
			if q != nil || i < 0 {
				t.Fatalf("no %s among %v", c.problem, ps)
			}
			if c.lang != "" && ps[i].Args["Lang"] != c.lang {
				t.Errorf("%s names %v, want %s", c.problem, ps[i].Args["Lang"], c.lang)
			}
		})
	}
}

// A text reads in the reader's language, else English, else the first
// language it has: a French quest shows on an English or Spanish screen.
func TestTextFallsBack(t *testing.T) {
	for _, c := range []struct {
		text       Text
		lang, want string
	}{
		{Text{"en": "The Cellar", "es": "La bodega"}, "es", "La bodega"},
		{Text{"en": "The Cellar", "es": "La bodega"}, "fr", "The Cellar"},
		{Text{"fr": "La cave"}, "es", "La cave"},
		{Text{"fr": "La cave", "de": "Der Keller"}, "en", "Der Keller"}, // by tag: de before fr
		{Text{}, "en", ""},
	} {
		if got := c.text.In(c.lang); got != c.want {
			t.Errorf("%v.In(%s) = %q, want %q", c.text, c.lang, got, c.want)
		}
	}
}

// The app's languages come first where a quest's languages are offered.
func TestOfferedLanguages(t *testing.T) {
	if got := Offered([]string{"en", "es", "fr"}, []string{"de", "fr", "en"}); !slices.Equal(got, []string{"en", "fr", "de"}) {
		t.Errorf("Offered = %v", got)
	}
}

// The languages a quest declares survive its writing (the quest editor
// saves through Encode); a quest that declares none gets no key.
func TestEncodeKeepsLanguages(t *testing.T) {
	b, err := os.ReadFile("testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	french := "languages = [\"en\", \"fr\"]\n" + regexp.MustCompile(`\bes = `).ReplaceAllString(string(b), "fr = ")
	for _, src := range []string{string(b), french} {
		q, ps := Parse("q.toml", []byte(src))
		if len(ps) != 0 {
			t.Fatal(ps)
		}
		data, err := Encode(q)
		if err != nil {
			t.Fatal(err)
		}
		again, ps := Parse("q.toml", data)
		if len(ps) != 0 || !slices.Equal(again.Langs, q.Langs) || again.Title.In("fr") != q.Title.In("fr") {
			t.Errorf("written and read again: %v, languages %v (was %v)\n%s", ps, again.Langs, q.Langs, data)
		}
	}
}
