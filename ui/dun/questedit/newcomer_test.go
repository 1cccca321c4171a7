package questedit

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/ui/internal/uitest"
	"github.com/dunconductor/conductor/ui/speech"
)

// The editor as a newcomer meets it, at a small laptop's size.
var laptop = fyne.NewSize(1024, 768-72)

func tomb(t *testing.T) *quest.Quest {
	t.Helper()
	qs, err := content.BuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	return qs[slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == "the-tomb-of-the-ash-king" })]
}

// focused is the panel's field that has the focus, or nil.
func (h *harness) focused() *textEntry {
	e, _ := h.win.Canvas().Focused().(*textEntry)
	return e
}

// typeKeys types into what has the focus, key by key, as the window does
// (test.Type tells the field it gains the focus first).
func (h *harness) typeKeys(s string) {
	for _, r := range s {
		uitest.TypeRune(h.win, r)
	}
}

// An element just put on the map has its name's field focused with its
// name selected: what is typed replaces "Trap" (and Tab to the Spanish
// name selects "Trampa" the same way).
func TestNewElementsNameIsSelected(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		for _, kind := range quest.ElementKinds {
			h := newHarness(t, lang, laptop, nil)
			h.drag(1.5, 1.5, 4.5, 4.5)
			h.ed.SetTool(kind)
			h.tap(2.5, 2.5)
			f := h.focused()
			if f == nil || f != h.ed.fields[0] {
				t.Fatalf("%s %s: the focus is on %T, not the name", lang, kind, h.win.Canvas().Focused())
			}
			if f.SelectedText() != defaultElementName("en", kind) {
				t.Errorf("%s %s: %q selected in %q", lang, kind, f.SelectedText(), f.Text)
			}
			h.typeKeys("Pit")
			h.win.Canvas().FocusNext()
			h.typeKeys("Foso")
			s := h.ed.doc.Quest().Sections[0]
			if got := s.Elements[0].Name; got["en"] != "Pit" || got["es"] != "Foso" {
				t.Errorf("%s %s: typed over the name, it is %v", lang, kind, got)
			}
			// The window left and come back to: the field as it was.
			es := h.focused()
			es.FocusLost()
			es.FocusGained()
			h.typeKeys(" hondo")
			if got := h.ed.doc.Quest().Sections[0].Elements[0].Name["es"]; got != "Foso hondo" {
				t.Errorf("%s %s: typed on after coming back to the window: %q", lang, kind, got)
			}
		}
	}
}

