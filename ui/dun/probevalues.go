package dunui

import (
	"encoding/json"

	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/ui/probe"
)

// publishNewGame lets the real-input tests (ui/realinput) read what the
// New game dialog's form holds: the setup as its fields read now
// ("dun.newgame.setup", JSON; empty while the dialog is closed). Without
// the probe it does nothing.
func (s *Screens) publishNewGame() {
	probe.Value("dun.newgame.setup", func() string {
		if s.newGame == nil || s.newGame.form == nil {
			return ""
		}
		setup, _ := s.newGame.form.read()
		b, _ := json.Marshal(setup)
		return string(b)
	})
}

// publishParty lets the real-input tests read what the campaign editor's
// fields hold: the campaign's name and its heroes as they read now
// ("dun.campaign.party", JSON).
func publishParty(name *widget.Entry, rows *heroRows) {
	probe.Value("dun.campaign.party", func() string {
		b, _ := json.Marshal(map[string]any{"name": name.Text, "heroes": rows.heroes()})
		return string(b)
	})
}
