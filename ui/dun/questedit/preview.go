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
	// The texts' parts, updated in place: the quest's title, its texts
	// revealed (newest first), its introduction; and the finds' buttons.
	title    fyne.CanvasObject
	textRows *ui.Rows[*widget.Label]
	intro    *widget.Label
	findRows *ui.Rows[*findButton]
}

// findButton finds what it names, as the table does.
type findButton struct {
	*widget.Button
	element string
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
	p.title, p.intro = ui.WrappedHeading(""), ui.Wrapped("", widget.MediumImportance)
	texts := container.NewVBox()
	p.texts = container.NewVBox(p.title, texts, p.intro)
	p.textRows = ui.NewRows(texts, func() (*widget.Label, fyne.CanvasObject) {
		l := ui.Wrapped("", widget.MediumImportance)
		return l, l
	})
	p.textRows.Reset = func(l *widget.Label) { l.SetText("") }
	p.finds = container.NewVBox()
	p.findRows = ui.NewRows(p.finds, func() (*findButton, fyne.CanvasObject) {
		b := &findButton{}
		b.Button = widget.NewButton("", func() { p.find(b.element) })
		return b, b.Button
	})
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
	p.showTexts(v, lang)
	// What the heroes may find in the sections revealed: the Conductor's
	// buttons, as on the quest's map (a trap is sprung, not found).
	var finds []dun.OnceTarget
	for _, f := range dun.Findable(p.state, p.q) {
		if f.Kind != "trap" {
			finds = append(finds, f)
		}
	}
	for i, b := range p.findRows.Show(len(finds)) {
		f := finds[i]
		name := f.Name.In(lang)
		if f.ExitKind != "" {
			name = exitName(p.ed.tr, f.ExitKind)
		}
		b.element = f.Element
		b.SetText(p.ed.tr.T("ui.questedit.preview_find", map[string]any{"Name": name}))
	}
}

// showTexts shows the quest's title, its texts revealed (the newest
// first) and its introduction, in place.
func (p *preview) showTexts(v dun.PublicView, lang string) {
	if v.Quest != nil {
		ui.SetHeading(p.title, v.Quest.Title.In(lang))
		p.intro.SetText(v.Quest.Introduction.In(lang))
		p.title.Show()
		p.intro.Show()
	} else {
		p.title.Hide()
		p.intro.Hide()
	}
	rows := p.textRows.Show(len(v.Texts))
	for i := range v.Texts {
		t := v.Texts[len(v.Texts)-1-i]
		imp := widget.MediumImportance
		if t.Kind == dun.PublicTextRed {
			imp = widget.DangerImportance
		}
		rows[i].Importance = imp
		rows[i].SetText(t.Text.In(lang))
	}
	p.textsSc.ScrollToTop()
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
