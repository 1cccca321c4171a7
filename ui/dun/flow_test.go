package dunui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// "Obstacle Cards" on screen: the trigger button, the die, the card.
func TestObstacleFlowOnScreen(t *testing.T) {
	u, store := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(u.button(t, "Door or chest opened"))
	if !u.table().eventButtons["ui.trigger.arrow"].Disabled() {
		t.Fatal("other triggers stay enabled while a roll is pending")
	}
	if !u.hasText("Roll the Scenario Die (a door, trapdoor, gate or chest is being opened)") {
		t.Fatalf("roll prompt missing: %q", u.texts())
	}
	test.Tap(u.button(t, "Obstacle  [O]"))
	if !u.hasText("Draw the top Obstacle card (14 left)") {
		t.Fatalf("draw prompt missing: %q", u.texts())
	}
	test.Tap(u.button(t, "+1"))
	test.Tap(u.button(t, "+1"))
	test.Tap(u.button(t, "+1"))
	test.Tap(u.button(t, "Activate"))
	s := u.game().State()
	if s.Reserve != 27 || s.Decks.Obstacle.Size != 13 || len(s.Pending) != 0 {
		t.Fatalf("reserve %d, deck %+v", s.Reserve, s.Decks.Obstacle)
	}
	if !u.hasText("Obstacle: 13 left · 1 activated · 0 discarded") {
		t.Fatalf("decks panel: %q", u.texts())
	}
	if u.table().eventButtons["ui.trigger.arrow"].Disabled() {
		t.Fatal("triggers still disabled after the flow ended")
	}
	if len(store.Records[1]) != 4 {
		t.Fatalf("%d records saved", len(store.Records[1]))
	}
}

// A physical die with a re-roll due: the first miss asks for the second face.
func TestPhysicalRerollOnScreen(t *testing.T) {
	u, _ := newFlowGame(t, "4", []string{"25", "25", "25", "25"}, "20")
	test.Tap(u.button(t, "Exploration arrow"))
	if !u.hasText("If the first roll misses, roll once more (experienced group).") {
		t.Fatalf("re-roll note missing: %q", u.texts())
	}
	test.Tap(u.button(t, "Power  [P]"))
	if !u.hasText("First roll: Power. Roll again") {
		t.Fatal("no request for the second face")
	}
	test.Tap(u.button(t, "Obstacle  [O]"))
	s := u.game().State()
	if len(s.Pending) != 1 || s.Pending[0].Kind != dun.StepDraw || s.Rolls != 2 {
		t.Fatalf("pending %+v rolls %d", s.Pending, s.Rolls)
	}
}

// An Encounter card's spawn the reserve cannot pay is refused with its
// reason; the card can then be discarded instead.
func TestSpawnOnScreen(t *testing.T) {
	u, _ := newFlowGame(t, "1", []string{"20"}, "12")
	test.Tap(u.button(t, "Room"))
	test.Tap(u.button(t, "Encounter  [E]"))
	test.Tap(u.button(t, "Activate"))
	if !u.hasText("Roll 1D6 on the faction's Creature Spawn Table") {
		t.Fatalf("spawn prompt missing: %q", u.texts())
	}
	for range 10 {
		u.win.Canvas().OnTypedRune()('+') // + raises the cost
	}
	// Paying is off, and the card says why.
	if !u.button(t, "Pay the spawn").Disabled() || !u.hasText("The reserve (8) cannot pay this spawn (10): discard the card instead.") {
		t.Fatalf("pay enabled or no reason: %q", u.texts())
	}
	test.Tap(u.button(t, "Cannot pay: discard the card"))
	s := u.game().State()
	if len(s.Pending) != 0 || s.Decks.Encounter.Discarded != 1 || s.Reserve != 8 {
		t.Fatalf("pending %+v deck %+v reserve %d", s.Pending, s.Decks.Encounter, s.Reserve)
	}
}

// The frequent buttons answer to keys typed anywhere on the table screen.
func TestKeyboardShortcuts(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	typed := u.win.Canvas().OnTypedRune()
	test.Tap(u.button(t, "Trap location"))
	typed('r') // the app rolls
	for len(u.game().State().Pending) > 0 && u.game().State().Pending[0].Kind == dun.StepDraw {
		typed('+')
		typed('d') // discard for 1 point
	}
	if n := len(u.game().State().Pending); n != 0 {
		t.Fatalf("%d steps still pending", n)
	}
	before := u.game().State().Turn
	typed('n')
	if u.game().State().Turn != before+1 {
		t.Fatal("N did not start the next turn")
	}
	typed('u')
	if u.game().State().Turn != before {
		t.Fatal("U did not undo")
	}
}

