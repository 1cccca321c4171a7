package twisterui

// The players' page draws this module's views with the part its sharepage
// package registers; the game's messages come with its messages package,
// which registers its message files with translations.
import (
	_ "github.com/dunconductor/conductor/ui/twister/messages"
	_ "github.com/dunconductor/conductor/ui/twister/sharepage"
)
