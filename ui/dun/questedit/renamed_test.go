package questedit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// A name typed into a fresh section or element gives it its id ("chest"
// becomes "reliquary"), and the panel stays as it is: its buttons then act
// on the object by its new id. "Add a red box" and "Add an ADP note" add a
// text the object reveals (they were refused: revealed by "chest", which
// the quest does not define), and the id typed is given to the object.
func TestPanelButtonsAfterTheNameChangedTheID(t *testing.T) {
	for _, tc := range []struct {
		name   string
		put    func(h *harness)
		button string
		check  func(q *quest.Quest) bool
	}{
		{"a section's red box", func(h *harness) {}, "Add a red box", func(q *quest.Quest) bool {
			return len(q.Texts) == 1 && q.Texts[0].Section == "reliquary" && q.Texts[0].Style == "red"
		}},
		{"an element's ADP note", func(h *harness) {
			h.ed.SetTool("chest")
			h.tap(2.5, 2.5)
		}, "Add an ADP note", func(q *quest.Quest) bool {
			return len(q.Texts) == 1 && q.Texts[0].Element == "reliquary" && q.Texts[0].Style == "adp"
		}},
		{"a section's id", func(h *harness) {}, "id", func(q *quest.Quest) bool {
			return q.Sections[0].ID == "vault"
		}},
		{"an element's id", func(h *harness) {
			h.ed.SetTool("chest")
			h.tap(2.5, 2.5)
		}, "id", func(q *quest.Quest) bool {
			return len(q.Sections[0].Elements) == 1 && q.Sections[0].Elements[0].ID == "vault"
		}},
	} {
		h := newHarness(t, "en", fyne.NewSize(1280, 800), nil)
		h.drag(1.5, 1.5, 4.5, 4.5)
		tc.put(h)
		entries := h.entries()
		test.Type(entries[0], "Reliquary") // the name: the id follows it
		test.Type(entries[1], "Relicario")
		if tc.button == "id" {
			h.setID(entries[len(entries)-1], "vault")
		} else {
			h.button(tc.button)
		}
		if q := h.ed.doc.Quest(); !tc.check(q) {
			t.Errorf("%s: status %q, quest %+v", tc.name, h.ed.status.Text, q.Sections)
		}
	}
}
