package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// The checks on every message file together: the app's own (translations/)
// and those each game module registers from its folder, which come with
// games.go's imports, so they live here and not in translations, whose own
// tests check its shipped files alone.

// Every language gives the same messages as English, the modules' too, and
// a message with plural forms every form its language needs.
func TestEveryMessageFileAgrees(t *testing.T) {
	en, err := translations.IDs("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ui.undo", "log.dc.flipped", "log.twister.scored"} {
		if en[id] == nil {
			t.Fatalf("English lacks %s: are the files (a module's) read?", id)
		}
	}
	bad, err := translations.Disagreements()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
}

// messageIDShape matches string literals shaped like our message IDs.
var messageIDShape = regexp.MustCompile(`^(action|attribute|behaviour|choice|cli|deck|flow|hint|level|log|next|outcome|prompt|quest|reading|reason|reroll|result|rule|section|setup|side|special|step|surprise|surprised|symbol|text_style|trigger|ui)\.[a-z0-9_]+(\.[a-z0-9_]+)*$`)

// usedMessageIDs finds every message-ID-shaped string literal in the module's Go code.
func usedMessageIDs(t *testing.T) map[string]string {
	t.Helper()
	used := map[string]string{}
	root := "../.."
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
				if s, err := strconv.Unquote(lit.Value); err == nil && messageIDShape.MatchString(s) {
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
	used := usedMessageIDs(t)
	if _, ok := used["rule.reserve.insufficient"]; !ok {
		t.Fatal("the scan missed a known ID: it would not catch a missing one")
	}
	for _, l := range translations.Languages {
		ids, err := translations.IDs(l.Tag)
		if err != nil {
			t.Fatal(err)
		}
		for id, where := range used {
			if _, ok := ids[id]; !ok {
				t.Errorf("%s uses %s, missing from the %s message files", where, id, l.Tag)
			}
		}
	}
}

// Every ruling of every game games.go imports has its title, text and
// topic in every language (in its own message files or the shared topics),
// and ids are unique across games.
func TestRulingsAreTranslated(t *testing.T) {
	seen, prefixes := map[string]string{}, map[string]string{}
	var modules []string
	for _, m := range engine.Modules() {
		if len(engine.ModuleRulings(m)) > 0 {
			modules = append(modules, m)
		}
	}
	if len(modules) < 3 {
		t.Fatalf("rulings of %v only", modules)
	}
	for _, l := range translations.Languages {
		tr := translations.New(l.Tag)
		for _, m := range modules {
			for _, r := range engine.ModuleRulings(m) {
				if prev, dup := seen[r.ID]; dup && prev != m {
					t.Errorf("%s is a ruling of %s and %s", r.ID, prev, m)
				}
				seen[r.ID] = m
				prefix, _, ok := strings.Cut(r.ID, ".")
				if other, taken := prefixes[prefix]; !ok || taken && other != m {
					t.Errorf("%s (%s): a ruling's id starts with a prefix of its game's own", r.ID, m)
				}
				prefixes[prefix] = m
				for _, id := range []string{engine.RulingTitle(r.ID), engine.RulingText(r.ID), engine.RulingTopic(r.Topic)} {
					if tr.T(id, nil) == id {
						t.Errorf("%s: %s is not translated", l.Tag, id)
					}
				}
			}
		}
	}
}
