package dunui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// The other reading of "Caught by Surprise!" in combat is a rule option of
// the New game dialog; a new game always has the table flow.
func TestNewGameSurpriseOption(t *testing.T) {
	for _, on := range []bool{true, false} {
		h := newTestUI(t, uitest.NewMemStore())
		if h.form() == nil { // with no saved game the dialog is open already
			test.Tap(h.button(t, h.tr().T("ui.newgame.open", nil)))
		}
		h.form().surprise.SetChecked(on)
		startGame(t, h, "2", []string{"20", "20"}, "10")
		r := h.game().Setup().Rules
		if r.SurpriseInCombat != on || r.TableFlow == nil || !*r.TableFlow {
			t.Fatalf("ticked %v: rules %+v", on, r)
		}
	}
}
