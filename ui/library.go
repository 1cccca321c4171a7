package ui

import (
	"io"

	"github.com/dunconductor/conductor/data"
)

// Library is what the saved-games and campaign screens need from the store.
// data.Store implements it; a Store without it gets the table screen only.
type Library interface {
	Games() ([]data.GameInfo, error)
	RenameGame(gameID int64, name string) error
	DuplicateGame(gameID int64, name string) (int64, error)
	DeleteGame(gameID int64) error
	SetGameCampaign(gameID, campaignID int64) error
	ExportGame(gameID int64, w io.Writer) error
	ExportCampaign(campaignID int64, w io.Writer) error
	Import(r io.Reader, mode data.ImportMode) (data.ImportResult, error)
	Campaigns() ([]data.Campaign, error)
	Campaign(id int64) (data.Campaign, error)
	CreateCampaign(name string, heroes []data.Hero) (int64, error)
	UpdateHeroes(campaignID int64, heroes []data.Hero) error
	RecordQuest(campaignID int64, e data.CampaignEntry) error
	DeleteCampaign(campaignID int64) error
}

// library is the store as a Library, or nil.
func (u *UI) library() Library {
	l, _ := u.store.(Library)
	return l
}
