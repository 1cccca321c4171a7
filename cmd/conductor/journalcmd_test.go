package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/data"
)

// tombDB is a saves file with the Tomb as ui/journal/testdata/tomb.jsonl
// plays it (every step just now: one sitting), and the game's id.
func tombDB(t *testing.T) (string, int64) {
	t.Helper()
	b, err := os.ReadFile("../../ui/journal/testdata/tomb.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<22)
	sc.Scan()
	var head struct {
		Setup   json.RawMessage `json:"setup"`
		Content string          `json:"content"`
	}
	if err := json.Unmarshal(sc.Bytes(), &head); err != nil {
		t.Fatal(err)
	}
	g, err := dun.Module.Resume(head.Setup, []byte(head.Content), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "saves.db")
	store, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	id, err := store.CreateGame("Tuesday's Tomb", g)
	if err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
		e, err := dun.DecodeEvent(sc.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		r, err := g.Apply(e)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.Append(id, r, g.Summary()); err != nil {
			t.Fatal(err)
		}
	}
	return path, id
}

// conductor journal writes the HTML page and the Markdown file of a saved
// game, the players' version unless --conductor; wrong arguments get the
// usage, an unknown game says so, and neither leaves a file.
func TestJournalCommand(t *testing.T) {
	db, id := tombDB(t)
	dir := t.TempDir()
	tests := []struct {
		name      string
		args      []string
		code      int
		says      string
		has, hasn string // in the HTML written
	}{
		{"players", []string{"--db", db, "--game", strconv.FormatInt(id, 10), filepath.Join(dir, "players.html")}, 0, "players.md", "Gatehouse", "The dead feel the old seal break"},
		{"conductor", []string{"--db", db, "--game", strconv.FormatInt(id, 10), "--conductor", filepath.Join(dir, "conductor.html")}, 0, "conductor.md", "The dead feel the old seal break", ""},
		{"no game", []string{"--db", db, "--game", "999", filepath.Join(dir, "none.html")}, 1, "no game 999", "", ""},
		{"no output", []string{"--db", db, "--game", "1"}, 2, "Usage: conductor journal", "", ""},
		// Without an id, the saved games are listed with theirs.
		{"which games", []string{"--db", db}, 0, "1 saved game (give its number to --game):\n  " + strconv.FormatInt(id, 10) + "  ", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(append([]string{"journal"}, tc.args...), strings.NewReader(""), &out, &errOut)
			if code != tc.code || !strings.Contains(out.String()+errOut.String(), tc.says) {
				t.Fatalf("exit %d, said %q %q", code, out.String(), errOut.String())
			}
			if tc.code != 0 || tc.name == "which games" {
				if files, _ := os.ReadDir(dir); len(files) > 0 && tc.name == "no game" {
					for _, f := range files {
						if strings.HasPrefix(f.Name(), "none") {
							t.Fatalf("left %s", f.Name())
						}
					}
				}
				return
			}
			html, err := os.ReadFile(tc.args[len(tc.args)-1])
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(html), tc.has) || tc.hasn != "" && strings.Contains(string(html), tc.hasn) {
				t.Fatalf("the page has %q: %v, %q: %v", tc.has, strings.Contains(string(html), tc.has), tc.hasn, strings.Contains(string(html), tc.hasn))
			}
		})
	}
}
