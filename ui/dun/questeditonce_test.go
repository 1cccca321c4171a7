package dunui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/dun/questedit"
)

// One editor a draft: New quest… or Edit this quest… on a quest whose
// editor is open brings that editor to the front, with what was typed in
// it, instead of a second editor whose saving would write over the
// first's. Another quest gets an editor of its own.
func TestOneQuestEditorADraft(t *testing.T) {
	quickDrafts(t)
	store := openStoreAt(t, filepath.Join(t.TempDir(), "games.db"))
	u := newTestUI(t, store)
	editors := func() int {
		n := 0
		for _, w := range fyne.CurrentApp().Driver().AllWindows() {
			if w.Title() == translations.New("en").T("ui.questedit.title", nil) {
				n++
			}
		}
		return n
	}
	before := editors()
	var first, again *questedit.Editor
	u.d.newGame.editQuest(nil, func(e *questedit.Editor) { first = e })
	if err := first.Doc().SetQuestInfo(quest.Text{"en": "Rats", "es": "Ratas"}, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	first.Refresh()
	u.d.newGame.editQuest(nil, func(e *questedit.Editor) { again = e })
	if again != first || editors() != before+1 {
		t.Fatalf("New quest… twice: a second editor (%d editors open)", editors()-before)
	}
	if again.Doc().Quest().Title["en"] != "Rats" {
		t.Fatal("the editor brought to the front lost what was typed")
	}
	var other *questedit.Editor
	qs, _ := content.BuiltinQuests()
	u.d.newGame.editQuest(qs[0], func(e *questedit.Editor) { other = e })
	if other == nil || other == first || editors() != before+2 {
		t.Fatalf("another quest: no editor of its own (%d open)", editors()-before)
	}
}
