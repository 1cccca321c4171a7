package dunui

import (
	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
)

// Importing this package adds Dungeon Universalis to the app: its module
// (with core/dun) and its screens, made once the store is open.
func init() {
	ui.RegisterGameMaker(dun.ModuleName, func(s *data.Store) ui.GameUI { return New(s) })
}
