package main

import (
	"os"
	"runtime/debug"
)

// windowMemoryLimit is the Go heap's soft limit while the app's window is
// open (debug.SetMemoryLimit). By default the collector lets the heap grow
// to twice what it keeps before collecting: with the quest editor open on
// a quest with pictures it keeps about 130 MB (90 MB of it fonts Fyne
// parses for each theme scope), so the heap reached 260 MB and more
// between collections, the resident set 490 MB (docs/speed.md, memory by
// real input). Under this limit the collector runs sooner when garbage
// would pass it. It is a complement, not the fix (the pictures and the
// quest file are no longer copied at each key), and not a cap: a heap
// that keeps more than this gets it, Go holding the collector to half the
// CPU. GOMEMLIMIT, when set, wins.
const windowMemoryLimit = 224 << 20

// limitMemory sets windowMemoryLimit unless GOMEMLIMIT gives one.
func limitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(windowMemoryLimit)
	}
}
