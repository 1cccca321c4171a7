package main

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// Each way the store can fail to open gets its own translated message.
func TestOpenErrorMessage(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.db")
	os.WriteFile(corrupt, []byte("this is a shopping list, not a database"), 0o600)
	foreign := filepath.Join(dir, "foreign.db")
	makeForeignDB(t, foreign)
	held := filepath.Join(dir, "held.db")
	s, err := data.Open(held)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	cases := []struct {
		name string
		path string
		err  error
		id   string
	}{
		{"second copy", held, nil, "ui.error.locked"},
		{"not a database", corrupt, nil, "ui.error.corrupt"},
		{"another program's database", foreign, nil, "ui.error.foreign"},
		{"newer version", "x.db", fmt.Errorf("open: %w", &data.NewerError{Found: 9, Supported: 1}), "ui.error.newer"},
		{"anything else", "x.db", errors.New("permission denied"), "ui.error.open"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.err
			if err == nil {
				_, err = data.Open(c.path)
				if err == nil {
					t.Fatal("opened")
				}
			}
			id, args := openErrorMessage(c.path, err)
			if id != c.id {
				t.Fatalf("%v gave %s, want %s", err, id, c.id)
			}
			for _, l := range translations.Languages {
				if got := translations.New(l.Tag).T(id, args); got == id || len(got) < 20 {
					t.Fatalf("%s: %q", l.Tag, got)
				}
			}
		})
	}
}

// makeForeignDB writes a SQLite database that some other program made.
func makeForeignDB(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE recipes (name TEXT)`); err != nil {
		t.Fatal(err)
	}
}
