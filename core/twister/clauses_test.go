package twister

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Dungeon Twister's rule clauses, each tested by name.

func fighter(name string, strength int) Fighter { return Fighter{Name: name, Strength: strength} }
func hurt(name string, strength int) Fighter {
	return Fighter{Name: name, Strength: strength, Wounded: true}
}

// declare plays a combat of 2 players up to the reveal: Blue (1) attacks
// Yellow (2) with these declarations.
func declare(t *testing.T, attack, defence Declaration) *Game {
	t.Helper()
	g, err := NewGame(Setup{Players: 2, Names: []string{"Blue", "Yellow"}})
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g, &CombatStarted{Attacker: 1, AttackerCharacter: attack.Fighters[0].Name},
		&CombatDeclared{attack}, &CombatDeclared{defence}, &CombatStep{}, &CombatStep{})
	if s := g.State().Combat; s == nil || s.Step != StepReveal {
		t.Fatalf("not at the reveal: %+v", s)
	}
	return g
}

// Who wins a combat is worked out from both sides' declarations and the
// cards turned up ("Order of Resolution for Combat"; "All weapons grant
// their bonus … while attacking only"; "Armor and Shields … useful only
// when defending"; "Token Characters": a wounded character's base value is
// 0), and applied: the loser's fighters wounded, an already wounded one
// killed and scored for the winner; the Conductor may overrule with a reason.
func TestWhoWinsACombat(t *testing.T) {
	warrior, thief := fighter("Warrior", 4), fighter("Thief", 2)
	cases := []struct {
		name            string
		attack, defence Declaration
		resolve         CombatResolved
		winner          string
		totals          [2]int
		wounded, killed []string
		points          []int // Blue, Yellow
	}{
		{"the higher total wins: the defender is wounded",
			Declaration{Fighters: []Fighter{warrior}}, Declaration{Fighters: []Fighter{thief}},
			CombatResolved{AttackerCard: 1, DefenderCard: 2}, SideAttacker, [2]int{5, 4}, []string{"Thief"}, nil, []int{0, 0}},
		{"a weapon adds in attack",
			Declaration{Fighters: []Fighter{thief}, Items: []Bonus{{Name: "Sword", Use: UseWeapon, Bonus: 1}}}, Declaration{Fighters: []Fighter{thief}},
			CombatResolved{AttackerCard: 2, DefenderCard: 2}, SideAttacker, [2]int{5, 4}, []string{"Thief"}, nil, []int{0, 0}},
		{"armour adds in defence: the attacker loses and is wounded",
			Declaration{Fighters: []Fighter{warrior}}, Declaration{Fighters: []Fighter{thief}, Items: []Bonus{{Name: "Armour", Use: UseArmour, Bonus: 2}}},
			CombatResolved{AttackerCard: 0, DefenderCard: 3}, SideDefender, [2]int{4, 7}, []string{"Warrior"}, nil, []int{0, 0}},
		{"equal totals: nothing happens",
			Declaration{Fighters: []Fighter{warrior}}, Declaration{Fighters: []Fighter{thief}},
			CombatResolved{AttackerCard: 1, DefenderCard: 3}, SideNone, [2]int{5, 5}, nil, nil, []int{0, 0}},
		{"a wounded character counts 0 and, losing, is killed: the winner scores",
			Declaration{Fighters: []Fighter{thief}}, Declaration{Fighters: []Fighter{hurt("Troll", 4)}},
			CombatResolved{AttackerCard: 0, DefenderCard: 1}, SideAttacker, [2]int{2, 1}, nil, []string{"Troll"}, []int{1, 0}},
		{"group combat: every fighter of the losing side suffers; items, abilities and a potion add up",
			Declaration{Fighters: []Fighter{thief, fighter("Cleric", 2)}, Items: []Bonus{{Name: "Potion of Strength", Use: UseAnyTime, Bonus: 2}},
				Abilities: []Bonus{{Name: "Leadership", Bonus: 1}}},
			Declaration{Fighters: []Fighter{warrior, hurt("Zombie", 3)}, Abilities: []Bonus{{Name: "Curse", Bonus: -1}}},
			CombatResolved{AttackerCard: 1, DefenderCard: 1}, SideAttacker, [2]int{8, 4}, []string{"Warrior"}, []string{"Zombie"}, []int{1, 0}},
		{"the Conductor overrules with a reason",
			Declaration{Fighters: []Fighter{warrior}}, Declaration{Fighters: []Fighter{hurt("Dragon", 6)}},
			CombatResolved{AttackerCard: 0, DefenderCard: 0, Winner: SideNone, Reason: "the Dragon's own text"}, SideNone, [2]int{4, 0}, nil, nil, []int{0, 0}},
		{"the Conductor names the defender the winner",
			Declaration{Fighters: []Fighter{hurt("Goblin", 1)}}, Declaration{Fighters: []Fighter{thief}},
			CombatResolved{AttackerCard: 6, DefenderCard: 0, Winner: SideDefender, Reason: "a Scroll of Confusion"}, SideDefender, [2]int{6, 2}, nil, []string{"Goblin"}, []int{0, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := declare(t, c.attack, c.defence)
			e := c.resolve
			msgs, err := g.Apply(&e)
			if err != nil {
				t.Fatal(err)
			}
			s := g.State()
			r := s.LastCombat
			if s.Combat != nil || s.Combats != 1 || r == nil {
				t.Fatalf("the combat is not over: %+v", s)
			}
			if r.Winner != c.winner || r.AttackTotal != c.totals[0] || r.DefenceTotal != c.totals[1] {
				t.Errorf("winner %s, totals %d-%d; want %s, %v", r.Winner, r.AttackTotal, r.DefenceTotal, c.winner, c.totals)
			}
			if !slices.Equal(r.Wounded, c.wounded) || !slices.Equal(r.Killed, c.killed) {
				t.Errorf("wounded %v killed %v; want %v %v", r.Wounded, r.Killed, c.wounded, c.killed)
			}
			if got := []int{s.Score[0].Points, s.Score[1].Points}; !slices.Equal(got, c.points) {
				t.Errorf("points %v, want %v", got, c.points)
			}
			if (e.Reason != "") != (r.Reason != "") || (e.Reason != "" && r.WorkedOut == "") {
				t.Errorf("the override is not recorded: %+v", r)
			}
			var ids []string
			for _, m := range msgs.Log {
				ids = append(ids, m.ID)
			}
			if !slices.Contains(ids, "log.twister.totals") || (e.Reason != "") != slices.Contains(ids, "log.twister.overruled") {
				t.Errorf("the log says %v", ids)
			}
		})
	}
}

