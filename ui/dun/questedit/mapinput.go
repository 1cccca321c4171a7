package questedit

import (
	"errors"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// square is the grid square a fractional position lies in; point the
// nearest grid point.
func square(gx, gy float32) (int, int) {
	return int(math.Floor(float64(gx))), int(math.Floor(float64(gy)))
}

func point(gx, gy float32) (int, int) {
	return int(math.Round(float64(gx))), int(math.Round(float64(gy)))
}

// tapped: a tap on the map does what the tool says.
func (ed *Editor) tapped(gx, gy float32) {
	tool := ed.currentTool()
	sx, sy := square(gx, gy)
	switch {
	case tool == toolSelect:
		ed.pick(gx, gy)
	case tool == toolStart:
		id, ok := ed.doc.SectionAt(sx, sy)
		if !ok {
			ed.refuse(errors.New(ed.tr.T("ui.questedit.no_section_here", nil)))
			return
		}
		ed.sel = selection{kind: "section", section: id}
		ed.do(ed.doc.SetStart(id), true)
	case slices.Contains(quest.ExitKinds, tool):
		ed.addExit(tool, gx, gy)
	default:
		id, ok := ed.doc.SectionAt(sx, sy)
		if !ok {
			ed.status.Importance = widget.DangerImportance
			ed.status.SetText(ed.tr.T("ui.questedit.no_section_here", nil))
			return
		}
		name := quest.Text{}
		for _, lang := range ed.textLangs() {
			name[lang] = defaultElementName(lang, tool)
		}
		el, err := ed.doc.AddElement(id, tool, name, sx, sy)
		if err == nil {
			ed.sel = selection{kind: "element", section: id, id: el}
			ed.focusName = true
		}
		ed.do(err, true)
	}
}

// pick selects what lies at a grid position: an element, an exit, a
// section, or nothing (the quest itself).
func (ed *Editor) pick(gx, gy float32) {
	sx, sy := square(gx, gy)
	near := float32(0.35)
	for _, s := range ed.q.Sections {
		for i, e := range s.Exits {
			if abs(gx-float32(e.X)) <= near && abs(gy-float32(e.Y)) <= near {
				ed.sel = selection{kind: "exit", section: s.ID, index: i}
				ed.changed(true)
				return
			}
		}
	}
	for _, s := range ed.q.Sections {
		for _, el := range s.Elements {
			if el.X == sx && el.Y == sy {
				ed.sel = selection{kind: "element", section: s.ID, id: el.ID}
				ed.changed(true)
				return
			}
		}
	}
	if id, ok := ed.doc.SectionAt(sx, sy); ok {
		ed.sel = selection{kind: "section", section: id}
	} else {
		ed.sel = selection{}
	}
	ed.changed(true)
}

func abs(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

// addExit puts an exit of kind on the wall between two sections, at the
// grid point nearest the tap. It leads from the side the heroes reach
// first (reachable from the start now), or from the section selected.
func (ed *Editor) addExit(kind string, gx, gy float32) {
	x, y := point(gx, gy)
	a, b, ok := ed.doc.EdgeBetween(x, y)
	if !ok {
		ed.status.Importance = widget.DangerImportance
		ed.status.SetText(ed.tr.T("ui.questedit.no_wall_here", nil))
		return
	}
	from, to := a, b
	reach := ed.q.Reachable()
	switch {
	case reach[b] && !reach[a]:
		from, to = b, a
	case reach[a] && !reach[b]:
	case ed.sel.kind == "section" && ed.sel.section == b:
		from, to = b, a
	}
	i, err := ed.doc.AddExit(from, to, kind, x, y)
	if err == nil {
		ed.sel = selection{kind: "exit", section: from, index: i}
	}
	ed.do(err, true)
}

// Kinds of drag, told by where it starts.
const (
	dragDraw = iota
	dragMove
	dragResize
	dragExit    // an exit, along its wall
	dragElement // an element, to another square
)

// dragKind says what a drag from a grid position does, and on which section.
func (ed *Editor) dragKind(gx, gy float32) (int, quest.Section) {
	k, s, _ := ed.dragTarget(gx, gy)
	return k, s
}

// dragTarget is dragKind with the exit or element dragged.
func (ed *Editor) dragTarget(gx, gy float32) (int, quest.Section, selection) {
	sx, sy := square(gx, gy)
	for _, s := range ed.q.Sections {
		for i, e := range s.Exits {
			if abs(gx-float32(e.X)) <= 0.3 && abs(gy-float32(e.Y)) <= 0.3 {
				return dragExit, s, selection{kind: "exit", section: s.ID, index: i}
			}
		}
		for _, el := range s.Elements {
			if el.X == sx && el.Y == sy {
				return dragElement, s, selection{kind: "element", section: s.ID, id: el.ID}
			}
		}
	}
	k, s := ed.sectionDrag(gx, gy)
	return k, s, selection{}
}

// sectionDrag says what a drag from a grid position does to sections.
func (ed *Editor) sectionDrag(gx, gy float32) (int, quest.Section) {
	hs := handleSize(ed.canvas.cell) / ed.canvas.cell
	for _, s := range ed.q.Sections {
		cx, cy := float32(s.X+s.W), float32(s.Y+s.H)
		if gx >= cx-hs-0.1 && gx <= cx+0.1 && gy >= cy-hs-0.1 && gy <= cy+0.1 {
			return dragResize, s
		}
	}
	sx, sy := square(gx, gy)
	if id, ok := ed.doc.SectionAt(sx, sy); ok {
		s, _ := ed.q.Section(id)
		return dragMove, s
	}
	return dragDraw, quest.Section{}
}

// dragRect is the rectangle (in squares) a drag makes: a new section, a
// moved one or a resized one.
func (ed *Editor) dragRect(fx, fy, tx, ty float32) (int, quest.Section, int, int, int, int) {
	kind, s := ed.dragKind(fx, fy)
	switch kind {
	case dragMove:
		dx, dy := int(math.Round(float64(tx-fx))), int(math.Round(float64(ty-fy)))
		return kind, s, s.X + dx, s.Y + dy, s.W, s.H
	case dragResize:
		w := int(math.Round(float64(tx))) - s.X
		h := int(math.Round(float64(ty))) - s.Y
		return kind, s, s.X, s.Y, max(w, 1), max(h, 1)
	}
	x0, y0 := square(fx, fy)
	x1, y1 := square(tx, ty)
	return kind, s, min(x0, x1), min(y0, y1), absInt(x1-x0) + 1, absInt(y1-y0) + 1
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// dragShape is the ghost shown while dragging.
func (ed *Editor) dragShape(fx, fy, tx, ty float32) (float32, float32, float32, float32, bool) {
	switch k, _, _ := ed.dragTarget(fx, fy); k {
	case dragExit:
		x, y := point(tx, ty)
		return float32(x) - 0.3, float32(y) - 0.3, 0.6, 0.6, true
	case dragElement:
		x, y := square(tx, ty)
		return float32(x), float32(y), 1, 1, true
	}
	_, _, x, y, w, h := ed.dragRect(fx, fy, tx, ty)
	return float32(x), float32(y), float32(w), float32(h), true
}

// dragged: a drag on empty squares draws a section of the kind chosen, on
// a section moves it, on its corner handle resizes it.
func (ed *Editor) dragged(fx, fy, tx, ty float32) {
	switch k, _, sel := ed.dragTarget(fx, fy); k {
	case dragExit:
		x, y := point(tx, ty)
		ed.sel = sel
		ed.do(ed.doc.MoveExit(sel.section, sel.index, x, y), true)
		return
	case dragElement:
		x, y := square(tx, ty)
		ed.sel = sel
		ed.do(ed.doc.MoveElement(sel.section, sel.id, x, y), true)
		return
	}
	kind, s, x, y, w, h := ed.dragRect(fx, fy, tx, ty)
	switch kind {
	case dragMove:
		if x == s.X && y == s.Y {
			return
		}
		ed.sel = selection{kind: "section", section: s.ID}
		ed.do(ed.doc.MoveSection(s.ID, x, y), true)
	case dragResize:
		if w == s.W && h == s.H {
			return
		}
		ed.sel = selection{kind: "section", section: s.ID}
		ed.do(ed.doc.ResizeSection(s.ID, w, h), true)
	default:
		if x < 0 || y < 0 {
			ed.refuse(errors.New(ed.tr.T("ui.questedit.off_grid", nil)))
			return
		}
		k := ed.kindKeys[max(ed.kind.SelectedIndex(), 0)]
		id, err := ed.doc.AddSection(k, x, y, w, h)
		if err == nil {
			ed.sel = selection{kind: "section", section: id}
			ed.focusName = true
		}
		ed.do(err, true)
	}
}

// PointOf is where grid point (x, y) is drawn, on the window's canvas:
// for tests and scripts that tap the map.
func (ed *Editor) PointOf(x, y float32) fyne.Position {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(ed.canvas).Add(ed.canvas.at(x, y))
}

// CellSize is the size of a square on screen, in pixels.
func (ed *Editor) CellSize() float32 { return ed.canvas.cell }
