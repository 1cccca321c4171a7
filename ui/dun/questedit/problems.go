package questedit

import (
	"errors"
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/translations"
)

// errorText words an error of the Doc: a quest problem by its message,
// anything else with its detail.
func errorText(tr *translations.Translator, err error) string {
	var p quest.Problem
	var pp *quest.Problem
	var ps quest.Problems
	switch {
	case errors.As(err, &ps) && len(ps) > 0:
		return tr.T(ps[0].ID, ps[0].Args)
	case errors.As(err, &p):
		return tr.T(p.ID, p.Args)
	case errors.As(err, &pp):
		return tr.T(pp.ID, pp.Args)
	}
	return tr.T("ui.questedit.refused", map[string]any{"Detail": err.Error()})
}

// problemAt says whether a problem is on an object of kind (and section,
// index or id).
func (ed *Editor) problemAt(kind, section string, index int, id string) bool {
	for _, p := range ed.probs {
		r := p.Ref
		if r.Kind != kind || r.Section != section {
			continue
		}
		switch kind {
		case "exit":
			if r.Index == index {
				return true
			}
		case "element":
			if r.ID == id || (r.ID == "" && r.Index == index) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// listProblems lists the validator's problems under the panel, each with
// its line in the file; a tap selects the object it is on.
func (ed *Editor) listProblems() {
	type row struct {
		text string
		imp  widget.Importance
		ref  *edit.Ref // nil for the heading
	}
	var rows []row
	if ed.valid() {
		rows = append(rows, row{ed.tr.T("ui.questedit.no_problems", nil), widget.SuccessImportance, nil})
	} else {
		rows = append(rows, row{ed.tr.T("ui.questedit.problems", map[string]any{"Count": len(ed.probs) + len(ed.missing)}), widget.DangerImportance, nil})
	}
	for _, r := range ed.missing {
		rows = append(rows, row{ed.tr.T("ui.questedit.missing_line", map[string]any{"What": ed.describe(r)}), widget.WarningImportance, &r})
	}
	for _, p := range ed.probs {
		text := ed.tr.T(p.ID, p.Args)
		if p.Line > 0 {
			text = ed.tr.T("ui.questedit.problem_line", map[string]any{"Line": p.Line, "Problem": text})
		}
		rows = append(rows, row{text, widget.DangerImportance, &p.Ref})
	}
	for _, p := range ed.doc.Warnings() { // worth a look, but no bar to saving
		rows = append(rows, row{ed.tr.T("ui.questedit.problem_line", map[string]any{"Line": p.Line, "Problem": ed.tr.T(p.ID, p.Args)}), widget.WarningImportance, &p.Ref})
	}
	// The same list as shown (a key typed that changed no problem): kept
	// as it is, not drawn again.
	key := make([]string, 0, len(rows))
	for _, r := range rows {
		ref := ""
		if r.ref != nil {
			ref = fmt.Sprint(*r.ref)
		}
		key = append(key, fmt.Sprint(r.imp, "\x00", ref, "\x00", r.text))
	}
	if slices.Equal(key, ed.listed) {
		return
	}
	ed.listed = key
	ed.problemsHead.Importance = rows[0].imp
	ed.problemsHead.SetText(rows[0].text)
	// One line each, so that five and more are seen at once at 1024×768
	// and the panel above keeps room for its fields; a tap selects the
	// object and says the whole problem in the status line.
	for i, l := range ed.problemRows.Show(len(rows) - 1) {
		ref, text := *rows[i+1].ref, rows[i+1].text
		l.Importance = rows[i+1].imp
		l.onTap = func() {
			ed.selectRef(ref)
			ed.status.SetText(text)
		}
		l.SetText(text)
	}
	ed.showFold()
	ed.showProblems()
}

// showFold offers to show every problem, or fewer, when there are more
// than the folded list shows.
func (ed *Editor) showFold() {
	if len(ed.listed) <= foldedRows+1 {
		ed.problemsFold.Hide()
		return
	}
	id := "ui.questedit.problems_all"
	if !ed.side.folded {
		id = "ui.questedit.problems_fewer"
	}
	ed.problemsFold.SetText(ed.t(id))
	ed.problemsFold.Show()
}

// foldProblems shows every problem under the panel, or only the first.
func (ed *Editor) foldProblems() {
	ed.side.folded = !ed.side.folded
	ed.showFold()
	ed.showProblems()
}

// showProblems lays out the side again for the problems listed: their
// area takes the height they need, and the list, its new length (a list
// scrolled down and then shortened would otherwise show only blank).
func (ed *Editor) showProblems() {
	if ed.sideBox == nil {
		return // still being built
	}
	ed.sideBox.Layout.Layout(ed.sideBox.Objects, ed.sideBox.Size())
	ed.problemsScroll.Refresh() // its offset kept within the list's new length
}

// valid says whether the quest can be saved: no problem, no text missing
// a language.
func (ed *Editor) valid() bool { return len(ed.probs) == 0 && len(ed.missing) == 0 }

// describe names an object for the reader.
func (ed *Editor) describe(r edit.Ref) string {
	lang := ed.tr.Lang
	switch r.Kind {
	case "section":
		return ed.q.SectionName(r.Section).In(lang)
	case "exit":
		if s, ok := ed.q.Section(r.Section); ok && r.Index < len(s.Exits) {
			return ed.tr.T("ui.questedit.exit_from_to", map[string]any{"From": ed.q.SectionName(s.ID).In(lang), "To": ed.q.SectionName(s.Exits[r.Index].To).In(lang)})
		}
	case "element":
		if s, ok := ed.q.Section(r.Section); ok {
			for _, el := range s.Elements {
				if el.ID == r.ID {
					return el.Name.In(lang)
				}
			}
		}
	case "text":
		return ed.tr.T("ui.questedit.text_n", map[string]any{"N": r.Index + 1})
	case "condition":
		return ed.tr.T("ui.questedit.condition", map[string]any{"N": r.Index + 1})
	case "spawn":
		return ed.tr.T("ui.questedit.spawn_row", map[string]any{"Roll": r.Index})
	case "leader":
		return ed.t("ui.questedit.leader")
	}
	return ed.t("ui.questedit.quest")
}

// selectRef selects the object a problem is on and shows its part, the
// field the problem is on given the keys, in sight (the object's first
// field when the problem is on none of them: its panel from the top).
func (ed *Editor) selectRef(r edit.Ref) {
	switch r.Kind {
	case "section":
		ed.sel = selection{kind: "section", section: r.Section}
	case "exit":
		ed.sel = selection{kind: "exit", section: r.Section, index: r.Index}
	case "element":
		id := r.ID
		if s, ok := ed.q.Section(r.Section); ok && id == "" && r.Index < len(s.Elements) {
			id = s.Elements[r.Index].ID
		}
		ed.sel = selection{kind: "element", section: r.Section, id: id}
	default:
		ed.sel = selection{}
	}
	ed.shown = ed.sel // the part is the problem's, whatever was shown
	ed.part = partFor(r)
	ed.panelWrap.ScrollToTop()
	ed.goTo = &r
	ed.changed(true)
}

// tapLabel is a wrapped line that selects what it speaks of when tapped:
// a problem in the list under the panel.
type tapLabel struct {
	widget.Label
	onTap func()
}

func newTapLabel(text string, imp widget.Importance, tap func()) *tapLabel {
	l := &tapLabel{onTap: tap}
	l.Text, l.Wrapping, l.Importance = text, fyne.TextWrapWord, imp
	l.ExtendBaseWidget(l)
	return l
}

// Tapped selects the object (a heading does nothing).
func (l *tapLabel) Tapped(*fyne.PointEvent) {
	if l.onTap != nil {
		l.onTap()
	}
}

// Cursor shows the label can be tapped.
func (l *tapLabel) Cursor() desktop.Cursor { return desktop.PointerCursor }
