package engine

import "math/rand/v2"

// D6s rolls count six-sided dice with a game's seeded source. The n-th roll
// of a game always gives the same faces for the same seed, so a roll can be
// recomputed; it is still recorded in its event, and replay never rolls.
func D6s(seed uint64, n, count int) []int {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	faces := make([]int, count)
	for i := range faces {
		faces[i] = r.IntN(6) + 1
	}
	return faces
}
