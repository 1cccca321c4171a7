package twister

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// "Revealing A Room": the revealer's pieces go down first, then the
// opponent's. The placement list ticks each piece off as it is placed, a
// later step's piece waits for the step under way, and a room done (every
// piece down, or play gone on) leaves the prompts.
func TestRevealingARoomPiecesPlaced(t *testing.T) {
	room := &RoomRevealed{Revealer: 1, Contents: []Piece{char("Warrior", 2), obj("Rope", 2), obj("Sword", 1)}}
	// Step 1 (Blue): Warrior, Rope; step 2 (Yellow): Sword.
	cases := []struct {
		name    string
		events  []engine.Event
		refused string // the last event's refusal, if any
		placed  []string
		over    bool
		prompt  int // the step "What happens now" shows (from 1), 0 for none
	}{
		{"just revealed", nil, "", nil, false, 1},
		{"one piece of the revealer's", []engine.Event{&PiecePlaced{Step: 1, Item: 2}}, "", []string{"Rope"}, false, 1},
		{"the revealer's step done: the opponent's is current", []engine.Event{&PiecePlaced{Step: 1, Item: 1}, &PiecePlaced{Step: 1, Item: 2}},
			"", []string{"Warrior", "Rope"}, false, 2},
		{"the opponent's piece before the revealer's are down", []engine.Event{&PiecePlaced{Step: 2, Item: 1}}, "rule.twister.placement_order", nil, false, 1},
		{"a piece twice", []engine.Event{&PiecePlaced{Step: 1, Item: 1}, &PiecePlaced{Step: 1, Item: 1}}, "rule.twister.placed_already", []string{"Warrior"}, false, 1},
		{"no such piece", []engine.Event{&PiecePlaced{Step: 1, Item: 3}}, "rule.twister.placement_item", nil, false, 1},
		{"every piece down: the room is done", []engine.Event{&PiecePlaced{Step: 1, Item: 1}, &PiecePlaced{Step: 1, Item: 2}, &PiecePlaced{Step: 2, Item: 1}},
			"", []string{"Warrior", "Rope", "Sword"}, true, 0},
		{"play goes on (a combat): the room is done", []engine.Event{&CombatStarted{Attacker: 1}}, "", nil, true, 0},
		{"play goes on (an escape)", []engine.Event{&CharacterEscaped{Character: "Thief", Controller: 1}}, "", nil, true, 0},
		{"play goes on (the treasure)", []engine.Event{&TreasureOut{Player: 2}}, "", nil, true, 0},
		{"a piece after the room is done", []engine.Event{&TreasureOut{Player: 2}, &PiecePlaced{Step: 1, Item: 1}}, "rule.twister.placement_over", nil, true, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, 2)
			apply(t, g, room)
			for i, e := range c.events {
				_, err := g.Apply(e)
				if i == len(c.events)-1 && c.refused != "" {
					if ruleOf(err) != c.refused {
						t.Fatalf("%s: %v, want %s", e.Type(), err, c.refused)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", e.Type(), err)
				}
			}
			s := g.State()
			var placed []string
			for _, st := range s.Placement {
				for _, it := range st.Items {
					if it.Placed {
						placed = append(placed, it.Name)
					}
				}
			}
			if !slices.Equal(placed, c.placed) || s.PlacementOver != c.over {
				t.Fatalf("placed %v over %v, want %v %v", placed, s.PlacementOver, c.placed, c.over)
			}
			var steps []int
			for _, p := range g.Prompts() {
				if p.ID == "prompt.twister.place" {
					steps = append(steps, p.Args["Index"].(int))
				}
			}
			want := []int{}
			if c.prompt > 0 {
				want = []int{c.prompt}
			}
			if !slices.Equal(steps, want) && !(len(steps) == 0 && len(want) == 0) {
				t.Fatalf("placement prompts of steps %v, want %v", steps, want)
			}
		})
	}
}

