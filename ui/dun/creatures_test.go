package dunui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// addCreatures fills the Add creatures dialog.
func addCreatures(t *testing.T, u *harness, name string, count int, setup func()) {
	t.Helper()
	test.Tap(u.table().eventButtons["ui.creatures.add"])
	for range count - 1 {
		test.Tap(u.button(t, "+1")) // the first +1 on the dialog is "How many alike"
	}
	if setup != nil {
		setup()
	}
	entryTyped(u, name)
	test.Tap(u.button(t, "Add to the roster"))
}

// entryTyped types into the dialog's name field (the first entry on it).
func entryTyped(u *harness, text string) {
	for _, o := range uitest.OnScreen(u.win)[1:] {
		uitest.WalkVisible(o, func(x fyne.CanvasObject) {
			if e, ok := x.(*widget.Entry); ok && e.PlaceHolder == "Name (e.g. Orc archer)" {
				e.SetText(text)
			}
		})
	}
}

func TestAddCreaturesOnScreen(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	addCreatures(t, u, "Orc", 3, nil)
	s := u.game().State()
	if len(s.Creatures) != 3 || s.Creatures[0].ID != "orc-1" || s.Creatures[2].Name != "Orc 3" {
		t.Fatalf("creatures %+v", s.Creatures)
	}
	if !u.hasText("1. Orc 1: Melee fighter, regular") {
		t.Fatalf("roster not shown: %q", u.texts())
	}
	addCreatures(t, u, "Orc", 1, nil)
	if id := u.game().State().Creatures[3].ID; id != "orc" {
		t.Fatalf("a fourth orc got id %q", id)
	}
}

// An ADP combat turn walks each creature through its checklist, in order.
func TestActivationOnScreen(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	g := u.game
	u.u.Session().Apply(&dun.CreatureAdded{ID: "orc", Name: "Orc", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1, Agility: 3})
	u.u.Session().Apply(&dun.CreatureAdded{ID: "archer", Name: "Goblin archer", Behaviour: "ranged", Level: bestiary.LevelRegular, VP: 1, Agility: 3, Ranged: true, Skills: []string{"volley"}})
	u.screen().refresh()
	test.Tap(u.table().eventButtons["ui.combat.start"])
	u.win.Canvas().OnTypedRune()('o') // the Power roll misses
	if !u.hasText("1 of 2: Goblin archer (Ranged fighter, regular) acts now.") || !u.hasText("• Whom it attacks:") {
		t.Fatalf("activation prompt: %q", u.texts())
	}
	for range 3 {
		test.Tap(u.button(t, "volley ("))
	}
	test.Tap(u.button(t, "volley (3/3)"))
	if !strings.Contains(u.notice(), "has used volley 3 times") {
		t.Fatalf("fourth use: notice %q", u.notice())
	}
	test.Tap(u.button(t, "Pick one at random"))
	if h := g().State().Hint; h == nil || h.ID != "hint.random_pick" {
		t.Fatalf("hint %+v", h)
	}
	u.win.Canvas().OnTypedRune()('n') // the archer has acted
	if !u.hasText("2 of 2: Orc (Melee fighter, regular) acts now.") {
		t.Fatalf("second creature: %q", u.texts())
	}
	test.Tap(u.button(t, "Orc has acted"))
	if !u.hasText("Every ADP creature has acted.") {
		t.Fatal("no end of activation")
	}
	test.Tap(u.button(t, "Dead"))
	if n := len(g().State().Creatures); n != 1 {
		t.Fatalf("%d creatures after a death", n)
	}
}

// Initiative takes the ADP's best Perception from the roster.
func TestInitiativePrefilledFromRoster(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	u.u.Session().Apply(&dun.CreatureAdded{ID: "orc", Name: "Orc", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1, Perception: 2, Intelligence: 2})
	u.u.Session().Apply(&dun.CreatureAdded{ID: "wolf", Name: "Wolf", Behaviour: "beast", Level: bestiary.LevelRegular, VP: 2, Perception: 5, Intelligence: 1})
	u.screen().refresh()
	test.Tap(u.table().eventButtons["ui.events.initiative"])
	p := u.table().initiative
	if p.adpPer.Value != 5 || p.adpInt.Value != 1 || !u.hasText("Rolling: Wolf, the best Perception on the board.") {
		t.Fatalf("ADP side %d/%d", p.adpPer.Value, p.adpInt.Value)
	}
}

