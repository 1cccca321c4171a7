package ui

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/data"
)

func realStore(t *testing.T) *data.Store {
	t.Helper()
	s, err := data.Open(filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// tapInDialog taps the button of the top dialog whose label starts with prefix.
func tapInDialog(t *testing.T, u *UI, prefix string) {
	t.Helper()
	var found *widget.Button
	walkVisible(u.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && found == nil && strings.HasPrefix(b.Text, prefix) {
			found = b
		}
	})
	if found == nil {
		t.Fatalf("no %q in the dialog: %q", prefix, visibleTexts(u.win))
	}
	test.Tap(found)
}

func TestSavedGamesScreen(t *testing.T) {
	store := realStore(t)
	for _, name := range []string{"Monday's delve", "Friday's crypt"} {
		if _, err := store.CreateGame(name, dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}); err != nil {
			t.Fatal(err)
		}
	}
	u := New(test.NewTempApp(t), store, "en")
	if u.sess != nil {
		t.Fatal("a game opened without a last game")
	}
	if u.newGameDialog != nil {
		t.Fatal("the New game dialog opened over saved games")
	}
	for _, want := range []string{"Monday's delve", "Friday's crypt", "free play · turn 0 · reserve 30", "Continue: Friday's crypt"} {
		if !hasText(u.win, want) {
			t.Fatalf("%q not on the saved-games screen: %q", want, textsIn(u.win))
		}
	}
	test.Tap(button(t, u, "Duplicate"))
	if games, _ := store.Games(); len(games) != 3 || !strings.HasSuffix(games[0].Name, "(another try)") {
		t.Fatalf("after duplicate: %+v", games)
	}
	test.Tap(button(t, u, "Delete"))
	tapInDialog(t, u, "Yes")
	if games, _ := store.Games(); len(games) != 2 {
		t.Fatalf("%d games after a delete", len(games))
	}
	test.Tap(button(t, u, "Continue:"))
	if u.sess == nil || u.table == nil {
		t.Fatal("continue did not open the game")
	}
	test.Tap(button(t, u, "Saved games"))
	if u.sess != nil || !hasText(u.win, "Continue:") {
		t.Fatal("the saved-games button did not come back")
	}
}

// A campaign: its party feeds a new game, which belongs to it; a quest's
// result is recorded and shown in its history.
func TestCampaignFlow(t *testing.T) {
	store := realStore(t)
	u := New(test.NewTempApp(t), store, "en")
	closeNewGame(u)
	test.Tap(button(t, u, "Campaigns"))
	test.Tap(button(t, u, "New campaign"))
	u.heroName.SetText("The Grey Company")
	rows := u.heroRows
	rows.name[0].SetText("Aldric")
	rows.class[0].SetText("Knight")
	rows.vp[0].SetText("32")
	rows.name[1].SetText("Ysolde")
	rows.class[1].SetText("Wizard")
	rows.vp[1].SetText("28")
	tapInDialog(t, u, "Save")
	if !hasText(u.win, "The party (group VP 60)") || !hasText(u.win, "Aldric (Knight, 32 VP, 0 gold)") {
		t.Fatalf("campaign page: %q", textsIn(u.win))
	}
	test.Tap(button(t, u, "New game with this party"))
	if u.newGame.heroVP[0].Text != "32" || u.newGame.heroVP[1].Text != "28" {
		t.Fatal("the party's VP were not filled in")
	}
	test.Tap(startButton(t, u))
	games, _ := store.Games()
	if len(games) != 1 || games[0].CampaignName != "The Grey Company" || u.sess == nil {
		t.Fatalf("games %+v", games)
	}
	u.showCampaigns()
	test.Tap(button(t, u, "Open"))
	test.Tap(button(t, u, "Record a quest's result"))
	u.heroRows.vp[0].SetText("35")
	u.heroRows.gold[0].SetText("12")
	tapInDialog(t, u, "Save")
	cps, _ := store.Campaigns()
	if len(cps) != 1 || len(cps[0].Entries) != 1 || cps[0].Heroes[0].VP != 35 || cps[0].Entries[0].Outcome != data.OutcomeWon {
		t.Fatalf("campaign %+v", cps)
	}
	if !hasText(u.win, "won") || !hasText(u.win, "Aldric (Knight, 35 VP, 12 gold)") {
		t.Fatalf("history not shown: %q", textsIn(u.win))
	}
}

func TestCampaignRefusesBadParty(t *testing.T) {
	store := realStore(t)
	u := New(test.NewTempApp(t), store, "en")
	closeNewGame(u)
	u.showCampaigns()
	test.Tap(button(t, u, "New campaign"))
	u.heroName.SetText("Nameless")
	u.heroRows.vp[0].SetText("lots")
	tapInDialog(t, u, "Save")
	if cps, _ := store.Campaigns(); len(cps) != 0 {
		t.Fatal("a bad party was saved")
	}
	if !strings.Contains(textsIn(u.win), "Hero 1 needs a name.") {
		t.Fatalf("no message: %q", textsIn(u.win))
	}
}

// Importing a save that is already here asks first; nothing is overwritten.
func TestImportAsksBeforeOverwriting(t *testing.T) {
	store := realStore(t)
	id, _ := store.CreateGame("Original", dun.Setup{Heroes: 1, GroupVP: 20, LeaderVP: 5})
	var buf bytes.Buffer
	if err := store.ExportGame(id, &buf); err != nil {
		t.Fatal(err)
	}
	u := New(test.NewTempApp(t), store, "en")
	closeNewGame(u)
	u.importSaveData(buf.Bytes(), data.ImportRefuseExisting)
	if games, _ := store.Games(); len(games) != 1 || u.importDialog == nil {
		t.Fatal("the import did not stop to ask")
	}
	tapInDialog(t, u, "Import as copies")
	if games, _ := store.Games(); len(games) != 2 {
		t.Fatalf("%d games after importing a copy", len(games))
	}
	u.importSaveData([]byte(`{"format":"something-else"}`), data.ImportRefuseExisting)
	if !strings.Contains(u.savesNotice.Text, "not a Conductor save") {
		t.Fatalf("notice %q", u.savesNotice.Text)
	}
}

// replayFails makes LoadGame report a save that no longer replays.
type replayFails struct{ *data.Store }

func (r replayFails) LoadGame(id int64) (*dun.Game, error) {
	g, err := r.Store.LoadGame(id)
	if err != nil {
		return nil, err
	}
	return g, &data.ReplayError{Game: "x", Seq: 2, Err: errors.New("reserve too low")}
}

func TestReadOnlySave(t *testing.T) {
	store := realStore(t)
	id, _ := store.CreateGame("Old rules", dun.Setup{Heroes: 1, GroupVP: 20, LeaderVP: 5})
	u := New(test.NewTempApp(t), replayFails{store}, "en")
	closeNewGame(u)
	u.openGame(id)
	if u.sess == nil || u.sess.readOnly == "" || !hasText(u.win, "no longer replays under the current rules (step 2") {
		t.Fatalf("read-only banner missing: %q", textsIn(u.win))
	}
	tapChoice(t, u)
	if u.sess.game.State().Turn != 0 || !strings.Contains(u.table.notice.Text, "read-only") {
		t.Fatalf("a read-only save changed: notice %q", u.table.notice.Text)
	}
}

// closeNewGame closes the New game dialog if it opened by itself.
func closeNewGame(u *UI) {
	if u.newGameDialog != nil {
		u.newGameDialog.Hide()
	}
}
