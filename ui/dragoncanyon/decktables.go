package dcui

import (
	"fmt"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/dragoncanyon/spiral"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// deckTables are the deck list as tables: the buildings with their
// stacks, the action deck and the Force deck with one row per kind of card
// and how many (− and +), each with its total. The text is the same list
// one tab away: a change in one is made in the other. A new kind of card
// is picked part by part under its deck and added.
type deckTables struct {
	tr        *translations.Translator
	buildings []decklist.Building
	actions   []decklist.Kind[decklist.ActionCard]
	forces    []decklist.Kind[decklist.ForceCard]
	// rows of each table, updated in place when the text gives a new list
	// (a longer list adds rows, a shorter one hides the rest).
	buildingRows, actionRows, forceRows    *fyne.Container
	buildingList                           *ui.Rows[*buildingRow]
	actionList, forceList                  *ui.Rows[*countRow]
	noActions, noForces                    *widget.Label // said when a deck holds no card
	buildingTotal, actionTotal, forceTotal *widget.Label
	tables                                 fyne.CanvasObject
	broken                                 *widget.Label
	content                                fyne.CanvasObject
	// onChange is called with the list after a count changed.
	onChange func(decklist.List)
	// counts are the count labels of the rows, for the tests.
	counts map[string]*countRow
	// costs are the buildings' rows by building ID, for the tests.
	costs map[string]*buildingRow
	// The pickers that add a kind of card to a deck.
	newAction actionPicker
	newForce  forcePicker
}

// actionPicker picks a new kind of action card, part by part.
type actionPicker struct {
	row, col, action, start, turn, strength, building *widget.Select
	add                                               *widget.Button
}

// forcePicker picks a new kind of Force card.
type forcePicker struct {
	strength *widget.Select
	slayer   *widget.Check
	add      *widget.Button
}

// countRow is a row of a table: what it counts, and its count with its −
// and + buttons kept within lo and hi.
type countRow struct {
	minus, plus *widget.Button
	value       *widget.Label
	label       *widget.Label
	count       *int
	lo, hi      int
}

func newDeckTables(tr *translations.Translator) *deckTables {
	d := &deckTables{tr: tr, counts: map[string]*countRow{}, costs: map[string]*buildingRow{}}
	t := func(id string) string { return tr.T(id, nil) }
	d.noActions = ui.Wrapped(t("ui.dc.new.no_cards"), widget.MediumImportance)
	d.noForces = ui.Wrapped(t("ui.dc.new.no_cards"), widget.MediumImportance)
	d.buildingRows, d.actionRows, d.forceRows = container.NewVBox(), container.NewVBox(d.noActions), container.NewVBox(d.noForces)
	d.buildingList = ui.NewRows(d.buildingRows, d.newBuildingRow)
	d.actionList, d.forceList = ui.NewRows(d.actionRows, d.newRow), ui.NewRows(d.forceRows, d.newRow)
	d.buildingTotal, d.actionTotal, d.forceTotal = widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel("")
	for _, l := range []*widget.Label{d.buildingTotal, d.actionTotal, d.forceTotal} {
		l.TextStyle.Bold = true
		l.Alignment = fyne.TextAlignTrailing
	}
	d.tables = container.NewVBox(
		ui.Wrapped(tr.T("ui.dc.new.tables_help", map[string]any{"Max": decklist.MaxCount}), widget.MediumImportance),
		widget.NewLabelWithStyle(t("ui.dc.new.buildings"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), d.buildingRows, d.buildingTotal,
		widget.NewLabelWithStyle(t("ui.dc.new.action_deck"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), d.actionRows, d.actionTotal,
		d.actionPickerContent(),
		widget.NewLabelWithStyle(t("ui.dc.new.force_deck"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), d.forceRows, d.forceTotal,
		d.forcePickerContent(),
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
	d.rebuild()
}

// rebuild sets the rows from the kinds, in place.
func (d *deckTables) rebuild() {
	clear(d.counts)
	clear(d.costs)
	var names []string
	for i, r := range d.buildingList.Show(len(d.buildings)) {
		b := &d.buildings[i]
		names = append(names, b.Name)
		text := d.tr.T("ui.dc.new.building_row", map[string]any{"Name": b.Name, "VP": b.VP})
		d.setRow(r.count, "building:"+b.ID, text, &b.Stack, 1, 99)
		r.set(b)
		d.costs[b.ID] = r
	}
	d.newAction.building.SetOptions(names)
	if !slices.Contains(names, d.newAction.building.Selected) { // a building no longer listed
		d.newAction.building.ClearSelected()
	}
	rows := d.actionList.Show(len(d.actions))
	for i := range d.actions {
		k := &d.actions[i]
		d.setRow(rows[i], fmt.Sprintf("action:%d", i), d.actionText(k.Card), &k.Count, 0, decklist.MaxCount)
	}
	showIf(d.noActions, len(d.actions) == 0)
	rows = d.forceList.Show(len(d.forces))
	for i := range d.forces {
		k := &d.forces[i]
		d.setRow(rows[i], fmt.Sprintf("force:%d", i), d.forceText(k.Card), &k.Count, 0, decklist.MaxCount)
	}
	showIf(d.noForces, len(d.forces) == 0)
	d.totals()
	d.checkPickers()
}

// forceText is a Force card kind's row: its strength, a Slayer, and the
// fight ability that tells kinds apart.
func (d *deckTables) forceText(c decklist.ForceCard) string {
	id := "ui.dc.new.force_row"
	if c.Slayer {
		id = "ui.dc.new.force_row_slayer"
	}
	label := d.tr.T(id, map[string]any{"Strength": c.Strength})
	if a := c.Ability; a != (decklist.Ability{}) {
		label = d.tr.T("ui.dc.new.force_row_ability", map[string]any{"Row": label, "Attack": a.Attack, "Defend": a.Defend, "Tower": a.Tower})
	}
	return label
}

// showIf shows o when on, hides it otherwise.
func showIf(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// strengths are the strengths a card may show, as a select lists them.
func strengths() []string {
	var out []string
	for v := decklist.MinStrength; v <= decklist.MaxStrength; v++ {
		out = append(out, strconv.Itoa(v))
	}
	return out
}

// picked is a select's choice with its caption above it.
func picked(caption string, sel *widget.Select) fyne.CanvasObject {
	sel.PlaceHolder = "—"
	return container.NewVBox(ui.Wrapped(caption, widget.MediumImportance), sel) // a long caption wraps, never widening its column
}

// actionPickerContent is the row that adds a kind of action card: each
// part of the card picked from a list, then Add.
func (d *deckTables) actionPickerContent() fyne.CanvasObject {
	t := func(id string) string { return d.tr.T(id, nil) }
	p := &d.newAction
	var dirs, rots []string
	for _, v := range spiral.Directions {
		dirs = append(dirs, t("ui.dc.dir."+v))
	}
	for _, v := range spiral.Rotations {
		rots = append(rots, t("ui.dc.rot."+v))
	}
	changed := func(string) { d.checkPickers() }
	p.row = widget.NewSelect(numbers(decklist.Size), changed)
	p.col = widget.NewSelect(numbers(decklist.Size), changed)
	p.action = widget.NewSelect([]string{t("ui.dc.action.fight"), t("ui.dc.action.dragon")}, changed)
	p.start = widget.NewSelect(dirs, changed)
	p.turn = widget.NewSelect(rots, changed)
	p.strength = widget.NewSelect(strengths(), changed)
	p.strength.SetSelected("0")
	p.building = widget.NewSelect(nil, changed)
	p.add = widget.NewButtonWithIcon(t("ui.dc.new.add"), theme.ContentAddIcon(), func() {
		c := decklist.ActionCard{
			Tile:     spiral.Pos{p.row.SelectedIndex() + 1, p.col.SelectedIndex() + 1},
			Action:   []string{decklist.Fight, decklist.MoveDragon}[p.action.SelectedIndex()],
			Start:    spiral.Directions[p.start.SelectedIndex()],
			Turn:     spiral.Rotations[p.turn.SelectedIndex()],
			Strength: decklist.MinStrength + p.strength.SelectedIndex(),
			Building: d.buildings[p.building.SelectedIndex()].ID,
		}
		d.actions = addKind(d.actions, c)
		d.added()
	})
	grid := container.NewGridWithColumns(4,
		picked(t("ui.dc.in.row"), p.row), picked(t("ui.dc.in.col"), p.col),
		picked(t("ui.dc.in.action"), p.action), picked(t("ui.dc.in.strength"), p.strength),
		picked(t("ui.dc.in.start"), p.start), picked(t("ui.dc.in.turn"), p.turn),
		picked(t("ui.dc.in.building"), p.building), container.NewVBox(widget.NewLabel(""), p.add),
	)
	return container.NewVBox(widget.NewLabel(t("ui.dc.new.add_action")), grid)
}

// forcePickerContent is the row that adds a kind of Force card.
func (d *deckTables) forcePickerContent() fyne.CanvasObject {
	t := func(id string) string { return d.tr.T(id, nil) }
	p := &d.newForce
	p.strength = widget.NewSelect(strengths(), func(string) { d.checkPickers() })
	p.strength.SetSelected("0")
	p.slayer = widget.NewCheck(t("ui.dc.card.slayer"), nil)
	p.add = widget.NewButtonWithIcon(t("ui.dc.new.add"), theme.ContentAddIcon(), func() {
		d.forces = addKind(d.forces, decklist.ForceCard{Strength: decklist.MinStrength + p.strength.SelectedIndex(), Slayer: p.slayer.Checked})
		d.added()
	})
	grid := container.NewGridWithColumns(4, picked(t("ui.dc.in.strength"), p.strength),
		container.NewVBox(widget.NewLabel(""), p.slayer), layout.NewSpacer(), container.NewVBox(widget.NewLabel(""), p.add))
	return container.NewVBox(widget.NewLabel(t("ui.dc.new.add_force")), grid)
}

// addKind adds one card of c's kind: a kind already listed gets one more
// (up to decklist.MaxCount), a new one is listed last.
func addKind[C comparable](kinds []decklist.Kind[C], c C) []decklist.Kind[C] {
	for i := range kinds {
		if kinds[i].Card == c {
			kinds[i].Count = min(kinds[i].Count+1, decklist.MaxCount)
			return kinds
		}
	}
	return append(kinds, decklist.Kind[C]{Card: c, Count: 1})
}

// added shows a kind of card added and writes the list.
func (d *deckTables) added() {
	d.rebuild()
	if d.onChange != nil {
		d.onChange(d.list())
	}
}

// checkPickers enables Add once every part of the card is picked.
func (d *deckTables) checkPickers() {
	p := &d.newAction
	if p.add == nil || d.newForce.add == nil {
		return
	}
	ready := p.row.SelectedIndex() >= 0 && p.col.SelectedIndex() >= 0 && p.action.SelectedIndex() >= 0 && p.start.SelectedIndex() >= 0 &&
		p.turn.SelectedIndex() >= 0 && p.strength.SelectedIndex() >= 0 && p.building.SelectedIndex() >= 0 && p.building.SelectedIndex() < len(d.buildings)
	enable(p.add, ready)
	enable(d.newForce.add, d.newForce.strength.SelectedIndex() >= 0)
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
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

// newRow is a table's row, counting nothing until setRow.
func (d *deckTables) newRow() (*countRow, fyne.CanvasObject) {
	cr := &countRow{value: widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true}), label: widget.NewLabel("")}
	cr.label.Wrapping = fyne.TextWrapWord
	cr.minus = widget.NewButton("−", func() { d.step(cr, -1) })
	cr.plus = widget.NewButton("+", func() { d.step(cr, 1) })
	controls := container.NewGridWithColumns(3, cr.minus, cr.value, cr.plus)
	return cr, container.NewBorder(nil, nil, nil, container.NewCenter(controls), cr.label)
}

// setRow makes cr count *count (within lo and hi) under text; key names it
// for the tests.
func (d *deckTables) setRow(cr *countRow, key, text string, count *int, lo, hi int) {
	cr.count, cr.lo, cr.hi = count, lo, hi
	if cr.label.Text != text {
		cr.label.SetText(text)
	}
	cr.show(*count, lo, hi)
	d.counts[key] = cr
}

// step moves a row's count by by, within its bounds, and says the new list.
func (d *deckTables) step(cr *countRow, by int) {
	if cr.count == nil {
		return
	}
	v := min(max(*cr.count+by, cr.lo), cr.hi)
	if v == *cr.count {
		return
	}
	*cr.count = v
	cr.show(v, cr.lo, cr.hi)
	d.totals()
	if d.onChange != nil {
		d.onChange(d.list())
	}
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
