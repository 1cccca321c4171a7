package dunui

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // sections' pictures
	_ "image/png"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui/dun/mapcolour"
	"github.com/dunconductor/conductor/ui/probe"
)

// Map colours: stone floors by section kind, doors, the grid.
var (
	floorColour = mapcolour.Floor
	wallColour  = color.NRGBA{0x1c, 0x18, 0x14, 0xff}
	gridColour  = color.NRGBA{0x00, 0x00, 0x00, 0x40}
	doorColour  = mapcolour.Door
	trapColour  = color.NRGBA{0xb0, 0x2a, 0x2a, 0xff}
	newestFrame = color.NRGBA{0xe0, 0xb0, 0x4a, 0xff}
	newestGlow  = color.NRGBA{0xe0, 0xb0, 0x4a, 0x90}
	nameColour  = mapcolour.Name
	nameChip    = mapcolour.NameChip
)

// fixedSize lays nothing out (the map places its objects itself) but tells
// the scroll container how big the drawing is.
type fixedSize struct{ size fyne.Size }

func (f *fixedSize) Layout([]fyne.CanvasObject, fyne.Size) {}
func (f *fixedSize) MinSize([]fyne.CanvasObject) fyne.Size { return f.size }

// mapView draws the revealed sections of a quest on a square grid, as the
// players see them (dun.PublicMap, the players' view's map): nothing of a
// section that is not revealed, not its floor, not its name, not what lies
// behind a door into it. The Conductor's view adds buttons on the exits that
// lead to sections that can be revealed now, and on the traps.
type mapView struct {
	quest    *quest.Quest // the Conductor's view only: its buttons
	cell     float32
	drawing  *fyne.Container
	layout   *fixedSize
	scroll   *container.Scroll
	sections map[string]*canvas.Rectangle // revealed section id → its floor, for tests
	onExit   func(quest.Exit)             // nil in the players' view
	exitName func(quest.Exit) string
	canOpen  func() bool // whether the rules let a section be revealed now
	// closed says whether an exit was shut by an Obstacle (its button then
	// breaks the door down: onBreak, named breakName).
	closed    func(section string) bool
	onBreak   func(quest.Exit)
	breakName string
	// onTrap (nil in the players' view: traps are the Conductor's secret)
	// is a hero stepping on a trap's square; canTrap whether the rules let
	// an Obstacle roll start now.
	onTrap   func(quest.Element)
	trapName func(quest.Element) string
	canTrap  func() bool
	exits    map[string]*widget.Button // hidden section → the button of the exit to it
	traps    map[string]*widget.Button // trap id → its button
	// lang is the language the buttons and names speak (nil: English);
	// drawn what the drawing shows, so a tap that changes none of it
	// redraws nothing.
	lang  func() string
	drawn memo
	// fit (the players' view): the size of a square follows the view's, so
	// the revealed map fits it, or when it cannot at a readable size, the
	// newest section does.
	fit bool
	// ox, oy are the grid point drawn at the top left (with the margin):
	// the revealed sections' top-left corner.
	ox, oy int
	// names are the revealed sections' names as drawn, by section id.
	names map[string]*canvas.Text
	// pictures are the sections' pictures the quest keeps in its file,
	// decoded once, by picture (nil: none, or not decoded); images draw
	// them, one a section kept across redraws (image).
	pictures map[string]image.Image
	images   map[string]*canvas.Image
	// pinned are the buttons pinned on the map so far, as their corners.
	pinned [][2]fyne.Position
	// file gives a picture the players' view names (the players' window).
	file func(name string) ([]byte, string, bool)
	// secs are the revealed sections drawn last, by id; order their ids in
	// the order revealed, the newest last.
	secs  map[string]dun.PublicSection
	order []string
}

func newMapView(q *quest.Quest, cell float32) *mapView {
	m := &mapView{quest: q, cell: cell, layout: &fixedSize{}}
	m.drawing = container.New(m.layout)
	m.scroll = container.NewScroll(m.drawing)
	return m
}

// draw shows the Conductor's map for a state: the players' map of it
// (dun.PublicMap) with the Conductor's buttons.
func (m *mapView) draw(s dun.State) {
	secs, exits := dun.PublicMap(m.quest, s)
	m.show(secs, exits, &s)
}

// drawPublic shows the players' map: their view's, and nothing else.
func (m *mapView) drawPublic(v dun.PublicView) { m.show(v.Sections, v.Exits, nil) }

