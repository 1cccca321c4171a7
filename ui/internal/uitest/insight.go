package uitest

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// InSight says where target is drawn in the window and whether all of it
// is in sight: inside the window and inside every scroll region around it,
// not scrolled away even in part.
func InSight(w fyne.Window, target fyne.CanvasObject) (fyne.Position, fyne.Size, bool) {
	type box struct{ min, max fyne.Position }
	var at fyne.Position
	whole, found := false, false
	var visit func(o fyne.CanvasObject, parent fyne.Position, cl box)
	visit = func(o fyne.CanvasObject, parent fyne.Position, cl box) {
		if found || o == nil || !o.Visible() {
			return
		}
		pos := parent.Add(o.Position())
		if o == target {
			found, at = true, pos
			end := pos.Add(fyne.NewPos(o.Size().Width, o.Size().Height))
			whole = !o.Size().IsZero() && pos.X >= cl.min.X-1 && pos.Y >= cl.min.Y-1 && end.X <= cl.max.X+1 && end.Y <= cl.max.Y+1
			return
		}
		var kids []fyne.CanvasObject
		switch x := o.(type) {
		case *fyne.Container:
			kids = x.Objects
		case fyne.Widget:
			if _, ok := o.(fyne.Scrollable); ok {
				cl = box{fyne.NewPos(max(cl.min.X, pos.X), max(cl.min.Y, pos.Y)),
					fyne.NewPos(min(cl.max.X, pos.X+o.Size().Width), min(cl.max.Y, pos.Y+o.Size().Height))}
			}
			kids = test.WidgetRenderer(x).Objects()
		}
		for _, k := range kids {
			visit(k, pos, cl)
		}
	}
	size := w.Canvas().Size()
	visit(w.Content(), fyne.Position{}, box{fyne.NewPos(0, 0), fyne.NewPos(size.Width, size.Height)})
	return at, target.Size(), found && whole
}