// Tab goes from field to field through the whole panel, in the order they
// are laid out (top to bottom, English then Spanish), and Shift+Tab back;
// ed.fields lists them in that order.
func TestTabFollowsTheLayout(t *testing.T) {
	for _, tc := range []struct {
		name string
		sel  func(h *harness)
	}{
		{"the quest", func(h *harness) { h.ed.Select("") }},
		{"a section", func(h *harness) { h.ed.Select("processional-way") }},
		{"a secret door", func(h *harness) {
			h.ed.sel = selection{kind: "exit", section: "ember-shrine"}
			h.ed.changed(true)
		}},
		{"an element", func(h *harness) {
			h.ed.sel = selection{kind: "element", section: "hidden-reliquary", id: "reliquary-chest"}
			h.ed.changed(true)
		}},
	} {
		h := newHarness(t, "en", laptop, tomb(t))
		tc.sel(h)
		uitest.Settle(h.win)
		var shown []fyne.Focusable
		for _, f := range h.ed.fields {
			if h.ed.inView(f) {
				shown = append(shown, f)
			}
		}
		if len(shown) < 2 {
			t.Fatalf("%s: %d fields", tc.name, len(shown))
		}
		// Laid out in order: each field below the one before, or beside it
		// on its right (Spanish after English).
		at := func(f fyne.Focusable) fyne.Position {
			return fyne.CurrentApp().Driver().AbsolutePositionForObject(f.(fyne.CanvasObject))
		}
		for i := 1; i < len(shown); i++ {
			a, b := at(shown[i-1]), at(shown[i])
			if !(b.Y > a.Y+1 || (abs(b.Y-a.Y) <= 1 && b.X > a.X)) {
				t.Errorf("%s: field %d at %v comes after field %d at %v", tc.name, i, b, i-1, a)
			}
		}
		c := h.win.Canvas()
		walk := func(step func(), from fyne.Focusable, want []fyne.Focusable) {
			t.Helper()
			c.Focus(from)
			var got []fyne.Focusable
			for range 400 {
				step()
				f := c.Focused()
				if f == nil || f == from {
					break
				}
				if slices.Contains(h.ed.fields, f) {
					got = append(got, f)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: Tab visits %d fields, the panel shows %d", tc.name, len(got), len(want))
			}
		}
		walk(c.FocusNext, shown[0], shown[1:])
		back := slices.Clone(shown[:len(shown)-1])
		slices.Reverse(back)
		walk(c.FocusPrevious, shown[len(shown)-1], back)
	}
}

// Undo's and Redo's keys, as the window gives them (Ctrl+Z and Ctrl+Y as
// Fyne's Undo and Redo, Ctrl+Shift+Z as a key with modifiers), work
// whatever has the focus: nothing, a line, a text of several lines, a
// number, an id, a list.
func TestUndoRedoKeysWhateverHasTheFocus(t *testing.T) {
	undo := &fyne.ShortcutUndo{}
	redos := []fyne.Shortcut{
		&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
		&fyne.ShortcutRedo{},
	}
	for _, tc := range []struct {
		name  string
		focus func(h *harness) fyne.Focusable
	}{
		{"nothing", func(*harness) fyne.Focusable { return nil }},
		{"the title", func(h *harness) fyne.Focusable { return h.ed.fields[0] }},
		{"the introduction", func(h *harness) fyne.Focusable { return h.ed.fields[2] }},
		{"the quest's id", func(h *harness) fyne.Focusable { return h.ed.fields[8] }},
		{"the Leader's VP", func(h *harness) fyne.Focusable { h.ed.showPart(partCreatures); return h.ed.fields[2] }},
		{"the tool list", func(h *harness) fyne.Focusable { return h.ed.tool }},
	} {
		for _, redo := range redos {
			h := newHarness(t, "en", laptop, nil)
			h.drag(1.5, 1.5, 3.5, 3.5)
			h.drag(5.5, 1.5, 7.5, 3.5)
			h.ed.Select("")
			if f := tc.focus(h); f != nil {
				h.win.Canvas().Focus(f)
			} else {
				h.win.Canvas().Unfocus()
			}
			sections := func() int { return len(h.ed.doc.Quest().Sections) }
			uitest.TypeShortcut(h.win, undo)
			if sections() != 1 {
				t.Errorf("focus on %s: Ctrl+Z left %d sections", tc.name, sections())
			}
			uitest.TypeShortcut(h.win, redo)
			if sections() != 2 {
				t.Errorf("focus on %s: %s left %d sections", tc.name, redo.ShortcutName(), sections())
			}
		}
	}
}

// Ctrl+Z while typing a name undoes the typing, in the same field: the
// field shows it, keeps the focus (its cursor at the end) and the section
// stays selected; Ctrl+Shift+Z gives the typing back.
func TestUndoWhileTyping(t *testing.T) {
	redo := &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	h := newHarness(t, "en", laptop, nil)
	h.drag(1.5, 1.5, 3.5, 3.5)
	h.typeKeys("Crypt")
	uitest.TypeShortcut(h.win, &fyne.ShortcutUndo{})
	s := h.ed.doc.Quest().Sections
	if len(s) != 1 || s[0].Name["en"] != "" {
		t.Fatalf("Ctrl+Z left %+v", s)
	}
	f := h.focused()
	if h.ed.sel.kind != "section" || f == nil || f != h.ed.fields[0] || f.Text != "" {
		t.Fatalf("after Ctrl+Z: selected %v, focus on %T", h.ed.sel, h.win.Canvas().Focused())
	}
	uitest.TypeShortcut(h.win, redo)
	if f := h.focused(); f == nil || f.Text != "Crypt" || h.ed.doc.Quest().Sections[0].Name["en"] != "Crypt" {
		t.Fatalf("Ctrl+Shift+Z: the field says %v", f)
	}
	h.typeKeys("s")
	if got := h.ed.doc.Quest().Sections[0].Name["en"]; got != "Crypts" {
		t.Fatalf("typed on after the redo: %q", got)
	}
}

// problemRows are the problems' lines (not their heading) and how many of
// them are wholly in sight in their list.
func (h *harness) problemRows() (rows, seen int) {
	d := fyne.CurrentApp().Driver()
	box := h.ed.problemsScroll
	top := d.AbsolutePositionForObject(box)
	bottom := top.Y + box.Size().Height
	for _, o := range h.ed.problems.Objects[1:] {
		if !o.Visible() {
			continue // a row kept for a longer list
		}
		rows++
		p := d.AbsolutePositionForObject(o)
		if o.Visible() && o.Size().Height > 0 && p.Y >= top.Y-1 && p.Y+o.Size().Height <= bottom+1 {
			seen++
		}
	}
	return rows, seen
}

// The problems' list shows its count and first two problems at first,
// leaving the panel most of the height; unfolded, five at once on a small
// laptop's screen, whatever the panel shows; and it never goes blank while
// problems remain, though scrolled down when most were fixed.
func TestProblemsListShowsFive(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang, laptop, nil)
		h.drag(1.5, 1.5, 4.5, 4.5)
		h.ed.SetTool("trap")
		h.tap(2.5, 2.5)
		h.button(h.ed.t("ui.questedit.add_text"))
		for _, what := range []string{"an element", "a section", "the quest"} {
			switch what {
			case "a section":
				h.ed.Select(h.ed.doc.Quest().Sections[0].ID)
			case "the quest":
				h.ed.Select("")
			}
			uitest.Settle(h.win)
			// Folded, as the editor opens: the count and the first
			// problems, the panel above keeps the most of the height.
			if rows, seen := h.problemRows(); rows < 5 || seen != foldedRows {
				t.Errorf("%s, %s: folded, %d of %d problems in sight", lang, what, seen, rows)
			}
			if panel, side := h.ed.panelWrap.Size().Height, h.ed.sideBox.Size().Height; panel < 0.7*side {
				t.Errorf("%s, %s: folded problems leave the panel %v of %v", lang, what, panel, side)
			}
			h.ed.foldProblems()
			uitest.Settle(h.win)
			if rows, seen := h.problemRows(); rows < 5 || seen < 5 {
				t.Errorf("%s, %s: unfolded, %d of %d problems in sight", lang, what, seen, rows)
			}
			h.ed.foldProblems()
		}
		h.ed.foldProblems()
		// Scrolled to the last problem, then most fixed.
		h.ed.problemsScroll.ScrollToBottom()
		rows, _ := h.problemRows()
		e := h.entries()
		for i := range 8 { // title, introduction, setup and faction, in both languages
			test.Type(e[i], "x")
		}
		uitest.Settle(h.win)
		left, seen := h.problemRows()
		if left >= rows || left == 0 {
			t.Fatalf("%s: %d problems, %d after typing", lang, rows, left)
		}
		if seen == 0 {
			t.Errorf("%s: %d problems left, none in sight", lang, left)
		}
	}
}

