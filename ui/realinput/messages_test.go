package realinput

// The games' own message files, which the tests read the app's texts from
// (translations.New): without them a game's text is its id,
// which the app never shows.
import (
	_ "github.com/dunconductor/conductor/ui/dragoncanyon/messages"
	_ "github.com/dunconductor/conductor/ui/dun/messages"
	_ "github.com/dunconductor/conductor/ui/twister/messages"
)
