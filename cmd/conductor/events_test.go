package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/engine/enginetest"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// declaredEvents are the event types declared in a package's source: every
// type with a method Type() string that returns a literal, by that literal.
func declaredEvents(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	out := map[string]string{}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "Type" || fn.Recv == nil || fn.Type.Params.NumFields() != 0 || fn.Body == nil || len(fn.Body.List) != 1 {
				continue
			}
			ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				continue
			}
			lit, ok := ret.Results[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				continue
			}
			typ := fn.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			id, ok := typ.(*ast.Ident)
			if !ok {
				continue
			}
			name, _ := strconv.Unquote(lit.Value)
			out[name] = id.Name
		}
	}
	return out
}

// modulePath is this repository's Go module path.
func modulePath(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	return strings.TrimSpace(strings.TrimPrefix(string(line), "module"))
}

// Every event type a module declares (in the packages its registered events
// come from) is in its registry as that very Go type, and round-trips: one
// that is not could be applied by its rules but never read back from a save
// (Apply now refuses it: rule.event.unknown).
func TestEveryDeclaredEventIsRegistered(t *testing.T) {
	mod := modulePath(t)
	for _, name := range engine.Modules() {
		t.Run(name, func(t *testing.T) {
			m, _ := engine.Find(name)
			reg := m.Events()
			pkgs := map[string]bool{}
			for _, typ := range reg.Types() {
				e, _ := reg.New(typ)
				if p := reflect.TypeOf(e).Elem().PkgPath(); p != reflect.TypeFor[engine.Undo]().PkgPath() {
					pkgs[p] = true
				}
			}
			if len(pkgs) == 0 {
				t.Fatal("the module registers no event of its own")
			}
			declared := 0
			for pkg := range pkgs {
				rel, ok := strings.CutPrefix(pkg, mod+"/")
				if !ok {
					t.Fatalf("events from %s, outside this module", pkg)
				}
				for typ, goName := range declaredEvents(t, filepath.Join("../..", rel)) {
					declared++
					e, ok := reg.New(typ)
					if !ok {
						t.Errorf("%s.%s (type %q) is declared but not registered: register it beside its type (var _ = Events.Register(...))", rel, goName, typ)
						continue
					}
					if got := reflect.TypeOf(e).Elem(); got.Name() != goName || got.PkgPath() != pkg {
						t.Errorf("type %q is registered as %s.%s, but %s.%s declares it too", typ, got.PkgPath(), got.Name(), pkg, goName)
						continue
					}
					enginetest.Fill(e)
					b, err := engine.Encode(e)
					if err != nil {
						t.Fatal(err)
					}
					back, err := reg.Decode(b)
					if err != nil || !reflect.DeepEqual(back, e) {
						t.Errorf("%s does not round-trip: %s → %v %v", typ, b, back, err)
					}
				}
			}
			if declared < len(reg.Types())-3 { // the engine's undo, redo and rewind aside
				t.Fatalf("found %d declared events for %d registered: the scan misses some", declared, len(reg.Types())-3)
			}
			for _, typ := range []string{"undo", "redo", "rewind"} {
				if _, ok := reg.New(typ); !ok {
					t.Errorf("the engine's %q is not in the registry", typ)
				}
			}
		})
	}
}

// strayEvent is a Go type no module registers.
type strayEvent struct{}

func (*strayEvent) Type() string { return "stray" }

// moduleScripts are the golden scripts, by module: the setups and events
// every module's tests below play.
func moduleScripts(t *testing.T) map[string][]script {
	t.Helper()
	paths := goldenScripts(t)
	out := map[string][]script{}
	tr := translations.New("en")
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		s, err := readScript(f, tr)
		f.Close()
		if err != nil || len(s.events) == 0 {
			continue // the scripts of bad input
		}
		if _, err := s.module.New(s.setup, s.content); err != nil {
			continue // a bad setup
		}
		out[s.module.Name()] = append(out[s.module.Name()], s)
	}
	for _, name := range engine.Modules() {
		if len(out[name]) == 0 {
			t.Fatalf("no golden script plays %s", name)
		}
	}
	return out
}

