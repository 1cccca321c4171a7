package dun

import (
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// "The Turn, Movement and Exploring Actions", EXPLORATION AND COMBAT: once
// the table answered that no hero is within 12 squares of an enemy, the
// turn is an exploration turn: the ADP's combat turn is refused, for the
// range, until the answer is yes, a new turn asks again, or the ADP wins
// an Initiative.
func TestExplorationAndCombatNoCombatTurnOutOfRange(t *testing.T) {
	far, near := &CombatRange{Near: false}, &CombatRange{Near: true}
	adpWins := &Initiative{Hero: side(2, 2, 2, 2), ADP: side(4, 3, 6, 5)}
	spawnRoom := []Event{&SectionRevealed{Kind: "room"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated, Name: "Patrol"},
		&Spawn{Cost: 3, Row: 1}, orc("orc-2")}
	off := false
	cases := []struct {
		name    string
		rules   Rules
		events  []Event
		refused bool
	}{
		{"no hero within range: an exploration turn, refused", Rules{}, []Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}, far}, true},
		{"within range: the combat turn applies", Rules{}, []Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}, near}, false},
		{"the answer turned to yes in the turn: applies", Rules{}, []Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}, far, near}, false},
		{"not answered yet: applies, as before", Rules{}, []Event{&NewTurn{}, orc("orc-1")}, false},
		{"the ADP won the Initiative exploring: its turn applies", Rules{}, append([]Event{&NewTurn{}, orc("orc-1"), far, &NewTurn{}, far},
			append(spawnRoom[:len(spawnRoom):len(spawnRoom)], adpWins)...), false},
		{"without the combat range rule: applies", Rules{CombatRange: &off}, []Event{&NewTurn{}, orc("orc-1")}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Rules: c.rules})
			play(t, g, c.events...)
			if c.refused {
				refused(t, g, &AdpCombatTurn{}, "rule.combat.out_of_range")
				if g.Allowed("adp_combat_turn") == nil {
					t.Fatal("the UI is offered a combat turn the game refuses")
				}
				return
			}
			if _, err := g.Apply(&AdpCombatTurn{}); err != nil {
				t.Fatalf("refused: %v", err)
			}
			if !g.State().CombatTurn {
				t.Fatal("no combat turn")
			}
		})
	}
}

// The combat range (EXPLORATION AND COMBAT) is a distance to the enemies on
// the board: with none there, or without the rule, an answer is refused.
// With enemies it is taken even when not asked: heroes who move may come
// within range in the turn.
func TestExplorationAndCombatRangeOnlyWithEnemies(t *testing.T) {
	off := false
	cases := []struct {
		name    string
		rules   Rules
		events  []Event
		refused bool
	}{
		{"a new game, no enemy on the board: refused", Rules{}, nil, true},
		{"a turn with no enemy: refused", Rules{}, []Event{&NewTurn{}}, true},
		{"every enemy gone: refused", Rules{}, []Event{&NewTurn{}, orc("orc-1"), &CombatRange{}, &CreatureRemoved{ID: "orc-1"}}, true},
		{"without the combat range rule: refused", Rules{CombatRange: &off}, []Event{&NewTurn{}, orc("orc-1"), &AdpCombatTurn{}, die(dice.Obstacle)}, true},
		{"asked: taken", Rules{}, []Event{&NewTurn{}, orc("orc-1")}, false},
		{"answered already, the heroes moved closer: taken", Rules{}, []Event{&NewTurn{}, orc("orc-1"), &CombatRange{}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Rules: c.rules})
			play(t, g, c.events...)
			if c.refused {
				refused(t, g, &CombatRange{Near: true}, "rule.combat_range.not_asked")
				return
			}
			play(t, g, &CombatRange{Near: true})
		})
	}
}

// "Breaking Down Doors/Chests": a door is reinforced or not from the
// heroes' first try; saying it is on a later try is refused.
func TestBreakingDownDoorsReinforcedOnFirstTryOnly(t *testing.T) {
	cases := []struct {
		name      string
		first     bool // the first try says reinforced
		later     bool // the second try says reinforced
		refused   bool
		vitalityL int // Vitality left after the tries (when taken)
	}{
		{"plain, then said reinforced: refused", false, true, true, 0},
		{"reinforced, then said again: refused", true, true, true, 0},
		{"reinforced on the first try, then nothing said: taken", true, false, false, ReinforcedDoorVitality - 2},
		{"plain both times: taken", false, false, false, DoorVitality - 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := toOssuary(t)
			play(t, g, &OpenDeclared{Exit: "gallery-of-kings"}, die(dice.Power), lockTest(1, 2))
			play(t, g, &BreakAttempt{Exit: "gallery-of-kings", Damage: 1, Reinforced: c.first}, &NewTurn{})
			second := &BreakAttempt{Exit: "gallery-of-kings", Damage: 1, Reinforced: c.later}
			if c.refused {
				refused(t, g, second, "rule.break.reinforced_later")
				return
			}
			play(t, g, second)
			if v := g.State().Breaking[0].Vitality; v != c.vitalityL {
				t.Fatalf("Vitality %d, want %d", v, c.vitalityL)
			}
		})
	}
}

// "SEARCHING FURNITURE (E)" with a quest: a piece's trap_allowed decides
// whether a fumbled search (double 1) of it sets off a trap (the Obstacle
// roll); a trap said where the quest allows none is refused. A piece typed
// at the table keeps the table's word.
func TestSearchingFurnitureQuestTrapAllowed(t *testing.T) {
	noTrap := func(src string) string { return strings.Replace(src, "  trap_allowed = true\n", "", 1) }
	fumble := func(element, typed string, trap bool) *Test {
		return &Test{Action: "search_furniture", Dice: []int{1, 1}, Element: element, Furniture: typed, Trap: trap}
	}
	cases := []struct {
		name     string
		edit     func(string) string
		search   *Test
		refused  string
		triggers bool // an Obstacle roll pending after it
	}{
		{"allowed, the event silent: the quest's trap goes off", nil, fumble("barrels", "", false), "", true},
		{"allowed and said: goes off", nil, fumble("barrels", "", true), "", true},
		{"not allowed, nothing said: no trap", noTrap, fumble("barrels", "", false), "", false},
		{"not allowed but said: refused", noTrap, fumble("barrels", "", true), "rule.search.no_trap_here", false},
		{"a piece typed at the table, trap said: goes off", noTrap, fumble("", "old chest", true), "", true},
		{"a piece typed at the table, nothing said: no trap", nil, fumble("", "old chest", false), "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := questGame(t, testQuest(t, c.edit))
			revealCellar(t, g)
			if c.refused != "" {
				refused(t, g, c.search, c.refused)
				return
			}
			play(t, g, c.search)
			h := g.State().Pending.Head()
			if got := h != nil && h.Kind == StepRoll && h.Deck == DeckObstacle; got != c.triggers {
				t.Fatalf("trap's Obstacle roll pending %v, want %v (%+v)", got, c.triggers, g.State().Pending)
			}
		})
	}
	g := questGame(t, testQuest(t, nil))
	revealCellar(t, g)
	if ts := SearchTargets(g.State(), g.Setup(), "search_furniture"); len(ts) != 1 || !ts[0].Trap {
		t.Fatalf("the barrels' trap is not offered with them: %+v", ts)
	}
}
