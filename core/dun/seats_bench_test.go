package dun

import "testing"

// BenchmarkSeatsAfterAStep times what the shell asks of the game's seats
// after every step (each hero's actions and view) at the Tomb's first
// Initiative, beside BenchmarkSeatsBaseline, one event applied, in the same
// run: the ratio is what a step costs more with phones seated.
func BenchmarkSeatsAfterAStep(b *testing.B) {
	g := seatTomb(new(testing.T), nil)
	b.ResetTimer()
	for range b.N {
		for _, s := range g.Seats() {
			_ = g.SeatActions(s.ID)
			if _, err := g.SeatView(s.ID); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkSeatsBaseline applies one event at the same moment and takes
// it back (the Initiative's heroes' roll, then an undo).
func BenchmarkSeatsBaseline(b *testing.B) {
	g := seatTomb(new(testing.T), nil)
	b.ResetTimer()
	for range b.N {
		if _, err := g.Apply(&InitiativeHeroRolled{Hero: "hero-1", Dice: []int{3, 4}}); err != nil {
			b.Fatal(err)
		}
		if _, err := g.Apply(&Undo{}); err != nil {
			b.Fatal(err)
		}
	}
}
