package dun

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
)

// "General Behavior", "Maximize their potential" and "Leader" (The
// Artificial Dark Player): what each creature's activation card says.
//   - The creatures block the ways to their Leader while it is on the
//     board: the reminder is on their card when they act, not the Leader's.
//   - Against heavy armour, the weapon that does most damage and lowers
//     armour; against light or none, the one that hits most easily: on
//     every type's card.
//   - Standing against area effects: on every type's card, the
//     spellcasters' included ("the creatures will always try...").
//   - A Leader with its own card (Raazbal) acts by it and the Leader card.
func TestActivationCardBehaviour(t *testing.T) {
	leader := creature("boss", "melee", bestiary.LevelLeader, 20, 3)
	cases := []struct {
		name    string
		placed  []*CreatureAdded
		acting  string
		want    []string // steps the card has
		wantNot []string // steps it must not have
	}{
		{"a blocker acts while the Leader is on the board: guard it", []*CreatureAdded{leader, creature("orc", "melee", bestiary.LevelRegular, 5, 3)}, "orc",
			[]string{"behaviour.step.guard_leader"}, nil},
		{"the Leader acting is not told to guard itself", []*CreatureAdded{leader, creature("orc", "melee", bestiary.LevelRegular, 5, 3)}, "boss",
			[]string{"behaviour.melee.card", "behaviour.leader.card"}, []string{"behaviour.step.guard_leader"}},
		{"no Leader on the board: nothing to guard", []*CreatureAdded{creature("orc", "melee", bestiary.LevelRegular, 5, 3)}, "orc",
			nil, []string{"behaviour.step.guard_leader"}},
		{"melee: weapon against armour, standing against area effects", []*CreatureAdded{creature("c", "melee", bestiary.LevelRegular, 5, 3)}, "c",
			[]string{"behaviour.step.weapon", "behaviour.step.area", "behaviour.melee.card"}, nil},
		{"ranged: the same", []*CreatureAdded{creature("c", "ranged", bestiary.LevelRegular, 5, 3)}, "c",
			[]string{"behaviour.step.weapon", "behaviour.step.area", "behaviour.ranged.card"}, nil},
		{"spellcaster: the same", []*CreatureAdded{creature("c", "spellcaster", bestiary.LevelRegular, 5, 3)}, "c",
			[]string{"behaviour.step.weapon", "behaviour.step.area", "behaviour.spellcaster.card"}, nil},
		{"beast: the same", []*CreatureAdded{creature("c", "beast", bestiary.LevelRegular, 5, 3)}, "c",
			[]string{"behaviour.step.weapon", "behaviour.step.area", "behaviour.beast.card"}, nil},
		{"Raazbal acts by his own card and the Leader card", []*CreatureAdded{creature("raazbal", "raazbal", bestiary.LevelLeader, 30, 4)}, "raazbal",
			[]string{"behaviour.raazbal.card", "behaviour.leader.card", "behaviour.step.weapon"}, []string{"behaviour.melee.card", "behaviour.step.guard_leader"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
			for _, p := range c.placed {
				play(t, g, p)
			}
			s := g.State()
			ids := idsOf(g.activationPrompts(s.Creatures[s.creature(c.acting)]))
			for _, id := range c.want {
				if !slices.Contains(ids, id) {
					t.Errorf("card lacks %s: %v", id, ids)
				}
			}
			for _, id := range c.wantNot {
				if slices.Contains(ids, id) {
					t.Errorf("card has %s: %v", id, ids)
				}
			}
		})
	}
}

// A Leader's own card belongs to a Leader: another creature cannot have it.
func TestOwnBehaviourCardOnlyForALeader(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
	refused(t, g, creature("r", "raazbal", bestiary.LevelElite, 10, 3), "rule.creature.own_card")
	play(t, g, creature("r", "raazbal", bestiary.LevelLeader, 10, 3))
}
