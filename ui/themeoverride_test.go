package ui

import (
	"fmt"
	"runtime"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// smallPadding is a theme with a padding no other theme has, to tell
// whether a widget is drawn with it.
type smallPadding struct{ fyne.Theme }

func (t smallPadding) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNamePadding {
		return 1.5
	}
	return t.Theme.Size(n)
}

// heapInUse is the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// A list drawn under another theme and refreshed again and again, each
// time with a text changed (the quest editor's problems as a person
// types), keeps the memory it had: Fyne's own override parsed the fonts
// again at each refresh and kept them, 10 to 20 MB each. Rows added later
// are drawn with the theme too.
func TestThemeOverrideKeepsMemoryFlat(t *testing.T) {
	const refreshes = 30
	const allowed = 40 << 20 // far below a font set a refresh
	for _, c := range []struct {
		name    string
		addRows bool // a row added at every fifth refresh
	}{
		{"a text changed at each refresh", false},
		{"rows added among the refreshes", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := test.NewTempApp(t)
			w := a.NewWindow("override")
			box := container.NewVBox(widget.NewLabel("first"))
			over := NewThemeOverride(box, smallPadding{a.Settings().Theme()})
			scroll := VScroll(over)
			w.SetContent(scroll)
			w.Resize(fyne.NewSize(400, 400))
			w.Canvas().Capture()
			before := heapInUse()
			for i := range refreshes {
				if c.addRows && i%5 == 0 {
					box.Add(widget.NewLabel("row"))
				}
				box.Objects[0].(*widget.Label).Text = fmt.Sprintf("problem %d of the quest", i)
				scroll.Refresh() // as the editor does after listing its problems
				w.Canvas().Capture()
			}
			if grew := int64(heapInUse()) - int64(before); grew > allowed {
				t.Errorf("the heap grew by %d MB over %d refreshes (allowed %d MB)", grew>>20, refreshes, allowed>>20)
			}
			for i, o := range box.Objects {
				if p := o.(*widget.Label).Theme().Size(theme.SizeNamePadding); p != 1.5 {
					t.Errorf("row %d is drawn with padding %v, not the override's 1.5", i, p)
				}
			}
		})
	}
}
