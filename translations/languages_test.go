package translations

import (
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// scanIDs, which start-up uses to judge a language complete without
// parsing its files, finds exactly the messages the real parser finds, in
// every shipped language.
func TestScanIDsMatchesParser(t *testing.T) {
	for _, l := range Languages {
		messages, err := filesMessages(shipped, l.Tag)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{}
		for _, m := range filled(messages) {
			want[m.ID] = true
		}
		got := scanIDs(shipped, l.Tag)
		for id := range want {
			if !got[id] {
				t.Errorf("%s: scanIDs misses %s", l.Tag, id)
			}
		}
		for id := range got {
			if !want[id] {
				t.Errorf("%s: scanIDs finds %s, which the parser does not", l.Tag, id)
			}
		}
	}
}

// use makes fsys the app's message files for one test: the languages
// offered, and what New renders.
func use(t *testing.T, fsys fs.FS) {
	t.Helper()
	messages() // parsed, the registered modules' files added: no later adding to fsys's
	oldFiles, oldLanguages, oldBundle := files, Languages, bundle
	t.Cleanup(func() { files, Languages, bundle = oldFiles, oldLanguages, oldBundle })
	files = fsys
	Languages = discover(fsys)
	b, err := loadBundle(fsys, Languages)
	if err != nil {
		t.Fatal(err)
	}
	bundle = b
}

var emptyText = regexp.MustCompile(`(?m)^("[^"]*"|\S+) = ""$`) // a quoted key may hold spaces (Fyne's ids)

// withLanguage is the shipped files plus tag's, written by Skeleton and
// filled in by fill (given each key; "" leaves it empty).
func withLanguage(t *testing.T, tag string, fill func(key string) string) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	names, _ := fs.Glob(shipped, "*.toml")
	for _, n := range names {
		data, _ := shipped.ReadFile(n)
		fsys[n] = &fstest.MapFile{Data: data}
	}
	skeleton, err := Skeleton(nil, tag)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range skeleton {
		filledData := emptyText.ReplaceAllStringFunc(string(data), func(line string) string {
			key := strings.TrimSuffix(line, ` = ""`)
			return key + " = " + `"` + fill(strings.Trim(key, `"`)) + `"`
		})
		fsys[name] = &fstest.MapFile{Data: []byte(filledData)}
	}
	return fsys
}

// Adding a language is adding files: a complete one is offered in its own
// name, speaks from its files, and LANG picks it; an incomplete one, or one
// without its name, is not offered. English and Spanish stay offered.
func TestANewLanguageIsOffered(t *testing.T) {
	fsys := withLanguage(t, "fr", func(key string) string {
		switch key {
		case NameID:
			return "Français"
		case "ui.notice.undone":
			return "Annulé : {{.Step}}"
		case "ui.error.open":
			return "" // one left to do: it shows in English
		}
		return "fr " + key
	})
	// German: its name, and a tenth of the messages.
	n := 0
	maps.Copy(fsys, withLanguage(t, "de", func(key string) string {
		n++
		if key == NameID {
			return "Deutsch"
		}
		if n%10 == 0 {
			return "de " + key
		}
		return ""
	}))
	// Italian: every message, but no name.
	maps.Copy(fsys, withLanguage(t, "it", func(key string) string {
		if key == NameID {
			return ""
		}
		return "it " + key
	}))
	use(t, fsys)

	want := []Language{{"en", "English"}, {"es", "Español"}, {"fr", "Français"}}
	if !slices.Equal(Languages, want) {
		t.Fatalf("Languages = %v, want %v", Languages, want)
	}
	fr := New("fr")
	if fr.Lang != "fr" {
		t.Fatalf("New(fr) speaks %q", fr.Lang)
	}
	if got := fr.T("ui.notice.undone", map[string]any{"Step": "3"}); got != "Annulé : 3" {
		t.Errorf("French ui.notice.undone = %q", got)
	}
	if got, en := fr.T("ui.error.open", map[string]any{"Path": "a", "Detail": "b"}), New("en").T("ui.error.open", map[string]any{"Path": "a", "Detail": "b"}); got != en {
		t.Errorf("an empty French message renders %q, not the English %q", got, en)
	}
	if got := New("es").T("ui.notice.undone", map[string]any{"Step": "3"}); got != "Deshecho: 3" {
		t.Errorf("Spanish ui.notice.undone = %q", got)
	}
	if Detect("fr_FR.UTF-8") != "fr" || Detect("de_DE.UTF-8") != Default || Known("it") {
		t.Errorf("Detect(fr_FR) = %q, Detect(de_DE) = %q, Known(it) = %v", Detect("fr_FR.UTF-8"), Detect("de_DE.UTF-8"), Known("it"))
	}

	missing, extra, err := Compare(fsys, "fr")
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) != 1 || missing[0].ID != "ui.error.open" || !strings.HasPrefix(missing[0].Text, "{{.Path}} could not be opened") || len(extra) != 0 {
		t.Errorf("Compare(fr): missing %v, extra %v", missing, extra)
	}
}

