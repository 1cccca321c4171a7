package questedit

// The game's messages, which this editor shows: registered from their own
// folder (ui/dun/messages), so this package speaks them wherever it is used.
import _ "github.com/dunconductor/conductor/ui/dun/messages"
