package dun

import (
	"errors"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// A quest's spawn row naming a faction's creature profiles ("2 × Minion"):
// with a faction, the row brings that faction's creatures of each profile,
// so many of each; a faction lacking a profile, or no faction for a row
// with no words, is a setup problem naming the row and the profile; a row
// the game does not roll on (the faction's rows win) is not checked.
func TestSpawnRowProfilesResolved(t *testing.T) {
	spider2 := []quest.ProfileCount{{Profile: "giant-spider", Count: 2}, {Profile: "giant-rat", Count: 1}}
	cases := []struct {
		name       string
		spawnsFrom string
		faction    bool
		profiles   []quest.ProfileCount
		words      bool
		problem    string          // the setup's problem, if any
		places     []faction.Group // what the row puts on the roster
	}{
		{"resolved by the faction, counts carried", "quest", true, spider2, false, "",
			[]faction.Group{{ID: "giant-spider", Count: 2}, {ID: "giant-rat", Count: 1}}},
		{"resolved beside the row's words", "quest", true, spider2, true, "",
			[]faction.Group{{ID: "giant-spider", Count: 2}, {ID: "giant-rat", Count: 1}}},
		{"a profile the faction lacks", "quest", true, []quest.ProfileCount{{Profile: "minion", Count: 2}}, false, "setup.spawn.profile_missing", nil},
		{"no faction, no words", "quest", false, spider2, false, "setup.spawn.profile_no_faction", nil},
		{"no faction, the row's words placed by hand", "", false, spider2, true, "", nil},
		{"the faction's rows win: the quest's row is not rolled on", "", true, []quest.ProfileCount{{Profile: "minion", Count: 2}}, false, "",
			[]faction.Group{{ID: "giant-rat", Count: 3}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := testQuest(t, nil)
			q.SpawnTable = q.SpawnTable[:1] // row 1 only
			q.SpawnTable[0].Cost, q.SpawnsFrom, q.SpawnTable[0].Profiles = 4, c.spawnsFrom, c.profiles
			if !c.words {
				q.SpawnTable[0].Creatures = nil
			}
			s := Setup{Heroes: 2, GroupVP: 60, QuestData: q}
			if c.faction {
				s.FactionData = vermin(t)
			}
			_, err := NewGame(s)
			var es SetupErrors
			if c.problem != "" {
				if !errors.As(err, &es) || es[0].ID != c.problem || es[0].Args["Row"] != 1 || es[0].Args["Profile"] != c.profiles[0].Profile {
					t.Fatalf("got %v, want %s on row 1 naming %s", err, c.problem, c.profiles[0].Profile)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			offer, ok := SpawnRowFor(s.Normalize(), 1)
			var got []faction.Group
			if offer.Places != nil {
				got = offer.Places.Creatures
			}
			if !ok || !slices.Equal(got, c.places) || c.places == nil && offer.Words["en"] == "" {
				t.Fatalf("row 1 offers %+v (places %v), want %v", offer, got, c.places)
			}
		})
	}
}

// The resolved row paid in a game: the faction's creatures of each
// profile go on the roster, so many of each, at the quest row's cost.
func TestSpawnRowProfilesPlaced(t *testing.T) {
	q := testQuest(t, nil)
	q.SpawnTable = q.SpawnTable[:1]
	q.SpawnTable[0].Cost, q.SpawnsFrom = 4, quest.SpawnsQuest
	q.SpawnTable[0].Profiles = []quest.ProfileCount{{Profile: "giant-spider", Count: 2}, {Profile: "giant-bat", Count: 1}}
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, QuestData: q, FactionData: vermin(t)})
	play(t, g, &NewTurn{}, &ExitOpened{Section: "cellar"}, die(dice.Power), &SectionRevealed{Section: "cellar"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated})
	refused(t, g, &Spawn{Cost: 3, Row: 1}, "rule.spawn.row_cost")
	play(t, g, &Spawn{Cost: 4, Row: 1})
	var ids []string
	for _, cr := range g.State().Creatures {
		ids = append(ids, cr.ID)
	}
	if want := []string{"giant-spider-1", "giant-spider-2", "giant-bat-1"}; !slices.Equal(ids, want) {
		t.Fatalf("roster %v, want %v", ids, want)
	}
}
