package dun

import (
	"cmp"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"syscall"
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

// tableMix is a game as a table plays it, generated against a live game so
// every event is legal: groups of 3 to 8 creatures placed in a revealed
// room, an Initiative roll for them, then combat turns (the heroes' tests
// and wounds, a creature slain now and then, the ADP's combat turn with its
// Power roll and every creature on the board activating) until the room is
// cleared, and a door and a corridor between rooms. Creature activations
// (creature_done) are about a quarter of the events, as at a real table.
func tableMix(tb testing.TB, setup Setup, n int) []Event {
	tb.Helper()
	g := mustGame(tb, setup)
	var out []Event
	play := func(e Event) {
		if _, err := g.Apply(e); err != nil {
			tb.Fatalf("table mix, event %d (%s): %v", len(out)+1, e.Type(), err)
		}
		out = append(out, e)
	}
	for group := 0; len(out) < n; group++ {
		play(&NewTurn{})
		play(&ObstacleTrigger{Reason: "door"})
		play(&Die{Faces: []dice.Symbol{dice.Power}})
		play(&SectionRevealed{Kind: "room"})
		play(&Die{Faces: []dice.Symbol{dice.Obstacle}})
		size := 3 + group%6
		for k := range size {
			lvl := LevelRegular
			if k == 0 && group%2 == 0 {
				lvl = LevelElite
			}
			play(&CreatureAdded{ID: fmt.Sprintf("g%dc%d", group, k), Name: "Orc", Behaviour: []string{"melee", "ranged", "beast"}[k%3],
				Level: lvl, VP: 3 + k%3, Agility: 3, Perception: 3, Intelligence: 2, Vitality: 8, Skills: []string{"Brutal"}[:k%2]})
		}
		play(&Initiative{Context: ContextCombat, Hero: side(4, 3, 6, 5), ADP: side(3, 2, 2, 1)})
		for turn := 0; len(g.State().Creatures) > 0; turn++ {
			if turn > 0 {
				play(&NewTurn{})
			}
			if g.State().Due != nil && g.State().Due.Type == "combat_range" {
				play(&CombatRange{Near: true})
			}
			cs := g.State().Creatures
			play(&Test{Action: "climb", Value: intp(3), Dice: []int{4, 4}})
			play(&CreatureWounded{ID: cs[0].ID, Amount: 1})
			if turn%2 == 1 {
				play(&CreatureRemoved{ID: cs[0].ID})
			}
			if len(g.State().Creatures) == 0 {
				break
			}
			play(&AdpCombatTurn{})
			play(&Die{Faces: []dice.Symbol{dice.Obstacle}})
			for {
				c, ok := NextToAct(g.State())
				if !ok {
					break
				}
				if len(c.Skills) > 0 && c.Skills[0].Uses < SkillLimit && turn%2 == 0 {
					play(&SkillUsed{ID: c.ID, Skill: c.Skills[0].Name})
				}
				play(&CreatureDone{ID: c.ID})
			}
		}
		play(&ReserveGained{Amount: 1, Reason: "correction"})
	}
	return out
}

// tableSetup is the app's new game of three heroes.
var tableSetup = Setup{Heroes: 3, GroupVP: 60, LeaderVP: 20, Seed: 1, Rules: Rules{IncreasedDifficulty: new(bool)}}

// BenchmarkApplyTable applies a table's mix (tableMix) to one growing game
// that keeps its whole history live, as the app's game does: undo is
// available all along. After the 100,000 events it starts again (not
// timed). ns/op and B/op are per event; cpu-ns/event is the CPU time an
// event takes (cpuTime), which others loading the machine change less.
func BenchmarkApplyTable(b *testing.B) {
	events := tableMix(b, tableSetup, 100000)
	g := mustGame(b, tableSetup)
	b.ReportAllocs()
	cpu0 := cpuTime()
	i := 0
	for b.Loop() {
		if i == len(events) {
			b.StopTimer()
			g = mustGame(b, tableSetup)
			i = 0
			b.StartTimer()
		}
		if _, err := g.Apply(events[i]); err != nil {
			b.Fatalf("event %d (%s): %v", i, events[i].Type(), err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/event")
}

// cpuTime is the CPU time the process has used so far (user and system,
// every thread, the collector's included), in nanoseconds: on a machine
// others load, it measures the work an event takes where wall time cannot.
// The setup a reset of the game takes is counted too (every 100,000 events).
func cpuTime() int64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return u.Utime.Nano() + u.Stime.Nano()
}

// TestApplyBytesByType prints, for each event type of a table's mix, its
// share of the events, the bytes one of it allocates in Apply (history
// live) and its share of all the bytes: go test -run ApplyBytesByType -v.
func TestApplyBytesByType(t *testing.T) {
	events := tableMix(t, tableSetup, 20000)
	g := mustGame(t, tableSetup)
	count, bytes := map[string]int{}, map[string]uint64{}
	var before, after runtime.MemStats
	var total uint64
	for i, e := range events {
		runtime.ReadMemStats(&before)
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("event %d (%s): %v", i, e.Type(), err)
		}
		runtime.ReadMemStats(&after)
		count[e.Type()]++
		bytes[e.Type()] += after.TotalAlloc - before.TotalAlloc
		total += after.TotalAlloc - before.TotalAlloc
	}
	types := slices.Collect(maps.Keys(count))
	slices.SortFunc(types, func(a, b string) int { return cmp.Compare(bytes[b], bytes[a]) })
	t.Logf("%d events, %d B/event", len(events), total/uint64(len(events)))
	t.Logf("%-18s %8s %8s %8s", "type", "events", "B/event", "bytes")
	for _, ty := range types {
		t.Logf("%-18s %7.1f%% %8d %7.1f%%", ty, 100*float64(count[ty])/float64(len(events)),
			bytes[ty]/uint64(count[ty]), 100*float64(bytes[ty])/float64(total))
	}
}
