package engine

// recordLog is a game's records in order: those Records has handed out in
// one slice (flat), then those applied since in chunks of chunkLen. A long
// game's log grows without copying what it holds: an append that
// outgrows a slice copies every record into a new array (and zeroes it
// first), which for a game applying events as fast as it can cost more than
// the engine's own work on an event. Records, which the shell asks once a
// step, moves the chunks onto the slice.
type recordLog struct {
	flat   []Record
	chunks [][]Record // each of capacity chunkLen, every one full but the last
	inTail int        // how many records the chunks hold
}

// chunkLen is how many records a chunk holds (a power of two).
const chunkLen = 512

// len is how many records there are.
func (l *recordLog) len() int { return len(l.flat) + l.inTail }

// at is record i (from 0).
func (l *recordLog) at(i int) *Record {
	if i < len(l.flat) {
		return &l.flat[i]
	}
	i -= len(l.flat)
	return &l.chunks[i/chunkLen][i%chunkLen]
}

// add appends r.
func (l *recordLog) add(r Record) {
	if l.inTail%chunkLen == 0 {
		l.chunks = append(l.chunks, make([]Record, 0, chunkLen))
	}
	c := &l.chunks[len(l.chunks)-1]
	*c = append(*c, r)
	l.inTail++
}

// all is every record in one slice: the chunks moved onto flat, which
// doubles when it must grow.
func (l *recordLog) all() []Record {
	if l.inTail == 0 {
		return l.flat
	}
	if n := len(l.flat) + l.inTail; n > cap(l.flat) {
		flat := make([]Record, len(l.flat), max(2*cap(l.flat), n, 16))
		copy(flat, l.flat)
		l.flat = flat
	}
	for i, c := range l.chunks {
		l.flat = append(l.flat, c...)
		l.chunks[i] = nil
	}
	l.chunks, l.inTail = l.chunks[:0], 0
	return l.flat
}
