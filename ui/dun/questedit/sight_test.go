package questedit

import (
	"maps"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// A text field that gets the keys is in sight in the side panel: Tab through
// the whole panel scrolls it along (what is typed is seen as it is typed),
// at a small laptop's size, in the quest's panel, a section's and an
// element's; and Shift+Tab back up.
func TestTabKeepsTheFieldInSight(t *testing.T) {
	for _, tc := range []struct {
		name string
		sel  func(h *harness)
	}{
		{"the quest", func(h *harness) { h.ed.Select("") }},
		{"a section", func(h *harness) { h.ed.Select(h.ed.doc.Quest().Sections[0].ID) }},
		{"an element", func(h *harness) {
			h.ed.SetTool("chest")
			h.tap(2.5, 2.5)
		}},
	} {
		h := newHarness(t, "en", laptop, nil)
		h.drag(1.5, 1.5, 4.5, 4.5)
		test.Type(h.entries()[0], "Porch") // a red box, so that the section's panel is long
		h.button("Add a red box")
		tc.sel(h)
		c := h.win.Canvas()
		d := fyne.CurrentApp().Driver()
		inSight := func(step string) {
			t.Helper()
			f, ok := c.Focused().(fyne.CanvasObject)
			if !ok {
				t.Fatalf("%s, %s: nothing has the keys", tc.name, step)
			}
			wrap := h.ed.panelWrap
			top := d.AbsolutePositionForObject(f).Y - d.AbsolutePositionForObject(wrap).Y
			if top < -0.5 || top+f.Size().Height > wrap.Size().Height+0.5 {
				t.Errorf("%s, %s: the field with the keys is at %v..%v, the panel shows 0..%v", tc.name, step,
					top, top+f.Size().Height, wrap.Size().Height)
			}
		}
		c.Focus(h.ed.fields[0])
		inSight("the first field")
		fields := len(h.ed.fields)
		for i := 1; i < fields; i++ {
			c.FocusNext()
			if f := c.Focused(); slices.Contains(h.ed.fields, f) && h.ed.inView(f) {
				inSight("Tab")
			}
		}
		for i := 1; i < fields; i++ {
			c.FocusPrevious()
			if f := c.Focused(); slices.Contains(h.ed.fields, f) && h.ed.inView(f) {
				inSight("Shift+Tab")
			}
		}
	}
}

// A problem tapped shows its object's panel from the top, where its name
// or the quest's title and id are, even when that panel was shown already
// and scrolled down (the quest's own problems, the quest's panel).
func TestTappedProblemShowsThePanelFromTheTop(t *testing.T) {
	h := newHarness(t, "en", laptop, nil)
	h.ed.Select("")
	h.ed.panelWrap.ScrollToBottom()
	if h.ed.panelWrap.Offset.Y == 0 {
		t.Fatal("the quest's panel does not scroll")
	}
	var first *tapLabel
	for _, o := range h.ed.problems.Objects {
		if l, ok := o.(*tapLabel); ok && l.Visible() && first == nil {
			first = l
		}
	}
	if first == nil {
		t.Fatal("no problem listed for an empty quest")
	}
	test.Tap(first)
	if off := h.ed.panelWrap.Offset.Y; off != 0 {
		t.Errorf("the problem %q tapped: the panel is scrolled %v down", first.Text, off)
	}
}

// A red box or an ADP note just added has its words' English field given
// the keys, in sight (the block is added below what was seen): the text is
// typed at once, from a section's panel, an element's and the quest's.
func TestNewTextIsTypedAtOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		add  func(h *harness)
	}{
		{"a section's red box", func(h *harness) { h.button("Add a red box") }},
		{"an element's ADP note", func(h *harness) {
			h.ed.SetTool("trap")
			h.tap(2.5, 2.5)
			h.button("Add an ADP note")
		}},
		{"the quest's red box", func(h *harness) {
			h.ed.Select("")
			h.ed.showPart(partTexts)
			sel := h.selects()
			sel[len(sel)-2].SetSelectedIndex(0) // Add a red box revealed by…: the section
		}},
	} {
		h := newHarness(t, "en", laptop, nil)
		h.drag(1.5, 1.5, 4.5, 4.5)
		test.Type(h.entries()[0], "Porch")
		tc.add(h)
		q := h.ed.doc.Quest()
		if len(q.Texts) != 1 {
			t.Fatalf("%s: %d texts", tc.name, len(q.Texts))
		}
		f, ok := h.win.Canvas().Focused().(*textEntry)
		if !ok {
			t.Fatalf("%s: the keys are with %T", tc.name, h.win.Canvas().Focused())
		}
		test.Type(f, "Bells ring.")
		if got := h.ed.doc.Quest().Texts[0].Text["en"]; got != "Bells ring." {
			t.Errorf("%s: typed at once, the text's English words are %q", tc.name, got)
		}
		d := fyne.CurrentApp().Driver()
		wrap := h.ed.panelWrap
		top := d.AbsolutePositionForObject(f).Y - d.AbsolutePositionForObject(wrap).Y
		if top < -0.5 || top+f.Size().Height > wrap.Size().Height+0.5 {
			t.Errorf("%s: the field with the keys is at %v, out of the panel's sight", tc.name, top)
		}
	}
}

