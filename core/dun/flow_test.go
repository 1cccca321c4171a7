package dun

import (
	"errors"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
)

// play applies events in order and fails on the first refusal.
func play(t *testing.T, g *Game, events ...Event) {
	t.Helper()
	for i, e := range events {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("event %d (%s): %v", i+1, e.Type(), err)
		}
	}
}

// refused checks that e is refused by rule and changes nothing.
func refused(t *testing.T, g *Game, e Event, rule string) {
	t.Helper()
	before := stateJSON(t, g.State())
	records := len(g.Records())
	_, err := g.Apply(e)
	var re *RuleError
	if !errors.As(err, &re) || re.ID != rule {
		t.Fatalf("%s: want rule %s, got %v", e.Type(), rule, err)
	}
	if stateJSON(t, g.State()) != before || len(g.Records()) != records {
		t.Fatalf("refused %s changed the game", e.Type())
	}
}

func pendingKinds(g *Game) []string {
	var ks []string
	for _, s := range g.State().Pending {
		ks = append(ks, s.Kind+":"+s.Deck)
	}
	return ks
}

func samePending(t *testing.T, g *Game, want ...string) {
	t.Helper()
	got := pendingKinds(g)
	if len(got) != len(want) {
		t.Fatalf("pending %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("pending %v, want %v", got, want)
		}
	}
}

func die(faces ...dice.Symbol) *Die { return &Die{Faces: faces} }

func intp(n int) *int { return &n }

// "Building the Decks": Obstacles heroes x 6 + Thief! + Ambush! (+ Ambush!
// with more than 2 heroes); Encounter group VP / 10 rounded up, at most the
// cards available; Power heroes x 5 + Reinforcements (+ one more with more
// than 2 heroes). "Conclusion": a quest may change this.
func TestDeckBuilding(t *testing.T) {
	cases := []struct {
		name                        string
		setup                       Setup
		obstacle, encounter, power  int
		ambush, reinforcements      int
		obstacleR, encounterR, powR int
	}{
		{"1 hero, 20 VP", Setup{Heroes: 1, GroupVP: 20}, 8, 2, 6, 1, 1, 6, 2, 5},
		{"2 heroes, 41 VP rounds up", Setup{Heroes: 2, GroupVP: 41}, 14, 5, 11, 1, 1, 12, 5, 10},
		{"3 heroes add a second Ambush! and Reinforcements", Setup{Heroes: 3, GroupVP: 60}, 21, 6, 17, 2, 2, 18, 6, 15},
		{"5 heroes, 250 VP capped at 20 Encounter cards", Setup{Heroes: 5, GroupVP: 250}, 33, 20, 27, 2, 2, 30, 20, 25},
		{"cap from the setting", Setup{Heroes: 4, GroupVP: 300, EncounterCardsAvailable: 12}, 27, 12, 22, 2, 2, 24, 12, 20},
		{"quest: no Power deck, so no Reinforcements", Setup{Heroes: 3, GroupVP: 60, Decks: map[string]DeckRule{"power": {Absent: true}}}, 21, 6, 0, 2, 0, 18, 6, 0},
		{"quest: 10 random Obstacles", Setup{Heroes: 2, GroupVP: 40, Decks: map[string]DeckRule{"obstacle": {Random: intp(10)}}}, 12, 4, 11, 1, 1, 10, 4, 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.setup.LeaderVP = 0
			g := mustGame(t, c.setup)
			d := g.State().Decks
			if d.Obstacle.Size != c.obstacle || d.Encounter.Size != c.encounter || d.Power.Size != c.power {
				t.Fatalf("sizes %d/%d/%d, want %d/%d/%d", d.Obstacle.Size, d.Encounter.Size, d.Power.Size, c.obstacle, c.encounter, c.power)
			}
			if d.Obstacle.Random != c.obstacleR || d.Encounter.Random != c.encounterR || d.Power.Random != c.powR {
				t.Fatalf("random %d/%d/%d", d.Obstacle.Random, d.Encounter.Random, d.Power.Random)
			}
			if d.Obstacle.Specials.Thief != 1 || d.Obstacle.Specials.Ambush != c.ambush || d.Power.Specials.Reinforcements != c.reinforcements {
				t.Fatalf("specials %+v %+v", d.Obstacle.Specials, d.Power.Specials)
			}
		})
	}
}

