package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/dunconductor/conductor/core/dun"
)

// Every new step is read from the top of the card: a card scrolled down to
// an old step's input comes back up; a refused event leaves it where it is.
func TestCardScrollsBackToTheTop(t *testing.T) {
	g, err := dun.NewGame(dun.Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	if err != nil {
		t.Fatal(err)
	}
	a, w, _, _ := newTestArea(t, g, PromptParts{})
	w.Resize(fyne.NewSize(600, 300)) // the setup's card is taller than this
	a.Refresh()
	a.card.ScrollToBottom()
	if a.card.Offset.Y == 0 {
		t.Fatal("the card does not scroll: make it taller than the window")
	}
	a.Do(&dun.ReserveSpent{Amount: 1000, Reason: "correction"}) // refused
	if a.card.Offset.Y == 0 {
		t.Fatal("a refused event moved the card")
	}
	// A correction before turn 1: the same tall card with a new reserve.
	a.Do(&dun.ReserveSpent{Amount: 1, Reason: "correction"})
	if a.card.Offset.Y != 0 {
		t.Fatalf("the new step is not shown from the top: offset %v", a.card.Offset.Y)
	}
}