// The declarations are recorded in the combat and logged, each fighter,
// item and ability on its line.
func TestWhoWinsACombatDeclarationsLogged(t *testing.T) {
	g := newGame(t, 2)
	apply(t, g, &CombatStarted{Attacker: 1})
	d := Declaration{Fighters: []Fighter{fighter("Warrior", 4), hurt("Thief", 2)}, Items: []Bonus{{Name: "Sword", Use: UseWeapon, Bonus: 1}},
		Abilities: []Bonus{{Name: "Leadership", Bonus: 1}}}
	msgs, err := g.Apply(&CombatDeclared{d})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range msgs.Log {
		ids = append(ids, m.ID)
	}
	want := []string{"log.twister.declared", "log.twister.fighter", "log.twister.fighter_wounded", "log.twister.item", "log.twister.ability", "log.twister.step_done"}
	if !slices.Equal(ids, want) {
		t.Fatalf("log %v, want %v", ids, want)
	}
	if msgs.Log[0].Args["Total"] != 6 || msgs.Log[3].Args["Bonus"] != "+1" {
		t.Errorf("declared %v, item %v", msgs.Log[0].Args, msgs.Log[3].Args)
	}
	cb := g.State().Combat
	if cb.Step != StepDefenderDeclares || cb.Attack == nil || len(cb.Attack.Fighters) != 2 || cb.Defence != nil {
		t.Fatalf("combat %+v", cb)
	}
}