func TestDeckRulesValidated(t *testing.T) {
	for _, s := range []Setup{
		{Heroes: 1, GroupVP: 10, Decks: map[string]DeckRule{"treasure": {}}},
		{Heroes: 1, GroupVP: 10, Decks: map[string]DeckRule{"power": {Random: intp(-1)}}},
		{Heroes: 1, GroupVP: 10, EncounterCardsAvailable: -2},
	} {
		if _, err := NewGame(s); err == nil {
			t.Errorf("%+v accepted", s)
		}
	}
}

// "Increase Difficulty for Experienced Groups" cheat sheet.
func TestIncreasedDifficulty(t *testing.T) {
	off := false
	cases := []struct {
		vp            int
		rules         Rules
		rerolls       []dice.Symbol
		elite, leader bool
	}{
		{99, Rules{}, nil, false, false},
		{100, Rules{}, []dice.Symbol{dice.Obstacle}, false, false},
		{125, Rules{}, []dice.Symbol{dice.Obstacle, dice.Encounter}, false, false},
		{150, Rules{}, []dice.Symbol{dice.Obstacle, dice.Encounter, dice.Power}, false, false},
		{175, Rules{}, []dice.Symbol{dice.Obstacle, dice.Encounter, dice.Power}, true, false},
		{200, Rules{}, []dice.Symbol{dice.Obstacle, dice.Encounter, dice.Power}, true, true},
		{250, Rules{IncreasedDifficulty: &off}, nil, false, false},
	}
	for _, c := range cases {
		g := mustGame(t, Setup{Heroes: 4, GroupVP: c.vp, Rules: c.rules})
		d := g.State().Difficulty
		if len(d.Rerolls) != len(c.rerolls) || d.EliteBonus != c.elite || d.LeaderBonus != c.leader {
			t.Fatalf("VP %d: %+v", c.vp, d)
		}
		for i := range d.Rerolls {
			if d.Rerolls[i] != c.rerolls[i] {
				t.Fatalf("VP %d: rerolls %v", c.vp, d.Rerolls)
			}
		}
	}
}

// "This increases the probability from 33% to 56%": over every pair of
// faces, a re-rolled symbol comes up 20 times in 36.
func TestRerollProbability(t *testing.T) {
	for _, want := range []dice.Symbol{dice.Obstacle, dice.Encounter, dice.Power} {
		once, twice := 0, 0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				if dice.ScenarioSymbol(a) == want {
					once++
				}
				if dice.ScenarioSymbol(a) == want || dice.ScenarioSymbol(b) == want {
					twice++
				}
			}
		}
		if once != 12 || twice != 20 {
			t.Fatalf("%s: %d/36 once, %d/36 with a re-roll", want, once, twice)
		}
	}
}

// "Obstacle Cards": each trigger rolls; Obstacle draws a card, which is
// activated (cost paid) or discarded (points added).
func TestObstacleFlow(t *testing.T) {
	for reason := range TriggerKeys {
		t.Run(reason, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			play(t, g, &NewTurn{}, &ObstacleTrigger{Reason: reason})
			samePending(t, g, "roll:obstacle")
			play(t, g, die(dice.Power))
			samePending(t, g)
			play(t, g, &ObstacleTrigger{Reason: reason}, die(dice.Obstacle))
			samePending(t, g, "draw:obstacle")
			play(t, g, &Card{Deck: DeckObstacle, Outcome: Activated, Points: 3, Name: "Pit"})
			s := g.State()
			if s.Reserve != 27 || s.Decks.Obstacle.Size != 13 || s.Decks.Obstacle.Activated != 1 || len(s.Pending) != 0 {
				t.Fatalf("reserve %d deck %+v pending %v", s.Reserve, s.Decks.Obstacle, s.Pending)
			}
		})
	}
}

