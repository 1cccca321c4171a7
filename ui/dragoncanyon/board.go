package dcui

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// resourceColor tints a tile by its resource, so the board reads at a glance.
var resourceColor = map[string]color.NRGBA{
	dragoncanyon.Wood:  {R: 0x4f, G: 0x7a, B: 0x3a, A: 0x60},
	dragoncanyon.Food:  {R: 0xc8, G: 0x9b, B: 0x2c, A: 0x60},
	dragoncanyon.Stone: {R: 0x80, G: 0x80, B: 0x88, A: 0x60},
	dragoncanyon.Bone:  {R: 0xd8, G: 0xd0, B: 0xb8, A: 0x60},
}

// tileView is one tile of a board on screen: built once, then mapped from
// the model on every refresh.
type tileView struct {
	bg      *canvas.Rectangle
	button  *widget.Button
	text    *tileText
	order   *canvas.Text // its place in the last spiral search
	content fyne.CanvasObject
}

func newTileView(tap func()) *tileView {
	v := &tileView{bg: canvas.NewRectangle(color.Transparent), button: widget.NewButton("", tap), text: newTileText()}
	v.order = v.text.order
	v.bg.CornerRadius = 6
	v.content = container.NewStack(v.button, v.bg, v.text)
	return v
}

// boardView is the 4×4 board: the tiles, tapped to select one. A tile says
// each thing on a line of its own (its resource; whose card, which way up;
// the card's strength; the Dragon Slayer; the canyon and the dragon) and
// keeps every line's room, sized for the longest text of the language, so
// the board keeps its size whatever the cards on it show.
type boardView struct {
	tiles    [dragoncanyon.Size][dragoncanyon.Size]*tileView
	selected *dragoncanyon.Pos
	onSelect func(dragoncanyon.Pos)
	worst    *tileWorst
	content  fyne.CanvasObject
}

// A tile's lines below its place.
const (
	slotResource = iota
	slotCard     // whose card, which way up
	slotStrength // what the app knows of it
	slotSlayer
	slotMarks // the canyon, the dragon
	tileSlots
)

// tileWorst is the longest a tile may say: the place, the search number,
// and for each line the texts whose room it keeps.
type tileWorst struct {
	place, order string
	slots        [tileSlots][]string
}

// newBoardView is a board in tr's language; cards says whether cards are
// ever on it (the New game dialog's board has none: no room kept for them).
func newBoardView(tr *translations.Translator, cards bool, onSelect func(dragoncanyon.Pos)) *boardView {
	b := &boardView{onSelect: onSelect, worst: worstTile(tr, cards)}
	// Each tile names itself "row,col": no header row or column to line up.
	grid := container.NewGridWithColumns(dragoncanyon.Size)
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			p := dragoncanyon.Pos{r + 1, c + 1}
			v := newTileView(func() { b.selected = &p; b.onSelect(p) })
			probe.Name(v.button, fmt.Sprintf("dc.tile.%d,%d", p[0], p[1]))
			v.text.worst = b.worst
			b.tiles[r][c] = v
			grid.Add(v.content)
		}
	}
	b.content = grid
	return b
}

// worstTile lists the longest texts a tile can show in tr's language, cards
// or not.
func worstTile(tr *translations.Translator, cards bool) *tileWorst {
	w := &tileWorst{place: fmt.Sprintf("%d,%d", dragoncanyon.Size, dragoncanyon.Size), order: strconv.Itoa(dragoncanyon.Size * dragoncanyon.Size)}
	for _, r := range dragoncanyon.ByValue {
		w.slots[slotResource] = append(w.slots[slotResource], resourceText(tr, r, 9))
	}
	for _, owner := range []string{dragoncanyon.SeatAI, "p1", "p2"} {
		if !cards {
			break
		}
		for _, up := range []bool{false, true} {
			for _, strength := range []int{decklist.MinStrength, decklist.MaxStrength} {
				lines := cardLines(tr, &dragoncanyon.Force{Owner: owner, FaceUp: up, Known: true, Strength: strength, Slayer: true})
				for i, l := range lines {
					w.slots[slotCard+i] = append(w.slots[slotCard+i], l)
				}
			}
		}
	}
	w.slots[slotMarks] = []string{marksText(tr, true, true)}
	return w
}