// Every registered event type of every registered module is played (applied,
// not only refused) by at least one golden script of that module: a new
// event fails the suite until a script in its module's
// core/<folder>/testdata/scripts plays it, and its golden output shows what
// it does.
func TestEveryEventIsPlayedInAGoldenScript(t *testing.T) {
	scripts := moduleScripts(t)
	for _, name := range engine.Modules() {
		m, _ := engine.Find(name)
		missing := unplayed(t, m.Events(), scripts[name])
		if len(missing) > 0 {
			t.Errorf("%s: no golden script in its core/<folder>/testdata/scripts plays %s: add one (go test ./cmd/conductor -run TestScriptGolden/NAME -update)",
				name, strings.Join(missing, ", "))
		}
	}
}

// unplayed are the event types of reg that no script applies, sorted; the
// engine's own (undo, redo, rewind) count as played when any script applies
// them.
func unplayed(t *testing.T, reg *engine.Registry, scripts []script) []string {
	t.Helper()
	played := map[string]bool{}
	for _, s := range scripts {
		g, err := s.module.New(s.setup, s.content)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range s.events {
			if _, err := g.Apply(e); err == nil {
				played[e.Type()] = true
			}
		}
	}
	var missing []string
	for _, typ := range reg.Types() {
		if !played[typ] {
			missing = append(missing, typ)
		}
	}
	return missing
}

// Every module's game refuses an event its registry does not have, with
// the rule that says so, and records nothing: nothing to save.
func TestEveryModuleRefusesAnUnregisteredEvent(t *testing.T) {
	for name, scripts := range moduleScripts(t) {
		s := scripts[0]
		g, err := s.module.New(s.setup, s.content)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range s.events[:min(3, len(s.events))] {
			g.Apply(e)
		}
		before := len(g.Records())
		_, err = g.Apply(&strayEvent{})
		var re *engine.RuleError
		if !errors.As(err, &re) || re.ID != "rule.event.unknown" || re.Args["Type"] != "stray" {
			t.Errorf("%s: Apply(stray) = %v, want rule.event.unknown", name, err)
		}
		if len(g.Records()) != before {
			t.Errorf("%s: the refused event was recorded", name)
		}
		if err := g.Check(&strayEvent{}); err == nil {
			t.Errorf("%s: Check accepts the stray event", name)
		}
		if err := g.Allowed("stray"); err == nil {
			t.Errorf("%s: Allowed accepts the type stray", name)
		}
	}
}

// The games of every module, played from their golden scripts with undos,
// redos and jumps back in random places: after each record, the live game,
// the game resumed from the records and a fold of them (as an import reads
// them) are in the same state.
func TestEveryModuleRedoesAlike(t *testing.T) {
	for name, scripts := range moduleScripts(t) {
		m, _ := engine.Find(name)
		folding, ok := m.(engine.Folding)
		if !ok {
			t.Fatalf("%s has no Fold", name)
		}
		redos := 0
		for i := range 6 * len(scripts) { // each script six times, each with its own undos
			s := scripts[i%len(scripts)]
			t.Run(fmt.Sprintf("%s-%d", name, i), func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(i), 3))
				g, err := m.New(s.setup, s.content)
				if err != nil {
					t.Fatal(err)
				}
				saved, err := g.SetupJSON()
				if err != nil {
					t.Fatal(err)
				}
				fold, err := folding.Fold(saved, g.Content(), func(seq int) (engine.Event, error) { return g.Records()[seq-1].Event, nil })
				if err != nil {
					t.Fatal(err)
				}
				next, redoNext := 0, false
				for step := 0; next < len(s.events) && step < 2000; step++ {
					var e engine.Event
					switch k := r.IntN(10); {
					case redoNext:
						e, redoNext = &engine.Redo{}, false
					case k < 2:
						e = &engine.Undo{}
					case k < 4:
						e = &engine.Redo{}
					case k == 4 && g.Effective() > 0:
						e = &engine.Rewind{To: r.IntN(g.Effective())}
					default:
						e = s.events[next]
						next++
					}
					_, err := g.Apply(e)
					if ferr := fold.Step(e); (ferr == nil) != (err == nil) {
						t.Fatalf("step %d %s: live %v, fold %v", step, e.Type(), err, ferr)
					}
					if err != nil {
						continue
					}
					switch e.(type) {
					case *engine.Redo:
						redos++
					case *engine.Undo:
						redoNext = r.IntN(2) == 0
					}
					live, _ := g.Snapshot()
					folded, _ := fold.Snapshot()
					if !bytes.Equal(live.State, folded.State) || live.Effective != folded.Effective {
						t.Fatalf("step %d %s: live\n%s\nfold\n%s", step, e.Type(), live.State, folded.State)
					}
					resumed, err := m.Resume(saved, g.Content(), g.Records(), nil)
					if err != nil {
						t.Fatalf("step %d: resume: %v", step, err)
					}
					if rs, _ := resumed.Snapshot(); !bytes.Equal(rs.State, live.State) || resumed.CanRedo() != g.CanRedo() || resumed.CanUndo() != g.CanUndo() {
						t.Fatalf("step %d %s: live\n%s\nresumed\n%s", step, e.Type(), live.State, rs.State)
					}
				}
			})
		}
		if redos < 10 {
			t.Fatalf("%s: only %d redos", name, redos)
		}
	}
}