// The worked example in "Discarding Cards": a Locked Door drawn in a corridor
// cannot be activated there; it is discarded and its points go to the reserve.
func TestLockedDoorInACorridorIsDiscarded(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	play(t, g, &NewTurn{}, &ObstacleTrigger{Reason: "safe_zone"}, die(dice.Obstacle),
		&Card{Deck: DeckObstacle, Outcome: Discarded, Points: 2, Name: "Locked Door"})
	s := g.State()
	last := s.Ledger[len(s.Ledger)-1]
	if s.Reserve != 32 || last.Delta != 2 || last.Reason != "reason.card_discarded" || s.Decks.Obstacle.Discarded != 1 || s.Decks.Obstacle.Size != 13 {
		t.Fatalf("reserve %d, last line %+v, deck %+v", s.Reserve, last, s.Decks.Obstacle)
	}
}

// Bad input: each refused with its rule named, the game unchanged.
func TestCardFlowRefusals(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Decks: map[string]DeckRule{"encounter": {Random: intp(0)}}})
	refused(t, g, die(dice.Obstacle), "rule.die.not_pending")
	refused(t, g, &Card{Deck: DeckObstacle, Outcome: Activated}, "rule.card.none_pending")
	refused(t, g, &Spawn{Cost: 1}, "rule.spawn.not_pending")
	refused(t, g, &ObstacleTrigger{Reason: "sneeze"}, "rule.trigger.unknown")
	refused(t, g, &SectionRevealed{Kind: "cave"}, "rule.section.unknown")
	play(t, g, &ObstacleTrigger{Reason: "door"})
	refused(t, g, &NewTurn{}, "rule.flow.busy")
	refused(t, g, &ObstacleTrigger{Reason: "arrow"}, "rule.flow.busy")
	refused(t, g, die("skull"), "rule.die.face")
	refused(t, g, die(), "rule.die.count")
	refused(t, g, die(dice.Power, dice.Obstacle), "rule.die.no_reroll")
	play(t, g, die(dice.Obstacle))
	refused(t, g, &Card{Deck: DeckPower, Outcome: Activated}, "rule.card.not_pending")
	refused(t, g, &Card{Deck: DeckObstacle, Outcome: "kept"}, "rule.card.outcome")
	refused(t, g, &Card{Deck: DeckObstacle, Outcome: Activated, Points: -1}, "rule.card.points_negative")
	refused(t, g, &Card{Deck: DeckObstacle, Outcome: Activated, Points: 31}, "rule.reserve.insufficient")
	refused(t, g, &Card{Deck: DeckObstacle, Outcome: Activated, Special: SpecialReinforcements}, "rule.card.special")
	refused(t, g, &Card{Deck: DeckObstacle, Outcome: Activated, Points: 2, Sustained: true, Target: "orc"}, "rule.card.sustained_power_only")
	play(t, g, &Card{Deck: DeckObstacle, Outcome: Activated, Points: 30})
	// An empty deck is said so and never drawn from.
	play(t, g, &SectionRevealed{Kind: "room"}, die(dice.Encounter))
	samePending(t, g)
	if l := g.Log(); l[len(l)-1].ID != "log.deck.empty" {
		t.Fatalf("last log %s", l[len(l)-1].ID)
	}
	refused(t, g, &Card{Deck: DeckEncounter, Outcome: Discarded}, "rule.card.none_pending")
}

// "Increase Difficulty": a missed first roll is rolled again, in the same die event.
func TestRerollsInOneDieEvent(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 4, GroupVP: 100, LeaderVP: 20})
	play(t, g, &ObstacleTrigger{Reason: "trap"})
	refused(t, g, die(dice.Encounter), "rule.die.reroll_needed")
	refused(t, g, die(dice.Obstacle, dice.Power), "rule.die.no_reroll_after_hit")
	play(t, g, die(dice.Encounter, dice.Obstacle))
	samePending(t, g, "draw:obstacle")
	if g.State().Rolls != 2 {
		t.Fatalf("rolls %d: both faces count", g.State().Rolls)
	}
	play(t, g, &Card{Deck: DeckObstacle, Outcome: Discarded, Points: 1})
	// 100 VP re-rolls Obstacle only: Encounter and Power are rolled once.
	play(t, g, &SectionRevealed{Kind: "corridor"})
	refused(t, g, die(dice.Power, dice.Encounter), "rule.die.no_reroll")
	play(t, g, die(dice.Power))
	samePending(t, g)
}

