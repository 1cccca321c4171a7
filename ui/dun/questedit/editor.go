// Package questedit is the quest editor: a drawn map a Conductor makes a
// quest on without writing TOML, with a side panel for what is selected,
// the validator's problems shown on the map and listed, undo and redo, and
// a preview of the quest as the players will see it. The quest itself and
// its undo history are core's (core/dun/quest/edit): this package only
// turns taps, drags and typing into the Doc's actions.
package questedit

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// Profile is a creature profile of the faction chosen in New game: its
// name fills a spawn row, its id says which creature's death ticks a
// condition.
type Profile struct {
	ID   string
	Name quest.Text
}

// Options say what the editor starts from and what saving does.
type Options struct {
	// Quest is the quest to edit; nil starts an empty one.
	Quest *quest.Quest
	// Profiles are the chosen faction's creature profiles, if any.
	Profiles []Profile
	// Save stores the quest file (as New game's Import does); nil leaves
	// only "Save as a file…". It returns whether the quest was stored.
	Save func(name string, content []byte) bool
	// Taken says whether Save refuses a quest's id, as that of one of the
	// app's own quests: the quest then has a problem on its id. Nil: none.
	Taken func(id string) bool
}

// Tools: what a tap on the map does. Dragging always draws, moves or
// resizes sections.
const (
	toolSelect = "select"
	toolStart  = "start"
)

// selection is what the side panel shows: nothing (the quest itself), a
// section, an exit (its section and index) or an element.
type selection struct {
	kind    string // "", "section", "exit", "element"
	section string
	index   int
	id      string
}

// Editor is the open quest editor.
type Editor struct {
	// retitle puts the panel's title in step with what is typed (the
	// selected section's name); nil when the panel has no such title.
	retitle func()

	tr   *translations.Translator
	win  fyne.Window
	doc  *edit.Doc
	opts Options

	canvas    *gridCanvas
	tool      *widget.Select
	toolKeys  []string
	kind      *widget.Select
	kindKeys  []string
	sel       selection
	panel     *fyne.Container
	panelWrap *container.Scroll
	problems  *fyne.Container
	// problemsHead says how many problems there are (or none); the
	// problemRows below it are the problems, updated in place.
	problemsHead *widget.Label
	problemRows  *ui.Rows[*tapLabel]
	// problemsScroll holds the problems, under the panel (sideLayout).
	problemsScroll *container.Scroll
	sideBox        *fyne.Container
	status         *widget.Label
	undo           *widget.Button
	redo           *widget.Button
	save           *widget.Button
	saveFile       *widget.Button
	preview        *widget.Button
	content        fyne.CanvasObject

	// q is the quest as last drawn, probs its problems.
	q     *quest.Quest
	probs []edit.Problem
	// missing are the objects with a text in one language only.
	missing []edit.Ref
	// images are decoded section images, by data URI.
	images map[string]image.Image
	// fields are the side panel's text fields, in order; focusName asks
	// the next panel to focus its first (a new object's name).
	fields    []fyne.Focusable
	focusName bool
	// focusText is the id of a text just added: the next panel gives the
	// keys to its words' first field (textFocus, found as it is built).
	focusText string
	textFocus fyne.Focusable
	// blurred is the panel's field that lost the focus last.
	blurred fyne.Focusable
	// changes counts the changes shown; typing is the field typed in
	// last, when, and whether its typing made a step to undo.
	changes int
	typing  struct {
		field  any
		at     int
		pushed bool
		sel    selection
	}
	// fileSize is how much text the quest file holds (fileText), as
	// counted after change number at.
	fileSize struct{ at, n int }
	// fileLine is the line under the text typed in last that says how
	// much the file holds (showFileSize).
	fileLine *widget.Label
	// redoSel is the selection to go back to when the typing just undone
	// is redone: at the change count that redo comes at, else -1.
	redoSel struct {
		sel selection
		at  int
	}
	// listed are the problems' lines shown, as listProblems compares them.
	listed []string
	// shown is the selection the side panel was last built for.
	shown selection
	// previewWin is the players' preview, while open.
	previewWin *preview
	// draft keeps the unsaved work as a draft (draft.go).
	draft draftKeeping
}

