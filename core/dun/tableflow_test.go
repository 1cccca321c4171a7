package dun

import (
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// The table flow: the app works out what the rules require next and leads
// the Conductor to it. Each case cites the rule text it follows.

func orc(id string) *CreatureAdded {
	return &CreatureAdded{ID: id, Name: "Orc", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 3, Agility: 3, Perception: 3, Intelligence: 2, Vitality: 4}
}

func wantDue(t *testing.T, g *Game, want string) {
	t.Helper()
	got := ""
	if d := g.State().Due; d != nil {
		got = d.Type
	}
	if got != want {
		t.Fatalf("due %q, want %q", got, want)
	}
}

// "Initiative", During Exploration / During Combat: the situation of the
// Initiative after a spawn comes from the flow that placed the enemies, and
// the roll left without a context uses it.
func TestInitiativeSituationFromTheFlow(t *testing.T) {
	mainRoom := func(g *Game) {
		play(t, g, &NewTurn{}, &SectionRevealed{Kind: "main"}, &Spawn{Cost: 3}, die(dice.Obstacle), &MainRoomPlaced{})
	}
	cases := []struct {
		name       string
		play       func(g *Game)
		context    string
		brokenDoor bool
	}{
		{"revealing the Main Room: the heroes discover the enemies exploring", mainRoom, ContextExploration, false},
		{"a room with no enemies yet: exploring", func(g *Game) {
			play(t, g, &NewTurn{}, &SectionRevealed{Kind: "room"}, die(dice.Encounter),
				&Card{Deck: DeckEncounter, Outcome: Activated, Name: "Patrol"}, &Spawn{Cost: 3, Row: 1})
		}, ContextExploration, false},
		{"a room entered by breaking the door down", func(g *Game) {
			play(t, g, &NewTurn{}, &SectionRevealed{Kind: "room", BrokenDoor: true}, die(dice.Obstacle, dice.Encounter),
				&Card{Deck: DeckEncounter, Outcome: Activated, Name: "Patrol"}, &Spawn{Cost: 3, Row: 1})
		}, ContextExploration, true},
		{"a large section broken into: the always-drawn card's spawn too", func(g *Game) {
			play(t, g, &NewTurn{}, &SectionRevealed{Kind: "large", BrokenDoor: true}, die(dice.Obstacle, dice.Power),
				&Card{Deck: DeckEncounter, Outcome: Activated, Name: "Patrol"}, &Spawn{Cost: 3, Row: 1})
		}, ContextExploration, true},
		{"Reinforcements in the ADP's combat turn: the heroes are in combat", func(g *Game) {
			play(t, g, &NewTurn{}, orc("orc-1"), &AdpCombatTurn{}, die(dice.Power),
				&Card{Deck: DeckPower, Outcome: Activated, Special: SpecialReinforcements}, &Spawn{Cost: 3, Row: 1})
		}, ContextCombat, false},
		{"a spawn while creatures are on the board: combat", func(g *Game) {
			play(t, g, &NewTurn{}, orc("orc-1"), &SectionRevealed{Kind: "room"}, die(dice.Encounter),
				&Card{Deck: DeckEncounter, Outcome: Activated, Name: "Patrol"}, &Spawn{Cost: 3, Row: 1})
		}, ContextCombat, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 3, GroupVP: 60, LeaderVP: 10, Seed: 1})
			c.play(g)
			wantDue(t, g, "initiative")
			if ctx, door := DueContext(g.State()); ctx != c.context || door != c.brokenDoor {
				t.Fatalf("situation %s broken door %v, want %s %v", ctx, door, c.context, c.brokenDoor)
			}
			// Left out, the roll uses it.
			play(t, g, &Initiative{Hero: side(4, 3, 6, 6), ADP: side(2, 2, 1, 1)})
			r := g.State().Initiative
			wantNext := map[string]string{ContextExploration: NextHeroesTurn, ContextCombat: NextEnemiesWait}[c.context]
			if r.Next != wantNext {
				t.Fatalf("next %s, want %s", r.Next, wantNext)
			}
			// "Caught by Surprise!": never after a broken door, never in combat;
			// here the ADP rolled double 1, which otherwise catches it.
			wantCaught := SideADP
			if c.brokenDoor || c.context == ContextCombat {
				wantCaught = SideNone
			}
			if r.Surprised != wantCaught {
				t.Fatalf("surprised %s, want %s", r.Surprised, wantCaught)
			}
		})
	}
}

