package translations

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// requiredForms are the CLDR plural categories each language needs for counts
// a game shows (whole numbers).
var requiredForms = map[string][]string{"en": {"one", "other"}, "es": {"many", "one", "other"}}

func TestLanguagesHaveTheSameIDs(t *testing.T) {
	en, err := IDs("en")
	if err != nil {
		t.Fatal(err)
	}
	if len(en) < 50 {
		t.Fatalf("only %d English messages: is the file being read?", len(en))
	}
	for _, l := range Languages[1:] {
		other, err := IDs(l.Tag)
		if err != nil {
			t.Fatal(err)
		}
		for id := range en {
			if _, ok := other[id]; !ok {
				t.Errorf("%s is in English but not in %s", id, l.Name)
			}
		}
		for id := range other {
			if _, ok := en[id]; !ok {
				t.Errorf("%s is in %s but not in English", id, l.Name)
			}
		}
	}
}

// A message with plural forms must have every form its language needs.
func TestPluralForms(t *testing.T) {
	for _, l := range Languages {
		ids, err := IDs(l.Tag)
		if err != nil {
			t.Fatal(err)
		}
		for id, forms := range ids {
			if len(forms) == 1 && forms[0] == "other" {
				continue
			}
			sort.Strings(forms)
			if !slices.Equal(forms, requiredForms[l.Tag]) {
				t.Errorf("%s %s has forms %v, needs %v", l.Tag, id, forms, requiredForms[l.Tag])
			}
		}
	}
}

// messageID matches string literals shaped like our message IDs.
var messageID = regexp.MustCompile(`^(action|attribute|behaviour|choice|cli|deck|flow|hint|level|log|next|outcome|prompt|quest|reading|reason|reroll|result|rule|section|setup|side|special|step|surprise|surprised|symbol|text_style|trigger|ui)\.[a-z0-9_]+(\.[a-z0-9_]+)*$`)

// usedIDs finds every message-ID-shaped string literal in the module's Go code.
func usedIDs(t *testing.T) map[string]string {
	t.Helper()
	used := map[string]string{}
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && messageID.MatchString(s) {
					used[s] = fset.Position(lit.Pos()).String()
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return used
}

func TestEveryUsedIDIsDefined(t *testing.T) {
	used := usedIDs(t)
	if _, ok := used["rule.reserve.insufficient"]; !ok {
		t.Fatal("the scan missed a known ID: it would not catch a missing one")
	}
	for _, l := range Languages {
		ids, err := IDs(l.Tag)
		if err != nil {
			t.Fatal(err)
		}
		for id, where := range used {
			if _, ok := ids[id]; !ok {
				t.Errorf("%s uses %s, missing from %s.toml", where, id, l.Tag)
			}
		}
	}
}

func TestTranslate(t *testing.T) {
	cases := []struct {
		lang, id string
		args     map[string]any
		want     string
	}{
		{"en", "ui.status.achievements", map[string]any{"Count": 1}, "1 achievement point"},
		{"en", "ui.status.achievements", map[string]any{"Count": 3}, "3 achievement points"},
		{"es", "ui.status.achievements", map[string]any{"Count": 1}, "1 punto de logro"},
		{"es", "ui.status.achievements", map[string]any{"Count": 4}, "4 puntos de logro"},
		{"en", "log.reserve_spent", map[string]any{"Count": 5, "ReasonKey": "reason.card_activated", "Reserve": 20}, "The ADP pays 5 reserve points (card activated); 20 left."},
		{"es", "log.reserve_spent", map[string]any{"Count": 1, "ReasonKey": "reason.spawn_paid", "Reserve": 2}, "El JOA paga 1 punto de reserva (criaturas generadas); le quedan 2."},
		// Counts that come back from JSON (snapshots) are float64.
		{"en", "ui.status.achievements", map[string]any{"Count": float64(2)}, "2 achievement points"},
		{"xx", "ui.undo", nil, "Undo"},
		{"es", "ui.undo", nil, "Deshacer"},
		{"en", "no.such.message", nil, "no.such.message"},
	}
	for _, c := range cases {
		if got := New(c.lang).T(c.id, c.args); got != c.want {
			t.Errorf("%s %s: got %q, want %q", c.lang, c.id, got, c.want)
		}
	}
}

// An argument given in every language (a spawned creature's name, a
// quest's title) is shown in the translator's language.
func TestTextArguments(t *testing.T) {
	name := map[string]any{"en": "Skeleton 2", "es": "Esqueleto 2"}
	for lang, want := range map[string]string{"en": "Skeleton 2", "es": "Esqueleto 2"} {
		got := New(lang).T("prompt.creature.slain", map[string]any{"Name": name})
		if !strings.Contains(got, want) || strings.Contains(got, "map[") {
			t.Errorf("%s: %q", lang, got)
		}
	}
	if got := New("es").T("summary.quest", map[string]any{"QuestText": map[string]string{"en": "The Tomb"}}); got != "The Tomb" {
		t.Errorf("a text with no Spanish falls back to English: %q", got)
	}
}
