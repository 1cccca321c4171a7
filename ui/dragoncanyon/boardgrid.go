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
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// boardGrid is the New game dialog's board: a 4×4 grid of tile pickers.
// Each cell picks its resource, its amount, whether it is a Dragon Canyon
// tile and whether the dragon starts there (one cell), and says what core
// finds wrong with it (dragoncanyon.CheckBoard). The cells are built once;
// a change maps the model back onto them.
type boardGrid struct {
	tr       *translations.Translator
	tiles    [dragoncanyon.Size][dragoncanyon.Size]dragoncanyon.TileSetup
	dragon   dragoncanyon.Pos
	cells    [dragoncanyon.Size][dragoncanyon.Size]*tileCell
	problems []dragoncanyon.BoardProblem
	// list says every problem, tile by tile, or that the board is ready.
	list    *widget.Label
	content fyne.CanvasObject
	// loading is set while the model is mapped onto the widgets: their
	// callbacks then change nothing.
	loading bool
	// onChange is called after every change the Conductor makes.
	onChange func()
}

// tileCell is one cell of the grid.
type tileCell struct {
	bg       *canvas.Rectangle
	place    *canvas.Text
	resource *widget.Select
	amount   *widget.Select
	canyon   *widget.Check
	dragon   *widget.Check
	problem  *widget.Label     // its problems, wrapped to the cell's width: never cut short
	backing  *canvas.Rectangle // behind the problems: readable on every tint
	content  fyne.CanvasObject
}

// amounts are the amounts a cell offers: 1 to dragoncanyon.MaxAmount.
func amounts() []string {
	out := make([]string, dragoncanyon.MaxAmount)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

func newBoardGrid(tr *translations.Translator) *boardGrid {
	g := &boardGrid{tr: tr}
	var res []string
	for _, r := range dragoncanyon.ByValue {
		res = append(res, tr.T("ui.dc.res."+r, nil))
	}
	grid := container.NewGridWithColumns(dragoncanyon.Size)
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			p := dragoncanyon.Pos{r + 1, c + 1}
			cell := &tileCell{bg: canvas.NewRectangle(color.Transparent)}
			cell.bg.CornerRadius = 6
			cell.place = canvas.NewText(fmt.Sprintf("%d,%d", p[0], p[1]), theme.Color(theme.ColorNameForeground))
			cell.place.TextStyle.Bold = true
			cell.resource = widget.NewSelect(res, func(string) {
				if i := cell.resource.SelectedIndex(); i >= 0 && !g.loading {
					g.tile(p).Resource = dragoncanyon.ByValue[i]
					g.changed()
				}
			})
			cell.amount = widget.NewSelect(amounts(), func(string) {
				if i := cell.amount.SelectedIndex(); i >= 0 && !g.loading {
					g.tile(p).Amount = i + 1
					g.changed()
				}
			})
			cell.canyon = widget.NewCheck(tr.T("ui.dc.tile.canyon", nil), func(on bool) {
				if !g.loading {
					g.tile(p).Canyon = on
					g.changed()
				}
			})
			cell.dragon = widget.NewCheck(tr.T("ui.dc.new.dragon", nil), func(on bool) {
				if g.loading {
					return
				}
				if on || g.dragon == p { // the dragon starts on one tile: unticking it keeps it there
					g.dragon = p
				}
				g.changed()
			})
			cell.resource.PlaceHolder = longest(res) // a select is as wide as its placeholder
			cell.amount.PlaceHolder = "—"
			cell.problem = widget.NewLabel("")
			cell.problem.Importance = widget.DangerImportance
			cell.problem.Wrapping = fyne.TextWrapWord
			cell.problem.SizeName = theme.SizeNameCaptionText
			cell.problem.TextStyle.Bold = true
			cell.backing = canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
			cell.backing.CornerRadius = 4
			picks := container.NewBorder(nil, nil, nil, cell.amount, cell.resource)
			marks := container.NewHBox(cell.canyon, cell.dragon)
			body := container.NewVBox(cell.place, picks, marks, container.NewStack(cell.backing, cell.problem))
			cell.content = container.NewStack(cell.bg, container.NewPadded(body))
			g.cells[r][c] = cell
			grid.Add(cell.content)
		}
	}
	g.list = ui.Wrapped("", widget.SuccessImportance)
	g.content = container.NewVBox(compact(grid), g.list)
	return g
}

// longest is the longest of texts, as drawn.
func longest(texts []string) string {
	out := ""
	for _, t := range texts {
		if fyne.MeasureText(t, theme.TextSize(), fyne.TextStyle{}).Width > fyne.MeasureText(out, theme.TextSize(), fyne.TextStyle{}).Width {
			out = t
		}
	}
	return out
}

