package dun

import (
	"slices"
	"testing"
)

func resultIDs(s State) []string {
	var ids []string
	for _, r := range s.LastTest.Results {
		ids = append(ids, r.ID)
	}
	return ids
}

// The exploration actions: which test, and what its results mean.
func TestActions(t *testing.T) {
	v := intp
	cases := []struct {
		name    string
		test    Test
		passed  bool
		total   int
		results []string
	}{
		{"picking a lock", Test{Action: "open_lock", Value: v(3), Dice: []int{4, 3}}, true, 10, []string{"result.open_lock.pass"}},
		{"a fumbled lock lets the ADP draw", Test{Action: "open_lock", Value: v(3), Dice: []int{1, 1}}, false, 5, []string{"result.open_lock.fail", "result.fumble_card"}},
		{"riddles are at -2", Test{Action: "riddle", Value: v(3), Dice: []int{4, 4}}, false, 9, []string{"result.riddle.fail"}},
		{"searching a room: 1D3 gold", Test{Action: "search_room", Value: v(4), Dice: []int{3, 3}, Extra: []int{5}}, true, 10, []string{"result.search_room.pass", "result.search_room.gold"}},
		{"searching a room, double 6: a minor magic object too", Test{Action: "search_room", Value: v(0), Dice: []int{6, 6}, Extra: []int{1}}, true, 12, []string{"result.search_room.pass", "result.search_room.gold", "result.search_room.magic"}},
		{"detecting a trap on double 6: +1 to disarm or bypass", Test{Action: "detect_trap", Value: v(2), Target: 9, Dice: []int{6, 6}}, true, 14, []string{"result.detect_trap.pass", "result.detect_trap.bonus"}},
		{"a great jump over 2 squares in melee range: -2", Test{Action: "great_jump", Value: v(4), Modifier: -2, Dice: []int{4, 3}}, false, 9, []string{"result.great_jump.fail"}},
		{"running: +2D6 squares, at most double", Test{Action: "run", Value: v(5), Dice: []int{6, 6}}, true, 10, []string{"result.run"}},
		{"running: +2D6 squares", Test{Action: "run", Value: v(5), Dice: []int{2, 1}}, true, 8, []string{"result.run"}},
		{"running: double 1, no move", Test{Action: "run", Value: v(5), Dice: []int{1, 1}}, false, 0, []string{"result.run.tripped"}},
		{"corpses of middle level: 3 gp per 5+", Test{Action: "search_corpses", Level: "middle", Dice: []int{5, 6, 1, 4}}, true, 6, []string{"result.search_corpses"}},
		{"furniture without a possible trap", Test{Action: "search_furniture", Dice: []int{1, 1}}, false, 2, []string{"result.search_furniture"}},
		{"a plain Willpower test", Test{Attribute: "willpower", Value: v(2), Target: 8, Dice: []int{3, 3}}, true, 8, []string{"result.generic.pass"}},
		{"a repeated secret-door search gives the ADP 3 points", Test{Action: "secret_door", Value: v(3), Dice: []int{2, 2}, Repeat: true}, false, 7, []string{"result.secret_door.fail", "result.secret_door.repeat", "result.fumble_card"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			e := c.test
			play(t, g, &e)
			s := g.State()
			if s.LastTest.Passed != c.passed || s.LastTest.Total != c.total || !slices.Equal(resultIDs(s), c.results) {
				t.Fatalf("%+v results %v", s.LastTest.Outcome, resultIDs(s))
			}
			wantReserve := 30
			if e.Repeat {
				wantReserve += SecretDoorRepeatPoints
			}
			draws := slices.Contains(c.results, "result.fumble_card") // a draw waits: see TestFumbleDraws
			if s.Reserve != wantReserve || (len(s.Pending) != 0) != draws {
				t.Fatalf("reserve %d pending %v", s.Reserve, s.Pending)
			}
		})
	}
}

// A critical failure searching furniture where the quest allows a trap is an
// ADP Obstacle trigger ("Obstacle Cards", last case).
func TestFurnitureFumbleTriggersObstacle(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	play(t, g, &Test{Action: "search_furniture", Trap: true, Dice: []int{1, 1}})
	samePending(t, g, "roll:obstacle")
	refused(t, g, &Test{Action: "search_furniture", Trap: true, Dice: []int{1, 1}}, "rule.flow.busy")
	play(t, g, &Test{Action: "open_lock", Value: intp(2), Dice: []int{3, 3}}) // tests go on meanwhile
}

func TestTestRefusals(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 1, GroupVP: 20, LeaderVP: 5})
	cases := []struct {
		name string
		test Test
		rule string
	}{
		{"missing attribute value", Test{Action: "open_lock", Dice: []int{3, 3}}, "rule.test.value_missing"},
		{"no attribute at all", Test{Value: intp(3), Dice: []int{3, 3}}, "rule.test.attribute"},
		{"unknown attribute", Test{Attribute: "charm", Value: intp(3), Dice: []int{3, 3}}, "rule.test.attribute"},
		{"unknown action", Test{Action: "dance", Value: intp(3), Dice: []int{3, 3}}, "rule.test.action"},
		{"wrong attribute for the action", Test{Action: "open_lock", Attribute: "strength", Value: intp(3), Dice: []int{3, 3}}, "rule.test.attribute_mismatch"},
		{"die face 0", Test{Action: "open_lock", Value: intp(3), Dice: []int{0, 3}}, "rule.dice.face"},
		{"three dice for a test", Test{Action: "open_lock", Value: intp(3), Dice: []int{1, 2, 3}}, "rule.dice.count"},
		{"nothing to roll to break a door", Test{Action: "break_door", Dice: []int{3, 3}}, "rule.test.nothing_to_roll"},
		{"room search without its 1D3", Test{Action: "search_room", Value: intp(3), Dice: []int{3, 3}}, "rule.test.extra_needed"},
		{"corpses of an unknown level", Test{Action: "search_corpses", Level: "epic", Dice: []int{5}}, "rule.test.level"},
		{"corpses without dice", Test{Action: "search_corpses", Level: "low"}, "rule.test.corpses_dice"},
		{"a repeat of something else", Test{Action: "open_chest", Value: intp(3), Dice: []int{3, 3}, Repeat: true}, "rule.test.repeat"},
		{"running without Movement", Test{Action: "run", Dice: []int{3, 3}}, "rule.test.value_missing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := c.test
			refused(t, g, &e, c.rule)
		})
	}
}

func TestRollTest(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 1, GroupVP: 20, LeaderVP: 5, Seed: 4})
	e := g.RollTest(Test{Action: "search_corpses", Level: "low"}, 5)
	if len(e.Dice) != 5 {
		t.Fatalf("%d dice for 5 corpses", len(e.Dice))
	}
	play(t, g, e)
	room := g.RollTest(Test{Action: "search_room", Value: intp(2)}, 0)
	if len(room.Dice) != 2 || len(room.Extra) != 1 {
		t.Fatalf("room search dice %v extra %v", room.Dice, room.Extra)
	}
	play(t, g, room)
	if g.State().Rolls != 3+2 {
		t.Fatalf("rolls %d", g.State().Rolls)
	}
}