// The other reading of "a side which is already in a combat turn", as a rule
// option: new enemies placed in combat can still be caught.
func TestSurpriseInCombatOption(t *testing.T) {
	for _, option := range []bool{false, true} {
		g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Rules: Rules{SurpriseInCombat: option}})
		play(t, g, &NewTurn{}, &Initiative{Hero: side(3, 3, 5, 5), ADP: side(2, 3, 2, 2), Context: ContextCombat})
		want := map[bool]string{false: SideNone, true: SideADP}[option]
		if got := g.State().Initiative.Surprised; got != want {
			t.Fatalf("option %v: surprised %s, want %s", option, got, want)
		}
	}
}

// "During Combat": Reinforcements placed in the ADP's combat turn roll
// Initiative before anyone acts; if they lose they wait for the next turn,
// if they win they act in the activation order.
func TestReinforcementsRollBeforeActing(t *testing.T) {
	for _, c := range []struct {
		name     string
		roll     *Initiative
		arrivals bool // the new orcs act this turn
	}{
		{"the new enemies lose: they wait", &Initiative{Hero: side(4, 3, 6, 6), ADP: side(2, 2, 2, 2)}, false},
		{"the new enemies win: they act at once", &Initiative{Hero: side(2, 3, 1, 2), ADP: side(4, 3, 6, 6)}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 3, GroupVP: 60, LeaderVP: 10})
			play(t, g, &NewTurn{}, orc("orc-1"), &AdpCombatTurn{}, die(dice.Power),
				&Card{Deck: DeckPower, Outcome: Activated, Special: SpecialReinforcements}, &Spawn{Cost: 3, Row: 1},
				orc("orc-2"), orc("orc-3"))
			wantDue(t, g, "initiative")
			refused(t, g, &CreatureDone{ID: "orc-1"}, "rule.due.first")
			for _, p := range g.Prompts() {
				if p.ID == "prompt.activate" {
					t.Fatal("a creature is asked to act before the Initiative")
				}
			}
			if got := g.State().Arrivals; !slices.Equal(got, []string{"orc-2", "orc-3"}) {
				t.Fatalf("arrivals %v", got)
			}
			play(t, g, c.roll)
			acting := 0
			for _, cr := range g.State().Creatures {
				if !cr.Done {
					acting++
				}
			}
			want := 1
			if c.arrivals {
				want = 3
			}
			if acting != want {
				t.Fatalf("%d creatures still to act, want %d", acting, want)
			}
			play(t, g, &CreatureDone{ID: "orc-1"})
		})
	}
}