// tileState is what a tile shows, whatever the board it is on.
type tileState struct {
	resource string
	amount   int
	canyon   bool
	dragon   bool
	force    *dragoncanyon.Force
	order    int // its place in the last spiral search, 0 for none
	focus    bool
}

func resourceText(tr *translations.Translator, resource string, amount int) string {
	return fmt.Sprintf("%s %d", tr.T("ui.dc.res."+resource, nil), amount)
}

// cardLines are what a tile says of the card on it: whose it is and which
// way up; face-up, its strength and whether it is the Dragon Slayer. A
// face-down card's strength is never shown, even when the app knows it (the
// AI's virtual cards): the players see the laptop, and the rules hide it.
func cardLines(tr *translations.Translator, f *dragoncanyon.Force) [3]string {
	var out [3]string
	if f == nil {
		return out
	}
	face := tr.T("ui.dc.card.down", nil)
	if f.FaceUp {
		face = tr.T("ui.dc.card.up", nil)
	}
	out[0] = tr.T("ui.dc.card", map[string]any{"SeatKey": "ui.dc.seat.short." + f.Owner, "Face": face})
	if f.Known && f.FaceUp {
		out[1] = tr.T("ui.dc.card.strength", map[string]any{"Strength": f.Strength})
		if f.Slayer {
			out[2] = tr.T("ui.dc.card.slayer", nil)
		}
	}
	return out
}

func marksText(tr *translations.Translator, canyon, dragon bool) string {
	var marks []string
	if canyon {
		marks = append(marks, tr.T("ui.dc.tile.canyon", nil))
	}
	if dragon {
		marks = append(marks, tr.T("ui.dc.tile.dragon", nil))
	}
	return strings.Join(marks, " · ")
}

func (b *boardView) set(tr *translations.Translator, p dragoncanyon.Pos, ts tileState) {
	v := b.tiles[p[0]-1][p[1]-1]
	v.bg.FillColor = resourceColor[ts.resource]
	if ts.focus || b.selected != nil && *b.selected == p {
		v.bg.StrokeColor = theme.Color(theme.ColorNamePrimary)
		v.bg.StrokeWidth = 4
	} else {
		v.bg.StrokeWidth = 0
	}
	v.bg.Refresh()
	order := ""
	if ts.order > 0 {
		order = strconv.Itoa(ts.order)
	}
	var lines [tileSlots]string
	lines[slotResource] = resourceText(tr, ts.resource, ts.amount)
	card := cardLines(tr, ts.force)
	copy(lines[slotCard:slotMarks], card[:])
	lines[slotMarks] = marksText(tr, ts.canyon, ts.dragon)
	if v.text.set(fmt.Sprintf("%d,%d", p[0], p[1]), order, lines) {
		v.text.Refresh()
	}
}

var _ = []string{"ui.dc.seat.short.ai", "ui.dc.seat.short.p1", "ui.dc.seat.short.p2"}

// tileText is what a tile says: its place, with the order it was searched
// in (a large number) on the right, then a line for each thing (the
// resource in bold). A line is never wrapped: the text shrinks until the
// longest line of each kind fits the tile (worst, the same on every tile),
// and a line too long even at the smallest size is cut short with "…".
// Every line keeps its room, said or not.
type tileText struct {
	widget.BaseWidget
	place string
	lines [tileSlots]string
	order *canvas.Text
	// worst, when set, is the longest a tile says, line by line.
	worst *tileWorst
}

// Text sizes: maxTileText (below the theme's: seven lines must fit a tile
// a quarter of the board's column high at 1024×768), shrunk down to
// minTileText at most; the search order's, shrunk down to fit beside the
// place.
const (
	minTileText  = 9
	maxTileText  = 13
	tileOrderMax = 19
)

// tileTextSize is the largest size of a tile's text.
func tileTextSize() float32 { return min(theme.TextSize(), maxTileText) }

