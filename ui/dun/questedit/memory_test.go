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
// step undone) keeps the memory it had: each text's caption was drawn
// under a theme scope of its own, made anew at each rebuild and each
// refresh, and every scope parsed the fonts again and kept them for the
// life of the app (25 MB a rebuild of the quest's texts). The creatures
// tab's Leader and spawn table still make a scope each when it is rebuilt
// (not tested here).
func TestPanelRebuildsKeepMemoryFlat(t *testing.T) {
	const rebuilds = 20
	const allowed = 40 << 20 // far below a font set a rebuild
	for _, c := range []struct {
		name string
		part string
	}{
		{"the quest's texts (a caption a text)", partQuest},
		{"the texts' tab (red boxes and notes)", partTexts},
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
