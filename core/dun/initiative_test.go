package dun

import (
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

func side(per, intel int, dice ...int) InitiativeSide {
	return InitiativeSide{Perception: &per, Intelligence: &intel, Dice: dice}
}

// "Initiative": an opposed Perception roll; a tie goes to the higher
// Intelligence; a second tie rolls again. "Caught by Surprise!" and
// "Breaking down doors" as written.
func TestInitiative(t *testing.T) {
	cases := []struct {
		name      string
		e         Initiative
		winner    string
		surprised string
		next      string
	}{
		{"the text's example: an orc of Intelligence 3 loses to an elf rolling 3 and 5",
			Initiative{Hero: side(4, 4, 3, 5), ADP: side(2, 3, 2, 3), Context: ContextExploration}, SideHeroes, SideADP, NextHeroesTurn},
		{"winner's dice below the loser's Intelligence: no surprise",
			Initiative{Hero: side(4, 4, 2, 6), ADP: side(2, 3, 2, 3), Context: ContextExploration}, SideHeroes, SideNone, NextHeroesTurn},
		{"the ADP wins with both dice at the hero's Intelligence",
			Initiative{Hero: side(3, 4, 2, 2), ADP: side(3, 3, 4, 5), Context: ContextExploration}, SideADP, SideHeroes, NextADPTurn},
		{"tie on totals: the higher Intelligence wins",
			Initiative{Hero: side(3, 5, 3, 3), ADP: side(3, 4, 4, 2), Context: ContextExploration}, SideHeroes, SideNone, NextHeroesTurn},
		{"tie on totals and Intelligence: the re-roll decides",
			Initiative{Hero: side(3, 3, 3, 3), ADP: side(3, 3, 4, 2), Context: ContextExploration,
				Rerolls: []InitiativeReroll{{Hero: []int{2, 2}, ADP: []int{5, 4}}}}, SideADP, SideHeroes, NextADPTurn},
		{"two unbroken ties: the second re-roll decides",
			Initiative{Hero: side(3, 3, 3, 3), ADP: side(3, 3, 4, 2), Context: ContextExploration,
				Rerolls: []InitiativeReroll{{Hero: []int{2, 2}, ADP: []int{1, 3}}, {Hero: []int{6, 1}, ADP: []int{2, 1}}}}, SideHeroes, SideNone, NextHeroesTurn},
		{"a hero's double 1: the heroes are caught",
			Initiative{Hero: side(9, 4, 1, 1), ADP: side(1, 6, 2, 3), Context: ContextExploration}, SideHeroes, SideHeroes, NextHeroesTurn},
		{"the ADP's double 1: its creatures are caught",
			Initiative{Hero: side(2, 6, 2, 3), ADP: side(2, 4, 1, 1), Context: ContextExploration}, SideHeroes, SideADP, NextHeroesTurn},
		{"double 1 on both sides",
			Initiative{Hero: side(3, 2, 1, 1), ADP: side(2, 2, 1, 1), Context: ContextExploration}, SideHeroes, SideBoth, NextHeroesTurn},
		{"broken door: +1 a turn to the enemies, and nobody is caught",
			Initiative{Hero: side(3, 3, 4, 4), ADP: side(3, 2, 4, 3), Context: ContextExploration, BrokenDoorTurns: 2}, SideADP, SideNone, NextADPTurn},
		{"broken door, even with a double 1",
			Initiative{Hero: side(3, 3, 5, 5), ADP: side(3, 2, 1, 1), Context: ContextExploration, BrokenDoorTurns: 1}, SideHeroes, SideNone, NextHeroesTurn},
		{"combat: new enemies that lose wait for their next turn; nobody is caught in combat",
			Initiative{Hero: side(3, 3, 5, 5), ADP: side(2, 3, 2, 2), Context: ContextCombat}, SideHeroes, SideNone, NextEnemiesWait},
		{"combat: new enemies that win act at once; heroes in combat are never caught",
			Initiative{Hero: side(2, 3, 1, 1), ADP: side(3, 3, 5, 5), Context: ContextCombat}, SideADP, SideNone, NextEnemiesAct},
		{"a running hero has -2 Perception",
			Initiative{Hero: InitiativeSide{Perception: intp(4), Intelligence: intp(3), Modifier: -2, Dice: []int{3, 4}}, ADP: side(3, 3, 4, 3), Context: ContextExploration}, SideADP, SideHeroes, NextADPTurn},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			play(t, g, &NewTurn{})
			e := c.e
			play(t, g, &e)
			r := g.State().Initiative
			if r.Winner != c.winner || r.Surprised != c.surprised || r.Next != c.next {
				t.Fatalf("got %+v, want winner %s surprised %s next %s", r, c.winner, c.surprised, c.next)
			}
			// Heroes winning during exploration: a new heroes' turn, and the ADP gains nothing.
			wantTurn := 1
			if c.next == NextHeroesTurn {
				wantTurn = 2
			}
			if s := g.State(); s.Turn != wantTurn || s.Achievements != 1 {
				t.Fatalf("turn %d achievements %d", s.Turn, s.Achievements)
			}
		})
	}
}