// show draws the revealed sections secs (in the order revealed) and the
// exits the heroes know of; with the Conductor's state s, its buttons too.
// When any of it, the shut exits, the exits that can be reached, the size
// of a square or the language have changed it draws the map again and
// centres the newest section; otherwise it only enables or disables the
// buttons it has, in place.
func (m *mapView) show(secs []dun.PublicSection, exits []dun.PublicExit, s *dun.State) {
	lang := "en"
	if m.lang != nil {
		lang = m.lang()
	}
	m.secs, m.order = make(map[string]dun.PublicSection, len(secs)), make([]string, 0, len(secs))
	for _, sec := range secs {
		m.secs[sec.ID] = sec
		m.order = append(m.order, sec.ID)
	}
	var view fyne.Size
	if m.fit {
		view = m.scroll.Size()
		m.fitCell(view)
	}
	var conductor []any // what the Conductor's buttons follow
	if s != nil {
		conductor = []any{s.Shut, dun.Reachable(*s, m.quest), s.Unlocked} // an unlocked door is named so
	}
	if !m.drawn.changed(secs, exits, conductor, m.cell, lang, view) {
		m.enable()
		return
	}
	m.redraw(secs, exits, s, lang)
}

// redraw draws the map again: every section with its picture and grid, the
// newest one's glow, the names, the exits known, and the Conductor's
// buttons (s nil: none); then it centres the newest section. A map is
// drawn again whole: every position follows its extent and square size.
func (m *mapView) redraw(secs []dun.PublicSection, exits []dun.PublicExit, s *dun.State, lang string) {
	m.drawing.RemoveAll()
	m.sections, m.names = map[string]*canvas.Rectangle{}, map[string]*canvas.Text{}
	m.exits, m.traps = map[string]*widget.Button{}, map[string]*widget.Button{}
	m.pinned = nil
	var maxX, maxY int
	m.ox, m.oy, maxX, maxY = m.extent(m.order)
	for i, sec := range secs {
		m.section(sec, i == len(secs)-1)
	}
	if n := len(secs); n > 0 {
		// The newest section stands out: a glow around its golden frame.
		sec := secs[n-1]
		glow := canvas.NewRectangle(color.Transparent)
		glow.StrokeColor, glow.StrokeWidth = newestGlow, 5
		m.place(glow, float32(sec.X)-0.12, float32(sec.Y)-0.12, float32(sec.W)+0.24, float32(sec.H)+0.24)
	}
	for _, sec := range secs {
		m.name(sec, lang)
	}
	for _, e := range exits { // a secret door only once found
		door := canvas.NewRectangle(doorColour)
		m.place(door, float32(e.X)-0.3, float32(e.Y)-0.3, 0.6, 0.6)
	}
	if s != nil && m.onExit != nil {
		m.exitButtons(*s)
	}
	if s != nil && m.onTrap != nil {
		m.trapButtons(*s)
	}
	m.enable()
	m.layout.size = fyne.NewSize(float32(maxX-m.ox+2*margin)*m.cell, float32(maxY-m.oy+2*margin)*m.cell)
	m.drawing.Refresh()
	m.centre()
}

// section draws a section's floor (framed in gold when newest), its
// tile's picture and its squares.
func (m *mapView) section(sec dun.PublicSection, newest bool) {
	floor := canvas.NewRectangle(floorColour[sec.Kind])
	floor.StrokeColor, floor.StrokeWidth = wallColour, 3
	if newest {
		floor.StrokeColor = newestFrame
	}
	m.place(floor, float32(sec.X), float32(sec.Y), float32(sec.W), float32(sec.H))
	m.sections[sec.ID] = floor
	if pic := m.picture(sec); pic != nil {
		// The tile's picture fills its section, under the grid and the frame's line.
		m.place(m.image(sec.ID, pic), float32(sec.X)+0.08, float32(sec.Y)+0.08, float32(sec.W)-0.16, float32(sec.H)-0.16)
	}
	for x := 1; x < sec.W; x++ {
		line := canvas.NewLine(gridColour)
		line.Position1 = m.at(float32(sec.X+x), float32(sec.Y))
		line.Position2 = m.at(float32(sec.X+x), float32(sec.Y+sec.H))
		m.drawing.Add(line)
	}
	for y := 1; y < sec.H; y++ {
		line := canvas.NewLine(gridColour)
		line.Position1 = m.at(float32(sec.X), float32(sec.Y+y))
		line.Position2 = m.at(float32(sec.X+sec.W), float32(sec.Y+y))
		m.drawing.Add(line)
	}
}

