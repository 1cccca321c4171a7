package dcui

import (
	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
)

// Importing this package adds Dragon Canyon to the app: its module (with
// core/dragoncanyon) and its screens, made once the store is open.
func init() {
	ui.RegisterGameMaker(dragoncanyon.ModuleName, func(s *data.Store) ui.GameUI { return New(s) })
}
