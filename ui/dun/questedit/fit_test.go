package questedit

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// The editor fits a small laptop's screen (1024x768, the window's frame
// and the desktop's bar taken off) in English and Spanish, whatever is
// selected: the quest, a section, an exit, an element.
func TestEditorFitsTheScreen(t *testing.T) {
	qs, _ := content.BuiltinQuests()
	tomb := qs[slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == "the-tomb-of-the-ash-king" })]
	limit := fyne.NewSize(1024, 768-72)
	for _, lang := range []string{"en", "es"} {
		for _, q := range []*quest.Quest{nil, tomb} {
			h := newHarness(t, lang, fyne.NewSize(1024, 696), q)
			check := func(what string) {
				// The panel leaves the map its 60%.
				if m := h.ed.panelWrap.MinSize().Max(h.ed.problems.MinSize()); m.Width > 0.4*limit.Width-8 {
					t.Errorf("%s, %s: the side panel needs %v", lang, what, m)
				}
				if m := h.ed.content.MinSize(); m.Width > limit.Width || m.Height > limit.Height {
					t.Errorf("%s, %s: the editor needs %v, more than %v", lang, what, m, limit)
					t.Log(h.sizes())
				}
			}
			check("the quest")
			if q == nil {
				continue
			}
			h.ed.Select("processional-way")
			check("a section")
			h.ed.sel = selection{kind: "exit", section: "ember-shrine"}
			h.ed.changed(true)
			check("a secret door")
			h.ed.sel = selection{kind: "element", section: "embalmers-workshop", id: "embalming-tables"}
			h.ed.changed(true)
			check("furniture")
		}
	}
}

// sizes are the minimum sizes of the editor's parts, for a failure.
func (h *harness) sizes() string {
	s := ""
	split := h.ed.content.(interface{ MinSize() fyne.Size })
	s += fmt.Sprintf("all %v; ", split.MinSize())
	s += fmt.Sprintf("canvas %v; panel %v; problems %v", h.ed.canvas.MinSize(), h.ed.panel.MinSize(), h.ed.problems.MinSize())
	return s
}
