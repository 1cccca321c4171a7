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
