package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// "conductor faction validate": the samples are valid; a broken file gets
// every problem as FILE:LINE: what to fix, and exit 1.
func TestFactionValidate(t *testing.T) {
	samples, _ := filepath.Glob("../../data/factions/*.toml")
	var out, errOut bytes.Buffer
	if code := run(append([]string{"faction", "validate"}, samples...), nil, &out, &errOut); code != 0 || len(samples) < 2 {
		t.Fatalf("samples: exit %d %s %s", code, out.String(), errOut.String())
	}
	src, _ := os.ReadFile(samples[0])
	bad := filepath.Join(t.TempDir(), "bad.toml")
	os.WriteFile(bad, bytes.Replace(src, []byte(`level = "regular"`), []byte(`level = "boss"`), 1), 0o644)
	out.Reset()
	if code := run([]string{"faction", "validate", bad}, nil, &out, &errOut); code != 1 || !strings.Contains(out.String(), bad+":") || !strings.Contains(out.String(), "“boss”") {
		t.Fatalf("broken file: exit %d %q", code, out.String())
	}
	if code := run([]string{"faction"}, nil, &out, &errOut); code != 2 {
		t.Fatalf("no file: exit %d", code)
	}
}