// Show opens the editor in a window of its own, as large as parent.
func Show(a fyne.App, parent fyne.Window, tr *translations.Translator, opts Options) *Editor {
	w := a.NewWindow(tr.T("ui.questedit.title", nil))
	ed := New(w, tr, opts)
	ed.guardClose() // unsaved work: asked before the window closes (draft.go)
	size := fyne.NewSize(1280, 800)
	if parent != nil {
		if s := parent.Canvas().Size(); s.Width > 0 && s.Height > 0 {
			size = s
		}
	}
	w.Resize(size)
	w.CenterOnScreen()
	w.Show()
	ed.canvas.fit()
	return ed
}

// New builds the editor into window w.
func New(w fyne.Window, tr *translations.Translator, opts Options) *Editor {
	ed := &Editor{tr: tr, win: w, opts: opts, images: map[string]image.Image{}}
	if opts.Quest != nil {
		ed.doc = edit.Open(opts.Quest)
	} else {
		ed.doc = edit.New()
	}
	t := func(id string) string { return tr.T(id, nil) }
	// The quest as the editor holds it, for the real-input tests.
	probe.Value("questedit.quest", func() string { b, _ := json.Marshal(ed.doc.Quest()); return string(b) })

	ed.status = ui.Wrapped("", widget.LowImportance)
	ed.canvas = newGridCanvas()
	ed.canvas.startText = t("ui.questedit.start_mark")
	ed.canvas.onTap = ed.tapped
	ed.canvas.onDrag = ed.dragged
	ed.canvas.shape = ed.dragShape
	// Where the map's squares are, for the real-input tests: a square's
	// size and the grid point (0, 0)'s place on the map, in pixels.
	probe.Value("questedit.grid", func() string {
		return fmt.Sprintf(`{"cell":%g,"x":%g,"y":%g}`, ed.canvas.cell, -ed.canvas.pan.X, -ed.canvas.pan.Y)
	})

	// The toolbar: what a tap puts, what a drag draws, zoom, undo.
	var toolNames []string
	add := func(key, name string) {
		ed.toolKeys = append(ed.toolKeys, key)
		toolNames = append(toolNames, name)
	}
	add(toolSelect, t("ui.questedit.tool.select"))
	for _, k := range quest.ExitKinds {
		add(k, exitName(tr, k))
	}
	for _, k := range quest.ElementKinds {
		add(k, elementName(tr, k))
	}
	add(toolStart, t("ui.questedit.tool.start"))
	ed.tool = widget.NewSelect(toolNames, func(string) { ed.showHint() })
	ed.tool.SetSelectedIndex(0)
	var kindNames []string
	for _, k := range quest.SectionKinds {
		ed.kindKeys = append(ed.kindKeys, k)
		kindNames = append(kindNames, sectionKindName(tr, k))
	}
	ed.kind = widget.NewSelect(kindNames, nil)
	ed.kind.SetSelectedIndex(1)
	zoomOut := widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { ed.canvas.zoom(1 / 1.25) })
	zoomIn := widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { ed.canvas.zoom(1.25) })
	zoomFit := widget.NewButtonWithIcon("", theme.ZoomFitIcon(), func() { ed.canvas.fit() })
	ed.undo = widget.NewButtonWithIcon(t("ui.questedit.undo"), theme.ContentUndoIcon(), ed.Undo)
	ed.redo = widget.NewButtonWithIcon(t("ui.questedit.redo"), theme.ContentRedoIcon(), ed.Redo)
	// Each caption above its list: a long Spanish caption never widens
	// the window.
	toolbar := container.NewVBox(
		container.NewGridWithColumns(2,
			container.NewVBox(caption(t("ui.questedit.tap")), ed.tool),
			container.NewVBox(caption(t("ui.questedit.drag")), ed.kind)),
		container.NewHBox(zoomOut, zoomIn, zoomFit, ed.undo, ed.redo))

	// The side panel and, under it, the problems and the saving.
	ed.panel = container.NewVBox()
	ed.panelWrap = probe.Name(ui.FormScroll(ed.panel), "questedit.panel")
	ed.problemsHead = ui.Wrapped("", widget.MediumImportance)
	ed.problems = container.NewVBox(ed.problemsHead)
	ed.problemRows = ui.NewRows(ed.problems, func() (*tapLabel, fyne.CanvasObject) {
		l := newTapLabel("", widget.MediumImportance, nil)
		l.Wrapping, l.Truncation = fyne.TextWrapOff, fyne.TextTruncateEllipsis
		return l, l
	})
	ed.problemRows.Reset = func(l *tapLabel) { l.onTap = nil; l.SetText("") }
	// The problems' lines closer together than the panel's: five and more
	// are seen at once under the panel.
	ed.problemsScroll = ui.VScroll(ui.NewThemeOverride(ed.problems, compactTheme{}))
	preview := ui.NewWrapButton(t("ui.questedit.preview"), ed.openPreview)
	saveFile := ui.NewWrapButton(t("ui.questedit.save_file"), ed.saveAsFile)
	ed.preview, ed.saveFile = preview.AsButton(), saveFile.AsButton()
	ed.save = widget.NewButtonWithIcon(t("ui.questedit.save"), theme.ConfirmIcon(), ed.saveQuest)
	ed.save.Importance = widget.HighImportance
	if opts.Save == nil {
		ed.save.Hide()
	}
	bottom := container.NewVBox(container.NewGridWithColumns(2, preview, saveFile), ed.save)
	ed.sideBox = container.New(&sideLayout{rows: ed.problems}, ed.panelWrap, widget.NewSeparator(), ed.problemsScroll)
	side := container.NewBorder(nil, bottom, nil, nil, ed.sideBox)
	left := container.NewBorder(toolbar, ed.status, nil, nil, ed.canvas)
	split := container.NewHSplit(left, side)
	split.Offset = 0.6
	ed.content = split
	w.SetContent(ed.content)
	ed.keys()
	ed.changed(true)
	ed.showHint()
	return ed
}