// A game with undos and redos across snapshots is saved, reloaded, exported
// and imported (the import folds it) into the same state, and what Redo
// would give back survives all of it: after the restart, Redo still gives
// it back.
func TestRedoSurvivesSaveExportImport(t *testing.T) {
	dir := t.TempDir()
	src, err := data.Open(filepath.Join(dir, "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	g, err := dun.NewGame(dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	if err != nil {
		t.Fatal(err)
	}
	id, err := src.CreateGame("Redone", g)
	if err != nil {
		t.Fatal(err)
	}
	play := func(es ...engine.Event) {
		t.Helper()
		for _, e := range es {
			r, err := g.Apply(e)
			if err != nil {
				t.Fatalf("%s: %v", e.Type(), err)
			}
			if err := src.Append(id, r, g.Summary()); err != nil {
				t.Fatal(err)
			}
			if g.SnapshotDue() {
				snap, _ := g.Snapshot()
				if err := src.SaveSnapshot(id, snap); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for i := range 2*engine.SnapshotEvery + 10 {
		play(&dun.ReserveGained{Amount: 1 + i%3, Reason: "correction"})
	}
	play(&engine.Undo{}, &engine.Undo{}, &engine.Redo{}, &engine.Rewind{To: engine.SnapshotEvery - 5}, &engine.Undo{}, &engine.Redo{}, &engine.Undo{},
		&engine.Undo{}, &engine.Redo{}, &engine.Undo{}, &engine.Undo{})
	if !g.CanRedo() {
		t.Fatal("nothing to redo: the test would prove nothing")
	}
	want, _ := g.StateJSON()

	var file bytes.Buffer
	if err := src.ExportGame(id, &file); err != nil {
		t.Fatal(err)
	}
	dst, err := data.Open(filepath.Join(dir, "b.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	res, err := dst.Import(bytes.NewReader(file.Bytes()), data.ImportRefuseExisting)
	if err != nil || len(res.Games) != 1 {
		t.Fatalf("import: %v %+v", err, res)
	}
	// The import's summary is the fold's: it must be the live game's.
	games, err := dst.Games()
	if err != nil || len(games) != 1 {
		t.Fatalf("%v %+v", err, games)
	}
	wantSum, _ := json.Marshal(g.Summary())
	if got, _ := json.Marshal(games[0].Summary); !bytes.Equal(got, wantSum) {
		t.Fatalf("imported summary %s, want %s", got, wantSum)
	}
	for name, load := range map[string]func() (engine.Play, error){
		"reloaded": func() (engine.Play, error) { return src.LoadGame(id) },
		"imported": func() (engine.Play, error) { return dst.LoadGame(res.Games[0]) },
	} {
		got, err := load()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s, _ := got.StateJSON(); !bytes.Equal(s, want) || !got.CanRedo() {
			t.Fatalf("%s: CanRedo %v, state\n%s\nwant\n%s", name, got.CanRedo(), s, want)
		}
		if _, err := got.Apply(&engine.Redo{}); err != nil {
			t.Fatalf("%s: redo after the restart: %v", name, err)
		}
	}
	if _, err := g.Apply(&engine.Redo{}); err != nil {
		t.Fatal(err)
	}
	after, _ := g.StateJSON()
	again, _ := src.LoadGame(id)
	if _, err := again.Apply(&engine.Redo{}); err != nil {
		t.Fatal(err)
	}
	if s, _ := again.StateJSON(); !bytes.Equal(s, after) {
		t.Fatal("a redo after the restart gives another state than the live game's")
	}
}