func (g *boardGrid) tile(p dragoncanyon.Pos) *dragoncanyon.TileSetup {
	return &g.tiles[p[0]-1][p[1]-1]
}

// board is the grid's board, as a setup holds it.
func (g *boardGrid) board() [][]dragoncanyon.TileSetup {
	out := make([][]dragoncanyon.TileSetup, dragoncanyon.Size)
	for r := range out {
		out[r] = append([]dragoncanyon.TileSetup(nil), g.tiles[r][:]...)
	}
	return out
}

// set lays a board out on the grid (a drawn one, a preset). A board of
// another size leaves the grid as it was and says false.
func (g *boardGrid) set(board [][]dragoncanyon.TileSetup, dragon dragoncanyon.Pos) bool {
	if !squareBoard(board) {
		return false
	}
	for r := range dragoncanyon.Size {
		copy(g.tiles[r][:], board[r])
	}
	g.dragon = dragon
	g.refresh()
	return true
}

func squareBoard(board [][]dragoncanyon.TileSetup) bool {
	if len(board) != dragoncanyon.Size {
		return false
	}
	for _, row := range board {
		if len(row) != dragoncanyon.Size {
			return false
		}
	}
	return true
}

// changed is a change by the Conductor.
func (g *boardGrid) changed() {
	g.refresh()
	if g.onChange != nil {
		g.onChange()
	}
}

// valid says whether core finds nothing wrong with the board.
func (g *boardGrid) valid() bool { return len(g.problems) == 0 }

// refresh checks the board with core and maps it onto the cells.
func (g *boardGrid) refresh() {
	g.loading = true
	defer func() { g.loading = false }()
	g.problems = dragoncanyon.CheckBoard(g.board(), g.dragon)
	onTile := map[dragoncanyon.Pos][]string{}
	var lines []string
	for _, p := range g.problems {
		text := g.tr.T(p.ID, p.Args)
		if p.Tile == (dragoncanyon.Pos{}) {
			lines = append(lines, text)
			continue
		}
		onTile[p.Tile] = append(onTile[p.Tile], g.tr.T(cellID(p.ID), p.Args))
		lines = append(lines, g.tr.T("ui.dc.new.tile_problem", map[string]any{"Tile": fmt.Sprintf("%d,%d", p.Tile[0], p.Tile[1]), "Problem": text}))
	}
	for r := range dragoncanyon.Size {
		for c := range dragoncanyon.Size {
			p := dragoncanyon.Pos{r + 1, c + 1}
			g.cells[r][c].show(g.tiles[r][c], p == g.dragon, onTile[p])
		}
	}
	if len(lines) == 0 {
		g.list.Importance = widget.SuccessImportance
		g.list.SetText(g.tr.T("ui.dc.new.board_ok", nil))
		return
	}
	g.list.Importance = widget.DangerImportance
	g.list.SetText(strings.Join(lines, "\n"))
}

// cellID is the short wording of a problem of core's, as a cell says it
// (the list below the board says it in full).
func cellID(id string) string {
	return "ui.dc.new.cell." + strings.TrimPrefix(id, "setup.dc.make.")
}

// show maps a tile onto its cell: its picks, its tint, its problems.
func (c *tileCell) show(t dragoncanyon.TileSetup, dragon bool, problems []string) {
	c.resource.ClearSelected()
	for i, r := range dragoncanyon.ByValue {
		if r == t.Resource {
			c.resource.SetSelectedIndex(i)
		}
	}
	if t.Amount >= 1 && t.Amount <= dragoncanyon.MaxAmount {
		c.amount.PlaceHolder = "—"
		c.amount.SetSelectedIndex(t.Amount - 1)
	} else {
		// An amount no cell offers (a preset saved by hand): shown as it
		// is, with its problem, until one is picked.
		c.amount.ClearSelected()
		c.amount.PlaceHolder = strconv.Itoa(t.Amount)
		c.amount.Refresh()

	}
	c.canyon.SetChecked(t.Canyon)
	c.dragon.SetChecked(dragon)
	c.bg.FillColor = resourceColor[t.Resource]
	if len(problems) > 0 {
		c.bg.StrokeColor = theme.Color(theme.ColorNameError)
		c.bg.StrokeWidth = 3
	} else {
		c.bg.StrokeWidth = 0
	}
	c.bg.Refresh()
	c.problem.SetText(strings.Join(problems, " · "))
	c.backing.Hidden = len(problems) == 0
	c.backing.Refresh()
}
