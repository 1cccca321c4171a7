// Package messages holds Dungeon Universalis's message files (English and
// Spanish), which live here beside the game, not in translations/: it
// registers them on import. ui/dun and its editors import it; it needs no
// Fyne, so a headless command can speak the game's messages too.
package messages

import (
	"embed"

	"github.com/dunconductor/conductor/translations"
)

//go:embed *.toml
var files embed.FS

func init() { translations.Register("ui/dun/messages", files) }
