package twister

import (
	"reflect"
	"testing"
)

// The combat card's step line and the game's end are core's words: the
// same message the prompt card leads with, at every step of a combat, a
// card override included, and when someone won.
func TestMessagesAreThePromptsWords(t *testing.T) {
	g := newGame(t, 2)
	setup := g.Setup()
	if _, over := OverMessage(setup, g.State()); over {
		t.Fatal("the game is over before it started")
	}
	apply(t, g, &CombatStarted{Attacker: 1, AttackerCharacter: "Warrior", DefenderCharacter: "Thief"})
	seen := map[string]bool{}
	for s := g.State(); s.Combat != nil && !seen[s.Combat.Step]; s = g.State() {
		step := s.Combat.Step
		seen[step] = true
		if step == StepDefenderDeclares {
			apply(t, g, &CardLayingOverridden{By: OverrideWeaponMaster})
			s = g.State()
		}
		m, first := CombatMessage(setup, *s.Combat), g.Prompts()[0]
		if m.ID != first.ID || !reflect.DeepEqual(m.Args, first.Args) {
			t.Fatalf("at %s: CombatMessage %v, the prompt %v %v", step, m, first.ID, first.Args)
		}
		if m.ID != "prompt.twister.combat."+step || m.Args["Attacker"] != setup.Name(1) || m.Args["AttackerCharacter"] != "Warrior" {
			t.Fatalf("at %s: %v", step, m)
		}
		if (m.Args["OverrideKey"] != nil) != (s.Combat.Override != "") {
			t.Fatalf("at %s the override is %q: %v", step, s.Combat.Override, m.Args)
		}
		if step == StepReveal {
			break
		}
		apply(t, g, &CombatStep{Undeclared: true})
	}
	if !seen[StepOverride] || !seen[StepReveal] {
		t.Fatalf("steps seen: %v", seen)
	}
	won := State{Score: g.State().Score, Winners: []int{2, 1}}
	m, over := OverMessage(setup, won)
	if !over || m.ID != "prompt.twister.over" || m.Args["Names"] != setup.Name(2)+", "+setup.Name(1) || m.Args["Count"] != 2 {
		t.Fatalf("OverMessage = %v, %v", m, over)
	}
	if p := prompts(setup, won)[0]; p.ID != m.ID || !reflect.DeepEqual(p.Args, m.Args) {
		t.Fatalf("the prompt %v %v, the message %v", p.ID, p.Args, m)
	}
}
