package questedit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui"
)

// preview walks the quest door by door as the players' window shows it:
// what is drawn and read comes from core's players' view (dun.Public) of
// a state where the sections opened so far are revealed, never from the
// quest itself.
type preview struct {
	ed      *Editor
	win     fyne.Window
	q       *quest.Quest
	setup   dun.Setup
	state   dun.State
	canvas  *gridCanvas
	texts   *fyne.Container
	finds   *fyne.Container
	textsSc *container.Scroll
}

// openPreview opens the players' preview of the quest as it is now.
func (ed *Editor) openPreview() {
	if !ed.valid() {
		return
	}
	if ed.previewWin != nil {
		ed.previewWin.win.Close()
	}
	p := &preview{ed: ed, q: ed.doc.Quest()}
	p.setup = dun.Setup{QuestData: p.q}
	p.win = fyne.CurrentApp().NewWindow(ed.tr.T("ui.questedit.preview_title", map[string]any{"TitleText": map[string]string(p.q.Title)}))
	p.canvas = newGridCanvas()
	p.canvas.readOnly = true
	p.canvas.onTap = p.tapped
	p.texts = container.NewVBox()
	p.finds = container.NewVBox()
	p.textsSc = ui.VScroll(p.texts)
	restart := widget.NewButton(ed.t("ui.questedit.preview_restart"), p.restart)
	help := ui.Wrapped(ed.t("ui.questedit.preview_help"), widget.LowImportance)
	side := container.NewBorder(container.NewVBox(help, p.finds), restart, nil, nil, p.textsSc)
	split := container.NewHSplit(p.canvas, side)
	split.Offset = 0.62
	p.win.SetContent(split)
	size := ed.win.Canvas().Size()
	if size.Width <= 0 {
		size = fyne.NewSize(1024, 700)
	}
	p.win.Resize(size)
	p.win.SetOnClosed(func() {
		if ed.previewWin == p {
			ed.previewWin = nil
		}
	})
	ed.previewWin = p
	p.restart()
	p.win.Show()
	p.canvas.fit()
}

// restart: only the start section is revealed.
func (p *preview) restart() {
	p.state = dun.State{}
	p.reveal(p.q.Start().ID)
}

// reveal reveals a section and reads what it shows, as a game does.
func (p *preview) reveal(id string) {
	p.state = p.state.Revealing(p.setup, id)
	p.refresh()
	p.canvas.fit() // the map revealed so far, in view
}

// find finds an element or a secret door, as a game does.
func (p *preview) find(id string) {
	p.state = p.state.Finding(p.setup, id)
	p.refresh()
}

// refresh draws the players' view and offers what may be found.
func (p *preview) refresh() {
	v := dun.Public(p.setup, p.state)
	lang := p.ed.tr.Lang
	var pic drawn
	for _, s := range v.Sections {
		sec, _ := p.q.Section(s.ID)
		pic.Sections = append(pic.Sections, drawSection{ID: s.ID, Name: s.Name.In(lang), Kind: s.Kind, X: s.X, Y: s.Y, W: s.W, H: s.H,
			Image: p.ed.image(sec), Selected: s.ID == v.Newest})
	}
	for _, e := range v.Exits {
		pic.Exits = append(pic.Exits, drawExit{From: e.From, Kind: e.Kind, X: e.X, Y: e.Y})
	}
	p.canvas.show(pic)
	p.texts.RemoveAll()
	if v.Quest != nil {
		p.texts.Add(ui.WrappedHeading(v.Quest.Title.In(lang)))
	}
	for i := len(v.Texts) - 1; i >= 0; i-- {
		imp := widget.MediumImportance
		if v.Texts[i].Kind == dun.PublicTextRed {
			imp = widget.DangerImportance
		}
		p.texts.Add(ui.Wrapped(v.Texts[i].Text.In(lang), imp))
	}
	if v.Quest != nil {
		p.texts.Add(ui.Wrapped(v.Quest.Introduction.In(lang), widget.MediumImportance))
	}
	p.textsSc.ScrollToTop()
	// What the heroes may find in the sections revealed: the Conductor's
	// buttons, as on the quest's map.
	p.finds.RemoveAll()
	for _, f := range dun.Findable(p.state, p.q) {
		name := f.Name.In(lang)
		if f.ExitKind != "" {
			name = exitName(p.ed.tr, f.ExitKind)
		}
		if f.Kind == "trap" {
			continue // a trap is sprung, not found
		}
		p.finds.Add(widget.NewButton(p.ed.tr.T("ui.questedit.preview_find", map[string]any{"Name": name}), func() { p.find(f.Element) }))
	}
}

// tapped: a tap on an exit into a hidden section opens it.
func (p *preview) tapped(gx, gy float32) {
	x, y := point(gx, gy)
	for _, id := range dun.Reachable(p.state, p.q) {
		for _, rid := range p.state.Revealed {
			sec, _ := p.q.Section(rid)
			for _, e := range sec.Exits {
				if e.To == id && e.X == x && e.Y == y && dun.ExitShown(p.state, e) {
					p.reveal(id)
					return
				}
			}
		}
	}
}

// Open opens the exit at grid point (x, y) in the preview, for tests.
func (p *preview) Open(x, y int) { p.tapped(float32(x), float32(y)) }
