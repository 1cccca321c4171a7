package questedit

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// fakeDrafts records what the editor hands on (data.DraftWriter's part).
type fakeDrafts struct {
	body                         []byte // the draft, nil for none
	sets, flushes, clears, stops int
}

func (f *fakeDrafts) Set(b []byte)         { f.body = bytes.Clone(b); f.sets++ }
func (f *fakeDrafts) Flush() error         { f.flushes++; return nil }
func (f *fakeDrafts) Clear() error         { f.body = nil; f.clears++; return nil }
func (f *fakeDrafts) Stop()                { f.stops++ }
func (f *fakeDrafts) Delay() time.Duration { return time.Hour } // the tests say when (due)
func (f *fakeDrafts) kept() string         { return string(f.body) }
func (f *fakeDrafts) String() string       { return f.kept() }

// due is the drafts' delay ending: what waits is handed on.
func due(t *testing.T, ed *Editor) {
	t.Helper()
	if ed.draft.due == nil {
		t.Fatal("no change waits to be kept")
	}
	ed.draftNow(true)
}

// shown is the quest editor in a window of its own, as New game opens it,
// keeping its drafts in a fake.
func shown(t *testing.T, q *quest.Quest, restored bool) (*Editor, *fakeDrafts) {
	t.Helper()
	a := test.NewTempApp(t)
	ed := Show(a, nil, translations.New("en"), Options{Quest: q, Save: func(string, []byte) bool { return true }})
	d := &fakeDrafts{}
	ed.KeepDrafts(d, restored)
	return ed, d
}

func builtinQuest(t *testing.T) *quest.Quest {
	t.Helper()
	qs, err := content.BuiltinQuests()
	if err != nil || len(qs) == 0 {
		t.Fatal(err)
	}
	return qs[0]
}

func fileOf(t *testing.T, ed *Editor) string {
	t.Helper()
	b, err := ed.Doc().TOML()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Each change is handed on as the draft, the whole file; a selection is
// no change; back as it was saved, or saved, the draft goes.
func TestQuestDraftFollowsTheChanges(t *testing.T) {
	ed, d := shown(t, builtinQuest(t), false)
	if d.sets != 0 {
		t.Fatalf("a draft of a quest not changed: %q", d.kept())
	}
	if err := ed.Doc().SetQuestID("my-tomb"); err != nil {
		t.Fatal(err)
	}
	ed.Refresh()
	if d.sets != 0 {
		t.Fatal("the file written out at the change, not when the delay ends")
	}
	due(t, ed)
	if d.kept() != fileOf(t, ed) || !ed.Unsaved() {
		t.Fatalf("the draft is not the file:\n%s", d.kept())
	}
	ed.Select(ed.Doc().Quest().Sections[0].ID)
	ed.draftNow(true)
	if d.sets != 1 {
		t.Fatalf("a selection made %d drafts", d.sets)
	}
	ed.Undo()
	if d.body != nil || d.clears != 1 || ed.Unsaved() {
		t.Fatalf("back as saved, the draft is %q (%d clears)", d.kept(), d.clears)
	}
	ed.Redo()
	due(t, ed)
	if !strings.Contains(d.kept(), `id = "my-tomb"`) {
		t.Fatalf("redone, the draft is %q", d.kept())
	}
	ed.Save()
	if d.body != nil || ed.Unsaved() {
		t.Fatalf("saved, the draft is %q", d.kept())
	}
}

// A quest with problems is kept whole all the same: the draft is its file.
func TestQuestDraftWithProblems(t *testing.T) {
	ed, d := shown(t, nil, false)
	if _, err := ed.Doc().AddSection("room", 2, 2, 3, 3); err != nil {
		t.Fatal(err)
	}
	ed.Refresh()
	due(t, ed)
	if ed.valid() || d.kept() != fileOf(t, ed) {
		t.Fatalf("valid %v, draft %q", ed.valid(), d.kept())
	}
}

// An editor opened on a draft holds unsaved work from the start.
func TestRestoredDraftIsUnsaved(t *testing.T) {
	ed, d := shown(t, builtinQuest(t), true)
	due(t, ed)
	if !ed.Unsaved() || d.body == nil {
		t.Fatalf("unsaved %v, draft %q", ed.Unsaved(), d.kept())
	}
	ed.Save()
	if ed.Unsaved() || d.body != nil {
		t.Fatal("saved, still unsaved")
	}
}

// The window's close button: at once when all is saved; with unsaved
// work, the draft is written first, then Keep editing keeps the window
// and Discard closes it and forgets the draft.
func TestCloseAsksWithUnsavedWork(t *testing.T) {
	for _, c := range []struct {
		name    string
		change  bool
		answer  string // "" for no question
		closed  bool
		cleared bool
	}{
		{"saved", false, "", true, false},
		{"keep editing", true, "Keep editing", false, false},
		{"discard", true, "Discard", true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ed, d := shown(t, builtinQuest(t), false)
			if c.change {
				if err := ed.Doc().SetQuestID("my-tomb"); err != nil {
					t.Fatal(err)
				}
				ed.Refresh()
			}
			ed.RequestClose()
			asked := ed.win.Canvas().Overlays().Top() != nil
			if asked != (c.answer != "") {
				t.Fatalf("asked %v: %q", asked, uitest.VisibleTexts(ed.win))
			}
			if asked {
				if !strings.Contains(uitest.TextsIn(ed.win), "The changes to the quest “The Drowned Chapel” are not saved.") || d.flushes == 0 {
					t.Fatalf("the question %q, %d flushes before it", uitest.VisibleTexts(ed.win), d.flushes)
				}
				uitest.TapInDialog(t, ed.win, c.answer)
			}
			open := slices.Contains(fyne.CurrentApp().Driver().AllWindows(), ed.win)
			if open == c.closed || (d.body == nil) != (c.cleared || !c.change) {
				t.Fatalf("open %v, draft %q", open, d.kept())
			}
		})
	}
}

// A draft reads back as the quest it was: every quest the app has, and
// one with problems; a file that is no quest is an error.
func TestDecodeDraftWhole(t *testing.T) {
	qs, _ := content.BuiltinQuests()
	doc := edit.New()
	doc.AddSection("room", 1, 1, 2, 2)
	qs = append(qs, doc.Quest())
	for _, q := range qs {
		body, err := quest.Encode(q)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeDraft(body)
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		again, _ := quest.Encode(got)
		if !bytes.Equal(again, body) {
			t.Fatalf("%s read back as\n%s", q.ID, again)
		}
	}
	for _, bad := range [][]byte{[]byte("id = "), make([]byte, quest.MaxSize+1)} {
		if _, err := DecodeDraft(bad); err == nil {
			t.Fatalf("no error for %.20q", bad)
		}
	}
}
