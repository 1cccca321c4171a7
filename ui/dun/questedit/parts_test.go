package questedit

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// inSight says whether a field of the panel is wholly in its sight.
func (h *harness) inSight(f fyne.Focusable) bool {
	d := fyne.CurrentApp().Driver()
	o := f.(fyne.CanvasObject)
	wrap := h.ed.panelWrap
	top := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(wrap).Y
	return o.Visible() && top >= -0.5 && top+o.Size().Height <= wrap.Size().Height+0.5
}

// The quest's own fields are a tab and a tap away, from whatever the panel
// showed (a section selected on the map), on a small laptop's screen in
// both languages: the tab's field in sight without scrolling, so a tap
// gives it the keys (three actions at most, no wheel turn).
func TestQuestFieldsATabAway(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		for _, c := range []struct {
			name string
			part string
			ref  edit.Ref
		}{
			{"the title", partQuest, edit.Ref{Kind: "quest", Field: "title"}},
			{"the introduction", partQuest, edit.Ref{Kind: "quest", Field: "introduction"}},
			{"the setup notes", partQuest, edit.Ref{Kind: "quest", Field: "setup"}},
			{"the Leader's name", partCreatures, edit.Ref{Kind: "leader", Field: "name"}},
			{"the Leader's VP", partCreatures, edit.Ref{Kind: "leader", Field: "vp"}},
			{"the first spawn row", partCreatures, edit.Ref{Kind: "spawn", Index: 1, Field: "creatures"}},
			{"the last spawn row's cost", partCreatures, edit.Ref{Kind: "spawn", Index: 6, Field: "cost"}},
			{"the first condition", partConditions, edit.Ref{Kind: "condition", ID: "altar-touched", Field: "label"}},
			{"the first red box or note", partTexts, edit.Ref{Kind: "text", ID: "ossuary-box", Field: "text"}},
		} {
			h := newHarness(t, lang, laptop, tomb(t))
			h.ed.Select("ash-stair") // the map's part
			test.Tap(h.ed.tabs[slices.Index(parts, c.part)])
			uitest.Settle(h.win)
			if h.ed.part != c.part {
				t.Fatalf("%s: the tab of %s shows %s", lang, c.part, h.ed.part)
			}
			f := h.ed.fieldOf(c.ref)
			if f == nil {
				t.Errorf("%s: %s is not in the %s tab", lang, c.name, c.part)
				continue
			}
			if !h.inSight(f) {
				t.Errorf("%s: %s is out of sight in the %s tab", lang, c.name, c.part)
			}
		}
	}
}

// Alt+1 to Alt+5 show the parts whatever has the focus, a text field too.
func TestPartKeys(t *testing.T) {
	h := newHarness(t, "en", laptop, tomb(t))
	h.win.Canvas().Focus(h.ed.fields[0]) // the title
	for i := range parts {
		k := &desktop.CustomShortcut{KeyName: partKeys[len(parts)-1-i], Modifier: fyne.KeyModifierAlt}
		uitest.TypeShortcut(h.win, k)
		if want := parts[len(parts)-1-i]; h.ed.part != want {
			t.Errorf("Alt+%d shows %s, not %s", len(parts)-i, h.ed.part, want)
		}
	}
	if h.ed.doc.Quest().Title["en"] != tomb(t).Title["en"] {
		t.Error("a part's key was typed into the title")
	}
}

