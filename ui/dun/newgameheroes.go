package dunui

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// heroNameColumn is the heroes table's column that takes the width the
// others leave: the name, at least heroNameWidth wide (a dozen letters in
// sight as they are typed).
const (
	heroNameColumn = 1
	heroNameWidth  = 160
)

// addHeroRows lays New game's heroes out as a table: the captions once,
// then a line a hero (name, VP, the six attributes), so three heroes and
// what comes before them are in sight at 1024×768 without the wheel. Each
// hero's problems show under its line.
func (f *newGameForm) addHeroRows(form *fyne.Container, errLine func(string) *widget.Label, numberEntry func(string) *widget.Entry) {
	t := func(id string) string { return f.tr.T(id, nil) }
	table := &heroTable{}
	// The attributes by their short names (as the roster gives them): the
	// name's box keeps the width.
	head := []fyne.CanvasObject{widget.NewLabel(""), columnCaption(t("ui.newgame.hero_name")), columnCaption(t("ui.newgame.vp_column"))}
	for _, a := range partyAttributes {
		head = append(head, columnCaption(t("ui.newgame.attr."+a)))
	}
	table.rows = append(table.rows, head)
	for i := range f.heroVP {
		f.heroVP[i] = numberEntry("15")
		f.heroName[i] = widget.NewEntry()
		f.heroName[i].SetPlaceHolder(t("ui.newgame.hero_name_optional"))
		f.heroName[i].OnChanged = func(string) { f.refresh() }
		who := widget.NewLabel(f.tr.T("ui.newgame.hero", map[string]any{"Hero": i + 1}))
		who.TextStyle.Bold = true
		cells := []fyne.CanvasObject{who, f.heroName[i], f.heroVP[i]}
		for j := range partyAttributes {
			f.heroAttr[i][j] = numberEntry("")
			cells = append(cells, f.heroAttr[i][j])
		}
		table.rows = append(table.rows, cells)
		var row fyne.CanvasObject = container.New(table, cells...)
		if i == 0 {
			// The captions come and go with the first hero's line: they
			// show whenever any hero's line does.
			row = container.NewVBox(container.New(table, head...), row)
		}
		f.heroVPRow[i] = formRow{row, container.NewVBox(errLine("hero_vp." + strconv.Itoa(i)))}
		form.Add(f.heroVPRow[i].caption)
		form.Add(f.heroVPRow[i].input)
	}
}

// The attributes' short names, built from partyAttributes above.
var _ = []string{"ui.newgame.attr.perception", "ui.newgame.attr.intelligence", "ui.newgame.attr.agility",
	"ui.newgame.attr.dexterity", "ui.newgame.attr.strength", "ui.newgame.attr.movement"}

// columnCaption is a table's column caption: centred, on one line.
func columnCaption(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Alignment = fyne.TextAlignCenter
	return l
}

// heroTable lays out each of its rows as a line of columns: a column as
// wide as its widest cell in any row, the name's column taking the rest,
// so the captions and every hero's line line up.
type heroTable struct{ rows [][]fyne.CanvasObject }

// widths are the columns' narrowest widths.
func (h *heroTable) widths() []float32 {
	var w []float32
	for _, r := range h.rows {
		for i, o := range r {
			if i >= len(w) {
				w = append(w, 0)
			}
			w[i] = max(w[i], o.MinSize().Width)
		}
	}
	w[heroNameColumn] = max(w[heroNameColumn], heroNameWidth)
	return w
}

func (h *heroTable) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w := h.widths()
	pad := theme.Padding()
	rest := size.Width - pad*float32(len(w)-1)
	for i, x := range w {
		if i != heroNameColumn {
			rest -= x
		}
	}
	w[heroNameColumn] = max(w[heroNameColumn], rest)
	x := float32(0)
	for i, o := range objs {
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w[i], size.Height))
		x += w[i] + pad
	}
}

func (h *heroTable) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var width, height float32
	for _, x := range h.widths() {
		width += x
	}
	for _, o := range objs {
		height = max(height, o.MinSize().Height)
	}
	return fyne.NewSize(width+theme.Padding()*float32(len(objs)-1), height)
}

// addHeroCount puts how many heroes and how their VP are given on two
// lines, each caption before its input: with the heroes table under them,
// New game's heroes part needs no wheel at 1024×768.
func (f *newGameForm) addHeroCount(form *fyne.Container, errLine func(string) *widget.Label) {
	bold := func(id string) *widget.Label {
		l := widget.NewLabel(f.tr.T(id, nil))
		l.TextStyle.Bold = true
		return l
	}
	count := container.NewGridWrap(fyne.NewSize(72, f.heroes.MinSize().Height), f.heroes)
	f.vpMode.Horizontal = true
	form.Add(container.NewHBox(bold("ui.newgame.heroes"), count))
	form.Add(errLine("heroes"))
	form.Add(container.NewHBox(bold("ui.newgame.vp_mode"), f.vpMode))
}
