package twisterui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// valuePick is a value picked with one tap: a button per value core
// offers (a combat card's, a character's printed value), the one picked
// standing out. Its buttons are named name.<value> for the tests.
type valuePick struct {
	Value   int
	values  []int
	buttons []*widget.Button
	Content fyne.CanvasObject
}

func newValuePick(label string, values []int, value int, name string) *valuePick {
	v := &valuePick{Value: value, values: values}
	grid := container.NewGridWithColumns(len(values))
	for _, n := range values {
		b := widget.NewButton(fmt.Sprint(n), func() { v.Set(n) })
		probe.Name(b, fmt.Sprintf("%s.%d", name, n))
		v.buttons = append(v.buttons, b)
		grid.Add(b)
	}
	v.Set(value)
	v.Content = container.NewVBox(ui.Wrapped(label, widget.MediumImportance), grid)
	return v
}

// Set picks n.
func (v *valuePick) Set(n int) {
	v.Value = n
	for i, b := range v.buttons {
		imp := widget.MediumImportance
		if v.values[i] == n {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
}
