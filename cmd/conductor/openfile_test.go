package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// writeSave writes an export of one short DUN game and returns its path.
func writeSave(t *testing.T, dir string) string {
	t.Helper()
	s, err := data.Open(filepath.Join(dir, "source.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, _ := dun.NewGame(dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	id, err := s.CreateGame("Tuesday", g)
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Apply(&dun.NewTurn{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Append(id, r, g.Summary()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "Tuesday.dunsave")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := s.ExportGame(id, f); err != nil {
		t.Fatal(err)
	}
	return path
}

func gameCount(t *testing.T, s *data.Store) int {
	t.Helper()
	games, err := s.Games()
	if err != nil {
		t.Fatal(err)
	}
	return len(games)
}

// Opening the app with a save offers its import: Import adds it; a second
// time it asks for copies or a replacement; Cancel (or closing the window)
// writes nothing. Each way the main window is told once.
func TestOfferImport(t *testing.T) {
	dir := t.TempDir()
	save := writeSave(t, dir)
	store, err := data.Open(filepath.Join(dir, "mine.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	a := test.NewTempApp(t)
	var outcomes []importOutcome
	offer := func() *importOffer {
		return offerImport(a, store, save, "en", func(o importOutcome) { outcomes = append(outcomes, o) })
	}

	o := offer()
	if !strings.Contains(o.win.Title(), "Import") || o.importButton.Text != "Import" {
		t.Fatalf("offer window %q", o.win.Title())
	}
	test.Tap(o.cancelButton)
	if len(outcomes) != 1 || outcomes[0].imported || outcomes[0].err != nil || gameCount(t, store) != 0 {
		t.Fatalf("cancel: %+v, %d games", outcomes, gameCount(t, store))
	}

	o = offer()
	test.Tap(o.importButton)
	if len(outcomes) != 2 || !outcomes[1].imported || len(outcomes[1].result.Games) != 1 || gameCount(t, store) != 1 {
		t.Fatalf("import: %+v, %d games", outcomes, gameCount(t, store))
	}

	o = offer()
	test.Tap(o.importButton) // already here: it asks, writes nothing
	if len(outcomes) != 2 || o.copyButton == nil || gameCount(t, store) != 1 {
		t.Fatalf("already here: %+v, %d games", outcomes, gameCount(t, store))
	}
	test.Tap(o.copyButton)
	if len(outcomes) != 3 || !outcomes[2].imported || gameCount(t, store) != 2 {
		t.Fatalf("as a copy: %+v, %d games", outcomes, gameCount(t, store))
	}
	test.Tap(o.copyButton) // the window is done: nothing more happens
	if len(outcomes) != 3 || gameCount(t, store) != 2 {
		t.Fatalf("after the end: %d outcomes, %d games", len(outcomes), gameCount(t, store))
	}

	o = offer()
	o.decline() // the window's close button (its intercept): like Cancel
	if len(outcomes) != 4 || outcomes[3].imported || gameCount(t, store) != 2 {
		t.Fatalf("closed: %+v", outcomes[3:])
	}
}

// A file that is no save, or cannot be read, is reported in the main
// window's language, and nothing is written.
func TestOfferImportProblems(t *testing.T) {
	dir := t.TempDir()
	store, err := data.Open(filepath.Join(dir, "mine.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	notSave := filepath.Join(dir, "shopping.dunsave")
	os.WriteFile(notSave, []byte("eggs, milk"), 0o644)
	a := test.NewTempApp(t)
	for file, want := range map[string]string{
		notSave:                         "no es una partida",
		filepath.Join(dir, "gone.json"): "No se puede leer",
	} {
		var got importOutcome
		o := offerImport(a, store, file, "es", func(out importOutcome) { got = out })
		if o.importButton.Text != "Importar" {
			t.Fatalf("button %q", o.importButton.Text)
		}
		test.Tap(o.importButton)
		if msg := importProblem(translations.New("es"), got.err); got.imported || got.err == nil || !strings.Contains(msg, want) {
			t.Fatalf("%s: %+v %q", file, got, msg)
		}
	}
	if gameCount(t, store) != 0 {
		t.Fatal("something was imported")
	}
}

// TestWriteSampleSave writes a save file for scripts/check-install.sh, which
// opens the installed app with it: CONDUCTOR_SAMPLE_SAVE names the file.
func TestWriteSampleSave(t *testing.T) {
	path := os.Getenv("CONDUCTOR_SAMPLE_SAVE")
	if path == "" {
		t.Skip("CONDUCTOR_SAMPLE_SAVE is not set")
	}
	content, err := os.ReadFile(writeSave(t, t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
}
