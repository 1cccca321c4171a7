package dun

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// Opening doors and chests (doors.go). Each case cites its rule text:
// Dungeon Universalis's Artificial Dark Player rules, "Obstacle Cards";
// its "The Turn, Movement and Exploring Actions" rules, "Opening Locked
// Doors", "Opening Chests", "Breaking Down Doors/Chests", "Detecting and
// Avoiding Traps", "Disarming Traps".

// toOssuary plays the Tomb (table flow, new game) to the Ossuary, whose
// far door is locked (into the Gallery of Kings).
func toOssuary(t *testing.T) *Game {
	t.Helper()
	s := tombGame(t).Setup()
	s.HeroVP, s.GroupVP = nil, 0
	for _, name := range []string{"Ann", "Bo", "Cy"} {
		s.Party = append(s.Party, PartyHero{Name: name, VP: 25, Perception: 4, Intelligence: 3, Agility: 3, Dexterity: 3, Strength: 3, Movement: 5})
	}
	g := mustGame(t, s)
	play(t, g, &NewTurn{})
	for _, id := range []string{"gatehouse", "processional-way", "ossuary"} {
		play(t, g, &ExitOpened{Section: id}, die(dice.Power), &SectionRevealed{Section: id})
		if id == "ossuary" { // a large section: the die, then its card always
			play(t, g, die(dice.Power), &Card{Deck: DeckEncounter, Outcome: Discarded, Points: 2})
		} else {
			play(t, g, die(dice.Power))
		}
	}
	return g
}

func lockTest(d1, d2 int) *Test {
	return &Test{Action: "open_lock", Hero: "hero-1", Value: intp(3), Dice: []int{d1, d2}, Exit: "gallery-of-kings"}
}

// "Obstacle Cards": the Scenario Die is rolled when a character declares
// he wants to open a door or chest, before the lock test; "Opening Locked
// Doors": a passed test reveals the section (no second Obstacle roll); a
// failed one leaves the door to break down.
func TestObstacleCards_OpeningDeclaredBeforeTheLockTest(t *testing.T) {
	cases := []struct {
		name    string
		dice    [2]int
		pending []string // after the test
		prompts []string // wanted among the card's prompts after it
		absent  []string
	}{
		{"a passed lock: the reveal, no second roll", [2]int{6, 5}, []string{StepReveal}, []string{"prompt.reveal"}, []string{"prompt.roll"}},
		{"a failed lock: the door stays on the card to break down", [2]int{1, 2}, nil, []string{"prompt.break.door"}, []string{"prompt.exits.locked"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := toOssuary(t)
			// Before the declaration the test is refused, and the card offers it.
			refused(t, g, lockTest(c.dice[0], c.dice[1]), "rule.open.declare_first")
			i := slices.IndexFunc(g.Prompts(), func(p Prompt) bool { return p.ID == "prompt.exits.locked" })
			if i < 0 || len(g.Prompts()[i].Choices) != 1 {
				t.Fatalf("the card does not offer the declaration: %v", promptIDs(g))
			}
			play(t, g, g.Prompts()[i].Choices[0].Event)
			if h := g.State().Pending.Head(); h == nil || h.Kind != StepRoll || h.Deck != DeckObstacle || h.Reason != "door" {
				t.Fatalf("the declaration rolls no Obstacle first: %+v", g.State().Pending)
			}
			refused(t, g, &OpenDeclared{Exit: "gallery-of-kings"}, "rule.flow.busy")
			play(t, g, die(dice.Power))
			refused(t, g, &OpenDeclared{Exit: "gallery-of-kings"}, "rule.open.declared_twice")
			// Declared: the lock test is the card's now.
			if i := slices.IndexFunc(g.Prompts(), func(p Prompt) bool { return p.ID == "prompt.exits.locked" }); i < 0 || g.Prompts()[i].Input != InputLockTest {
				t.Fatalf("no lock test offered: %v", promptIDs(g))
			}
			play(t, g, lockTest(c.dice[0], c.dice[1]))
			var kinds []string
			for _, st := range g.State().Pending {
				kinds = append(kinds, st.Kind)
			}
			if !slices.Equal(kinds, c.pending) {
				t.Fatalf("pending %v, want %v", kinds, c.pending)
			}
			ids := promptIDs(g)
			for _, want := range c.prompts {
				if !slices.Contains(ids, want) {
					t.Fatalf("prompts %v lack %s", ids, want)
				}
			}
			for _, not := range c.absent {
				if slices.Contains(ids, not) {
					t.Fatalf("prompts %v have %s", ids, not)
				}
			}
		})
	}
	// Saves from before the rule: the roll after a passed test, as played.
	off := false
	g := tombGame(t)
	g2 := mustGame(t, Setup{HeroVP: []int{25, 25, 25}, QuestData: g.Setup().QuestData, Seed: 1, Rules: Rules{TableFlow: g.Setup().Rules.TableFlow, DueSteps: g.Setup().Rules.DueSteps, OpenDeclared: &off}})
	play(t, g2, &NewTurn{})
	for _, id := range []string{"gatehouse", "processional-way", "ossuary"} {
		play(t, g2, &ExitOpened{Section: id}, die(dice.Power), &SectionRevealed{Section: id})
		for len(g2.State().Pending) > 0 {
			if g2.State().Pending[0].Kind == StepRoll {
				play(t, g2, die(dice.Power))
			} else {
				play(t, g2, &Card{Deck: DeckEncounter, Outcome: Discarded, Points: 2})
			}
		}
	}
	play(t, g2, lockTest(6, 5))
	if h := g2.State().Pending.Head(); h == nil || h.Kind != StepRoll {
		t.Fatalf("an old save's lock lost its roll after the test: %+v", g2.State().Pending)
	}
}

