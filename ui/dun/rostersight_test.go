package dunui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// At 1024×768 and 1280×800, in both languages, the roster shows four creatures with
// their wound boxes without a turn of the wheel: in play they are what the
// Conductor reaches for.
func TestRosterShowsFourCreatures(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
		h.u.SetLanguage(lang)
		in(t, h,
			&dun.CreatureAdded{ID: "king", Name: "Rat King", Behaviour: "melee", Level: bestiary.LevelLeader, VP: 12, Agility: 3, Vitality: 14, Skills: []string{"roar"}},
			&dun.CreatureAdded{ID: "archer", Name: "Goblin archer", Behaviour: "ranged", Level: bestiary.LevelRegular, VP: 1, Agility: 4, Vitality: 2, Ranged: true},
			&dun.CreatureAdded{ID: "orc-1", Name: "Orc 1", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1, Agility: 2, Vitality: 2},
			&dun.CreatureAdded{ID: "orc-2", Name: "Orc 2", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1, Agility: 2, Vitality: 2})
		for _, screen := range []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 800}} {
			h.u.FitScreen(screen)
			uitest.Settle(h.win)
			rows := h.table().creatures.rows
			if len(rows) != 4 {
				t.Fatalf("%s: %d rows", lang, len(rows))
			}
			for i, r := range rows {
				for _, b := range []*ui.WrapButton{r.wound, r.heal, r.remove} {
					if got, want := uitest.TextOf(b), b.AsButton().Text; got != want {
						t.Errorf("%s: creature %d's %q is squeezed: drawn %q", lang, i+1, want, got)
					}
				}
				for _, o := range []fyne.CanvasObject{r.label, r.amount, r.wound} {
					if pos, size, ok := uitest.InSight(h.win, o); !ok {
						t.Errorf("%s at %v: creature %d's %T is not in sight (at %v, %v)", lang, h.win.Canvas().Size(), i+1, o, pos, size)
					}
				}
			}
		}
	}
}
