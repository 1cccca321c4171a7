package dun

import (
	"encoding/json"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
)

var party = []PartyHero{
	{Name: "Borgron", VP: 20, Perception: 3, Intelligence: 2, Agility: 2, Dexterity: 4, Strength: 4, Movement: 4},
	{Name: "Shara", VP: 25, Perception: 5, Intelligence: 4, Agility: 4, Dexterity: 3, Strength: 2, Movement: 5},
}

// A party gives the hero VP list (and so the group VP) and the heroes' ids.
func TestPartySetup(t *testing.T) {
	g := mustGame(t, Setup{Party: party, LeaderVP: 10})
	s := g.Setup()
	if s.Heroes != 2 || s.GroupVP != 45 {
		t.Fatalf("setup %+v", s)
	}
	st := g.State()
	if len(st.Party) != 2 || st.Party[0].ID != "hero-1" || st.Party[1].Name != "Shara" || st.Reserve != 35 {
		t.Fatalf("state party %+v, reserve %d", st.Party, st.Reserve)
	}
	cases := []struct {
		name  string
		setup Setup
		field string
		id    string
	}{
		{"a hero without a name", Setup{Party: []PartyHero{{VP: 10}}, LeaderVP: 1}, "party.0.name", "setup.party.name"},
		{"a negative attribute", Setup{Party: []PartyHero{{Name: "A", VP: 10, Agility: -1}}, LeaderVP: 1}, "party.0.agility", "setup.party.attribute"},
		{"a hero without VP", Setup{Party: []PartyHero{{Name: "A"}}, LeaderVP: 0}, "hero_vp.0", "setup.hero_vp.positive"},
		{"VP given twice, not matching", Setup{Party: party, HeroVP: []int{20}, LeaderVP: 1}, "party", "setup.party.count"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewGame(c.setup)
			es, ok := err.(SetupErrors)
			if !ok {
				t.Fatalf("got %v", err)
			}
			for _, e := range es {
				if e.Field == c.field && e.ID == c.id {
					return
				}
			}
			t.Fatalf("no %s on %s in %v", c.id, c.field, es)
		})
	}
}

// "Initiative Roll": the heroes' side takes the chosen hero's Perception and
// Intelligence; a running hero rolls at -2 ("Running"). The event keeps the
// hero, and a replay takes the values from the party again.
func TestInitiativeFromTheParty(t *testing.T) {
	cases := []struct {
		name    string
		hero    InitiativeSide
		total   int
		winner  string
		refused string
	}{
		{"Shara's Perception 5", InitiativeSide{Hero: "hero-2", Dice: []int{3, 3}}, 11, SideHeroes, ""},
		{"running: 5 - 2", InitiativeSide{Hero: "hero-2", Running: true, Dice: []int{3, 3}}, 9, SideADP, ""},
		{"given values win over the party's", InitiativeSide{Hero: "hero-2", Perception: intp(1), Intelligence: intp(1), Dice: []int{3, 3}}, 7, SideADP, ""},
		{"running without a hero still takes 2", InitiativeSide{Perception: intp(5), Intelligence: intp(4), Running: true, Dice: []int{3, 3}}, 9, SideADP, ""},
		{"a hero not in the party", InitiativeSide{Hero: "hero-9", Dice: []int{3, 3}}, 0, "", "rule.party.unknown"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Party: party, LeaderVP: 10})
			e := &Initiative{Hero: c.hero, ADP: side(4, 3, 3, 3), Context: ContextCombat}
			if c.refused != "" {
				refused(t, g, e, c.refused)
				return
			}
			play(t, g, e)
			r := g.State().Initiative
			if r.HeroTotal != c.total || r.Winner != c.winner {
				t.Fatalf("hero total %d winner %s, want %d %s", r.HeroTotal, r.Winner, c.total, c.winner)
			}
			b, _ := EncodeEvent(g.Records()[0].Event)
			var back struct {
				Hero map[string]any `json:"hero"`
			}
			json.Unmarshal(b, &back)
			if c.hero.Hero != "" && c.hero.Perception == nil && back.Hero["perception"] != nil {
				t.Fatalf("the event recorded the party's values, not the hero: %s", b)
			}
		})
	}
	refused(t, mustGame(t, Setup{Party: party, LeaderVP: 10}),
		&Initiative{Hero: InitiativeSide{Hero: "hero-1", Dice: []int{1, 2}}, ADP: InitiativeSide{Hero: "hero-2", Dice: []int{1, 2}}, Context: ContextCombat}, "rule.initiative.adp_side")
}

// The app's own roll for a party hero records the hero, not the values.
func TestRollInitiativeKeepsTheHero(t *testing.T) {
	g := mustGame(t, Setup{Party: party, LeaderVP: 10, Seed: 4})
	e := g.RollInitiative(Initiative{Hero: InitiativeSide{Hero: "hero-1", Running: true}, ADP: InitiativeSide{Perception: intp(3), Intelligence: intp(3)}, Context: ContextExploration})
	if e.Hero.Hero != "hero-1" || !e.Hero.Running || e.Hero.Perception != nil || len(e.Hero.Dice) != 2 {
		t.Fatalf("rolled %+v", e.Hero)
	}
	play(t, g, e)
}