// "Turn" with creatures on the board: every heroes' turn is followed by the
// ADP's combat turn; a new turn waits for it; with nobody left it is not due.
// (Saves from before the combat range rule, which asks the distance first:
// combatrange_test.go.)
func TestCombatTurnAfterEveryHeroesTurn(t *testing.T) {
	off := false
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Rules: Rules{CombatRange: &off}})
	play(t, g, &NewTurn{})
	wantDue(t, g, "")
	play(t, g, orc("orc-1"))
	wantDue(t, g, "adp_combat_turn")
	refused(t, g, &NewTurn{}, "rule.due.first")
	if ps := g.Prompts(); !slices.ContainsFunc(ps, func(p Prompt) bool { return p.ID == "prompt.due.adp_combat_turn.heroes_done" }) {
		t.Fatalf("no combat turn offered: %+v", ps)
	}
	play(t, g, &AdpCombatTurn{}, die(dice.Obstacle))
	wantDue(t, g, "")
	play(t, g, &CreatureDone{ID: "orc-1"}, &NewTurn{})
	wantDue(t, g, "adp_combat_turn") // the next heroes' turn, again
	play(t, g, &CreatureRemoved{ID: "orc-1"})
	wantDue(t, g, "")
	play(t, g, &NewTurn{})
	// Heroes who win the Initiative exploring start a new turn at once, and
	// it ends with the ADP's combat turn.
	play(t, g, &SectionRevealed{Kind: "room"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated, Name: "Patrol"},
		&Spawn{Cost: 3, Row: 1}, orc("orc-2"), &Initiative{Hero: side(4, 3, 6, 6), ADP: side(2, 2, 2, 2)})
	wantDue(t, g, "adp_combat_turn")
}

// A quest game with effects and conditions the app follows.
func effectsQuest(t *testing.T) *quest.Quest {
	return testQuest(t, func(src string) string {
		src = strings.Replace(src, `text = { en = "If found, the ADP gains 2 reserve points.", es = "Si se encuentran, el JOA gana 2 puntos de reserva." }`,
			`text = { en = "If found, the ADP gains 2 reserve points.", es = "Si se encuentran, el JOA gana 2 puntos de reserva." }
effect = { reserve = 2, reserve_each_turn = 1 }`, 1)
		src = strings.Replace(src, `text = { en = "The Rat King squeaks orders.", es = "El Rey Rata chilla órdenes." }`,
			`text = { en = "The Rat King squeaks orders.", es = "El Rey Rata chilla órdenes." }
effect = { leader_regenerates = 1, until = "drain-blocked" }`, 1)
		src = strings.Replace(src, `text = { en = "The crown rolls into the drain.", es = "La corona rueda hasta el desagüe." }`,
			`text = { en = "The crown rolls into the drain.", es = "La corona rueda hasta el desagüe." }
effect = { crumble = true }`, 1)

		src = strings.Replace(src, `label = { en = "The Rat King is slain", es = "El Rey Rata muere" }`,
			`label = { en = "The Rat King is slain", es = "El Rey Rata muere" }
slain = "leader"
mission = true

[[conditions]]
id = "drain-blocked"
label = { en = "The drain is blocked", es = "El desagüe queda tapado" }

[[texts]]
id = "drain-box"
style = "red"
condition = "drain-blocked"
text = { en = "The den's lock rusts through.", es = "La cerradura de la guarida se deshace de óxido." }
effect = { unlock = "den" }`, 1)
		return src
	})
}

// A passed lock, chest or secret-door test does what it was for ("Opening
// Locked Doors", "Opening Chests", "Searching for Secret Doors"); opening a
// chest, like a door, rolls for an Obstacle ("Obstacle Cards").
func TestTestsOpenWhatTheyWereFor(t *testing.T) {
	pass, fail := []int{6, 5}, []int{2, 2}
	cases := []struct {
		name    string
		test    *Test
		found   []string
		pending []string
	}{
		{"a passed secret-door search finds the door", &Test{Action: "secret_door", Value: intp(3), Dice: pass, Element: "cellar-secret"}, []string{"cellar-secret"}, nil},
		{"a failed search finds nothing", &Test{Action: "secret_door", Value: intp(3), Dice: fail, Element: "cellar-secret"}, nil, nil},
		// "Obstacle Cards": its Obstacle roll came when the hero declared it (doors_test.go).
		{"a passed lock opens the door: the reveal", &Test{Action: "open_lock", Value: intp(3), Dice: pass, Exit: "den"}, nil, []string{"reveal:"}},
		{"a failed lock leaves it shut", &Test{Action: "open_lock", Value: intp(3), Dice: fail, Exit: "den"}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := questGame(t, effectsQuest(t))
			play(t, g, &SectionRevealed{Section: "cellar"}, die(dice.Power))
			if c.test.Action == "open_lock" {
				play(t, g, &OpenDeclared{Exit: "den"}, die(dice.Power))
			}
			play(t, g, c.test)
			if got := g.State().Found; !slices.Equal(got, c.found) {
				t.Fatalf("found %v, want %v", got, c.found)
			}
			samePending(t, g, c.pending...)
		})
	}
	// Only a locked door is a lock's target.
	g := questGame(t, effectsQuest(t))
	if ts := OnceTargets(g.State(), g.Setup(), "open_lock"); len(ts) != 0 {
		t.Fatalf("a plain door offered to unlock: %+v", ts)
	}
	play(t, g, &SectionRevealed{Section: "cellar"}, die(dice.Power))
	if ts := OnceTargets(g.State(), g.Setup(), "open_lock"); len(ts) != 1 || ts[0].Exit != "den" {
		t.Fatalf("lock targets %+v", ts)
	}
}

