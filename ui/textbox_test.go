package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// TestTextBoxKeepsTyping: what is typed into a text box of several lines
// is what it holds, at every width, with spaces where lines wrap (Fyne's
// Entry alone moves such a space to the end of the text), a Backspace,
// a Delete and a new line on the way.
func TestTextBoxKeepsTyping(t *testing.T) {
	test.NewTempApp(t)
	words := "the crypt is cold, and a wind blows; torches gutter out. "
	text := strings.Repeat(words, 6)
	for width := float32(120); width <= 420; width += 13 {
		b := NewTextBox(4)
		w := test.NewWindow(container.NewStack(b))
		w.Resize(fyne.NewSize(width, 200))
		w.Canvas().Focus(b)
		if width > 300 { // all selected first, as a person replacing a text does
			b.TypedShortcut(&fyne.ShortcutSelectAll{})
		}
		want := []rune{}
		for i, r := range text {
			b.TypedRune(r)
			want = append(want, r)
			switch i {
			case 97: // a wrong key taken back
				b.TypedRune('x')
				b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
			case 150: // a new line
				b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
				want = append(want, '\n')
			case 201: // a key typed and deleted from the right
				b.TypedRune('y')
				b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
				b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
			}
		}
		if b.Text != string(want) {
			t.Fatalf("at %v wide the box holds\n%q\nwant\n%q", width, b.Text, string(want))
		}
		w.Close()
	}
}
