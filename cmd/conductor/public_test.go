package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Every module this program wires says what the players may see
// (engine.Public): after every event of every golden script its view is a
// JSON object. What each view holds, and that nothing hidden is in it, is
// each module's own test (core/<module>/public_test.go).
func TestEveryModuleHasAPublicView(t *testing.T) {
	for name, scripts := range moduleScripts(t) {
		for _, v := range publicViews(t, name, scripts) {
			var view map[string]any
			if err := json.Unmarshal(v.view, &view); err != nil {
				t.Fatalf("%s, %s: %v\n%s", name, v.at, err, v.view)
			}
			if _, ok := view["seed"]; ok {
				t.Fatalf("%s, %s: the seed in the players' view", name, v.at)
			}
		}
	}
}

// publicView is one players' view of a module's game, as the shell
// publishes it.
type publicView struct {
	at   string
	view []byte
}

// publicViews are the players' views of every golden script of module, in
// order: as set up, then after every event it applies.
func publicViews(t *testing.T, module string, scripts []script) []publicView {
	t.Helper()
	var out []publicView
	for si, s := range scripts {
		g, err := s.module.New(s.setup, s.content)
		if err != nil {
			t.Fatal(err)
		}
		pub, ok := g.(engine.Public)
		if !ok {
			t.Fatalf("%s: its games have no public view (engine.Public)", module)
		}
		for i, e := range append([]engine.Event{nil}, s.events...) {
			if e != nil {
				if _, err := g.Apply(e); err != nil {
					continue // a refused event changes nothing
				}
			}
			js, err := pub.PublicJSON()
			if err != nil {
				t.Fatalf("%s, script %d, after event %d: %v", module, si+1, i, err)
			}
			out = append(out, publicView{fmt.Sprintf("script %d, event %d", si+1, i), js})
		}
	}
	return out
}

// Every module this program wires proves in its own package that its
// players' view leaks nothing, with the shared scaffolding: a test there
// checks the view after every event (enginetest.NoLeak) and breaks it on
// purpose to prove the checks (enginetest.LeaksCaught). A new game fails
// here until it has both.
func TestEveryModuleHasALeakTest(t *testing.T) {
	mod := modulePath(t)
	for _, name := range engine.Modules() {
		m, _ := engine.Find(name)
		calls := map[string]bool{}
		for _, pkg := range eventPackages(m.Events()) {
			rel, ok := strings.CutPrefix(pkg, mod+"/")
			if !ok {
				t.Fatalf("%s: events from %s, outside this module", name, pkg)
			}
			for _, c := range enginetestCalls(t, filepath.Join("../..", rel)) {
				calls[c] = true
			}
		}
		for _, want := range []string{"NoLeak", "LeaksCaught"} {
			if !calls[want] {
				t.Errorf("%s: no test in its package calls enginetest.%s: its players' view is not proved to leak nothing", name, want)
			}
		}
	}
}

// eventPackages are the Go packages a registry's own events come from (the
// engine's undo, redo and rewind aside).
func eventPackages(reg *engine.Registry) []string {
	seen := map[string]bool{}
	var out []string
	for _, typ := range reg.Types() {
		e, _ := reg.New(typ)
		p := reflect.TypeOf(e).Elem().PkgPath()
		if p != reflect.TypeFor[engine.Undo]().PkgPath() && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// enginetestCalls are the functions of enginetest the _test.go files in dir
// call.
func enginetestCalls(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	var out []string
	for _, path := range files {
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "enginetest" {
					out = append(out, sel.Sel.Name)
				}
			}
			return true
		})
	}
	return out
}
