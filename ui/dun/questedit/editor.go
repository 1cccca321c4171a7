// Package questedit is the quest editor: a drawn map a Conductor makes a
// quest on without writing TOML, with a side panel for what is selected,
// the validator's problems shown on the map and listed, undo and redo, and
// a preview of the quest as the players will see it. The quest itself and
// its undo history are core's (core/dun/quest/edit): this package only
// turns taps, drags and typing into the Doc's actions.
package questedit

import (
	"encoding/json"
	"fmt"
	"image"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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
	// problemsFold shows them all or only the first (side.folded).
	problemsFold *widget.Button
	side         *sideLayout
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
	split          *container.Split

	// q is the quest as last drawn, probs its problems.
	q     *quest.Quest
	probs []edit.Problem
	// missing are the objects with a text in one language only.
	missing []edit.Ref
	// pics are the sections' pictures decoded, those the quest holds now.
	pics pictures
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

	// part is the part of the side panel shown, tabs their tabs
	// (parts.go).
	part string
	tabs []*widget.Button
	// placed are the panel's fields and what each edits; here is what
	// the fields made next edit; goTo, the problem whose field the panel
	// built next gives the keys.
	placed []placedField
	here   edit.Ref
	goTo   *edit.Ref
}

// Show opens the editor in a window of its own, as large as parent.
func Show(a fyne.App, parent fyne.Window, tr *translations.Translator, opts Options) *Editor {
	w := a.NewWindow(tr.T("ui.questedit.title", nil))
	ed := New(w, tr, opts)
	ed.guardClose() // unsaved work: asked before the window closes (draft.go)
	ed.opened()     // one editor a draft; a language switch followed (open.go)
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
	ed := &Editor{tr: tr, win: w, opts: opts, part: partQuest}
	if opts.Quest != nil {
		ed.doc = edit.Open(opts.Quest)
	} else {
		ed.doc = edit.New()
	}
	// The quest as the editor holds it, for the real-input tests.
	probe.Value("questedit.quest", func() string { b, _ := json.Marshal(ed.pics.probeQuest(ed.doc.Quest())); return string(b) })
	// What the field with the keys edits, and the part shown.
	probe.Value("questedit.focus", ed.focusedRef)
	probe.Value("questedit.part", func() string { return ed.part })

	ed.status = ui.Wrapped("", widget.LowImportance)
	ed.canvas = newGridCanvas()
	ed.canvas.onTap = ed.tapped
	ed.canvas.onDrag = ed.dragged
	ed.canvas.shape = ed.dragShape
	// Where the map's squares are, for the real-input tests: a square's
	// size and the grid point (0, 0)'s place on the map, in pixels.
	probe.Value("questedit.grid", func() string {
		return fmt.Sprintf(`{"cell":%g,"x":%g,"y":%g}`, ed.canvas.cell, -ed.canvas.pan.X, -ed.canvas.pan.Y)
	})

	ed.build()
	ed.keys()
	ed.changed(true)
	ed.showHint()
	return ed
}

// build lays the editor out in its language, into its window: the
// toolbar over the map, the tabs over the side panel, the problems and
// the saving under it.
func (ed *Editor) build() {
	t := ed.t
	ed.canvas.startText = t("ui.questedit.start_mark")
	ed.toolKeys, ed.kindKeys = nil, nil
	// The toolbar: what a tap puts, what a drag draws, zoom, undo.
	var toolNames []string
	add := func(key, name string) {
		ed.toolKeys = append(ed.toolKeys, key)
		toolNames = append(toolNames, name)
	}
	add(toolSelect, t("ui.questedit.tool.select"))
	for _, k := range quest.ExitKinds {
		add(k, exitName(ed.tr, k))
	}
	for _, k := range quest.ElementKinds {
		add(k, elementName(ed.tr, k))
	}
	add(toolStart, t("ui.questedit.tool.start"))
	ed.tool = widget.NewSelect(toolNames, func(string) { ed.showHint() })
	ed.tool.SetSelectedIndex(0)
	var kindNames []string
	for _, k := range quest.SectionKinds {
		ed.kindKeys = append(ed.kindKeys, k)
		kindNames = append(kindNames, sectionKindName(ed.tr, k))
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
	// One line: the count, then the problems (a tap gives the whole).
	ed.problemsHead = widget.NewLabel("")
	ed.problemsHead.Truncation = fyne.TextTruncateEllipsis
	ed.problemsFold = widget.NewButton("", ed.foldProblems)
	ed.problemsFold.Importance = widget.LowImportance
	ed.problems = container.NewVBox(container.NewBorder(nil, nil, nil, ed.problemsFold, ed.problemsHead))
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
	save := ui.NewWrapButton(t("ui.questedit.save"), ed.saveQuest)
	save.Importance = widget.HighImportance
	ed.save = save.AsButton()
	if ed.opts.Save == nil {
		ed.save.Hide()
	}
	// One row: the panel keeps the height.
	bottom := container.NewGridWithColumns(3, preview, saveFile, save)
	ed.side = &sideLayout{rows: ed.problems, folded: true}
	ed.sideBox = container.New(ed.side, ed.panelWrap, widget.NewSeparator(), ed.problemsScroll)
	side := container.NewBorder(ed.tabBar(), bottom, nil, nil, ed.sideBox)
	left := container.NewBorder(toolbar, ed.status, nil, nil, ed.canvas)
	split := container.NewHSplit(left, side)
	split.Offset = 0.6
	ed.split = split
	ed.content = split
	ed.win.SetContent(ed.content)
}

// Content is what the editor shows.
func (ed *Editor) Content() fyne.CanvasObject { return ed.content }

// Doc is the quest being edited.
func (ed *Editor) Doc() *edit.Doc { return ed.doc }

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
		ed.probs = append(ed.probs, edit.Problem{Ref: edit.Ref{Kind: "quest", Field: "id"},
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

// draw maps the quest onto the canvas.
func (ed *Editor) draw() {
	var pic drawn
	lang := ed.tr.Lang
	ed.pics.keep(ed.q) // the pictures chosen before and replaced go
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
func (ed *Editor) image(s quest.Section) image.Image { return ed.pics.get(s) }

// Select selects a section by id (or nothing with "").
func (ed *Editor) Select(section string) {
	ed.sel = selection{}
	if section != "" {
		ed.sel = selection{kind: "section", section: section}
	}
	ed.changed(true)
}

// Refresh shows the quest again after the Doc was changed directly.
func (ed *Editor) Refresh() { ed.changed(true) }
