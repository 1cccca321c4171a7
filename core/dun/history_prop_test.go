package dun

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// Undo, rewind and the engine's re-basing give, after every step of a long
// random game, the state a replay of its records from the start gives.
func TestHistoryMatchesReplay(t *testing.T) {
	setup := Setup{Heroes: 3, GroupVP: 90, LeaderVP: 20, Seed: 3, Rules: Rules{DueSteps: new(bool)}}
	for seed := range uint64(4) {
		r := rand.New(rand.NewPCG(seed, 1))
		g := mustGame(t, setup)
		n, most := 0, 0
		for step := range 4000 {
			var e Event
			switch k := r.IntN(12); {
			case k == 0 && r.IntN(3) == 0 && g.CanUndo():
				e = &Undo{}
			case k == 1 && r.IntN(6) == 0 && g.Effective() > 1:
				e = &Rewind{To: max(0, g.Effective()-1-r.IntN(120))} // back over a re-base, often
			case k == 2:
				n++
				e = creature(fmt.Sprintf("c%d", n), "melee", bestiary.LevelRegular, r.IntN(5)+1, r.IntN(5))
			case k == 3 && len(g.State().Creatures) > 0:
				e = &CreatureRemoved{ID: g.State().Creatures[r.IntN(len(g.State().Creatures))].ID}
			case k == 4:
				e = &ReserveGained{Amount: r.IntN(5) + 1, Reason: "correction"}
			case k == 5:
				e = &AdpCombatTurn{}
			case k == 6:
				e = g.RollDie()
			case k == 7 && len(g.State().Creatures) > 0:
				e = &CreatureDone{ID: g.State().Creatures[r.IntN(len(g.State().Creatures))].ID}
			case k == 8:
				e = &SectionRevealed{Kind: "room"}
			case k == 9:
				e = &Card{Deck: DeckEncounter, Outcome: Discarded, Points: 1}
			default:
				e = &DiceRolled{Dice: dice.TwoD6, Faces: []int{r.IntN(6) + 1, r.IntN(6) + 1}}
			}
			if e == nil {
				continue
			}
			if _, err := g.Apply(e); err != nil {
				continue // refused: nothing changed
			}
			want, err := Resume(g.Setup(), g.Records(), nil) // from the start, no base
			if err != nil {
				t.Fatalf("seed %d step %d: resume: %v", seed, step, err)
			}
			if got, w := stateJSON(t, g.State()), stateJSON(t, want.State()); got != w {
				t.Fatalf("seed %d step %d (%s): live\n%s\nreplay\n%s", seed, step, e.Type(), got, w)
			}
			// Position agrees with the effective records, counted one by one.
			if step%97 == 0 {
				seqs, err := engine.EffectiveSeqs(g.Records())
				if err != nil {
					t.Fatal(err)
				}
				pos := map[int]int{}
				for i, s := range seqs {
					pos[s] = i + 1
				}
				for _, rec := range g.Records() {
					if got := g.Position(rec.Seq); got != pos[rec.Seq] {
						t.Fatalf("seed %d step %d: Position(%d) = %d, want %d", seed, step, rec.Seq, got, pos[rec.Seq])
					}
				}
			}
			most = max(most, g.Effective())
		}
		if most < 2*engine.SnapshotEvery {
			t.Fatalf("seed %d: at most %d events counted: the re-base was not crossed enough", seed, most)
		}
	}
}
