package questedit

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// sideLayout lays out the side panel over the problems (objects: the
// panel's scroll, a separator, the problems' scroll). Folded, the
// problems take their heading and first foldedRows lines: the panel keeps
// the height its texts of several lines need. Unfolded, they take what
// they need, at most what shows their first problemRows with room to
// spare (problemShare of the height), but never so much that the panel
// has less than panelShare: the panel has the rest.
type sideLayout struct {
	rows   *fyne.Container // the problems' heading and rows
	folded bool
}

const (
	foldedRows   = 1
	problemRows  = 5
	problemShare = 0.25
	panelShare   = 0.55
)

func (l *sideLayout) problemsHeight(avail float32) float32 {
	pad := theme.Padding()
	shown := problemRows
	if l.folded {
		shown = foldedRows
	}
	all, first := float32(0), float32(0)
	for i, o := range l.rows.Objects {
		if !o.Visible() {
			continue
		}
		all += o.MinSize().Height + pad
		if i <= shown { // the heading and the problems shown
			first = all
		}
	}
	if l.folded {
		return min(first+2*pad, (1-panelShare)*avail) // the line shown whole, the scroll's edge below it
	}
	return min(all, max(first, problemShare*avail), (1-panelShare)*avail)
}

func (l *sideLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	panel, sep, probs := objects[0], objects[1], objects[2]
	pad := theme.Padding()
	sepH := sep.MinSize().Height
	avail := max(size.Height-sepH-2*pad, 0)
	h := l.problemsHeight(avail)
	top := avail - h
	panel.Move(fyne.NewPos(0, 0))
	panel.Resize(fyne.NewSize(size.Width, top))
	sep.Move(fyne.NewPos(0, top+pad))
	sep.Resize(fyne.NewSize(size.Width, sepH))
	probs.Move(fyne.NewPos(0, top+sepH+2*pad))
	probs.Resize(fyne.NewSize(size.Width, h))
}

func (l *sideLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	w := float32(0)
	h := objects[1].MinSize().Height + 2*theme.Padding()
	for _, o := range []fyne.CanvasObject{objects[0], objects[2]} {
		w = max(w, o.MinSize().Width)
		h += o.MinSize().Height
	}
	return fyne.NewSize(w, h)
}

// compactTheme is the app's theme with less room around each line of
// text: the problems' list.
type compactTheme struct {
	inner float32 // the room inside a control, 1 when not given
}

func (compactTheme) th() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }

func (t compactTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.th().Color(n, v)
}

func (t compactTheme) Font(s fyne.TextStyle) fyne.Resource { return t.th().Font(s) }

func (t compactTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.th().Icon(n) }

func (t compactTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameInnerPadding:
		return max(t.inner, 1)
	case theme.SizeNamePadding:
		return 2
	}
	return t.th().Size(n)
}

// tight lays out one object with less room above and under it than its
// theme gives (the inner padding of compactTheme), without a theme of its
// own: a text's caption closer to its boxes. A theme override would make
// a new theme scope at each rebuild of the panel, each parsing the fonts
// again and keeping them for the life of the app.
func tight(o fyne.CanvasObject) fyne.CanvasObject {
	return container.New(tightLayout{}, o)
}

type tightLayout struct{}

// trim is how much room less each side gets: the theme's inner padding
// down to compactTheme{inner: 4}'s.
func (tightLayout) trim() float32 { return max(theme.InnerPadding()-4, 0) }

func (l tightLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	d := l.trim()
	for _, o := range objects {
		o.Move(fyne.NewPos(-d, -d))
		o.Resize(fyne.NewSize(size.Width+2*d, size.Height+2*d))
	}
}

func (l tightLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	d := l.trim()
	var s fyne.Size
	for _, o := range objects {
		m := o.MinSize()
		s = s.Max(fyne.NewSize(max(m.Width-2*d, 0), max(m.Height-2*d, 0)))
	}
	return s
}
