package dun

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// searchRoom and searchFurniture are passed searches (the dice do not
// matter to which room or piece may be searched).
func searchRoom(section string, override bool) *Test {
	return &Test{Action: "search_room", Value: intp(3), Dice: []int{4, 4}, Extra: []int{2}, Section: section, Override: override}
}

func searchFurniture(element, name string, override bool) *Test {
	return &Test{Action: "search_furniture", Dice: []int{3, 4}, Element: element, Furniture: name, Override: override}
}

// revealCellar reveals the test quest's room (the start is a corridor).
func revealCellar(t *testing.T, g *Game) {
	t.Helper()
	play(t, g, &SectionRevealed{Section: "cellar"}, die(dice.Power))
}

// "SEARCHING ROOMS (E)": heroes in a room (not a corridor) which has not
// been searched before may search it. With a quest the test names the
// room; a corridor is refused, and so is a room searched already unless
// the Conductor overrides it. Without a quest, nothing is kept.
func TestSearchingRoomsOnceNeverACorridor(t *testing.T) {
	cases := []struct {
		name   string
		quest  bool
		before []Event
		try    *Test
		rule   string // "" when allowed
	}{
		{"a revealed room is searched", true, nil, searchRoom("cellar", false), ""},
		{"a room searched already is refused", true, []Event{searchRoom("cellar", false)}, searchRoom("cellar", false), "rule.search.room_searched"},
		{"a failed search counts: the room has been searched", true, []Event{&Test{Action: "search_room", Value: intp(0), Dice: []int{1, 2}, Extra: []int{2}, Section: "cellar"}}, searchRoom("cellar", false), "rule.search.room_searched"},
		{"the Conductor may override a second search", true, []Event{searchRoom("cellar", false)}, searchRoom("cellar", true), ""},
		{"a corridor is never searched", true, nil, searchRoom("stairs", false), "rule.search.corridor"},
		{"not even overridden", true, nil, searchRoom("stairs", true), "rule.search.corridor"},
		{"a room not revealed yet", true, nil, searchRoom("den", false), "rule.search.room_unknown"},
		{"the room must be named", true, nil, searchRoom("", false), "rule.search.room_needed"},
		{"without a quest, searching again is the table's call", false, []Event{searchRoom("", false)}, searchRoom("", false), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			if c.quest {
				g = questGame(t, testQuest(t, nil))
				revealCellar(t, g)
			}
			play(t, g, c.before...)
			if c.rule != "" {
				refused(t, g, c.try, c.rule)
				return
			}
			play(t, g, c.try)
		})
	}
}

// The rooms offered are the revealed rooms not searched yet, never a
// corridor ("SEARCHING ROOMS (E)").
func TestSearchTargetsOfferUnsearchedRoomsOnly(t *testing.T) {
	g := questGame(t, testQuest(t, nil))
	rooms := func() []string {
		var ids []string
		for _, r := range SearchTargets(g.State(), g.Setup(), "search_room") {
			ids = append(ids, r.Section)
		}
		return ids
	}
	steps := []struct {
		name string
		do   func()
		want []string
	}{
		{"the start is a corridor: nothing to search", func() {}, nil},
		{"the cellar revealed is offered", func() { revealCellar(t, g) }, []string{"cellar"}},
		{"searched, it is offered no more", func() { play(t, g, searchRoom("cellar", false)) }, nil},
	}
	for _, s := range steps {
		s.do()
		if got := rooms(); !slices.Equal(got, s.want) {
			t.Fatalf("%s: offered %v, want %v", s.name, got, s.want)
		}
	}
}

// "SEARCHING FURNITURE (E)": each piece of furniture can be searched just
// once. With a quest the test names the piece: a furniture element of a
// revealed section, or a name typed at the table (the same piece however
// it is spaced or capitalised).
func TestSearchingFurnitureOnce(t *testing.T) {
	cases := []struct {
		name   string
		quest  bool
		before []Event
		try    *Test
		rule   string
	}{
		{"the quest's barrels are searched", true, nil, searchFurniture("barrels", "", false), ""},
		{"searched again: refused", true, []Event{searchFurniture("barrels", "", false)}, searchFurniture("barrels", "", false), "rule.search.furniture_searched"},
		{"overridden: allowed", true, []Event{searchFurniture("barrels", "", false)}, searchFurniture("barrels", "", true), ""},
		{"a piece typed at the table", true, nil, searchFurniture("", "Old chest", false), ""},
		{"the same piece typed again, spaced and capitalised otherwise", true, []Event{searchFurniture("", "Old chest", false)}, searchFurniture("", "  old   CHEST ", false), "rule.search.furniture_searched"},
		{"another piece typed is searched", true, []Event{searchFurniture("", "Old chest", false)}, searchFurniture("", "Statue", false), ""},
		{"an element that is not furniture", true, nil, searchFurniture("cellar-secret", "", false), "rule.search.furniture_unknown"},
		{"both an element and a name", true, nil, searchFurniture("barrels", "statue", false), "rule.test.two_targets"},
		{"no piece named", true, nil, searchFurniture("", "  ", false), "rule.search.furniture_needed"},
		{"a name too long", true, nil, searchFurniture("", "a very long name for a piece of furniture indeed", false), "rule.search.furniture_long"},
		{"without a quest, as before", false, []Event{searchFurniture("", "", false)}, searchFurniture("", "", false), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			if c.quest {
				g = questGame(t, testQuest(t, nil))
				revealCellar(t, g)
			}
			play(t, g, c.before...)
			if c.rule != "" {
				refused(t, g, c.try, c.rule)
				return
			}
			play(t, g, c.try)
		})
	}
	g := questGame(t, testQuest(t, nil))
	revealCellar(t, g)
	if got := SearchTargets(g.State(), g.Setup(), "search_furniture"); len(got) != 1 || got[0].Element != "barrels" {
		t.Fatalf("furniture offered %+v, want the barrels", got)
	}
	play(t, g, searchFurniture("barrels", "", false))
	if got := SearchTargets(g.State(), g.Setup(), "search_furniture"); len(got) != 0 {
		t.Fatalf("searched barrels still offered: %+v", got)
	}
}

// A second search refused is one the Conductor may override; a corridor
// is not.
func TestSearchRefusalsOverridable(t *testing.T) {
	g := questGame(t, testQuest(t, nil))
	revealCellar(t, g)
	play(t, g, searchRoom("cellar", false))
	for _, c := range []struct {
		try  *Test
		want bool
	}{{searchRoom("cellar", false), true}, {searchRoom("stairs", false), false}} {
		if got := Overridable(g.Check(c.try)); got != c.want {
			t.Errorf("%s: overridable %v, want %v", c.try.Section, got, c.want)
		}
	}
}