// "Breaking Down Doors/Chests": Armor 5 and 5 Vitality (6 and 6
// reinforced); one try a turn; the turns spent give the enemies behind the
// door +1 Initiative each; the section is revealed as a broken door's: the
// Encounter roll repeated after a miss, nobody surprised. A chest broken
// open is opened with no test.
func TestBreakingDownDoorsChests(t *testing.T) {
	cases := []struct {
		name       string
		reinforced bool
		hits       []int // damage after the Armor, one turn each
		turns      int   // when it gives way
	}{
		{"a door: 5 Vitality over two turns", false, []int{3, 2}, 2},
		{"a reinforced door: 6 Vitality, a third turn", true, []int{3, 2, 1}, 3},
		{"one big hit", false, []int{7}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := toOssuary(t)
			refused(t, g, &BreakAttempt{Exit: "gallery-of-kings", Damage: 1}, "rule.break.target") // the lock not tried yet
			play(t, g, &OpenDeclared{Exit: "gallery-of-kings"}, die(dice.Power), lockTest(1, 2))
			for i, hit := range c.hits {
				if i > 0 {
					refused(t, g, &BreakAttempt{Exit: "gallery-of-kings", Damage: hit}, "rule.break.once_a_turn")
					play(t, g, &NewTurn{})
				}
				play(t, g, &BreakAttempt{Exit: "gallery-of-kings", Damage: hit, Reinforced: c.reinforced && i == 0}) // said on the first try
				if i < len(c.hits)-1 && slices.Contains(g.State().Revealed, "gallery-of-kings") {
					t.Fatalf("the door gave way after %d turns", i+1)
				}
			}
			s := g.State()
			if !slices.Contains(s.Revealed, "gallery-of-kings") || s.DoorTurns != c.turns {
				t.Fatalf("revealed %v door turns %d, want %d", s.Revealed, s.DoorTurns, c.turns)
			}
			// The broken door's Encounter roll: re-rolled after a first miss.
			h := s.Pending.Head()
			if h == nil || h.Kind != StepRoll || h.Deck != DeckEncounter || !h.Reroll || !h.BrokenDoor {
				t.Fatalf("no broken door's Scenario Die: %+v", s.Pending)
			}
			play(t, g, die(dice.Power, dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated, Name: "Patrol"}, &Spawn{Cost: 3, Row: 1})
			if n := DueDoorTurns(g.State()); n != c.turns {
				t.Fatalf("due door turns %d, want %d", n, c.turns)
			}
			// Left out, the roll takes the count: the ADP's +1 a turn, nobody surprised.
			play(t, g, &Initiative{Hero: InitiativeSide{Perception: intp(3), Intelligence: intp(3), Dice: []int{4, 4}}, ADP: InitiativeSide{Perception: intp(2), Intelligence: intp(2), Dice: []int{6, 6}}})
			r := g.State().Initiative
			if r.ADPTotal != 2+12+c.turns || r.Surprised != SideNone {
				t.Fatalf("ADP total %d surprised %s, want %d none", r.ADPTotal, r.Surprised, 14+c.turns)
			}
		})
	}
	// A chest whose test failed is broken open: found, no test.
	g := toChest(t)
	play(t, g, &OpenDeclared{Element: "funeral-offerings"}, die(dice.Power), chestTest("funeral-offerings", 1, 2))
	play(t, g, &BreakAttempt{Element: "funeral-offerings", Damage: 5})
	if !slices.Contains(g.State().Found, "funeral-offerings") {
		t.Fatal("a chest broken open is not opened")
	}
	refused(t, g, &BreakAttempt{Element: "funeral-offerings", Damage: 1}, "rule.break.target")
}