// exitButtons are the Conductor's buttons on the exits into the sections
// that can be revealed now: open the door, or break it down once an
// Obstacle shut it.
func (m *mapView) exitButtons(s dun.State) {
	reachable := dun.Reachable(s, m.quest)
	for _, id := range s.Revealed {
		sec, _ := m.quest.Section(id)
		for _, e := range sec.Exits {
			if !dun.ExitShown(s, e) {
				continue // a secret door shows only once found
			}
			if slices.Contains(reachable, e.To) && !slices.Contains(s.Revealed, e.To) {
				// Named for the real-input tests: several exits read "Door".
				b := probe.Name(widget.NewButton(m.exitName(e), func() { m.onExit(e) }), "quest.exit."+e.To)
				b.Importance = widget.HighImportance
				if m.closed != nil && m.closed(e.To) && dun.CanBreak(s, m.quest, e.To) {
					// An Obstacle shut it: what is left is breaking it down.
					b.SetText(m.breakName)
					b.OnTapped = func() { m.onBreak(e) }
					b.Importance = widget.WarningImportance
				}
				m.exits[e.To] = b
				m.pin(b, float32(e.X), float32(e.Y))
			}
		}
	}
}

// trapButtons are the traps, on the Conductor's map only: a hero who steps
// on one starts the ADP's Obstacle roll.
func (m *mapView) trapButtons(s dun.State) {
	for _, id := range s.Revealed {
		sec, _ := m.quest.Section(id)
		for _, el := range sec.Elements {
			if el.Kind != "trap" {
				continue
			}
			mark := canvas.NewRectangle(trapColour)
			m.place(mark, float32(el.X)+0.15, float32(el.Y)+0.15, 0.7, 0.7)
			b := widget.NewButton(m.trapName(el), func() { m.onTrap(el) })
			b.Importance = widget.DangerImportance
			m.traps[el.ID] = b
			m.pin(b, float32(el.X)+0.5, float32(el.Y)+0.5)
		}
	}
}

// enable lets the exits and traps be tapped when the rules let them: the
// ADP's step comes first, say.
func (m *mapView) enable() {
	for _, b := range m.exits {
		setEnabled(b, m.canOpen())
	}
	for _, b := range m.traps {
		setEnabled(b, m.canTrap())
	}
}

// memo remembers what a panel was last built from, so it is built again
// only when that changes: panels update in place, not on every tap.
type memo string

// changed says whether parts differ from the last call's, and remembers them.
func (m *memo) changed(parts ...any) bool {
	k := memo(fmt.Sprint(parts...))
	if k == *m {
		return false
	}
	*m = k
	return true
}

// pin puts a button centred on a grid point, or, where a button pinned
// before is in the way (a trap's next to a door), just above or below it:
// no button ever hides another.
func (m *mapView) pin(b *widget.Button, x, y float32) {
	size := b.MinSize()
	b.Resize(size)
	at := m.at(x, y).SubtractXY(size.Width/2, size.Height/2)
	step := size.Height + 4
	for try := 0; try < 8; try++ {
		// 0, below, above, further below, further above…
		shift := float32((try+1)/2) * step
		if try%2 == 0 {
			shift = -shift
		}
		pos := at.AddXY(0, shift)
		if !m.overlaps(pos, size) {
			at = pos
			break
		}
	}
	b.Move(at)
	m.pinned = append(m.pinned, [2]fyne.Position{at, at.AddXY(size.Width, size.Height)})
	m.drawing.Add(b)
}

// overlaps says whether a button at pos of size would cover one pinned
// before it.
func (m *mapView) overlaps(pos fyne.Position, size fyne.Size) bool {
	for _, r := range m.pinned {
		if pos.X < r[1].X && pos.X+size.Width > r[0].X && pos.Y < r[1].Y && pos.Y+size.Height > r[0].Y {
			return true
		}
	}
	return false
}

// margin is the empty border, in squares, around the drawing.
const margin = 1

// at is the screen position of a grid point.
func (m *mapView) at(x, y float32) fyne.Position {
	return fyne.NewPos((x-float32(m.ox)+margin)*m.cell, (y-float32(m.oy)+margin)*m.cell)
}

// extent is the grid rectangle the revealed sections cover (of those
// drawn last).
func (m *mapView) extent(revealed []string) (minX, minY, maxX, maxY int) {
	for i, id := range revealed {
		sec := m.secs[id]
		if i == 0 {
			minX, minY = sec.X, sec.Y
		}
		minX, minY = min(minX, sec.X), min(minY, sec.Y)
		maxX, maxY = max(maxX, sec.X+sec.W), max(maxY, sec.Y+sec.H)
	}
	return minX, minY, maxX, maxY
}

// Sizes of a square in the players' view: never so small the map cannot
// be read from across the table, never larger than needed.
const (
	minFitCell = 24
	maxFitCell = 72
)

