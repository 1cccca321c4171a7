package dun

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
)

func creature(id, behaviour, level string, vp, agility int) *CreatureAdded {
	return &CreatureAdded{ID: id, Name: id, Behaviour: behaviour, Level: level, VP: vp, Agility: agility, Perception: 3, Intelligence: 3}
}

func ranged(c *CreatureAdded) *CreatureAdded      { c.Ranged = true; return c }
func spellcaster(c *CreatureAdded) *CreatureAdded { c.Spellcaster = true; return c }

// "Activating Order": ranged attackers, then spellcasters and battle wizards
// (a spellcasting Leader too), then the rest, then the Leader; higher VP
// first, then higher Agility, then the order placed.
func TestActivationOrder(t *testing.T) {
	cases := []struct {
		name string
		add  []*CreatureAdded
		want []string
	}{
		{"the four groups", []*CreatureAdded{
			creature("orc", "melee", bestiary.LevelRegular, 2, 3), creature("chief", "melee", bestiary.LevelLeader, 10, 3),
			spellcaster(creature("shaman", "spellcaster", bestiary.LevelRegular, 5, 2)), ranged(creature("archer", "ranged", bestiary.LevelRegular, 3, 3)),
		}, []string{"archer", "shaman", "orc", "chief"}},
		{"higher VP first, then higher Agility", []*CreatureAdded{
			creature("orc", "melee", bestiary.LevelRegular, 2, 3), creature("brute", "melee", bestiary.LevelElite, 2, 4), creature("troll", "beast", bestiary.LevelChampion, 6, 1),
		}, []string{"troll", "brute", "orc"}},
		{"same VP and Agility: the order placed", []*CreatureAdded{
			creature("orc-1", "melee", bestiary.LevelRegular, 1, 3), creature("orc-2", "melee", bestiary.LevelRegular, 1, 3), creature("orc-3", "melee", bestiary.LevelRegular, 1, 3),
		}, []string{"orc-1", "orc-2", "orc-3"}},
		{"a spellcasting Leader acts with the spellcasters, by VP", []*CreatureAdded{
			spellcaster(creature("witch", "spellcaster", bestiary.LevelRegular, 5, 2)), spellcaster(creature("necromancer", "spellcaster", bestiary.LevelLeader, 12, 2)),
			creature("zombie", "melee", bestiary.LevelRegular, 1, 1),
		}, []string{"necromancer", "witch", "zombie"}},
		{"the Ranged fighter card alone puts an archer of VP 1 before an orc of VP 3", []*CreatureAdded{
			creature("orc", "melee", bestiary.LevelRegular, 3, 3), creature("archer", "ranged", bestiary.LevelRegular, 1, 3),
		}, []string{"archer", "orc"}},
		{"the Spellcaster card alone puts a shaman before the rest", []*CreatureAdded{
			creature("orc", "melee", bestiary.LevelRegular, 3, 3), creature("shaman", "spellcaster", bestiary.LevelRegular, 1, 2), creature("archer", "ranged", bestiary.LevelRegular, 1, 3),
		}, []string{"archer", "shaman", "orc"}},
		{"a Leader with the Spellcaster card acts with the spellcasters", []*CreatureAdded{
			creature("orc", "melee", bestiary.LevelRegular, 3, 3), creature("lich", "spellcaster", bestiary.LevelLeader, 12, 2),
		}, []string{"lich", "orc"}},
		{"a Leader with only a bow still acts last", []*CreatureAdded{
			ranged(creature("ranger", "ranged", bestiary.LevelLeader, 9, 4)), creature("wolf", "beast", bestiary.LevelRegular, 2, 5),
		}, []string{"wolf", "ranger"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			for _, a := range c.add {
				play(t, g, a)
			}
			if got := g.State().ActivationOrder; !slices.Equal(got, c.want) {
				t.Fatalf("order %v, want %v", got, c.want)
			}
		})
	}
}