// "Breaking Down Doors/Chests": a door the table says was broken down at
// once (the reveal's own tick box, no break_attempt) took one turn: the due
// Initiative counts 1, never 0 nor the turns of a door broken earlier.
func TestBreakingDownDoorsChests_AtOnceIsOneTurn(t *testing.T) {
	g := toOssuary(t)
	play(t, g, &OpenDeclared{Exit: "gallery-of-kings"}, die(dice.Power), lockTest(1, 2))
	play(t, g, &SectionRevealed{Section: "gallery-of-kings", BrokenDoor: true})
	play(t, g, die(dice.Power, dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated, Name: "Patrol"}, &Spawn{Cost: 3, Row: 1})
	if n := DueDoorTurns(g.State()); n != 1 {
		t.Fatalf("due door turns %d, want 1", n)
	}
	play(t, g, &Initiative{Hero: InitiativeSide{Perception: intp(3), Intelligence: intp(3), Dice: []int{4, 4}}, ADP: InitiativeSide{Perception: intp(2), Intelligence: intp(2), Dice: []int{6, 6}}})
	if r := g.State().Initiative; r.ADPTotal != 2+12+1 {
		t.Fatalf("ADP total %d, want 15 (one turn spent)", r.ADPTotal)
	}
}

// toChest plays the Tomb into the Antechamber, whose chest (the funeral
// offerings) a hero may open.
func toChest(t *testing.T) *Game {
	g := toOssuary(t)
	play(t, g, &OpenDeclared{Exit: "gallery-of-kings"}, die(dice.Power), lockTest(6, 6), &SectionRevealed{Section: "gallery-of-kings"}, die(dice.Power))
	play(t, g, &ExitOpened{Section: "antechamber"}, die(dice.Power), &SectionRevealed{Section: "antechamber"}, die(dice.Power))
	return g
}

func chestTest(el string, d1, d2 int) *Test {
	return &Test{Action: "open_chest", Hero: "hero-1", Value: intp(3), Dice: []int{d1, d2}, Element: el}
}

