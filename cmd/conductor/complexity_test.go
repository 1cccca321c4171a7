package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Cyclomatic complexity limits: a function in ui/ stays small
// enough to read as one widget's step; nothing in the tree is over 20.
const (
	uiComplexityLimit   = 15
	treeComplexityLimit = 20
)

// complexityLimit is the most a function in the file at rel (a slash path
// from the repository's root) may have.
func complexityLimit(rel string) int {
	if strings.HasPrefix(rel, "ui/") {
		return uiComplexityLimit
	}
	return treeComplexityLimit
}

// funcComplexity is one function's (or package-level function literal's)
// cyclomatic complexity and where it is.
type funcComplexity struct {
	file       string // slash path from the repository's root
	line       int
	pkg        string
	name       string // as gocyclo names it: F, (T).M, (*T).M
	complexity int
}

func (f funcComplexity) String() string {
	return fmt.Sprintf("%s:%d %s.%s: %d", f.file, f.line, f.pkg, f.name, f.complexity)
}

// Every non-test Go file of the repository: no function over
// uiComplexityLimit under ui/, none over treeComplexityLimit anywhere.
// Counted as gocyclo counts (1 + each if, for, range, non-default case or
// select clause, && and ||; a closure counts toward the function around
// it); a //gocyclo:ignore comment is no way out here. To fix a failure,
// split the function into well-named steps.
func TestFunctionComplexity(t *testing.T) {
	funcs := repositoryComplexities(t, "../..")
	if len(funcs) < 500 {
		t.Fatalf("found only %d functions under ../..: is the walk in the repository's root?", len(funcs))
	}
	over := overLimit(funcs, complexityLimit)
	for _, f := range over {
		t.Errorf("%v is over %d: split it into well-named functions", f, complexityLimit(f.file))
	}
	if len(over) > 0 {
		t.Logf("%d functions over the limit (%d under ui/, %d elsewhere)", len(over), uiComplexityLimit, treeComplexityLimit)
	}
}

// overLimit returns the functions over their file's limit, in file order.
func overLimit(funcs []funcComplexity, limit func(rel string) int) []funcComplexity {
	var over []funcComplexity
	for _, f := range funcs {
		if f.complexity > limit(f.file) {
			over = append(over, f)
		}
	}
	slices.SortFunc(over, func(a, b funcComplexity) int {
		if c := strings.Compare(a.file, b.file); c != 0 {
			return c
		}
		return a.line - b.line
	})
	return over
}

// repositoryComplexities parses every non-test .go file under root, skipping
// the directories the go tool skips (testdata, vendor, names starting with
// "." or "_"), whatever their build constraints.
func repositoryComplexities(t *testing.T, root string) []funcComplexity {
	t.Helper()
	var funcs []funcComplexity
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "vendor" ||
				strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		funcs = append(funcs, fileComplexities(fset, filepath.ToSlash(rel), f)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return funcs
}

// fileComplexities measures each function declaration of f and each
// function literal assigned to a package-level variable (as gocyclo does).
func fileComplexities(fset *token.FileSet, rel string, f *ast.File) []funcComplexity {
	var funcs []funcComplexity
	add := func(n ast.Node, name string) {
		funcs = append(funcs, funcComplexity{
			file:       rel,
			line:       fset.Position(n.Pos()).Line,
			pkg:        f.Name.Name,
			name:       name,
			complexity: cyclomatic(n),
		})
	}
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			add(decl, funcDeclName(decl))
		case *ast.GenDecl:
			for _, spec := range decl.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for _, v := range vs.Values {
					if lit, ok := v.(*ast.FuncLit); ok {
						add(lit, vs.Names[0].Name)
					}
				}
			}
		}
	}
	return funcs
}

// cyclomatic is 1 plus each decision point in n.
func cyclomatic(n ast.Node) int {
	c := 1
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			c++
		case *ast.CaseClause:
			if n.List != nil { // default is no decision
				c++
			}
		case *ast.CommClause:
			if n.Comm != nil {
				c++
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				c++
			}
		}
		return true
	})
	return c
}

// funcDeclName is F, (T).M or (*T).M (type parameters left out).
func funcDeclName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	return fmt.Sprintf("(%s).%s", recvName(fn.Recv.List[0].Type), fn.Name.Name)
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return "*" + recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	case *ast.ParenExpr:
		return recvName(e.X)
	}
	return "?"
}

// The counter itself, on small functions whose counts are known.
func TestCyclomaticCount(t *testing.T) {
	cases := []struct {
		name, src string
		want      int
	}{
		{"straight", `func f() { g() }`, 1},
		{"if else if else", `func f(a int) { if a > 0 { g() } else if a < 0 { g() } else { g() } }`, 3},
		{"for and range", `func f(s []int) { for i := 0; i < 3; i++ {}; for range s {} }`, 3},
		{"switch default is free", `func f(a int) { switch a { case 1, 2: g(); case 3: g(); default: g() } }`, 3},
		{"type switch", `func f(a any) { switch a.(type) { case int: g(); case string: g() } }`, 3},
		{"select default is free", `func f(c chan int) { select { case <-c: g(); case c <- 1: g(); default: } }`, 3},
		{"and or", `func f(a, b, c bool) bool { return a && b || c }`, 3},
		{"closure counts toward its function", `func f(a bool) { h := func() { if a { g() } }; if a { h() } }`, 3},
		{"method on a generic type", `func (t *T[K]) M(a bool) { if a && !a { g() } }`, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", "package p\n"+c.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			got := fileComplexities(fset, "x.go", f)
			if len(got) != 1 || got[0].complexity != c.want {
				t.Fatalf("got %v, want one function of %d", got, c.want)
			}
		})
	}
}

// Names and limits: a ui/ function over 15 fails, one elsewhere only over
// 20; package-level function literals are measured too.
func TestComplexityLimits(t *testing.T) {
	fset := token.NewFileSet()
	src := "package p\nfunc (t *T[K, V]) M() {}\nvar v = func() {}\n"
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, fc := range fileComplexities(fset, "x.go", f) {
		names = append(names, fc.name)
	}
	if want := []string{"(*T).M", "v"}; !slices.Equal(names, want) {
		t.Fatalf("names %q, want %q", names, want)
	}
	funcs := []funcComplexity{
		{file: "ui/dun/a.go", line: 9, name: "big", complexity: 16},
		{file: "ui/dun/a.go", line: 2, name: "ok", complexity: 15},
		{file: "core/dun/b.go", line: 1, name: "fine", complexity: 20},
		{file: "core/dun/b.go", line: 5, name: "over", complexity: 21},
		{file: "cmd/ui/c.go", line: 1, name: "notui", complexity: 16},
	}
	var over []string
	for _, f := range overLimit(funcs, complexityLimit) {
		over = append(over, f.name)
	}
	if want := []string{"over", "big"}; !slices.Equal(over, want) {
		t.Fatalf("over the limit: %q, want %q", over, want)
	}
}
