package dun

import (
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// Whose Creature Spawn Table a quest game rolls on: the quest's author
// says whether a faction chosen at New game brings its own rows
// (spawns_from = "faction", the default, as before the key) or the quest's
// own rows win (spawns_from = "quest", the faction filling the rolls it has
// no row for); New game and the table say which (SpawnTableOf).
func TestSpawnTableWhoseRowsWin(t *testing.T) {
	cases := []struct {
		name       string
		spawnsFrom string
		faction    bool
		roll       int
		words      bool // the quest's row, in words
		cost       int
		says       string
	}{
		{"no faction: the quest's row", "", false, 1, true, 4, "spawn_table.quest"},
		{"a faction, the default: the faction's row", "", true, 1, false, 3, "spawn_table.faction_over_quest"},
		{"a faction, the quest says faction: the faction's row", "faction", true, 1, false, 3, "spawn_table.faction_over_quest"},
		{"a faction, the quest's rows win: the quest's row", "quest", true, 1, true, 4, "spawn_table.quest_over_faction"},
		{"the quest's rows win, a roll it has no row for: the faction's", "quest", true, 6, false, -1, "spawn_table.quest_over_faction"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := testQuest(t, nil)
			q.SpawnTable[0].Cost = 4
			q.SpawnTable = q.SpawnTable[:1] // row 1 only
			q.SpawnsFrom = c.spawnsFrom
			s := Setup{Heroes: 2, GroupVP: 60, QuestData: q}
			if c.faction {
				s.FactionData = vermin(t)
			}
			offer, ok := SpawnRowFor(s, c.roll)
			if !ok || (offer.Places == nil) != c.words || c.cost >= 0 && offer.Cost != c.cost {
				t.Fatalf("roll %d: %+v (ok %v)", c.roll, offer, ok)
			}
			if m := SpawnTableOf(s); m.ID != c.says {
				t.Fatalf("New game says %s, want %s", m.ID, c.says)
			}
		})
	}
	// The quest's row paid in a faction game: its cost, its creatures placed by hand.
	q := testQuest(t, nil)
	q.SpawnTable[0].Cost, q.SpawnsFrom = 4, quest.SpawnsQuest
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, QuestData: q, FactionData: vermin(t)})
	play(t, g, &NewTurn{}, &ExitOpened{Section: "cellar"}, die(dice.Power), &SectionRevealed{Section: "cellar"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated})
	refused(t, g, &Spawn{Cost: 3, Row: 1}, "rule.spawn.row_cost")
	play(t, g, &Spawn{Cost: 4, Row: 1})
	if n := len(g.State().Creatures); n != 0 {
		t.Fatalf("%d creatures put on the roster from the quest's words", n)
	}
}

// A quest's spawns_from is "faction", "quest" or absent: anything else is
// a problem on its line.
func TestSpawnsFromChecked(t *testing.T) {
	for _, c := range []struct {
		value string
		ok    bool
	}{{"", true}, {"faction", true}, {"quest", true}, {"both", false}} {
		src := "id = \"x\"\nspawns_from = \"" + c.value + "\"\n"
		if c.value == "" {
			src = "id = \"x\"\n"
		}
		_, problems := quest.Parse("x.toml", []byte(src))
		found := false
		for _, p := range problems {
			if p.ID == "quest.spawns_from" {
				found = p.Line == 2
			}
		}
		if found == c.ok {
			t.Errorf("spawns_from %q: problems %+v", c.value, problems)
		}
	}
}