// A hero action uses the acting hero's attribute ("The Turn, Movement and
// Exploring Actions"): Dexterity to open a lock, Movement to run.
func TestHeroActionUsesTheHero(t *testing.T) {
	cases := []struct {
		name  string
		test  Test
		total int
	}{
		{"Borgron opens a lock with Dexterity 4", Test{Action: "open_lock", Hero: "hero-1", Dice: []int{3, 3}}, 10},
		{"Shara runs with Movement 5", Test{Action: "run", Hero: "hero-2", Dice: []int{1, 2}}, 8},
		{"a given value wins", Test{Action: "open_lock", Hero: "hero-1", Value: intp(1), Dice: []int{3, 3}}, 7},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Party: party, LeaderVP: 10})
			e := c.test
			play(t, g, &e)
			if got := g.State().LastTest.Total; got != c.total {
				t.Fatalf("total %d, want %d", got, c.total)
			}
		})
	}
	refused(t, mustGame(t, Setup{Party: party, LeaderVP: 10}), &Test{Action: "open_lock", Hero: "hero-7", Dice: []int{3, 3}}, "rule.party.unknown")
}

// Creatures' Vitality: wounds count down to 0, a Leader's includes the
// Leader improvement ("Leader Improvement"), and at 0 the prompt offers to
// take the creature off the board.
func TestWounds(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
	orc := creature("orc", "melee", bestiary.LevelRegular, 2, 3)
	orc.Vitality = 3
	play(t, g, orc, creature("rat", "beast", bestiary.LevelRegular, 1, 3))
	refused(t, g, &CreatureWounded{ID: "rat", Amount: 1}, "rule.wound.no_vitality")
	refused(t, g, &CreatureWounded{ID: "orc", Amount: 0}, "rule.wound.amount")
	refused(t, g, &CreatureWounded{ID: "orc", Amount: -1}, "rule.wound.amount")
	refused(t, g, &CreatureWounded{ID: "ghost", Amount: 1}, "rule.creature.unknown")
	play(t, g, &CreatureWounded{ID: "orc", Amount: 2})
	if ps := g.Prompts(); ps[0].ID == "prompt.creature.slain" {
		t.Fatal("slain with 1 Vitality left")
	}
	play(t, g, &CreatureWounded{ID: "orc", Amount: 5}) // more than it has: it is at 0
	if c, _ := g.State().Creature("orc"); c.Wounds != 3 {
		t.Fatalf("wounds %d", c.Wounds)
	}
	refused(t, g, &CreatureWounded{ID: "orc", Amount: 1}, "rule.wound.slain")
	ps := g.Prompts()
	if ps[0].ID != "prompt.creature.slain" || ps[0].Choices[0].Event.Type() != "creature_removed" {
		t.Fatalf("prompts %+v", ps[0])
	}
	play(t, g, &CreatureWounded{ID: "orc", Amount: -1}) // healed back
	if ps := g.Prompts(); ps[0].ID == "prompt.creature.slain" {
		t.Fatal("still slain after healing")
	}

	// The Leader's Vitality gains the improvement's bonus.
	g = mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
	boss := creature("boss", "melee", bestiary.LevelLeader, 10, 3)
	boss.Vitality = 4
	play(t, g, boss, &SectionRevealed{Kind: "main"}, &Spawn{Cost: 10}, die(dice.Power), &MainRoomPlaced{})
	bonus := g.State().Leader.VitalityBonus
	if bonus == 0 {
		t.Fatal("no Leader improvement to check with")
	}
	c, _ := g.State().Creature("boss")
	if left, _ := VitalityLeft(g.State(), c); left != 4+bonus {
		t.Fatalf("Leader's Vitality %d, want %d", left, 4+bonus)
	}
}

// "Increase Difficulty for Experienced Groups": from 175 VP an Elite or
// Champion adds +1 to its rolls, from 200 VP the Leader too; the ADP's
// Initiative roller gets it.
func TestInitiativeModifier(t *testing.T) {
	cases := []struct {
		name  string
		vp    int
		level string
		want  int
	}{
		{"a regular creature never", 250, bestiary.LevelRegular, 0},
		{"an elite below 175 VP", 170, bestiary.LevelElite, 0},
		{"an elite from 175 VP", 175, bestiary.LevelElite, 1},
		{"a champion from 175 VP", 180, bestiary.LevelChampion, 1},
		{"the Leader below 200 VP", 190, bestiary.LevelLeader, 0},
		{"the Leader from 200 VP", 200, bestiary.LevelLeader, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 5, GroupVP: c.vp, LeaderVP: 10})
			play(t, g, creature("x", "melee", c.level, 3, 3))
			cr, _ := g.State().Creature("x")
			if got := InitiativeModifier(g.State(), cr); got != c.want {
				t.Fatalf("modifier %d, want %d", got, c.want)
			}
		})
	}
}
