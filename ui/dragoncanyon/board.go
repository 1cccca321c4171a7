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

// boardView is the 4×4 board: the tiles, tapped to select one. Every tile
// keeps the room for the longest thing a tile can say in this language (a
// known card with its strength and the Dragon Slayer, the canyon and the
// dragon, a two-digit search number), so the board keeps its size whatever
// the cards on it show.
type boardView struct {
	tiles    [dragoncanyon.Size][dragoncanyon.Size]*tileView
	selected *dragoncanyon.Pos
	onSelect func(dragoncanyon.Pos)
	worst    *tileWorst
	content  fyne.CanvasObject
}

// tileWorst is the longest a tile may say, part by part: each part's room
// on every tile is the most any of these takes.
type tileWorst struct {
	place, order                string
	resources, cards, markTexts []string
}

func newBoardView(tr *translations.Translator, onSelect func(dragoncanyon.Pos)) *boardView {
	b := &boardView{onSelect: onSelect, worst: worstTile(tr)}
	// Each tile names itself "row,col": no header row or column to line up.
	grid := container.NewGridWithColumns(dragoncanyon.Size)
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			p := dragoncanyon.Pos{r + 1, c + 1}
			v := newTileView(func() { b.selected = &p; b.onSelect(p) })
			v.text.sizeFor = b.textSize
			v.text.worst = b.worst
			b.tiles[r][c] = v
			grid.Add(v.content)
		}
	}
	b.content = grid
	return b
}