func newTileText() *tileText {
	t := &tileText{order: canvas.NewText("", theme.Color(theme.ColorNamePrimary))}
	t.order.TextSize = tileOrderMax
	t.order.TextStyle.Bold = true
	t.ExtendBaseWidget(t)
	return t
}

// set changes what the tile says, and says whether it changed.
func (t *tileText) set(place, order string, lines [tileSlots]string) bool {
	if t.place == place && t.order.Text == order && t.lines == lines {
		return false
	}
	t.place, t.order.Text, t.lines = place, order, lines
	return true
}

// text is everything the tile says, as read.
func (t *tileText) text() string {
	return strings.Join(strings.Fields(t.place+" "+strings.Join(t.lines[:], " ")), " ")
}

func (t *tileText) CreateRenderer() fyne.WidgetRenderer {
	r := &tileTextRenderer{t: t, place: canvas.NewText("", theme.Color(theme.ColorNameForeground))}
	r.place.TextStyle.Bold = true
	return r
}

type tileTextRenderer struct {
	t     *tileText
	place *canvas.Text
	lines []*canvas.Text // the lines, those in use first
	used  int
}

// tileLine is one line of a tile's text, where the layout puts it.
type tileLine struct {
	text string
	bold bool
	y    float32
	size float32
}

// tilePlan is how a tile's text fits a width: its size, the order's size,
// the lines and the height they take.
type tilePlan struct {
	size, marksSize, orderSize, header float32
	lines                              []tileLine
	height                             float32
}

func (r *tileTextRenderer) pad() float32 { return theme.Padding() }

func tileStyle(bold bool) fyne.TextStyle { return fyne.TextStyle{Bold: bold} }

// slotTexts are the texts a line keeps room for: its own and the worst.
func (t *tileText) slotTexts(i int) []string {
	out := []string{t.lines[i]}
	if t.worst != nil {
		out = append(out, t.worst.slots[i]...)
	}
	return out
}

// fitSize is the largest text size (the theme's at most, minTileText at
// least) at which the place and every line (its own and the worst) fit
// width; the marks' line is sized on its own (marksSize).
func (t *tileText) fitSize(width float32) float32 {
	place := t.place
	if t.worst != nil {
		place = t.worst.place
	}
	return fitLines(width, tileTextSize(), func(s float32) bool {
		if fyne.MeasureText(place, s, tileStyle(true)).Width > width {
			return false
		}
		for i := range slotMarks {
			for _, l := range t.slotTexts(i) {
				if fyne.MeasureText(l, s, tileStyle(i == slotResource)).Width > width {
					return false
				}
			}
		}
		return true
	})
}

// marksSize is the size of the marks' line ("Canyon · DRAGON"), the longest
// of all: no larger than the others', smaller when it must be, so the
// others keep a readable size.
func (t *tileText) marksSize(width, size float32) float32 {
	return fitLines(width, size, func(s float32) bool {
		for _, l := range t.slotTexts(slotMarks) {
			if fyne.MeasureText(l, s, tileStyle(false)).Width > width {
				return false
			}
		}
		return true
	})
}

// fitLines is the largest size from most down to minTileText that fits.
func fitLines(width, most float32, fits func(float32) bool) float32 {
	size := most
	for size > minTileText && !fits(size) {
		size = max(size-0.5, minTileText)
	}
	return size
}

// orderText is the search number the header keeps room for.
func (t *tileText) orderText() string {
	if t.worst != nil {
		return t.worst.order
	}
	return t.order.Text
}

// plan fits the text into width (0: not known yet, nothing is cut).
func (r *tileTextRenderer) plan(width float32) tilePlan {
	t := r.t
	size := tileTextSize()
	if width > 0 {
		size = t.fitSize(width)
	}
	pl := tilePlan{size: size}
	pl.planHeader(t, width)
	pl.marksSize = size
	if width > 0 {
		pl.marksSize = t.marksSize(width, size)
	}
	y := pl.header
	for i, l := range t.lines {
		if l == "" && t.worst != nil && len(t.worst.slots[i]) == 0 {
			continue // a line no tile of this board ever says
		}
		y = pl.planLine(i, l, y, width)
	}
	pl.height = y
	return pl
}