// "Skill limit": the dragon breathes twice, sweeps twice while engaged,
// breathes a third time, and never again while it has other attacks.
func TestSkillLimitDragonExample(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 3, GroupVP: 90, LeaderVP: 40})
	dragon := creature("dragon", "beast", bestiary.LevelLeader, 40, 3)
	dragon.Skills = []string{"breath", "sweep"}
	play(t, g, dragon)
	use := func(skill string) *SkillUsed { return &SkillUsed{ID: "dragon", Skill: skill} }
	play(t, g, use("breath"), use("breath"), use("sweep"), use("sweep"), use("breath"))
	refused(t, g, use("breath"), "rule.skill.limit")
	play(t, g, &SkillUsed{ID: "dragon", Skill: "breath", NoOtherOption: true}) // nothing else left: allowed
	if uses := g.State().Creatures[0].Skills; uses[0].Uses != 4 || uses[1].Uses != 2 {
		t.Fatalf("uses %+v", uses)
	}
	refused(t, g, use("fly"), "rule.skill.unknown")
	refused(t, g, &SkillUsed{ID: "wyvern", Skill: "breath"}, "rule.creature.unknown")
}

// "Leader": the Leader uses its own type's card and the Leader card.
func TestLeaderUsesTwoCards(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	play(t, g, creature("orc", "melee", bestiary.LevelRegular, 1, 3), creature("chief", "melee", bestiary.LevelLeader, 10, 3), &AdpCombatTurn{}, die(dice.Obstacle))
	cards := func() []string {
		var ids []string
		for _, p := range g.Prompts() {
			if len(p.ID) > 5 && p.ID[len(p.ID)-5:] == ".card" {
				ids = append(ids, p.ID)
			}
		}
		return ids
	}
	if got := cards(); !slices.Equal(got, []string{"behaviour.melee.card"}) {
		t.Fatalf("the orc's cards: %v", got)
	}
	play(t, g, &CreatureDone{ID: "orc"})
	refused(t, g, &CreatureDone{ID: "orc"}, "rule.creature.already_done") // the chief has still to act
	if got := cards(); !slices.Equal(got, []string{"behaviour.melee.card", "behaviour.leader.card"}) {
		t.Fatalf("the Leader's cards: %v", got)
	}
	play(t, g, &CreatureDone{ID: "chief"})
	if ps := g.Prompts(); ps[0].ID != "prompt.activation.done" {
		t.Fatalf("after everyone acted: %s", ps[0].ID)
	}
	refused(t, g, &CreatureDone{ID: "chief"}, "rule.creature.all_done")
	play(t, g, &NewTurn{})
	refused(t, g, &CreatureDone{ID: "chief"}, "rule.creature.no_combat_turn")
	play(t, g, &AdpCombatTurn{}, die(dice.Obstacle), &CreatureDone{ID: "orc"}) // a new combat turn: everyone acts again
}

// Removing a creature ends the lasting Power cards that benefit it.
func TestRemovalEndsPowerCards(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10})
	play(t, g, creature("champion", "melee", bestiary.LevelChampion, 8, 3), creature("orc", "melee", bestiary.LevelRegular, 1, 3),
		&AdpCombatTurn{}, die(dice.Power), &Card{Deck: DeckPower, Outcome: Activated, Points: 2, Name: "Fortune", Sustained: true, Target: "champion"},
		&CreatureDone{ID: "champion"}, &CreatureDone{ID: "orc"},
		&AdpCombatTurn{}, die(dice.Power), &Card{Deck: DeckPower, Outcome: Activated, Points: 2, Name: "Rage", Sustained: true, Target: "orc"})
	play(t, g, &CreatureRemoved{ID: "champion"})
	s := g.State()
	if len(s.Sustained) != 1 || s.Sustained[0].Target != "orc" || len(s.Creatures) != 1 || !slices.Equal(s.ActivationOrder, []string{"orc"}) {
		t.Fatalf("sustained %+v creatures %+v", s.Sustained, s.Creatures)
	}
	refused(t, g, &CreatureRemoved{ID: "champion"}, "rule.creature.unknown")
}