// Content is what the editor shows.
func (ed *Editor) Content() fyne.CanvasObject { return ed.content }

// Doc is the quest being edited.
func (ed *Editor) Doc() *edit.Doc { return ed.doc }

// Undo's and Redo's keys: Ctrl+Z undoes; Ctrl+Shift+Z or Ctrl+Y redoes
// (Cmd on a Mac). Fyne gives Ctrl+Z and Ctrl+Y as its own Undo and Redo
// shortcuts, Ctrl+Shift+Z as a key with modifiers.
var (
	undoKeys = []fyne.Shortcut{&fyne.ShortcutUndo{},
		&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault}}
	redoKeys = []fyne.Shortcut{&fyne.ShortcutRedo{},
		&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
		&desktop.CustomShortcut{KeyName: fyne.KeyY, Modifier: fyne.KeyModifierShortcutDefault}}
)

// keys: Undo's and Redo's keys work whatever has the focus (a text field
// of the panel gives them to the editor, historyKey); + and - zoom.
func (ed *Editor) keys() {
	c := ed.win.Canvas()
	for _, k := range append(slices.Clone(undoKeys), redoKeys...) {
		c.AddShortcut(k, func(s fyne.Shortcut) { ed.historyKey(s) })
	}
	c.SetOnTypedRune(func(r rune) {
		switch r {
		case '+', '=':
			ed.canvas.zoom(1.25)
		case '-':
			ed.canvas.zoom(1 / 1.25)
		}
	})
}

// historyKey undoes or redoes for Undo's or Redo's keys (none while a
// dialog is open over the editor) and says whether s was one of them.
func (ed *Editor) historyKey(s fyne.Shortcut) bool {
	is := func(keys []fyne.Shortcut) bool {
		return slices.ContainsFunc(keys, func(k fyne.Shortcut) bool { return k.ShortcutName() == s.ShortcutName() })
	}
	undo, redo := is(undoKeys), is(redoKeys)
	if (undo || redo) && ed.win.Canvas().Overlays().Top() == nil {
		if undo {
			ed.Undo()
		} else {
			ed.Redo()
		}
	}
	return undo || redo
}

// Undo takes back the last change.
func (ed *Editor) Undo() {
	ed.step(true)
}

// Redo makes the last change undone again.
func (ed *Editor) Redo() {
	ed.step(false)
}

