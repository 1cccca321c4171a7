package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// The command line words the store's errors as the windows do: one
// wording (data/storetext), in both languages.
func TestImportErrorWordedAsTheWindows(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "other.json")
	if err := os.WriteFile(file, []byte(`{"format":"someone else"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "es"} {
		tr := translations.New(lang)
		var out, errOut bytes.Buffer
		if code := runImport([]string{"--db", filepath.Join(dir, lang+".db"), file}, &out, &errOut, tr); code != 1 {
			t.Fatalf("%s: exit %d, stderr %q", lang, code, errOut.String())
		}
		if got, want := strings.TrimSpace(errOut.String()), ui.LibraryError(tr, data.ErrNotExport); got != want {
			t.Fatalf("%s: the command line says %q, the windows %q", lang, got, want)
		}
	}
}
