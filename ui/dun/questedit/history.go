package questedit

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/ui"
)

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
	ed.partShortcuts()
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
		case *ui.ThemeOverride:
			walk(x.Content())
		}
	}
	walk(ed.panel)
	return found
}