// "Encounter Cards" cheat sheet, section by section.
func TestSectionReveals(t *testing.T) {
	cases := []struct {
		name       string
		kind       string
		brokenDoor bool
		faces      []dice.Symbol
		want       []string
	}{
		{"room, Encounter", "room", false, []dice.Symbol{dice.Encounter}, []string{"draw:encounter"}},
		{"corridor, miss", "corridor", false, []dice.Symbol{dice.Power}, nil},
		{"room entered by breaking the door: a miss is rolled again", "room", true, []dice.Symbol{dice.Power, dice.Encounter}, []string{"draw:encounter"}},
		{"broken door, missed twice", "room", true, []dice.Symbol{dice.Power, dice.Obstacle}, nil},
		{"large room, miss: one card anyway", "large", false, []dice.Symbol{dice.Obstacle}, []string{"draw:encounter"}},
		{"large room, Encounter: two cards", "large", false, []dice.Symbol{dice.Encounter}, []string{"draw:encounter", "draw:encounter"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			play(t, g, &SectionRevealed{Kind: c.kind, BrokenDoor: c.brokenDoor})
			samePending(t, g, "roll:encounter")
			play(t, g, die(c.faces...))
			samePending(t, g, c.want...)
		})
	}
}

// Main Room: an "Enemy Spotted!" group first, skipped if the reserve cannot
// pay it; then the die.
func TestMainRoomEnemySpotted(t *testing.T) {
	for _, c := range []struct {
		cost, reserve int
	}{{12, 18}, {31, 30}} {
		g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
		play(t, g, &SectionRevealed{Kind: "main"})
		samePending(t, g, "spawn:encounter", "roll:encounter")
		play(t, g, &Spawn{Cost: c.cost, Row: 4})
		if g.State().Reserve != c.reserve {
			t.Fatalf("cost %d: reserve %d, want %d", c.cost, g.State().Reserve, c.reserve)
		}
		samePending(t, g, "roll:encounter")
	}
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	play(t, g, &SectionRevealed{Kind: "main"}, &Spawn{Cost: 1}, die(dice.Power))
	refused(t, g, &SectionRevealed{Kind: "main"}, "rule.section.main_twice")
}

// An Encounter card costs nothing itself; the spawn table row is paid. A spawn
// the reserve cannot pay means the card is discarded after all.
func TestEncounterCardSpawn(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	play(t, g, &SectionRevealed{Kind: "room"}, die(dice.Encounter))
	refused(t, g, &Card{Deck: DeckEncounter, Outcome: Activated, Points: 5}, "rule.card.encounter_cost")
	play(t, g, &Card{Deck: DeckEncounter, Outcome: Activated, Name: "Orc patrol"})
	samePending(t, g, "spawn:encounter")
	refused(t, g, &Spawn{Cost: 31, Row: 6}, "rule.spawn.insufficient")
	refused(t, g, &Spawn{Cost: -1}, "rule.spawn.cost_negative")
	refused(t, g, &Spawn{Cost: 3, Row: 7}, "rule.spawn.row")
	play(t, g, &Spawn{Cost: 9, Row: 3})
	s := g.State()
	if s.Reserve != 21 || s.Hint == nil || s.Hint.ID != "hint.place_creatures" || s.Decks.Encounter.Activated != 1 {
		t.Fatalf("reserve %d hint %+v", s.Reserve, s.Hint)
	}
	play(t, g, &DiceRolled{Dice: dice.D6, Faces: []int{3}})
	if g.State().Hint != nil {
		t.Fatal("the hint outlived the next event")
	}
	// Unaffordable spawn: discard instead.
	play(t, g, &SectionRevealed{Kind: "corridor"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated})
	play(t, g, &Card{Deck: DeckEncounter, Outcome: Discarded, Points: 3})
	s = g.State()
	if s.Reserve != 24 || s.Decks.Encounter.Activated != 1 || s.Decks.Encounter.Discarded != 1 || len(s.Pending) != 0 {
		t.Fatalf("reserve %d deck %+v", s.Reserve, s.Decks.Encounter)
	}
}