// planHeader fits the header: the place on the left, the search order on
// the right, smaller when the tile is narrow; its room is kept when no
// number shows.
func (pl *tilePlan) planHeader(t *tileText, width float32) {
	placeSize := fyne.MeasureText(t.place, pl.size, tileStyle(true))
	pl.header = placeSize.Height
	order := t.orderText()
	if order == "" {
		return
	}
	pl.orderSize = tileOrderMax
	if width > 0 {
		room := width - placeSize.Width - theme.Padding()
		if w := fyne.MeasureText(order, tileOrderMax, tileStyle(true)).Width; w > room && w > 0 {
			pl.orderSize = max(tileOrderMax*room/w, pl.size)
		}
	}
	pl.header = max(pl.header, fyne.MeasureText(order, pl.orderSize, tileStyle(true)).Height)
}

// planLine places line i (text l) at y, shortened to width; it gives the
// y of the next line.
func (pl *tilePlan) planLine(i int, l string, y, width float32) float32 {
	ls := pl.size
	if i == slotMarks {
		ls = pl.marksSize
	}
	lineHeight := fyne.MeasureText("M", ls, tileStyle(false)).Height
	if i == slotCard {
		y += lineHeight * 0.15 // a little room between the tile and its card
	}
	if l != "" {
		if width > 0 && fyne.MeasureText(l, ls, tileStyle(i == slotResource)).Width > width {
			l = shorten(l, width, ls, tileStyle(i == slotResource))
		}
		pl.lines = append(pl.lines, tileLine{text: l, bold: i == slotResource, y: y, size: ls})
	}
	return y + lineHeight
}

// shorten cuts a line too long for width, even at the smallest size, to
// what fits followed by "…".
func shorten(w string, width, size float32, style fyne.TextStyle) string {
	rs := []rune(w)
	for n := len(rs) - 1; n > 0; n-- {
		if s := string(rs[:n]) + "…"; fyne.MeasureText(s, size, style).Width <= width {
			return s
		}
	}
	return "…"
}

func (r *tileTextRenderer) MinSize() fyne.Size {
	pad := r.pad()
	width := r.t.Size().Width - 2*pad
	if width <= 1 {
		width = 0
	}
	pl := r.plan(width)
	return fyne.NewSize(fyne.MeasureText(r.t.place, minTileText, fyne.TextStyle{Bold: true}).Width+2*pad, pl.height+2*pad)
}

func (r *tileTextRenderer) Layout(size fyne.Size) {
	pad := r.pad()
	width := max(size.Width-2*pad, 1)
	pl := r.plan(width)
	fg := theme.Color(theme.ColorNameForeground)

	r.place.Text, r.place.TextSize, r.place.Color = r.t.place, pl.size, fg
	r.place.Move(fyne.NewPos(pad, pad))
	r.place.Resize(fyne.NewSize(width, pl.header))
	r.place.Refresh()
	o := r.t.order
	o.TextSize = pl.orderSize
	o.Alignment = fyne.TextAlignTrailing
	o.Move(fyne.NewPos(pad, pad))
	o.Resize(fyne.NewSize(width, pl.header))
	o.Refresh()

	for len(r.lines) < len(pl.lines) {
		r.lines = append(r.lines, canvas.NewText("", fg))
	}
	r.used = len(pl.lines)
	for i, l := range pl.lines {
		c := r.lines[i]
		c.Text, c.TextSize, c.Color = l.text, l.size, fg
		c.TextStyle.Bold = l.bold
		c.Move(fyne.NewPos(pad, pad+l.y))
		c.Resize(fyne.NewSize(width, fyne.MeasureText(l.text, l.size, c.TextStyle).Height))
		c.Refresh()
	}
}

func (r *tileTextRenderer) Refresh() { r.Layout(r.t.Size()) }

func (r *tileTextRenderer) Objects() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{r.place, r.t.order}
	for _, l := range r.lines[:r.used] {
		objs = append(objs, l)
	}
	return objs
}

func (r *tileTextRenderer) Destroy() {}