func TestChestRollsForAnObstacle(t *testing.T) {
	q := testQuest(t, func(src string) string {
		return strings.Replace(src, `kind = "furniture"`, `kind = "chest"`, 1)
	})
	for _, c := range []struct {
		dice  []int
		found bool
	}{{[]int{6, 5}, true}, {[]int{2, 2}, false}} {
		g := questGame(t, q)
		// "Obstacle Cards": the roll comes when the hero declares it, the test after.
		play(t, g, &SectionRevealed{Section: "cellar"}, die(dice.Power), &OpenDeclared{Element: "barrels"})
		samePending(t, g, "roll:obstacle")
		play(t, g, die(dice.Power), &Test{Action: "open_chest", Value: intp(3), Dice: c.dice, Element: "barrels"})
		samePending(t, g)
		if got := slices.Contains(g.State().Found, "barrels"); got != c.found {
			t.Fatalf("dice %v: found %v", c.dice, got)
		}
	}
}

// A quest's texts apply what they say: reserve points, the Leader's
// regeneration until a condition, creatures crumbling; the Leader's death
// meets its condition, which offers the mission accomplished.
func TestQuestEffects(t *testing.T) {
	g := questGame(t, effectsQuest(t))
	play(t, g, &SectionRevealed{Section: "cellar"}, die(dice.Power))
	before := g.State().Reserve
	play(t, g, &ElementFound{ID: "barrels"})
	if got := g.State().Reserve; got != before+2 {
		t.Fatalf("reserve %d, want %d", got, before+2)
	}
	play(t, g, &NewTurn{})
	if got := g.State().Reserve; got != before+3 {
		t.Fatalf("reserve %d after a turn, want %d (1 each turn)", got, before+3)
	}
	// The den's text: the Leader recovers 1 Vitality every turn.
	play(t, g, &SectionRevealed{Section: "den"}, &Spawn{Cost: 0}, die(dice.Power), &MainRoomPlaced{},
		&Initiative{Hero: side(4, 3, 6, 6), ADP: side(2, 2, 2, 2)},
		&CreatureAdded{ID: "rat-king", Name: "Rat King", Behaviour: "melee", Level: bestiary.LevelLeader, VP: 12, Vitality: 10},
		orc("orc-1"), &CreatureWounded{ID: "rat-king", Amount: 3}, &AdpCombatTurn{}, &CreatureDone{ID: "orc-1"}, &CreatureDone{ID: "rat-king"},
		&NewTurn{})
	king := func() Creature { s := g.State(); return s.Creatures[s.creature("rat-king")] }
	if w := king().Wounds; w != 2 {
		t.Fatalf("wounds %d after a turn, want 2", w)
	}
	play(t, g, &AdpCombatTurn{}, &CreatureDone{ID: "orc-1"}, &CreatureDone{ID: "rat-king"}, &ConditionMet{ID: "drain-blocked"}, &NewTurn{})
	if w := king().Wounds; w != 2 {
		t.Fatalf("wounds %d: the regeneration outlived its condition", w)
	}
	// The Leader slain: its condition, the crown text (everything crumbles), the mission.
	play(t, g, &CreatureWounded{ID: "rat-king", Amount: 8}, &CreatureRemoved{ID: "rat-king"})
	s := g.State()
	if !slices.Contains(s.ConditionsMet, "king-slain") || len(s.Creatures) != 0 || s.Due != nil {
		t.Fatalf("met %v creatures %v due %+v", s.ConditionsMet, s.Creatures, s.Due)
	}
	var mission *Choice
	for _, p := range g.Prompts() {
		for i, c := range p.Choices {
			if _, ok := c.Event.(*MissionAccomplished); ok {
				mission = &p.Choices[i]
			}
		}
	}
	if mission == nil {
		t.Fatalf("no mission offered: %+v", g.Prompts())
	}
	play(t, g, mission.Event, &QuestEnded{Outcome: OutcomeWon})
}

