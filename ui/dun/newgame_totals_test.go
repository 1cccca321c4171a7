package dunui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// New game says the group's VP and the ADP's starting reserve as they are
// typed, in both languages and with the right plural, and says nothing of
// them while a field is not a number.
func TestNewGameShowsTotalsAsTyped(t *testing.T) {
	cases := []struct {
		lang, heroes string
		vp           []string
		leader, want string
	}{
		{"en", "2", []string{"20", "25"}, "10", "The group has 45 VP: the ADP starts with 35 reserve points."},
		{"en", "3", []string{"20", "20", "11"}, "50", "The group has 51 VP: the ADP starts with 1 reserve point."},
		{"es", "2", []string{"15", "15"}, "30", "El grupo suma 30 PV: el JOA empieza con 0 puntos de reserva."},
		{"es", "1", []string{"31"}, "30", "El grupo suma 31 PV: el JOA empieza con 1 punto de reserva."},
		{"en", "2", []string{"20", "x"}, "10", ""},
	}
	for _, c := range cases {
		t.Run(c.lang+" "+c.want, func(t *testing.T) {
			h := newTestUI(t, uitest.NewMemStore())
			closeNewGame(h)
			h.u.SetLanguage(c.lang)
			test.Tap(h.button(t, h.tr().T("ui.newgame.open", nil)))
			if h.form() == nil {
				t.Fatal("no New game form")
			}
			fillForm(h.form(), c.heroes, c.vp, c.leader)
			got := h.form().totals.Text
			if !h.form().totals.Visible() {
				got = ""
			}
			if got != c.want {
				t.Fatalf("totals %q, want %q", got, c.want)
			}
		})
	}
}
