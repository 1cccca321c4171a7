package dcui

import (
	"fmt"
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon"
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
	head    *widget.Label
	card    *widget.Label
	marks   *widget.Label
	order   *canvas.Text
	content fyne.CanvasObject
}

func newTileView(tap func()) *tileView {
	v := &tileView{bg: canvas.NewRectangle(color.Transparent), button: widget.NewButton("", tap),
		head: widget.NewLabel(""), card: widget.NewLabel(""), marks: widget.NewLabel("")}
	v.head.TextStyle.Bold = true
	for _, l := range []*widget.Label{v.head, v.card, v.marks} {
		l.Wrapping = fyne.TextWrapWord // the board fits a narrow column
	}
	v.order = canvas.NewText("", theme.Color(theme.ColorNamePrimary))
	v.order.TextSize = 26
	v.order.TextStyle.Bold = true
	v.order.Alignment = fyne.TextAlignTrailing
	v.bg.CornerRadius = 6
	text := container.NewVBox(v.head, v.card, v.marks)
	v.content = container.NewStack(v.button, v.bg, container.NewPadded(text), container.NewPadded(container.NewVBox(v.order)))
	return v
}

// boardView is the 4×4 board: the tiles, tapped to select one.
type boardView struct {
	tiles    [dragoncanyon.Size][dragoncanyon.Size]*tileView
	selected *dragoncanyon.Pos
	onSelect func(dragoncanyon.Pos)
	content  fyne.CanvasObject
}

func newBoardView(onSelect func(dragoncanyon.Pos)) *boardView {
	b := &boardView{onSelect: onSelect}
	// Each tile names itself "row,col": no header row or column to line up.
	grid := container.NewGridWithColumns(dragoncanyon.Size)
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			p := dragoncanyon.Pos{r + 1, c + 1}
			v := newTileView(func() { b.selected = &p; b.onSelect(p) })
			b.tiles[r][c] = v
			grid.Add(v.content)
		}
	}
	b.content = grid
	return b
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

func (b *boardView) set(tr *translations.Translator, p dragoncanyon.Pos, ts tileState) {
	v := b.tiles[p[0]-1][p[1]-1]
	v.head.SetText(fmt.Sprintf("%d,%d\n%s %d", p[0], p[1], tr.T("ui.dc.res."+ts.resource, nil), ts.amount))
	v.bg.FillColor = resourceColor[ts.resource]
	if ts.focus || b.selected != nil && *b.selected == p {
		v.bg.StrokeColor = theme.Color(theme.ColorNamePrimary)
		v.bg.StrokeWidth = 4
	} else {
		v.bg.StrokeWidth = 0
	}
	v.bg.Refresh()
	card := ""
	if f := ts.force; f != nil {
		face := tr.T("ui.dc.card.down", nil)
		if f.FaceUp {
			face = tr.T("ui.dc.card.up", nil)
		}
		card = tr.T("ui.dc.card", map[string]any{"SeatKey": "ui.dc.seat.short." + f.Owner, "Face": face})
		if f.Known {
			card += " · " + tr.T("ui.dc.card.strength", map[string]any{"Strength": f.Strength})
			if f.Slayer {
				card += " · " + tr.T("ui.dc.card.slayer", nil)
			}
		}
	}
	v.card.SetText(card)
	marks := ""
	if ts.canyon {
		marks = tr.T("ui.dc.tile.canyon", nil)
	}
	if ts.dragon {
		if marks != "" {
			marks += " · "
		}
		marks += tr.T("ui.dc.tile.dragon", nil)
	}
	v.marks.SetText(marks)
	v.order.Text = ""
	if ts.order > 0 {
		v.order.Text = strconv.Itoa(ts.order)
	}
	v.order.Refresh()
}

var _ = []string{"ui.dc.seat.short.ai", "ui.dc.seat.short.p1", "ui.dc.seat.short.p2"}
