package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

var update = flag.Bool("update", false, "rewrite the golden files beside their scripts")

// goldenScripts are the paths of every golden script, sorted: a module's
// own in core/<its folder>/testdata/scripts/*.jsonl, and here in
// testdata/*.jsonl those of bad input that belong to no game. Each script's
// file name is unique among them all, so a subtest named by it can be run
// alone (go test ./cmd/conductor -run TestScriptGolden/NAME -update).
func goldenScripts(t *testing.T) []string {
	t.Helper()
	var paths []string
	for _, pattern := range []string{"testdata/*.jsonl", "../../core/*/testdata/scripts/*.jsonl"} {
		found, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, found...)
	}
	slices.Sort(paths)
	seen := map[string]string{}
	for _, p := range paths {
		name := filepath.Base(p)
		if other, ok := seen[name]; ok {
			t.Fatalf("two golden scripts are named %s (%s and %s): rename one", name, other, p)
		}
		seen[name] = p
	}
	return paths
}

// Each golden script is run; its stdout, exit status and stderr must match
// the NAME.golden beside its NAME.jsonl. Run `go test ./cmd/conductor
// -update` after a deliberate change, and read the diff.
func TestScriptGolden(t *testing.T) {
	scripts := goldenScripts(t)
	if len(scripts) < 5 {
		t.Fatalf("only %d scripts found", len(scripts))
	}
	for _, path := range scripts {
		t.Run(filepath.Base(path), func(t *testing.T) {
			in, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			tr := translations.New("en")
			code := runScript(bytes.NewReader(in), &out, &errOut, tr, false)
			initial, setupLog := initialState(in, tr)
			diff, err := goldenText(initial, setupLog, out.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("%s--- exit %d\n%s", diff, code, errOut.String())
			golden := strings.TrimSuffix(path, ".jsonl") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Fatalf("output differs from %s:\n%s", golden, got)
			}
		})
	}
}

// initialState is a script's state before its first event and what the
// setup logged, nil when the script does not start.
func initialState(in []byte, tr *translations.Translator) ([]byte, []engine.LogEntry) {
	s, err := readScript(bytes.NewReader(in), tr)
	if err != nil {
		return nil, nil
	}
	g, err := s.module.New(s.setup, s.content)
	if err != nil {
		return nil, nil
	}
	b, _ := g.StateJSON()
	return b, g.Log()
}

// Resume is checked at every line of every golden script: the saved records
// (with and without a snapshot of the state just reached) give the same
// state, prompts and log as the live game.
func TestScriptResumeEveryLine(t *testing.T) {
	scripts := goldenScripts(t)
	if len(scripts) == 0 {
		t.Fatal("no golden scripts found: nothing was resumed")
	}
	resumed := map[string]int{} // lines resumed, by module
	defer func() {
		for _, name := range engine.Modules() {
			if resumed[name] == 0 {
				t.Errorf("no golden script of %s was resumed", name)
			}
		}
	}()
	tr := translations.New("en")
	for _, path := range scripts {
		in, _ := os.ReadFile(path)
		s, err := readScript(bytes.NewReader(in), tr)
		if err != nil {
			continue // the invalid inputs
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			g, err := s.module.New(s.setup, s.content)
			if err != nil {
				t.Skip("setup refused")
			}
			for _, e := range s.events {
				if _, err := g.Apply(e); err != nil {
					continue
				}
				snap, err := g.Snapshot()
				if err != nil {
					t.Fatal(err)
				}
				want := view(t, g)
				saved, err := g.SetupJSON() // what the store keeps, new-game defaults included
				if err != nil {
					t.Fatal(err)
				}
				for _, sn := range []*engine.Snapshot{nil, &snap} {
					r, err := s.module.Resume(saved, g.Content(), slices.Clone(g.Records()), sn)
					if err != nil {
						t.Fatalf("record %d: %v", len(g.Records()), err)
					}
					if got := view(t, r); got != want {
						t.Fatalf("record %d (snapshot %v): resumed\n%s\nlive\n%s", len(g.Records()), sn != nil, got, want)
					}
				}
				resumed[s.module.Name()]++
			}
			// A fold of the records (what an import does) gives the same
			// snapshot and summary, whatever the module.
			folding, ok := s.module.(engine.Folding)
			if !ok {
				t.Fatalf("module %s cannot fold: its imports would hold every record", s.module.Name())
			}
			saved, _ := g.SetupJSON()
			records := g.Records()
			f, err := folding.Fold(saved, g.Content(), func(seq int) (engine.Event, error) { return records[seq-1].Event, nil })
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range records {
				if err := f.Step(r.Event); err != nil {
					t.Fatalf("fold, record %d: %v", r.Seq, err)
				}
			}
			fs, _ := f.Snapshot()
			gs, _ := g.Snapshot()
			if string(fs.State) != string(gs.State) || fs.Effective != gs.Effective || fs.LastSeq != gs.LastSeq ||
				fmt.Sprint(f.Summary()) != fmt.Sprint(g.Summary()) || f.Records() != len(records) {
				t.Fatalf("fold %+v %v\nwant %+v %v", fs, f.Summary(), gs, g.Summary())
			}
		})
	}
}

