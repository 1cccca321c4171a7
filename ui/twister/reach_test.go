package twisterui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// inSight says whether o is drawn (it and every parent shown) wholly
// inside the window, with no scrolling (the harness's window is 1024×696,
// 1024×768 less the title bar and the menu).
func inSight(w fyne.Window, o fyne.CanvasObject) bool {
	shown := false
	uitest.WalkVisible(w.Canvas().Content(), func(x fyne.CanvasObject) {
		if x == o {
			shown = true
		}
	})
	if !shown {
		return false
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	c := w.Canvas().Size()
	return pos.X >= 0 && pos.Y >= 0 && pos.X+o.Size().Width <= c.Width+1 && pos.Y+o.Size().Height <= c.Height+1
}

// toStep walks a 2-player combat (Ann attacks Bob) to step, declaring
// both sides or neither.
func toStep(t *testing.T, tbl *tableScreen, step string, declared bool) {
	t.Helper()
	tbl.do(&twister.CombatStarted{Attacker: 1, AttackerCharacter: "Elf", DefenderCharacter: "Troll"})
	for _, n := range []string{"Elf", "Troll"} {
		if tbl.game.State().Combat.Step == step {
			return
		}
		if declared {
			tbl.do(&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: n, Strength: 3}}}})
		} else {
			tbl.do(&twister.CombatStep{Undeclared: true})
		}
	}
	for tbl.game.State().Combat.Step != step {
		if !tbl.do(&twister.CombatStep{}) {
			t.Fatalf("stuck at %s: %s", tbl.game.State().Combat.Step, tbl.area.Notice())
		}
	}
}

// "Order of Resolution for Combat", its last step: at the reveal the main
// key (N) never ends a combat without its result. Declared, it works out
// the winner from the cards picked (one tap each); not declared, it does
// nothing, and ending the combat is a separate button that asks first.
func TestRevealMainKeyNeverEndsACombatUnresolved(t *testing.T) {
	for _, declared := range []bool{true, false} {
		t.Run(map[bool]string{true: "declared", false: "not declared"}[declared], func(t *testing.T) {
			h := newHarness(t, "en")
			h.start(t, "2", "Ann", "Bob")
			tbl := h.table()
			toStep(t, tbl, twister.StepReveal, declared)
			if declared {
				test.Tap(tbl.resolve.attack.buttons[4]) // one tap: the card's 4
				if tbl.resolve.attack.Value != 4 {
					t.Fatalf("the card tapped gives %d", tbl.resolve.attack.Value)
				}
			}
			uitest.TypeRune(h.win, 'n')
			s := h.game().State()
			if declared {
				if s.Combat != nil || s.LastCombat == nil || s.LastCombat.AttackTotal != 7 || s.LastCombat.Winner != twister.SideAttacker {
					t.Fatalf("N at the reveal did not work out the cards: %+v %+v", s.Combat, s.LastCombat)
				}
				return
			}
			if s.Combat == nil {
				t.Fatal("N ended a combat with nothing declared")
			}
			test.Tap(uitest.Button(t, h.win, "End the combat without a result"))
			if h.game().State().Combat == nil {
				t.Fatal("the combat ended without asking")
			}
			uitest.TapInDialog(t, h.win, "Yes")
			if s := h.game().State(); s.Combat != nil || s.Combats != 1 {
				t.Fatalf("confirmed, the combat goes on: %+v", s.Combat)
			}
		})
	}
}

