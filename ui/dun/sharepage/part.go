// Package sharepage is Dungeon Universalis's part of the players' page (ui/share):
// the script that draws the module's public view (part.js), its styles
// (part.css) and its messages (ui.dun.page.*). Importing it registers the part.
package sharepage

import (
	_ "embed"

	"github.com/dunconductor/conductor/core/dun"
	_ "github.com/dunconductor/conductor/ui/dun/messages" // the part's messages
	"github.com/dunconductor/conductor/ui/share"
)

var (
	//go:embed part.js
	script []byte
	//go:embed part.css
	style []byte
)

func init() {
	share.RegisterPart(share.Part{Module: dun.ModuleName, Script: script, Style: style, Messages: []string{"ui.dun.page."}})
}
