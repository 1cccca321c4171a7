package realinput

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// fastKey is a fast typist's pace (300 characters at 5 ms a key).
const fastKey = 5 * time.Millisecond

// typed is a text of n characters for field i: words, spaces and
// punctuation, different for every field so that text landing in the
// wrong field shows.
func typed(i, n int) string {
	words := []string{"the", "crypt", "is", "cold,", "and", "a", "wind", "blows;", "torches", "gutter", "out."}
	var b strings.Builder
	fmt.Fprintf(&b, "F%d ", i)
	for k := 0; b.Len() < n; k++ {
		b.WriteString(words[(k*7+i)%len(words)])
		b.WriteByte(' ')
	}
	return b.String()[:n]
}

func isEntry(o probe.Object) bool {
	return strings.HasSuffix(o.Kind, "Entry") || strings.HasSuffix(o.Kind, "textEntry")
}

// openQuestEditor opens New game → New quest… by clicks.
func openQuestEditor(t *testing.T, a *App, tr *translations.Translator) string {
	t.Helper()
	a.Click(a.Find("", "the game picker", Button(tr.T("ui.module.dun", nil))))
	a.Click(a.Find("", "New quest…", Button(tr.T("ui.questedit.new", nil))))
	title := tr.T("ui.questedit.title", nil)
	a.Find(title, "the quest editor", isEntry)
	return title
}

// panelEntries are the text boxes of the editor's side panel, top to
// bottom (the panel is right of the map).
func panelEntries(d probe.Dump, win string) []probe.Object {
	var es []probe.Object
	for _, w := range d.Windows {
		if w.Title != win {
			continue
		}
		for _, o := range w.Objects {
			if isEntry(o) && o.Layer == 0 && o.X > w.W/2 {
				es = append(es, o)
			}
		}
	}
	slices.SortStableFunc(es, func(a, b probe.Object) int {
		if a.Y != b.Y {
			return int(a.Y - b.Y)
		}
		return int(a.X - b.X)
	})
	return es
}

// TestQuestEditorTextBoxes: in the quest editor's quest panel, every text
// box (one line or several) takes a click and keeps 300 characters typed
// at 5 ms a key, exactly, in the box and in the quest the editor holds.
// The panel is scrolled to each box with the mouse wheel over it.
func TestQuestEditorTextBoxes(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{small1024es, small1024en}, func(t *testing.T, s screen) {
		lang := s.lang
		tr := translations.New(lang)
		a := Start(t, Options{Lang: lang, Width: s.w, Height: s.h})
		win := openQuestEditor(t, a, tr)
		d := a.Settle()
		n := len(panelEntries(d, win))
		if n < 8 {
			a.Fail("the quest panel shows %d text boxes, want at least 8", n)
		}
		textBoxes := 0
		for i := 0; i < n; i++ {
			e := a.scrollTo(win, i)
			a.Click(Target{e, a.window(win)})
			a.Wait(fmt.Sprintf("text box %d to take the focus", i), func(d probe.Dump) bool {
				f, ok := Focused(d, win)
				return ok && f.X == e.X && f.Kind == e.Kind
			})
			a.Key("ctrl+a") // what was there is replaced
			want, inModel := typed(i, 300), ""
			switch {
			case e.Name == "questedit.id": // an id: applied with Enter
				want = fmt.Sprintf("my-quest-%s-%d", lang, i)
				inModel = `"ID":"` + want + `"`
			case e.Name == "questedit.number":
				want = "12"
				inModel = ":12"
			default:
				inModel = want
			}
			a.Type(want, fastKey)
			if e.Name == "questedit.id" {
				a.Key("Return")
			}
			got := a.Wait(fmt.Sprintf("text box %d to hold what was typed", i), func(d probe.Dump) bool {
				es := panelEntries(d, win)
				return i < len(es) && len(es[i].Text) >= len(want)
			})
			if es := panelEntries(got, win); es[i].Text != want {
				a.Fail("text box %d holds\n%q\nwant\n%q", i, es[i].Text, want)
			}
			a.Wait(fmt.Sprintf("the quest to hold text box %d's text %q", i, want), func(d probe.Dump) bool {
				return strings.Contains(d.Values["questedit.quest"], inModel)
			})
			textBoxes++
		}
		t.Logf("%d text boxes typed into", textBoxes)
	})
}

// window is a window as last seen.
func (a *App) window(title string) probe.Window {
	for _, w := range a.last.Windows {
		if w.Title == title {
			return w
		}
	}
	a.Fail("no window %q", title)
	return probe.Window{}
}

// scrollTo turns the mouse wheel over the panel until its i-th text box
// is wholly on screen, and returns it.
func (a *App) scrollTo(win string, i int) probe.Object {
	a.t.Helper()
	for turn := 0; turn < 60; turn++ {
		d := a.Settle()
		es := panelEntries(d, win)
		if i >= len(es) {
			a.Fail("the panel has %d text boxes, not %d", len(es), i+1)
		}
		e := es[i]
		if e.OnScreen {
			return e
		}
		w := a.window(win)
		// The wheel over a text box of the panel: it must scroll the panel.
		var over probe.Object
		for _, o := range es {
			if o.OnScreen {
				over = o
			}
		}
		if over.W == 0 { // none on screen: over the panel itself
			for _, o := range w.Objects {
				if o.Name == "questedit.panel" {
					over = o
				}
			}
		}
		if over.W == 0 {
			a.Fail("neither a text box nor the panel on screen to turn the wheel over")
		}
		down := 1
		if e.Y < over.Y {
			down = -1
		}
		a.Wheel(win, over.X+over.W/2, over.Y+over.H/2, w.Scale, down)
	}
	a.Fail("the mouse wheel did not bring text box %d on screen", i)
	return probe.Object{}
}
