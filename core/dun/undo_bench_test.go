package dun

import (
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// BenchmarkUndo10000 takes back the last event of a live game of 10,000
// realistic events, and plays it again: an undo of the event just applied
// puts back the state the engine kept from before it (a reserve correction
// writes into no array the state owns); another undo would replay from the
// game's last base, not from the start. across_base takes back the very
// event the engine re-based on (every engine.SnapshotEvery events).
func BenchmarkUndo10000(b *testing.B) {
	for _, across := range []bool{false, true} {
		name := map[bool]string{false: "within_base", true: "across_base"}[across]
		b.Run(name, func(b *testing.B) {
			g := mustGame(b, Setup{Heroes: 3, GroupVP: 60, LeaderVP: 20, Seed: 1, Rules: Rules{IncreasedDifficulty: new(bool)}})
			for n := 0; g.Effective() < 10000; n++ {
				for _, e := range realisticCycle(n) {
					if _, err := g.Apply(e); err != nil {
						b.Fatal(err)
					}
				}
			}
			// Stop just before a re-base (across) or just after one.
			for g.Effective()%engine.SnapshotEvery != map[bool]int{false: 1, true: engine.SnapshotEvery - 1}[across] {
				if _, err := g.Apply(&ReserveGained{Amount: 1, Reason: "correction"}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.Apply(&ReserveGained{Amount: 1, Reason: "correction"}); err != nil {
					b.Fatal(err)
				}
				if _, err := g.Apply(&Undo{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
