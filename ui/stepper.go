package ui

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/translations"
)

// Stepper enters a whole number with large buttons (−5 −1 +1 +5), usable
// with one hand while the other holds dice; a game screen binds + and − to
// it too.
type Stepper struct {
	Value    int
	min, max int
	caption  *widget.Label
	controls fyne.CanvasObject
	text     *canvas.Text
	Content  fyne.CanvasObject
	typeIt   *widget.Button
	// OnChange is called with every new value.
	OnChange func(int)
}

// askValue lets the value be typed in, over whatever window shows it.
func (s *Stepper) askValue() {
	c := fyne.CurrentApp().Driver().CanvasForObject(s.typeIt) // a widget: known to its canvas, in a dialog too
	if c == nil {
		return
	}
	entry := widget.NewEntry()
	entry.SetText(strconv.Itoa(s.Value))
	var pop *widget.PopUp
	done := func() {
		if v, err := strconv.Atoi(entry.Text); err == nil {
			s.Set(v) // kept within bounds
		}
		pop.Hide()
	}
	entry.OnSubmitted = func(string) { done() }
	ok := widget.NewButtonWithIcon("", theme.ConfirmIcon(), done) // no words to translate
	ok.Importance = widget.HighImportance
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(320, 0)) // room for the caption and a number
	pop = widget.NewModalPopUp(container.NewVBox(width, s.caption2(), entry, ok), c)
	pop.Show()
	c.Focus(entry)
}

// caption2 is a copy of the caption for the typing box.
func (s *Stepper) caption2() fyne.CanvasObject {
	l := widget.NewLabel(s.caption.Text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// NewStepper starts at value, kept within lo and hi.
func NewStepper(caption string, value, lo, hi int) *Stepper {
	s := &Stepper{Value: value, min: lo, max: hi}
	s.text = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	s.text.TextSize = 40
	s.text.TextStyle.Bold = true
	s.text.Alignment = fyne.TextAlignCenter
	step := func(label string, d int) *widget.Button {
		return widget.NewButton(label, func() { s.Add(d) })
	}
	s.caption = widget.NewLabel(caption)
	// The number itself can be tapped to type a value: 30 needs no 9 taps.
	s.typeIt = widget.NewButton("", s.askValue)
	number := container.NewStack(s.typeIt, container.NewCenter(s.text))
	s.controls = container.NewGridWithColumns(5, step("−5", -5), step("−1", -1), number, step("+1", 1), step("+5", 5))
	// The caption above the buttons: a long caption never widens the row.
	s.caption.Wrapping = fyne.TextWrapWord
	s.Content = container.NewVBox(s.caption, s.controls)
	s.Set(value)
	return s
}

// Add moves the value by d.
func (s *Stepper) Add(d int) { s.Set(s.Value + d) }

// SetCaption renames what is entered.
func (s *Stepper) SetCaption(c string) { s.caption.SetText(c) }

// Set shows v, kept within bounds.
func (s *Stepper) Set(v int) {
	s.Value = min(max(v, s.min), s.max)
	s.text.Text = strconv.Itoa(s.Value)
	s.text.Refresh()
	if s.OnChange != nil {
		s.OnChange(s.Value)
	}
}

// RowPicker picks a number from 1 to 6 (a die's face, a table's row) with
// one button each; the chosen one stands out. 0 is none yet.
type RowPicker struct {
	Value    int
	Buttons  []*widget.Button
	Content  fyne.CanvasObject
	OnChange func(int)
	// label and grid are Content's parts, for a row of its own (InRow).
	label *widget.Label
	grid  *fyne.Container
}

// NewRowPicker starts at value.
func NewRowPicker(caption string, value int) *RowPicker {
	p := &RowPicker{}
	grid := container.NewGridWithColumns(6)
	for n := 1; n <= 6; n++ {
		b := widget.NewButton(strconv.Itoa(n), func() { p.Set(n) })
		p.Buttons = append(p.Buttons, b)
		grid.Add(b)
	}
	label := widget.NewLabel(caption)
	label.Wrapping = fyne.TextWrapWord
	p.label, p.grid = label, grid
	p.Content = container.NewVBox(label, grid)
	p.Set(value)
	return p
}

// InRow lays the picker out in one row, its short caption before its six
// buttons: a die's faces take a line, not two.
func (p *RowPicker) InRow() *RowPicker {
	p.label.Wrapping = fyne.TextWrapOff
	p.Content = container.NewBorder(nil, nil, p.label, nil, p.grid)
	return p
}

// Set chooses n.
func (p *RowPicker) Set(n int) {
	p.Value = n
	if p.OnChange != nil {
		p.OnChange(n)
	}
	for i, b := range p.Buttons {
		if i+1 == n {
			b.Importance = widget.HighImportance
		} else {
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
}

// DicePair enters two physical dice with a row of six buttons each, each
// row led by its die's name: the pair is three lines tall, so it fits
// beside what a test needs at 1024×768.
type DicePair struct {
	A, B    *RowPicker
	Content fyne.CanvasObject
}

// NewDicePair is two die pickers under a caption.
func NewDicePair(tr *translations.Translator, caption string) *DicePair {
	p := &DicePair{
		A: NewRowPicker(tr.T("ui.dice.pick", map[string]any{"N": 1}), 0).InRow(),
		B: NewRowPicker(tr.T("ui.dice.pick", map[string]any{"N": 2}), 0).InRow(),
	}
	label := widget.NewLabel(caption)
	label.Wrapping = fyne.TextWrapWord
	p.Content = container.NewVBox(label, p.A.Content, p.B.Content)
	return p
}

// Dice are the two faces picked (0 for one not picked yet).
func (p *DicePair) Dice() []int { return []int{p.A.Value, p.B.Value} }

// StepperForm lines steppers up under one another, captions in a column.
func StepperForm(steppers ...*Stepper) *fyne.Container {
	form := container.New(layout.NewFormLayout())
	for _, s := range steppers {
		s.caption.Wrapping = fyne.TextWrapOff // the form's caption column
		form.Add(s.caption)
		form.Add(s.controls)
	}
	return form
}
