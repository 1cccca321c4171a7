package factionform

import (
	"bytes"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// fakeDrafts records what the form hands on (data.DraftWriter's part).
type fakeDrafts struct {
	body                         []byte // the draft, nil for none
	sets, flushes, clears, stops int
}

func (f *fakeDrafts) Set(b []byte) { f.body = bytes.Clone(b); f.sets++ }
func (f *fakeDrafts) Flush() error { f.flushes++; return nil }
func (f *fakeDrafts) Clear() error { f.body = nil; f.clears++; return nil }
func (f *fakeDrafts) Stop()        { f.stops++ }

// The empty form, a newcomer's first sight of it, says everything in
// words in both languages: no "<no value>", no message id.
func TestEmptyFormSaysWords(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"en", "The faction's name (name) has no Spanish version"},
		{"es", "El nombre de la facción (name) no tiene versión en inglés"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			e, _, w := open(t, c.lang, fyne.NewSize(1024, 768), nil)
			for _, text := range []string{e.status.Text, uitest.TextsIn(w)} {
				if strings.Contains(text, "<no value>") || strings.Contains(text, "field.") || strings.Contains(text, "language.") {
					t.Fatalf("the empty form says %q", text)
				}
			}
			if !strings.Contains(e.nameProblems.Text, c.want) {
				t.Fatalf("the name's problem is %q", e.nameProblems.Text)
			}
		})
	}
}

// A mistake typed in the TOML tab that keeps the file from being read is
// named by its line beside the tab and over the text, and Go to line puts
// the cursor on it; fixed, the marks go.
func TestTOMLMistakeNamesItsLine(t *testing.T) {
	for _, c := range []struct{ lang, tab, label, button string }{
		{"en", "TOML file (line 7)", "Line 7: ", "Go to line 7"},
		{"es", "Archivo TOML (línea 7)", "Línea 7: ", "Ir a la línea 7"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			e, _, w := open(t, c.lang, fyne.NewSize(1024, 768), builtin(t, "vermin"))
			e.Tabs.Select(e.tomlTab)
			src := e.TOML.Text
			lines := strings.Split(src, "\n")
			lines[6] += " oops =" // [[creatures]] oops =
			e.TOML.SetText(strings.Join(lines, "\n"))
			uitest.Settle(w)
			if e.tomlTab.Text != c.tab || !uitest.HasText(w, c.label) || !e.tomlProblem.Visible() {
				t.Fatalf("tab %q, over the text %q", e.tomlTab.Text, e.tomlProblem.Text)
			}
			e.TOML.CursorRow = 0
			test.Tap(uitest.Button(t, w, c.button))
			if e.TOML.CursorRow != 6 || e.TOML.CursorColumn != 0 {
				t.Fatalf("the cursor is at %d:%d", e.TOML.CursorRow, e.TOML.CursorColumn)
			}
			e.TOML.SetText(src)
			if e.tomlTab.Text == c.tab || e.tomlProblem.Visible() || e.goToLine.Visible() {
				t.Fatalf("fixed, the tab says %q", e.tomlTab.Text)
			}
		})
	}
}

// Cancel, and the app window's close button with the form open over it:
// at once when nothing changed; with changes, the draft is
// written first and the Conductor is asked: Keep editing keeps the form
// (and the window), Discard closes it (then the window) and forgets the
// draft.
func TestCancelAsksWithUnsavedWork(t *testing.T) {
	for _, door := range []string{"Cancel", "the window's close button"} {
		for _, c := range []struct {
			name   string
			change bool
			answer string // "" for no question
			closed bool
		}{
			{"nothing changed", false, "", true},
			{"keep editing", true, "Keep editing", false},
			{"discard", true, "Discard", true},
		} {
			t.Run(door+"/"+c.name, func(t *testing.T) {
				cancelAsks(t, door == "Cancel", c.change, c.answer, c.closed)
			})
		}
	}
}

// cancelAsks leaves the form by Cancel or by the window's close button.
func cancelAsks(t *testing.T, byCancel, change bool, answer string, closed bool) {
	e, _, w := open(t, "en", fyne.NewSize(1024, 768), builtin(t, "vermin"))
	d := &fakeDrafts{}
	e.KeepDrafts(d, false)
	if change {
		test.Tap(e.cards[0].numbers[0].plus)
	}
	windowClosed := false
	closeWindow := func() { windowClosed = true }
	if byCancel {
		test.Tap(uitest.Button(t, w, "Cancel"))
	} else if !ui.AskBeforeClose(w, closeWindow) {
		closeWindow() // nothing to ask: the window closes at once
	}
	if asked := e.asking != nil; asked != (answer != "") {
		t.Fatalf("asked %v: %q", asked, uitest.VisibleTexts(w))
	}
	if answer != "" {
		if !uitest.HasText(w, "The changes to the faction “Vermin (sample)” are not saved") || d.flushes == 0 {
			t.Fatalf("the question %q, %d flushes before it", uitest.VisibleTexts(w), d.flushes)
		}
		uitest.TapInDialog(t, w, answer)
	}
	if byCancel {
		open := false
		for _, o := range w.Canvas().Overlays().List() {
			open = open || o.Visible()
		}
		if open == closed {
			t.Fatalf("open %v: %q", open, uitest.VisibleTexts(w))
		}
	} else if windowClosed != closed {
		t.Fatalf("window closed %v, want %v", windowClosed, closed)
	}
	if kept := d.body != nil; kept != (change && !closed) {
		t.Fatalf("draft %q", d.body)
	}
}

// The draft is the file as typed, problems and all; back as it opened,
// the draft goes; a form opened on a draft is unsaved from the start.
func TestFormDraftFollowsTheFile(t *testing.T) {
	e, _, _ := open(t, "en", fyne.NewSize(1024, 768), builtin(t, "vermin"))
	d := &fakeDrafts{}
	e.KeepDrafts(d, false)
	if d.sets != 0 || e.Unsaved() {
		t.Fatal("a draft of a faction not changed")
	}
	e.Tabs.Select(e.tomlTab)
	src := e.TOML.Text
	broken := strings.Replace(src, "vp = 3\n", "vp = \n", 1)
	e.TOML.SetText(broken)
	if string(d.body) != broken {
		t.Fatalf("the draft is not the text typed:\n%s", d.body)
	}
	e.TOML.SetText(src)
	if d.body != nil || d.clears != 1 || e.Unsaved() {
		t.Fatalf("back as it opened, the draft is %q", d.body)
	}

	e, _, _ = open(t, "en", fyne.NewSize(1024, 768), &faction.Faction{Source: []byte(broken)})
	e.KeepDrafts(d, true)
	if !e.Unsaved() || e.TOML.Text != broken || !e.unread {
		t.Fatalf("a restored draft: unsaved %v, text\n%s", e.Unsaved(), e.TOML.Text)
	}
}