// A language switch draws the open editor again in the new language and
// keeps what was chosen: the tool, the section kind, the selection, the
// part shown, the problems unfolded.
func TestLanguageSwitchKeepsTheChoices(t *testing.T) {
	h := newHarness(t, "en", laptop, tomb(t))
	h.ed.SetTool("chest")
	h.ed.SetSectionKind("corridor")
	h.ed.Select("ossuary")
	h.ed.showPart(partCreatures)
	h.ed.side.folded = false
	h.ed.SetTranslator(translations.New("es"))
	uitest.Settle(h.win)
	es := translations.New("es")
	if got := h.ed.tool.Selected; got != elementName(es, "chest") {
		t.Errorf("the tool is %q", got)
	}
	if got := h.ed.kind.Selected; got != sectionKindName(es, "corridor") {
		t.Errorf("the section kind is %q", got)
	}
	if h.ed.sel != (selection{kind: "section", section: "ossuary"}) || h.ed.part != partCreatures || h.ed.side.folded {
		t.Errorf("selection %v, part %s, folded %v", h.ed.sel, h.ed.part, h.ed.side.folded)
	}
	if !uitest.HasText(h.win, es.T("ui.questedit.part.creatures", nil)) || uitest.HasText(h.win, "Creatures") {
		t.Errorf("not drawn in Spanish: %q", uitest.VisibleTexts(h.win))
	}
}

// "Revealed by" names a condition by its label in the reader's language,
// else in another, else by its place: never a bare "Condition:".
func TestConditionsByName(t *testing.T) {
	for _, c := range []struct {
		lang  string
		label quest.Text
		want  string
	}{
		{"en", quest.Text{"en": "The bell tolls", "es": "Suena la campana"}, "Condition: The bell tolls"},
		{"es", quest.Text{"en": "The bell tolls", "es": "Suena la campana"}, "Condición: Suena la campana"},
		{"es", quest.Text{"en": "The bell tolls"}, "Condición: The bell tolls"},
		{"en", quest.Text{"es": "Suena la campana"}, "Condition: Suena la campana"},
		{"en", nil, "Condition: Condition 3"},
	} {
		h := newHarness(t, c.lang, laptop, tomb(t))
		if _, err := h.ed.doc.AddCondition(c.label, "", false); err != nil {
			t.Fatal(err)
		}
		h.ed.Refresh()
		_, names := h.ed.reveals()
		if !slices.Contains(names, c.want) {
			t.Errorf("%s, label %v: no %q among %q", c.lang, c.label, c.want, names)
		}
	}
}

// "Creature Spawn Table": the creatures tab says whose table wins in a
// game with a faction, in sight with the table's last row at a small
// laptop's size in both languages; a tap sets it in the quest, undoably.
func TestSpawnsFromInTheCreaturesTab(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		tr := translations.New(lang)
		h := newHarness(t, lang, laptop, tomb(t))
		test.Tap(h.ed.tabs[slices.Index(parts, partCreatures)])
		uitest.Settle(h.win)
		var pick *widget.RadioGroup
		uitest.WalkVisible(h.win.Content(), func(o fyne.CanvasObject) {
			if r, ok := o.(*widget.RadioGroup); ok && slices.Contains(r.Options, tr.T("ui.questedit.spawns_from.quest", nil)) {
				pick = r
			}
		})
		if pick == nil {
			t.Fatalf("%s: no choice of whose spawn table wins: %q", lang, uitest.VisibleTexts(h.win))
		}
		if pick.Selected != tr.T("ui.questedit.spawns_from.faction", nil) {
			t.Fatalf("%s: the Tomb (no key) shows %q", lang, pick.Selected)
		}
		// The choice sits under the table, one line: the six rows come
		// first in sight, as an author types into them.
		if f := h.ed.fieldOf(edit.Ref{Kind: "spawn", Index: 6, Field: "cost"}); f == nil || !h.inSight(f) {
			t.Errorf("%s: the last spawn row's cost is out of sight", lang)
		}
		pick.SetSelected(tr.T("ui.questedit.spawns_from.quest", nil)) // the tap
		if got := h.ed.doc.Quest().SpawnsFrom; got != quest.SpawnsQuest {
			t.Fatalf("%s: the quest's spawns_from is %q after the tap", lang, got)
		}
		if !h.ed.doc.Undo() || h.ed.doc.Quest().SpawnsFrom != "" {
			t.Fatalf("%s: undo leaves %q", lang, h.ed.doc.Quest().SpawnsFrom)
		}
	}
}