// worstTile lists the longest texts a tile can show in tr's language.
func worstTile(tr *translations.Translator) *tileWorst {
	w := &tileWorst{place: fmt.Sprintf("%d,%d", dragoncanyon.Size, dragoncanyon.Size), order: strconv.Itoa(dragoncanyon.Size * dragoncanyon.Size)}
	for _, r := range dragoncanyon.ByValue {
		w.resources = append(w.resources, resourceText(tr, r, 9))
	}
	for _, owner := range []string{dragoncanyon.SeatAI, "p1", "p2"} {
		for _, up := range []bool{false, true} {
			for _, strength := range []int{decklist.MinStrength, decklist.MaxStrength} {
				w.cards = append(w.cards, cardText(tr, &dragoncanyon.Force{Owner: owner, FaceUp: up, Known: true, Strength: strength, Slayer: true}))
			}
		}
	}
	w.markTexts = []string{marksText(tr, true, true)}
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

// cardText is what a tile says of the card on it: whose it is, which way
// up, and what the app knows of it (its strength, the Dragon Slayer) even
// face-down: the AI's virtual cards are always known.
func cardText(tr *translations.Translator, f *dragoncanyon.Force) string {
	if f == nil {
		return ""
	}
	face := tr.T("ui.dc.card.down", nil)
	if f.FaceUp {
		face = tr.T("ui.dc.card.up", nil)
	}
	card := tr.T("ui.dc.card", map[string]any{"SeatKey": "ui.dc.seat.short." + f.Owner, "Face": face})
	if f.Known {
		card += " · " + tr.T("ui.dc.card.strength", map[string]any{"Strength": f.Strength})
		if f.Slayer {
			card += " · " + tr.T("ui.dc.card.slayer", nil)
		}
	}
	return card
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
	if v.text.set(fmt.Sprintf("%d,%d", p[0], p[1]), order, resourceText(tr, ts.resource, ts.amount), cardText(tr, ts.force), marksText(tr, ts.canyon, ts.dragon)) {
		v.text.Refresh()
	}
}

// textSize is the size of the tiles' text at width: the largest at which
// every tile's words fit.
func (b *boardView) textSize(width float32) float32 {
	size := theme.TextSize()
	for _, row := range b.tiles {
		for _, v := range row {
			if v != nil { // nil while the board is being made
				size = min(size, v.text.fitSize(width))
			}
		}
	}
	return size
}

var _ = []string{"ui.dc.seat.short.ai", "ui.dc.seat.short.p1", "ui.dc.seat.short.p2"}

// tileText is what a tile says: its place, with the order it was searched
// in (a large number) on the right, then its resource (bold), the card on
// it and its marks, each wrapped at word breaks. A word is never broken,
// nor the resource's line: the text shrinks until they fit the tile, and a
// word too long even at the smallest size is cut short with "…". Each part
// has the room the longest text of its kind needs (worst), so a tile is as
// tall whatever it says.
type tileText struct {
	widget.BaseWidget
	place, resource, card, marks string
	order                        *canvas.Text
	// sizeFor, when set, is the text size for a width: the board's, so
	// that every tile says things at the same size.
	sizeFor func(width float32) float32
	// worst, when set, is the longest a tile says, part by part.
	worst *tileWorst
}

// Text sizes: the theme's, shrunk down to minTileText at most; the search
// order's, shrunk down to fit beside the place.
const (
	minTileText  = 9
	tileOrderMax = 26
)

func newTileText() *tileText {
	t := &tileText{order: canvas.NewText("", theme.Color(theme.ColorNamePrimary))}
	t.order.TextSize = tileOrderMax
	t.order.TextStyle.Bold = true
	t.ExtendBaseWidget(t)
	return t
}

// set changes what the tile says, and says whether it changed.
func (t *tileText) set(place, order, resource, card, marks string) bool {
	if t.place == place && t.order.Text == order && t.resource == resource && t.card == card && t.marks == marks {
		return false
	}
	t.place, t.order.Text, t.resource, t.card, t.marks = place, order, resource, card, marks
	return true
}

func (t *tileText) CreateRenderer() fyne.WidgetRenderer {
	r := &tileTextRenderer{t: t, place: canvas.NewText("", theme.Color(theme.ColorNameForeground))}
	r.place.TextStyle.Bold = true
	return r
}

type tileTextRenderer struct {
	t     *tileText
	place *canvas.Text
	lines []*canvas.Text // the wrapped lines, those in use first
	used  int
}

// tileLine is one line of a tile's text, where the layout puts it.
type tileLine struct {
	text string
	bold bool
	y    float32
}

// tilePlan is how a tile's text fits a width: its size, the order's size,
// the lines and the height they take.
type tilePlan struct {
	size, orderSize, header float32
	lines                   []tileLine
	height                  float32
}

func (r *tileTextRenderer) pad() float32 { return theme.Padding() * 1.5 }

// tilePara is a paragraph of a tile's text, and the other texts its room
// is kept for.
type tilePara struct {
	text  string
	bold  bool
	keep  bool // on one line: "Wood 1" never leaves its number below
	worst []string
}

func (t *tileText) paras() []tilePara {
	ps := []tilePara{{text: t.resource, bold: true, keep: true}, {text: t.card}, {text: t.marks}}
	if w := t.worst; w != nil {
		ps[0].worst, ps[1].worst, ps[2].worst = w.resources, w.cards, w.markTexts
	}
	return ps
}

// words are what a text wraps between.
func words(text string, keep bool) []string {
	if keep && strings.TrimSpace(text) != "" {
		return []string{strings.Join(strings.Fields(text), " ")}
	}
	return strings.Fields(text)
}

func tileStyle(bold bool) fyne.TextStyle { return fyne.TextStyle{Bold: bold} }

// orderText is the search number the header keeps room for.
func (t *tileText) orderText() string {
	if t.worst != nil {
		return t.worst.order
	}
	return t.order.Text
}

// fitSize is the largest text size (the theme's at most, minTileText at
// least) at which the place and every word fit width: the words the tile
// says and those it keeps room for.
func (t *tileText) fitSize(width float32) float32 {
	fits := func(s float32) bool {
		if fyne.MeasureText(t.place, s, tileStyle(true)).Width > width {
			return false
		}
		for _, p := range t.paras() {
			for _, text := range append([]string{p.text}, p.worst...) {
				for _, w := range words(text, p.keep) {
					if fyne.MeasureText(w, s, tileStyle(p.bold)).Width > width {
						return false
					}
				}
			}
		}
		return true
	}
	size := theme.TextSize()
	for size > minTileText && !fits(size) {
		size = max(size-0.5, minTileText)
	}
	return size
}

// wrap cuts text into the lines it takes at width (0: not known yet,
// nothing wraps).
func wrap(text string, keep, bold bool, width, size float32) []string {
	var out []string
	line := ""
	style := tileStyle(bold)
	for _, w := range words(text, keep) {
		if width > 0 && fyne.MeasureText(w, size, style).Width > width {
			w = shorten(w, width, size, style)
		}
		next := w
		if line != "" {
			next = line + " " + w
		}
		if line != "" && width > 0 && fyne.MeasureText(next, size, style).Width > width {
			out = append(out, line)
			next = w
		}
		line = next
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// plan fits the text into width (0: not known yet, nothing wraps).
func (r *tileTextRenderer) plan(width float32) tilePlan {
	t := r.t
	size := theme.TextSize()
	if width > 0 {
		size = t.fitSize(width)
		if t.sizeFor != nil {
			size = t.sizeFor(width) // the same on every tile of the board
		}
	}
	pl := tilePlan{size: size}
	// The header: the place on the left, the search order on the right,
	// smaller when the tile is narrow; its room is kept when no number shows.
	placeSize := fyne.MeasureText(t.place, size, tileStyle(true))
	pl.header = placeSize.Height
	if order := t.orderText(); order != "" {
		pl.orderSize = tileOrderMax
		if width > 0 {
			room := width - placeSize.Width - theme.Padding()
			if w := fyne.MeasureText(order, tileOrderMax, tileStyle(true)).Width; w > room && w > 0 {
				pl.orderSize = max(tileOrderMax*room/w, size)
			}
		}
		pl.header = max(pl.header, fyne.MeasureText(order, pl.orderSize, tileStyle(true)).Height)
	}
	y := pl.header
	lineHeight := fyne.MeasureText("M", size, tileStyle(false)).Height
	for _, p := range t.paras() {
		lines := wrap(p.text, p.keep, p.bold, width, size)
		room := len(lines)
		for _, w := range p.worst {
			room = max(room, len(wrap(w, p.keep, p.bold, width, size)))
		}
		if room == 0 {
			continue
		}
		y += lineHeight * 0.3 // a little room between paragraphs
		for i, l := range lines {
			pl.lines = append(pl.lines, tileLine{text: l, bold: p.bold, y: y + float32(i)*lineHeight})
		}
		y += float32(room) * lineHeight
	}
	pl.height = y
	return pl
}

// shorten cuts a word too long for width, even at the smallest size, to
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
		c.Text, c.TextSize, c.Color = l.text, pl.size, fg
		c.TextStyle.Bold = l.bold
		c.Move(fyne.NewPos(pad, pad+l.y))
		c.Resize(fyne.NewSize(width, fyne.MeasureText(l.text, pl.size, c.TextStyle).Height))
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
