package questedit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// The side panel's parts, each a tab reached by one tap or Alt+1…Alt+5:
// what is selected on the map, then the quest's own fields by job, so
// that none of them is more than a tab and a tap away.
const (
	partMap        = "map"        // the section, exit or element selected
	partQuest      = "quest"      // title, introduction, setup notes, faction, id, decks
	partCreatures  = "creatures"  // the Leader, the spawn table
	partConditions = "conditions" // what the Conductor ticks
	partTexts      = "texts"      // red boxes and ADP notes
)

var parts = []string{partMap, partQuest, partCreatures, partConditions, partTexts}

// partKeys are the parts' keys, in the order of parts.
var partKeys = []fyne.KeyName{fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5}

// partFor is the part where a problem's object is edited.
func partFor(r edit.Ref) string {
	switch r.Kind {
	case "section", "exit", "element":
		return partMap
	case "leader", "spawn":
		return partCreatures
	case "condition":
		return partConditions
	case "text":
		return partTexts
	}
	return partQuest
}

// tabBar is the row of the parts' tabs, over the panel: three to a row,
// so that their names never widen the side in Spanish.
func (ed *Editor) tabBar() fyne.CanvasObject {
	ed.tabs = ed.tabs[:0]
	grid := container.NewGridWithColumns(3)
	for _, p := range parts {
		b := widget.NewButton(ed.t("ui.questedit.part."+p), func() { ed.showPart(p) })
		ed.tabs = append(ed.tabs, b)
		grid.Add(probe.Name(b, "questedit.part."+p))
	}
	ed.markTab()
	// Closer together than the panel's buttons: the panel keeps the height.
	return ui.NewThemeOverride(grid, compactTheme{inner: 4})
}

// markTab shows which tab is the part shown.
func (ed *Editor) markTab() {
	for i, b := range ed.tabs {
		imp := widget.LowImportance
		if parts[i] == ed.part {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
}

// showPart shows a part of the panel from its top.
func (ed *Editor) showPart(p string) {
	if p == ed.part {
		return
	}
	ed.part = p
	ed.buildPanel()
	ed.panelWrap.ScrollToTop()
}

// partKey shows the part of Alt+1…Alt+5 and says whether s was one.
func (ed *Editor) partKey(s fyne.Shortcut) bool {
	k, ok := s.(*desktop.CustomShortcut)
	if !ok || k.Modifier != fyne.KeyModifierAlt {
		return false
	}
	for i, key := range partKeys {
		if k.KeyName == key {
			if ed.win.Canvas().Overlays().Top() == nil {
				ed.showPart(parts[i])
			}
			return true
		}
	}
	return false
}

// partShortcuts puts Alt+1…Alt+5 on the window: they work whatever has
// the focus (a text field of the panel hands them on, textEntry).
func (ed *Editor) partShortcuts() {
	c := ed.win.Canvas()
	for _, key := range partKeys {
		c.AddShortcut(&desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierAlt}, func(s fyne.Shortcut) { ed.partKey(s) })
	}
}

// followSelectionPart: a section, exit or element just selected shows
// its part; nothing selected any more (a tap on empty squares) shows the
// quest's own fields instead of an empty part.
func (ed *Editor) followSelectionPart() {
	if ed.sel == ed.shown {
		return
	}
	switch {
	case ed.sel.kind != "":
		ed.part = partMap
	case ed.part == partMap:
		ed.part = partQuest
	}
}

// mapPart is the map's part with nothing selected: how to select.
func (ed *Editor) mapPart() {
	ed.heading(ed.t("ui.questedit.part.map"), ed.t("ui.questedit.map_help"))
}