// step undoes or redoes. What was typed into a field last is one step:
// undone, the selection goes back to what it was before the typing (a
// fresh section's id follows its name), and redone, to what it was
// after. A field of the panel that had the focus keeps it (the panel is
// built again, the field's text from the quest), its cursor at the end.
func (ed *Editor) step(undo bool) {
	c := ed.win.Canvas()
	at := -1
	if f := c.Focused(); f != nil {
		at = slices.Index(ed.fields, f)
	}
	sel := ed.sel
	if undo {
		typing := ed.typing.pushed && ed.typing.at == ed.changes
		if !ed.doc.Undo() {
			return
		}
		ed.redoSel.at = -1
		if typing {
			ed.redoSel.sel, ed.sel = ed.sel, ed.typing.sel
			ed.redoSel.at = ed.changes + 1
			sel = ed.sel // the same object, by its id before the typing
		}
	} else {
		if !ed.doc.Redo() {
			return
		}
		if ed.redoSel.at == ed.changes {
			ed.sel = ed.redoSel.sel
			sel = ed.sel
		}
		ed.redoSel.at = -1
	}
	ed.changed(true)
	if at < 0 {
		return
	}
	if ed.sel != sel || at >= len(ed.fields) || !ed.inView(ed.fields[at]) {
		c.Unfocus()
		return
	}
	c.Focus(ed.fields[at])
	ed.fields[at].TypedKey(&fyne.KeyEvent{Name: fyne.KeyPageDown}) // the cursor at the end
}

// inView says whether a field of the panel is shown (not folded away).
func (ed *Editor) inView(f fyne.Focusable) bool {
	found := false
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if found || o == nil || !o.Visible() {
			return
		}
		if o == f.(fyne.CanvasObject) {
			found = true
			return
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *widget.Accordion:
			for _, it := range x.Items {
				if it.Open {
					walk(it.Detail)
				}
			}
		}
	}
	walk(ed.panel)
	return found
}

// currentTool is the key of the tool chosen.
func (ed *Editor) currentTool() string {
	if i := ed.tool.SelectedIndex(); i >= 0 {
		return ed.toolKeys[i]
	}
	return toolSelect
}

// SetTool chooses the tool with key k (toolSelect, an exit kind, an
// element kind or toolStart).
func (ed *Editor) SetTool(k string) {
	if i := slices.Index(ed.toolKeys, k); i >= 0 {
		ed.tool.SetSelectedIndex(i)
	}
}

// SetSectionKind chooses what a drag on empty squares draws.
func (ed *Editor) SetSectionKind(k string) {
	if i := slices.Index(ed.kindKeys, k); i >= 0 {
		ed.kind.SetSelectedIndex(i)
	}
}

func (ed *Editor) showHint() {
	ed.status.Importance = widget.LowImportance
	switch tool := ed.currentTool(); {
	case tool == toolSelect:
		ed.status.SetText(ed.tr.T("ui.questedit.hint.select", nil))
	case tool == toolStart:
		ed.status.SetText(ed.tr.T("ui.questedit.hint.start", nil))
	case slices.Contains(quest.ExitKinds, tool):
		ed.status.SetText(ed.tr.T("ui.questedit.hint.exit", nil))
	default:
		ed.status.SetText(ed.tr.T("ui.questedit.hint.element", nil))
	}
}

// refuse shows why an action was refused, in the reader's words.
func (ed *Editor) refuse(err error) {
	ed.status.Importance = widget.DangerImportance
	ed.status.SetText(errorText(ed.tr, err))
}

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

// do runs an action of the Doc and shows the result; structural says the
// side panel is rebuilt (a selection changed, an object came or went).
func (ed *Editor) do(err error, structural bool) bool {
	if err != nil {
		ed.refuse(err)
		return false
	}
	ed.showHint()
	ed.changed(structural)
	return true
}

// changed draws the quest again, checks it, and rebuilds the side panel
// when structural.
func (ed *Editor) changed(structural bool) {
	ed.changes++
	ed.q = ed.doc.Quest()
	ed.probs = ed.doc.Problems()
	if ed.opts.Taken != nil && ed.q.ID != "" && ed.opts.Taken(ed.q.ID) {
		// Save would be refused, and say so behind this window: said here.
		ed.probs = append(ed.probs, edit.Problem{Ref: edit.Ref{Kind: "quest"},
			Problem: quest.Problem{File: edit.File, Line: 1, ID: "quest.builtin_id", Args: map[string]any{"ID": ed.q.ID}}})
	}
	ed.missing = ed.doc.Missing()
	if !ed.selectionExists() {
		ed.sel = selection{}
		structural = true
	}
	ed.draw()
	ed.listProblems()
	if structural {
		ed.buildPanel()
	}
	setEnabled(ed.undo, ed.doc.CanUndo())
	setEnabled(ed.redo, ed.doc.CanRedo())
	ok := ed.valid()
	setEnabled(ed.save, ok)
	setEnabled(ed.saveFile, ok)
	setEnabled(ed.preview, ok)
	ed.draftChanged() // kept as a draft (draft.go)
}

