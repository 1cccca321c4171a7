package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/translations"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Each testdata/*.jsonl script is run; its stdout, exit status and stderr must
// match testdata/*.golden. Run `go test ./cmd/conductor -update` after a
// deliberate change, and read the diff.
func TestScriptGolden(t *testing.T) {
	scripts, _ := filepath.Glob("testdata/*.jsonl")
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
			code := runScript(bytes.NewReader(in), &out, &errOut, translations.New("en"))
			got := fmt.Sprintf("%s--- exit %d\n%s", out.String(), code, errOut.String())
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

// The contract's exit statuses and the line an invalid input names.
func TestScriptExitStatus(t *testing.T) {
	cases := []struct {
		file     string
		code     int
		stderrIn string
	}{
		{"turns.jsonl", 0, ""},
		{"rejected.jsonl", 1, ""},
		{"bad_event.jsonl", 2, "Line 3:"},
		{"bad_json.jsonl", 2, "Line 3:"},
		{"bad_setup.jsonl", 2, "Line 1:"},
		{"no_setup.jsonl", 2, "Line 1:"},
		{"unknown_setup_field.jsonl", 2, "difficulty"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run([]string{"script", filepath.Join("testdata", c.file)}, nil, &out, &errOut)
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