// What a side may not declare, and when the result may not be entered
// (weapons: attack only; armour and shields: defence only; a 0 AP item used
// as an action is an action of its own, "The First Golden Rule applies").
func TestWhoWinsACombatRefusals(t *testing.T) {
	ok := Declaration{Fighters: []Fighter{fighter("Warrior", 4)}}
	cases := []struct {
		name   string
		events func(g *Game) []engine.Event
		rule   string
	}{
		{"a weapon in defence", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{ok}, &CombatDeclared{Declaration{Fighters: ok.Fighters, Items: []Bonus{{Name: "Dragon Slayer", Use: UseWeapon, Bonus: 4}}}}}
		}, "rule.twister.weapon_defending"},
		{"a shield in attack", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{Declaration{Fighters: ok.Fighters, Items: []Bonus{{Name: "Shield", Use: UseArmour, Bonus: 1}}}}}
		}, "rule.twister.armour_attacking"},
		{"a torch used as an action in a combat", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{Declaration{Fighters: ok.Fighters, Items: []Bonus{{Name: "Torch", Use: UseZeroAPAct}}}}}
		}, "rule.twister.zero_ap_action"},
		{"an item of no known kind", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{Declaration{Fighters: ok.Fighters, Items: []Bonus{{Name: "Key"}}}}}
		}, "rule.twister.use"},
		{"no fighter", func(*Game) []engine.Event { return []engine.Event{&CombatDeclared{}} }, "rule.twister.fighters"},
		{"a combat value past the bound", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{Declaration{Fighters: []Fighter{fighter("Giant", MaxStrength+1)}}}}
		}, "rule.twister.strength"},
		{"a fighter without a name", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{Declaration{Fighters: []Fighter{{Strength: 3}}}}}
		}, "rule.twister.name"},
		{"declaring after the declarations", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{ok}, &CombatDeclared{ok}, &CombatDeclared{ok}}
		}, "rule.twister.declare_late"},
		{"the result before the cards are up", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{ok}, &CombatDeclared{ok}, &CombatResolved{}}
		}, "rule.twister.resolve_early"},
		{"the result without the declarations", func(*Game) []engine.Event {
			return []engine.Event{&CombatStep{Undeclared: true}, &CombatStep{Undeclared: true}, &CombatStep{}, &CombatStep{}, &CombatResolved{AttackerCard: 1}}
		}, "rule.twister.declarations_missing"},
		{"a card past the bound", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{ok}, &CombatDeclared{ok}, &CombatStep{}, &CombatStep{}, &CombatResolved{AttackerCard: MaxCard + 1}}
		}, "rule.twister.card"},
		{"an override without a reason", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{ok}, &CombatDeclared{ok}, &CombatStep{}, &CombatStep{}, &CombatResolved{Winner: SideDefender}}
		}, "rule.twister.name"},
		{"a reason without a winner", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{ok}, &CombatDeclared{ok}, &CombatStep{}, &CombatStep{}, &CombatResolved{Reason: "because"}}
		}, "rule.twister.reason_alone"},
		{"an unknown winner", func(*Game) []engine.Event {
			return []engine.Event{&CombatDeclared{ok}, &CombatDeclared{ok}, &CombatStep{}, &CombatStep{}, &CombatResolved{Winner: "blue", Reason: "x"}}
		}, "rule.twister.winner"},
		{"no combat", func(g *Game) []engine.Event {
			return []engine.Event{&CombatStep{Undeclared: true}, &CombatStep{Undeclared: true}, &CombatStep{}, &CombatStep{}, &CombatStep{}, &CombatDeclared{ok}}
		}, "rule.twister.no_combat"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, 2)
			apply(t, g, &CombatStarted{Attacker: 1})
			es := c.events(g)
			apply(t, g, es[:len(es)-1]...)
			before, _ := g.StateJSON()
			_, err := g.Apply(es[len(es)-1])
			if got := ruleOf(err); got != c.rule {
				t.Fatalf("got %q, want %q", got, c.rule)
			}
			if after, _ := g.StateJSON(); string(after) != string(before) {
				t.Fatal("a refused event changed the state")
			}
		})
	}
}

// "There is only one terrain which permits suicide by itself": a suicide is
// refused anywhere but where the clarifications allow one (the Falling
// Rocks, a Remote Trap already stood on, water for the Fire Elemental, the
// Sacred Tomb, the Holy Cross), with the reason.
func TestSuicideTerrain(t *testing.T) {
	cases := []struct {
		cause, terrain string
		rule           string
	}{
		{CauseSuicide, TerrainFallingRocks, ""},
		{CauseSuicide, TerrainRemoteTrap, ""},
		{CauseSuicide, TerrainWater, ""},
		{CauseSuicide, TerrainSacredTomb, ""},
		{CauseSuicide, TerrainHolyCross, ""},
		{CauseSuicide, "", "rule.twister.suicide_terrain"},
		{CauseSuicide, "pit", "rule.twister.suicide_terrain"},
		{CauseSuicide, "small_bridge", "rule.twister.suicide_terrain"},
		{CauseTrap, "", ""},
		{CauseTrap, TerrainFallingRocks, "rule.twister.terrain_not_suicide"},
	}
	for _, c := range cases {
		t.Run(c.cause+"/"+c.terrain, func(t *testing.T) {
			g := newGame(t, 3)
			e := &CharacterDied{Character: "Goblin", Controller: 2, Cause: c.cause, Terrain: c.terrain}
			// Who may die there (TestSuicideOnlyByTheCharacterTheTerrainAllows).
			e.FireElemental = c.terrain == TerrainWater
			e.Undead = c.terrain == TerrainSacredTomb || c.terrain == TerrainHolyCross
			e.Wounded = c.terrain == TerrainSacredTomb
			if c.cause != CauseSuicide {
				e.By = 1
			}
			msgs, err := g.Apply(e)
			if got := ruleOf(err); got != c.rule {
				t.Fatalf("got %q, want %q", got, c.rule)
			}
			s := g.State()
			if c.rule != "" {
				if s.Score[0].Points+s.Score[2].Points != 0 {
					t.Fatal("a refused suicide scored")
				}
				return
			}
			if c.cause == CauseSuicide && (s.Score[0].Points != 1 || s.Score[2].Points != 1 || msgs.Log[0].Args["TerrainKey"] != "ui.twister.terrain."+c.terrain) {
				t.Fatalf("score %+v, log %+v", s.Score, msgs.Log[0])
			}
		})
	}
}

