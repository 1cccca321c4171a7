package questedit

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/dunconductor/conductor/core/dun/quest/edit"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/ui"
)

// buildPanel fills the side panel for the selection; a section or an
// element just made has its name's field focused, to type at once.
func (ed *Editor) buildPanel() {
	// A field of the old panel keeps no focus: the keys typed would go to
	// a field no longer shown.
	if f := ed.win.Canvas().Focused(); f != nil && slices.Contains(ed.fields, f) {
		ed.win.Canvas().Unfocus()
	}
	ed.panel.RemoveAll()
	ed.fields, ed.placed, ed.here = nil, nil, edit.Ref{}
	ed.retitle = nil
	ed.fileLine = nil
	ed.followSelectionPart()
	ed.markTab()
	defer func() {
		switch {
		case ed.goTo != nil:
			// A problem tapped: its field, in sight (FocusGained).
			if f := ed.fieldOf(*ed.goTo); f != nil {
				ed.win.Canvas().Focus(f)
			}
		case ed.focusName && len(ed.fields) > 0:
			// The name, selected (textEntry.FocusGained): what is typed
			// replaces "Trap".
			ed.win.Canvas().Focus(ed.fields[0])
		case ed.textFocus != nil:
			// A text just added: its words, in sight, to type at once.
			ed.win.Canvas().Focus(ed.textFocus)
		}
		ed.focusName, ed.focusText, ed.textFocus, ed.goTo = false, "", nil, nil
		ed.revealFocused()
	}()
	ed.fillPart()
	ed.panel.Refresh()
	if ed.sel != ed.shown {
		// Another object: its panel from the top.
		ed.shown = ed.sel
		ed.panelWrap.ScrollToTop()
	}
}

// fillPart fills the panel with the part shown.
func (ed *Editor) fillPart() {
	switch ed.part {
	case partQuest:
		ed.questPart()
	case partCreatures:
		ed.creaturesPart()
	case partConditions:
		ed.conditionsPart()
	case partTexts:
		ed.textsPart()
	default:
		ed.objectPart()
	}
}

// objectPart is the map's part: what is selected on it.
func (ed *Editor) objectPart() {
	switch ed.sel.kind {
	case "section":
		ed.sectionPanel()
	case "exit":
		ed.exitPanel()
	case "element":
		ed.elementPanel()
	default:
		ed.mapPart()
	}
}

// placedField is a field of the panel and what it edits: where a problem
// on that field goes.
type placedField struct {
	ref edit.Ref
	f   fyne.Focusable
}

// fieldOf is the panel's field for a problem's ref: the very field, else
// the object's first, else none.
func (ed *Editor) fieldOf(r edit.Ref) fyne.Focusable {
	var first, field fyne.Focusable
	for _, p := range ed.placed {
		if !sameObject(p.ref, r) {
			continue
		}
		if p.ref.Field == r.Field {
			if e, ok := p.f.(*textEntry); ok && strings.TrimSpace(e.Text) == "" {
				return p.f // the language missing, of a text in two boxes
			}
			if field == nil {
				field = p.f
			}
		}
		if first == nil {
			first = p.f
		}
	}
	if field != nil {
		return field
	}
	return first
}

// focusedRef is what the field with the keys edits, as JSON (for the
// real-input tests): "" when no field of the panel has them.
func (ed *Editor) focusedRef() string {
	f := ed.win.Canvas().Focused()
	for _, p := range ed.placed {
		if p.f == f && f != nil {
			b, _ := json.Marshal(p.ref)
			return string(b)
		}
	}
	return ""
}

// sameObject says whether two refs name the same object of the quest.
func sameObject(a, b edit.Ref) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case "spawn", "exit":
		return a.Section == b.Section && a.Index == b.Index
	case "section":
		return a.Section == b.Section
	case "element", "text", "condition", "deck":
		return a.ID == b.ID
	}
	return true
}

// at says what the fields made next edit (field: their key in the quest
// file), for a problem tapped to find them.
func (ed *Editor) at(r edit.Ref, field string) {
	r.Field = field
	ed.here = r
}

func (ed *Editor) t(id string) string { return ed.tr.T(id, nil) }

// caption is a bold label above an input, wrapping rather than widening.
func caption(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	l.TextStyle.Bold = true
	return l
}

// heading is the panel's title and, under it, a line of help. It returns
// the title, for a panel whose title follows what is typed (a name).
func (ed *Editor) heading(title, help string) *widget.RichText {
	h := ui.WrappedHeading(title).(*widget.RichText)
	ed.panel.Add(h)
	if help != "" {
		ed.panel.Add(ui.Wrapped(help, widget.LowImportance))
	}
	return h
}
