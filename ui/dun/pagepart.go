package dunui

import (
	// The game's messages, registered from their own folder.
	_ "github.com/dunconductor/conductor/ui/dun/messages"
	// The players' page draws this module's views with the part its
	// sharepage package registers.
	_ "github.com/dunconductor/conductor/ui/dun/sharepage"
)
