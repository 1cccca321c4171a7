package engine

import "iter"

// counting is the indexes of the records that count, in ascending order,
// held as runs of consecutive indexes (spans of record indexes, not of
// sequence numbers): a game's events push the next index one after
// another, and only an undo or a rewind leaves a gap, so a long game needs
// a run for each gap, not a slot for each event.
type counting struct {
	runs []span
	n    int // how many indexes the runs hold
}

// len is how many records count.
func (c *counting) len() int { return c.n }

// push adds record index i, greater than every index held.
func (c *counting) push(i int) {
	if k := len(c.runs); k > 0 && c.runs[k-1].last+1 == i {
		c.runs[k-1].last = i
	} else {
		c.runs = append(c.runs, span{i, i})
	}
	c.n++
}

// last is the greatest index held (the newest record that counts); there
// must be one.
func (c *counting) last() int { return c.runs[len(c.runs)-1].last }

// pop drops the greatest index held; there must be one.
func (c *counting) pop() {
	k := len(c.runs) - 1
	if c.runs[k].first == c.runs[k].last {
		c.runs = c.runs[:k]
	} else {
		c.runs[k].last--
	}
	c.n--
}

// at is the index at position p (from 0).
func (c *counting) at(p int) int {
	start := c.n
	for k := len(c.runs) - 1; k >= 0; k-- {
		start -= c.runs[k].last - c.runs[k].first + 1
		if p >= start {
			return c.runs[k].first + p - start
		}
	}
	panic("counting: position out of range")
}

// from is every index at position p and after, in order.
func (c *counting) from(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		// Find the run holding position p, working back from the newest:
		// an undo replays only the newest events.
		k, start := len(c.runs), c.n
		for k > 0 && start > p {
			k--
			start -= c.runs[k].last - c.runs[k].first + 1
		}
		for ; k < len(c.runs); k++ {
			r := c.runs[k]
			for i := r.first + max(p-start, 0); i <= r.last; i++ {
				if !yield(i) {
					return
				}
			}
			start += r.last - r.first + 1
		}
	}
}

// before is every index at a position below p, in order.
func (c *counting) before(p int) iter.Seq[int] {
	return func(yield func(int) bool) {
		pos := 0
		for _, r := range c.runs {
			for i := r.first; i <= r.last; i++ {
				if pos == p || !yield(i) {
					return
				}
				pos++
			}
		}
	}
}

// position is where index i stands (from 0), if it is held.
func (c *counting) position(i int) (int, bool) {
	start := 0
	for _, r := range c.runs {
		if i < r.first {
			return 0, false
		}
		if i <= r.last {
			return start + i - r.first, true
		}
		start += r.last - r.first + 1
	}
	return 0, false
}

// cut keeps the indexes at the first n positions and returns the others.
func (c *counting) cut(n int) []int {
	var popped []int
	for i := range c.from(n) {
		popped = append(popped, i)
	}
	for c.n > n {
		c.pop()
	}
	return popped
}

// clone is a copy of c that shares nothing with it.
func (c *counting) clone() counting {
	return counting{runs: append([]span(nil), c.runs...), n: c.n}
}
