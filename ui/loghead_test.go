package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// Undo and Redo never break a word of their labels: the heading gives way
// first, then the buttons stand one above the other.
func TestLogHeaderKeepsWordsWhole(t *testing.T) {
	test.NewTempApp(t)
	undo := NewWrapButton(WithKeys("Deshacer", UndoKeys), nil)
	redo := NewWrapButton(WithKeys("Rehacer", RedoKeys), nil)
	l := &logHeader{buttons: []*WrapButton{undo, redo}}
	heading := Heading("Registro")
	c := container.New(l, heading, undo, redo)
	word := l.wordRoom() // the room one button needs
	cases := []struct {
		width            float32
		heading, stacked bool
	}{
		{1000, true, false},
		{2*word + 1, false, false},
		{word + 10, false, true},
	}
	for _, k := range cases {
		c.Resize(fyne.NewSize(k.width, c.MinSize().Height))
		c.Resize(fyne.NewSize(k.width, c.MinSize().Height)) // again, at the height its mode asks
		if heading.Visible() != k.heading || l.stacked != k.stacked {
			t.Fatalf("width %v: heading %v stacked %v, want %v %v", k.width, heading.Visible(), l.stacked, k.heading, k.stacked)
		}
		for _, b := range []*WrapButton{undo, redo} {
			if b.Size().Width < word-2*theme.Padding() {
				t.Fatalf("width %v: a button of %v cannot hold its longest word (%v)", k.width, b.Size().Width, word)
			}
		}
		if k.stacked && redo.Position().Y <= undo.Position().Y {
			t.Fatalf("width %v: the buttons are not stacked", k.width)
		}
	}
}
