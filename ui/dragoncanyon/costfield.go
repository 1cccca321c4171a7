package dcui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// buildingRow is a building's row of the deck tables: its stack counted
// with − and +, and its cost typed as the list writes it
// ("wood:2,stone:1", empty for none), read by the list's own parser. A
// cost with a problem says it on the row, in words, and is not written to
// the list until mended.
type buildingRow struct {
	count   *countRow
	cost    *ui.TextBox
	problem *widget.Label
	b       *decklist.Building // the building shown, in the tables' list
	bad     bool               // the cost typed has a problem
	setting bool               // the cost is being set from the list
	box     *fyne.Container
}

// newBuildingRow is a building's row, showing none until set.
func (d *deckTables) newBuildingRow() (*buildingRow, fyne.CanvasObject) {
	r := &buildingRow{problem: ui.Wrapped("", widget.DangerImportance)}
	r.problem.Hide()
	var counter fyne.CanvasObject
	r.count, counter = d.newRow()
	r.cost = &ui.TextBox{}
	r.cost.ExtendBaseWidget(r.cost)
	r.cost.SetPlaceHolder(d.tr.T("ui.dc.new.cost_none", nil))
	r.cost.OnChanged = func(v string) { d.costTyped(r, v) }
	caption := widget.NewLabel(d.tr.T("ui.dc.new.cost", nil))
	r.box = container.NewVBox(counter, container.NewBorder(nil, nil, caption, nil, r.cost), r.problem)
	return r, r.box
}

// set shows building b's cost, as the list writes it, with no problem.
func (r *buildingRow) set(b *decklist.Building) {
	r.b, r.bad = b, false
	probe.Name(r.cost, "dc.cost."+b.ID)
	if r.cost.Text != b.Cost.String() {
		r.setting = true
		r.cost.SetText(b.Cost.String())
		r.setting = false
	}
	r.problem.Hide()
}

// costTyped reads the cost typed on row r: a good one (or none) is the
// building's cost, written to the list; a bad one shows its problem on
// the row and keeps the list's cost, the list then saying the row has a
// problem (see costProblems).
func (d *deckTables) costTyped(r *buildingRow, v string) {
	if r.setting || r.b == nil {
		return
	}
	var c decklist.Cost
	id, part := "", ""
	if v = strings.TrimSpace(v); v != "" { // empty: no cost given
		c, id, part = decklist.ParseCost(v)
	}
	r.bad = id != ""
	if r.bad {
		r.problem.SetText(d.tr.T(id, map[string]any{"Value": part, "Max": decklist.MaxCost}))
		r.problem.Show()
	} else {
		r.b.Cost = c
		r.problem.Hide()
	}
	if d.onChange != nil {
		d.onChange(d.list())
	}
}

// costProblems are the names of the buildings whose cost typed in the
// tables has a problem, in the list's order.
func (d *deckTables) costProblems() []string {
	var names []string
	for _, b := range d.buildings {
		if r := d.costs[b.ID]; r != nil && r.bad {
			names = append(names, b.Name)
		}
	}
	return names
}

// dropCostProblems forgets the costs typed with problems: the text was
// changed, and the list it says is shown again (see set).
func (d *deckTables) dropCostProblems() {
	for _, r := range d.costs {
		r.bad = false
		r.problem.Hide()
	}
}
