package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// "conductor dragon-canyon validate": a good deck list gets one OK line and
// exit 0; a bad one every problem as FILE:LINE: what to fix, in the
// language of the locale, and exit 1; a wrong command line its usage on
// standard error and exit 2.
func TestDragonCanyonValidate(t *testing.T) {
	good, bad, empty := "testdata/dc_decks_good.txt", "testdata/dc_decks_bad.txt", "testdata/dc_decks_empty.txt"
	big := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(big, []byte(strings.Repeat("# padding\n", maxDeckList/10+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, lang string
		args       []string
		code       int
		out        string // the whole standard output
		errOut     string // what standard error starts with
	}{
		{name: "good", lang: "en", args: []string{good}, code: 0,
			out: good + ": valid (4 buildings; action cards: 5; Force cards: 4).\n"},
		{name: "good, Spanish", lang: "es", args: []string{good}, code: 0,
			out: good + ": válida (4 edificios; cartas de acción: 5; cartas de Fuerza: 4).\n"},
		{name: "bad", lang: "en", args: []string{bad}, code: 1, out: strings.Join([]string{
			bad + ":3: Building “guard_tower” is already listed on line 2.",
			bad + ":4: tile=5,1: give row,col from 1,1 to 4,4.",
			bad + ":5: Give the tie-break as tiebreak=up|down|left|right,cw|acw.",
			bad + ":5: Say fight or dragon (Move Dragon).",
			bad + ":6: strength=99: give a whole number from -9 to 20.",
			bad + ":7: “strength=” is missing.",
			bad + ":8: “castle”: a line starts with building, action or force.",
			bad + ":9: count=41: give a whole number from 1 to 40.",
			bad + ":9: “colour” is not understood here.",
			bad + ":5: build=market: no such building is listed.",
		}, "\n") + "\n"},
		{name: "bad, Spanish", lang: "es", args: []string{bad}, code: 1},
		{name: "no buildings", lang: "en", args: []string{empty}, code: 1,
			out: empty + ":0: List the buildings in play (a line “building ID \"Name\" stack=N vp=N”).\n"},
		{name: "good and bad", lang: "en", args: []string{"validate", good, empty}, code: 1},
		{name: "missing", lang: "en", args: []string{"testdata/dc_decks_nowhere.txt"}, code: 1},
		{name: "a folder", lang: "en", args: []string{"testdata"}, code: 1,
			out: "testdata:0: cannot read the file: not a regular file\n"},
		{name: "too big", lang: "en", args: []string{big}, code: 1},
		{name: "no file", lang: "en", args: []string{}, code: 2, errOut: "Usage: conductor dragon-canyon validate FILE"},
		{name: "no verb", lang: "en", args: nil, code: 2, errOut: "Usage: conductor dragon-canyon validate FILE"},
		{name: "an unknown option", lang: "es", args: []string{"--strict", good}, code: 2, errOut: "Uso: conductor dragon-canyon validate ARCHIVO"},
		{name: "a file after --", lang: "en", args: []string{"--", good}, code: 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"dragon-canyon", "validate"}
			switch {
			case c.name == "no verb":
				args = args[:1]
			case len(c.args) > 0 && c.args[0] == "validate":
				args = append(args[:1], c.args...)
			default:
				args = append(args, c.args...)
			}
			code, out, errOut := runIn(t, c.lang, args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stdout %q, stderr %q", code, c.code, out, errOut)
			}
			if c.out != "" && out != c.out {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, c.out)
			}
			if !strings.HasPrefix(errOut, c.errOut) || c.errOut == "" && errOut != "" {
				t.Errorf("stderr %q, want it to start with %q", errOut, c.errOut)
			}
			if c.code == 1 {
				for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
					if strings.Contains(line, "valid (") {
						continue
					}
					file, rest, ok := strings.Cut(line, ":")
					num, msg, ok2 := strings.Cut(rest, ": ")
					if !ok || !ok2 || file == "" || strings.Trim(num, "0123456789") != "" || msg == "" || strings.Contains(msg, "setup.dc.") || strings.Contains(msg, "cli.dc.") {
						t.Errorf("not FILE:LINE: message: %q", line)
					}
				}
			}
		})
	}
}
