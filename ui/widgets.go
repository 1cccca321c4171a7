package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// BigText is large bold text, for the numbers read across the table.
func BigText(s string, size float32, c color.Color) *canvas.Text {
	txt := canvas.NewText(s, c)
	txt.TextSize = size
	txt.TextStyle.Bold = true
	return txt
}

// Heading is a region's title.
func Heading(s string) fyne.CanvasObject {
	return widget.NewRichText(&widget.TextSegment{Text: s, Style: widget.RichTextStyleSubHeading})
}

// WrappedHeading is a title that wraps rather than widening a narrow
// column; it must be given the column's width (a VBox or a Border's top).
func WrappedHeading(s string) fyne.CanvasObject {
	h := widget.NewRichText(&widget.TextSegment{Text: s, Style: widget.RichTextStyleSubHeading})
	h.Wrapping = fyne.TextWrapWord
	return h
}

// Wrapped is a label that wraps at word breaks, with an importance.
func Wrapped(text string, imp widget.Importance) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	l.Importance = imp
	return l
}

// SetHeading shows s in a Heading or WrappedHeading in place, for a panel
// that updates its title instead of being built again.
func SetHeading(h fyne.CanvasObject, s string) {
	rt, ok := h.(*widget.RichText)
	if !ok || len(rt.Segments) == 0 {
		return
	}
	if seg, ok := rt.Segments[0].(*widget.TextSegment); ok && seg.Text != s {
		seg.Text = s
		rt.Refresh()
	}
}

// Rows keeps a list's rows, each made once and then updated in place: a
// longer list makes the rows it lacks at its end, a shorter one hides the
// rows past its length (a VBox lays out no hidden row). Widgets kept keep
// their renderers, focus and the scroll's offset.
type Rows[T any] struct {
	Box *fyne.Container
	// Reset, when set, empties a row as it is hidden: a hidden row then
	// says nothing stale to whoever reads the widgets.
	Reset func(T)
	make  func() (T, fyne.CanvasObject)
	rows  []T
	objs  []fyne.CanvasObject
}

// NewRows keeps rows in box (at its end); make builds a row: what the
// caller updates, and the object the box shows.
func NewRows[T any](box *fyne.Container, make func() (T, fyne.CanvasObject)) *Rows[T] {
	return &Rows[T]{Box: box, make: make}
}

// Show makes n rows visible, making those missing, hiding the rest; it
// gives the n rows to update.
func (r *Rows[T]) Show(n int) []T {
	for len(r.rows) < n {
		row, o := r.make()
		r.rows, r.objs = append(r.rows, row), append(r.objs, o)
		r.Box.Add(o)
	}
	for i, o := range r.objs {
		switch {
		case i < n:
			o.Show()
		case o.Visible():
			o.Hide()
			if r.Reset != nil {
				r.Reset(r.rows[i])
			}
		}
	}
	return r.rows[:n]
}
