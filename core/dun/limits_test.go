package dun

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
)

// Every bound of limits.go on a setup: the value just past it is refused
// with the field's message ID, the bound itself is accepted.
func TestSetupBounds(t *testing.T) {
	big := func(v int) *int { return &v }
	cases := []struct {
		name  string
		setup Setup
		id    string // "" when the setup is legal
	}{
		{"group VP of MaxInt (the Encounter deck once had -922337203685477580 cards)", Setup{Heroes: 2, GroupVP: math.MaxInt, LeaderVP: 10}, "setup.group_vp.max"},
		{"group VP one past the bound", Setup{Heroes: 5, GroupVP: MaxGroupVP + 1, LeaderVP: 10}, "setup.group_vp.max"},
		{"group VP at the bound", Setup{Heroes: 5, GroupVP: MaxGroupVP, LeaderVP: MaxGroupVP}, ""},
		{"a hero's VP past the bound", Setup{HeroVP: []int{MaxHeroVP + 1, 10}, LeaderVP: 10}, "setup.hero_vp.max"},
		{"heroes' VP that overflow their sum", Setup{HeroVP: []int{math.MaxInt, math.MaxInt, 2}, LeaderVP: 10}, "setup.hero_vp.max"},
		{"every hero at the bound", Setup{HeroVP: []int{MaxHeroVP, MaxHeroVP, MaxHeroVP, MaxHeroVP, MaxHeroVP}, LeaderVP: 20}, ""},
		{"Encounter cards past the bound", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, EncounterCardsAvailable: MaxDeckCards + 1}, "setup.encounter_cards.max"},
		{"random cards past the bound", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Decks: map[string]DeckRule{DeckPower: {Random: big(math.MaxInt)}}}, "setup.decks.max"},
		{"random cards at the bound", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Decks: map[string]DeckRule{DeckPower: {Random: big(MaxDeckCards)}}}, ""},
		{"a hero's attribute past the bound", Setup{Party: []PartyHero{{Name: "Ana", VP: 20, Perception: MaxAttribute + 1}}, LeaderVP: 10}, "setup.party.attribute_max"},
		{"a hero's name past the bound", Setup{Party: []PartyHero{{Name: strings.Repeat("x", MaxNameBytes+1), VP: 20}}, LeaderVP: 10}, "setup.party.name_long"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGame(c.setup)
			if c.id == "" {
				if err != nil {
					t.Fatalf("a setup at the bound was refused: %v", err)
				}
				return
			}
			var es SetupErrors
			if g != nil || !errors.As(err, &es) {
				t.Fatalf("NewGame = %v, %v; want SetupErrors", g, err)
			}
			for _, e := range es {
				if e.ID == c.id {
					return
				}
			}
			t.Fatalf("no %s among %v", c.id, es)
		})
	}
}

