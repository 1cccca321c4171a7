package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/journal"
	"github.com/dunconductor/conductor/ui/probe"
)

// ShowPlayersRecap is ui.RecapShower: the players' version of the last
// sitting's recap at the top of the players' window (opened if it is
// not), above the texts, until the next step redraws them.
func (s *gameScreen) ShowPlayersRecap(tr *translations.Translator, title string, lines []journal.Line) {
	if s.game.Setup().QuestData == nil {
		return // free play has no players' window
	}
	s.openPlayers(tr)
	p := s.players
	if p == nil {
		return
	}
	box := container.NewVBox(ui.WrappedHeading(title))
	for _, l := range lines {
		imp := widget.MediumImportance
		if l.Kind == engine.StoryNext {
			imp = widget.HighImportance
		}
		if l.Kind == engine.StoryHeading {
			box.Add(ui.Heading(l.Text))
		} else {
			box.Add(ui.Wrapped(l.Text, imp))
		}
		if l.Quote != "" {
			quote := widget.MediumImportance
			if l.Kind == engine.StoryAlert {
				quote = widget.DangerImportance
			}
			box.Add(ui.Wrapped(l.Quote, quote))
		}
	}
	box.Add(widget.NewSeparator())
	p.texts.Objects = append([]fyne.CanvasObject{probe.Name(box, "players.recap")}, p.texts.Objects...)
	p.texts.Refresh()
	p.textsScroll.ScrollToTop()
	p.textsFrom = "" // the next step draws the texts alone again
	p.win.RequestFocus()
}
