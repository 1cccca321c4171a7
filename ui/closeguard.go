package ui

import (
	"sync"

	"fyne.io/fyne/v2"
)

// What is open inside a window with work not saved (an editor shown as a
// dialog over the window) guards the window's close button: the window
// asks each guard before it closes.
var (
	guardsMu sync.Mutex
	guards   = map[fyne.Window][]*closeGuard{}
)

type closeGuard struct {
	ask func(closeWindow func()) bool
}

// GuardClose registers ask for w's close button. ask says whether it holds
// unsaved work; if it does, it asks the person (keep editing, or discard)
// and calls closeWindow once they discard, and the window stays open until
// then. release ends the guard (the editor closed).
func GuardClose(w fyne.Window, ask func(closeWindow func()) bool) (release func()) {
	g := &closeGuard{ask: ask}
	guardsMu.Lock()
	guards[w] = append(guards[w], g)
	guardsMu.Unlock()
	return func() {
		guardsMu.Lock()
		defer guardsMu.Unlock()
		list := guards[w]
		for i, x := range list {
			if x == g {
				guards[w] = append(list[:i:i], list[i+1:]...)
				break
			}
		}
		if len(guards[w]) == 0 {
			delete(guards, w)
		}
	}
}

// AskBeforeClose asks w's guards, newest first; true when one holds unsaved work
// and has asked (closeWindow then runs on a discard).
func AskBeforeClose(w fyne.Window, closeWindow func()) bool {
	guardsMu.Lock()
	list := append([]*closeGuard(nil), guards[w]...)
	guardsMu.Unlock()
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].ask(closeWindow) {
			return true
		}
	}
	return false
}
