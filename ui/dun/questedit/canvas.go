package questedit

import (
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/ui/dun/mapcolour"
)

// Colours of the drawn map: stone floors by section kind (as the quest map
// draws them), walls, doors by kind, elements by kind, marks.
var (
	floorColour   = mapcolour.Floor
	backColour    = color.NRGBA{0x22, 0x20, 0x1d, 0xff}
	gridColour    = color.NRGBA{0xff, 0xff, 0xff, 0x22}
	wallColour    = color.NRGBA{0x10, 0x0c, 0x08, 0xff}
	problemColour = color.NRGBA{0xff, 0x30, 0x30, 0xff}
	selectColour  = color.NRGBA{0x60, 0xc0, 0xff, 0xff}
	startColour   = color.NRGBA{0x50, 0xd0, 0x60, 0xff}
	handleColour  = color.NRGBA{0xf4, 0xe8, 0xd0, 0xff}
	nameColour    = mapcolour.Name
	chipColour    = mapcolour.NameChip
	ghostColour   = color.NRGBA{0x60, 0xc0, 0xff, 0x50}
	exitColour    = map[string]color.Color{
		"door":        mapcolour.Door,
		"locked_door": color.NRGBA{0x8a, 0x9a, 0xb0, 0xff},
		"secret_door": color.NRGBA{0xa0, 0x60, 0xd0, 0xff},
		"arrow":       color.NRGBA{0x50, 0xb0, 0x60, 0xff},
		"":            color.NRGBA{0xc8, 0x8a, 0x2c, 0xff}, // the players' view: a way, its kind untold
	}
	elementColour = map[string]color.Color{
		"trap":      color.NRGBA{0xb0, 0x2a, 0x2a, 0xff},
		"furniture": color.NRGBA{0x9a, 0x70, 0x40, 0xff},
		"chest":     color.NRGBA{0xd0, 0xb0, 0x30, 0xff},
		"objective": color.NRGBA{0x40, 0x90, 0xd0, 0xff},
	}
	elementLetter = map[string]string{"trap": "T", "furniture": "F", "chest": "C", "objective": "O"}
	exitLetter    = map[string]string{"door": "", "locked_door": "L", "secret_door": "S", "arrow": "→"}
)

// drawSection, drawExit and drawElement are what the canvas draws: the
// editor maps its quest onto them, the players' preview its public map.
type drawSection struct {
	ID         string
	Name       string
	Kind       string
	X, Y, W, H int
	Start      bool
	Image      image.Image
	Problem    bool
	Selected   bool
}

type drawExit struct {
	From     string
	Index    int
	Kind     string
	X, Y     int
	Problem  bool
	Selected bool
}

type drawElement struct {
	Section  string
	ID       string
	Kind     string
	X, Y     int
	Problem  bool
	Selected bool
}

// drawn is one picture of the map.
type drawn struct {
	Sections []drawSection
	Exits    []drawExit
	Elements []drawElement
}

// Sizes of a square, in pixels.
const (
	minCell     = 10
	maxCell     = 96
	defaultCell = 28
)

