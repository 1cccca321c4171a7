package dunui

import (
	"image/png"
	"os"
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// "Opening Locked Doors", "Breaking Down Doors/Chests" (Dungeon
// Universalis, "The Turn, Movement and Exploring Actions"): the defect as a user met it: after a failed lock
// test the locked door vanished from the card, and breaking it down on the
// map opened it as a plain door, with no broken door's Scenario Die. Now
// the door stays on the card with Break it down…, each turn of it is
// recorded, and the door giving way reveals the section with the broken
// door's roll (re-rolled after a miss).
func TestBreakingDownDoorsChests_FailedLockStaysOnTheCard(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	tapChoice(t, u)
	miss := &dun.Die{Faces: []dice.Symbol{dice.Power}}
	apply(t, u, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
		&dun.SectionRevealed{Section: "ossuary"}, miss, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1})
	u.screen().refresh()
	test.Tap(uitest.Button(t, u.win, "A hero will try to open it (Obstacle roll first)"))
	if h := u.game().State().Pending.Head(); h == nil || h.Deck != dun.DeckObstacle {
		t.Fatalf("no Obstacle roll at the declaration: %+v", u.game().State().Pending)
	}
	apply(t, u, miss, &dun.Test{Action: "open_lock", Hero: "hero-1", Dice: []int{1, 2}, Exit: "gallery-of-kings"})
	u.screen().refresh()
	if !uitest.HasText(u.win, "The door to “Gallery of Kings” stays shut") {
		t.Fatalf("the door left the card after the failed lock: %q", uitest.TextsIn(u.win))
	}
	breakTurn := func(plus int) {
		t.Helper()
		test.Tap(uitest.Button(t, u.win, "Break it down…"))
		for range plus {
			uitest.TapInDialog(t, u.win, "+1")
		}
		uitest.TapInDialog(t, u.win, "Record this turn")
		u.screen().refresh()
	}
	breakTurn(3)
	if uitest.HasText(u.win, "Tried this turn already.") == false {
		t.Fatalf("the card does not say the turn's try is done: %q", uitest.TextsIn(u.win))
	}
	apply(t, u, &dun.NewTurn{})
	u.screen().refresh()
	capture(t, u, "doors_break.png")
	breakTurn(2)
	s := u.game().State()
	if !slices.Contains(s.Revealed, "gallery-of-kings") || s.DoorTurns != 2 {
		t.Fatalf("revealed %v after %d turns", s.Revealed, s.DoorTurns)
	}
	if h := s.Pending.Head(); h == nil || h.Deck != dun.DeckEncounter || !h.Reroll || !h.BrokenDoor {
		t.Fatalf("no broken door's Scenario Die: %+v", s.Pending)
	}
}

// capture writes the window to bin/uitest/name when CONDUCTOR_SHOTS is set,
// to look at by eye.
func capture(t *testing.T, u *harness, name string) {
	dir := os.Getenv("CONDUCTOR_SHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(dir + "/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, u.win.Canvas().Capture()); err != nil {
		t.Fatal(err)
	}
}