// A quest's text can unlock a locked door ("opens without any roll"): no
// lock test is offered on it any more, and the card offers it as a door.
func TestQuestUnlocksADoor(t *testing.T) {
	g := questGame(t, effectsQuest(t))
	play(t, g, &NewTurn{}, &SectionRevealed{Section: "cellar"}, die(dice.Power))
	offered := func() bool {
		for _, p := range g.Prompts() {
			for _, c := range p.Choices {
				if e, ok := c.Event.(*ExitOpened); ok && e.Section == "den" {
					return true
				}
			}
		}
		return false
	}
	if ts := OnceTargets(g.State(), g.Setup(), "open_lock"); len(ts) != 1 || offered() {
		t.Fatalf("locked: lock targets %+v, on the card %v", ts, offered())
	}
	play(t, g, &ConditionMet{ID: "drain-blocked"})
	if ts := OnceTargets(g.State(), g.Setup(), "open_lock"); len(ts) != 0 || !offered() {
		t.Fatalf("unlocked: lock targets %+v, on the card %v", ts, offered())
	}
}

// Saves from before the table flow replay as they were played.
func TestTableFlowOffKeepsTheOldFlow(t *testing.T) {
	off := false
	q := effectsQuest(t)
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: q.Leader.VP, QuestData: q, Rules: Rules{TableFlow: &off}})
	play(t, g, &SectionRevealed{Section: "cellar"}, die(dice.Power), &Test{Action: "secret_door", Value: intp(3), Dice: []int{6, 5}, Element: "cellar-secret"},
		&ElementFound{ID: "cellar-secret"}, &ElementFound{ID: "barrels"}, orc("orc-1"), &NewTurn{})
	if s := g.State(); s.Reserve != 28 || s.Due != nil {
		t.Fatalf("reserve %d due %+v", s.Reserve, s.Due)
	}
}

// Breaking a door down needs a door: the way through an arrow is refused
// ("Breaking down doors"), in core as on the map.
func TestBrokenDoorNeedsADoor(t *testing.T) {
	for _, c := range []struct {
		kind, want string
	}{{"door", ""}, {"locked_door", ""}, {"arrow", "rule.section.broken_arrow"}} {
		q := testQuest(t, func(src string) string {
			return strings.Replace(src, `kind = "door"`, `kind = "`+c.kind+`"`, 1)
		})
		g := questGame(t, q)
		if got := CanBreak(g.State(), q, "cellar"); got != (c.want == "") {
			t.Fatalf("%s: CanBreak %v", c.kind, got)
		}
		e := &SectionRevealed{Section: "cellar", BrokenDoor: true}
		if c.want != "" {
			refused(t, g, e, c.want)
			continue
		}
		play(t, g, e)
	}
}