// A new room after one done: its steps are prompted again.
func TestRevealingARoomNextRoom(t *testing.T) {
	g := newGame(t, 2)
	apply(t, g, &RoomRevealed{Revealer: 1, Contents: []Piece{char("Warrior", 1)}}, &PiecePlaced{Step: 1, Item: 1})
	if !g.State().PlacementOver {
		t.Fatal("the first room is not done")
	}
	apply(t, g, &RoomRevealed{Revealer: 2, Contents: []Piece{char("Goblin", 2)}})
	if s := g.State(); s.PlacementOver || CurrentStep(s) != 0 {
		t.Fatalf("the second room: over %v, step %d", s.PlacementOver, CurrentStep(s))
	}
}

// "Order of Resolution for Combat" and the death points: the form
// recording a death starts from the combat just walked: the loser's
// fighter, its controller the loser's seat, the winner scoring. Never the
// first seat by default.
func TestOrderOfResolutionForCombatDeathForm(t *testing.T) {
	blue, yellow := 1, 2
	cases := []struct {
		name             string
		attack, defence  Declaration
		aCard, dCard     int
		winner, reason   string
		more             []engine.Event
		want             DeathDefaults
		defenderAttacks  bool
		atRevealUnsolved bool
	}{
		{"the attacker wins: the defender's fighter", Declaration{Fighters: []Fighter{fighter("Troll", 4)}}, Declaration{Fighters: []Fighter{fighter("Thief", 2)}},
			3, 1, "", "", nil, DeathDefaults{Character: "Thief", Controller: yellow, By: blue, Cause: CauseCombat}, false, false},
		{"the defender wins: the attacker's fighter", Declaration{Fighters: []Fighter{fighter("Goblin", 1)}}, Declaration{Fighters: []Fighter{fighter("Warrior", 4)}},
			1, 2, "", "", nil, DeathDefaults{Character: "Goblin", Controller: blue, By: yellow, Cause: CauseCombat}, false, false},
		{"Yellow attacks and wins: Blue's fighter", Declaration{Fighters: []Fighter{fighter("Troll", 4)}}, Declaration{Fighters: []Fighter{fighter("Elf", 2)}},
			3, 1, "", "", nil, DeathDefaults{Character: "Elf", Controller: blue, By: yellow, Cause: CauseCombat}, true, false},
		{"the Conductor names the defender winner", Declaration{Fighters: []Fighter{fighter("Troll", 4)}}, Declaration{Fighters: []Fighter{fighter("Thief", 2)}},
			3, 1, SideDefender, "the Wizard's spell", nil, DeathDefaults{Character: "Troll", Controller: blue, By: yellow, Cause: CauseCombat}, false, false},
		{"a tie: nobody lost", Declaration{Fighters: []Fighter{fighter("Troll", 4)}}, Declaration{Fighters: []Fighter{fighter("Thief", 4)}},
			1, 1, "", "", nil, DeathDefaults{}, false, false},
		{"the loser's fighter already killed (wounded before)", Declaration{Fighters: []Fighter{fighter("Troll", 4)}}, Declaration{Fighters: []Fighter{hurt("Thief", 2)}},
			3, 1, "", "", nil, DeathDefaults{}, false, false},
		{"its death recorded: nothing more to suggest", Declaration{Fighters: []Fighter{fighter("Troll", 4)}}, Declaration{Fighters: []Fighter{fighter("Thief", 2)}},
			3, 1, "", "", []engine.Event{&CharacterDied{Character: "Thief", Controller: yellow, Cause: CauseOther}}, DeathDefaults{}, false, false},
		{"at the reveal, before the cards: the cause only", Declaration{Fighters: []Fighter{fighter("Troll", 4)}}, Declaration{Fighters: []Fighter{fighter("Thief", 2)}},
			0, 0, "", "", nil, DeathDefaults{Cause: CauseCombat}, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGame(Setup{Players: 2, Names: []string{"Blue", "Yellow"}})
			if err != nil {
				t.Fatal(err)
			}
			if got := DeathForm(g.State()); got != (DeathDefaults{}) {
				t.Fatalf("before any combat: %+v", got)
			}
			att := blue
			if c.defenderAttacks {
				att = yellow
			}
			apply(t, g, &CombatStarted{Attacker: att}, &CombatDeclared{c.attack}, &CombatDeclared{c.defence}, &CombatStep{}, &CombatStep{})
			if !c.atRevealUnsolved {
				apply(t, g, &CombatResolved{AttackerCard: c.aCard, DefenderCard: c.dCard, Winner: c.winner, Reason: c.reason})
			}
			apply(t, g, c.more...)
			if got := DeathForm(g.State()); got != c.want {
				t.Fatalf("defaults %+v, want %+v", got, c.want)
			}
		})
	}
}

