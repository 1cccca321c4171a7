package dunui

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/dun/questedit"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// quickDrafts makes the drafts' delay short for a test.
func quickDrafts(t *testing.T) {
	old := draftDelay
	draftDelay = 40 * time.Millisecond
	t.Cleanup(func() { draftDelay = old })
}

// openStoreAt opens the saves database at path, closed when the test ends
// unless the test closed it first.
func openStoreAt(t *testing.T, path string) *data.Store {
	t.Helper()
	s, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// waitDraft waits, as long as a Conductor would at most lose, for the
// draft of kind and key to be want.
func waitDraft(t *testing.T, s *data.Store, kind, key string, want []byte) {
	t.Helper()
	deadline := time.Now().Add(draftDelay + 2*time.Second)
	for {
		body, _, ok, err := s.Draft(kind, key)
		if err != nil {
			t.Fatal(err)
		}
		if ok && bytes.Equal(body, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the draft after %v is %q (kept %v), want\n%s", draftDelay, body, ok, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A new quest being drawn is kept as a draft without any close hook: the
// app killed (the store left as it was, no window closed) and started
// again, New quest… offers the work back by its title, and Restore opens
// the editor on all of it; Discard on closing forgets it.
func TestQuestDraftOutlivesAKill(t *testing.T) {
	quickDrafts(t)
	path := filepath.Join(t.TempDir(), "games.db")
	store := openStoreAt(t, path)
	u := newTestUI(t, store)
	var ed *questedit.Editor
	u.d.newGame.editQuest(nil, func(e *questedit.Editor) { ed = e })
	if ed == nil {
		t.Fatal("no draft, yet the editor did not open at once")
	}
	doc := ed.Doc()
	if err := doc.SetQuestInfo(quest.Text{"en": "Rats in the Cellar", "es": "Ratas en la bodega"}, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := doc.AddSection("room", 2, 2, 3, 3); err != nil {
		t.Fatal(err)
	}
	ed.Refresh()
	want, _ := doc.TOML()
	waitDraft(t, store, content.KindQuest, draftNew, want)
	store.Close() // the kill: nothing of the editor's runs

	store = openStoreAt(t, path)
	u = newTestUI(t, store)
	test.Tap(u.button(t, "New quest…"))
	offer := "You have unsaved work on the quest “Rats in the Cellar” from "
	if !u.hasText(offer) {
		t.Fatalf("no offer: %q", u.texts())
	}
	u.win.Canvas().Overlays().Top().Hide() // the button asks; the test asks again to get the editor
	ed = nil
	u.d.newGame.editQuest(nil, func(e *questedit.Editor) { ed = e })
	if !u.hasText(offer) || ed != nil {
		t.Fatalf("the editor opened before the answer: %q", u.texts())
	}
	uitest.TapInDialog(t, u.win, "Restore")
	if ed == nil {
		t.Fatal("Restore opened no editor")
	}
	if got, _ := ed.Doc().TOML(); !bytes.Equal(got, want) || !ed.Unsaved() {
		t.Fatalf("restored (unsaved %v):\n%s\nwant\n%s", ed.Unsaved(), got, want)
	}
	ed.RequestClose()
	if !uitest.HasText(edWindow(t), "The changes to the quest “Rats in the Cellar” are not saved") {
		t.Fatalf("closing does not ask: %q", uitest.VisibleTexts(edWindow(t)))
	}
	uitest.TapInDialog(t, edWindow(t), "Discard")
	if _, _, ok, _ := store.Draft(content.KindQuest, draftNew); ok {
		t.Fatal("the discarded work is still kept")
	}
}

// edWindow is the quest editor's window.
func edWindow(t *testing.T) fyne.Window {
	t.Helper()
	for _, w := range fyne.CurrentApp().Driver().AllWindows() {
		if w.Title() == translations.New("en").T("ui.questedit.title", nil) {
			return w
		}
	}
	t.Fatal("no quest editor window")
	return nil
}

// A faction typed into the form, problems and all, is kept as a draft
// without any close hook; after a kill, New faction… offers it back by
// its name and Restore gives the text as it was typed; saved, the draft
// goes.
func TestFactionDraftOutlivesAKill(t *testing.T) {
	quickDrafts(t)
	path := filepath.Join(t.TempDir(), "games.db")
	store := openStoreAt(t, path)
	u := newTestUI(t, store)
	test.Tap(u.button(t, "New faction…"))
	typed := "id = \"kobolds\"\nname = { en = \"Kobolds\", es = \"Kóbolds\" }\n\n[[creatures]]\nid = \"kobold\"\n"
	u.d.newGame.factionText.SetText(typed)
	waitDraft(t, store, content.KindFaction, draftNew, []byte(typed))
	store.Close()

	store = openStoreAt(t, path)
	u = newTestUI(t, store)
	test.Tap(u.button(t, "New faction…"))
	if !u.hasText("You have unsaved work on the faction “Kobolds” from ") {
		t.Fatalf("no offer: %q", u.texts())
	}
	uitest.TapInDialog(t, u.win, "Restore")
	if got := u.d.newGame.factionText.Text; got != typed {
		t.Fatalf("restored:\n%s\nwant\n%s", got, typed)
	}
	files, _ := data.BuiltinFactionFiles()
	good := strings.Replace(string(files[0].Data), "\nid = \"", "\nid = \"kobolds-", 1)
	u.d.newGame.factionText.SetText(good)
	test.Tap(u.button(t, "Save and choose it"))
	if _, _, ok, _ := store.Draft(content.KindFaction, draftNew); ok {
		t.Fatal("a saved faction's draft is still kept")
	}
	if f := u.form().faction(); f == nil || !strings.HasPrefix(f.ID, "kobolds-") {
		t.Fatalf("not chosen: %+v", f)
	}
}

// Discard at the offer forgets the draft and opens what was saved.
func TestDiscardTheOffer(t *testing.T) {
	quickDrafts(t)
	store := openStoreAt(t, filepath.Join(t.TempDir(), "games.db"))
	if err := store.SaveDraft(content.KindFaction, draftNew, []byte("not toml at all [")); err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t, store)
	test.Tap(u.button(t, "New faction…"))
	if !u.hasText("You have unsaved work on a new faction from ") {
		t.Fatalf("no offer: %q", u.texts())
	}
	uitest.TapInDialog(t, u.win, "Discard")
	if _, _, ok, _ := store.Draft(content.KindFaction, draftNew); ok {
		t.Fatal("the discarded draft is still kept")
	}
	if got := u.d.newGame.factionText.Text; strings.Contains(got, "not toml") || !strings.Contains(got, "[[spawn]]") {
		t.Fatalf("the form opened on\n%s", got)
	}
}

// A quest draft that cannot be read (a file broken outside the app) is
// offered, and Restore says so in words, opens no editor and keeps the
// draft as it was: nothing is lost or silently changed.
func TestUnreadableQuestDraft(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	store := openStoreAt(t, path)
	broken := []byte("title = { en = \"Half a quest\"\n[[sections]\nid = ")
	if err := store.SaveDraft(content.KindQuest, draftNew, broken); err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t, store)
	var ed *questedit.Editor
	u.d.newGame.editQuest(nil, func(e *questedit.Editor) { ed = e })
	uitest.TapInDialog(t, u.win, "Restore")
	if ed != nil {
		t.Fatal("an editor opened on an unreadable draft")
	}
	if !u.hasText("The unsaved work could not be opened") {
		t.Fatalf("no message: %q", u.texts())
	}
	body, _, ok, err := store.Draft(content.KindQuest, draftNew)
	if err != nil || !ok || !bytes.Equal(body, broken) {
		t.Fatalf("the draft after Restore: %q (kept %v, %v)", body, ok, err)
	}
}
