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
)

// idPrefixes begin the message ids of core's rules, prompts and reasons:
// ui/ shows them and never decides anything on them (DESIGN: "ui/ asks,
// never decides").
var idPrefixes = []string{"rule.", "prompt.", "reason."}

// No non-test file under ui/ compares (==, !=, a switch's case) or
// composes (+) a rule, prompt or reason id: core says which prompt leads,
// which refusal is which, and each id in full.
func TestUINeverDecidesOnIDs(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		for _, f := range idDecisions(t, path) {
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

// idDecisions lists the places in file path that compare or compose a
// rule, prompt or reason id.
func idDecisions(t *testing.T, path string) []idDecision {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []idDecision
	note := func(e ast.Expr, how string) {
		if id, ok := idLiteral(e); ok {
			out = append(out, idDecision{fset.Position(e.Pos()).String(), how + " " + strconv.Quote(id)})
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ:
				note(n.X, "compares")
				note(n.Y, "compares")
			case token.ADD:
				note(n.X, "composes")
				note(n.Y, "composes")
			}
		case *ast.SwitchStmt:
			if n.Tag == nil {
				return true
			}
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					note(e, "switches on")
				}
			}
		}
		return true
	})
	return out
}

// idLiteral is the id a string literal holds, when it is one.
func idLiteral(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return "", false
	}
	return s, slices.ContainsFunc(idPrefixes, func(p string) bool { return strings.HasPrefix(s, p) })
}

// The check finds each way of deciding on an id, and nothing else.
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
	_ = "ui.a." + c
	_ = []string{"rule.listed"}
}
`
	dir := t.TempDir()
	path := filepath.Join(dir, "x.go")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range idDecisions(t, path) {
		got = append(got, d.what)
	}
	want := []string{`compares "rule.a"`, `compares "prompt.b"`, `composes "reason."`, `switches on "rule.c"`}
	if !slices.Equal(got, want) {
		t.Fatalf("found %q, want %q", got, want)
	}
}