func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

func (ed *Editor) selectionExists() bool {
	switch ed.sel.kind {
	case "section":
		_, ok := ed.q.Section(ed.sel.section)
		return ok
	case "exit":
		s, ok := ed.q.Section(ed.sel.section)
		return ok && ed.sel.index < len(s.Exits)
	case "element":
		s, ok := ed.q.Section(ed.sel.section)
		return ok && slices.ContainsFunc(s.Elements, func(e quest.Element) bool { return e.ID == ed.sel.id })
	}
	return true
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

// draw maps the quest onto the canvas.
func (ed *Editor) draw() {
	var pic drawn
	lang := ed.tr.Lang
	for _, s := range ed.q.Sections {
		pic.Sections = append(pic.Sections, drawSection{ID: s.ID, Name: ed.q.SectionName(s.ID).In(lang), Kind: s.Kind,
			X: s.X, Y: s.Y, W: s.W, H: s.H, Start: s.Start, Image: ed.image(s),
			Problem:  ed.problemAt("section", s.ID, 0, ""),
			Selected: ed.sel.kind == "section" && ed.sel.section == s.ID})
		for i, e := range s.Exits {
			pic.Exits = append(pic.Exits, drawExit{From: s.ID, Index: i, Kind: e.Kind, X: e.X, Y: e.Y,
				Problem:  ed.problemAt("exit", s.ID, i, ""),
				Selected: ed.sel.kind == "exit" && ed.sel.section == s.ID && ed.sel.index == i})
		}
		for i, el := range s.Elements {
			pic.Elements = append(pic.Elements, drawElement{Section: s.ID, ID: el.ID, Kind: el.Kind, X: el.X, Y: el.Y,
				Problem:  ed.problemAt("element", s.ID, i, el.ID),
				Selected: ed.sel.kind == "element" && ed.sel.id == el.ID})
		}
	}
	ed.canvas.show(pic)
}

// image is a section's picture, decoded once.
func (ed *Editor) image(s quest.Section) image.Image {
	if s.Image == "" {
		return nil
	}
	if img, ok := ed.images[s.Image]; ok {
		return img
	}
	img, ok := quest.SectionImage(s)
	if !ok {
		img = nil
	}
	ed.images[s.Image] = img
	return img
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

// sideLayout lays out the side panel over the problems (objects: the
// panel's scroll, a separator, the problems' scroll). The problems take
// what they need, at most what shows their first problemRows with room
// to spare (problemShare of the height), but never so much that the panel
// has less than panelShare: the panel has the rest.
type sideLayout struct {
	rows *fyne.Container // the problems' heading and rows
}

const (
	problemRows  = 5
	problemShare = 0.25
	panelShare   = 0.55
)

func (l *sideLayout) problemsHeight(avail float32) float32 {
	pad := theme.Padding()
	all, first := float32(0), float32(0)
	for i, o := range l.rows.Objects {
		if !o.Visible() {
			continue
		}
		all += o.MinSize().Height + pad
		if i <= problemRows { // the heading and five problems
			first = all
		}
	}
	return min(all, max(first, problemShare*avail), (1-panelShare)*avail)
}

func (l *sideLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	panel, sep, probs := objects[0], objects[1], objects[2]
	pad := theme.Padding()
	sepH := sep.MinSize().Height
	avail := max(size.Height-sepH-2*pad, 0)
	h := l.problemsHeight(avail)
	top := avail - h
	panel.Move(fyne.NewPos(0, 0))
	panel.Resize(fyne.NewSize(size.Width, top))
	sep.Move(fyne.NewPos(0, top+pad))
	sep.Resize(fyne.NewSize(size.Width, sepH))
	probs.Move(fyne.NewPos(0, top+sepH+2*pad))
	probs.Resize(fyne.NewSize(size.Width, h))
}

func (l *sideLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	w := float32(0)
	h := objects[1].MinSize().Height + 2*theme.Padding()
	for _, o := range []fyne.CanvasObject{objects[0], objects[2]} {
		w = max(w, o.MinSize().Width)
		h += o.MinSize().Height
	}
	return fyne.NewSize(w, h)
}

// compactTheme is the app's theme with less room around each line of
// text: the problems' list.
type compactTheme struct{}

func (compactTheme) th() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }
func (t compactTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.th().Color(n, v)
}
func (t compactTheme) Font(s fyne.TextStyle) fyne.Resource     { return t.th().Font(s) }
func (t compactTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.th().Icon(n) }
func (t compactTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameInnerPadding:
		return 1
	case theme.SizeNamePadding:
		return 2
	}
	return t.th().Size(n)
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

// selectRef selects the object a problem is on.
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
	ed.changed(true)
	// Its panel from the top, where its name or the quest's title and id
	// are, even when it was selected and scrolled down already.
	ed.panelWrap.ScrollToTop()
}