// sideTexts are the texts drawn over each other in the side panel (the
// map's labels may cover its markers).
func (h *harness) sideOverlaps() []string {
	split := fyne.CurrentApp().Driver().AbsolutePositionForObject(h.ed.sideBox).X
	var out []string
	for _, o := range uitest.OverlappingTexts(h.win) {
		var x float32
		if _, err := fmt.Sscanf(o[strings.Index(o, " at {")+5:], "%f", &x); err == nil && x < split {
			continue
		}
		out = append(out, o)
	}
	return out
}

// No caption is drawn over a list or another text in the side panel: a
// red box's style, its texts, the quest's, a section's, a secret door's,
// in English and Spanish, on a small laptop's screen.
func TestSidePanelHasNoOverlaps(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang, laptop, tomb(t))
		for _, tc := range []struct {
			name string
			sel  selection
		}{
			{"the quest", selection{}},
			{"a section", selection{kind: "section", section: "ember-shrine"}},
			{"a secret door with its note", selection{kind: "exit", section: "ember-shrine"}},
			{"an element with its red box", selection{kind: "element", section: "hidden-reliquary", id: "reliquary-chest"}},
		} {
			h.ed.sel = tc.sel
			h.ed.changed(true)
			for _, end := range []bool{false, true} {
				if end {
					h.ed.panelWrap.ScrollToBottom()
				}
				uitest.Settle(h.win)
				for _, o := range h.sideOverlaps() {
					t.Errorf("%s, %s: %s", lang, tc.name, o)
				}
			}
		}
	}
}

