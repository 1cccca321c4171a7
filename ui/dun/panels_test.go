package dunui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui"
)

func setDice(p *ui.DicePair, a, b int) {
	test.Tap(p.A.Buttons[a-1])
	test.Tap(p.B.Buttons[b-1])
}

// The Initiative text's example entered by hand: an elf rolling 3 and 5
// beats an orc of Intelligence 3, who is caught by surprise.
func TestInitiativePanel(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(u.table().eventButtons["ui.events.initiative"])
	p := u.table().initiative
	p.heroPer.Set(4)
	p.adpPer.Set(2)
	p.adpInt.Set(3)
	setDice(p.heroDice, 3, 5)
	setDice(p.adpDice, 2, 3)
	test.Tap(u.button(t, "Record my dice"))
	s := u.game().State()
	if s.Initiative == nil || s.Initiative.Winner != dun.SideHeroes || s.Initiative.Surprised != dun.SideADP || s.Turn != 2 {
		t.Fatalf("%+v turn %d", s.Initiative, s.Turn)
	}
	for _, want := range []string{"The heroes win: a new heroes' turn starts at once", "the heroes may move each enemy within 6 squares"} {
		if !u.hasText(want) {
			t.Fatalf("%q not on screen: %q", want, u.texts())
		}
	}
}

// A tie Intelligence cannot break asks for another round of dice.
func TestInitiativePanelReroll(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(u.table().eventButtons["ui.events.initiative"])
	p := u.table().initiative
	setDice(p.heroDice, 3, 3)
	setDice(p.adpDice, 4, 2)
	test.Tap(u.button(t, "Record my dice"))
	if len(p.rerolls) != 2 || u.game().State().Initiative != nil {
		t.Fatalf("%d reroll rows; initiative %+v", len(p.rerolls), u.game().State().Initiative)
	}
	if !strings.Contains(p.notice.Text, "both sides roll again") {
		t.Fatalf("notice %q", p.notice.Text)
	}
	setDice(p.rerolls[0], 1, 2)
	setDice(p.rerolls[1], 6, 6)
	test.Tap(u.button(t, "Record my dice"))
	if r := u.game().State().Initiative; r == nil || r.Winner != dun.SideADP || r.Rerolls != 1 {
		t.Fatalf("%+v", r)
	}
}

// The app rolls Initiative itself, ties and all.
func TestInitiativePanelRolls(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(u.table().eventButtons["ui.events.initiative"])
	test.Tap(u.button(t, "Roll for both"))
	if u.game().State().Initiative == nil {
		t.Fatal("no Initiative recorded")
	}
}

// Searching a room by hand: Perception test, then the 1D3 of gold.
func TestActionPanelSearchRoom(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(u.table().eventButtons["ui.events.action"])
	p := u.table().actions
	p.pick.SetSelected("Search the room")
	if !p.fields["extra"].Visible() || p.fields["corpses"].Visible() || !u.hasText("Success finds 1D3 gold") {
		t.Fatal("the room search does not show its 1D3 and help")
	}
	test.Tap(u.button(t, "Record my dice"))
	if !strings.Contains(p.notice.Text, "A die face goes from 1 to 6") {
		t.Fatalf("no dice entered: notice %q", p.notice.Text)
	}
	setDice(p.dice, 4, 3)
	test.Tap(p.extra.Buttons[4]) // a 5: 3 gold
	test.Tap(u.button(t, "Record my dice"))
	if !strings.Contains(p.result.Text, "Gold found: 3.") || !strings.Contains(p.result.Text, "Search the room: 10 against 10, passed.") {
		t.Fatalf("result %q", p.result.Text)
	}
}

// A fumbled furniture search where a trap is possible starts the ADP's roll.
func TestActionPanelFurnitureFumble(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(u.table().eventButtons["ui.events.action"])
	p := u.table().actions
	p.pick.SetSelected("Search furniture")
	p.trap.SetChecked(true)
	setDice(p.dice, 1, 1)
	test.Tap(u.button(t, "Record my dice"))
	if s := u.game().State(); len(s.Pending) != 1 || s.Pending[0].Deck != dun.DeckObstacle {
		t.Fatalf("pending %+v", s.Pending)
	}
	if !strings.Contains(p.result.Text, "the ADP rolls for an Obstacle") {
		t.Fatalf("result %q", p.result.Text)
	}
}