// Select selects a section by id (or nothing with "").
func (ed *Editor) Select(section string) {
	ed.sel = selection{}
	if section != "" {
		ed.sel = selection{kind: "section", section: section}
	}
	ed.changed(true)
}

// square is the grid square a fractional position lies in; point the
// nearest grid point.
func square(gx, gy float32) (int, int) {
	return int(math.Floor(float64(gx))), int(math.Floor(float64(gy)))
}

func point(gx, gy float32) (int, int) {
	return int(math.Round(float64(gx))), int(math.Round(float64(gy)))
}

// tapped: a tap on the map does what the tool says.
func (ed *Editor) tapped(gx, gy float32) {
	tool := ed.currentTool()
	sx, sy := square(gx, gy)
	switch {
	case tool == toolSelect:
		ed.pick(gx, gy)
	case tool == toolStart:
		id, ok := ed.doc.SectionAt(sx, sy)
		if !ok {
			ed.refuse(errors.New(ed.tr.T("ui.questedit.no_section_here", nil)))
			return
		}
		ed.sel = selection{kind: "section", section: id}
		ed.do(ed.doc.SetStart(id), true)
	case slices.Contains(quest.ExitKinds, tool):
		ed.addExit(tool, gx, gy)
	default:
		id, ok := ed.doc.SectionAt(sx, sy)
		if !ok {
			ed.status.Importance = widget.DangerImportance
			ed.status.SetText(ed.tr.T("ui.questedit.no_section_here", nil))
			return
		}
		name := quest.Text{"en": defaultElementName("en", tool), "es": defaultElementName("es", tool)}
		el, err := ed.doc.AddElement(id, tool, name, sx, sy)
		if err == nil {
			ed.sel = selection{kind: "element", section: id, id: el}
			ed.focusName = true
		}
		ed.do(err, true)
	}
}

// pick selects what lies at a grid position: an element, an exit, a
// section, or nothing (the quest itself).
func (ed *Editor) pick(gx, gy float32) {
	sx, sy := square(gx, gy)
	near := float32(0.35)
	for _, s := range ed.q.Sections {
		for i, e := range s.Exits {
			if abs(gx-float32(e.X)) <= near && abs(gy-float32(e.Y)) <= near {
				ed.sel = selection{kind: "exit", section: s.ID, index: i}
				ed.changed(true)
				return
			}
		}
	}
	for _, s := range ed.q.Sections {
		for _, el := range s.Elements {
			if el.X == sx && el.Y == sy {
				ed.sel = selection{kind: "element", section: s.ID, id: el.ID}
				ed.changed(true)
				return
			}
		}
	}
	if id, ok := ed.doc.SectionAt(sx, sy); ok {
		ed.sel = selection{kind: "section", section: id}
	} else {
		ed.sel = selection{}
	}
	ed.changed(true)
}

