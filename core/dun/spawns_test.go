package dun

import (
	"os"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/faction"
)

func vermin(t *testing.T) *faction.Faction {
	t.Helper()
	b, err := os.ReadFile("faction/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	f, ps := bestiary.ParseFaction("vermin.toml", b)
	if ps != nil {
		t.Fatal(ps)
	}
	return f
}

// "Encounter Cards": a paid spawn row of the faction's Creature Spawn
// Table puts its creatures on the roster, numbered per profile, with their
// profiles; the row's cost is the one paid unless overridden.
func TestSpawnFillsTheRoster(t *testing.T) {
	encounter := []Event{&NewTurn{}, &SectionRevealed{Kind: "room"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated}}
	f := vermin(t)
	no := false
	cases := []struct {
		name    string
		spawns  []*Spawn
		refused string
		want    []string // creature ids on the roster
	}{
		{"row 2: 2 bats and 2 rats", []*Spawn{{Cost: 4, Row: 2}}, "", []string{"giant-bat-1", "giant-bat-2", "giant-rat-1", "giant-rat-2"}},
		{"the row's cost is the one paid", []*Spawn{{Cost: 3, Row: 2}}, "rule.spawn.row_cost", nil},
		{"an override pays another cost", []*Spawn{{Cost: 3, Row: 2, Override: true}}, "", []string{"giant-bat-1", "giant-bat-2", "giant-rat-1", "giant-rat-2"}},
		{"place: false pays and places nothing", []*Spawn{{Cost: 4, Row: 2, Place: &no}}, "", nil},
		{"numbers go on across spawns", []*Spawn{{Cost: 3, Row: 1}, {Cost: 3, Row: 1}}, "", []string{"giant-rat-1", "giant-rat-2", "giant-rat-3", "giant-rat-4", "giant-rat-5", "giant-rat-6"}},
		{"no row rolled: the cost alone", []*Spawn{{Cost: 4}}, "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10, FactionData: f})
			for i, sp := range c.spawns {
				if i > 0 {
					play(t, g, encounter[1:]...)
				} else {
					play(t, g, encounter...)
				}
				if c.refused != "" {
					refused(t, g, sp, c.refused)
					return
				}
				play(t, g, sp)
			}
			var ids []string
			for _, cr := range g.State().Creatures {
				ids = append(ids, cr.ID)
			}
			if !slices.Equal(ids, c.want) {
				t.Fatalf("roster %v, want %v", ids, c.want)
			}
		})
	}
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10, FactionData: f})
	play(t, g, append(encounter, &Spawn{Cost: 5, Row: 3})...)
	spider, _ := g.State().Creature("giant-spider-1")
	if spider.Names["es"] != "Araña gigante 1" || spider.Name != "Giant spider 1" || spider.Vitality != 4 || spider.Level != bestiary.LevelElite || spider.Profile != "giant-spider" || len(spider.Skills) != 1 {
		t.Fatalf("spider %+v", spider)
	}
	if ps := g.Prompts(); ps[0].ID != "hint.place_spawned" {
		t.Fatalf("prompt %s", ps[0].ID)
	}
}

// A game keeps the faction it began with: its content carries the quest
// and the faction, and a resumed game places the same creatures.
func TestFactionContentRoundTrip(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10, FactionData: vermin(t)})
	play(t, g, &NewTurn{}, &SectionRevealed{Kind: "room"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated}, &Spawn{Cost: 3, Row: 1})
	setup, _ := g.SetupJSON()
	r, err := Module.Resume(setup, g.Content(), g.Records(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := stateJSON(t, r.(*Game).State()), stateJSON(t, g.State()); got != want {
		t.Fatalf("resumed\n%s\nlive\n%s", got, want)
	}
	if _, err := Module.New(setup, nil); err == nil {
		t.Fatal("a game naming a faction started without it")
	}
}

// A faction chosen for a quest game stands in for the quest's own rows
// (they name no profiles): its row's cost and creatures.
func TestFactionRowInAQuestGame(t *testing.T) {
	q := testQuest(t, nil) // its row 1: 3 giant rats, cost 3 in words
	q.SpawnTable[0].Cost = 4
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, QuestData: q, FactionData: vermin(t)})
	play(t, g, &NewTurn{}, &ExitOpened{Section: "cellar"}, die(dice.Power), &SectionRevealed{Section: "cellar"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated})
	refused(t, g, &Spawn{Cost: 4, Row: 1}, "rule.spawn.row_cost") // the quest's words cost 4; the faction's row 3
	play(t, g, &Spawn{Cost: 3, Row: 1})
	if n := len(g.State().Creatures); n != 3 {
		t.Fatalf("%d creatures placed, want the faction row's 3", n)
	}
	if offer, ok := SpawnRowFor(Setup{QuestData: q}, 1); !ok || offer.Cost != 4 || offer.Words["en"] == "" || offer.Places != nil {
		t.Fatalf("without a faction the quest's row: %+v", offer)
	}
}

// In the Main Room of a faction game the Leader is proposed with its
// profile, named as the quest names it, until it is on the roster.
func TestMainRoomProposesTheLeader(t *testing.T) {
	q := testQuest(t, nil) // the Rat King, VP 12
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, QuestData: q, FactionData: vermin(t)})
	play(t, g, &NewTurn{}, &ExitOpened{Section: "cellar"}, die(dice.Power), &SectionRevealed{Section: "cellar"}, die(dice.Power))
	play(t, g, &ElementFound{ID: "cellar-secret"}, &ExitOpened{Section: "den"}, die(dice.Power), &SectionRevealed{Section: "den"}, &Spawn{Cost: 3}, die(dice.Power))
	var leader *CreatureAdded
	for _, p := range g.Prompts() {
		for _, c := range p.Choices {
			if e, ok := c.Event.(*CreatureAdded); ok {
				leader = e
			}
		}
	}
	if leader == nil || leader.Level != bestiary.LevelLeader || leader.Names["es"] != "El Rey Rata" || leader.VP != 12 || leader.Vitality != 10 || leader.Profile != "rat-matriarch" {
		t.Fatalf("leader proposed: %+v", leader)
	}
	play(t, g, leader)
	for _, p := range g.Prompts() {
		if p.ID == "prompt.main_room.leader" {
			t.Fatal("still proposed with a Leader on the roster")
		}
	}
}
