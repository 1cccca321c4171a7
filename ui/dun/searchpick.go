package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// searchPicker is the room or piece of furniture a search is made on, in a
// quest game ("SEARCHING ROOMS (E)", "SEARCHING FURNITURE (E)"). What is
// offered is core's answer (dun.SearchTargets: rooms not searched yet,
// never a corridor); a piece of furniture the quest does not list is typed.
// Whether a search is allowed is core's too: the panel shows its refusal.
type searchPicker struct {
	tr      *translations.Translator
	box     *fyne.Container
	caption *widget.Label
	sel     *widget.Select
	other   *widget.Entry
	otherBx *fyne.Container
	aims    map[string]dun.Test // option → the event's Section or Element
	typed   string              // the option that shows the entry
	// onAim says what the quest says of the piece chosen: whether a
	// fumbled search sets off a trap (quest: true), or that the table
	// says it (quest: false, a piece typed or a room).
	onAim func(trap, quest bool)
}

func newSearchPicker(tr *translations.Translator) *searchPicker {
	sp := &searchPicker{tr: tr, caption: widget.NewLabel("")}
	sp.other = probe.Name(widget.NewEntry(), "dun.action.furniture_name")
	sp.otherBx = container.NewBorder(nil, nil, widget.NewLabel(tr.T("ui.action.furniture_name", nil)), nil, sp.other)
	sp.sel = probe.Name(widget.NewSelect(nil, func(s string) {
		if s != "" && s == sp.typed {
			sp.otherBx.Show()
		} else {
			sp.otherBx.Hide()
		}
		if sp.onAim != nil {
			t, quest := sp.aims[s]
			sp.onAim(t.Trap, quest && t.Element != "")
		}
	}), "dun.action.search_target")
	sp.box = container.NewVBox(sp.caption, sp.sel, sp.otherBx)
	return sp
}

// fill offers what action may be searched now, and says whether the
// picker applies to it (a search, in a quest game).
func (sp *searchPicker) fill(s dun.State, setup dun.Setup, a actions.Info) bool {
	if a.ID != "search_room" && a.ID != "search_furniture" || setup.QuestData == nil {
		return false
	}
	tr := sp.tr
	sp.aims = map[string]dun.Test{}
	sp.typed = ""
	var options []string
	for _, t := range dun.SearchTargets(s, setup, a.ID) {
		label := t.Name.In(tr.Lang)
		if t.Section != "" {
			label = setup.QuestData.SectionName(t.Section).In(tr.Lang)
		}
		sp.aims[label] = dun.Test{Section: t.Section, Element: t.Element, Trap: t.Trap}
		options = append(options, label)
	}
	if a.ID == "search_furniture" {
		sp.typed = tr.T("ui.action.furniture_other", nil)
		options = append(options, sp.typed)
	}
	if len(options) == 0 {
		options = []string{tr.T("ui.action.search_none", nil)} // core says why when tried
	}
	sp.caption.SetText(tr.T("ui.action."+a.ID+"_target", nil))
	sp.sel.Options = options
	sp.sel.ClearSelected()
	sp.sel.SetSelectedIndex(0)
	return true
}

// aim puts the room or piece chosen in the test.
func (sp *searchPicker) aim(e *dun.Test) {
	if sp.sel.Selected == sp.typed && sp.typed != "" {
		e.Furniture = sp.other.Text
		return
	}
	t := sp.aims[sp.sel.Selected]
	e.Section, e.Element = t.Section, t.Element
}

// IDs built from names above, listed so every one is translated.
var _ = []string{"ui.action.search_room_target", "ui.action.search_furniture_target"}
