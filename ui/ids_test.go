package ui_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// decisionPrefixes begin the message ids of core's rules, prompts and
// reasons, which ui/ neither compares nor composes (DESIGN: "ui/ asks,
// never decides"): core says each id in full.
var decisionPrefixes = []string{"rule.", "prompt.", "reason."}

// messagePrefixes are the prefixes of every message id in the app's message
// files (the shell's in translations/, each game's in ui/<game>/messages/):
// "faction.", "quest.", "log.", "ui."… A ui/ file compares none of them.
func messagePrefixes(t *testing.T) []string {
	t.Helper()
	var files []string
	shell, _ := filepath.Glob("../translations/*.toml")
	files = append(files, shell...)
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Base(filepath.Dir(path)) == "messages" && strings.HasSuffix(path, ".toml") {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(shell) == 0 {
		t.Fatalf("message files: %v (%d in translations/)", err, len(shell))
	}
	seen := map[string]bool{}
	for _, f := range files {
		var messages map[string]any
		if _, err := toml.DecodeFile(f, &messages); err != nil {
			t.Fatal(err)
		}
		for id := range messages {
			if head, _, ok := strings.Cut(id, "."); ok {
				seen[head+"."] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// No non-test file under ui/ compares (==, !=, a switch's case) a message
// id, of any prefix, or composes (+) a rule, prompt or reason id: core says
// which prompt leads, which refusal is which, which field a problem is
// about, and each id in full.
func TestUINeverDecidesOnIDs(t *testing.T) {
	prefixes := messagePrefixes(t)
	for _, p := range append([]string{"faction.", "quest.", "ui."}, decisionPrefixes...) {
		if !slices.Contains(prefixes, p) {
			t.Fatalf("the message files give no %q id: the prefixes found are %q", p, prefixes)
		}
	}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		for _, f := range idDecisions(t, path, prefixes) {
			t.Errorf("%s: %s", filepath.Join("ui", f.where), f.what)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// idDecision is one place that decides on an id.
type idDecision struct{ where, what string }

// idDecisions lists the places in file path that compare a message id of
// one of prefixes, or compose a rule, prompt or reason id.
func idDecisions(t *testing.T, path string, prefixes []string) []idDecision {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []idDecision
	note := func(e ast.Expr, how string, prefixes []string) {
		if id, ok := idLiteral(e, prefixes); ok {
			out = append(out, idDecision{fset.Position(e.Pos()).String(), how + " " + strconv.Quote(id)})
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ:
				note(n.X, "compares", prefixes)
				note(n.Y, "compares", prefixes)
			case token.ADD:
				note(n.X, "composes", decisionPrefixes)
				note(n.Y, "composes", decisionPrefixes)
			}
		case *ast.SwitchStmt:
			if n.Tag == nil {
				return true
			}
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					note(e, "switches on", prefixes)
				}
			}
		}
		return true
	})
	return out
}

// idLiteral is the id a string literal holds, when it begins with one of
// prefixes.
func idLiteral(e ast.Expr, prefixes []string) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return "", false
	}
	return s, slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(s, p) })
}

// The check finds each way of deciding on an id, and nothing else: a
// message id of any prefix compared, a rule, prompt or reason id composed;
// a ui id composed (a name made from a core id), a plain string compared or
// an id listed are not decisions.
func TestIDDecisionsFound(t *testing.T) {
	src := `package x
func f(id, c string) {
	_ = id == "rule.a"
	_ = "prompt.b" != id
	_ = "reason." + c
	switch id {
	case "rule.c", "ui.d":
	}
	_ = id == "ui.quest.x"
	_ = id == "faction.profiles"
	switch id {
	case "quest.missing_text", "en":
	}
	_ = "ui.a." + c
	_ = "faction." + c
	_ = id == "en"
	_ = []string{"rule.listed"}
}
`
	dir := t.TempDir()
	path := filepath.Join(dir, "x.go")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range idDecisions(t, path, messagePrefixes(t)) {
		got = append(got, d.what)
	}
	want := []string{`compares "rule.a"`, `compares "prompt.b"`, `composes "reason."`, `switches on "rule.c"`, `switches on "ui.d"`,
		`compares "ui.quest.x"`, `compares "faction.profiles"`, `switches on "quest.missing_text"`}
	if !slices.Equal(got, want) {
		t.Fatalf("found %q, want %q", got, want)
	}
}