// A problem tapped goes to its field: its part of the panel shown, the
// very field it is on given the keys, in sight: the Leader's name, a
// spawn row's creatures, a condition's label, a red box's words, a
// section's text.
func TestTappedProblemGoesToItsField(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang, laptop, tomb(t))
		d := h.ed.doc
		for _, err := range []error{
			d.SetLeader(nil, 30),
			d.SetSpawnRow(4, nil, 9),
			d.SetCondition("altar-touched", nil, "", false),
			d.SetText("casket-box", edit.Reveal{Element: "lacquered-casket"}, nil),
			d.SetSectionText("ossuary", nil),
		} {
			if err != nil {
				t.Fatal(err)
			}
		}
		h.ed.Refresh()
		refs := slices.Clone(h.ed.missing)
		for _, p := range h.ed.probs {
			refs = append(refs, p.Ref)
		}
		want := map[string]bool{"leader name": false, "spawn creatures": false, "condition label": false, "text text": false, "section text": false}
		var rows []*tapLabel
		for _, o := range h.ed.problems.Objects {
			if l, ok := o.(*tapLabel); ok && l.Visible() {
				rows = append(rows, l)
			}
		}
		if len(rows) != len(refs) {
			t.Fatalf("%s: %d problems listed, %d known", lang, len(rows), len(refs))
		}
		for i, l := range rows {
			r := refs[i]
			test.Tap(l)
			uitest.Settle(h.win)
			if h.ed.part != partFor(r) {
				t.Errorf("%s: %q tapped: the part %s shown, not %s", lang, l.Text, h.ed.part, partFor(r))
			}
			f := h.win.Canvas().Focused()
			at := slices.IndexFunc(h.ed.placed, func(p placedField) bool { return p.f == f })
			if at < 0 || !sameObject(h.ed.placed[at].ref, r) {
				t.Errorf("%s: %q tapped (%+v): the keys are with %T, not a field of its object", lang, l.Text, r, f)
				continue
			}
			got := h.ed.placed[at].ref
			if got.Field != r.Field {
				t.Errorf("%s: %q tapped: the keys are in its %q, not its %q", lang, l.Text, got.Field, r.Field)
			}
			if k := got.Kind + " " + got.Field; slices.Contains(slices.Collect(maps.Keys(want)), k) {
				want[k] = true
			}
			drv := fyne.CurrentApp().Driver()
			wrap := h.ed.panelWrap
			obj := f.(fyne.CanvasObject)
			top := drv.AbsolutePositionForObject(obj).Y - drv.AbsolutePositionForObject(wrap).Y
			if top < -0.5 || top+obj.Size().Height > wrap.Size().Height+0.5 {
				t.Errorf("%s: %q tapped: its field is at %v, out of sight", lang, l.Text, top)
			}
		}
		for k, seen := range want {
			if !seen {
				t.Errorf("%s: no problem tapped went to a %s", lang, k)
			}
		}
	}
}
