package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// TextBox is a text of several lines wrapped at words, where Tab moves
// to the next field as in a line of one.
//
// It also keeps typing where it is typed. Fyne's Entry holds its cursor as
// a row and column of the wrapped text; a space typed where a line wraps
// leaves the cursor one place short (Fyne v2.8.1), so every key after it
// lands before the space and the space ends up at the end of the text. The
// box remembers where the cursor must be, as a place in the text, and sets
// the row and column to match before each key.
//
// Its zero value works as a line of one (MultiLine unset), for a field
// that wants the same care: the cursor is where Fyne says until a key.
type TextBox struct {
	widget.Entry
	want  int  // where the cursor must be, in runes,
	known bool // once a key has said so
}

// NewTextBox is an empty TextBox showing rows lines.
func NewTextBox(rows int) *TextBox {
	b := &TextBox{}
	b.MultiLine, b.Wrapping = true, fyne.TextWrapWord
	b.ExtendBaseWidget(b)
	b.SetMinRowsVisible(rows)
	return b
}

// AcceptsTab: Tab moves the focus on.
func (b *TextBox) AcceptsTab() bool { return false }

// SetText sets the text; the cursor goes where Fyne puts it.
func (b *TextBox) SetText(s string) {
	b.known = false
	b.Entry.SetText(s)
}

func (b *TextBox) TypedRune(r rune) {
	b.edit(func() { b.Entry.TypedRune(r) }, false)
}

func (b *TextBox) TypedKey(k *fyne.KeyEvent) {
	b.edit(func() { b.Entry.TypedKey(k) }, k.Name == fyne.KeyDelete)
}

func (b *TextBox) TypedShortcut(s fyne.Shortcut) {
	b.edit(func() { b.Entry.TypedShortcut(s) }, false)
}

// MouseDown: a click places the cursor, as Fyne says.
func (b *TextBox) MouseDown(m *desktop.MouseEvent) {
	b.known = false
	b.Entry.MouseDown(m)
}

// edit runs one key with the cursor where it must be, then works out where
// it must be next: moved by as many runes as the text grew (or shrank, for
// Backspace), or, for a key that changed nothing (an arrow), where Fyne
// moved it.
func (b *TextBox) edit(key func(), stays bool) {
	selecting := b.SelectedText() != ""
	if b.known && !selecting {
		b.seat(b.want)
	}
	pos, before := b.CursorTextOffset(), len([]rune(b.Text))
	key()
	grew := len([]rune(b.Text)) - before
	switch {
	case selecting || grew == 0:
		b.known = false
	case stays:
		b.want, b.known = pos, true
	default:
		b.want, b.known = pos+grew, true
	}
}

// seat puts the cursor at place pos of the text: on the last row that
// starts at or before it.
func (b *TextBox) seat(pos int) {
	if b.CursorTextOffset() == pos {
		return
	}
	row, col := 0, pos
	for r := 1; r <= len(b.Text); r++ {
		b.CursorRow, b.CursorColumn = r, 0
		start := b.CursorTextOffset()
		if start == 0 || start > pos { // past the last row, or after pos
			break
		}
		row, col = r, pos-start
	}
	b.CursorRow, b.CursorColumn = row, col // the key's own refresh draws it
}
