package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// A file or folder the store cannot write gets its own message, in every
// language, naming the file and saying what to do (not SQLite's words).
func TestOpenErrorMessageReadOnly(t *testing.T) {
	err := fmt.Errorf("open: %w: /x/conductor.db: the file is read-only (permission denied)", data.ErrReadOnly)
	id, args := openErrorMessage("/x/conductor.db", err)
	if id != "ui.error.readonly" {
		t.Fatalf("%v gave %s, want ui.error.readonly", err, id)
	}
	for _, l := range translations.Languages {
		got := translations.New(l.Tag).T(id, args)
		if got == id || !strings.Contains(got, "/x/conductor.db") || !strings.Contains(got, "--db") {
			t.Fatalf("%s: %q", l.Tag, got)
		}
	}
	// The notice for an empty file exists in every language too.
	for _, l := range translations.Languages {
		if got := translations.New(l.Tag).T("ui.notice.empty_db", map[string]any{"Path": "/x/c.db"}); !strings.Contains(got, "/x/c.db") {
			t.Fatalf("%s: %q", l.Tag, got)
		}
	}
}
