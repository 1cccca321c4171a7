package dcui

// The players' page draws this module's views with the part its sharepage
// package registers.
import _ "github.com/dunconductor/conductor/ui/dragoncanyon/sharepage"