// fitCell sizes a square so the revealed map fits view, or when it cannot
// at minFitCell, so the newest section and what is around it do (centre
// then scrolls to it).
func (m *mapView) fitCell(view fyne.Size) {
	if view.Width <= 0 || view.Height <= 0 || len(m.order) == 0 {
		return // not laid out yet
	}
	fits := func(w, h int) float32 {
		c := min(view.Width/float32(w+2*margin), view.Height/float32(h+2*margin))
		return float32(math.Floor(float64(c)))
	}
	minX, minY, maxX, maxY := m.extent(m.order)
	cell := fits(maxX-minX, maxY-minY)
	if cell < minFitCell {
		// The newest section then, with two squares around it.
		newest := m.secs[m.order[len(m.order)-1]]
		cell = fits(newest.W+4, newest.H+4)
	}
	m.cell = max(min(cell, maxFitCell), 8)
}

// Sizes of a section's name on the map: never too small to read.
const (
	minNameSize = 12
	maxNameSize = 24
)

// name writes a revealed section's name, in the reader's language, in its
// top-left corner on a dark chip: as large as the square allows, smaller
// when that keeps it within the section, never below minNameSize (a narrow
// corridor's name runs past its wall, still readable on its chip).
func (m *mapView) name(sec dun.PublicSection, lang string) {
	text := sec.Name.In(lang)
	style := fyne.TextStyle{Bold: true}
	pad := max(m.cell/8, 3)
	size := min(max(m.cell*0.4, minNameSize), maxNameSize)
	for size > minNameSize && fyne.MeasureText(text, size, style).Width > float32(sec.W)*m.cell-4*pad {
		size = max(size-1, minNameSize)
	}
	t := canvas.NewText(text, nameColour)
	t.TextSize, t.TextStyle = size, style
	at := m.at(float32(sec.X), float32(sec.Y)).AddXY(pad, pad)
	chip := canvas.NewRectangle(nameChip)
	chip.CornerRadius = 3
	chip.Move(at)
	chip.Resize(t.MinSize().AddWidthHeight(2*pad, 0))
	t.Move(at.AddXY(pad, 0))
	t.Resize(t.MinSize())
	m.drawing.Add(chip)
	m.drawing.Add(t)
	m.names[sec.ID] = t
}

// picture is a section's picture, decoded the first time it is drawn:
// from the quest on the Conductor's map; from the players' view's file
// (file) in the players' window, which knows no quest.
func (m *mapView) picture(sec dun.PublicSection) image.Image {
	if sec.Image == "" {
		return nil
	}
	if pic, done := m.pictures[sec.Image]; done {
		return pic
	}
	if m.pictures == nil {
		m.pictures = map[string]image.Image{}
	}
	var pic image.Image
	switch {
	case m.quest != nil:
		q, _ := m.quest.Section(sec.ID)
		if img, ok := quest.SectionImage(q); ok {
			pic = img
		}
	case m.file != nil:
		if data, _, ok := m.file(sec.Image); ok {
			if img, _, err := image.Decode(bytes.NewReader(data)); err == nil {
				pic = img
			}
		}
	}
	m.pictures[sec.Image] = pic
	return pic
}

// image is what draws a section's picture: one object a section, kept from
// one redraw to the next, for Fyne scales a picture into a texture for
// each new object it draws (and keeps that texture a minute), so that a
// new one at each redraw scaled every picture again, a few MB each.
func (m *mapView) image(id string, pic image.Image) *canvas.Image {
	if img, ok := m.images[id]; ok && img.Image == pic {
		return img
	}
	img := canvas.NewImageFromImage(pic)
	img.FillMode = canvas.ImageFillStretch
	img.Translucency = 0.15
	if m.images == nil {
		m.images = map[string]*canvas.Image{}
	}
	m.images[id] = img
	return img
}

func (m *mapView) place(o fyne.CanvasObject, x, y, w, h float32) {
	o.Move(m.at(x, y))
	o.Resize(fyne.NewSize(w*m.cell, h*m.cell))
	m.drawing.Add(o)
}

// centre scrolls the newest section into the middle of the view.
func (m *mapView) centre() {
	if len(m.order) == 0 {
		return
	}
	sec := m.secs[m.order[len(m.order)-1]]
	view := m.scroll.Size()
	c := m.at(float32(sec.X)+float32(sec.W)/2, float32(sec.Y)+float32(sec.H)/2)
	most := m.layout.size.Subtract(view) // the largest offset that shows drawing
	// The scroll clamps its offset to its content's size: the drawing takes
	// its new size first.
	m.drawing.Resize(m.layout.size.Max(view))
	m.scroll.Offset = fyne.NewPos(max(min(c.X-view.Width/2, most.Width), 0), max(min(c.Y-view.Height/2, most.Height), 0))
	m.scroll.Refresh()
}

// zoom changes the size of a square, within reason.
func (m *mapView) zoom(factor float32, s dun.State) {
	m.cell = min(max(m.cell*factor, 12), 96)
	m.draw(s)
}
