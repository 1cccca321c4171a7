package questedit

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/translations"
)

// A quest whose id Save would refuse (one of the app's own quests', as a
// title like "The Drowned Chapel" gives) has a problem on its id in the
// editor, and Save stays off, rather than the refusal being told in New
// game's window behind the editor; another id typed, it can be saved.
func TestTakenIDIsAProblemBeforeSaving(t *testing.T) {
	q := tomb(t) // valid as shipped; its id is the app's own
	app := test.NewTempApp(t)
	w := app.NewWindow("")
	w.Resize(laptop)
	saved := 0
	ed := New(w, translations.New("en"), Options{Quest: q,
		Save:  func(string, []byte) bool { saved++; return true },
		Taken: func(id string) bool { return id == "the-tomb-of-the-ash-king" }})
	h := &harness{t: t, ed: ed, win: w}
	listed := func() string {
		var b strings.Builder
		for _, o := range ed.problems.Objects {
			if l, ok := o.(*tapLabel); ok && l.Visible() {
				b.WriteString(l.Text + "\n")
			}
		}
		return b.String()
	}
	want := translations.New("en").T("quest.builtin_id", map[string]any{"ID": "the-tomb-of-the-ash-king"})
	if !strings.Contains(listed(), want) || !ed.save.Disabled() {
		t.Fatalf("the id taken: save disabled %v, problems:\n%s", ed.save.Disabled(), listed())
	}
	ed.Save()
	if saved != 0 {
		t.Fatal("saved with an id Save refuses")
	}
	// The problem tapped: the keys in the id's box, where another is typed.
	for _, o := range ed.problems.Objects {
		if l, ok := o.(*tapLabel); ok && l.Visible() && strings.Contains(l.Text, want) {
			test.Tap(l)
		}
	}
	if f := w.Canvas().Focused(); f == nil || f != ed.fieldOf(edit.Ref{Kind: "quest", Field: "id"}) {
		t.Fatalf("the problem tapped gives the keys to %v, not the id's box", f)
	}
	h.setID(h.entries()[8], "my-tomb")
	if ed.doc.Quest().ID != "my-tomb" || ed.save.Disabled() || strings.Contains(listed(), want) {
		t.Fatalf("another id: %q, save disabled %v, problems:\n%s", ed.doc.Quest().ID, ed.save.Disabled(), listed())
	}
	test.Tap(ed.save)
	if saved != 1 {
		t.Fatal("not saved with an id of its own")
	}
}