// Every bound of limits.go on an event: refused with the rule named, and
// nothing changes (refused checks the state and the records).
func TestEventBounds(t *testing.T) {
	long := strings.Repeat("x", MaxNameBytes+1)
	v := func(n int) *int { return &n }
	atFull := func(t *testing.T, g *Game) {
		play(t, g, &ReserveGained{Amount: MaxReserve - g.State().Reserve, Reason: "correction"})
	}
	drawing := func(deck string) func(*testing.T, *Game) {
		return func(t *testing.T, g *Game) {
			switch deck {
			case DeckPower:
				play(t, g, &AdpCombatTurn{}, die("power"))
			case DeckEncounter:
				play(t, g, &SectionRevealed{Kind: "room"}, die("encounter"))
			}
		}
	}
	creatures := func(n int) func(*testing.T, *Game) {
		return func(t *testing.T, g *Game) {
			for i := range n {
				play(t, g, creature(string(rune('a'+i%26))+strings.Repeat("z", i/26), "melee", bestiary.LevelRegular, 1, 1))
			}
		}
	}
	initiative := func(perception, modifier, doorTurns, rerolls int) *Initiative {
		e := &Initiative{Context: ContextCombat, BrokenDoorTurns: doorTurns,
			Hero: InitiativeSide{Perception: v(perception), Intelligence: v(3), Modifier: modifier, Dice: []int{6, 6}},
			ADP:  InitiativeSide{Perception: v(3), Intelligence: v(3), Dice: []int{1, 2}}}
		for range rerolls {
			e.Rerolls = append(e.Rerolls, InitiativeReroll{Hero: []int{1, 1}, ADP: []int{1, 1}})
		}
		return e
	}
	cases := []struct {
		name   string
		before func(*testing.T, *Game)
		e      Event
		rule   string
	}{
		{"a gain of MaxInt", nil, &ReserveGained{Amount: math.MaxInt, Reason: "correction"}, "rule.reserve.amount_max"},
		{"a gain past the most the reserve holds", nil, &ReserveGained{Amount: MaxAmount, Reason: "correction"}, "rule.reserve.full"},
		{"a gain on a full reserve", atFull, &ReserveGained{Amount: 1, Reason: "correction"}, "rule.reserve.full"},
		{"a spend of MaxInt", nil, &ReserveSpent{Amount: math.MaxInt, Reason: "correction"}, "rule.reserve.amount_max"},
		{"a card of MaxInt points", drawing(DeckPower), &Card{Deck: DeckPower, Outcome: Discarded, Points: math.MaxInt}, "rule.card.points_max"},
		{"a card discarded into a full reserve", func(t *testing.T, g *Game) { atFull(t, g); drawing(DeckPower)(t, g) }, &Card{Deck: DeckPower, Outcome: Discarded, Points: 2}, "rule.reserve.full"},
		{"a card with a long name", drawing(DeckPower), &Card{Deck: DeckPower, Outcome: Activated, Points: 1, Name: long}, "rule.name.long"},
		{"a spawn of MaxInt", func(t *testing.T, g *Game) {
			drawing(DeckEncounter)(t, g)
			play(t, g, &Card{Deck: DeckEncounter, Outcome: Activated})
		}, &Spawn{Cost: math.MaxInt}, "rule.spawn.cost_max"},
		{"an unpaid spawn discarded into a full reserve", func(t *testing.T, g *Game) {
			drawing(DeckEncounter)(t, g)
			play(t, g, &Card{Deck: DeckEncounter, Outcome: Activated})
			atFull(t, g)
		}, &Card{Deck: DeckEncounter, Outcome: Discarded, Points: 1}, "rule.reserve.full"},
		{"a creature of MaxInt VP", nil, creature("ogre", "melee", bestiary.LevelRegular, math.MaxInt, 2), "rule.creature.value_max"},
		{"a creature's attribute past the bound", nil, creature("ogre", "melee", bestiary.LevelRegular, 5, MaxAttribute+1), "rule.creature.value_max"},
		{"a creature's Vitality past the bound", nil, &CreatureAdded{ID: "ogre", Behaviour: "melee", Level: bestiary.LevelRegular, Vitality: MaxCreatureVitality + 1}, "rule.creature.value_max"},
		{"a creature with a long id", nil, creature(long, "melee", bestiary.LevelRegular, 5, 2), "rule.name.long"},
		{"a creature with a long skill", nil, &CreatureAdded{ID: "ogre", Behaviour: "melee", Level: bestiary.LevelRegular, Skills: []string{long}}, "rule.name.long"},
		{"a creature with too many skills", nil, &CreatureAdded{ID: "ogre", Behaviour: "melee", Level: bestiary.LevelRegular, Skills: strings.Split(strings.Repeat("s,", MaxSkills)+"s", ",")}, "rule.creature.skills_max"},
		{"one creature too many on the board", creatures(MaxCreatures), creature("last", "melee", bestiary.LevelRegular, 1, 1), "rule.creature.count_max"},
		{"wounds of MaxInt", func(t *testing.T, g *Game) {
			play(t, g, &CreatureAdded{ID: "ogre", Behaviour: "melee", Level: bestiary.LevelRegular, Vitality: 10})
		}, &CreatureWounded{ID: "ogre", Amount: math.MaxInt}, "rule.wound.amount"},
		{"a heal of MinInt", func(t *testing.T, g *Game) {
			play(t, g, &CreatureAdded{ID: "ogre", Behaviour: "melee", Level: bestiary.LevelRegular, Vitality: 10})
		}, &CreatureWounded{ID: "ogre", Amount: math.MinInt}, "rule.wound.amount"},
		{"a random pick among too many", nil, &RandomPick{Among: MaxCreatures + 1, Picked: 1}, "rule.random_pick.max"},
		{"an Initiative Perception of MaxInt", nil, initiative(math.MaxInt, 0, 0, 0), "rule.initiative.value_max"},
		{"an Initiative Perception of MinInt", nil, initiative(math.MinInt, 0, 0, 0), "rule.initiative.value_max"},
		{"an Initiative modifier past the bound", nil, initiative(3, -MaxModifier-1, 0, 0), "rule.initiative.value_max"},
		{"too many turns breaking a door", nil, initiative(3, 0, MaxDoorTurns+1, 0), "rule.initiative.door_turns_max"},
		{"too many Initiative re-rolls", nil, initiative(3, 0, 0, MaxRerolls+1), "rule.initiative.rerolls_max"},
		{"a test value of MaxInt", nil, &Test{Attribute: "strength", Value: v(math.MaxInt), Dice: []int{3, 4}}, "rule.test.value_max"},
		{"a test modifier of MinInt", nil, &Test{Attribute: "strength", Value: v(3), Modifier: math.MinInt, Dice: []int{3, 4}}, "rule.test.value_max"},
		{"a test target past the bound", nil, &Test{Attribute: "strength", Value: v(3), Target: MaxTarget + 1, Dice: []int{3, 4}}, "rule.test.value_max"},
		{"a negative test target", nil, &Test{Attribute: "strength", Value: v(3), Target: -1, Dice: []int{3, 4}}, "rule.test.value_max"},
		{"too many corpse dice", nil, &Test{Action: "search_corpses", Level: "low", Dice: make([]int, MaxCorpses+1)}, "rule.test.dice_max"},
		{"two 1D3 for a room", nil, &Test{Action: "search_room", Value: v(3), Dice: []int{3, 4}, Extra: []int{1, 2}}, "rule.test.dice_max"},
		{"a repeated secret-door search on a full reserve", atFull, &Test{Action: "secret_door", Value: v(3), Dice: []int{3, 4}, Repeat: true}, "rule.reserve.full"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Rules: Rules{IncreasedDifficulty: new(bool)}})
			if c.before != nil {
				c.before(t, g)
			}
			refused(t, g, c.e, c.rule)
		})
	}
}

