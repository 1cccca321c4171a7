package dunui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/translations"
)

// narrowWidth is the table's width below which its three columns become
// two. At 1280 px and more (a 1280×800 laptop, 1366×768, a desktop) the
// three columns have room; at 1024 px each would be about 330 px wide, the
// event buttons wrap to three lines and the decks drop out of sight.
const narrowWidth = 1100

// Column widths as shares of the table's width: three columns on a wide
// window, the numbers and one other on a narrow one.
var (
	wideShares   = []float32{0.25, 0.42, 0.33}
	narrowShares = []float32{0.34, 0.66}
)

// tableColumns lays the table out by the width it is given: on a wide
// window the ADP's numbers, what happens now (the prompt card above the
// log) and what just happened (the event buttons) side by side; on a narrow
// one the numbers stay (the reserve is always in sight) and the other two
// share the second column, under a tab bar that picks one. The widgets are
// made once: a resize only lays them out again, so the window can cross
// the width either way as often as it likes.
type tableColumns struct {
	numbers, now, events fyne.CanvasObject
	seps                 [2]*widget.Separator
	// bar picks what the second column shows on a narrow window: what
	// happens now (0) or what just happened (1). It is hidden on a wide one.
	bar *container.AppTabs
	// titles are the two columns' headings, which the tabs replace.
	titles  []fyne.CanvasObject
	narrow  bool // as last laid out
	content *fyne.Container
}

func newTableColumns(tr *translations.Translator, numbers, now, events fyne.CanvasObject, titles ...fyne.CanvasObject) *tableColumns {
	c := &tableColumns{numbers: numbers, now: now, events: events, titles: titles,
		seps: [2]*widget.Separator{widget.NewSeparator(), widget.NewSeparator()}}
	// The tabs only pick; the layout shows the column they name.
	blank := func() fyne.CanvasObject { return canvas.NewRectangle(color.Transparent) }
	c.bar = container.NewAppTabs(
		container.NewTabItem(tr.T("ui.prompt.title", nil), blank()),
		container.NewTabItem(tr.T("ui.events.title", nil), blank()))
	c.bar.OnSelected = func(*container.TabItem) { c.content.Refresh() }
	c.content = container.New(c, numbers, c.seps[0], now, c.seps[1], events, c.bar)
	return c
}

// showingEvents says whether a narrow window shows the event buttons
// rather than the prompt card.
func (c *tableColumns) showingEvents() bool { return c.bar.SelectedIndex() == 1 }

// showNow brings the prompt card forward on a narrow window: after a step
// it shows what to do next (or why the step was refused).
func (c *tableColumns) showNow() {
	if c.showingEvents() {
		c.bar.SelectIndex(0)
	}
}

// gap is the room on each side of a column's separator.
func gap() float32 { return theme.Padding() }

func (c *tableColumns) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	c.narrow = size.Width < narrowWidth
	sep := theme.SeparatorThicknessSize()
	place := func(o fyne.CanvasObject, x, y, w, h float32) {
		o.Move(fyne.NewPos(x, y))
		o.Resize(fyne.NewSize(w, h))
	}
	for _, t := range c.titles {
		if c.narrow {
			t.Hide()
		} else {
			t.Show()
		}
	}
	if !c.narrow {
		c.bar.Hide()
		c.now.Show()
		c.events.Show()
		c.seps[1].Show()
		ws := shares(size.Width-2*(2*gap()+sep), wideShares,
			[]float32{c.numbers.MinSize().Width, c.now.MinSize().Width, c.events.MinSize().Width})
		x := float32(0)
		for i, o := range []fyne.CanvasObject{c.numbers, c.now, c.events} {
			place(o, x, 0, ws[i], size.Height)
			x += ws[i] + gap()
			if i < 2 {
				place(c.seps[i], x, 0, sep, size.Height)
				x += sep + gap()
			}
		}
		return
	}
	second := c.now
	if c.showingEvents() {
		second = c.events
		c.now.Hide()
	} else {
		c.events.Hide()
	}
	second.Show()
	c.seps[1].Hide()
	c.bar.Show()
	ws := shares(size.Width-(2*gap()+sep), narrowShares,
		[]float32{c.numbers.MinSize().Width, max(c.now.MinSize().Width, c.events.MinSize().Width)})
	place(c.numbers, 0, 0, ws[0], size.Height)
	x := ws[0] + gap()
	place(c.seps[0], x, 0, sep, size.Height)
	x += sep + gap()
	bar := c.bar.MinSize().Height
	place(c.bar, x, 0, ws[1], bar)
	place(second, x, bar, ws[1], size.Height-bar)
}

// MinSize is what the narrow arrangement needs: a window never has to be
// wider than that, the three columns showing only when there is room.
func (c *tableColumns) MinSize([]fyne.CanvasObject) fyne.Size {
	n, now, ev, bar := c.numbers.MinSize(), c.now.MinSize(), c.events.MinSize(), c.bar.MinSize()
	return fyne.NewSize(n.Width+2*gap()+theme.SeparatorThicknessSize()+max(now.Width, ev.Width, bar.Width),
		max(n.Height, bar.Height+max(now.Height, ev.Height)))
}

// shares splits total by weights, giving each part at least its minimum:
// a part that would get less is given its minimum, and the rest is shared
// among the others.
func shares(total float32, weights, mins []float32) []float32 {
	out := make([]float32, len(weights))
	fixed := make([]bool, len(weights))
	for {
		rest, sum := total, float32(0)
		for i, w := range weights {
			if fixed[i] {
				rest -= mins[i]
			} else {
				sum += w
			}
		}
		grew := false
		for i, w := range weights {
			if fixed[i] {
				out[i] = mins[i]
				continue
			}
			out[i] = max(rest, 0) * w / max(sum, 1e-6)
			if out[i] < mins[i] {
				fixed[i], grew = true, true
			}
		}
		if !grew {
			return out
		}
	}
}
