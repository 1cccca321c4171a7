package ui

import (
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// Fyne's own dialogs speak the app's language, switched live, whatever the
// system's locale (the tests run in English).
func TestFyneSpeaksTheAppsLanguage(t *testing.T) {
	u := New(test.NewTempApp(t), uitest.NewMemStore(), "es")
	for _, tc := range []struct{ lang, id, want string }{
		{"es", "Cancel", "Cancelar"},
		{"es", "Enter filename", "Escribe un nombre de archivo"},
		{"es", "file.name", "Nombre"},
		{"en", "Cancel", "Cancel"},
		{"en", "Enter filename", "Enter a file name"},
	} {
		u.SetLanguage(tc.lang)
		if got := lang.L(tc.id); got != tc.want {
			t.Errorf("%s: Fyne's %q is %q, want %q", tc.lang, tc.id, got, tc.want)
		}
	}
}

// The window's title names the game open, in the language chosen.
func TestWindowTitleNamesTheGame(t *testing.T) {
	store := realStore(t)
	id, _ := store.CreateGame("A toy", newToy(t, toySetup{Count: 15}))
	u := New(test.NewTempApp(t), store, "en")
	u.openGame(id)
	if got := u.win.Title(); got != "Conductor · Toy" {
		t.Fatalf("title %q", got)
	}
}
