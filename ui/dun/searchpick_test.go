package dunui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// "SEARCHING ROOMS (E)" and "SEARCHING FURNITURE (E)" in the heroes'
// action panel: the rooms offered are core's (revealed, not a corridor,
// not searched yet), the search names the room or piece picked, a piece
// the quest does not list is typed, and a second search of the same one
// shows core's reason with the override.
func TestSearchPickerNamesRoomAndFurniture(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	tapChoice(t, u)
	miss := &dun.Die{Faces: []dice.Symbol{dice.Power}}
	apply(t, u, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
		&dun.SectionRevealed{Section: "embalmers-workshop"}, miss)
	test.Tap(u.table().eventButtons["ui.events.action"])
	p := u.table().actions
	p.pick.SetSelected("Search the room")
	if !p.fields["search"].Visible() {
		t.Fatal("no room picker for a room search in a quest game")
	}
	if want := []string{"Gatehouse", "Embalmers' Workshop"}; !slices.Equal(p.search.sel.Options, want) {
		t.Fatalf("rooms offered %q, want %q (never the Ash Stair or the Processional Way: corridors)", p.search.sel.Options, want)
	}
	p.search.sel.SetSelected("Gatehouse")
	test.Tap(u.button(t, "Roll for me"))
	if e, ok := lastEvent(u).(*dun.Test); !ok || e.Section != "gatehouse" {
		t.Fatalf("search %#v", lastEvent(u))
	}
	test.Tap(u.button(t, "Roll for me"))
	if !strings.Contains(p.notice.Text, "searched only once") || !p.override.Visible() {
		t.Fatalf("second search: notice %q, override shown %v", p.notice.Text, p.override.Visible())
	}

	p.pick.SetSelected("Search furniture")
	if want := []string{"Embalming tables", "Another piece (type its name)"}; !slices.Equal(p.search.sel.Options, want) {
		t.Fatalf("furniture offered %q, want %q", p.search.sel.Options, want)
	}
	if p.search.otherBx.Visible() {
		t.Fatal("the name box shows with a quest's piece picked")
	}
	// The quest allows a trap in the Embalming tables: the box shows it,
	// and the table cannot change it; a piece typed leaves it to them.
	p.search.sel.SetSelected("Embalming tables")
	if !p.trap.Checked || !p.trap.Disabled() {
		t.Fatalf("the quest's trap: ticked %v, locked %v", p.trap.Checked, p.trap.Disabled())
	}
	p.search.sel.SetSelected("Another piece (type its name)")
	if p.trap.Disabled() {
		t.Fatal("a piece typed: the trap box stays locked")
	}
	p.trap.SetChecked(false)
	if !p.search.otherBx.Visible() {
		t.Fatal("no box to type the piece's name")
	}
	test.Type(p.search.other, "Old Sarcophagus")
	test.Tap(u.button(t, "Roll for me"))
	if e, ok := lastEvent(u).(*dun.Test); !ok || e.Furniture != "Old Sarcophagus" || e.Element != "" {
		t.Fatalf("furniture search %#v", lastEvent(u))
	}
	p.search.other.SetText("old  sarcophagus")
	test.Tap(u.button(t, "Roll for me"))
	if !strings.Contains(p.notice.Text, "each piece of furniture is searched only once") || !p.override.Visible() {
		t.Fatalf("the same piece again: notice %q", p.notice.Text)
	}
}
