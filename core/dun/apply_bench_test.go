package dun

import (
	"fmt"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

func BenchmarkApply(b *testing.B) {
	g := mustGame(b, Setup{Heroes: 3, GroupVP: 60, LeaderVP: 20, Seed: 1})
	// What is gained is spent again: the reserve never reaches its bound.
	events := []Event{&NewTurn{}, &ReserveGained{Amount: 2, Reason: "card_discarded"}, &ReserveSpent{Amount: 2, Reason: "card_activated"}, &DiceRolled{Dice: dice.Scenario, Faces: []int{3}}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := g.Apply(events[i%len(events)]); err != nil {
			b.Fatal(err)
		}
	}
}

// realisticCycle is one round of a game as it is played: a turn, a door,
// a room with its Encounter roll, a creature, an ADP combat turn, an
// Initiative roll, a hero's test and a reserve correction.
func realisticCycle(n int) []Event {
	id := fmt.Sprintf("c%d", n)
	return []Event{
		&NewTurn{},
		&ObstacleTrigger{Reason: "door"}, &Die{Faces: []dice.Symbol{dice.Power}},
		&SectionRevealed{Kind: "room"}, &Die{Faces: []dice.Symbol{dice.Obstacle}},
		&CreatureAdded{ID: id, Name: "Orc", Behaviour: "melee", Level: LevelRegular, VP: 3, Agility: 3, Perception: 3, Intelligence: 2},
		&AdpCombatTurn{}, &Die{Faces: []dice.Symbol{dice.Obstacle}},
		&CreatureDone{ID: id}, &CreatureRemoved{ID: id},
		&Initiative{Context: ContextCombat, Hero: side(4, 3, 6, 5), ADP: side(3, 2, 2, 1)},
		&Test{Action: "open_lock", Value: intp(3), Dice: []int{4, 4}},
		&ReserveGained{Amount: 1, Reason: "correction"},
	}
}

// BenchmarkApplyRealistic applies a realistic mix of events, 13 a round,
// to one growing game that keeps its whole history live, as the app's game
// does: every record with its event and what it logged. After 100,000
// events it starts again (not timed). ns/op and B/op are per event; the
// goal is 1.5M events/s, and half the 1,074 B an event allocated before
// (make bench prints both as ratios).
func BenchmarkApplyRealistic(b *testing.B) {
	g := mustGame(b, Setup{Heroes: 3, GroupVP: 60, LeaderVP: 20, Seed: 1, Rules: Rules{IncreasedDifficulty: new(bool)}})
	var events []Event
	for n := 0; len(events) < 100000; n++ {
		events = append(events, realisticCycle(n)...)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if i == len(events) {
			b.StopTimer()
			g = mustGame(b, g.Setup())
			i = 0
			b.StartTimer()
		}
		if _, err := g.Apply(events[i]); err != nil {
			b.Fatalf("event %d (%s): %v", i, events[i].Type(), err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
