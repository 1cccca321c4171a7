package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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
	p.texts = container.NewVBox()
	p.textsScroll = ui.VScroll(p.texts)
	// The map fits whatever room the window gives it, and follows it.
	follow := container.New(&onResize{resized: func() { p.m.drawPublic(p.game.Public()) }}, p.m.scroll)
	split := container.NewHSplit(follow, p.textsScroll)
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
	p.texts.RemoveAll()
	// Each text can be read aloud from here too, in the app's language.
	speech := ui.NewReadAloud(p.tr, p.win, nil)
	// The title, with Stop and Repeat under it: one object, the newest text
	// comes next.
	head := container.NewVBox()
	if v.Quest != nil {
		head.Add(ui.Heading(v.Quest.Title.In(lang)))
	}
	head.Add(speech.Controls())
	p.texts.Add(head)
	// The newest text first, so the players see it without scrolling.
	for i := len(v.Texts) - 1; i >= 0; i-- {
		importance := widget.MediumImportance
		if v.Texts[i].Kind == dun.PublicTextRed {
			importance = widget.DangerImportance
		}
		text := v.Texts[i].Text.In(lang)
		p.texts.Add(speech.With(ui.Wrapped(text, importance), lang, text))
	}
	if v.Quest != nil {
		intro := v.Quest.Introduction.In(lang)
		p.texts.Add(speech.With(ui.Wrapped(intro, widget.MediumImportance), lang, intro))
	}
	p.textsScroll.ScrollToTop() // the newest text, first
}
