package twisterui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// skipDeclaration goes on without the declaration due, as the table does:
// no "Hecho: siguiente paso" at a declaring step, the asked button, and Sí
// (the app's own word, not Fyne's "Si") in the dialog.
func skipDeclaration(t *testing.T, h *harness) {
	t.Helper()
	step := h.game().State().Combat.Step
	if uitest.HasText(h.win, "Hecho: siguiente paso") {
		t.Fatalf("at %s, a declaration due: \"Hecho: siguiente paso\" is offered", step)
	}
	test.Tap(uitest.Button(t, h.win, "Seguir sin introducir la declaración…"))
	if got := dialogButtons(h); !slices.Equal(got, []string{"No", "Sí"}) && !slices.Equal(got, []string{"Sí", "No"}) {
		t.Fatalf("the question's buttons: %q", got)
	}
	if c := h.game().State().Combat; c == nil || c.Step != step {
		t.Fatalf("went on before the answer: %+v", c)
	}
	test.Tap(uitest.Button(t, h.win, "Sí"))
	if c := h.game().State().Combat; c == nil || c.Step == step {
		t.Fatalf("still at %s after Sí", step)
	}
}

// "Hecho: siguiente paso" once skipped a declaration. While one is
// due it is not offered; going on without it asks first (No leaves the
// step), and the combat's other steps keep their "done".
func TestDeclarationIsNeverSkippedByDone(t *testing.T) {
	h := newHarness(t, "es")
	h.start(t, "2", "Ana", "Beto")
	tbl := h.table()
	tbl.do(&twister.CombatStarted{Attacker: 1, AttackerCharacter: "Guerrero"})
	test.Tap(uitest.Button(t, h.win, "Seguir sin introducir la declaración…"))
	test.Tap(uitest.Button(t, h.win, "No"))
	if c := h.game().State().Combat; c.Step != twister.StepAttackerDeclares {
		t.Fatalf("No went on: %s", c.Step)
	}
	skipDeclaration(t, h)
	skipDeclaration(t, h)
	if c := h.game().State().Combat; c.Step != twister.StepAttackerCard || !uitest.HasText(h.win, "Hecho: siguiente paso") {
		t.Fatalf("at %s, the card's step has no \"done\": %q", c.Step, uitest.TextsIn(h.win))
	}
}

// dialogButtons are the texts of the buttons on the dialogs open.
func dialogButtons(h *harness) []string {
	var out []string
	for _, o := range h.win.Canvas().Overlays().List() {
		uitest.WalkVisible(o, func(o fyne.CanvasObject) {
			if b, ok := uitest.ButtonOf(o); ok {
				out = append(out, b.Text)
			}
		})
	}
	return out
}