// "Thief!" and "Ambush!" in the Obstacle deck resolve as encounters; the
// second Ambush! is there only with more than 2 heroes.
func TestSpecialCards(t *testing.T) {
	for _, c := range []struct {
		heroes      int
		secondOK    bool
		reinforceOK bool
	}{{2, false, true}, {3, true, true}} {
		g := mustGame(t, Setup{Heroes: c.heroes, GroupVP: 40, LeaderVP: 10})
		drawObstacle := func() { play(t, g, &ObstacleTrigger{Reason: "door"}, die(dice.Obstacle)) }
		drawObstacle()
		play(t, g, &Card{Deck: DeckObstacle, Outcome: Activated, Special: SpecialThief})
		samePending(t, g, "spawn:obstacle")
		play(t, g, &Spawn{Cost: 2, Row: 1})
		drawObstacle()
		refused(t, g, &Card{Deck: DeckObstacle, Outcome: Activated, Special: SpecialThief}, "rule.card.special")
		play(t, g, &Card{Deck: DeckObstacle, Outcome: Discarded, Points: 1, Special: SpecialAmbush})
		drawObstacle()
		second := &Card{Deck: DeckObstacle, Outcome: Activated, Special: SpecialAmbush}
		if c.secondOK {
			play(t, g, second)
		} else {
			refused(t, g, second, "rule.card.special")
		}
	}
}

// "Power Cards": roll at the start of each ADP combat turn; in the Main Room
// Power is automatic unless only one hero started the quest.
func TestPowerFlow(t *testing.T) {
	cases := []struct {
		name     string
		setup    Setup
		mainRoom bool
		want     []string
	}{
		{"ordinary combat turn: roll", Setup{Heroes: 2, GroupVP: 40}, false, []string{"roll:power"}},
		{"Main Room with 2 heroes: draw at once", Setup{Heroes: 2, GroupVP: 40}, true, []string{"draw:power"}},
		{"Main Room with 1 hero: roll", Setup{Heroes: 1, GroupVP: 20}, true, []string{"roll:power"}},
		{"no Power deck: nothing", Setup{Heroes: 2, GroupVP: 40, Decks: map[string]DeckRule{"power": {Absent: true}}}, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, c.setup)
			if c.mainRoom {
				refused(t, g, &AdpCombatTurn{MainRoom: true}, "rule.combat.main_unrevealed")
				play(t, g, &SectionRevealed{Kind: "main"}, &Spawn{Cost: 0}, die(dice.Obstacle))
			}
			play(t, g, &AdpCombatTurn{MainRoom: c.mainRoom})
			samePending(t, g, c.want...)
		})
	}
}

// "Target of a Power Card" and "Fortune Points": a lasting card stays with
// its creature; two Fortune cards are two fortune points; they end when the
// creature is removed.
func TestSustainedPowerCards(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
	drawPower := func() { play(t, g, &AdpCombatTurn{}, die(dice.Power)) }
	drawPower()
	refused(t, g, &Card{Deck: DeckPower, Outcome: Activated, Points: 2, Name: "Fortune", Sustained: true}, "rule.card.target_needed")
	play(t, g, &Card{Deck: DeckPower, Outcome: Activated, Points: 2, Name: "Fortune", Sustained: true, Target: "Undead champion"})
	drawPower()
	play(t, g, &Card{Deck: DeckPower, Outcome: Activated, Points: 2, Name: "Fortune", Sustained: true, Target: "Undead champion"})
	drawPower()
	play(t, g, &Card{Deck: DeckPower, Outcome: Activated, Points: 3, Name: "Rage", Sustained: true, Target: "Orc"})
	s := g.State()
	if FortunePoints(s, "Undead champion", "Fortune") != 2 || len(s.Sustained) != 3 || s.Reserve != 43 {
		t.Fatalf("fortune %d, sustained %+v, reserve %d", FortunePoints(s, "Undead champion", "Fortune"), s.Sustained, s.Reserve)
	}
	play(t, g, &SustainedEnded{Target: "Undead champion"})
	if s := g.State(); len(s.Sustained) != 1 || s.Sustained[0].Target != "Orc" {
		t.Fatalf("sustained %+v", s.Sustained)
	}
	refused(t, g, &SustainedEnded{Target: "Undead champion"}, "rule.sustained.none")
}

