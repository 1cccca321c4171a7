package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
)

// addCreatures fills the Add creatures dialog.
func addCreatures(t *testing.T, u *UI, name string, count int, setup func()) {
	t.Helper()
	test.Tap(u.table.eventButtons["ui.creatures.add"])
	for range count - 1 {
		test.Tap(button(t, u, "+1")) // the first +1 on the dialog is "How many alike"
	}
	if setup != nil {
		setup()
	}
	entryTyped(u, name)
	test.Tap(button(t, u, "Add to the roster"))
}

// entryTyped types into the dialog's name field (the first entry on it).
func entryTyped(u *UI, text string) {
	for _, o := range onScreen(u.win)[1:] {
		walkVisible(o, func(x fyneObject) {
			if e, ok := x.(*entryWidget); ok && e.PlaceHolder == "Name (e.g. Orc archer)" {
				e.SetText(text)
			}
		})
	}
}

func TestAddCreaturesOnScreen(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	addCreatures(t, u, "Orc", 3, nil)
	s := u.sess.game.State()
	if len(s.Creatures) != 3 || s.Creatures[0].ID != "orc-1" || s.Creatures[2].Name != "Orc 3" {
		t.Fatalf("creatures %+v", s.Creatures)
	}
	if !hasText(u.win, "1. Orc 1: Melee fighter, regular, VP 1") {
		t.Fatalf("roster not shown: %q", visibleTexts(u.win))
	}
	addCreatures(t, u, "Orc", 1, nil)
	if id := u.sess.game.State().Creatures[3].ID; id != "orc" {
		t.Fatalf("a fourth orc got id %q", id)
	}
}

// An ADP combat turn walks each creature through its checklist, in order.
func TestActivationOnScreen(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	g := func() *dun.Game { return u.sess.game }
	u.sess.apply(&dun.CreatureAdded{ID: "orc", Name: "Orc", Behaviour: "melee", Level: dun.LevelRegular, VP: 1, Agility: 3})
	u.sess.apply(&dun.CreatureAdded{ID: "archer", Name: "Goblin archer", Behaviour: "ranged", Level: dun.LevelRegular, VP: 1, Agility: 3, Ranged: true, Skills: []string{"volley"}})
	u.table.refresh()
	test.Tap(u.table.eventButtons["ui.combat.start"])
	u.win.Canvas().OnTypedRune()('o') // the Power roll misses
	if !hasText(u.win, "1 of 2: Goblin archer (Ranged fighter, regular) acts now.") || !hasText(u.win, "• Whom it attacks:") {
		t.Fatalf("activation prompt: %q", visibleTexts(u.win))
	}
	for range 3 {
		test.Tap(button(t, u, "volley ("))
	}
	test.Tap(button(t, u, "volley (3/3)"))
	if !strings.Contains(u.table.notice.Text, "has used volley 3 times") {
		t.Fatalf("fourth use: notice %q", u.table.notice.Text)
	}
	test.Tap(button(t, u, "Pick one at random"))
	if h := g().State().Hint; h == nil || h.ID != "hint.random_pick" {
		t.Fatalf("hint %+v", h)
	}
	u.win.Canvas().OnTypedRune()('n') // the archer has acted
	if !hasText(u.win, "2 of 2: Orc (Melee fighter, regular) acts now.") {
		t.Fatalf("second creature: %q", visibleTexts(u.win))
	}
	test.Tap(button(t, u, "Orc has acted"))
	if !hasText(u.win, "Every ADP creature has acted.") {
		t.Fatal("no end of activation")
	}
	test.Tap(button(t, u, "Dead"))
	if n := len(g().State().Creatures); n != 1 {
		t.Fatalf("%d creatures after a death", n)
	}
}

// Initiative takes the ADP's best Perception from the roster.
func TestInitiativePrefilledFromRoster(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	u.sess.apply(&dun.CreatureAdded{ID: "orc", Name: "Orc", Behaviour: "melee", Level: dun.LevelRegular, VP: 1, Perception: 2, Intelligence: 2})
	u.sess.apply(&dun.CreatureAdded{ID: "wolf", Name: "Wolf", Behaviour: "beast", Level: dun.LevelRegular, VP: 2, Perception: 5, Intelligence: 1})
	u.table.refresh()
	test.Tap(u.table.eventButtons["ui.events.initiative"])
	p := u.table.initiative
	if p.adpPer.value != 5 || p.adpInt.value != 1 || !hasText(u.win, "Rolling: Wolf, the best Perception on the board.") {
		t.Fatalf("ADP side %d/%d", p.adpPer.value, p.adpInt.value)
	}
}

// A lasting Power card's target defaults to the Leader on the roster.
func TestPowerTargetFromRoster(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"30", "30"}, "10")
	u.sess.apply(&dun.CreatureAdded{ID: "ogre", Name: "Ogre", Behaviour: "melee", Level: dun.LevelChampion, VP: 9})
	u.sess.apply(&dun.CreatureAdded{ID: "chief", Name: "Orc chief", Behaviour: "melee", Level: dun.LevelLeader, VP: 7})
	u.table.refresh()
	test.Tap(u.table.eventButtons["ui.combat.start"])
	u.win.Canvas().OnTypedRune()('p') // Power: draw
	var lasts *widget.Check
	for _, root := range onScreen(u.win) {
		walkVisible(root, func(o fyne.CanvasObject) {
			if c, ok := o.(*widget.Check); ok && c.Text == "Its effect lasts" {
				lasts = c
			}
		})
	}
	test.Tap(lasts)
	u.win.Canvas().OnTypedRune()('+')
	test.Tap(button(t, u, "Activate"))
	if sc := u.sess.game.State().Sustained; len(sc) != 1 || sc[0].Target != "chief" {
		t.Fatalf("sustained %+v", sc)
	}
	if !hasText(u.win, "card:") {
		t.Fatal("the roster does not show the lasting card")
	}
}
