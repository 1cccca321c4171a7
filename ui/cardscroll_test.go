package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

// Every new step is read from the top of the card: a card scrolled down to
// an old step's input comes back up; a refused event leaves it where it is.
func TestCardScrollsBackToTheTop(t *testing.T) {
	g := newToy(t, toySetup{Count: 30, Marks: 12})
	a, w, _, _ := newTestArea(t, g, PromptParts{})
	w.Resize(fyne.NewSize(600, 300)) // the card of 12 marks is taller than this
	a.Refresh()
	a.card.ScrollToBottom()
	if a.card.Offset.Y == 0 {
		t.Fatal("the card does not scroll: make it taller than the window")
	}
	a.Do(&ToyAdd{By: -1000}) // refused
	if a.card.Offset.Y == 0 {
		t.Fatal("a refused event moved the card")
	}
	// A step: the same tall card with a new count.
	a.Do(&ToyAdd{By: -1})
	if a.card.Offset.Y != 0 {
		t.Fatalf("the new step is not shown from the top: offset %v", a.card.Offset.Y)
	}
}
