package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// playersWindow is what the players may see, for a second screen or a
// laptop turned round: the revealed map, large, and the texts read aloud so
// far. It draws from the players' view (dun.Public) only, never from the
// state or the quest: no unrevealed section, hidden text not yet revealed,
// ADP note or ADP number can reach it.
type playersWindow struct {
	game  *dun.Game
	tr    *translations.Translator // the app's language; follows a switch
	win   fyne.Window
	m     *mapView
	texts *fyne.Container
	// textsScroll scrolls the texts; a new text brings it back to the top,
	// where the newest is.
	textsScroll *container.Scroll
	// textsFrom is what the texts were last built from (see memo).
	textsFrom memo
	// The texts' parts, updated in place: the quest's title (made again
	// only in another language), then the texts revealed (newest first)
	// and the introduction.
	speech *ui.ReadAloud
	head   *fyne.Container
	// controls holds Stop and Repeat, pinned above the texts' scroll so
	// they stay wholly in sight however long the texts (and a recap above
	// them) grow; made again only in another language.
	controls *fyne.Container
	headLang string
	rows     *ui.Rows[*textRow]
}

// textRow is a text with its "Read aloud" button below it: the text keeps
// its column's whole width.
type textRow struct {
	label *widget.Label
	read  *ui.ReadButton
	box   *fyne.Container
}

func newTextRow(speech *ui.ReadAloud) *textRow {
	r := &textRow{label: ui.Wrapped("", widget.MediumImportance), read: speech.Button("", "")}
	r.box = container.NewVBox(r.label, container.NewHBox(layout.NewSpacer(), r.read))
	return r
}

// set shows text, read in lang.
func (r *textRow) set(speech *ui.ReadAloud, text, lang string, imp widget.Importance) {
	r.label.Importance = imp
	r.label.SetText(text)
	r.read.Set(speech, lang, text)
}

// playersSize is the players' window's size on a screen large enough.
var playersSize = fyne.NewSize(1280, 800)

// newPlayersWindow opens the players' window of game, a quest game, no
// larger than the main window main (itself sized to fit its screen); closed
// is called when it closes.
func newPlayersWindow(a fyne.App, main fyne.Window, g *dun.Game, tr *translations.Translator, closed func()) *playersWindow {
	// The map knows no quest: it draws the players' view.
	p := &playersWindow{game: g, tr: tr, win: a.NewWindow(tr.T("ui.players.title", nil)), m: newMapView(nil, 48)}
	p.m.lang = func() string { return tr.Lang }
	p.m.fit = true
	p.m.file = g.PublicFile // the pictures of revealed sections only
	// Each text can be read aloud from here too, in the app's language.
	p.speech = ui.NewReadAloud(tr, p.win, nil)
	p.head = container.NewVBox()
	p.controls = container.NewVBox()
	p.texts = container.NewVBox(p.head)
	p.rows = ui.NewRows(p.texts, func() (*textRow, fyne.CanvasObject) {
		r := newTextRow(p.speech)
		return r, r.box
	})
	p.rows.Reset = func(r *textRow) { r.set(p.speech, "", "", widget.MediumImportance) }
	p.textsScroll = ui.VScroll(p.texts)
	// The map fits whatever room the window gives it, and follows it.
	follow := container.New(&onResize{resized: func() { p.m.drawPublic(p.game.Public()) }}, p.m.scroll)
	split := container.NewHSplit(follow, container.NewBorder(p.controls, nil, nil, nil, p.textsScroll))
	split.Offset = 0.62
	p.win.SetContent(split)
	size := playersSize
	if main != nil {
		if screen := main.Canvas().Size(); screen.Width > 0 && screen.Height > 0 {
			size = fyne.NewSize(min(size.Width, screen.Width), min(size.Height, screen.Height))
		}
	}
	p.win.Resize(size)
	p.win.CenterOnScreen()
	p.win.SetOnClosed(closed)
	p.refresh()
	p.win.Show()
	return p
}

// onResize lays its one object over all its room, and calls resized when
// that room changes size: the players' map fits itself to it again.
type onResize struct {
	last    fyne.Size
	resized func()
}

func (l *onResize) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
	if size != l.last {
		l.last = size
		l.resized()
	}
}

func (l *onResize) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objects {
		m = m.Max(o.MinSize())
	}
	return m
}

func (p *playersWindow) refresh() {
	v, lang := p.game.Public(), p.tr.Lang
	p.win.SetTitle(p.tr.T("ui.players.title", nil))
	p.m.drawPublic(v)
	if !p.textsFrom.changed(v.Texts, lang) {
		return
	}
	if lang != p.headLang {
		// The title, and Stop and Repeat above the texts, in this language.
		p.headLang = lang
		p.head.RemoveAll()
		if v.Quest != nil {
			p.head.Add(ui.Heading(v.Quest.Title.In(lang)))
		}
		p.controls.RemoveAll()
		p.controls.Add(p.speech.Controls())
	}
	// The newest text first, so the players see it without scrolling; the
	// introduction last.
	n := len(v.Texts)
	if v.Quest != nil {
		n++
	}
	rows := p.rows.Show(n)
	for i := range v.Texts {
		t := v.Texts[len(v.Texts)-1-i]
		imp := widget.MediumImportance
		if t.Kind == dun.PublicTextRed {
			imp = widget.DangerImportance
		}
		rows[i].set(p.speech, t.Text.In(lang), lang, imp)
	}
	if v.Quest != nil {
		rows[n-1].set(p.speech, v.Quest.Introduction.In(lang), lang, widget.MediumImportance)
	}
	p.textsScroll.ScrollToTop() // the newest text, first
}