// The Borgron example: the dwarf opens the door, the ADP spawns two orcs, the
// dwarf wins Initiative: the ADP loses its turn (no card, no achievement
// point) and the heroes' new turn begins.
func TestInitiativeBorgronExample(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	play(t, g, &NewTurn{}, &ObstacleTrigger{Reason: "door"}, die(dice.Power),
		&SectionRevealed{Kind: "room"}, die(dice.Encounter),
		&Card{Deck: DeckEncounter, Outcome: Activated, Name: "Two orcs"}, &Spawn{Cost: 4, Row: 2},
		&Initiative{Hero: side(4, 3, 5, 4), ADP: side(2, 2, 3, 3), Context: ContextExploration})
	s := g.State()
	if s.Initiative.Winner != SideHeroes || s.Turn != 2 || s.Achievements != 1 || len(s.Pending) != 0 {
		t.Fatalf("%+v turn %d achievements %d", s.Initiative, s.Turn, s.Achievements)
	}
}

func TestInitiativeRefusals(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	cases := []struct {
		name string
		e    Initiative
		rule string
	}{
		{"nobody to roll against", Initiative{Hero: side(3, 3, 3, 3), Context: ContextExploration}, "rule.initiative.attribute"},
		{"hero without Intelligence", Initiative{Hero: InitiativeSide{Perception: intp(3), Dice: []int{2, 2}}, ADP: side(3, 3, 3, 3), Context: ContextExploration}, "rule.initiative.attribute"},
		{"die face 7", Initiative{Hero: side(3, 3, 3, 7), ADP: side(3, 3, 3, 3), Context: ContextExploration}, "rule.dice.face"},
		{"one die", Initiative{Hero: side(3, 3, 3), ADP: side(3, 3, 3, 3), Context: ContextExploration}, "rule.dice.count"},
		{"unknown context", Initiative{Hero: side(3, 3, 3, 3), ADP: side(2, 3, 3, 3), Context: "ambush"}, "rule.initiative.context"},
		{"negative door turns", Initiative{Hero: side(3, 3, 3, 3), ADP: side(2, 3, 3, 3), Context: ContextCombat, BrokenDoorTurns: -1}, "rule.initiative.door_turns"},
		{"an unbroken tie needs a re-roll", Initiative{Hero: side(3, 3, 3, 3), ADP: side(3, 3, 3, 3), Context: ContextCombat}, "rule.initiative.reroll_needed"},
		{"a re-roll nobody needed", Initiative{Hero: side(3, 3, 4, 3), ADP: side(3, 3, 3, 3), Context: ContextCombat,
			Rerolls: []InitiativeReroll{{Hero: []int{2, 2}, ADP: []int{3, 3}}}}, "rule.initiative.extra_reroll"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := c.e
			refused(t, g, &e, c.rule)
		})
	}
}

// The app's Initiative dice: seeded, with re-rolls added until a tie breaks.
func TestRollInitiative(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Seed: 8})
	rerolled := false
	for i := 0; i < 40; i++ {
		e := g.RollInitiative(Initiative{Hero: side(3, 3), ADP: side(3, 3), Context: ContextCombat})
		rerolled = rerolled || len(e.Rerolls) > 0
		play(t, g, e)
	}
	if !rerolled {
		t.Fatal("40 rolls of equal sides never tied")
	}
}
