// Package twisterui is Dungeon Twister's screens: the New game dialog and
// the table: a room reveal's placement order in two big lists, the combat
// sequence step by step with its reminders, the score, and the rulings. It
// builds on the shell (package ui). Importing it registers it (register.go),
// as cmd/conductor's games.go does.
package twisterui

import (
	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// Screens are Dungeon Twister's screens, as the shell asks for them.
type Screens struct {
	form *newGameForm // the New game dialog's form, while it is open
}

// New makes Dungeon Twister's screens.
func New() *Screens { return &Screens{} }

var _ ui.GameUI = (*Screens)(nil)

// Title names the game.
func (s *Screens) Title() string { return "ui.module.twister" }

var _ ui.StoryWording = (*Screens)(nil)

// StoryWords word "Save the story…" for a Twister game: its journal holds
// the rooms revealed, the combats and the score, and hides nothing.
func (s *Screens) StoryWords() (what, conductor string) { return "ui.twister.journal.what", "" }

// NewGame opens the New game dialog.
func (s *Screens) NewGame(w fyne.Window, tr *translations.Translator, st ui.Starter) {
	s.form = openNewGame(w, tr, st)
}

// Open is the table of an open game.
func (s *Screens) Open(sess *ui.Session, _ fyne.App, w fyne.Window) ui.Screen {
	return &tableScreen{sess: sess, game: sess.Game().(*twister.Game), win: w}
}

// Extras: none.
func (s *Screens) Extras(fyne.Window, ui.Starter, func()) []ui.Extra { return nil }
