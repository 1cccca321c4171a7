package questedit

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
	"github.com/dunconductor/conductor/ui/speech"
)

// textEntry is the panel's text field, of one line or several. Tab goes
// on to the next field, in a text of several lines too (the English text,
// then the Spanish one): a tab is never typed into a quest's text. Undo's
// and Redo's keys are the editor's, not the field's own: what was typed
// is undone as the editor's step, and the field shows it.
type textEntry struct {
	ui.TextBox // keeps fast typing where it is typed (see ui.TextBox)
	ed         *Editor
}

// textRows are the lines a text of several lines shows: a paragraph read
// aloud is seen as it is typed, not two lines of it, and a tab's three
// texts are in sight at once on a small laptop's screen.
const textRows = 4

// newEntry is a text field of the panel; the panel's fields are listed in
// ed.fields in the order they are laid out (which Tab follows).
func (ed *Editor) newEntry(multi bool) *textEntry {
	e := &textEntry{ed: ed}
	if multi {
		e.MultiLine, e.Wrapping = true, fyne.TextWrapWord
	}
	e.ExtendBaseWidget(e)
	if multi {
		e.SetMinRowsVisible(textRows)
	}
	ed.fields = append(ed.fields, e)
	ed.placed = append(ed.placed, placedField{ed.here, e})
	return e
}

// AcceptsTab: Tab moves the focus.
func (e *textEntry) AcceptsTab() bool { return false }

// FocusGained selects a line's text when the focus comes to it from
// elsewhere (Tab, a new element's name), as a desktop's fields do: what is
// typed replaces it ("Trampa"). A click puts the cursor where it is (the
// Entry's MouseDown comes after), and the field that had the focus when
// the window was left gets it back as it was.
func (e *textEntry) FocusGained() {
	e.Entry.FocusGained()
	if !e.MultiLine && (e.ed == nil || e.ed.blurred != fyne.Focusable(e)) {
		e.TextBox.TypedShortcut(&fyne.ShortcutSelectAll{}) // the box learns the cursor moved
	}
	if e.ed != nil {
		e.ed.showField(e)
	}
}

// showField scrolls the side panel, when needed, so that a field given the
// keys (by Tab, a click on a field half hidden, a new object's name) is in
// sight: what is typed is seen as it is typed. A field taller than the
// panel shows its top.
func (ed *Editor) showField(f fyne.CanvasObject) {
	wrap := ed.panelWrap
	if wrap == nil || !slices.Contains(ed.fields, f.(fyne.Focusable)) {
		return
	}
	// Its place in the panel as laid out now (the driver knows a panel
	// just built only once it is drawn).
	at, ok := placeIn(wrap.Content, f)
	if !ok {
		return
	}
	top := at.Y
	bottom := top + f.Size().Height
	off, view, pad := wrap.Offset.Y, wrap.Size().Height, theme.Padding()
	switch {
	case top < off:
		off = top - pad
	case bottom > off+view:
		off = min(bottom+pad-view, top-pad)
	default:
		return
	}
	wrap.ScrollToOffset(fyne.NewPos(wrap.Offset.X, max(off, 0)))
}

// revealFocused lays a panel just built out, and scrolls its field with
// the keys into sight: the field took them before the panel had its
// sizes (captions wrapped to their width make it taller).
func (ed *Editor) revealFocused() {
	f, ok := ed.win.Canvas().Focused().(*textEntry)
	if !ok || !slices.Contains(ed.fields, fyne.Focusable(f)) {
		return
	}
	content := ed.panelWrap.Content
	content.Resize(fyne.NewSize(ed.panelWrap.Size().Width, content.MinSize().Height))
	ed.panel.Layout.Layout(ed.panel.Objects, ed.panel.Size())
	ed.showField(f)
}

// FocusLost notes the field left last (see FocusGained).
func (e *textEntry) FocusLost() {
	e.Entry.FocusLost()
	if e.ed != nil {
		e.ed.blurred = e
	}
}

// TypedShortcut gives Undo's and Redo's keys to the editor, the others
// (copy, paste, select all…) to the field.
func (e *textEntry) TypedShortcut(s fyne.Shortcut) {
	if e.ed != nil && (e.ed.historyKey(s) || e.ed.partKey(s)) {
		return
	}
	e.TextBox.TypedShortcut(s)
}

