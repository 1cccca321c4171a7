package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
)

// button finds a visible button whose label starts with prefix.
func button(t *testing.T, u *UI, prefix string) *widget.Button {
	t.Helper()
	b := findButton(u.win, prefix)
	if b == nil {
		t.Fatalf("no button %q on screen: %q", prefix, visibleTexts(u.win))
	}
	return b
}

func newFlowGame(t *testing.T, heroes string, vp []string, leader string) (*UI, *memStore) {
	t.Helper()
	store := newMemStore()
	u := newTestUI(t, store)
	startGame(t, u, heroes, vp, leader)
	tapChoice(t, u) // turn 1
	return u, store
}

// "Obstacle Cards" on screen: the trigger button, the die, the card.
func TestObstacleFlowOnScreen(t *testing.T) {
	u, store := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(button(t, u, "Door or chest opened"))
	if !u.table.eventButtons["ui.trigger.arrow"].Disabled() {
		t.Fatal("other triggers stay enabled while a roll is pending")
	}
	if !hasText(u.win, "Roll the Scenario Die (a door, trapdoor, gate or chest is being opened)") {
		t.Fatalf("roll prompt missing: %q", visibleTexts(u.win))
	}
	test.Tap(button(t, u, "Obstacle  [O]"))
	if !hasText(u.win, "Draw the top Obstacle card (14 left)") {
		t.Fatalf("draw prompt missing: %q", visibleTexts(u.win))
	}
	test.Tap(button(t, u, "+1"))
	test.Tap(button(t, u, "+1"))
	test.Tap(button(t, u, "+1"))
	test.Tap(button(t, u, "Activate"))
	s := u.sess.game.State()
	if s.Reserve != 27 || s.Decks.Obstacle.Size != 13 || len(s.Pending) != 0 {
		t.Fatalf("reserve %d, deck %+v", s.Reserve, s.Decks.Obstacle)
	}
	if !hasText(u.win, "Obstacle: 13 left · 1 activated · 0 discarded") {
		t.Fatalf("decks panel: %q", visibleTexts(u.win))
	}
	if u.table.eventButtons["ui.trigger.arrow"].Disabled() {
		t.Fatal("triggers still disabled after the flow ended")
	}
	if len(store.records[1]) != 4 {
		t.Fatalf("%d records saved", len(store.records[1]))
	}
}

// A physical die with a re-roll due: the first miss asks for the second face.
func TestPhysicalRerollOnScreen(t *testing.T) {
	u, _ := newFlowGame(t, "4", []string{"25", "25", "25", "25"}, "20")
	test.Tap(button(t, u, "Exploration arrow"))
	if !hasText(u.win, "If the first roll misses, roll once more (experienced group).") {
		t.Fatalf("re-roll note missing: %q", visibleTexts(u.win))
	}
	test.Tap(button(t, u, "Power  [P]"))
	if !hasText(u.win, "First roll: Power. Roll again") {
		t.Fatal("no request for the second face")
	}
	test.Tap(button(t, u, "Obstacle  [O]"))
	s := u.sess.game.State()
	if len(s.Pending) != 1 || s.Pending[0].Kind != dun.StepDraw || s.Rolls != 2 {
		t.Fatalf("pending %+v rolls %d", s.Pending, s.Rolls)
	}
}

// An Encounter card's spawn the reserve cannot pay is refused with its
// reason; the card can then be discarded instead.
func TestSpawnOnScreen(t *testing.T) {
	u, _ := newFlowGame(t, "1", []string{"20"}, "12")
	test.Tap(button(t, u, "Room"))
	test.Tap(button(t, u, "Encounter  [E]"))
	test.Tap(button(t, u, "Activate"))
	if !hasText(u.win, "Roll 1D6 on the faction's Creature Spawn Table") {
		t.Fatalf("spawn prompt missing: %q", visibleTexts(u.win))
	}
	for range 10 {
		u.win.Canvas().OnTypedRune()('+') // + raises the cost
	}
	test.Tap(button(t, u, "Pay the spawn"))
	if want := "Not done: The reserve (8) cannot pay this spawn (10): discard the card instead."; u.table.notice.Text != want {
		t.Fatalf("notice %q, want %q", u.table.notice.Text, want)
	}
	test.Tap(button(t, u, "Cannot pay: discard the card"))
	s := u.sess.game.State()
	if len(s.Pending) != 0 || s.Decks.Encounter.Discarded != 1 || s.Reserve != 8 {
		t.Fatalf("pending %+v deck %+v reserve %d", s.Pending, s.Decks.Encounter, s.Reserve)
	}
}

// The frequent buttons answer to keys typed anywhere on the table screen.
func TestKeyboardShortcuts(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	typed := u.win.Canvas().OnTypedRune()
	test.Tap(button(t, u, "Trap location"))
	typed('r') // the app rolls
	for len(u.sess.game.State().Pending) > 0 && u.sess.game.State().Pending[0].Kind == dun.StepDraw {
		typed('+')
		typed('d') // discard for 1 point
	}
	if n := len(u.sess.game.State().Pending); n != 0 {
		t.Fatalf("%d steps still pending", n)
	}
	before := u.sess.game.State().Turn
	typed('n')
	if u.sess.game.State().Turn != before+1 {
		t.Fatal("N did not start the next turn")
	}
	typed('u')
	if u.sess.game.State().Turn != before {
		t.Fatal("U did not undo")
	}
}

// The rule options of the New game dialog are saved with the game.
func TestRuleOptionsSaved(t *testing.T) {
	store := newMemStore()
	u := newTestUI(t, store)
	f := u.newGame
	f.conductor.SetSelected(f.conductor.Options[1])
	if !f.leaderFix.Disabled() || f.rotating1.Disabled() {
		t.Fatal("the Leader options do not follow the Conductor mode")
	}
	f.rotating1.SetChecked(true)
	f.difficulty.SetChecked(false)
	f.encounters.SetText("14")
	test.Tap(startButton(t, u))
	s := store.setups[1]
	if s.Rules.IncreasedDifficulty == nil || *s.Rules.IncreasedDifficulty || !s.Rules.RotatingExtraAction || s.Rules.LeaderFix || s.EncounterCardsAvailable != 14 {
		t.Fatalf("setup %+v rules %+v", s, s.Rules)
	}
}
