// Package sharepage is Dragon Canyon's part of the players' page (ui/share):
// the script that draws the module's public view (part.js), its styles
// (part.css) and its messages (ui.dc.page.*), and the AI's reasons and the words they name (reason.dc.*, ui.dc.*), which it fills in itself. Importing it registers the part.
package sharepage

import (
	_ "embed"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui/share"
)

var (
	//go:embed part.js
	script []byte
	//go:embed part.css
	style []byte
)

func init() {
	share.RegisterPart(share.Part{Module: dragoncanyon.ModuleName, Script: script, Style: style, Messages: []string{"ui.dc.", "reason.dc."}})
}