// view is what a player sees of a game: its state, prompts and log.
func view(t *testing.T, g engine.Play) string {
	t.Helper()
	st, err := g.StateJSON()
	if err != nil {
		t.Fatal(err)
	}
	rest, err := json.Marshal([]any{g.Prompts(), g.Log()})
	if err != nil {
		t.Fatal(err)
	}
	return string(st) + "\n" + string(rest)
}

// --full prints the whole log in each state, as "log", and "logged" is the
// tail of it that the event wrote.
func TestScriptFull(t *testing.T) {
	var short, full, errOut bytes.Buffer
	if code := run([]string{"script", dunScripts + "turns.jsonl"}, nil, &short, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	if code := run([]string{"script", "--full", dunScripts + "turns.jsonl"}, nil, &full, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	shortLines := strings.Split(strings.TrimSpace(short.String()), "\n")
	fullLines := strings.Split(strings.TrimSpace(full.String()), "\n")
	if len(shortLines) != len(fullLines) {
		t.Fatalf("%d lines, --full %d", len(shortLines), len(fullLines))
	}
	for i := range shortLines {
		var a, b struct {
			State  map[string]json.RawMessage `json:"state"`
			Logged []engine.Message           `json:"logged"`
		}
		json.Unmarshal([]byte(shortLines[i]), &a)
		json.Unmarshal([]byte(fullLines[i]), &b)
		if _, ok := a.State["log"]; ok {
			t.Fatalf("line %d: the log is in the state without --full", i+1)
		}
		var log []engine.LogEntry
		if err := json.Unmarshal(b.State["log"], &log); err != nil || len(log) == 0 {
			t.Fatalf("line %d: no log with --full: %v", i+1, err)
		}
		if log[0].ID != "log.setup" {
			t.Fatalf("line %d: the log starts with %s", i+1, log[0].ID)
		}
		tail := log[len(log)-len(a.Logged):]
		for j, m := range a.Logged {
			if tail[j].ID != m.ID {
				t.Fatalf("line %d: logged %s, log ends with %s", i+1, m.ID, tail[j].ID)
			}
		}
		delete(b.State, "log")
		sa, _ := json.Marshal(a.State)
		sb, _ := json.Marshal(b.State)
		if !bytes.Equal(sa, sb) {
			t.Fatalf("line %d: states differ beyond the log", i+1)
		}
	}
}

// The setup's "game" picks the module; "dun" is the default and an unknown
// game is refused on line 1 before anything runs.
func TestScriptGame(t *testing.T) {
	cases := []struct {
		setup string
		code  int
		err   string
	}{
		{`{"setup":{"game":"dun","heroes":1,"group_vp":20,"leader_vp":5}}`, 0, ""},
		{`{"setup":{"heroes":1,"group_vp":20,"leader_vp":5}}`, 0, ""},
		{`{"setup":{"game":"chess","heroes":1,"group_vp":20,"leader_vp":5}}`, 2, "Line 1: "},
		{`{"setup":{"game":7}}`, 2, "Line 1: "},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := run([]string{"script", "-"}, strings.NewReader(c.setup+"\n"+`{"type":"new_turn"}`+"\n"), &out, &errOut)
		if code != c.code || !strings.Contains(errOut.String(), c.err) {
			t.Errorf("%s: exit %d, stderr %q", c.setup, code, errOut.String())
		}
		if c.code == 2 && out.Len() > 0 {
			t.Errorf("%s: printed %s", c.setup, out.String())
		}
	}
}

// dunScripts is the folder of DUN's golden scripts.
const dunScripts = "../../core/dun/testdata/scripts/"

// The contract's exit statuses and the line an invalid input names.
func TestScriptExitStatus(t *testing.T) {
	cases := []struct {
		file     string
		code     int
		stderrIn string
	}{
		{dunScripts + "turns.jsonl", 0, ""},
		{dunScripts + "rejected.jsonl", 1, ""},
		{"testdata/bad_event.jsonl", 2, "Line 3:"},
		{"testdata/bad_json.jsonl", 2, "Line 3:"},
		{"testdata/bad_setup.jsonl", 2, "Line 1:"},
		{"testdata/no_setup.jsonl", 2, "Line 1:"},
		{"testdata/unknown_setup_field.jsonl", 2, "difficulty"},
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run([]string{"script", c.file}, nil, &out, &errOut)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, c.code, errOut.String())
			}
			if !strings.Contains(errOut.String(), c.stderrIn) {
				t.Fatalf("stderr %q lacks %q", errOut.String(), c.stderrIn)
			}
			if c.code == 2 && out.Len() > 0 {
				t.Fatalf("invalid input printed states: %s", out.String())
			}
		})
	}
}

func TestScriptFromStdin(t *testing.T) {
	var out, errOut bytes.Buffer
	in := strings.NewReader(`{"setup":{"heroes":1,"group_vp":20,"leader_vp":5}}` + "\n" + `{"type":"new_turn"}` + "\n")
	if code := run([]string{"script", "-"}, in, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), `"reserve":15`) || !strings.Contains(out.String(), `"achievements":1`) {
		t.Fatal(out.String())
	}
	if code := run([]string{"script"}, nil, &out, &errOut); code != 2 {
		t.Fatalf("script without a file: exit %d", code)
	}
	if code := run([]string{"script", "testdata/missing.jsonl"}, nil, &out, &errOut); code != 2 {
		t.Fatalf("missing file: exit %d", code)
	}
}