// The clarifications on suicide: water lets only the Fire Elemental die in
// it (Fire & Water); the Sacred Tomb takes one's own wounded undead,
// carried in, and the Holy Cross one's own undead (Forces of Darkness).
// Any other character there is refused with the reason; what a suicide
// says of its character is refused for any other death.
func TestSuicideOnlyByTheCharacterTheTerrainAllows(t *testing.T) {
	const wounded = true // a combat the app worked out wounded the Mummy first
	cases := []struct {
		name   string
		before bool
		died   CharacterDied
		rule   string
	}{
		{"water, the Fire Elemental", false, CharacterDied{Character: "Fire Elemental", Terrain: TerrainWater, FireElemental: true}, ""},
		{"water, another character", false, CharacterDied{Character: "Goblin", Terrain: TerrainWater}, "rule.twister.suicide_water"},
		{"water, an undead", false, CharacterDied{Character: "Mummy", Terrain: TerrainWater, Undead: true}, "rule.twister.suicide_water"},
		{"the Holy Cross, an undead", false, CharacterDied{Character: "Mummy", Terrain: TerrainHolyCross, Undead: true}, ""},
		{"the Holy Cross, a living character", false, CharacterDied{Character: "Goblin", Terrain: TerrainHolyCross}, "rule.twister.suicide_cross"},
		{"the Sacred Tomb, a wounded undead", false, CharacterDied{Character: "Mummy", Terrain: TerrainSacredTomb, Undead: true, Wounded: true}, ""},
		{"the Sacred Tomb, an undead the app saw wounded", wounded, CharacterDied{Character: "Mummy", Terrain: TerrainSacredTomb, Undead: true}, ""},
		{"the Sacred Tomb, a healthy undead", false, CharacterDied{Character: "Mummy", Terrain: TerrainSacredTomb, Undead: true}, "rule.twister.suicide_tomb"},
		{"the Sacred Tomb, a wounded living character", false, CharacterDied{Character: "Goblin", Terrain: TerrainSacredTomb, Wounded: true}, "rule.twister.suicide_tomb"},
		{"the Falling Rocks, anyone", false, CharacterDied{Character: "Goblin", Terrain: TerrainFallingRocks}, ""},
		{"not a suicide, yet undead said", false, CharacterDied{Character: "Mummy", Cause: CauseTrap, Undead: true}, "rule.twister.facts_not_suicide"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, 2)
			if c.before {
				g = declare(t, Declaration{Fighters: []Fighter{fighter("Paladin", 4)}}, Declaration{Fighters: []Fighter{fighter("Mummy", 2)}})
				apply(t, g, &CombatResolved{AttackerCard: 2, DefenderCard: 0})
			}
			e := c.died
			e.Controller = 2
			if e.Cause == "" {
				e.Cause = CauseSuicide
			}
			_, err := g.Apply(&e)
			if got := ruleOf(err); got != c.rule {
				t.Fatalf("got %q, want %q", got, c.rule)
			}
			if got, want := g.State().Score[0].Kills, 1; c.rule == "" && got != want {
				t.Fatalf("the suicide scored %d kills for the opponent, want %d", got, want)
			}
		})
	}
}

