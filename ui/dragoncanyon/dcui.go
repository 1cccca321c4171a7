// Package dcui is Dragon Canyon's screens: the New game dialog (the 4×4
// board, the players, the difficulty, the decks) and the table where the
// app plays the AI. It builds on the shell (package ui). Importing it
// registers it (register.go), as cmd/conductor's games.go does.
package dcui

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// Store is what Dragon Canyon's screens need from the store: a setting to
// keep the last deck list typed, for the next game. data.Store implements it.
type Store interface {
	Setting(key string) (string, bool, error)
	SetSetting(key, value string) error
}

// settingDeckList keeps the last valid deck list.
const settingDeckList = "dragoncanyon.decklist"

// Screens are Dragon Canyon's screens, as the shell asks for them.
type Screens struct {
	store Store
	form  *newGameForm // the New game dialog's form, while it is open
	// newSeed is a new game's seed (its shuffles, its drawn board).
	newSeed func() uint64
}

// New makes Dragon Canyon's screens on store.
func New(store Store) *Screens {
	return &Screens{store: store, newSeed: func() uint64 { return uint64(time.Now().UnixNano()) }}
}

var _ ui.GameUI = (*Screens)(nil)

// Title names the game.
func (s *Screens) Title() string { return "ui.module.dragon_canyon" }

// NewGame opens the New game dialog.
func (s *Screens) NewGame(w fyne.Window, tr *translations.Translator, st ui.Starter) {
	s.openNewGame(w, tr, st)
}

// Open is the table of an open game.
func (s *Screens) Open(sess *ui.Session, a fyne.App, w fyne.Window) ui.Screen {
	return &tableScreen{sess: sess, game: sess.Game().(*dragoncanyon.Game), win: w}
}

// Extras: none.
func (s *Screens) Extras(w fyne.Window, st ui.Starter, back func()) []ui.Extra { return nil }

var _ ui.StoryWording = (*Screens)(nil)

// StoryWords words "Save the story…" for Dragon Canyon: its journal tells
// each sitting's rounds, the AI's decisions and why, the buildings built
// and the score, and has no Conductor's version (the AI keeps nothing from
// the players).
func (s *Screens) StoryWords() (what, conductor string) { return "ui.dc.journal.what", "" }
