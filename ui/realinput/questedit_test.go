package realinput

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun/quest"
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

// TestQuestEditorFieldsByRealInput: the quest's own fields, each reached
// from another tab in three actions at most and no wheel turn: the
// Leader's name (its tab, its box), the last spawn row (its tab, its box),
// a condition (its tab, Add a condition, its box), an ADP note revealed by
// that condition, picked by the condition's name (its tab, the list, the
// condition), the setup notes (its tab, its box). Then a problem tapped
// goes to its field: the Leader's name typed in English only, its line
// under the panel tapped from another tab shows the Creatures tab with
// the keys in the Spanish box, where the name is typed.
func TestQuestEditorFieldsByRealInput(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{small1024en, wide1280es, small1024es, wide1280en}, func(t *testing.T, s screen) {
		tr := translations.New(s.lang)
		a := Start(t, Options{Lang: s.lang, Width: s.w, Height: s.h})
		n := &newcomer{t: t, a: a, tr: tr, began: time.Now()}
		n.win = openQuestEditor(t, a, tr)
		n.shot("1-quest-tab")
		reach := func(what, kind, field string, steps func()) {
			t.Helper()
			n.key("alt+1") // from the Map tab, each time
			before, wheels := n.actions(), n.wheels
			steps()
			d := a.Wait(what+" to have the keys", func(d probe.Dump) bool {
				f := d.Values["questedit.focus"]
				return strings.Contains(f, `"Kind":"`+kind+`"`) && strings.Contains(f, `"Field":"`+field+`"`)
			})
			if f, ok := Focused(d, n.win); !ok || !f.OnScreen {
				a.Fail("%s has the keys out of sight", what)
			}
			got := n.actions() - before
			if got > 3 || n.wheels != wheels {
				a.Fail("%s reached in %d actions (%d wheel turns)", what, got, n.wheels-wheels)
			}
			t.Logf("%s: %d actions, no wheel turn", what, got)
		}
		tab := func(part string) { n.click(a.Find(n.win, part+"'s tab", Named("questedit.part."+part))) }

		leader := twoLangs{"Abbot Merrow", "Abad Merrow"}
		reach("the Leader's name", "leader", "name", func() {
			tab("creatures")
			n.click(n.entryUnder(tr.T("ui.questedit.leader_row", map[string]any{"Max": quest.MaxLeaderVP}), 0))
		})
		n.typeFocused(leader.en)
		reach("the last spawn row", "spawn", "creatures", func() {
			tab("creatures")
			n.click(n.rowEntry("6", 0))
		})
		n.typeFocused("2 Drowned")
		n.tab()
		n.typeFocused("2 Ahogados")
		n.shot("2-creatures-tab")
		bell := twoLangs{"The bell tolls", "Suena la campana"}
		reach("a new condition", "condition", "label", func() {
			tab("conditions")
			n.click(a.Find(n.win, "Add a condition", Button(tr.T("ui.questedit.add_condition", nil))))
			n.click(n.entryUnder(tr.T("ui.questedit.condition", map[string]any{"N": 1}), 0))
		})
		n.typeFocused(bell.en)
		n.tab()
		n.typeFocused(bell.es)
		byBell := tr.T("ui.questedit.by_condition", map[string]any{"Name": map[string]string{"en": bell.en, "es": bell.es}[s.lang]})
		reach("an ADP note revealed by the condition, by its name", "text", "text", func() {
			tab("texts")
			n.pick(tr.T("ui.questedit.add_note_by", nil), byBell)
		})
		n.fillText("the ADP note", twoLangs{"The bell wakes the dead.", "La campana despierta a los muertos."})
		n.shot("3-texts-tab")
		reach("the setup notes", "quest", "setup", func() {
			tab("quest")
			n.click(n.entryUnder(tr.T("ui.questedit.setup", nil), 0))
		})
		n.typeFocused("Put the bell in the nave.")
		n.tab()
		n.typeFocused("Pon la campana en la nave.")

		// The problem of the Leader's name in one language, tapped from
		// the Texts tab: the Creatures tab, the Spanish box.
		n.key("alt+5")
		what := tr.T("ui.questedit.missing_line", map[string]any{"What": tr.T("ui.questedit.leader", nil)})
		n.click(a.Find(n.win, "the Leader's problem", func(o probe.Object) bool {
			return o.Kind == "questedit.tapLabel" && strings.Contains(o.Text, what)
		}))
		d := a.Wait("the Leader's name to have the keys", func(d probe.Dump) bool {
			return d.Values["questedit.part"] == "creatures" && strings.Contains(d.Values["questedit.focus"], `"Kind":"leader"`)
		})
		if f, ok := Focused(d, n.win); !ok || f.Text != "" || !f.OnScreen {
			a.Fail("the problem tapped gives the keys to %+v, not the empty Spanish box in sight", f)
		}
		n.shot("4-problem-tapped")
		n.typeFocused(leader.es)
		n.waitModel("the Leader named in both languages", func(m *quest.Quest) bool {
			return m.Leader.Name["en"] == leader.en && m.Leader.Name["es"] == leader.es &&
				len(m.Conditions) == 1 && len(m.Texts) == 1 && m.Texts[0].Condition == m.Conditions[0].ID
		})
		t.Logf("%d actions in all, %d wheel turns", n.actions(), n.wheels)
	})
}

// rowEntry is the col-th text box on the panel's row whose first label is
// label (a spawn row: its roll).
func (n *newcomer) rowEntry(label string, col int) Target {
	n.t.Helper()
	var found Target
	n.a.Wait("the row "+label, func(d probe.Dump) bool {
		w, objs := n.top(d)
		l := slices.IndexFunc(objs, func(o probe.Object) bool { return o.Kind == "text" && o.Text == label && o.X > w.W/2 })
		if l < 0 {
			return false
		}
		mid := objs[l].Y + objs[l].H/2
		var row []probe.Object
		for _, o := range objs {
			if isEntry(o) && o.Y <= mid && o.Y+o.H >= mid {
				row = append(row, o)
			}
		}
		slices.SortFunc(row, func(a, b probe.Object) int { return int(a.X - b.X) })
		if col >= len(row) {
			return false
		}
		found = Target{row[col], w}
		return true
	})
	return found
}
