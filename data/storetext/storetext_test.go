package storetext

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// Every error of the store is worded in both languages from its own
// message, never as the store's English text.
func TestErrorWordsEveryStoreError(t *testing.T) {
	refused := engine.Refuse("rule.undo.nothing", nil)
	cases := []struct {
		name string
		err  error
		id   string
		args map[string]any
	}{
		{"not an export", data.ErrNotExport, "ui.import.not_export", nil},
		{"not an export, wrapped", fmt.Errorf("reading: %w", data.ErrNotExport), "ui.import.not_export", nil},
		{"newer", &data.ExportNewerError{Found: 9, Supported: 3}, "ui.import.newer", map[string]any{"Found": 9, "Supported": 3}},
		{"damaged", fmt.Errorf("%w: cut short", data.ErrExportDamaged), "ui.import.damaged", map[string]any{"Detail": "the export file is damaged: cut short"}},
		{"exists", &data.ExistsError{Names: []string{"Ana", "Beto"}}, "cli.import.exists", map[string]any{"Names": "Ana, Beto"}},
		{"empty name", data.ErrEmptyName, "ui.saves.name_empty", nil},
		{"other", errors.New("disk full"), "ui.error.save", map[string]any{"Detail": "disk full"}},
	}
	for _, lang := range []string{"en", "es"} {
		tr := translations.New(lang)
		for _, c := range cases {
			t.Run(lang+"/"+c.name, func(t *testing.T) {
				got := Error(tr, c.err)
				if want := tr.T(c.id, c.args); got != want {
					t.Fatalf("Error = %q, want %q", got, want)
				}
				if got == c.err.Error() {
					t.Fatalf("Error gave the store's own text %q", got)
				}
			})
		}
		t.Run(lang+"/replay", func(t *testing.T) {
			got := Error(tr, &data.ReplayError{Game: "Ana", Seq: 4, Err: refused})
			want := tr.T("ui.import.replay", map[string]any{"Game": "Ana", "Seq": 4, "Detail": tr.T("rule.undo.nothing", nil)})
			if got != want {
				t.Fatalf("Error = %q, want %q", got, want)
			}
		})
	}
}

// A setup's problems are each worded; a refused event by its rule.
func TestDetail(t *testing.T) {
	tr := translations.New("en")
	setup := engine.SetupErrors{{Field: "a", ID: "ui.saves.name_empty"}, {Field: "b", ID: "ui.import.not_export"}}
	if got, want := Detail(tr, setup), tr.T("ui.saves.name_empty", nil)+"; "+tr.T("ui.import.not_export", nil); got != want {
		t.Fatalf("Detail = %q, want %q", got, want)
	}
	if got := Detail(tr, engine.Refuse("rule.undo.nothing", nil)); strings.HasPrefix(got, "rule.") {
		t.Fatalf("Detail left the id %q", got)
	}
}