// What may still be found: the revealed sections' elements and secret
// doors not found yet.
func TestFindable(t *testing.T) {
	g := questGame(t, testQuest(t, nil))
	if f := Findable(g.State(), g.Setup().QuestData); len(f) != 0 {
		t.Fatalf("findable on the stairs: %+v", f)
	}
	play(t, g, &SectionRevealed{Section: "cellar"}, die(dice.Power))
	ids := func() []string {
		var out []string
		for _, f := range Findable(g.State(), g.Setup().QuestData) {
			out = append(out, f.Element)
		}
		return out
	}
	if got := ids(); !slices.Equal(got, []string{"barrels", "cellar-secret"}) {
		t.Fatalf("findable %v", got)
	}
	play(t, g, &ElementFound{ID: "cellar-secret"})
	if got := ids(); !slices.Equal(got, []string{"barrels"}) {
		t.Fatalf("findable %v", got)
	}
}

// The Main Room with only its Leader placed (the "Enemy Spotted!" group
// unpaid, no Encounter): the Leader's placement makes Initiative due.
func TestLeaderAloneInTheMainRoomRollsInitiative(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 30, LeaderVP: 25})
	play(t, g, &NewTurn{}, &SectionRevealed{Kind: "main"}, &Spawn{Cost: 500}, die(dice.Power))
	if g.State().InitiativeDue {
		t.Fatal("Initiative due with nobody placed")
	}
	play(t, g, &CreatureAdded{ID: "king", Name: "King", Behaviour: "melee", Level: bestiary.LevelLeader, VP: 25, Vitality: 10})
	if ctx, _ := DueContext(g.State()); !g.State().InitiativeDue || ctx != ContextExploration {
		t.Fatalf("Initiative due %v in %s", g.State().InitiativeDue, ctx)
	}
	play(t, g, &MainRoomPlaced{})
	wantDue(t, g, "initiative")
}

// A locked door the heroes can reach is on the card, asking for a hero's
// lock test ("Opening Locked Doors"), until a hero has tried that lock or
// a text unlocks it; it is never a one-tap door while locked.
func TestCardAsksForTheLockTest(t *testing.T) {
	lockOnCard := func(g *Game) bool {
		for _, p := range g.Prompts() {
			// Declared first ("Obstacle Cards"), then the test: either is the lock on the card.
			if p.ID == "prompt.exits.locked" && (p.Input == InputLockTest || offersDeclaration(p)) && p.Args["Section"] == "den" {
				return true
			}
		}
		return false
	}
	cases := []struct {
		name   string
		events []Event
		want   bool
	}{
		{"the den's door not reached yet", []Event{&NewTurn{}}, false},
		{"the cellar revealed: the lock is asked for", []Event{&NewTurn{}, &SectionRevealed{Section: "cellar"}, die(dice.Power)}, true},
		{"a hero failed the lock: no second try", []Event{&NewTurn{}, &SectionRevealed{Section: "cellar"}, die(dice.Power), &OpenDeclared{Exit: "den"}, die(dice.Power), &Test{Action: "open_lock", Value: intp(3), Dice: []int{2, 2}, Exit: "den"}}, false},
		{"a text unlocked it: a plain door now", []Event{&NewTurn{}, &SectionRevealed{Section: "cellar"}, die(dice.Power), &ConditionMet{ID: "drain-blocked"}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := questGame(t, effectsQuest(t))
			play(t, g, c.events...)
			if got := lockOnCard(g); got != c.want {
				t.Fatalf("the lock on the card: %v, want %v; prompts %+v", got, c.want, g.Prompts())
			}
			for _, p := range g.Prompts() {
				for _, ch := range p.Choices {
					if e, ok := ch.Event.(*ExitOpened); ok && e.Section == "den" && c.want {
						t.Fatal("a locked door offered as a plain door")
					}
				}
			}
		})
	}
}
