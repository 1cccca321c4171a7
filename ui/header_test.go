package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// The top bar keeps the app's name beside its buttons in the app's window
// on a 1024×768 screen, in every language, the page shared with 16 phones
// too (its button's longest label).
func TestHeaderKeepsTheAppsName(t *testing.T) {
	store := realStore(t)
	id, _ := store.CreateGame("A toy", newToy(t, toySetup{Count: 15}))
	for _, lang := range []string{"en", "es"} {
		for _, sharing := range []bool{false, true} {
			u := New(test.NewTempApp(t), store, lang)
			u.openGame(id)
			u.FitScreen(fyne.NewSize(1024, 768))
			if sharing {
				u.share.button.SetText(u.tr.T("ui.share.button_on", map[string]any{"Count": 16}))
			}
			u.win.Content().Refresh()
			u.win.Resize(u.win.Canvas().Size())
			name := u.tr.T("ui.app.short", nil)
			if !slices.Contains(uitest.VisibleTexts(u.win), name) {
				t.Errorf("%s (sharing %v), %v wide: the top bar dropped %q: %q", lang, sharing, u.win.Canvas().Size().Width, name, uitest.TextsIn(u.win))
			}
		}
	}
}
