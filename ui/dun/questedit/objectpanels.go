package questedit

import (
	"errors"
	"slices"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/ui"
)

// textsRevealedBy lists the texts revealed by what r gives, to edit where
// it is.
func (ed *Editor) textsRevealedBy(r func() edit.Reveal) {
	ed.panel.Add(widget.NewSeparator())
	ed.panel.Add(ui.WrappedHeading(ed.t("ui.questedit.texts_here")))
	for i, h := range ed.q.Texts {
		if revealOf(h) == r() {
			ed.panel.Add(ed.textBlock(i))
		}
	}
	ed.panel.Add(ed.addTextButton(r))
}

// sectionPanel edits the selected section.
func (ed *Editor) sectionPanel() {
	s, _ := ed.q.Section(ed.sel.section)
	id := func() string { return ed.sel.section }
	title := ed.heading(ed.q.SectionName(s.ID).In(ed.tr.Lang), ed.t("ui.questedit.section_help"))
	// The title follows the name as it is typed (the panel is not built again then).
	ed.retitle = func() {
		if seg, ok := title.Segments[0].(*widget.TextSegment); ok {
			seg.Text = ed.q.SectionName(ed.sel.section).In(ed.tr.Lang)
			title.Refresh()
		}
	}
	var kinds []string
	for _, k := range quest.SectionKinds {
		kinds = append(kinds, sectionKindName(ed.tr, k))
	}
	kind := widget.NewSelect(kinds, nil)
	kind.SetSelectedIndex(slices.Index(quest.SectionKinds, s.Kind))
	kind.OnChanged = func(string) {
		if j := kind.SelectedIndex(); j >= 0 && quest.SectionKinds[j] != s.Kind {
			ed.do(ed.doc.SetSectionKind(id(), quest.SectionKinds[j]), false)
		}
	}
	ed.panel.Add(caption(ed.t("ui.questedit.section_kind")))
	ed.panel.Add(kind)
	ed.at(edit.Ref{Kind: "section", Section: s.ID, ID: s.ID}, "name")
	ed.panel.Add(ed.textField(ed.t("ui.questedit.section_name"), s.Name, false, func(t quest.Text) error {
		return ed.doc.SetSectionName(id(), t)
	}))
	ed.at(edit.Ref{Kind: "section", Section: s.ID, ID: s.ID}, "text")
	ed.panel.Add(ed.readAloudField(ed.t("ui.questedit.section_text"), s.Text, func() bool { return true }, func(t quest.Text) error {
		return ed.doc.SetSectionText(id(), t)
	}))
	start := widget.NewButton(ed.t("ui.questedit.set_start"), func() { ed.do(ed.doc.SetStart(id()), true) })
	if s.Start {
		start.SetText(ed.t("ui.questedit.is_start"))
		start.Disable()
	}
	ed.panel.Add(start)
	// Its picture, kept inside the quest file.
	ed.panel.Add(caption(ed.t("ui.questedit.image")))
	pick := ui.NewWrapButton(ed.t("ui.questedit.image_pick"), func() { ed.pickImage(id()) })
	remove := ui.NewWrapButton(ed.t("ui.questedit.image_remove"), func() { ed.do(ed.doc.SetImage(id(), ""), true) })
	if s.Image == "" {
		remove.Disable()
	}
	ed.panel.Add(container.NewGridWithColumns(2, pick, remove))
	// What is in it.
	if len(s.Elements) > 0 {
		ed.panel.Add(caption(ed.t("ui.questedit.elements")))
		for _, el := range s.Elements {
			ed.panel.Add(widget.NewButton(el.Name.In(ed.tr.Lang), func() {
				ed.sel = selection{kind: "element", section: id(), id: el.ID}
				ed.changed(true)
			}))
		}
	}
	ed.textsRevealedBy(func() edit.Reveal { return edit.Reveal{Section: id()} })
	ed.panel.Add(widget.NewSeparator())
	ed.at(edit.Ref{Kind: "section", Section: s.ID, ID: s.ID}, "id")
	ed.panel.Add(ed.idField(s.ID, func(n string) error {
		err := ed.doc.SetID(edit.Ref{Kind: "section", Section: id(), ID: id()}, n)
		if err == nil {
			ed.sel.section = n
		}
		return err
	}))
	del := widget.NewButton(ed.t("ui.questedit.remove_section"), func() { ed.do(ed.doc.RemoveSection(id()), true) })
	del.Importance = widget.DangerImportance
	ed.panel.Add(del)
}

// pickImage asks for a PNG or JPEG and puts it in the section.
func (ed *Editor) pickImage(id string) {
	ui.OpenFile(ed.win, []string{".png", ".jpg", ".jpeg"}, quest.MaxImageFile, func(_ string, data []byte) {
		ed.setImage(id, data)
	}, func(err error) {
		dialog.ShowError(errors.New(ed.tr.T("quest.unreadable", map[string]any{"Detail": err.Error()})), ed.win)
	})
}