// "Placing Tokens Behind Your Starting Line": there is one treasure; once
// out of the maze, another "treasure out", by anyone, is refused and
// scores nothing.
func TestTreasureLeavesTheMazeOnce(t *testing.T) {
	cases := []struct {
		name   string
		before []engine.Event
		player int
		rule   string
	}{
		{"the first time: scores", nil, 2, ""},
		{"again, by the same player: refused", []engine.Event{&TreasureOut{Player: 2}}, 2, "rule.twister.treasure_out_already"},
		{"again, by another player: refused", []engine.Event{&TreasureOut{Player: 2}}, 3, "rule.twister.treasure_out_already"},
		{"after an undo: scores", []engine.Event{&TreasureOut{Player: 2}, &engine.Undo{}}, 3, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, 3)
			apply(t, g, c.before...)
			_, err := g.Apply(&TreasureOut{Player: c.player})
			if got := ruleOf(err); got != c.rule {
				t.Fatalf("got %q, want %q", got, c.rule)
			}
			total := 0
			for _, sc := range g.State().Score {
				total += sc.Treasure
			}
			if total != 1 {
				t.Fatalf("the treasure scored %d times", total)
			}
			if c.rule != "" && g.Allowed("treasure_out") == nil {
				t.Fatal("the form is offered a treasure the game refuses")
			}
		})
	}
}

// clarifications are the 19 clarifications of the rules text
// (the Dungeon Twister Rules Clarifications), by our ruling ids.
var clarifications = []string{
	"twister.room_reveal", "twister.cursed_items", "twister.torches", // Revealing A Room and its two exceptions
	"twister.combat_order", "twister.card_override", // Order of Resolution for Combat
	"twister.rope", "twister.weapons", "twister.armour", "twister.fireball_wand",
	"twister.zero_ap_any_time", "twister.zero_ap_action", // 0 AP Items
	"twister.score_tokens", "twister.token_characters",
	"twister.suicide_terrain", "twister.suicide_points", "twister.death_points",
	"twister.small_bridge", "twister.no_diagonals", "twister.in_contact",
}

// citedBySteps are the rulings cited by every step of a game: the prompts
// of a room reveal with torches and cursed items, of each combat step
// (declared or not, overridden or not), and the forms that record a death
// of each cause, an escape or the treasure.
func citedBySteps(t *testing.T) map[string][]string {
	t.Helper()
	cited := map[string][]string{}
	note := func(where string, ps []engine.Prompt) {
		for _, p := range ps {
			if p.Ruling != "" {
				cited[p.Ruling] = append(cited[p.Ruling], where+" "+p.ID)
			}
		}
	}
	g := newGame(t, 3)
	cursed := obj("Cursed Ring", 1)
	cursed.Cursed = true
	torch := obj("Torch", 2)
	torch.Torch = true
	apply(t, g, &RoomRevealed{Revealer: 1, Opponent: 2, Contents: []Piece{char("Warrior", 2), torch, cursed, {Name: "Cursed Helm", Owner: 3, Kind: KindObject, Cursed: true}}})
	note("reveal", g.Prompts())
	for _, declared := range []bool{false, true} {
		apply(t, g, &CombatStarted{Attacker: 1, Defender: 2})
		for g.State().Combat != nil {
			note(g.State().Combat.Step, g.Prompts())
			var e engine.Event = &CombatStep{Undeclared: true}
			if declared && g.State().Combat.Declaring() {
				e = &CombatDeclared{Declaration{Fighters: []Fighter{fighter("Warrior", 4)}}}
			}
			apply(t, g, e)
		}
	}
	apply(t, g, &CombatStarted{Attacker: 1, Defender: 2}, &CardLayingOverridden{By: OverrideWeaponMaster}, &CombatStep{Undeclared: true}, &CombatStep{Undeclared: true})
	note("override", g.Prompts())
	for _, cause := range causes {
		for _, r := range DeathRulings(cause) {
			cited[r] = append(cited[r], "death form ("+cause+")")
		}
	}
	for _, r := range ScoreRulings() {
		cited[r] = append(cited[r], "escape and treasure forms")
	}
	return cited
}

// Every clarification that applies to a step is cited on that step's
// "Why?": each of the 19 by at least one step, and every ruling of the
// module as well (ours included).
func TestEveryClarificationIsCited(t *testing.T) {
	cited := citedBySteps(t)
	for _, id := range clarifications {
		if len(cited[id]) == 0 {
			t.Errorf("the clarification %s is cited by no step", id)
		}
	}
	for _, r := range Rulings {
		if len(cited[r.ID]) == 0 {
			t.Errorf("the ruling %s is cited by no step", r.ID)
		}
	}
	for id := range cited {
		if !slices.ContainsFunc(Rulings, func(r engine.Ruling) bool { return r.ID == id }) {
			t.Errorf("%s is cited but is no ruling of the module", id)
		}
	}
	if len(clarifications) != 19 {
		t.Fatalf("%d clarifications listed, the text has 19", len(clarifications))
	}
}
