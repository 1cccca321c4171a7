package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// A list's rows are made once and updated in place: a shorter list hides
// the rows past its length, a longer one shows them again before making
// any.
func TestRowsUpdatedInPlace(t *testing.T) {
	box := container.NewVBox()
	made := 0
	rows := NewRows(box, func() (*widget.Label, fyne.CanvasObject) {
		made++
		l := widget.NewLabel("")
		return l, l
	})
	shown := func() int {
		n := 0
		for _, o := range box.Objects {
			if o.Visible() {
				n++
			}
		}
		return n
	}
	for _, c := range []struct{ n, made, objects int }{{3, 3, 3}, {1, 3, 3}, {0, 3, 3}, {2, 3, 3}, {5, 5, 5}} {
		first := box.Objects
		got := rows.Show(c.n)
		if len(got) != c.n || made != c.made || len(box.Objects) != c.objects || shown() != c.n {
			t.Fatalf("Show(%d): %d rows given, %d made, %d in the box, %d shown; want %d made, %d in the box",
				c.n, len(got), made, len(box.Objects), shown(), c.made, c.objects)
		}
		for i := range min(len(first), len(box.Objects)) {
			if first[i] != box.Objects[i] {
				t.Fatalf("Show(%d) replaced row %d", c.n, i+1)
			}
		}
	}
}
