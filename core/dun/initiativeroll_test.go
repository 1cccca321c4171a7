package dun

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// creature is an orc with its own Perception.
func perceiving(id string, per int) *CreatureAdded {
	c := orc(id)
	c.Perception = per
	return c
}

// "Initiative", During Combat: new enemies placed while the heroes are in
// combat roll with the Perception of the one closest to the heroes, which
// the table names (one tap among the new enemies); exploring (and the
// ADP's reading elsewhere) the highest Perception anywhere rolls.
func TestInitiativeInCombatClosestNewEnemy(t *testing.T) {
	reinforcements := func(arrivals ...Event) []Event {
		return append([]Event{&NewTurn{}, perceiving("orc-1", 6), &CombatRange{Near: true}, &AdpCombatTurn{}, die(dice.Power),
			&Card{Deck: DeckPower, Outcome: Activated, Special: SpecialReinforcements}, &Spawn{Cost: 3, Row: 1}}, arrivals...)
	}
	cases := []struct {
		name   string
		events []Event
		ask    []string // the new enemies asked about
		roller string   // the ADP's roller ("" none yet)
	}{
		{"two new enemies: asked, nobody rolls yet", reinforcements(perceiving("orc-2", 2), perceiving("orc-3", 4)),
			[]string{"orc-2", "orc-3"}, ""},
		{"the table names the closest: its Perception, not the best", append(reinforcements(perceiving("orc-2", 2), perceiving("orc-3", 4)),
			&ClosestEnemy{ID: "orc-2"}), nil, "orc-2"},
		{"one new enemy: it rolls, nothing asked", reinforcements(perceiving("orc-2", 2)), nil, "orc-2"},
		{"exploring: the best Perception anywhere", []Event{&NewTurn{}, perceiving("orc-1", 6), &CombatRange{Near: false},
			&SectionRevealed{Kind: "room"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated, Name: "Patrol"},
			&Spawn{Cost: 3, Row: 1}, perceiving("orc-2", 2)}, nil, "orc-1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 3, GroupVP: 60, LeaderVP: 10})
			play(t, g, c.events...)
			var asked []string
			for _, cr := range ClosestToAsk(g.State(), g.Setup()) {
				asked = append(asked, cr.ID)
			}
			if !slices.Equal(asked, c.ask) {
				t.Fatalf("asked %v, want %v", asked, c.ask)
			}
			got := ""
			if cr, ok := InitiativeRoller(g.State()); ok {
				got = cr.ID
			}
			if got != c.roller {
				t.Fatalf("roller %q, want %q", got, c.roller)
			}
			if len(c.ask) > 0 {
				ps := g.Prompts()
				i := slices.IndexFunc(ps, func(p Prompt) bool { return p.ID == "prompt.due.initiative.closest" })
				if i < 0 || len(ps[i].Choices) != len(c.ask) {
					t.Fatalf("no closest question: %+v", ps)
				}
				refused(t, g, &ClosestEnemy{ID: "orc-1"}, "rule.closest_enemy.not_new") // not a new one
			}
		})
	}
}

// "Initiative": the hero closest to the enemies rolls; of two at the same
// distance the higher Perception; a tie of that is picked at random, and
// the pick is recorded.
func TestInitiativeHeroAtSameDistance(t *testing.T) {
	party := []PartyHero{{Name: "A", VP: 20, Perception: 3}, {Name: "B", VP: 20, Perception: 5}, {Name: "C", VP: 20, Perception: 5}}
	cases := []struct {
		name    string
		closest []string
		want    string // "" a pick is needed
	}{
		{"one closest", []string{"hero-1"}, "hero-1"},
		{"two: the higher Perception", []string{"hero-1", "hero-2"}, "hero-2"},
		{"a tie of Perception: picked at random", []string{"hero-2", "hero-3"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 3, GroupVP: 60, LeaderVP: 10, Party: party, Seed: 4})
			h, ok := HeroRoller(g.State(), g.Setup(), c.closest)
			if c.want != "" {
				if !ok || h.ID != c.want {
					t.Fatalf("roller %v %v, want %s", h.ID, ok, c.want)
				}
				refused(t, g, g.PickInitiativeHeroAtRandom(c.closest), "rule.initiative.hero_pick")
				return
			}
			if ok {
				t.Fatalf("a tie named %s without a pick", h.ID)
			}
			pick := g.PickInitiativeHeroAtRandom(c.closest)
			play(t, g, pick)
			h, ok = HeroRoller(g.State(), g.Setup(), c.closest)
			if !ok || !slices.Contains(c.closest, h.ID) || h.ID != c.closest[pick.Picked-1] {
				t.Fatalf("picked %v %v (pick %+v)", h.ID, ok, pick)
			}
		})
	}
}
