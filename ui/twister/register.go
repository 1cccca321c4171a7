package twisterui

import (
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
)

// Importing this package adds Dungeon Twister to the app: its module (with
// core/twister) and its screens, made once the store is open.
func init() {
	ui.RegisterGameMaker(twister.ModuleName, func(*data.Store) ui.GameUI { return New() })
}
