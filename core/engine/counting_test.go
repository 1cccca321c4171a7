package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// counting holds what a plain slice of the indexes would, whatever the
// pushes, pops and cuts: checked against one after every step of random
// runs, with each way of reading it.
func TestCountingIsTheIndexesInOrder(t *testing.T) {
	cases := []struct {
		name       string
		seed       uint64
		popPercent int // how often a step takes back the newest instead of pushing
		cutPercent int // how often it cuts back to a random position
	}{
		{"pushes only: one run", 1, 0, 0},
		{"undos now and then", 2, 10, 0},
		{"many undos", 3, 45, 0},
		{"rewinds", 4, 10, 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rnd := rand.New(rand.NewPCG(tc.seed, 0))
			var c counting
			var model []int
			next := 0 // record indexes only grow, as a game's records do
			for step := range 3000 {
				switch r := rnd.IntN(100); {
				case r < tc.cutPercent && len(model) > 0:
					n := rnd.IntN(len(model))
					if got, want := c.cut(n), model[n:]; !slices.Equal(got, want) {
						t.Fatalf("step %d: cut(%d) gave %v, want %v", step, n, got, want)
					}
					model = model[:n]
				case r < tc.cutPercent+tc.popPercent && len(model) > 0:
					c.pop()
					model = model[:len(model)-1]
				default:
					next += 1 + rnd.IntN(2)*rnd.IntN(3) // now and then a gap: an undone record
					c.push(next)
					model = append(model, next)
				}
				checkCounting(t, step, &c, model)
			}
		})
	}
}

func checkCounting(t *testing.T, step int, c *counting, model []int) {
	t.Helper()
	if c.len() != len(model) {
		t.Fatalf("step %d: len %d, want %d", step, c.len(), len(model))
	}
	if got := slices.Collect(c.from(0)); !slices.Equal(got, model) && len(model) > 0 {
		t.Fatalf("step %d: from(0) %v, want %v", step, got, model)
	}
	if len(model) == 0 {
		return
	}
	p := step % len(model)
	if got := slices.Collect(c.from(p)); !slices.Equal(got, model[p:]) {
		t.Fatalf("step %d: from(%d) %v, want %v", step, p, got, model[p:])
	}
	if got := slices.Collect(c.before(p)); !slices.Equal(got, model[:p]) && p > 0 {
		t.Fatalf("step %d: before(%d) %v, want %v", step, p, got, model[:p])
	}
	if c.at(p) != model[p] || c.last() != model[len(model)-1] {
		t.Fatalf("step %d: at(%d) %d, last %d; want %d, %d", step, p, c.at(p), c.last(), model[p], model[len(model)-1])
	}
	if pos, ok := c.position(model[p]); !ok || pos != p {
		t.Fatalf("step %d: position(%d) %d %v, want %d", step, model[p], pos, ok, p)
	}
	if _, ok := c.position(model[len(model)-1] + 1); ok {
		t.Fatalf("step %d: an index never pushed has a position", step)
	}
}
