package dunui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// gameScreen is an open DUN game: the table and, with a quest, its map in a
// second tab, and the players' window when it is open. It wires them
// together: every step redraws all of them.
type gameScreen struct {
	sess *ui.Session
	game *dun.Game
	app  fyne.App
	win  fyne.Window
	// campaigns is the campaign library (nil when the store keeps none):
	// a campaign game records its result there at the quest's end.
	campaigns Campaigns

	table   *tableScreen
	quest   *questTab          // nil without a quest
	tabs    *container.AppTabs // the table and the quest map; nil without a quest
	players *playersWindow     // open when not nil; it outlives a language switch
}

// Build lays the game out in tr's language.
func (s *gameScreen) Build(tr *translations.Translator) fyne.CanvasObject {
	q := s.game.Setup().QuestData
	s.quest, s.tabs = nil, nil
	var openMap func()
	if q != nil {
		openMap = func() { s.tabs.SelectIndex(1) }
	}
	s.table = newTableScreen(s.sess, s.game, tr, s.win, openMap, s.refresh)
	if cp, ok := campaignOf(s.campaigns, s.sess.ID()); ok {
		s.table.recordQuest = func(outcome string) {
			c := &campaignScreen{lib: s.campaigns, win: s.win, tr: tr}
			title := ""
			if q != nil {
				title = q.Title.In(tr.Lang)
			}
			c.record(cp, &recordPrefill{game: s.sess.ID(), outcome: outcome, quest: title})
		}
	}
	if q == nil {
		s.refresh()
		return s.table.content
	}
	s.quest = newQuestTab(q, s.game, tr, s.table.area.Do, s.table.area.Notice,
		func() { s.tabs.SelectIndex(0) }, func() { s.openPlayers(tr) })
	s.quest.tryLock, s.quest.canTry, s.quest.tryTest = s.table.tryLock, s.table.canTry, s.table.tryTest
	s.quest.breakDown = s.table.breakDown // doors.go
	s.quest.speech = ui.NewReadAloud(tr, s.win, s.sess)
	s.tabs = container.NewAppTabs(
		container.NewTabItem(tr.T("ui.tab.table", nil), s.table.content),
		container.NewTabItem(tr.T("ui.tab.quest", nil), s.quest.content))
	if s.players != nil {
		s.players.tr = tr
	}
	s.refresh()
	return s.tabs
}

// refresh redraws every view of the game after a step.
func (s *gameScreen) refresh() {
	s.table.refresh()
	if s.quest != nil {
		s.quest.refresh()
	}
	if s.players != nil {
		s.players.refresh()
	}
}

// openPlayers opens the players' window, or brings it forward.
func (s *gameScreen) openPlayers(tr *translations.Translator) {
	if s.players != nil {
		s.players.win.RequestFocus()
		return
	}
	s.players = newPlayersWindow(s.app, s.win, s.game, tr, func() { s.players = nil })
}

// Close closes the players' window with the game.
func (s *gameScreen) Close() {
	if s.players != nil {
		s.players.win.Close()
	}
}
