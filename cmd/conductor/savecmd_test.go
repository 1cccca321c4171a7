package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/data"
)

// export → replay → import, and an import of what is already there.
func TestExportReplayImport(t *testing.T) {
	dir := t.TempDir()
	db, other, file := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db"), filepath.Join(dir, "game.dunsave")
	s, err := data.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	setup := dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}
	g, _ := dun.NewGame(setup)
	id, _ := s.CreateGame("Tuesday", g)
	for _, e := range []dun.Event{&dun.NewTurn{}, &dun.ReserveSpent{Amount: 4, Reason: "spawn_paid"}, &dun.Undo{}, &dun.NewTurn{}} {
		r, err := g.Apply(e)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Append(id, r, g.Summary()); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()

	var out, errOut bytes.Buffer
	if code := run([]string{"export", "--db", db, "--game", "1", file}, nil, &out, &errOut); code != 0 {
		t.Fatalf("export: %d %s", code, errOut.String())
	}
	out.Reset()
	if code := run([]string{"replay", file}, nil, &out, &errOut); code != 0 {
		t.Fatalf("replay: %d %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var last struct {
		State dun.State `json:"state"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil || len(lines) != 4 || last.State.Turn != 2 || last.State.Reserve != 30 {
		t.Fatalf("%d lines, last %+v %v", len(lines), last, err)
	}
	out.Reset()
	if code := run([]string{"replay", "--db", db, "1"}, nil, &out, &errOut); code != 0 || strings.Count(out.String(), "\n") != 4 {
		t.Fatalf("replay from the database: %d %q", code, out.String())
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"import", "--db", other, file}, 0, "Imported. Games: 1; campaigns: 0."},
		{[]string{"import", "--db", other, file}, 1, "already in the database"},
		{[]string{"import", "--db", other, "--as-copy", file}, 0, "Imported. Games: 1; campaigns: 0."},
		{[]string{"import", "--db", other, "--as-copy", "--replace", file}, 2, "Usage"},
		{[]string{"export", "--db", db, file}, 2, "Usage"},
	} {
		out.Reset()
		errOut.Reset()
		if code := run(c.args, nil, &out, &errOut); code != c.code || !strings.Contains(out.String()+errOut.String(), c.want) {
			t.Fatalf("%v: exit %d, %q %q", c.args, code, out.String(), errOut.String())
		}
	}
}
