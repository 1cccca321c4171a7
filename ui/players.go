package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// playersWindow is what the players may see, for a second screen or a
// laptop turned round: the revealed map, large, and the texts read aloud so
// far. It never holds an unrevealed section, a hidden text not yet revealed,
// an ADP note or any of the ADP's numbers: it is built from the revealed
// parts of the quest only.
type playersWindow struct {
	u     *UI
	q     *quest.Quest
	win   fyne.Window
	m     *mapView
	texts *fyne.Container
}

// openPlayers opens the players' window, or brings it forward.
func (u *UI) openPlayers() {
	if u.players != nil {
		u.players.win.RequestFocus()
		return
	}
	q := u.sess.game.Setup().QuestData
	p := &playersWindow{u: u, q: q, win: u.app.NewWindow(u.tr.T("ui.players.title", nil)), m: newMapView(q, 48)}
	p.texts = container.NewVBox()
	split := container.NewHSplit(p.m.scroll, container.NewVScroll(p.texts))
	split.Offset = 0.62
	p.win.SetContent(split)
	p.win.Resize(fyne.NewSize(1280, 800))
	p.win.SetOnClosed(func() { u.players = nil })
	u.players = p
	p.refresh()
	p.win.Show()
}

func (p *playersWindow) refresh() {
	s, lang := p.u.sess.game.State(), p.u.tr.Lang
	p.win.SetTitle(p.u.tr.T("ui.players.title", nil))
	p.m.draw(s)
	p.texts.RemoveAll()
	p.texts.Add(heading(p.q.Title.In(lang)))
	p.texts.Add(wrapped(p.q.Introduction.In(lang), widget.MediumImportance))
	for _, id := range s.Revealed {
		sec, _ := p.q.Section(id)
		p.texts.Add(wrapped(sec.Text.In(lang), widget.MediumImportance))
		for _, t := range s.TextsShown {
			if h := hiddenText(p.q, t); h.Style == "red" && h.Section == id {
				p.texts.Add(wrapped(h.Text.In(lang), widget.DangerImportance))
			}
		}
	}
	for _, t := range s.TextsShown {
		if h := hiddenText(p.q, t); h.Style == "red" && h.Section == "" {
			p.texts.Add(wrapped(h.Text.In(lang), widget.DangerImportance))
		}
	}
}