func abs(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

// addExit puts an exit of kind on the wall between two sections, at the
// grid point nearest the tap. It leads from the side the heroes reach
// first (reachable from the start now), or from the section selected.
func (ed *Editor) addExit(kind string, gx, gy float32) {
	x, y := point(gx, gy)
	a, b, ok := ed.doc.EdgeBetween(x, y)
	if !ok {
		ed.status.Importance = widget.DangerImportance
		ed.status.SetText(ed.tr.T("ui.questedit.no_wall_here", nil))
		return
	}
	from, to := a, b
	reach := ed.q.Reachable()
	switch {
	case reach[b] && !reach[a]:
		from, to = b, a
	case reach[a] && !reach[b]:
	case ed.sel.kind == "section" && ed.sel.section == b:
		from, to = b, a
	}
	i, err := ed.doc.AddExit(from, to, kind, x, y)
	if err == nil {
		ed.sel = selection{kind: "exit", section: from, index: i}
	}
	ed.do(err, true)
}

// Kinds of drag, told by where it starts.
const (
	dragDraw = iota
	dragMove
	dragResize
	dragExit    // an exit, along its wall
	dragElement // an element, to another square
)

// dragKind says what a drag from a grid position does, and on which section.
func (ed *Editor) dragKind(gx, gy float32) (int, quest.Section) {
	k, s, _ := ed.dragTarget(gx, gy)
	return k, s
}

// dragTarget is dragKind with the exit or element dragged.
func (ed *Editor) dragTarget(gx, gy float32) (int, quest.Section, selection) {
	sx, sy := square(gx, gy)
	for _, s := range ed.q.Sections {
		for i, e := range s.Exits {
			if abs(gx-float32(e.X)) <= 0.3 && abs(gy-float32(e.Y)) <= 0.3 {
				return dragExit, s, selection{kind: "exit", section: s.ID, index: i}
			}
		}
		for _, el := range s.Elements {
			if el.X == sx && el.Y == sy {
				return dragElement, s, selection{kind: "element", section: s.ID, id: el.ID}
			}
		}
	}
	k, s := ed.sectionDrag(gx, gy)
	return k, s, selection{}
}

// sectionDrag says what a drag from a grid position does to sections.
func (ed *Editor) sectionDrag(gx, gy float32) (int, quest.Section) {
	hs := handleSize(ed.canvas.cell) / ed.canvas.cell
	for _, s := range ed.q.Sections {
		cx, cy := float32(s.X+s.W), float32(s.Y+s.H)
		if gx >= cx-hs-0.1 && gx <= cx+0.1 && gy >= cy-hs-0.1 && gy <= cy+0.1 {
			return dragResize, s
		}
	}
	sx, sy := square(gx, gy)
	if id, ok := ed.doc.SectionAt(sx, sy); ok {
		s, _ := ed.q.Section(id)
		return dragMove, s
	}
	return dragDraw, quest.Section{}
}

// dragRect is the rectangle (in squares) a drag makes: a new section, a
// moved one or a resized one.
func (ed *Editor) dragRect(fx, fy, tx, ty float32) (int, quest.Section, int, int, int, int) {
	kind, s := ed.dragKind(fx, fy)
	switch kind {
	case dragMove:
		dx, dy := int(math.Round(float64(tx-fx))), int(math.Round(float64(ty-fy)))
		return kind, s, s.X + dx, s.Y + dy, s.W, s.H
	case dragResize:
		w := int(math.Round(float64(tx))) - s.X
		h := int(math.Round(float64(ty))) - s.Y
		return kind, s, s.X, s.Y, max(w, 1), max(h, 1)
	}
	x0, y0 := square(fx, fy)
	x1, y1 := square(tx, ty)
	return kind, s, min(x0, x1), min(y0, y1), absInt(x1-x0) + 1, absInt(y1-y0) + 1
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// dragShape is the ghost shown while dragging.
func (ed *Editor) dragShape(fx, fy, tx, ty float32) (float32, float32, float32, float32, bool) {
	switch k, _, _ := ed.dragTarget(fx, fy); k {
	case dragExit:
		x, y := point(tx, ty)
		return float32(x) - 0.3, float32(y) - 0.3, 0.6, 0.6, true
	case dragElement:
		x, y := square(tx, ty)
		return float32(x), float32(y), 1, 1, true
	}
	_, _, x, y, w, h := ed.dragRect(fx, fy, tx, ty)
	return float32(x), float32(y), float32(w), float32(h), true
}

// dragged: a drag on empty squares draws a section of the kind chosen, on
// a section moves it, on its corner handle resizes it.
func (ed *Editor) dragged(fx, fy, tx, ty float32) {
	switch k, _, sel := ed.dragTarget(fx, fy); k {
	case dragExit:
		x, y := point(tx, ty)
		ed.sel = sel
		ed.do(ed.doc.MoveExit(sel.section, sel.index, x, y), true)
		return
	case dragElement:
		x, y := square(tx, ty)
		ed.sel = sel
		ed.do(ed.doc.MoveElement(sel.section, sel.id, x, y), true)
		return
	}
	kind, s, x, y, w, h := ed.dragRect(fx, fy, tx, ty)
	switch kind {
	case dragMove:
		if x == s.X && y == s.Y {
			return
		}
		ed.sel = selection{kind: "section", section: s.ID}
		ed.do(ed.doc.MoveSection(s.ID, x, y), true)
	case dragResize:
		if w == s.W && h == s.H {
			return
		}
		ed.sel = selection{kind: "section", section: s.ID}
		ed.do(ed.doc.ResizeSection(s.ID, w, h), true)
	default:
		if x < 0 || y < 0 {
			ed.refuse(errors.New(ed.tr.T("ui.questedit.off_grid", nil)))
			return
		}
		k := ed.kindKeys[max(ed.kind.SelectedIndex(), 0)]
		id, err := ed.doc.AddSection(k, x, y, w, h)
		if err == nil {
			ed.sel = selection{kind: "section", section: id}
			ed.focusName = true
		}
		ed.do(err, true)
	}
}

// PointOf is where grid point (x, y) is drawn, on the window's canvas:
// for tests and scripts that tap the map.
func (ed *Editor) PointOf(x, y float32) fyne.Position {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(ed.canvas).Add(ed.canvas.at(x, y))
}

// CellSize is the size of a square on screen, in pixels.
func (ed *Editor) CellSize() float32 { return ed.canvas.cell }

// Refresh shows the quest again after the Doc was changed directly.
func (ed *Editor) Refresh() { ed.changed(true) }

// Save stores the quest as the Save button does, when it has no problem.
func (ed *Editor) Save() { ed.saveQuest() }

// saveQuest stores the quest (the same way as New game's Import).
func (ed *Editor) saveQuest() {
	if ed.opts.Save == nil || !ed.valid() {
		return
	}
	data, err := ed.doc.TOML()
	if err != nil {
		ed.refuse(err)
		return
	}
	if ed.opts.Save(fileName(ed.q), data) {
		ed.doc.MarkSaved()
		ed.draftSaved() // the draft goes (draft.go)
		ed.status.Importance = widget.SuccessImportance
		ed.status.SetText(ed.tr.T("ui.questedit.saved", map[string]any{"TitleText": map[string]string(ed.q.Title)}))
	}
}

// fileName is the quest's file name.
func fileName(q *quest.Quest) string {
	if q.ID == "" {
		return edit.File
	}
	return q.ID + ".toml"
}

// saveAsFile writes the quest file where the Conductor says.
func (ed *Editor) saveAsFile() {
	data, err := ed.doc.TOML()
	if err != nil {
		ed.refuse(err)
		return
	}
	ui.SaveFileAs(ed.win, fileName(ed.q), func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, func(err error) {
		dialog.ShowError(errors.New(ed.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})), ed.win)
	})
}