// "Leader Improvement" cheat sheets, and the later fix for experienced groups.
func TestLeaderImprovement(t *testing.T) {
	cases := []struct {
		name         string
		setup        Setup
		invulnerable bool
		vitality     int
		actions      int
		reserve      int
	}{
		{"single, 1 hero: 1 Vitality per point above 20", Setup{Heroes: 1, GroupVP: 40, LeaderVP: 13}, false, 7, 0, 20},
		{"single, 2 heroes", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10}, false, 10, 0, 20},
		{"single, 3 heroes: +1 Action", Setup{Heroes: 3, GroupVP: 60, LeaderVP: 30}, false, 10, 1, 20},
		{"single, 4 heroes: +2 Actions", Setup{Heroes: 4, GroupVP: 80, LeaderVP: 30}, false, 30, 2, 20},
		{"single, 5 heroes: still +2 Actions", Setup{Heroes: 5, GroupVP: 100, LeaderVP: 30}, false, 50, 2, 20},
		{"reserve at 20 or below: nothing to convert", Setup{Heroes: 2, GroupVP: 30, LeaderVP: 15}, false, 0, 0, 15},
		{"rotating: 1 Vitality per 3 points, no Action (prose)", Setup{Heroes: 4, GroupVP: 50, LeaderVP: 20, Conductor: ConductorRotating}, false, 3, 0, 20},
		{"rotating, table reading: +1 Action", Setup{Heroes: 4, GroupVP: 50, LeaderVP: 20, Conductor: ConductorRotating, Rules: Rules{RotatingExtraAction: true}}, false, 3, 1, 20},
		{"fix: 1 Vitality per 2 points", Setup{Heroes: 2, GroupVP: 45, LeaderVP: 20, Rules: Rules{LeaderFix: true}}, false, 2, 0, 20},
		{"fix, Invulnerable Leader: per 3 points", Setup{Heroes: 2, GroupVP: 45, LeaderVP: 20, Rules: Rules{LeaderFix: true}}, true, 1, 0, 20},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, c.setup)
			refused(t, g, &MainRoomPlaced{}, "rule.main_room.unrevealed")
			play(t, g, &SectionRevealed{Kind: "main"}, &Spawn{Cost: 0})
			refused(t, g, &MainRoomPlaced{}, "rule.flow.busy")
			play(t, g, die(dice.Power), &MainRoomPlaced{LeaderInvulnerable: c.invulnerable})
			l := g.State().Leader
			if l.VitalityBonus != c.vitality || l.ExtraActions != c.actions || g.State().Reserve != c.reserve || !l.Improved {
				t.Fatalf("leader %+v, reserve %d", l, g.State().Reserve)
			}
			refused(t, g, &MainRoomPlaced{}, "rule.main_room.twice")
		})
	}
}

// The app's Scenario Die: seeded, one face or two when a re-roll is due.
func TestRollDie(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 4, GroupVP: 100, LeaderVP: 20, Seed: 11})
	if g.RollDie() != nil {
		t.Fatal("a die with no roll pending")
	}
	hits, twos := 0, 0
	for i := 0; i < 60; i++ {
		play(t, g, &ObstacleTrigger{Reason: "door"})
		d := g.RollDie()
		if again := g.RollDie(); len(again.Faces) != len(d.Faces) || again.Faces[0] != d.Faces[0] {
			t.Fatal("the same roll gave different faces")
		}
		if len(d.Faces) == 2 {
			twos++
			if d.Faces[0] == dice.Obstacle {
				t.Fatal("re-rolled a hit")
			}
		}
		play(t, g, d)
		if len(g.State().Pending) > 0 {
			hits++
			c := &Card{Deck: DeckObstacle, Outcome: Discarded}
			if d := g.State().Decks.Obstacle; d.Size <= d.SpecialsLeft.Thief+d.SpecialsLeft.Ambush {
				c.Special = SpecialAmbush // only special cards are left
				if d.SpecialsLeft.Thief > 0 {
					c.Special = SpecialThief
				}
			}
			play(t, g, c)
			if g.State().Decks.Obstacle.Size == 0 {
				break
			}
		}
	}
	if hits == 0 || twos == 0 {
		t.Fatalf("%d hits, %d re-rolls in 60 triggers", hits, twos)
	}
}