// "Non offensive Actions": 1D6 at the start of its activation; on 4+ it
// helps instead of attacking.
func TestSupportRoll(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	healer := creature("shaman", "spellcaster", bestiary.LevelRegular, 4, 2)
	healer.Support = true
	play(t, g, healer, creature("orc", "melee", bestiary.LevelRegular, 1, 3))
	for face := 1; face <= 6; face++ {
		play(t, g, &SupportRoll{ID: "shaman", Face: face})
		want := "hint.support.attack"
		if face >= 4 {
			want = "hint.support.help"
		}
		if h := g.State().Hint; h == nil || h.ID != want {
			t.Fatalf("face %d: hint %+v, want %s", face, h, want)
		}
	}
	refused(t, g, &SupportRoll{ID: "orc", Face: 5}, "rule.support.none")
	refused(t, g, &SupportRoll{ID: "shaman", Face: 7}, "rule.dice.face")
}

func TestCreatureRefusals(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	play(t, g, creature("orc", "melee", bestiary.LevelRegular, 1, 3), creature("chief", "melee", bestiary.LevelLeader, 10, 3))
	cases := []struct {
		name string
		e    Event
		rule string
	}{
		{"duplicate id", creature("orc", "melee", bestiary.LevelRegular, 1, 3), "rule.creature.duplicate"},
		{"no id", creature("", "melee", bestiary.LevelRegular, 1, 3), "rule.creature.id"},
		{"unknown type", creature("imp", "trickster", bestiary.LevelRegular, 1, 3), "rule.creature.type"},
		{"the Leader card is not a type", creature("imp", "leader", bestiary.LevelRegular, 1, 3), "rule.creature.type"},
		{"unknown level", creature("imp", "melee", "boss", 1, 3), "rule.creature.level"},
		{"a second Leader", creature("warlord", "melee", bestiary.LevelLeader, 12, 3), "rule.creature.second_leader"},
		{"negative VP", creature("imp", "melee", bestiary.LevelRegular, -1, 3), "rule.creature.negative"},
		{"a random pick among one", &RandomPick{Among: 1, Picked: 1}, "rule.random_pick"},
		{"a random pick out of range", &RandomPick{Among: 3, Picked: 4}, "rule.random_pick"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { refused(t, g, c.e, c.rule) })
	}
}

// "Increase Difficulty" (175+ Elite and Champion, 200+ the Leader) and the
// Leader improvement's extra Actions, shown beside the creature.
func TestCreatureBonus(t *testing.T) {
	cases := []struct {
		vp, heroes            int
		level                 string
		wantActions, wantRoll int
	}{
		{174, 4, bestiary.LevelElite, 0, 0},
		{175, 4, bestiary.LevelElite, 1, 1},
		{175, 4, bestiary.LevelChampion, 1, 1},
		{175, 4, bestiary.LevelRegular, 0, 0},
		{175, 4, bestiary.LevelLeader, 2, 0}, // 4 heroes: +2 Actions from the improvement only
		{200, 5, bestiary.LevelLeader, 3, 1},
	}
	for _, c := range cases {
		g := mustGame(t, Setup{Heroes: c.heroes, GroupVP: c.vp, LeaderVP: 20})
		a, r := CreatureBonus(g.State(), Creature{Level: c.level})
		if a != c.wantActions || r != c.wantRoll {
			t.Errorf("VP %d %s: +%d Actions +%d rolls, want +%d +%d", c.vp, c.level, a, r, c.wantActions, c.wantRoll)
		}
	}
}

func TestPickRandomIsSeededAndInRange(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Seed: 2})
	seen := map[int]bool{}
	for range 60 {
		p := g.PickRandom(3)
		if again := g.PickRandom(3); again.Picked != p.Picked {
			t.Fatal("the same pick gave different targets")
		}
		seen[p.Picked] = true
		play(t, g, p)
	}
	if len(seen) != 3 {
		t.Fatalf("picked only %v of 3", seen)
	}
}

