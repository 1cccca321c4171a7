package twister

import (
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// "Token Characters": a character's printed value and its wound are known
// from one combat to the next, so its later declarations start from them.
// A wounded one counts 0 whatever its value: declared wounded at 0, it
// keeps the printed value known before.
func TestValuesCarryIntoLaterCombats(t *testing.T) {
	// fight is a combat of Beto's Troll (attacking) and Ana's Elf, each
	// declared as given; the cards win it for the attacker when
	// attackerWins, else for the defender.
	fight := func(troll, elf Fighter, attackerWins bool) []engine.Event {
		att, def := 0, 9
		if attackerWins {
			att, def = 9, 0
		}
		return []engine.Event{&CombatStarted{Attacker: 2, AttackerCharacter: "Troll", DefenderCharacter: "Elf"},
			&CombatDeclared{Declaration: Declaration{Fighters: []Fighter{troll}}},
			&CombatDeclared{Declaration: Declaration{Fighters: []Fighter{elf}}},
			&CombatStep{}, &CombatStep{}, &CombatResolved{AttackerCard: att, DefenderCard: def}}
	}
	troll := func(strength int, wounded bool) Fighter {
		return Fighter{Name: "Troll", Strength: strength, Wounded: wounded}
	}
	elf := func(strength int, wounded bool) Fighter {
		return Fighter{Name: "Elf", Strength: strength, Wounded: wounded}
	}
	cases := []struct {
		name    string
		combats [][]engine.Event
		want    Fighter // Ana's Elf as known after them
	}{
		{"the loser: its value, wounded", [][]engine.Event{fight(troll(4, false), elf(2, false), true)}, elf(2, true)},
		{"the winner: its value, unhurt", [][]engine.Event{fight(troll(1, false), elf(2, false), false)}, elf(2, false)},
		{"wounded, then declared at 0 (it counts 0): the value stays",
			[][]engine.Event{fight(troll(4, false), elf(2, false), true), fight(troll(4, false), elf(0, true), false)}, elf(2, true)},
		{"wounded, then declared with its value: the value stays",
			[][]engine.Event{fight(troll(4, false), elf(2, false), true), fight(troll(4, false), elf(2, true), false)}, elf(2, true)},
		{"healed and declared again with another value: that value",
			[][]engine.Event{fight(troll(4, false), elf(2, false), true), fight(troll(1, false), elf(3, false), false)}, elf(3, false)},
		{"first declared wounded at 0: nothing to keep", [][]engine.Event{fight(troll(1, false), elf(0, true), false)}, elf(0, true)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, 2)
			for _, es := range c.combats {
				apply(t, g, es...)
			}
			got, ok := KnownFighter(g.State(), 1, "Elf")
			if !ok || got != c.want {
				t.Fatalf("the Elf known as %+v (%v), want %+v", got, ok, c.want)
			}
		})
	}
}
