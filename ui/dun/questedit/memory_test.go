package questedit

import (
	"runtime"
	"testing"
)

// heapInUse is the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// Rebuilding the side panel again and again (a click on the map, a tab, a
// step undone) keeps the memory it had: each text's caption and the spawn
// table were drawn under a theme scope of their own, made anew at each
// rebuild, and every scope parsed the fonts again and kept them for the
// life of the app (10 MB and more a rebuild).
func TestPanelRebuildsKeepMemoryFlat(t *testing.T) {
	const rebuilds = 20
	const allowed = 40 << 20 // far below a font set a rebuild
	for _, c := range []struct {
		name string
		part string
	}{
		{"the quest's texts (a caption a text)", partQuest},
		{"the Leader and the spawn table", partCreatures},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "en", laptop, tomb(t))
			h.ed.showPart(c.part)
			h.win.Canvas().Capture()
			before := heapInUse()
			for range rebuilds {
				h.ed.buildPanel()
				h.win.Content().Refresh()
				h.win.Canvas().Capture()
			}
			if grew := int64(heapInUse()) - int64(before); grew > allowed {
				t.Errorf("the heap grew by %d MB over %d rebuilds (allowed %d MB)", grew>>20, rebuilds, allowed>>20)
			}
		})
	}
}