// gridCanvas is the drawn map: a viewport on the square grid that pans and
// zooms. Its canvas objects are made once and kept in pools; Refresh maps
// the picture onto them. What a tap or drag means is the owner's: the
// callbacks get grid coordinates.
type gridCanvas struct {
	widget.BaseWidget
	pic  drawn
	cell float32
	// pan is the pixel offset of the view: the grid point (0, 0) is drawn
	// at -pan.
	pan fyne.Position

	// onTap hears a tap at a grid position (in squares, fractional).
	onTap func(gx, gy float32)
	// onDrag hears a finished drag from a grid position to another.
	onDrag func(fx, fy, tx, ty float32)
	// onZoom hears a change of the square's size.
	onZoom func()

	// The drag in progress.
	down, dragging bool
	downAt         fyne.Position
	dragFrom       fyne.Position
	dragTo         fyne.Position
	// ghost is the shape a drag would make, shown while dragging; shape
	// tells it from the drag's start and end (nil: none).
	shape func(fx, fy, tx, ty float32) (x, y, w, h float32, ok bool)

	root     *fyne.Container
	back     *canvas.Rectangle
	lines    []*canvas.Line
	floors   []*canvas.Rectangle
	images   []*canvas.Image
	chips    []*canvas.Rectangle
	names    []*canvas.Text
	starts   []*canvas.Text
	handles  []*canvas.Rectangle
	exits    []*canvas.Rectangle
	exitTags []*canvas.Text
	elements []*canvas.Circle
	elTags   []*canvas.Text
	ghost    *canvas.Rectangle
	// layers keep pooled objects in drawing order: floors under their
	// contents under the marks.
	layerFloor, layerMarks, layerTop *fyne.Container
	// gridLines holds the grid's lines, between the floors and the marks.
	gridLines *fyne.Container
	// startText is the word drawn on the start section.
	startText string
	// fitted says the view was fitted to the map once.
	fitted bool
	// readOnly hides the resize handles (the players' preview).
	readOnly bool
}

func newGridCanvas() *gridCanvas {
	c := &gridCanvas{cell: defaultCell, pan: fyne.NewPos(-defaultCell, -defaultCell)}
	c.back = canvas.NewRectangle(backColour)
	c.ghost = canvas.NewRectangle(ghostColour)
	c.ghost.StrokeColor, c.ghost.StrokeWidth = selectColour, 2
	c.ghost.Hide()
	c.layerFloor = container.NewWithoutLayout()
	c.layerMarks = container.NewWithoutLayout()
	c.layerTop = container.NewWithoutLayout(c.ghost)
	c.gridLines = container.NewWithoutLayout()
	c.root = container.NewWithoutLayout(c.back, c.layerFloor, c.gridLines, c.layerMarks, c.layerTop)
	c.ExtendBaseWidget(c)
	return c
}

// show draws pic.
func (c *gridCanvas) show(pic drawn) {
	c.pic = pic
	c.Refresh()
}

// at is the pixel position of a grid point.
func (c *gridCanvas) at(gx, gy float32) fyne.Position {
	return fyne.NewPos(gx*c.cell-c.pan.X, gy*c.cell-c.pan.Y)
}

// grid is the grid position of a pixel.
func (c *gridCanvas) grid(p fyne.Position) (float32, float32) {
	return (p.X + c.pan.X) / c.cell, (p.Y + c.pan.Y) / c.cell
}

func (c *gridCanvas) CreateRenderer() fyne.WidgetRenderer { return &gridRenderer{c: c} }

func (c *gridCanvas) MinSize() fyne.Size { return fyne.NewSize(160, 160) }

// Tapped: a tap on the map.
func (c *gridCanvas) Tapped(e *fyne.PointEvent) {
	if c.onTap != nil {
		gx, gy := c.grid(e.Position)
		c.onTap(gx, gy)
	}
}

// MouseDown remembers where a drag starts (the drivers tell a drag's
// position once it has moved).
func (c *gridCanvas) MouseDown(e *desktop.MouseEvent) {
	if e.Button == desktop.MouseButtonPrimary {
		c.down, c.downAt = true, e.Position
	}
}

func (c *gridCanvas) MouseUp(*desktop.MouseEvent) { c.down = false }

// Dragged follows a drag: the shape it would make is shown.
func (c *gridCanvas) Dragged(e *fyne.DragEvent) {
	if !c.dragging {
		c.dragging = true
		c.dragFrom = e.Position
		if c.down {
			c.dragFrom = c.downAt
		}
		c.dragTo = c.dragFrom
	}
	c.dragTo = c.dragTo.Add(e.Dragged)
	c.showGhost()
}

