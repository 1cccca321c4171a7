package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"slices"
	"strings"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// playersWindow is what the players may see, for a second screen or a
// laptop turned round: the revealed map, large, and the texts read aloud so
// far. It never holds an unrevealed section, a hidden text not yet revealed,
// an ADP note or any of the ADP's numbers: it is built from the revealed
// parts of the quest only.
type playersWindow struct {
	q     *quest.Quest
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

// newPlayersWindow opens the players' window of game, a game of quest q,
// no larger than the main window main (itself sized to fit its screen);
// closed is called when it closes.
func newPlayersWindow(a fyne.App, main fyne.Window, q *quest.Quest, g *dun.Game, tr *translations.Translator, closed func()) *playersWindow {
	p := &playersWindow{q: q, game: g, tr: tr, win: a.NewWindow(tr.T("ui.players.title", nil)), m: newMapView(q, 48)}
	p.m.lang = func() string { return tr.Lang }
	p.m.fit = true
	p.texts = container.NewVBox()
	p.textsScroll = ui.VScroll(p.texts)
	// The map fits whatever room the window gives it, and follows it.
	follow := container.New(&onResize{resized: func() { p.m.draw(p.game.State()) }}, p.m.scroll)
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
	s, lang := p.game.State(), p.tr.Lang
	p.win.SetTitle(p.tr.T("ui.players.title", nil))
	p.m.draw(s)
	if !p.textsFrom.changed(s.ReadAloud, lang) {
		return
	}
	p.texts.RemoveAll()
	p.texts.Add(ui.Heading(p.q.Title.In(lang)))
	// The newest text first, so the players see it without scrolling; the
	// ADP's notes are the Conductor's only.
	for i := len(s.ReadAloud) - 1; i >= 0; i-- {
		sec, h, ok := readAloud(p.q, s.ReadAloud[i])
		switch {
		case !ok:
		case h == nil:
			p.texts.Add(ui.Wrapped(sec.Text.In(lang), widget.MediumImportance))
		case h.Style == "red":
			p.texts.Add(ui.Wrapped(h.Text.In(lang), widget.DangerImportance))
		}
	}
	p.texts.Add(ui.Wrapped(p.q.Introduction.In(lang), widget.MediumImportance))
	p.textsScroll.ScrollToTop() // the newest text, first
}

// readAloud finds an entry of State.ReadAloud: a section, or a hidden text.
func readAloud(q *quest.Quest, entry string) (quest.Section, *quest.HiddenText, bool) {
	if id, ok := strings.CutPrefix(entry, dun.ReadText); ok {
		i := slices.IndexFunc(q.Texts, func(h quest.HiddenText) bool { return h.ID == id })
		if i < 0 {
			return quest.Section{}, nil, false
		}
		return quest.Section{}, &q.Texts[i], true
	}
	id, _ := strings.CutPrefix(entry, dun.ReadSection)
	sec, ok := q.Section(id)
	return sec, nil, ok
}