// "Target of a Power Card": named on the card, else the Leader, else the
// highest VP (the app proposes one of equals; the card may name another).
func TestPowerTarget(t *testing.T) {
	cases := []struct {
		name string
		add  []*CreatureAdded
		want string
	}{
		{"nobody on the board", nil, ""},
		{"the Leader, even with less VP", []*CreatureAdded{creature("ogre", "melee", bestiary.LevelChampion, 9, 3), creature("chief", "melee", bestiary.LevelLeader, 7, 3)}, "chief"},
		{"no Leader: the highest VP", []*CreatureAdded{creature("orc", "melee", bestiary.LevelRegular, 1, 3), creature("troll", "beast", bestiary.LevelChampion, 6, 1), creature("wolf", "beast", bestiary.LevelRegular, 2, 5)}, "troll"},
		{"equal VP: the first placed", []*CreatureAdded{creature("orc-1", "melee", bestiary.LevelRegular, 2, 3), creature("orc-2", "melee", bestiary.LevelRegular, 2, 3)}, "orc-1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
			for _, a := range c.add {
				play(t, g, a)
			}
			got, ok := PowerTarget(g.State())
			if got.ID != c.want || ok != (c.want != "") {
				t.Fatalf("target %q, want %q", got.ID, c.want)
			}
		})
	}
}

// "Initiative Roll": the ADP uses the best Perception among its creatures,
// wherever they stand — the text's wolf in the second row rolls for the orcs.
func TestInitiativeRoller(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10})
	if _, ok := InitiativeRoller(g.State()); ok {
		t.Fatal("a roller with nobody on the board")
	}
	orc := creature("orc", "melee", bestiary.LevelRegular, 1, 3)
	wolf := creature("wolf", "beast", bestiary.LevelRegular, 2, 5)
	wolf.Perception = 4 // Sharp Senses: +1
	play(t, g, orc, wolf)
	if c, _ := InitiativeRoller(g.State()); c.ID != "wolf" {
		t.Fatalf("roller %s", c.ID)
	}
}

// "If they have the same, choose one randomly" (the Initiative roller; the
// same for a Power card's target): the tie is settled by a recorded pick,
// not by the order placed, and a new roster asks again.
func TestTiesPickedAtRandom(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 60, LeaderVP: 10, Seed: 5})
	a, b, c := creature("a", "melee", bestiary.LevelRegular, 2, 3), creature("b", "melee", bestiary.LevelRegular, 2, 3), creature("c", "melee", bestiary.LevelRegular, 1, 3)
	a.Perception, b.Perception, c.Perception = 4, 4, 2
	play(t, g, a, b, c)
	if n := len(InitiativeRollers(g.State())); n != 2 {
		t.Fatalf("%d tied rollers", n)
	}
	if r, _ := InitiativeRoller(g.State()); r.ID != "a" {
		t.Fatalf("before a pick: %s", r.ID)
	}
	refused(t, g, &RandomPick{Among: 3, Picked: 1, For: PickInitiativeRoller}, "rule.random_pick.candidates")
	refused(t, g, &RandomPick{Among: 2, Picked: 1, For: "leader"}, "rule.random_pick.for")
	play(t, g, &RandomPick{Among: 2, Picked: 2, For: PickInitiativeRoller})
	if r, _ := InitiativeRoller(g.State()); r.ID != "b" {
		t.Fatalf("after picking the second: %s", r.ID)
	}
	if r, _ := PowerTarget(g.State()); r.ID != "a" {
		t.Fatalf("the Power target has its own pick: %s", r.ID)
	}
	play(t, g, &RandomPick{Among: 2, Picked: 2, For: PickPowerTarget})
	if r, _ := PowerTarget(g.State()); r.ID != "b" {
		t.Fatalf("power target %s", r.ID)
	}
	play(t, g, &CreatureRemoved{ID: "c"}) // a new roster: the ties are asked again
	if len(g.State().Picks) != 0 {
		t.Fatalf("picks kept: %v", g.State().Picks)
	}
	// The due Initiative prompt offers the pick while the tie is open.
	play(t, g, &NewTurn{}, &SectionRevealed{Kind: "room"}, die(dice.Encounter), &Card{Deck: DeckEncounter, Outcome: Activated}, &Spawn{Cost: 2})
	var pick *RandomPick
	for _, p := range g.Prompts() {
		for _, ch := range p.Choices {
			if e, ok := ch.Event.(*RandomPick); ok {
				pick = e
			}
		}
	}
	if pick == nil || pick.For != PickInitiativeRoller || pick.Among != 2 {
		t.Fatalf("no pick offered: %+v", g.Prompts())
	}
	play(t, g, pick)
}