// A text of 5,000 characters typed key by key is kept whole, each key
// taking little time; a text read aloud says how long it is once near
// the most Read aloud reads of it, and the file how much text it holds
// once near the most a quest file may hold.
func TestLongText(t *testing.T) {
	h := newHarness(t, "en", laptop, nil)
	h.drag(1.5, 1.5, 4.5, 4.5)
	h.win.Canvas().FocusNext() // the Spanish name
	h.win.Canvas().FocusNext() // the text read aloud
	f := h.focused()
	if f == nil || !f.MultiLine {
		t.Fatalf("the focus is on %T", h.win.Canvas().Focused())
	}
	// 4,500 pasted, the last 500 typed key by key (all typed so takes
	// half a minute here: about 7 ms a key on average).
	word := "ember "
	text := strings.Repeat(word, 5000/len(word)) + "ash!"
	f.TypedShortcut(&fyne.ShortcutPaste{Clipboard: pasting(text[:4500])})
	start := time.Now()
	h.typeKeys(text[4500:])
	perKey := time.Since(start) / time.Duration(len(text)-4500)
	t.Logf("the last %d of 5,000 characters typed key by key: %v a key", len(text)-4500, perKey)
	s := h.ed.doc.Quest().Sections[0]
	if s.Text["en"] != text {
		t.Fatalf("kept %d characters of %d", len(s.Text["en"]), len(text))
	}
	if perKey > 100*time.Millisecond {
		t.Errorf("a key takes %v with 5,000 characters", perKey)
	}
	steps := 0
	for h.ed.doc.Undo() {
		steps++
	}
	if steps != 2 { // the typing, the section
		t.Errorf("%d steps to undo, not the typing and the section", steps)
	}

	// Its length, under it.
	near, over := speech.MaxText*4/5, speech.MaxText
	for _, tc := range []struct {
		style, text string
		want        string // the line under the English text, "" for none
	}{
		{"red", strings.Repeat("a", 5000), ""},
		{"red", strings.Repeat("a", near), fmt.Sprintf("%d of about %d characters that Read aloud reads", near, speech.MaxText)},
		{"red", strings.Repeat("a", over+1), fmt.Sprintf("%d characters: Read aloud reads only about %d; shorten it", over+1, speech.MaxText)},
		{"red", strings.Repeat("á", near/2), fmt.Sprintf("%d of about %d characters", near/2, speech.MaxText)}, // two bytes each
		{"adp", strings.Repeat("a", over+1), ""}, // an ADP note is not read aloud
	} {
		h := newHarness(t, "en", laptop, nil)
		h.drag(1.5, 1.5, 4.5, 4.5)
		id, err := h.ed.doc.AddText(tc.style, edit.Reveal{Section: h.ed.sel.section}, quest.Text{})
		if err != nil {
			t.Fatal(err)
		}
		h.ed.Refresh()
		e := h.entries()
		var box *widget.Entry
		for i, x := range h.ed.doc.Quest().Texts {
			if x.ID == id {
				box = e[4+i*6] // after the name and the section's text: each text's two languages, then its effect's three numbers and its id
			}
		}
		box.SetText(tc.text)
		got := h.lineUnder(box)
		if tc.want == "" && got != "" || tc.want != "" && !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s text of %d bytes: under it %q, want %q", tc.style, len(tc.text), got, tc.want)
		}
	}

	// The quest file near its most (a text of another section, which the
	// panel does not show: a field of that size is slow to draw): said
	// under the text typed in, and there only.
	h = newHarness(t, "es", laptop, nil)
	h.drag(1.5, 1.5, 4.5, 4.5)
	big := h.ed.sel.section
	h.drag(5.5, 1.5, 7.5, 4.5)
	says := func() int { return strings.Count(uitest.TextsIn(h.win), "El archivo de la misión tiene") }
	h.typeKeys("C")
	if n := says(); n != 0 {
		t.Errorf("a small quest says %d times how much its file holds", n)
	}
	// The quest's text changed elsewhere; the panel shown again, its name
	// typed into.
	setBig := func(text string) {
		if err := h.ed.doc.SetSectionText(big, quest.Text{"en": text}); err != nil {
			t.Fatal(err)
		}
		h.ed.Refresh()
		h.win.Canvas().Focus(h.ed.fields[0])
	}
	setBig(strings.Repeat("b ", quest.MaxTextSize*2/5))
	h.typeKeys("r")
	if n := says(); n != 1 {
		t.Errorf("near the file's most, the panel says %d times how much it holds: %.300q", n, uitest.TextsIn(h.win))
	}
	h.win.Canvas().FocusNext()
	h.typeKeys("C")
	if n := says(); n != 1 {
		t.Errorf("typing in the next field, the panel says %d times how much the file holds", n)
	}
	setBig("short")
	h.typeKeys("r")
	if n := says(); n != 0 {
		t.Error("a short quest still says how much its file holds, once typed in")
	}
}