// The shipped languages are what they were: English first, then Spanish.
func TestShippedLanguages(t *testing.T) {
	want := []Language{{"en", "English"}, {"es", "Español"}}
	if !slices.Equal(Languages, want) {
		t.Errorf("Languages = %v, want %v", Languages, want)
	}
	for _, tag := range []string{"en", "es"} {
		missing, extra, err := Compare(shipped, tag)
		if err != nil || len(missing) != 0 || len(extra) != 0 {
			t.Errorf("Compare(%s): missing %v, extra %v, %v", tag, missing, extra, err)
		}
	}
}

func TestDetect(t *testing.T) {
	for _, c := range []struct {
		locales []string
		want    string
	}{
		{[]string{"es_ES.UTF-8"}, "es"},
		{[]string{"", "es_MX"}, "es"},
		{[]string{"en_GB.UTF-8", "es_ES.UTF-8"}, "en"},
		{[]string{"C.UTF-8", "es"}, "es"},
		{[]string{"fr_FR.UTF-8"}, "en"},
		{[]string{"ca_ES@valencia"}, "en"},
		{nil, "en"},
	} {
		if got := Detect(c.locales...); got != c.want {
			t.Errorf("Detect(%q) = %q, want %q", c.locales, got, c.want)
		}
	}
}

// A message left empty, or missing, is listed with its English text; one
// English lacks is listed as extra; a file that does not parse is an error.
func TestCompare(t *testing.T) {
	fsys := fstest.MapFS{
		"en.toml":       {Data: []byte("\"a.one\" = \"One\"\n\"a.two\" = \"Two\"\n[\"a.count\"]\none = \"{{.Count}} thing\"\nother = \"{{.Count}} things\"\n")},
		"x.en.toml":     {Data: []byte("\"x.b\" = \"Bee\"\n")},
		"fr.toml":       {Data: []byte("\"language.name\" = \"Français\"\n\"a.one\" = \"Un\"\n\"a.two\" = \"\"\n\"a.old\" = \"Vieux\"\n")},
		"x.fr.toml":     {Data: []byte("\"x.b\" = \"Bé\"\n")},
		"broken.toml":   {Data: []byte("\"a.one\" = \n")},
		"broken.x.toml": {Data: []byte("")},
	}
	missing, extra, err := Compare(fsys, "fr")
	if err != nil {
		t.Fatal(err)
	}
	wantMissing := []Gap{{"a.count", "{{.Count}} things"}, {"a.two", "Two"}}
	if !slices.Equal(missing, wantMissing) || !slices.Equal(extra, []Gap{{"a.old", "Vieux"}}) {
		t.Errorf("missing %v (want %v), extra %v", missing, wantMissing, extra)
	}
	if _, _, err := Compare(fsys, "broken"); err == nil {
		t.Error("a file that does not parse: no error")
	}
}

// A language's plural forms come from its own CLDR rule, not a table of
// ours: a new language's files are checked for the forms it needs.
func TestPluralFormsFromCLDR(t *testing.T) {
	for _, c := range []struct {
		tag  string
		want []string
	}{
		{"en", []string{"one", "other"}},
		{"es", []string{"many", "one", "other"}}, // "many": a round million
		{"fr", []string{"many", "one", "other"}},
		{"de", []string{"one", "other"}},
		{"pl", []string{"few", "many", "one", "other"}},
		{"ja", []string{"other"}},
		{"ar", []string{"few", "many", "one", "other", "two", "zero"}},
		{"not a tag", []string{"other"}},
	} {
		if got := PluralForms(c.tag); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.tag, got, c.want)
		}
	}
}
