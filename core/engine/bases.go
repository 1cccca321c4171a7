package engine

// bases are the states an undo or a rewind replays from, for Game and Fold
// alike: the newest, taken every SnapshotEvery events that count, and the
// one before it, so that undoing the very event a base was taken on does
// not replay from the start.
type bases[S any] struct {
	base    S
	baseLen int // base is the state after the first baseLen events that count
	prev    S
	prevLen int
}

// take makes s, the state after n events that count, the newest base.
func (b *bases[S]) take(s S, n int) {
	b.prev, b.prevLen = b.base, b.baseLen
	b.base, b.baseLen = s, n
}

// cutBases lets go of the bases the events that count were cut below (n are
// left), falling back to the one before, or to the start (init).
func (b *bases[S]) cutBases(n int, init func() (S, []Message)) {
	var zero S
	if b.prevLen > n {
		b.prev, b.prevLen = zero, 0
	}
	if b.baseLen > n {
		b.base, b.baseLen = b.prev, b.prevLen
		b.prev, b.prevLen = zero, 0
		if b.baseLen == 0 {
			b.base, _ = init()
		}
	}
}