// pasting is a clipboard holding text.
type pasting string

func (p pasting) Content() string   { return string(p) }
func (p pasting) SetContent(string) {}

// lineUnder is what is said under a field of the panel (its language's
// column): "" when nothing is.
func (h *harness) lineUnder(e *widget.Entry) string {
	var out string
	walk(h.ed.panel, func(o fyne.CanvasObject) {
		c, ok := o.(*fyne.Container)
		if !ok || len(c.Objects) < 2 {
			return
		}
		for _, x := range c.Objects {
			if t, ok := x.(*textEntry); ok && &t.Entry == e {
				// A language's column: its entry, its count below.
				for _, y := range c.Objects {
					if l, ok := y.(*widget.Label); ok && l.Visible() && l.Text != "" && l.Importance != widget.MediumImportance {
						out = l.Text
					}
				}
			}
		}
	})
	return out
}

// The panel built again for another selection: the field that had the
// focus is gone with it, and what is typed changes nothing unseen.
func TestNoFocusLeftInAPanelGone(t *testing.T) {
	h := newHarness(t, "en", laptop, nil)
	h.drag(1.5, 1.5, 3.5, 3.5)
	h.ed.Select("")
	if f := h.win.Canvas().Focused(); f != nil {
		t.Fatalf("the focus is on %T", f)
	}
	h.typeKeys("x")
	if got := h.ed.doc.Quest().Sections[0].Name; got != nil {
		t.Fatalf("typing changed the section's name unseen: %v", got)
	}
}
