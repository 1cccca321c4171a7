package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ChoiceRow is one choice among a few, as a row of buttons that wraps on a
// narrow card instead of a column of radio buttons: every option is in
// sight and reached by Tab in order; the one chosen shows a radio's dot
// (not the main button's colour, which stays the step's).
type ChoiceRow struct {
	Content  fyne.CanvasObject
	Selected string
	buttons  []*widget.Button
}

// NewChoiceRow offers options, selected chosen; changed (may be nil) is
// called after each choice.
func NewChoiceRow(options []string, selected string, changed func(string)) *ChoiceRow {
	c := &ChoiceRow{Selected: selected}
	row := container.New(layout.NewRowWrapLayout())
	for _, o := range options {
		b := widget.NewButton(o, nil)
		b.OnTapped = func() {
			c.SetSelected(o)
			if changed != nil {
				changed(o)
			}
		}
		c.buttons = append(c.buttons, b)
		row.Add(b)
	}
	c.Content = row
	c.SetSelected(selected)
	return c
}

// SetSelected chooses option o.
func (c *ChoiceRow) SetSelected(o string) {
	c.Selected = o
	for _, b := range c.buttons {
		icon := theme.RadioButtonIcon()
		if b.Text == o {
			icon = theme.RadioButtonCheckedIcon()
		}
		b.SetIcon(icon)
	}
}