// The rule options of the New game dialog are saved with the game.
func TestRuleOptionsSaved(t *testing.T) {
	store := uitest.NewMemStore()
	u := newTestUI(t, store)
	f := u.form()
	f.conductor.SetSelected(f.conductor.Options[1])
	check := func(id string) *ui.WrapCheck { return f.rules.Input(id).(*ui.WrapCheck) }
	if !check("leader_fix").Disabled() || check("rotating_extra_action").Disabled() {
		t.Fatal("the Leader options do not follow the Conductor mode")
	}
	check("rotating_extra_action").SetChecked(true)
	check("increased_difficulty").SetChecked(false)
	f.encounters.SetText("14")
	test.Tap(startButton(t, u))
	s := setupOf(store, 1)
	if s.Rules.IncreasedDifficulty == nil || *s.Rules.IncreasedDifficulty || !s.Rules.RotatingExtraAction || s.Rules.LeaderFix || s.EncounterCardsAvailable != 14 {
		t.Fatalf("setup %+v rules %+v", s, s.Rules)
	}
}

// Every event button asks the rules: while the ADP's roll is pending, what
// starts another flow waits, and what may happen at any time stays on.
func TestEventButtonsFollowTheRules(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(u.button(t, "Room"))
	buttons := u.table().eventButtons
	for _, id := range []string{"ui.combat.start", "ui.trigger.door", "ui.section.corridor"} {
		if !buttons[id].Disabled() {
			t.Errorf("%s enabled while a roll is pending", id)
		}
	}
	for _, id := range []string{"ui.events.initiative", "ui.events.action", "ui.events.spend", "ui.events.roll_1d6", "ui.creatures.add"} {
		if buttons[id].Disabled() {
			t.Errorf("%s disabled while a roll is pending", id)
		}
	}
	for id, b := range buttons {
		if want := u.table().allowed(id) == nil; b.Disabled() == want {
			t.Errorf("%s: disabled %v, the rules say allowed %v", id, b.Disabled(), want)
		}
	}
}

// The Main Room opens once: its button greys out after its reveal, while
// the other sections stay available between flows (Check asks the rules
// with the event itself, not only its type).
func TestMainRoomButtonOnce(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	buttons := u.table().eventButtons
	if buttons["ui.section.main"].Disabled() {
		t.Fatal("the Main Room is closed before its reveal")
	}
	u.game().Apply(&dun.SectionRevealed{Kind: "main"})
	u.game().Apply(&dun.Spawn{Cost: 1})
	u.game().Apply(&dun.Die{Faces: []dice.Symbol{dice.Power}})
	u.table().refresh()
	if len(u.game().State().Pending) != 0 {
		t.Fatalf("still pending: %+v", u.game().State().Pending)
	}
	if !buttons["ui.section.main"].Disabled() || buttons["ui.section.room"].Disabled() {
		t.Fatalf("main disabled %v, room disabled %v", buttons["ui.section.main"].Disabled(), buttons["ui.section.room"].Disabled())
	}
}

// A discard for 0 points asks first; with points it goes through at once.
func TestDiscardAtZeroAsks(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(u.button(t, "Door or chest opened"))
	test.Tap(u.button(t, "Obstacle  [O]"))
	test.Tap(u.button(t, "Discard"))
	if len(u.game().State().Pending) == 0 {
		t.Fatal("a discard for 0 points went through without asking")
	}
	uitest.TapInDialog(t, u.win, "Yes")
	if s := u.game().State(); len(s.Pending) != 0 || s.Decks.Obstacle.Discarded != 1 {
		t.Fatalf("confirmed discard not applied: %+v", s.Decks.Obstacle)
	}
	test.Tap(u.button(t, "Door or chest opened"))
	test.Tap(u.button(t, "Obstacle  [O]"))
	test.Tap(u.button(t, "+1"))
	test.Tap(u.button(t, "Discard"))
	if s := u.game().State(); len(s.Pending) != 0 || s.Reserve != 31 {
		t.Fatalf("a discard for 1 point asked or failed: reserve %d", s.Reserve)
	}
}

// New game says when the Leader would take the whole group's VP (the
// defaults, 2 heroes of 15 VP, with a 30-VP Leader): legal, rarely meant.
func TestNewGameWarnsOfAnEmptyReserve(t *testing.T) {
	u := newTestUI(t, uitest.NewMemStore())
	fillForm(u.form(), "2", []string{"15", "15"}, "30")
	u.form().refresh()
	if !u.hasText("the ADP starts with 0 reserve points") {
		t.Fatalf("no note: %q", u.texts())
	}
	fillForm(u.form(), "2", []string{"20", "15"}, "30")
	u.form().refresh()
	if u.hasText("the ADP starts with 0 reserve points") {
		t.Fatal("a note with 5 points left")
	}
}
