package ui

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/data"
)

// Closing and reopening the app brings the game back exactly as it was,
// undo history and language included, through the real SQLite store.
func TestResumeAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	store, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	u := New(test.NewTempApp(t), store, "en")
	startGame(t, u, "3", []string{"20", "25", "15"}, "18")
	tapChoice(t, u)
	test.Tap(u.table.eventButtons["ui.events.roll_1d6"])
	tapChoice(t, u)
	test.Tap(u.table.undo)
	u.SetLanguage("es")
	want, _ := json.Marshal(u.sess.game.State())
	records := len(u.sess.game.Records())
	store.Close()

	store, err = data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	u2 := New(test.NewTempApp(t), store, "en")
	if u2.sess == nil {
		t.Fatal("the last game was not reopened")
	}
	got, _ := json.Marshal(u2.sess.game.State())
	if string(got) != string(want) {
		t.Fatalf("state after restart:\n%s\nwant\n%s", got, want)
	}
	if len(u2.sess.game.Records()) != records || u2.tr.Lang != "es" || u2.table.undo.Disabled() {
		t.Fatalf("records %d (want %d), language %s", len(u2.sess.game.Records()), records, u2.tr.Lang)
	}
	if u2.newGameDialog != nil {
		t.Fatal("the New game dialog opened over a resumed game")
	}
	// Undo after the restart takes back the scenario roll made before it.
	test.Tap(u2.table.undo)
	if s := u2.sess.game.State(); s.Rolls != 0 || s.Turn != 1 {
		t.Fatalf("undo after restart: %+v", s)
	}
}