// Each step's main button is in sight at 1024×768 without scrolling,
// however long the form below it.
func TestCombatMainButtonInSight(t *testing.T) {
	steps := []struct {
		step string
		main func(tbl *tableScreen) fyne.CanvasObject
	}{
		{twister.StepAttackerDeclares, func(tbl *tableScreen) fyne.CanvasObject { return tbl.declare.apply }},
		{twister.StepDefenderDeclares, func(tbl *tableScreen) fyne.CanvasObject { return tbl.declare.apply }},
		{twister.StepAttackerCard, func(tbl *tableScreen) fyne.CanvasObject { return tbl.head.main.Objects[len(tbl.head.main.Objects)-1] }},
		{twister.StepReveal, func(tbl *tableScreen) fyne.CanvasObject { return tbl.resolve.apply }},
	}
	for _, c := range steps {
		t.Run(c.step, func(t *testing.T) {
			h := newHarness(t, "es")
			h.start(t, "2", "Ana", "Beto")
			tbl := h.table()
			toStep(t, tbl, c.step, true)
			if c.step == twister.StepAttackerDeclares {
				tbl.declare.addBonus(true) // a longer form: the button stays put
				tbl.declare.addBonus(false)
			}
			uitest.Settle(h.win)
			if b := c.main(tbl); b == nil || !inSight(h.win, b) {
				t.Fatalf("%s: the main button is not in sight: %q", c.step, uitest.TextsIn(h.win))
			}
		})
	}
}

// A combat starts from the characters met: the attacker picked gives the
// attacking seat (none is guessed before), the defenders offered are the
// other players' characters.
func TestCombatStartsFromCharactersMet(t *testing.T) {
	h := newHarness(t, "en")
	h.start(t, "2", "Ann", "Bob")
	tbl := h.table()
	f := tbl.startForm
	if f.attacker.Selected != "" {
		t.Fatalf("the attacking seat is guessed: %q", f.attacker.Selected)
	}
	tbl.do(&twister.RoomRevealed{Revealer: 1, Contents: []twister.Piece{{Name: "Elf", Owner: 1, Kind: "character"}, {Name: "Troll", Owner: 2, Kind: "character"}, {Name: "Thief", Owner: 2, Kind: "character"}}})
	f.attPick.SetSelected("Troll (Bob)")
	if f.attacker.Selected != "Bob" || f.attChar.Text != "Troll" {
		t.Fatalf("the Troll picked gives %q, %q", f.attacker.Selected, f.attChar.Text)
	}
	if !slices.Equal(f.defPick.Options, []string{"Elf (Ann)"}) {
		t.Fatalf("defenders offered: %q", f.defPick.Options)
	}
	f.defPick.SetSelected("Elf (Ann)")
	test.Tap(f.start)
	c := h.game().State().Combat
	if c == nil || c.Attacker != 2 || c.Defender != 1 || c.AttackerCharacter != "Troll" || c.DefenderCharacter != "Elf" {
		t.Fatalf("combat %+v", c)
	}
	if f.attacker.Selected != "" || f.attPick.Selected != "" {
		t.Errorf("the next combat's form keeps %q, %q", f.attacker.Selected, f.attPick.Selected)
	}
}

// The Score tab shows one form at a time: each one's button is in sight
// at 1024×768 without scrolling, the others hidden, the death's rulings
// folded behind "Why?".
func TestScoreFormsInSight(t *testing.T) {
	for _, c := range []struct {
		name   string
		form   int
		button func(f *scoreForms) fyne.CanvasObject
	}{
		{"a death", scoreDeath, func(f *scoreForms) fyne.CanvasObject { return f.died }},
		{"an escape", scoreEscape, func(f *scoreForms) fyne.CanvasObject { return f.escaped }},
		{"the treasure", scoreTreasure, func(f *scoreForms) fyne.CanvasObject { return f.treasure }},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "es")
			h.start(t, "2", "Ana", "Beto")
			tbl := h.table()
			tbl.tabs.SelectIndex(tabScore)
			test.Tap(tbl.score.pickers[c.form])
			uitest.Settle(h.win)
			if !inSight(h.win, c.button(tbl.score)) {
				t.Fatalf("%s: its button is not in sight: %q", c.name, uitest.TextsIn(h.win))
			}
			for i, o := range tbl.score.forms {
				if (i == c.form) != o.Visible() {
					t.Errorf("%s: form %d shown %v", c.name, i, o.Visible())
				}
			}
			if tbl.score.whys.Visible() {
				t.Error("the death's rulings are not folded")
			}
		})
	}
}