// A lasting Power card's target defaults to the Leader on the roster.
func TestPowerTargetFromRoster(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"30", "30"}, "10")
	u.u.Session().Apply(&dun.CreatureAdded{ID: "ogre", Name: "Ogre", Behaviour: "melee", Level: bestiary.LevelChampion, VP: 9})
	u.u.Session().Apply(&dun.CreatureAdded{ID: "chief", Name: "Orc chief", Behaviour: "melee", Level: bestiary.LevelLeader, VP: 7})
	u.screen().refresh()
	test.Tap(u.table().eventButtons["ui.combat.start"])
	u.win.Canvas().OnTypedRune()('p') // Power: draw
	var lasts *widget.Check
	for _, root := range uitest.OnScreen(u.win) {
		uitest.WalkVisible(root, func(o fyne.CanvasObject) {
			if c, ok := uitest.CheckOf(o); ok && c.Text == "Its effect lasts" {
				lasts = c
			}
		})
	}
	test.Tap(lasts)
	u.win.Canvas().OnTypedRune()('+')
	test.Tap(u.button(t, "Activate"))
	if sc := u.game().State().Sustained; len(sc) != 1 || sc[0].Target != "chief" {
		t.Fatalf("sustained %+v", sc)
	}
	if !u.hasText("card:") {
		t.Fatal("the roster does not show the lasting card")
	}
}

// Wounds by amount: a Leader of 14 Vitality takes its 14 wounds in one
// entry; the buttons ask the rules whether a wound or a heal applies; a
// creature with none left is offered off the board at the top of the card.
func TestWoundsByAmount(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	u.u.Session().Apply(&dun.CreatureAdded{ID: "king", Name: "King", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 5, Vitality: 14})
	u.screen().refresh()
	row := u.table().creatures.rows[0]
	if !row.heal.Disabled() || row.wound.Disabled() {
		t.Fatal("heal should be off with no wounds, wound on")
	}
	test.Type(row.amount, "14")
	test.Tap(row.wound)
	c, _ := u.game().State().Creature("king")
	if c.Wounds != 14 {
		t.Fatalf("wounds %d, want 14", c.Wounds)
	}
	if !row.wound.Disabled() || row.heal.Disabled() {
		t.Fatal("at no Vitality left: wound off, heal on")
	}
	if row.amount.Text != "" {
		t.Fatalf("the amount stays typed: %q", row.amount.Text)
	}
	ps := u.table().arrange(u.game().Prompts())
	if len(ps) == 0 || !offers[*dun.CreatureRemoved](ps[0]) {
		t.Fatalf("the slain creature's removal is not first: %+v", ps)
	}
	test.Type(row.amount, "x")
	test.Tap(row.heal)
	if u.notice() == "" {
		t.Fatal("a wrong amount was not said")
	}
}

// A creature that acted is greyed during the ADP's combat turn only: the
// next turn starts afresh.
func TestActedCreatureGreyedInItsTurnOnly(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	apply(t, u, &dun.CreatureAdded{ID: "orc", Name: "Orc", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1},
		&dun.AdpCombatTurn{}, &dun.Die{Faces: []dice.Symbol{dice.Obstacle}}, &dun.CreatureDone{ID: "orc"})
	label := u.table().creatures.rows[0].label
	if label.Importance != widget.LowImportance {
		t.Fatal("an orc that acted is not greyed in the combat turn")
	}
	apply(t, u, &dun.NewTurn{})
	if label.Importance == widget.LowImportance {
		t.Fatal("the orc stays greyed in the next turn")
	}
}