// The death points go to an opponent of the character's controller: a
// death without one is refused (never the first seat by default), and a
// controller other than the owner of the character met is asked about.
func TestDeathPointsController(t *testing.T) {
	g := newGame(t, 3)
	_, err := g.Apply(&CharacterDied{Character: "Thief", Cause: CauseTrap, By: 2})
	if ruleOf(err) != "rule.twister.controller_needed" {
		t.Fatalf("no controller: %v", err)
	}
	_, err = g.Apply(&CharacterEscaped{Character: "Thief"})
	if ruleOf(err) != "rule.twister.controller_needed" {
		t.Fatalf("an escape without controller: %v", err)
	}
	_, err = g.Apply(&TreasureOut{})
	if ruleOf(err) != "rule.twister.player_needed" {
		t.Fatalf("the treasure for nobody: %v", err)
	}
	apply(t, g, &RoomRevealed{Revealer: 1, Opponent: 2, Contents: []Piece{char("Thief", 3), char("Warrior", 2), char("Warrior", 1)}})
	cases := []struct {
		name       string
		character  string
		controller int
		ask        int // the owner the app asks about, 0 for no question
	}{
		{"its owner", "Thief", 3, 0},
		{"another player", "Thief", 1, 3},
		{"two players' Warriors: either", "Warrior", 1, 0},
		{"two players' Warriors: neither", "Warrior", 3, 2},
		{"a character never met", "Goblin", 1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := OwnerCheck(g.State(), c.character, c.controller); got != c.ask {
				t.Fatalf("asks about %d, want %d", got, c.ask)
			}
		})
	}
	apply(t, g, &CharacterDied{Character: "Thief", Controller: 3, Cause: CauseTrap, By: 1})
	if l := Living(g.State()); len(l) != 2 || slices.ContainsFunc(l, func(p Character) bool { return p.Name == "Thief" }) {
		t.Fatalf("living after the Thief's death: %+v", l)
	}
}

// "Token Characters": a wounded character counts 0. The app keeps what it
// worked out of each character (its printed value as declared, wounded by
// a combat lost), so the next declaration starts from it instead of the
// table's memory.
func TestTokenCharactersKnownFighter(t *testing.T) {
	g := newGame(t, 2)
	if _, ok := KnownFighter(g.State(), 1, "Warrior"); ok {
		t.Fatal("a character never met is known")
	}
	fight := func(attack, defence Fighter, aCard, dCard int) {
		apply(t, g, &CombatStarted{Attacker: 2}, &CombatDeclared{Declaration{Fighters: []Fighter{attack}}},
			&CombatDeclared{Declaration{Fighters: []Fighter{defence}}}, &CombatStep{}, &CombatStep{},
			&CombatResolved{AttackerCard: aCard, DefenderCard: dCard})
	}
	cases := []struct {
		name   string
		fight  func()
		player int
		want   Fighter
		known  bool
	}{
		{"declared and won: its value, not wounded", func() { fight(fighter("Troll", 4), fighter("Warrior", 4), 3, 1) }, 2, fighter("Troll", 4), true},
		{"lost: wounded", nil, 1, hurt("Warrior", 4), true},
		{"declared healed by the Conductor, and won: not wounded", func() { fight(fighter("Troll", 4), fighter("Warrior", 4), 1, 3) }, 1, fighter("Warrior", 4), true},
		{"the Troll lost: wounded", nil, 2, hurt("Troll", 4), true},
		{"killed: no longer known", func() { fight(hurt("Troll", 4), fighter("Warrior", 4), 1, 3) }, 2, Fighter{Name: "Troll"}, false},
	}
	for _, c := range cases {
		if c.fight != nil {
			c.fight()
		}
		got, ok := KnownFighter(g.State(), c.player, c.want.Name)
		if got != c.want || ok != c.known {
			t.Errorf("%s: %+v %v, want %+v %v", c.name, got, ok, c.want, c.known)
		}
	}
}
