package ui

import (
	"maps"
	"slices"
	"sync"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// GameUI is one game module's screens: its New game dialog, the screen of
// an open game, and any screens of its own reached from the saved games.
// Each game's ui package registers a maker for its own (RegisterGameMaker);
// the shell finds a saved game's by the module name the game carries.
type GameUI interface {
	// Title is the message ID of the game's name.
	Title() string
	// NewGame opens the game's New game dialog over w, in tr's language.
	NewGame(w fyne.Window, tr *translations.Translator, s Starter)
	// Open makes the screen of an open game of this module: s plays and
	// saves it; a is the app, for windows of its own.
	Open(s *Session, a fyne.App, w fyne.Window) Screen
	// Extras are the module's own screens the saved-games screen leads to
	// (DUN: campaigns); s starts a game from one of them, back returns to
	// the saved games.
	Extras(w fyne.Window, s Starter, back func()) []Extra
}

// SaveLabels is what a module's screens implement to say more of each of
// its saved games than its summary, first in its line of the saved games
// (DUN: its campaign, or "no campaign").
type SaveLabels interface {
	SaveLabels(g data.GameInfo, tr *translations.Translator) []string
}

// Screen fills the main window below the top bar.
type Screen interface {
	// Build lays the screen out in tr's language. The shell calls it again
	// after a language switch.
	Build(tr *translations.Translator) fyne.CanvasObject
	// Close is called when the screen leaves the window.
	Close()
}

// Extra is a module's screen that the saved-games screen has a button for.
type Extra struct {
	Title string // message ID of the button
	Icon  fyne.Resource
	Open  func() Screen
}

// Starter is how a module's dialogs hand a new game to the shell.
type Starter struct {
	// Start stores g as a new game, runs saved with its id (when not nil:
	// the module's own links, DUN's campaign), makes it the one to continue
	// next time and opens it. Its error is worded by ErrorText.
	Start func(g engine.Play, saved func(id int64) error) error
	// SetLanguage switches the whole app to tag and returns its translator.
	SetLanguage func(tag string) *translations.Translator
}

var (
	gamesMu sync.RWMutex
	games   = map[string]GameUI{}
)

// RegisterGame makes g the screens of the games of module. Registering a
// module again replaces its screens.
func RegisterGame(module string, g GameUI) {
	gamesMu.Lock()
	defer gamesMu.Unlock()
	games[module] = g
}

// makers make each module's screens once the store is open: each game's ui
// package registers its maker when imported (RegisterGameMaker, from its
// init), so a new game is one import in cmd/conductor.
var makers = map[string]func(*data.Store) GameUI{}

// RegisterGameMaker records how to make the screens of module's games from
// the store; MakeGames makes them. Registering a module again replaces its
// maker.
func RegisterGameMaker(module string, make func(*data.Store) GameUI) {
	gamesMu.Lock()
	defer gamesMu.Unlock()
	makers[module] = make
}

// MakeGames makes and registers the screens of every module that registered
// a maker, from store.
func MakeGames(store *data.Store) {
	gamesMu.RLock()
	ms := maps.Clone(makers)
	gamesMu.RUnlock()
	for name, m := range ms {
		RegisterGame(name, m(store))
	}
}

// Makers are the modules whose ui package registered a maker, sorted.
func Makers() []string {
	gamesMu.RLock()
	defer gamesMu.RUnlock()
	names := make([]string, 0, len(makers))
	for n := range makers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// gameUI finds a module's screens.
func gameUI(module string) (GameUI, bool) {
	gamesMu.RLock()
	defer gamesMu.RUnlock()
	g, ok := games[module]
	return g, ok
}

// registered are the modules with screens, sorted.
func registered() []string {
	gamesMu.RLock()
	defer gamesMu.RUnlock()
	var names []string
	for n := range games {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
