package dunui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// One hero picker: the party numbered, picked by id or by place, telling
// the id of each hero picked.
func TestHeroPicker(t *testing.T) {
	party := []dun.PartyHero{{ID: "hero-1", Name: "Mirela"}, {ID: "hero-2", Name: "Mirela"}, {ID: "hero-3", Name: "Bren"}}
	var told []string
	h := newHeroPicker(party, func(id string) { told = append(told, id) })
	if want := []string{"1. Mirela", "2. Mirela", "3. Bren"}; !slices.Equal(h.Options, want) {
		t.Fatalf("options %q, want %q", h.Options, want)
	}
	if h.ID() != "" {
		t.Fatalf("picked %q before any pick", h.ID())
	}
	h.pick("hero-2")
	h.pickIndex(7) // past the party: the last hero
	h.pick("hero-9")
	if h.ID() != "hero-3" || !slices.Equal(told, []string{"hero-2", "hero-3"}) {
		t.Fatalf("picked %q, told %q", h.ID(), told)
	}
	if h.forward {
		t.Fatal("a picker hands keys on without being asked (a dialog's would press the table's keys)")
	}
}

// The quest tab's panels keep their objects: a reveal adds its text above
// the ones read before, a condition met takes its button away, and every
// other object is the one shown before.
func TestQuestPanelsKeepTheirObjects(t *testing.T) {
	u, q := startQuestGame(t, tomb)
	g, qt := u.game(), u.screen().quest
	apply := func(e dun.Event) {
		t.Helper()
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
		u.screen().refresh()
	}
	kept := func(what string, before, after []fyne.CanvasObject, added int) {
		t.Helper()
		if len(after) != len(before)+added {
			t.Fatalf("%s: %d objects, want %d", what, len(after), len(before)+added)
		}
		for i, o := range before {
			if !slices.Contains(after, o) {
				t.Fatalf("%s: object %d was built again", what, i)
			}
		}
	}
	apply(&dun.NewTurn{})
	read := slices.Clone(qt.read.Objects)
	apply(&dun.ExitOpened{Section: "gatehouse"})
	apply(&dun.Die{Faces: []dice.Symbol{dice.Power}})
	if !qt.busy.Visible() || len(qt.busy.Objects) != 3 {
		t.Fatalf("the due reveal shows %d objects, want its prompt and two choices", len(qt.busy.Objects))
	}
	apply(&dun.SectionRevealed{Section: "gatehouse"})
	kept("a reveal's texts", read, qt.read.Objects, 1)

	marks := slices.Clone(qt.marks.Objects)
	apply(&dun.ConditionMet{ID: q.Conditions[0].ID})
	after := qt.marks.Objects
	if len(after) != len(marks)-1 {
		t.Fatalf("a condition met: %d marks, want %d", len(after), len(marks)-1)
	}
	for _, o := range after {
		if !slices.Contains(marks, o) {
			t.Fatal("a condition met: the marks were built again")
		}
	}
}

// The action panel's situations are kept: back on an action, its boxes
// are the ones shown before, unticked.
func TestActionSituationsKept(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	tb := u.table()
	tb.showActions()
	p := tb.actions
	jump := tb.t("action.great_jump")
	p.pick.SetSelected(jump)
	if len(p.sitChecks) == 0 {
		t.Fatal("no situation offered for a jump")
	}
	first := p.sitChecks[0]
	first.SetChecked(true)
	p.pick.SetSelected(tb.t("action.run"))
	p.pick.SetSelected(jump)
	if p.sitChecks[0] != first || first.Checked {
		t.Fatalf("the box was built again (%v) or stays ticked (%v)", p.sitChecks[0] != first, first.Checked)
	}
}