// The bounds leave every legal game alone: the largest legal values apply.
func TestBoundsAccepted(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 5, GroupVP: MaxGroupVP, LeaderVP: 0})
	v := func(n int) *int { return &n }
	play(t, g,
		&ReserveGained{Amount: MaxReserve - MaxGroupVP, Reason: "correction"},
		&ReserveSpent{Amount: MaxAmount, Reason: "correction"},
		creature("ogre", "melee", bestiary.LevelRegular, MaxGroupVP, MaxAttribute),
		&RandomPick{Among: MaxCreatures, Picked: MaxCreatures},
		&Test{Attribute: "strength", Value: v(MaxAttribute), Modifier: -MaxModifier, Target: MaxTarget, Dice: []int{3, 4}},
		&Initiative{Context: ContextCombat, BrokenDoorTurns: MaxDoorTurns,
			Hero: InitiativeSide{Perception: v(MaxAttribute), Intelligence: v(3), Dice: []int{6, 6}},
			ADP:  InitiativeSide{Perception: v(3), Intelligence: v(3), Dice: []int{1, 2}}},
	)
	if r := g.State().Reserve; r != 0 {
		t.Fatalf("reserve %d", r)
	}
}

// A game resumed from a snapshot is the same game as the one played, down
// to the types of its hints' arguments (a snapshot's JSON numbers once came
// back as float64).
func TestSnapshotResumeEqualsReplay(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	healer := creature("shaman", "spellcaster", bestiary.LevelRegular, 4, 2)
	healer.Support = true
	v := func(n int) *int { return &n }
	play(t, g, healer, &SupportRoll{ID: "shaman", Face: 5},
		&Test{Action: "search_room", Value: v(3), Dice: []int{6, 6}, Extra: []int{5}})
	play(t, g, &SupportRoll{ID: "shaman", Face: 4})
	if g.State().Hint == nil || g.State().LastTest == nil {
		t.Fatal("the test needs a hint and a test result with arguments")
	}
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := Resume(g.Setup(), g.Records(), &snap)
	if err != nil {
		t.Fatal(err)
	}
	// The JSON is the same, and so are the Go values of the untyped
	// arguments (Hint and LastTest hold them).
	got, want := resumed.State(), g.State()
	if stateJSON(t, got) != stateJSON(t, want) {
		t.Fatalf("resumed from the snapshot:\n%s\nplayed:\n%s", stateJSON(t, got), stateJSON(t, want))
	}
	if !reflect.DeepEqual(got.Hint, want.Hint) || !reflect.DeepEqual(got.LastTest, want.LastTest) {
		t.Fatalf("resumed from the snapshot:\n%#v %#v\nplayed:\n%#v %#v", got.Hint, got.LastTest, want.Hint, want.LastTest)
	}
}
