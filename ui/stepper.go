package ui

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// stepper enters a whole number with large buttons (−5 −1 +1 +5), usable
// with one hand while the other holds dice; + and − keys work too.
type stepper struct {
	value    int
	min, max int
	caption  *widget.Label
	controls fyne.CanvasObject
	text     *canvas.Text
	content  fyne.CanvasObject
	onChange func(int)
}

func newStepper(caption string, value, lo, hi int) *stepper {
	s := &stepper{value: value, min: lo, max: hi}
	s.text = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	s.text.TextSize = 40
	s.text.TextStyle.Bold = true
	s.text.Alignment = fyne.TextAlignCenter
	step := func(label string, d int) *widget.Button {
		return widget.NewButton(label, func() { s.add(d) })
	}
	s.caption = widget.NewLabel(caption)
	s.controls = container.NewGridWithColumns(5, step("−5", -5), step("−1", -1), container.NewCenter(s.text), step("+1", 1), step("+5", 5))
	s.content = container.NewBorder(nil, nil, s.caption, nil, s.controls)
	s.set(value)
	return s
}

func (s *stepper) add(d int) { s.set(s.value + d) }

func (s *stepper) setCaption(c string) { s.caption.SetText(c) }

func (s *stepper) set(v int) {
	s.value = min(max(v, s.min), s.max)
	s.text.Text = strconv.Itoa(s.value)
	s.text.Refresh()
	if s.onChange != nil {
		s.onChange(s.value)
	}
}

// rowPicker picks a spawn-table row, 1 to 6, with one button each; the
// chosen one stands out.
type rowPicker struct {
	value    int
	buttons  []*widget.Button
	content  fyne.CanvasObject
	onChange func(int)
}

func newRowPicker(caption string, value int) *rowPicker {
	p := &rowPicker{}
	grid := container.NewGridWithColumns(6)
	for n := 1; n <= 6; n++ {
		b := widget.NewButton(strconv.Itoa(n), func() { p.set(n) })
		p.buttons = append(p.buttons, b)
		grid.Add(b)
	}
	p.content = container.NewBorder(nil, nil, widget.NewLabel(caption), nil, grid)
	p.set(value)
	return p
}

func (p *rowPicker) set(n int) {
	p.value = n
	if p.onChange != nil {
		p.onChange(n)
	}
	for i, b := range p.buttons {
		if i+1 == n {
			b.Importance = widget.HighImportance
		} else {
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
}

// stepperForm lines steppers up under one another, captions in a column.
func stepperForm(steppers ...*stepper) *fyne.Container {
	form := container.New(layout.NewFormLayout())
	for _, s := range steppers {
		form.Add(s.caption)
		form.Add(s.controls)
	}
	return form
}