// placeIn is where o lies in root, found through containers and the open
// items of accordions (the panel's own ways of holding its fields).
func placeIn(root, o fyne.CanvasObject) (fyne.Position, bool) {
	if root == o {
		return fyne.Position{}, true
	}
	var inside []fyne.CanvasObject
	switch x := root.(type) {
	case *fyne.Container:
		inside = x.Objects
	case *widget.Accordion:
		for _, it := range x.Items {
			if it.Open {
				inside = append(inside, it.Detail)
			}
		}
	case *ui.ThemeOverride:
		inside = []fyne.CanvasObject{x.Content()}
	}
	for _, c := range inside {
		if !c.Visible() {
			continue
		}
		if at, ok := placeIn(c, o); ok {
			return c.Position().Add(at), true
		}
	}
	return fyne.Position{}, false
}

// textField is a text with a box per language side by side (langBoxes); a
// missing translation is flagged beside it (not refused). set gets every
// change.
func (ed *Editor) textField(title string, t quest.Text, multi bool, set func(quest.Text) error) fyne.CanvasObject {
	return ed.field(title, t, multi, nil, set)
}

// readAloudField is a text the app reads aloud (a section's, a red box's:
// spoken says whether it is one now); its length is shown under each
// language once it comes near the most Read aloud reads of a text.
func (ed *Editor) readAloudField(title string, t quest.Text, spoken func() bool, set func(quest.Text) error) fyne.CanvasObject {
	return ed.field(title, t, true, spoken, set)
}

// field is textField, its length counted against Read aloud's when spoken
// is given. Under the field, when typed in once the quest file's text
// comes near the most a quest file may hold, how much it holds.
func (ed *Editor) field(title string, t quest.Text, multi bool, spoken func() bool, set func(quest.Text) error) fyne.CanvasObject {
	// Each box is laid out and focused as the wrapper, never its inner
	// Entry (Fyne sends a click and the keys to the object in the tree,
	// and only the wrapper says Tab moves on).
	langs, boxes := ed.langBoxes(t, multi)
	counts := make([]*widget.Label, len(boxes))
	for i := range counts {
		counts[i] = ui.Wrapped("", widget.LowImportance)
	}
	flag := ui.Wrapped("", widget.WarningImportance)
	fileSize := ui.Wrapped("", widget.WarningImportance)
	fileSize.Hide()
	update := func() {
		ed.flagMissing(flag, boxesText(langs, boxes))
		on := spoken != nil && spoken()
		for i, b := range boxes {
			ed.showLength(counts[i], b.Text, on)
		}
	}
	changed := func(string) {
		update()
		text := boxesText(langs, boxes)
		ed.typed(&boxes[0].Entry, func() error { return set(text) })
		ed.showFileSize(fileSize)
	}
	columns := container.NewGridWithColumns(len(boxes))
	for i, b := range boxes {
		b.OnChanged = changed
		columns.Add(container.NewBorder(nil, counts[i], nil, nil, b))
	}
	update()
	// Each box says its language while empty; the caption closer to its
	// boxes than a dialog's: a tab's texts in sight at once at 1024×768.
	box := container.NewVBox(tight(caption(title)))
	box.Add(columns)
	box.Add(flag)
	box.Add(fileSize)
	return box
}

// textRow is a text of one line with a box per language side by side,
// without captions (a row of a table), and the flag shown under it when
// a language is missing. set gets every change.
func (ed *Editor) textRow(t quest.Text, set func(quest.Text) error) ([]fyne.CanvasObject, *widget.Label) {
	langs, boxes := ed.langBoxes(t, false)
	flag := ui.Wrapped("", widget.WarningImportance)
	changed := func(string) {
		text := boxesText(langs, boxes)
		ed.flagMissing(flag, text)
		ed.typed(&boxes[0].Entry, func() error { return set(text) })
	}
	objects := make([]fyne.CanvasObject, len(boxes))
	for i, b := range boxes {
		b.OnChanged = changed
		objects[i] = b
	}
	ed.flagMissing(flag, boxesText(langs, boxes))
	return objects, flag
}

// showLength shows, under a text read aloud, how long it is against the
// most Read aloud reads of a text (speech.MaxText bytes, which it cuts at
// a word break before): once past four fifths of it, and as a warning past
// it. Hidden otherwise, or when the text is not read aloud.
func (ed *Editor) showLength(l *widget.Label, text string, spoken bool) {
	n := len(strings.TrimSpace(text))
	if !spoken || n < speech.MaxText*4/5 {
		l.Hide()
		return
	}
	args := map[string]any{"Count": utf8.RuneCountInString(text), "Max": speech.MaxText}
	if n > speech.MaxText {
		l.Importance = widget.WarningImportance
		l.SetText(ed.tr.T("ui.questedit.limit.read_aloud_over", args))
	} else {
		l.Importance = widget.LowImportance
		l.SetText(ed.tr.T("ui.questedit.limit.read_aloud", args))
	}
	l.Show()
}

