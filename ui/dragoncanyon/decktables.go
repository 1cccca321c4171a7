package dcui

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// deckTables are the deck list as tables: the buildings with their
// stacks, the action deck and the Force deck with one row per kind of card
// and how many (− and +), each with its total. The text is the same list
// one tab away: a change in one is made in the other.
type deckTables struct {
	tr        *translations.Translator
	buildings []decklist.Building
	actions   []decklist.Kind[decklist.ActionCard]
	forces    []decklist.Kind[decklist.ForceCard]
	// rows of each table, rebuilt when the text gives a new list.
	buildingRows, actionRows, forceRows    *fyne.Container
	buildingTotal, actionTotal, forceTotal *widget.Label
	tables                                 fyne.CanvasObject
	broken                                 *widget.Label
	content                                fyne.CanvasObject
	// onChange is called with the list after a count changed.
	onChange func(decklist.List)
	// counts are the count labels of the rows, for the tests.
	counts map[string]*countRow
}

// countRow is a row's count with its − and + buttons.
type countRow struct {
	minus, plus *widget.Button
	value       *widget.Label
}

func newDeckTables(tr *translations.Translator) *deckTables {
	d := &deckTables{tr: tr, counts: map[string]*countRow{}}
	t := func(id string) string { return tr.T(id, nil) }
	d.buildingRows, d.actionRows, d.forceRows = container.NewVBox(), container.NewVBox(), container.NewVBox()
	d.buildingTotal, d.actionTotal, d.forceTotal = widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel("")
	for _, l := range []*widget.Label{d.buildingTotal, d.actionTotal, d.forceTotal} {
		l.TextStyle.Bold = true
		l.Alignment = fyne.TextAlignTrailing
	}
	d.tables = container.NewVBox(
		ui.Wrapped(tr.T("ui.dc.new.tables_help", map[string]any{"Max": decklist.MaxCount}), widget.MediumImportance),
		widget.NewLabelWithStyle(t("ui.dc.new.buildings"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), d.buildingRows, d.buildingTotal,
		widget.NewLabelWithStyle(t("ui.dc.new.action_deck"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), d.actionRows, d.actionTotal,
		widget.NewLabelWithStyle(t("ui.dc.new.force_deck"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), d.forceRows, d.forceTotal,
	)
	d.broken = ui.Wrapped(t("ui.dc.new.tables_broken"), widget.WarningImportance)
	d.broken.Hide()
	d.content = container.NewVBox(d.broken, d.tables)
	return d
}

// list is the deck list the tables say.
func (d *deckTables) list() decklist.List {
	return decklist.List{Buildings: append([]decklist.Building(nil), d.buildings...), Actions: decklist.Expand(d.actions), Forces: decklist.Expand(d.forces)}
}

// setBroken hides the tables while the text has problems.
func (d *deckTables) setBroken(broken bool) {
	if broken {
		d.tables.Hide()
		d.broken.Show()
	} else {
		d.broken.Hide()
		d.tables.Show()
	}
}

// set shows a list read from the text: its rows are made again.
func (d *deckTables) set(l decklist.List) {
	d.buildings = append([]decklist.Building(nil), l.Buildings...)
	d.actions = decklist.Kinds(l.Actions)
	d.forces = decklist.Kinds(l.Forces)
	clear(d.counts)
	d.buildingRows.RemoveAll()
	for i := range d.buildings {
		b := &d.buildings[i]
		text := d.tr.T("ui.dc.new.building_row", map[string]any{"Name": b.Name, "VP": b.VP})
		d.buildingRows.Add(d.row("building:"+b.ID, text, &b.Stack, 1, 99))
	}
	d.actionRows.RemoveAll()
	for i := range d.actions {
		k := &d.actions[i]
		d.actionRows.Add(d.row(fmt.Sprintf("action:%d", i), d.actionText(k.Card), &k.Count, 0, decklist.MaxCount))
	}
	if len(d.actions) == 0 {
		d.actionRows.Add(ui.Wrapped(d.tr.T("ui.dc.new.no_cards", nil), widget.MediumImportance))
	}
	d.forceRows.RemoveAll()
	for i := range d.forces {
		k := &d.forces[i]
		id := "ui.dc.new.force_row"
		if k.Card.Slayer {
			id = "ui.dc.new.force_row_slayer"
		}
		d.forceRows.Add(d.row(fmt.Sprintf("force:%d", i), d.tr.T(id, map[string]any{"Strength": k.Card.Strength}), &k.Count, 0, decklist.MaxCount))
	}
	if len(d.forces) == 0 {
		d.forceRows.Add(ui.Wrapped(d.tr.T("ui.dc.new.no_cards", nil), widget.MediumImportance))
	}
	d.totals()
}

// actionText is an action card as a row says it: names, never ids.
func (d *deckTables) actionText(c decklist.ActionCard) string {
	building := c.Building
	for _, b := range d.buildings {
		if b.ID == c.Building {
			building = b.Name
		}
	}
	return d.tr.T("ui.dc.new.action_row", map[string]any{
		"Tile":     fmt.Sprintf("%d,%d", c.Tile[0], c.Tile[1]),
		"Action":   d.tr.T("ui.dc.action."+c.Action, nil),
		"Start":    d.tr.T("ui.dc.dir."+c.Start, nil),
		"Turn":     d.tr.T("ui.dc.rot."+c.Turn, nil),
		"Strength": c.Strength,
		"Building": building,
	})
}

// row is one row of a table: what it counts, and − count + kept within lo
// and hi.
func (d *deckTables) row(key, text string, count *int, lo, hi int) fyne.CanvasObject {
	cr := &countRow{value: widget.NewLabelWithStyle(strconv.Itoa(*count), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})}
	step := func(by int) {
		v := min(max(*count+by, lo), hi)
		if v == *count {
			return
		}
		*count = v
		cr.show(v, lo, hi)
		d.totals()
		if d.onChange != nil {
			d.onChange(d.list())
		}
	}
	cr.minus = widget.NewButton("−", func() { step(-1) })
	cr.plus = widget.NewButton("+", func() { step(1) })
	cr.show(*count, lo, hi)
	d.counts[key] = cr
	label := widget.NewLabel(text)
	label.Wrapping = fyne.TextWrapWord
	controls := container.NewGridWithColumns(3, cr.minus, cr.value, cr.plus)
	return container.NewBorder(nil, nil, nil, container.NewCenter(controls), label)
}

func (cr *countRow) show(v, lo, hi int) {
	cr.value.SetText(strconv.Itoa(v))
	if v <= lo {
		cr.minus.Disable()
	} else {
		cr.minus.Enable()
	}
	if v >= hi {
		cr.plus.Disable()
	} else {
		cr.plus.Enable()
	}
}

// totals shows each table's total.
func (d *deckTables) totals() {
	tiles := 0
	for _, b := range d.buildings {
		tiles += b.Stack
	}
	d.buildingTotal.SetText(d.tr.T("ui.dc.new.total_tiles", map[string]any{"Count": tiles}))
	d.actionTotal.SetText(d.tr.T("ui.dc.new.total", map[string]any{"Count": len(decklist.Expand(d.actions))}))
	d.forceTotal.SetText(d.tr.T("ui.dc.new.total", map[string]any{"Count": len(decklist.Expand(d.forces))}))
}
