package probe

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// A control's text that does not fit is told (Cut), whether the control
// was given less than its MinSize or cuts its text itself; a text that
// fits, or wraps, is not.
func TestCut(t *testing.T) {
	test.NewTempApp(t)
	long := "A long text that takes far more room than the control was given"
	truncated := widget.NewLabel(long)
	truncated.Truncation = fyne.TextTruncateEllipsis
	wrapped := widget.NewLabel(long)
	wrapped.Wrapping = fyne.TextWrapWord
	sel := widget.NewSelect([]string{long, "Short"}, nil)
	sel.SetSelected(long)
	short := widget.NewSelect([]string{long, "Short"}, nil)
	short.SetSelected("Short")
	hint := widget.NewEntry()
	hint.SetPlaceHolder(long)
	for _, c := range []struct {
		name string
		o    fyne.CanvasObject
		cut  bool
	}{
		{"a button narrower than its text", widget.NewButton(long, nil), true},
		{"a button as wide as its text", widget.NewButton("Go", nil), false},
		{"a label cut with …", truncated, true},
		{"a wrapping label", wrapped, false},
		{"a select showing a long choice", sel, true},
		{"a select showing a short choice", short, false},
		{"an empty box with a long hint", hint, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.o.Resize(fyne.NewSize(200, 40))
			c.o.Resize(fyne.NewSize(200, c.o.MinSize().Height)) // as tall as it needs at that width
			w := walker{out: &[]Object{}}
			ob := w.describe(c.o, "", rect{0, 0, 200, 40}, rect{0, 0, 1000, 1000}, 0)
			if ob.Cut != c.cut {
				t.Errorf("cut = %v, want %v (min_w %v)", ob.Cut, c.cut, ob.MinW)
			}
		})
	}
}
