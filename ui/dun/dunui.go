// Package dunui is Dungeon Universalis's screens: the table where the ADP is
// played (reserve and ledger, decks, creatures, Initiative, actions), the
// quest map and the players' window, the New game dialog and the campaigns.
// It builds on the shell (package ui) for the session, the prompt card, the
// log and the shared widgets. Importing it registers it (register.go), as
// cmd/conductor's games.go does.
package dunui

import (
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// Store is what DUN's screens need from the store besides what the shell
// saves: the content files a game can be played with (quests, factions).
// data.Store implements it.
type Store interface {
	// ImportContent checks a content file of a kind (content.KindQuest,
	// content.KindFaction) with DUN's rules and stores it under the id it
	// gives; a file that is not valid gives its quest.Problems (wrapped)
	// and nothing is stored. ContentFiles lists the stored ones of a kind.
	ImportContent(kind, file string, source []byte) (string, error)
	ContentFiles(kind string) ([]data.ContentFile, error)
}

// Campaigns is the campaign library. data.Store implements it; a Store
// without it has no campaigns. A DUN campaign's party is DUN's document
// (dun.EncodeParty), which the store has DUN check; DUN's screens show
// only DUN's campaigns, and put the games started from one in it.
type Campaigns interface {
	Games() ([]data.GameInfo, error)
	Campaigns() ([]data.Campaign, error)
	Campaign(id int64) (data.Campaign, error)
	CreateCampaign(module, name string, party []byte) (int64, error)
	UpdateParty(campaignID int64, party []byte) error
	RecordQuest(campaignID int64, e data.CampaignEntry) error
	DeleteCampaign(campaignID int64) error
	ExportCampaign(campaignID int64, w io.Writer) error
	SetGameCampaign(gameID, campaignID int64) error
}

// Screens are DUN's screens, as the shell asks for them (ui.GameUI).
type Screens struct {
	store     Store
	campaigns Campaigns      // nil when the store keeps none
	newGame   *newGameDialog // the New game dialog, while it is open
}

// New makes DUN's screens on store.
func New(store Store) *Screens {
	s := &Screens{store: store}
	s.campaigns, _ = store.(Campaigns)
	s.publishNewGame()
	return s
}

var _ ui.GameUI = (*Screens)(nil)

// Title names the game.
func (s *Screens) Title() string { return "ui.module.dun" }

// NewGame opens the New game dialog.
func (s *Screens) NewGame(w fyne.Window, tr *translations.Translator, st ui.Starter) {
	s.openNewGame(w, tr, st, nil, 0)
}

// Open is the table of an open game, with its quest map when it has a quest.
func (s *Screens) Open(sess *ui.Session, a fyne.App, w fyne.Window) ui.Screen {
	return &gameScreen{sess: sess, game: sess.Game().(*dun.Game), app: a, win: w, campaigns: s.campaigns}
}

// Extras lead from the saved games to the campaigns.
func (s *Screens) Extras(w fyne.Window, st ui.Starter, back func()) []ui.Extra {
	if s.campaigns == nil {
		return nil
	}
	return []ui.Extra{{Title: "ui.campaigns.open", Icon: theme.ListIcon(), Open: func() ui.Screen {
		c := &campaignScreen{lib: s.campaigns, win: w, back: back}
		c.newGame = func(cp data.Campaign) { s.newGameForParty(w, c.tr, st, cp) }
		return c
	}}}
}