// exitPanel edits the selected exit.
func (ed *Editor) exitPanel() {
	s, _ := ed.q.Section(ed.sel.section)
	e := s.Exits[ed.sel.index]
	lang := ed.tr.Lang
	ed.heading(exitName(ed.tr, e.Kind), ed.tr.T("ui.questedit.exit_from_to", map[string]any{
		"From": ed.q.SectionName(s.ID).In(lang), "To": ed.q.SectionName(e.To).In(lang)}))
	var kinds []string
	for _, k := range quest.ExitKinds {
		kinds = append(kinds, exitName(ed.tr, k))
	}
	kind := widget.NewSelect(kinds, nil)
	kind.SetSelectedIndex(slices.Index(quest.ExitKinds, e.Kind))
	kind.OnChanged = func(string) {
		if j := kind.SelectedIndex(); j >= 0 && quest.ExitKinds[j] != e.Kind {
			ed.do(ed.doc.SetExitKind(s.ID, ed.sel.index, quest.ExitKinds[j]), true)
		}
	}
	ed.panel.Add(caption(ed.t("ui.questedit.exit_kind")))
	ed.panel.Add(kind)
	if e.ID != "" {
		ed.textsRevealedBy(func() edit.Reveal { return edit.Reveal{Element: e.ID} })
		ed.at(edit.Ref{Kind: "exit", Section: s.ID, Index: ed.sel.index, ID: e.ID}, "id")
		ed.panel.Add(ed.idField(e.ID, func(n string) error {
			return ed.doc.SetID(edit.Ref{Kind: "exit", Section: s.ID, Index: ed.sel.index, ID: e.ID}, n)
		}))
	}
	ed.panel.Add(widget.NewSeparator())
	del := widget.NewButton(ed.t("ui.questedit.remove_exit"), func() { ed.do(ed.doc.RemoveExit(s.ID, ed.sel.index), true) })
	del.Importance = widget.DangerImportance
	ed.panel.Add(del)
}

// elementPanel edits the selected element.
func (ed *Editor) elementPanel() {
	s, _ := ed.q.Section(ed.sel.section)
	j := slices.IndexFunc(s.Elements, func(e quest.Element) bool { return e.ID == ed.sel.id })
	el := s.Elements[j]
	get := func() quest.Element {
		c, _ := ed.doc.Quest().Section(ed.sel.section)
		k := slices.IndexFunc(c.Elements, func(e quest.Element) bool { return e.ID == ed.sel.id })
		return c.Elements[k]
	}
	ed.heading(elementName(ed.tr, el.Kind), ed.tr.T("ui.questedit.element_in", map[string]any{"Name": ed.q.SectionName(s.ID).In(ed.tr.Lang)}))
	ed.at(edit.Ref{Kind: "element", Section: s.ID, Index: j, ID: el.ID}, "name")
	ed.panel.Add(ed.textField(ed.t("ui.questedit.element_name"), el.Name, false, func(t quest.Text) error {
		return ed.doc.SetElement(ed.sel.section, ed.sel.id, t, get().TrapAllowed)
	}))
	if el.Kind == "furniture" {
		trap := ui.NewWrapCheck(ed.t("ui.questedit.trap_allowed"), nil)
		trap.SetChecked(el.TrapAllowed)
		trap.OnChanged = func(on bool) { ed.edit(ed.doc.SetElement(ed.sel.section, ed.sel.id, get().Name, on)) }
		ed.panel.Add(trap)
	}
	ed.textsRevealedBy(func() edit.Reveal { return edit.Reveal{Element: ed.sel.id} })
	ed.panel.Add(widget.NewSeparator())
	ed.at(edit.Ref{Kind: "element", Section: s.ID, Index: j, ID: el.ID}, "id")
	ed.panel.Add(ed.idField(el.ID, func(n string) error {
		err := ed.doc.SetID(edit.Ref{Kind: "element", Section: ed.sel.section, ID: ed.sel.id, Index: j}, n)
		if err == nil {
			ed.sel.id = n
		}
		return err
	}))
	del := widget.NewButton(ed.t("ui.questedit.remove_element"), func() { ed.do(ed.doc.RemoveElement(ed.sel.section, ed.sel.id), true) })
	del.Importance = widget.DangerImportance
	ed.panel.Add(del)
}

// setImage puts a picture file's content in a section, shrunk to fit the
// quest file; a file that is no picture is refused with its reason.
func (ed *Editor) setImage(id string, data []byte) {
	uri, err := quest.ImageFromFile(data)
	if err != nil {
		ed.refuse(errors.New(ed.tr.T("ui.questedit.image_bad", map[string]any{"Detail": errorText(ed.tr, err)})))
		return
	}
	ed.do(ed.doc.SetImage(id, uri), true)
}
