package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// ThemeOverride draws its content with another theme, as Fyne's
// container.ThemeOverride does, without its cost in memory. Fyne's hands
// its theme on to the content under a new scope at each Refresh (and a
// refresh of any container or scroll above it refreshes it), and every
// scope parses the fonts again for the texts it draws next and keeps them
// for the life of the process: 10 to 20 MB a refresh that changes a text
// in it (the quest editor's problems list grew the app by 300 MB in a
// minute of typing). This one hands the theme on only when objects new to
// the content appear (a row added to a list), since those need it; a
// refresh otherwise redraws the content under the scope it has.
type ThemeOverride struct {
	widget.BaseWidget
	over *container.ThemeOverride
	// seen are the objects the theme was last handed on to: the content's
	// containers and what they hold, down to each widget (a widget's own
	// parts follow it).
	seen map[fyne.CanvasObject]bool
}

// NewThemeOverride draws content with th.
func NewThemeOverride(content fyne.CanvasObject, th fyne.Theme) *ThemeOverride {
	t := &ThemeOverride{over: container.NewThemeOverride(content, th), seen: objectsIn(content)}
	t.ExtendBaseWidget(t)
	return t
}

// Content is what it draws.
func (t *ThemeOverride) Content() fyne.CanvasObject { return t.over.Content }

// Refresh redraws the content, handing the theme on first when something
// new is in it.
func (t *ThemeOverride) Refresh() {
	now := objectsIn(t.over.Content)
	for o := range now {
		if !t.seen[o] {
			t.seen = now
			t.over.Refresh()
			return
		}
	}
	t.over.Content.Refresh()
}

func (t *ThemeOverride) CreateRenderer() fyne.WidgetRenderer {
	return &themeOverrideRenderer{t: t}
}

// themeOverrideRenderer lays out and measures Fyne's override; its Refresh
// leaves it alone (ThemeOverride.Refresh has redrawn what is needed).
type themeOverrideRenderer struct{ t *ThemeOverride }

func (r *themeOverrideRenderer) Layout(s fyne.Size)           { r.t.over.Resize(s) }
func (r *themeOverrideRenderer) MinSize() fyne.Size           { return r.t.over.MinSize() }
func (r *themeOverrideRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.t.over} }
func (r *themeOverrideRenderer) Refresh()                     {}
func (r *themeOverrideRenderer) Destroy()                     {}

// objectsIn is o and, through containers, everything they hold.
func objectsIn(o fyne.CanvasObject) map[fyne.CanvasObject]bool {
	seen := map[fyne.CanvasObject]bool{}
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		seen[o] = true
		if c, ok := o.(*fyne.Container); ok {
			for _, child := range c.Objects {
				walk(child)
			}
		}
	}
	walk(o)
	return seen
}
