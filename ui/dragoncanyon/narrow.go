package dcui

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// narrowStepper enters a small number with − and + either side of it:
// three cells, where the shell's stepper has five, so the fight form stays
// as narrow as the prompt card's column and the board beside it keeps its
// size at 1024×768.
type narrowStepper struct {
	Value    int
	min, max int
	text     *canvas.Text
	Content  fyne.CanvasObject
}

func newNarrowStepper(caption string, value, lo, hi int) *narrowStepper {
	s := &narrowStepper{min: lo, max: hi}
	s.text = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	s.text.TextSize = 28
	s.text.TextStyle.Bold = true
	s.text.Alignment = fyne.TextAlignCenter
	label := widget.NewLabel(caption)
	label.Wrapping = fyne.TextWrapWord
	row := container.NewGridWithColumns(3,
		widget.NewButton("−", func() { s.Set(s.Value - 1) }),
		container.NewCenter(s.text),
		widget.NewButton("+", func() { s.Set(s.Value + 1) }))
	s.Content = container.NewVBox(label, row)
	if caption == "" { // a table's cell: its row and column say what it is
		s.Content = row
	}
	s.Set(value)
	return s
}

// Set shows v, kept within bounds.
func (s *narrowStepper) Set(v int) {
	s.Value = min(max(v, s.min), s.max)
	s.text.Text = strconv.Itoa(s.Value)
	s.text.Refresh()
}

// halves lays two objects side by side, each half the width, asking no
// more width than the wider of the two needs (not twice it, as a grid of
// two columns does): a pair in the players' column or the fight form never
// widens it, and the board beside it keeps its size. Each half is as wide
// as its column allows, which at 1024×768 is more than either needs.
type halves struct{}

func (halves) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for _, o := range objs {
		m := o.MinSize()
		w, h = max(w, m.Width), max(h, m.Height)
	}
	return fyne.NewSize(w, h)
}

func (halves) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	gap := theme.Padding()
	half := (size.Width - gap) / 2
	if len(objs) != 2 {
		for i, o := range objs {
			o.Move(fyne.NewPos(float32(i)*(half+gap), 0))
			o.Resize(fyne.NewSize(half, size.Height))
		}
		return
	}
	// Halves, unless one needs more and the other can give it up.
	a, b := objs[0].MinSize().Width, objs[1].MinSize().Width
	first := half
	if a > half && size.Width-gap-a >= b {
		first = a
	} else if b > half && size.Width-gap-b >= a {
		first = size.Width - gap - b
	}
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(first, size.Height))
	objs[1].Move(fyne.NewPos(first+gap, 0))
	objs[1].Resize(fyne.NewSize(size.Width-gap-first, size.Height))
}

// sideBySide is a and b in halves.
func sideBySide(a, b fyne.CanvasObject) *fyne.Container {
	return container.New(halves{}, a, b)
}

// fitFirst lays two objects side by side: the first as wide as it needs
// (at most half the width), the second the rest; like halves it asks no
// more width than the wider of the two needs. A picker beside the button
// it feeds: the button's label keeps one line.
type fitFirst struct {
	most float32 // the share of the width the first may take at most
}

func (fitFirst) MinSize(objs []fyne.CanvasObject) fyne.Size { return halves{}.MinSize(objs) }

func (l fitFirst) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	gap := theme.Padding()
	// Its share, or more when what is beside it still fits (a long word in
	// a picker is not cut while the button beside it has room to wrap).
	first := min(needs(objs[0]), max((size.Width-gap)*l.most, size.Width-gap-objs[1].MinSize().Width))
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(first, size.Height))
	objs[1].Move(fyne.NewPos(first+gap, 0))
	objs[1].Resize(fyne.NewSize(size.Width-first-gap, size.Height))
}

// pickerBeside is picker, as wide as it needs up to half the width, and
// then b.
func pickerBeside(picker, b fyne.CanvasObject) *fyne.Container {
	return container.New(fitFirst{most: 0.5}, picker, b)
}

// pickerBeforeLabel is picker, as wide as it needs up to three fifths of
// the width, and then a short label.
func pickerBeforeLabel(picker, label fyne.CanvasObject) *fyne.Container {
	return container.New(fitFirst{most: 0.6}, picker, label)
}

// needs is the width o needs to show all it says: for a drop-down, its
// longest choice or its placeholder whole, as widget.Select lays out its
// text beside its icon (a select's own MinSize lets it cut them).
func needs(o fyne.CanvasObject) float32 {
	sel, ok := o.(*widget.Select)
	if !ok {
		return o.MinSize().Width
	}
	var w float32
	for _, s := range append([]string{sel.PlaceHolder}, sel.Options...) {
		w = max(w, fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	return max(o.MinSize().Width, w+4*theme.InnerPadding()+2*theme.Padding()+theme.IconInlineSize())
}
