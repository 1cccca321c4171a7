// Package messages holds Dragon Canyon's message files (English and Spanish),
// which live here beside the game, not in translations/: it registers them
// on import, and ui/dragoncanyon imports it.
package messages

import (
	"embed"

	"github.com/dunconductor/conductor/translations"
)

//go:embed *.toml
var files embed.FS

func init() { translations.Register("ui/dragoncanyon/messages", files) }
