package dun

import (
	"cmp"
	"fmt"
	"maps"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"syscall"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
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
		&CreatureAdded{ID: id, Name: "Orc", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 3, Agility: 3, Perception: 3, Intelligence: 2},
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
			lvl := bestiary.LevelRegular
			if k == 0 && group%2 == 0 {
				lvl = bestiary.LevelElite
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
	t.Run("table", func(t *testing.T) { logBytesByType(t, tableSetup, tableMix(t, tableSetup, 20000)) })
	t.Run("mix", func(t *testing.T) { logBytesByType(t, mixSetup, mixedPlay(t, mixGame)) })
}

// logBytesByType applies events to a new game of setup and logs, for each
// event type, its share of the events and of the bytes allocated.
func logBytesByType(t *testing.T, setup Setup, events []Event) {
	g := mustGame(t, setup)
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

// mixSetup is a new game of three heroes whose decks hold enough cards for
// a long game of the mix (mixedPlay) to keep drawing them.
var mixSetup = Setup{Heroes: 3, GroupVP: 60, LeaderVP: 20, Seed: 7, Rules: Rules{IncreasedDifficulty: new(bool)},
	Decks: map[string]DeckRule{DeckObstacle: {Random: intp(MaxDeckCards)}, DeckEncounter: {Random: intp(MaxDeckCards)}, DeckPower: {Random: intp(MaxDeckCards)}}}

// mixGame is how many events a game of the mix has: a long quest's history.
const mixGame = 20000

// mixedPlay is n events of games played by a seeded random table, made
// apart from the other mixes and generated against a live game so every
// event is legal: whatever step is pending or due is answered (the Scenario
// Die rolled with the game's dice, a card drawn and activated or discarded,
// a spawn paid, Initiative rolled, the ADP's combat turn); otherwise the
// table picks what comes next: a creature acting in a combat turn, a hero's
// test, dice rolled, a door or a trap setting off an Obstacle, a section
// revealed, creatures placed, wounded and taken off, a new turn, and now
// and then a wrong entry taken back by an undo or an undo given back by a
// redo; what the rules refuse now, it does not do. Dice are about a fifth of the events, creature activations a
// seventh, tests a tenth. A new game starts every mixGame events.
func mixedPlay(tb testing.TB, n int) []Event {
	tb.Helper()
	rnd := rand.New(rand.NewPCG(42, 7))
	var out []Event
	var g *Game
	for len(out) < n {
		if len(out)%mixGame == 0 {
			g = mustGame(tb, mixSetup)
		}
		next := mixNext(g, rnd, len(out))
		for try := 0; g.Check(next[0]) != nil && try < 10; try++ {
			next = mixNext(g, rnd, len(out)) // what the table may not do now: something else
		}
		for _, e := range next {
			if _, err := g.Apply(e); err != nil {
				tb.Fatalf("mix, event %d (%s): %v", len(out)+1, e.Type(), err)
			}
			out = append(out, e)
		}
	}
	return out[:n]
}

// mixNext is what the table does next: one event, or a few that go
// together (creatures placed after a spawn, a wrong entry and its undo).
func mixNext(g *Game, rnd *rand.Rand, n int) []Event {
	s := g.State()
	if h := s.Pending.Head(); h != nil {
		return []Event{mixAnswer(g, s, h, rnd)}
	}
	if s.Due != nil {
		return []Event{mixDue(s, rnd)}
	}
	if c, ok := NextToAct(s); ok && s.CombatTurn && rnd.IntN(5) < 3 {
		if len(c.Skills) > 0 && c.Skills[0].Uses < SkillLimit && rnd.IntN(4) == 0 {
			return []Event{&SkillUsed{ID: c.ID, Skill: c.Skills[0].Name}, &CreatureDone{ID: c.ID}}
		}
		return []Event{&CreatureDone{ID: c.ID}}
	}
	return mixIdle(g, s, rnd, n)
}

// mixAnswer answers the pending step h.
func mixAnswer(g *Game, s State, h *Step, rnd *rand.Rand) Event {
	switch h.Kind {
	case StepRoll:
		return g.RollDie()
	case StepSpawn:
		cost := 2 + rnd.IntN(4)
		if h.Reason != SpawnEnemySpotted {
			cost = min(cost, s.Reserve)
		}
		return &Spawn{Cost: cost, Row: 1 + rnd.IntN(6)}
	case StepChoose:
		return &FumbleDraw{Deck: DeckObstacle}
	}
	d := s.Decks.Deck(h.Deck)
	card := &Card{Deck: h.Deck, Outcome: Activated, Name: "Card"}
	if !CardCostsNothing(h.Deck, "") {
		card.Points = 1 + rnd.IntN(3)
	}
	if d.Size <= d.SpecialsLeft.total() {
		card.Name, card.Points, card.Special = "", 0, mixSpecial(d)
	}
	if card.Points > s.Reserve || rnd.IntN(3) == 0 && canGain(&s, card.Points) == nil {
		card.Outcome = Discarded
	}
	return card
}

// mixSpecial is a special card d still holds.
func mixSpecial(d *Deck) string {
	for _, sp := range []string{"thief", "ambush", "reinforcements"} {
		if left := d.SpecialsLeft.count(sp); left != nil && *left > 0 {
			return sp
		}
	}
	return ""
}

// mixDue does the due step.
func mixDue(s State, rnd *rand.Rand) Event {
	switch s.Due.Type {
	case "main_room_placed":
		return &MainRoomPlaced{}
	case "initiative":
		return mixInitiative(rnd, ContextCombat)
	case "combat_range":
		return &CombatRange{Near: rnd.IntN(4) > 0}
	}
	return &AdpCombatTurn{}
}

// mixInitiative is an Initiative roll whose sides never tie.
func mixInitiative(rnd *rand.Rand, context string) *Initiative {
	hero, adp := 1+rnd.IntN(6), 1+rnd.IntN(6)
	if hero == adp {
		adp = hero%6 + 1
	}
	return &Initiative{Context: context, Hero: side(4, 3, hero, 1+rnd.IntN(6)), ADP: side(3, 2, adp, 1+rnd.IntN(6))}
}

var mixActions = []string{"climb", "great_jump", "detect_trap", "bypass_trap"}

// mixIdle is what the table picks when nothing is pending or due.
func mixIdle(g *Game, s State, rnd *rand.Rand, n int) []Event {
	cs := s.Creatures
	switch r := rnd.IntN(200); {
	case r < 44:
		return []Event{&Test{Action: mixActions[rnd.IntN(len(mixActions))], Value: intp(2 + rnd.IntN(4)), Dice: []int{1 + rnd.IntN(6), 1 + rnd.IntN(6)}}}
	case r < 64:
		return []Event{g.Roll([]dice.Kind{dice.D6, dice.TwoD6}[rnd.IntN(2)])}
	case r < 100 && len(cs) > 0:
		c := cs[rnd.IntN(len(cs))]
		if left, _ := vitalityLeft(&s, &c); left == 0 || rnd.IntN(2) == 0 {
			return []Event{&CreatureRemoved{ID: c.ID}}
		}
		return []Event{&CreatureWounded{ID: c.ID, Amount: 1 + rnd.IntN(3)}}
	case r < 118:
		return []Event{&ObstacleTrigger{Reason: []string{"door", "trap", "arrow", "chest", "furniture"}[rnd.IntN(5)]}}
	case r < 134:
		return []Event{&SectionRevealed{Kind: []string{"corridor", "room", "room", "large"}[rnd.IntN(4)]}}
	case r < 142 && len(cs) < 6:
		return mixPlaced(rnd, n, 1+rnd.IntN(2))
	case r < 150:
		return []Event{mixInitiative(rnd, ContextExploration)}
	case r < 151:
		return []Event{&ReserveGained{Amount: 1, Reason: "correction"}, &engine.Undo{}}
	case r < 152:
		return []Event{&engine.Undo{}, &engine.Redo{}}
	case r < 170 && len(cs) > 0 && !s.CombatTurn:
		return []Event{&AdpCombatTurn{}}
	}
	return []Event{&NewTurn{}}
}

// mixPlaced are k creatures put on the board, named after the event that
// placed them.
func mixPlaced(rnd *rand.Rand, n, k int) []Event {
	var out []Event
	for i := range k {
		out = append(out, &CreatureAdded{ID: fmt.Sprintf("m%dc%d", n, i), Name: []string{"Orc", "Goblin", "Skeleton"}[rnd.IntN(3)],
			Behaviour: []string{"melee", "ranged", "beast"}[rnd.IntN(3)], Level: []string{bestiary.LevelRegular, bestiary.LevelRegular, bestiary.LevelElite}[rnd.IntN(3)],
			VP: 2 + rnd.IntN(4), Agility: 3, Perception: 3, Intelligence: 2, Vitality: 2 + rnd.IntN(8), Skills: []string{"Brutal"}[:rnd.IntN(2)]})
	}
	return out
}

// BenchmarkApplyMix applies the mix of mixedPlay, made apart from the other
// benchmarks' (dice, creatures acting, tests, reveals, Obstacles, cards,
// spawns, Initiative, undo), to games that keep their whole history live,
// a new one every mixGame events (not timed). ns/op and B/op are per event.
// It runs twice: with the garbage collector running as it does in the app
// (collector), and with it paused while timed (paused: it collects between
// games), the floor the first is read against in the same run. The goals:
// at most 200 B an event, 1.5M events/s with the collector running, and the
// collector costing at most a tenth more than the floor (make bench).
func BenchmarkApplyMix(b *testing.B) {
	events := mixedPlay(b, 100000)
	b.Run("collector", func(b *testing.B) { applyMix(b, events, false) })
	b.Run("paused", func(b *testing.B) { applyMix(b, events, true) })
}

// applyMix applies events as BenchmarkApplyMix does, with the collector
// paused while timed or not.
func applyMix(b *testing.B, events []Event, paused bool) {
	if paused {
		defer debug.SetGCPercent(debug.SetGCPercent(-1))
	}
	var g *Game
	b.ReportAllocs()
	cpu0 := cpuTime()
	i := 0
	for b.Loop() {
		if i%mixGame == 0 {
			b.StopTimer()
			if i == len(events) {
				i = 0
			}
			g = mustGame(b, mixSetup)
			if paused {
				runtime.GC() // the last game's garbage, not timed
			}
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

// mixBytesCeiling is the most an event of the mix may allocate in Apply,
// the history live: the goal.
const mixBytesCeiling = 200

// TestApplyMixBytes holds Apply to its goal on a game of the mix: the
// bytes it allocates, counted over the whole game, are the same on every
// machine and run (the collector's pace does not change them).
func TestApplyMixBytes(t *testing.T) {
	events := mixedPlay(t, mixGame)
	g := mustGame(t, mixSetup)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i, e := range events {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("event %d (%s): %v", i, e.Type(), err)
		}
	}
	runtime.ReadMemStats(&after)
	per := (after.TotalAlloc - before.TotalAlloc) / uint64(len(events))
	t.Logf("%d B an event over %d events", per, len(events))
	if per > mixBytesCeiling {
		t.Errorf("Apply allocated %d B an event on the mix, more than %d (go test -run ApplyBytesByType -v says where)", per, mixBytesCeiling)
	}
}
