package main

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// realisticScript is a script of n events: a setup, then rounds of 13
// events as a game goes (a turn, a door and its Obstacle roll, a room and
// its die, a creature that fights and dies, Initiative, a lock, a
// correction), every one of them accepted.
func realisticScript(tb testing.TB, n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"setup": {"heroes": 3, "group_vp": 60, "leader_vp": 20, "seed": 1, "rules": {"increased_difficulty": false}}}` + "\n")
	per, intel := func(v int) *int { return &v }, func(v int) *int { return &v }
	for i, round := 0, 0; i < n; round++ {
		id := fmt.Sprintf("c%d", round)
		for _, e := range []engine.Event{
			&dun.NewTurn{},
			&dun.ObstacleTrigger{Reason: "door"}, &dun.Die{Faces: []dice.Symbol{dice.Power}},
			&dun.SectionRevealed{Kind: "room"}, &dun.Die{Faces: []dice.Symbol{dice.Obstacle}},
			&dun.CreatureAdded{ID: id, Name: "Orc", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 3, Agility: 3, Perception: 3, Intelligence: 2},
			&dun.AdpCombatTurn{}, &dun.Die{Faces: []dice.Symbol{dice.Obstacle}},
			&dun.CreatureDone{ID: id}, &dun.CreatureRemoved{ID: id},
			&dun.Initiative{Context: dun.ContextCombat,
				Hero: dun.InitiativeSide{Perception: per(4), Intelligence: intel(3), Dice: []int{6, 5}},
				ADP:  dun.InitiativeSide{Perception: per(3), Intelligence: intel(2), Dice: []int{2, 1}}},
			&dun.Test{Action: "open_lock", Value: per(3), Dice: []int{4, 4}},
			&dun.ReserveGained{Amount: 1, Reason: "correction"},
		} {
			if i == n {
				break
			}
			line, err := engine.Encode(e)
			if err != nil {
				tb.Fatal(err)
			}
			b.Write(line)
			b.WriteByte('\n')
			i++
		}
	}
	return b.Bytes()
}

// BenchmarkScript runs "conductor script" on realistic games of 1,000,
// 10,000 and 100,000 events. Output grows with the events, not with their
// square: ns/event and out-B/event stay flat from one size to the next.
func BenchmarkScript(b *testing.B) {
	tr := translations.New("en")
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("events=%d", n), func(b *testing.B) {
			in := realisticScript(b, n)
			var out countingWriter
			for i := 0; i < b.N; i++ {
				out = 0
				if code := runScript(bytes.NewReader(in), &out, io.Discard, tr, false); code != exitApplied {
					b.Fatalf("exit status %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/event")
			b.ReportMetric(float64(out)/float64(n), "out-B/event")
		})
	}
}

// countingWriter counts what is written to it.
type countingWriter int64

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}