// DragEnd hands the drag to the owner.
func (c *gridCanvas) DragEnd() {
	if !c.dragging {
		return
	}
	c.dragging, c.down = false, false
	c.ghost.Hide()
	if c.onDrag != nil {
		fx, fy := c.grid(c.dragFrom)
		tx, ty := c.grid(c.dragTo)
		c.onDrag(fx, fy, tx, ty)
	}
}

func (c *gridCanvas) showGhost() {
	if c.shape == nil {
		return
	}
	fx, fy := c.grid(c.dragFrom)
	tx, ty := c.grid(c.dragTo)
	x, y, w, h, ok := c.shape(fx, fy, tx, ty)
	if !ok {
		c.ghost.Hide()
		return
	}
	c.ghost.Move(c.at(x, y))
	c.ghost.Resize(fyne.NewSize(w*c.cell, h*c.cell))
	c.ghost.Show()
	c.ghost.Refresh()
}

// Scrolled pans the map; with Ctrl held it zooms around the pointer.
func (c *gridCanvas) Scrolled(e *fyne.ScrollEvent) {
	if d, ok := fyne.CurrentApp().Driver().(desktop.Driver); ok && d.CurrentKeyModifiers()&(fyne.KeyModifierControl|fyne.KeyModifierSuper) != 0 {
		factor := float32(1.15)
		if e.Scrolled.DY < 0 {
			factor = 1 / factor
		}
		c.zoomAround(factor, e.Position)
		return
	}
	c.pan = c.pan.Subtract(fyne.NewPos(e.Scrolled.DX, e.Scrolled.DY))
	c.Refresh()
}

// zoom changes the size of a square by factor, keeping the view's centre.
func (c *gridCanvas) zoom(factor float32) {
	s := c.Size()
	c.zoomAround(factor, fyne.NewPos(s.Width/2, s.Height/2))
}

func (c *gridCanvas) zoomAround(factor float32, p fyne.Position) {
	gx, gy := c.grid(p)
	c.cell = float32(math.Round(float64(min(max(c.cell*factor, minCell), maxCell))))
	c.pan = fyne.NewPos(gx*c.cell-p.X, gy*c.cell-p.Y)
	c.Refresh()
	if c.onZoom != nil {
		c.onZoom()
	}
}

// fit sizes and pans the view so the whole picture shows.
func (c *gridCanvas) fit() {
	s := c.Size()
	if len(c.pic.Sections) == 0 || s.Width <= 0 || s.Height <= 0 {
		return
	}
	minX, minY, maxX, maxY := math.MaxInt, math.MaxInt, 0, 0
	for _, sec := range c.pic.Sections {
		minX, minY = min(minX, sec.X), min(minY, sec.Y)
		maxX, maxY = max(maxX, sec.X+sec.W), max(maxY, sec.Y+sec.H)
	}
	w, h := float32(maxX-minX+2), float32(maxY-minY+2)
	c.cell = float32(math.Floor(float64(min(max(min(s.Width/w, s.Height/h), minCell), maxCell))))
	c.pan = fyne.NewPos(float32(minX-1)*c.cell, float32(minY-1)*c.cell)
	c.Refresh()
}

type gridRenderer struct{ c *gridCanvas }

func (r *gridRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.c.root} }
func (r *gridRenderer) Destroy()                     {}
func (r *gridRenderer) MinSize() fyne.Size           { return r.c.MinSize() }
func (r *gridRenderer) Layout(size fyne.Size) {
	r.c.root.Resize(size)
	r.c.back.Resize(size)
	if !r.c.fitted && size.Width > 0 && size.Height > 0 {
		r.c.fitted = true // a quest opened: its whole map in view, once it has room
		if len(r.c.pic.Sections) > 0 {
			r.c.fit()
			return
		}
	}
	r.Refresh()
}

