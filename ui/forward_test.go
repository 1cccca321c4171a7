package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// TestFocusedControlsPassKeysOn: a button reached by Tab and the language
// picker after a pick do not swallow the window's letter keys (the table's
// shortcuts work whatever has the focus); Space stays the control's own.
func TestFocusedControlsPassKeysOn(t *testing.T) {
	test.NewTempApp(t)
	tapped := 0
	b := NewWrapButton("Pay the spawn [S]", func() { tapped++ })
	sel := &keySelect{}
	sel.Options = []string{"English", "Español"}
	sel.ExtendBaseWidget(sel)
	w := test.NewWindow(container.NewVBox(b, sel))
	defer w.Close()
	var got []rune
	w.Canvas().SetOnTypedRune(func(r rune) { got = append(got, r) })
	for _, f := range []fyne.Focusable{b, sel} {
		got = nil
		w.Canvas().Focus(f)
		test.Type(w.Canvas().Focused(), "s")
		if string(got) != "s" {
			t.Errorf("%T focused: the window's keys got %q, want \"s\"", f, string(got))
		}
		test.Type(w.Canvas().Focused(), " ")
		if string(got) != "s" {
			t.Errorf("%T focused: Space went to the window's keys", f)
		}
	}
}
