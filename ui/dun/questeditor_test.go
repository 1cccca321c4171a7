package dunui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// New game's "New quest…" opens the quest editor; a quest saved from it
// is stored as an imported one and New game offers it, chosen.
func TestQuestEditorFromNewGame(t *testing.T) {
	store := uitest.NewMemStore()
	u := newTestUI(t, store)
	test.Tap(u.button(t, u.tr().T("ui.questedit.new", nil)))
	if !windowTitled(u.tr().T("ui.questedit.title", nil)) {
		t.Fatal("no quest editor window")
	}
	qs, _ := content.BuiltinQuests()
	ed := u.d.newGame.openQuestEditor(qs[0])
	if err := ed.Doc().SetQuestID("my-chapel"); err != nil {
		t.Fatal(err)
	}
	title := quest.Text{"en": "My Chapel", "es": "Mi capilla"}
	q := ed.Doc().Quest()
	if err := ed.Doc().SetQuestInfo(title, q.Introduction, q.Setup, q.Faction); err != nil {
		t.Fatal(err)
	}
	ed.Refresh()
	ed.Save()
	if _, ok := store.Content[content.KindQuest]["my-chapel"]; !ok {
		t.Fatalf("nothing stored: %v", store.Content)
	}
	if got := u.d.newGame.form.quest(); got == nil || got.ID != "my-chapel" {
		t.Fatalf("New game offers %v, not the saved quest", got)
	}
}

func windowTitled(title string) bool {
	for _, w := range fyne.CurrentApp().Driver().AllWindows() {
		if w.Title() == title {
			return true
		}
	}
	return false
}

// Editing one of the app's own quests opens a copy with an id and a title
// of its own, which saves at once (an import refuses a built-in id).
func TestEditingABuiltinQuestSavesACopy(t *testing.T) {
	store := uitest.NewMemStore()
	u := newTestUI(t, store)
	qs, _ := content.BuiltinQuests()
	ed := u.d.newGame.openQuestEditor(qs[2])
	ed.Save()
	id := qs[2].ID + "-copy"
	if _, ok := store.Content[content.KindQuest][id]; !ok {
		t.Fatalf("the copy was not stored: %v", store.Content)
	}
	got := u.d.newGame.form.quest()
	if got == nil || got.ID != id || got.Title["es"] != qs[2].Title["es"]+" (mi versión)" || got.Title["en"] != qs[2].Title["en"]+" (my version)" {
		t.Fatalf("New game offers %+v", got)
	}
	if editableCopy(got) != got {
		t.Fatal("a quest of one's own was copied again")
	}
}

// Free play has no quest to edit: "Edit this quest…" waits for a quest.
func TestEditThisQuestWaitsForAQuest(t *testing.T) {
	u := newTestUI(t, uitest.NewMemStore())
	edit := u.button(t, u.tr().T("ui.questedit.edit", nil))
	f := u.d.newGame.form
	for _, tc := range []struct {
		pick    int
		enabled bool
	}{{0, false}, {1, true}, {0, false}} {
		f.questPick.SetSelectedIndex(tc.pick)
		if edit.Disabled() == tc.enabled {
			t.Fatalf("quest %d: Edit enabled %v", tc.pick, !edit.Disabled())
		}
	}
}