// pool grows a pool of objects to n, adding new ones to layer, and hides
// those past n.
func pool[T fyne.CanvasObject](list *[]T, n int, layer *fyne.Container, make func() T) {
	for len(*list) < n {
		o := make()
		*list = append(*list, o)
		layer.Add(o)
	}
	for i, o := range *list {
		if i >= n {
			o.Hide()
		}
	}
}

func (r *gridRenderer) Refresh() {
	c := r.c
	size := c.Size()
	c.back.Resize(size)
	// The grid lines across the view.
	cols := int(size.Width/c.cell) + 2
	rows := int(size.Height/c.cell) + 2
	pool(&c.lines, cols+rows, c.gridLines, func() *canvas.Line { return canvas.NewLine(gridColour) })
	x0 := float32(math.Floor(float64(c.pan.X/c.cell))) * c.cell
	y0 := float32(math.Floor(float64(c.pan.Y/c.cell))) * c.cell
	for i := 0; i < cols; i++ {
		l := c.lines[i]
		x := x0 + float32(i)*c.cell - c.pan.X
		l.Position1, l.Position2 = fyne.NewPos(x, 0), fyne.NewPos(x, size.Height)
		l.Show()
		l.Refresh()
	}
	for i := 0; i < rows; i++ {
		l := c.lines[cols+i]
		y := y0 + float32(i)*c.cell - c.pan.Y
		l.Position1, l.Position2 = fyne.NewPos(0, y), fyne.NewPos(size.Width, y)
		l.Show()
		l.Refresh()
	}
	n := len(c.pic.Sections)
	pool(&c.floors, n, c.layerFloor, func() *canvas.Rectangle { return canvas.NewRectangle(color.Transparent) })
	pool(&c.images, n, c.layerFloor, func() *canvas.Image {
		img := canvas.NewImageFromImage(nil)
		img.FillMode = canvas.ImageFillContain
		return img
	})
	for _, img := range c.images[n:] {
		img.Image = nil // hidden: its picture (a section gone) let go
	}
	pool(&c.chips, n, c.layerMarks, func() *canvas.Rectangle {
		r := canvas.NewRectangle(chipColour)
		r.CornerRadius = 3
		return r
	})
	pool(&c.names, n, c.layerMarks, func() *canvas.Text {
		t := canvas.NewText("", nameColour)
		t.TextStyle.Bold = true
		return t
	})
	pool(&c.starts, n, c.layerMarks, func() *canvas.Text {
		t := canvas.NewText("", startColour)
		t.TextStyle.Bold = true
		return t
	})
	pool(&c.handles, n, c.layerTop, func() *canvas.Rectangle {
		r := canvas.NewRectangle(handleColour)
		r.StrokeColor, r.StrokeWidth = wallColour, 1
		return r
	})
	textSize := min(max(c.cell*0.45, 11), 20)
	for i, sec := range c.pic.Sections {
		f := c.floors[i]
		f.FillColor = floorColour[sec.Kind]
		if f.FillColor == nil {
			f.FillColor = floorColour["room"]
		}
		f.StrokeColor, f.StrokeWidth = outline(sec.Problem, sec.Selected, 3)
		pos := c.at(float32(sec.X), float32(sec.Y))
		sz := fyne.NewSize(float32(sec.W)*c.cell, float32(sec.H)*c.cell)
		f.Move(pos)
		f.Resize(sz)
		f.Show()
		f.Refresh()
		img := c.images[i]
		if sec.Image != nil {
			// Refreshed only for a new picture: Fyne scales a picture
			// again at each refresh (and at each new size), a few MB
			// of garbage each, and the map is drawn again at each key.
			if img.Image != sec.Image {
				img.Image = sec.Image
				img.Refresh()
			}
			img.Move(pos.AddXY(3, 3))
			img.Resize(sz.SubtractWidthHeight(6, 6))
			img.Show()
		} else {
			img.Hide()
			img.Image = nil // let go with its section's picture
		}
		pad := float32(3)
		t := c.names[i]
		t.Text, t.TextSize = sec.Name, textSize
		t.Move(pos.AddXY(2*pad, pad))
		t.Resize(t.MinSize())
		t.Show()
		t.Refresh()
		chip := c.chips[i]
		chip.Move(pos.AddXY(pad, pad))
		chip.Resize(t.MinSize().AddWidthHeight(2*pad, 0))
		chip.Show()
		chip.Refresh()
		st := c.starts[i]
		if sec.Start {
			st.Text, st.TextSize = "▶ "+c.startText, textSize
			st.Move(pos.AddXY(2*pad, pad+t.MinSize().Height))
			st.Resize(st.MinSize())
			st.Show()
			st.Refresh()
		} else {
			st.Hide()
		}
		h := c.handles[i]
		if c.readOnly {
			h.Hide()
			continue
		}
		hs := handleSize(c.cell)
		h.Move(c.at(float32(sec.X+sec.W), float32(sec.Y+sec.H)).SubtractXY(hs, hs))
		h.Resize(fyne.NewSize(hs, hs))
		h.Show()
		h.Refresh()
	}
	n = len(c.pic.Exits)
	pool(&c.exits, n, c.layerMarks, func() *canvas.Rectangle { return canvas.NewRectangle(color.Transparent) })
	pool(&c.exitTags, n, c.layerMarks, func() *canvas.Text {
		t := canvas.NewText("", wallColour)
		t.TextStyle.Bold = true
		t.Alignment = fyne.TextAlignCenter
		return t
	})
	es := max(c.cell*0.6, 10)
	for i, e := range c.pic.Exits {
		d := c.exits[i]
		d.FillColor = exitColour[e.Kind]
		d.StrokeColor, d.StrokeWidth = outline(e.Problem, e.Selected, 2)
		p := c.at(float32(e.X), float32(e.Y))
		d.Move(p.SubtractXY(es/2, es/2))
		d.Resize(fyne.NewSize(es, es))
		d.Show()
		d.Refresh()
		t := c.exitTags[i]
		t.Text, t.TextSize = exitLetter[e.Kind], min(max(c.cell*0.4, 9), 18)
		t.Resize(fyne.NewSize(es, es))
		t.Move(p.SubtractXY(es/2, es/2))
		t.Show()
		t.Refresh()
	}
	n = len(c.pic.Elements)
	pool(&c.elements, n, c.layerMarks, func() *canvas.Circle { return canvas.NewCircle(color.Transparent) })
	pool(&c.elTags, n, c.layerMarks, func() *canvas.Text {
		t := canvas.NewText("", nameColour)
		t.TextStyle.Bold = true
		t.Alignment = fyne.TextAlignCenter
		return t
	})
	for i, el := range c.pic.Elements {
		d := c.elements[i]
		d.FillColor = elementColour[el.Kind]
		d.StrokeColor, d.StrokeWidth = outline(el.Problem, el.Selected, 2)
		p := c.at(float32(el.X)+0.15, float32(el.Y)+0.15)
		d.Move(p)
		d.Resize(fyne.NewSize(c.cell*0.7, c.cell*0.7))
		d.Show()
		d.Refresh()
		t := c.elTags[i]
		t.Text, t.TextSize = elementLetter[el.Kind], min(max(c.cell*0.4, 9), 18)
		t.Move(p)
		t.Resize(fyne.NewSize(c.cell*0.7, c.cell*0.7))
		t.Show()
		t.Refresh()
	}
	c.back.Refresh()
}

// outline is how an object's edge is drawn: red with a problem (it comes
// first), blue when selected, else a wall of width plain.
func outline(problem, selected bool, plain float32) (color.Color, float32) {
	switch {
	case problem:
		return problemColour, 4
	case selected:
		return selectColour, 4
	}
	return wallColour, plain
}

// handleSize is the side of a section's resize handle, in pixels.
func handleSize(cell float32) float32 { return min(max(cell*0.4, 10), 22) }