// Names of kinds, in the reader's language.
var (
	sectionKindIDs = map[string]string{"corridor": "section.corridor", "room": "section.room", "large": "section.large", "main": "section.main"}
	exitKindIDs    = map[string]string{"door": "ui.questedit.exit.door", "locked_door": "ui.questedit.exit.locked_door",
		"secret_door": "ui.questedit.exit.secret_door", "arrow": "ui.questedit.exit.arrow"}
	elementKindIDs = map[string]string{"trap": "ui.questedit.element.trap", "furniture": "ui.questedit.element.furniture",
		"chest": "ui.questedit.element.chest", "objective": "ui.questedit.element.objective"}
)

func kindName(tr *translations.Translator, ids map[string]string, k string) string {
	if id, ok := ids[k]; ok {
		return tr.T(id, nil)
	}
	return strings.ReplaceAll(k, "_", " ") // a kind core knows and this editor does not name yet
}

func sectionKindName(tr *translations.Translator, k string) string {
	return kindName(tr, sectionKindIDs, k)
}
func exitName(tr *translations.Translator, k string) string { return kindName(tr, exitKindIDs, k) }
func elementName(tr *translations.Translator, k string) string {
	return kindName(tr, elementKindIDs, k)
}

// defaultElementName is a new element's name in a language, from its kind.
func defaultElementName(lang, kind string) string {
	return translations.New(lang).T(elementKindIDs[kind], nil)
}

// debugString is a one-line summary, for test failures.
func (s selection) String() string {
	return fmt.Sprintf("%s %s %d %s", s.kind, s.section, s.index, s.id)
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