// "Disarming Traps": if the trap was protecting a chest, heroes have to
// disarm it before they try to open it; a failed disarm sets it off.
func TestDisarmingTraps_ChestTrapDisarmedBeforeOpening(t *testing.T) {
	cases := []struct {
		name   string
		disarm [2]int
		result string
	}{
		{"disarmed: the chest may be opened", [2]int{6, 5}, "result.disarm_trap.chest_free"},
		{"a failed disarm: the trap goes off, then the chest may be tried", [2]int{1, 2}, "result.disarm_trap.chest_fired"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := toChest(t)
			refused(t, g, chestTest("funeral-offerings", 6, 6), "rule.open.declare_first")
			refused(t, g, &ChestTrapped{Element: "funeral-offerings"}, "rule.chest_trapped.not_declared")
			play(t, g, &OpenDeclared{Element: "funeral-offerings"}, die(dice.Obstacle), &Card{Deck: DeckObstacle, Outcome: Activated, Points: 2, Name: "Poison Needle"})
			i := slices.IndexFunc(g.Prompts(), func(p Prompt) bool { return p.ID == "prompt.chest.declared" })
			if i < 0 {
				t.Fatalf("no trap question: %v", promptIDs(g))
			}
			play(t, g, g.Prompts()[i].Choices[0].Event)
			refused(t, g, chestTest("funeral-offerings", 6, 6), "rule.open.chest_trapped")
			if !slices.Contains(promptIDs(g), "prompt.chest.trapped") {
				t.Fatalf("no disarm asked: %v", promptIDs(g))
			}
			play(t, g, &Test{Action: "disarm_trap", Hero: "hero-1", Value: intp(3), Dice: c.disarm[:], Element: "funeral-offerings"})
			if rs := g.State().LastTest.Results; !slices.ContainsFunc(rs, func(h Hint) bool { return h.ID == c.result }) {
				t.Fatalf("results %+v lack %s", rs, c.result)
			}
			play(t, g, chestTest("funeral-offerings", 6, 6))
			if !slices.Contains(g.State().Found, "funeral-offerings") {
				t.Fatal("the chest is not opened")
			}
		})
	}
}

// "Obstacle Cards": a card drawn that would stop a character's movement
// and is discarded lets the move be finished that turn (a movement
// trigger: an arrow, a trap's square, leaving a safe zone; not a door).
func TestObstacleCards_DiscardedObstacleFinishesTheMove(t *testing.T) {
	cases := []struct {
		reason string
		hint   bool
	}{{"arrow", true}, {"trap", true}, {"safe_zone", true}, {"door", false}, {"chest", false}}
	for _, c := range cases {
		t.Run(c.reason, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			play(t, g, &NewTurn{}, &ObstacleTrigger{Reason: c.reason}, die(dice.Obstacle), &Card{Deck: DeckObstacle, Outcome: Discarded, Points: 2})
			got := g.State().Hint != nil && g.State().Hint.ID == "hint.obstacle_discarded_move"
			if got != c.hint {
				t.Fatalf("hint %v, want %v", g.State().Hint, c.hint)
			}
		})
	}
}

// "Obstacle Cards": only the first square outside a safe zone: one roll
// per hero's move; the card offers it for each hero who has not had it.
func TestObstacleCards_SafeZoneOncePerMove(t *testing.T) {
	cases := []struct {
		name   string
		events []Event
		rule   string
	}{
		{"the same hero twice in a move", []Event{&ObstacleTrigger{Reason: "safe_zone", Hero: "hero-1"}, die(dice.Power)}, "rule.trigger.safe_zone_once"},
		{"another hero: his own roll", []Event{&ObstacleTrigger{Reason: "safe_zone", Hero: "hero-2"}, die(dice.Power)}, ""},
		{"the next turn: a new move", []Event{&ObstacleTrigger{Reason: "safe_zone", Hero: "hero-1"}, die(dice.Power), &NewTurn{}}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := toOssuary(t)
			zone := func() []string {
				i := slices.IndexFunc(g.Prompts(), func(p Prompt) bool { return p.ID == "prompt.safe_zone" })
				var heroes []string
				if i >= 0 {
					for _, ch := range g.Prompts()[i].Choices {
						heroes = append(heroes, ch.Event.(*ObstacleTrigger).Hero)
					}
				}
				return heroes
			}
			if got := zone(); len(got) != 3 {
				t.Fatalf("offered for %v", got)
			}
			play(t, g, c.events...)
			next := &ObstacleTrigger{Reason: "safe_zone", Hero: "hero-1"}
			if c.rule != "" {
				refused(t, g, next, c.rule)
				if slices.Contains(zone(), "hero-1") {
					t.Fatal("the card still offers it")
				}
				return
			}
			play(t, g, next)
		})
	}
}

// offersDeclaration says whether a prompt offers declaring a door's opening.
func offersDeclaration(p Prompt) bool {
	return slices.ContainsFunc(p.Choices, func(c Choice) bool { _, ok := c.Event.(*OpenDeclared); return ok })
}
