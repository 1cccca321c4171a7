package dcui

import (
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// check is the check box of the prompt card labelled text.
func (g *game) checkBox(text string) *ui.WrapCheck {
	g.t.Helper()
	var found *ui.WrapCheck
	uitest.WalkVisible(g.tb.area.Prompt(), func(o fyne.CanvasObject) {
		if c, ok := o.(*ui.WrapCheck); ok && c.Text == text {
			found = c
		}
	})
	if found == nil {
		g.t.Fatalf("no check box %q on the prompt card", text)
	}
	return found
}

// "Game Play" (Force card abilities) and "Defending": the player's card's
// fight ability is entered with its strength at the fight, and counts.
func TestForceCardAbilitiesInFightsAtTheTable(t *testing.T) {
	g := startGame(t, "en", fyne.NewSize(1008, 696))
	g.aiTurn()
	g.attack()
	g.do(g.h.game().NextFlip()) // the AI's defence
	test.Tap(g.checkBox("It cancels a Guard Tower's +2"))
	test.Tap(uitest.Button(t, g.h.win, g.h.u.Translator().T("ui.dc.in.roll", nil)))
	test.Tap(uitest.Button(t, g.h.win, "Resolve the fight"))
	if n := g.tb.area.Notice(); n != "" {
		t.Fatalf("refused: %s", n)
	}
	rs := g.h.game().Records()
	e, ok := rs[len(rs)-1].Event.(*dragoncanyon.FightResolved)
	if !ok || e.Ability == nil || !reflect.DeepEqual(*e.Ability, dragoncanyon.Ability{Tower: true}) {
		t.Fatalf("the last event is %+v, want a fight with the Guard Tower cancelled", rs[len(rs)-1].Event)
	}
}

// "Objective Scoring" (solo): at the end, each objective is asked with its
// effect on the table; a building the AI gains is applied at once.
func TestObjectivesEffectsPromptedAtTheTable(t *testing.T) {
	g := startGame(t, "es", fyne.NewSize(1008, 696))
	g.aiTurn()
	for range 4 { // the player empties the Guard Tower stack: the end
		g.do(&dragoncanyon.BuildingBought{Player: 1, Building: "guard_tower"})
	}
	g.do(&dragoncanyon.TurnEnded{})
	g.aiTurn()
	if h := g.state().Pending.Head(); h == nil || h.Kind != dragoncanyon.StepObjective || h.Objective != 1 {
		t.Fatalf("pending %+v, want objective 1", h)
	}
	tr := g.h.u.Translator()
	test.Tap(g.checkBox("Aldea tribal")) // a standard building, named in Spanish
	test.Tap(uitest.Button(t, g.h.win, tr.T("ui.dc.in.objective_apply", map[string]any{"N": 1})))
	if n := g.tb.area.Notice(); n != "" {
		t.Fatalf("refused: %s", n)
	}
	s := g.state()
	if s.Pending.Head() == nil || s.Pending.Head().Objective != 2 || len(s.Objectives) != 1 {
		t.Fatalf("after objective 1: %+v %+v", s.Pending.Head(), s.Objectives)
	}
	if got := s.AI.Buildings[len(s.AI.Buildings)-1]; got != "tribal_village" || s.Objectives[0].Done {
		t.Fatalf("the AI's buildings %v, objective %+v", s.AI.Buildings, s.Objectives[0])
	}
}

// The deck tables keep a Force card's fight ability typed in the deck list
// and tell two kinds of the same strength apart by it.
func TestForceCardAbilitiesInTheDeckTables(t *testing.T) {
	h := newHarness(t, "en")
	f := h.d.form
	f.decks.SetText("building market \"Market\" stack=2\naction tile=1,1 fight tiebreak=up,cw strength=0 build=market\nforce strength=3 attack=+2 tower\nforce strength=3\n")
	uitest.Settle(h.win)
	if len(f.tables.forces) != 2 || f.tables.forces[0].Card.Ability != (dragoncanyon.Ability{Attack: 2, Tower: true}) {
		t.Fatalf("the tables' Force kinds: %+v", f.tables.forces)
	}
	var texts []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if s := uitest.TextOf(o); s != "" {
			texts = append(texts, s)
		}
		if c, ok := o.(*fyne.Container); ok {
			for _, x := range c.Objects {
				walk(x)
			}
		}
	}
	walk(f.tables.forceRows)
	all := strings.Join(texts, " | ")
	if !strings.Contains(all, "Strength 3 · in fights: 2 attacking; cancels a Guard Tower;") || !strings.Contains(all, "Strength 3 |") && !strings.HasSuffix(all, "Strength 3") {
		t.Fatalf("the Force rows say %q", all)
	}
}