// fileText is how many bytes of text the quest file holds (its pictures
// aside): what quest.MaxTextSize bounds.
func (ed *Editor) fileText() int {
	if c := &ed.fileSize; c.at != ed.changes || c.at == 0 {
		c.at, c.n = ed.changes, 0
		// The pictures and their quotes are not counted, as quest.Parse
		// counts: encoded without them.
		q, stand := withoutPictures(ed.doc.Quest())
		if data, err := quest.Encode(q); err == nil {
			c.n = len(data) - stand
		}
	}
	return ed.fileSize.n
}

// showFileSize shows under the text typed in how much text the quest file
// holds, once it is past four fifths of the most a quest file may hold
// (under that text only: the line under the one typed in before goes).
func (ed *Editor) showFileSize(l *widget.Label) {
	if ed.fileLine != nil && ed.fileLine != l {
		ed.fileLine.Hide()
	}
	ed.fileLine = l
	n := ed.fileText()
	if n < quest.MaxTextSize*4/5 {
		l.Hide()
		return
	}
	l.SetText(ed.tr.T("ui.questedit.limit.file", map[string]any{"Count": n, "Max": quest.MaxTextSize}))
	l.Show()
}

// typed applies what is typed into a field: the keys typed in one field
// one after the other make one step to undo, not one a key.
func (ed *Editor) typed(field any, set func() error) {
	if ed.typing.field == field && ed.typing.at == ed.changes && ed.typing.pushed {
		ed.doc.Undo() // the field's last step: replaced by this one
		ed.sel = ed.typing.sel
	} else {
		ed.typing.sel = ed.sel // what was selected before the typing (a fresh id follows a name)
	}
	before := ed.doc.Quest()
	err := set()
	ed.typing.field, ed.typing.pushed = field, err == nil && !reflect.DeepEqual(before, ed.doc.Quest())
	ed.edit(err)
	ed.typing.at = ed.changes
}

// edit shows the result of an edit typed in the panel: the map and the
// problems follow, the panel stays as it is (the typing goes on).
func (ed *Editor) edit(err error) {
	if err != nil {
		ed.refuse(err)
		return
	}
	ed.showHint()
	ed.followSelection()
	ed.changed(false)
	if ed.retitle != nil {
		ed.retitle()
	}
}

// followSelection keeps the selection on the same object when an edit
// changed its id (a fresh section's id follows its English name).
func (ed *Editor) followSelection() {
	id := ed.doc.LastID()
	if id == "" {
		return
	}
	now := ed.doc.Quest()
	switch ed.sel.kind {
	case "section":
		if _, ok := now.Section(id); ok {
			ed.sel.section = id
		}
	case "element":
		for _, s := range now.Sections {
			if slices.ContainsFunc(s.Elements, func(e quest.Element) bool { return e.ID == id }) {
				ed.sel.section, ed.sel.id = s.ID, id
			}
		}
	}
}

// number is a whole-number entry; bad input is named beside it.
func (ed *Editor) number(value int, set func(int) error) fyne.CanvasObject {
	e := probe.Name(ed.newEntry(false), "questedit.number")
	e.SetText(strconv.Itoa(value))
	bad := ui.Wrapped("", widget.DangerImportance)
	bad.Hide()
	e.OnChanged = func(s string) {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			bad.SetText(ed.tr.T("ui.questedit.not_number", map[string]any{"Text": s}))
			bad.Show()
			return
		}
		bad.Hide()
		ed.typed(e, func() error { return set(n) })
	}
	return container.NewVBox(e, bad)
}

// idField is an object's id, for the rare quest that needs one of its own
// (another file refers to it): applied when Enter is pressed.
func (ed *Editor) idField(current string, set func(string) error) fyne.CanvasObject {
	e := ed.newEntry(false)
	e.SetText(current)
	e.OnSubmitted = func(s string) {
		s = strings.TrimSpace(s)
		if s == "" {
			return
		}
		ed.do(set(s), true)
	}
	return container.NewBorder(nil, nil, widget.NewLabel(ed.t("ui.questedit.id")), nil, probe.Name(e, "questedit.id"))
}
