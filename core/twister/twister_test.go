package twister

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/engine/enginetest"
)

func newGame(t *testing.T, players int) *Game {
	t.Helper()
	g, err := NewGame(Setup{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func apply(t *testing.T, g *Game, es ...engine.Event) {
	t.Helper()
	for _, e := range es {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
	}
}

func ruleOf(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.ID
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func char(name string, owner int) Piece { return Piece{Name: name, Owner: owner, Kind: KindCharacter} }
func obj(name string, owner int) Piece  { return Piece{Name: name, Owner: owner, Kind: KindObject} }

// step is a placement step as "placer: name(why), …".
type step struct {
	placer int
	items  []string // name/why
}

func flat(ps []PlacementStep) []step {
	var out []step
	for _, p := range ps {
		s := step{placer: p.Placer}
		for _, it := range p.Items {
			s.items = append(s.items, it.Name+"/"+it.Why)
		}
		out = append(out, s)
	}
	return out
}

// "Revealing a Room", with each exception.
func TestPlacement(t *testing.T) {
	cursed := func(name string, owner int) Piece { p := obj(name, owner); p.Cursed = true; return p }
	torch := func(name string, owner int) Piece { p := obj(name, owner); p.Torch = true; return p }
	cases := []struct {
		name               string
		revealer, opponent int
		contents           []Piece
		want               []step
	}{
		{"the basic order: every character and the opponent's objects, then the revealer's objects", 1, 2,
			[]Piece{char("Warrior", 2), obj("Sword", 1), char("Thief", 1), obj("Rope", 2)},
			[]step{{1, []string{"Warrior/character", "Thief/character", "Rope/opponent_object"}}, {2, []string{"Sword/revealer_object"}}}},
		{"each player places their own cursed items: the revealer's", 1, 2,
			[]Piece{cursed("Cursed Ring", 1), obj("Shield", 1)},
			[]step{{1, []string{"Cursed Ring/own_cursed"}}, {2, []string{"Shield/revealer_object"}}}},
		{"each player places their own cursed items: the opponent's", 1, 2,
			[]Piece{cursed("Cursed Sword", 2), obj("Potion", 2)},
			[]step{{1, []string{"Potion/opponent_object"}}, {2, []string{"Cursed Sword/own_cursed"}}}},
		{"torches are always the revealer's to place, whoever owns them", 2, 1,
			[]Piece{torch("Torch", 2), torch("Torch", 1), obj("Armour", 2)},
			[]step{{2, []string{"Torch/torch", "Torch/torch"}}, {1, []string{"Armour/revealer_object"}}}},
		{"an empty room: both steps, empty", 1, 2, nil, []step{{1, nil}, {2, nil}}},
		{"4 players: a third player's cursed item is theirs to place, after the two steps", 3, 1,
			[]Piece{cursed("Cursed Wand", 4), char("Cleric", 2), obj("Key", 3), cursed("Cursed Helm", 2)},
			[]step{{3, []string{"Cleric/character"}}, {1, []string{"Key/revealer_object"}}, {2, []string{"Cursed Helm/own_cursed"}}, {4, []string{"Cursed Wand/own_cursed"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := flat(Placement(c.revealer, c.opponent, c.contents))
			if len(got) != len(c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i].placer != c.want[i].placer || !slices.Equal(got[i].items, c.want[i].items) {
					t.Errorf("step %d: got %v, want %v", i+1, got[i], c.want[i])
				}
			}
		})
	}
}

// The room reveal event puts the order in the state, defaults the opponent
// in 2 players and checks its pieces.
func TestRoomRevealed(t *testing.T) {
	cases := []struct {
		name    string
		players int
		e       RoomRevealed
		rule    string
	}{
		{"2 players, the opponent left out", 2, RoomRevealed{Revealer: 2, Contents: []Piece{obj("Sword", 2)}}, ""},
		{"4 players need the opponent", 4, RoomRevealed{Revealer: 2, Contents: []Piece{obj("Sword", 2)}}, "rule.twister.opponent_needed"},
		{"the revealer is not their own opponent", 3, RoomRevealed{Revealer: 2, Opponent: 2}, "rule.twister.opponent_self"},
		{"an unknown seat", 2, RoomRevealed{Revealer: 3}, "rule.twister.player"},
		{"an owner past the seats", 2, RoomRevealed{Revealer: 1, Contents: []Piece{obj("Sword", 5)}}, "rule.twister.player"},
		{"a cursed character", 2, RoomRevealed{Revealer: 1, Contents: []Piece{{Name: "Troll", Owner: 1, Kind: KindCharacter, Cursed: true}}}, "rule.twister.character_flag"},
		{"a cursed torch", 2, RoomRevealed{Revealer: 1, Contents: []Piece{{Name: "T", Owner: 1, Kind: KindObject, Cursed: true, Torch: true}}}, "rule.twister.cursed_torch"},
		{"an unknown kind", 2, RoomRevealed{Revealer: 1, Contents: []Piece{{Name: "T", Owner: 1, Kind: "monster"}}}, "rule.twister.kind"},
		{"a piece without a name", 2, RoomRevealed{Revealer: 1, Contents: []Piece{{Owner: 1, Kind: KindObject}}}, "rule.twister.name"},
		{"too many pieces", 2, RoomRevealed{Revealer: 1, Contents: make([]Piece, MaxContents+1)}, "rule.twister.contents_max"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, c.players)
			_, err := g.Apply(&c.e)
			if got := ruleOf(err); got != c.rule {
				t.Fatalf("got %q, want %q", got, c.rule)
			}
			s := g.State()
			if c.rule != "" {
				if s.Rooms != 0 || s.Placement != nil {
					t.Fatalf("a refused reveal changed the state: %+v", s)
				}
				return
			}
			if s.Rooms != 1 || s.Room.Opponent != 1 || len(s.Placement) != 2 || s.Placement[1].Placer != 1 || s.Placement[1].Items[0].Name != "Sword" {
				t.Fatalf("state %+v, placement %+v", s, s.Placement)
			}
		})
	}
}

// "Order of Resolution for Combat": the steps in order, the override's
// single step, and the reminders at the right step.
func TestCombatSteps(t *testing.T) {
	cases := []struct {
		name     string
		override bool
		steps    []string
	}{
		{"cards laid", false, []string{StepAttackerDeclares, StepDefenderDeclares, StepAttackerCard, StepDefenderCard, StepReveal}},
		{"the card laying overridden", true, []string{StepAttackerDeclares, StepDefenderDeclares, StepOverride, StepReveal}},
	}
	reminders := map[string][]string{
		StepAttackerDeclares: {"prompt.twister.skip_declaration", "prompt.twister.remind.weapons_attack", "prompt.twister.remind.zero_ap", "prompt.twister.remind.zero_ap_action",
			"prompt.twister.remind.in_contact", "prompt.twister.remind.no_diagonals", "prompt.twister.remind.override"},
		StepDefenderDeclares: {"prompt.twister.skip_declaration", "prompt.twister.remind.armour_defend", "prompt.twister.remind.zero_ap_defender", "prompt.twister.remind.wounded_zero", "prompt.twister.remind.override"},
		StepAttackerCard:     {"prompt.twister.remind.face_down"},
		StepDefenderCard:     {"prompt.twister.remind.face_down"},
		StepOverride:         {"prompt.twister.remind.override_applies"},
		StepReveal: {"prompt.twister.remind.undeclared", "prompt.twister.end_unresolved", "prompt.twister.remind.weapons_reveal", "prompt.twister.remind.armour_reveal",
			"prompt.twister.remind.wounded_token", "prompt.twister.remind.death", "prompt.twister.remind.score_token"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, 2)
			apply(t, g, &CombatStarted{Attacker: 2, AttackerCharacter: "Warrior"})
			if g.State().Combat.Defender != 1 {
				t.Fatalf("defender %d, want 1", g.State().Combat.Defender)
			}
			for i, want := range c.steps {
				if i == 1 && c.override {
					apply(t, g, &CardLayingOverridden{By: OverrideWeaponMaster})
				}
				cb := g.State().Combat
				if cb == nil || cb.Step != want {
					t.Fatalf("step %d: %+v, want %s", i+1, cb, want)
				}
				ps := g.Prompts()
				if ps[0].ID != "prompt.twister.combat."+want || ps[0].Ruling != RulingCombatOrder {
					t.Errorf("%s: first prompt %+v", want, ps[0])
				}
				var ids []string
				for _, p := range ps[1:] {
					ids = append(ids, p.ID)
					if p.Ruling == "" {
						t.Errorf("%s: reminder %s cites no ruling", want, p.ID)
					}
				}
				wantIDs := reminders[want]
				if c.override && (want == StepDefenderDeclares) {
					wantIDs = wantIDs[:4] // overridden already: not offered again
				}
				if !slices.Equal(ids, wantIDs) {
					t.Errorf("%s: reminders %v, want %v", want, ids, wantIDs)
				}
				if want == StepReveal {
					// Nothing declared: ending it is the only choice, never the
					// step's own (it is asked about, on no key).
					ask := slices.IndexFunc(ps, func(p engine.Prompt) bool { return p.Style == StyleAsk })
					if len(ps[0].Choices) != 0 || ps[0].Input != "" || ask < 0 {
						t.Fatalf("reveal undeclared: %+v", ps)
					}
					apply(t, g, ps[ask].Choices[0].Event)
					break
				}
				if cb.Declaring() {
					// The declaration is due: "done" is not offered; going on
					// without it is asked, and a plain step is refused.
					if len(ps[0].Choices) != 0 || ps[1].Style != StyleAsk {
						t.Fatalf("%s: %+v", want, ps[:2])
					}
					if _, err := g.Apply(&CombatStep{}); err == nil || err.(*engine.RuleError).ID != "rule.twister.declare_first" {
						t.Fatalf("%s: a plain step: %v", want, err)
					}
					apply(t, g, ps[1].Choices[0].Event)
					continue
				}
				apply(t, g, ps[0].Choices[0].Event)
			}
			s := g.State()
			if s.Combat != nil || s.Combats != 1 {
				t.Fatalf("after the reveal: %+v", s)
			}
		})
	}
}

// The Allowed table: what may apply at each moment.
func TestAllowed(t *testing.T) {
	at := func(step string) *State {
		return &State{Combat: &Combat{Attacker: 1, Defender: 2, Step: step}}
	}
	over := &State{Winners: []int{1}}
	overridden := at(StepDefenderDeclares)
	overridden.Combat.Override = OverrideOther
	cases := []struct {
		s    *State
		t    string
		rule string
	}{
		{&State{}, "room_revealed", ""},
		{&State{}, "combat_started", ""},
		{&State{}, "combat_step", "rule.twister.no_combat"},
		{&State{}, "card_laying_overridden", "rule.twister.no_combat"},
		{&State{}, "character_died", ""},
		{&State{}, "character_escaped", ""},
		{&State{}, "treasure_out", ""},
		{at(StepAttackerDeclares), "room_revealed", "rule.twister.combat_under_way"},
		{at(StepAttackerDeclares), "combat_started", "rule.twister.combat_under_way"},
		{at(StepAttackerDeclares), "character_escaped", "rule.twister.combat_under_way"},
		{at(StepAttackerDeclares), "treasure_out", "rule.twister.combat_under_way"},
		{at(StepAttackerDeclares), "combat_step", ""},
		{at(StepAttackerDeclares), "card_laying_overridden", ""},
		{at(StepDefenderDeclares), "card_laying_overridden", ""},
		{overridden, "card_laying_overridden", "rule.twister.override_twice"},
		{at(StepAttackerCard), "card_laying_overridden", "rule.twister.override_late"},
		{at(StepDefenderCard), "character_died", "rule.twister.death_before_reveal"},
		{at(StepReveal), "character_died", ""},
		{over, "room_revealed", "rule.twister.over"},
		{over, "character_died", "rule.twister.over"},
	}
	for _, c := range cases {
		if got := ruleOf(allowed(c.s, c.t)); got != c.rule {
			t.Errorf("%s at %+v: got %q, want %q", c.t, c.s.Combat, got, c.rule)
		}
	}
}

// Scoring: a death scores for the opponents of the character's controller;
// a suicide in 3-4 players for every opponent; escapes and the treasure for
// the player.
func TestScoring(t *testing.T) {
	cases := []struct {
		name    string
		players int
		events  []engine.Event
		rule    string
		points  []int
		kills   []int
	}{
		{"2 players: a death scores for the other player", 2,
			[]engine.Event{&CharacterDied{Character: "Troll", Controller: 1, Cause: CauseCombat}}, "", []int{0, 1}, []int{0, 1}},
		{"2 players: a suicide scores for the other player too", 2,
			[]engine.Event{&CharacterDied{Character: "Fire Elemental", Controller: 2, Cause: CauseSuicide, Terrain: TerrainWater, FireElemental: true}}, "", []int{1, 0}, []int{1, 0}},
		{"4 players: a suicide scores for all three opponents", 4,
			[]engine.Event{&CharacterDied{Character: "Zombie", Controller: 3, Cause: CauseSuicide, Terrain: TerrainHolyCross, Undead: true}}, "", []int{1, 1, 0, 1}, []int{1, 1, 0, 1}},
		{"4 players: a kill scores for the killer only", 4,
			[]engine.Event{&CharacterDied{Character: "Cleric", Controller: 3, Cause: CauseRanged, By: 4}}, "", []int{0, 0, 0, 1}, []int{0, 0, 0, 1}},
		{"4 players: a kill names who scores", 4,
			[]engine.Event{&CharacterDied{Character: "Cleric", Controller: 3, Cause: CauseTrap}}, "rule.twister.by_needed", nil, nil},
		{"a player never scores their own character's death", 3,
			[]engine.Event{&CharacterDied{Character: "Cleric", Controller: 3, Cause: CauseCombat, By: 3}}, "rule.twister.by_controller", nil, nil},
		{"a suicide names no other scorer", 4,
			[]engine.Event{&CharacterDied{Character: "Zombie", Controller: 3, Cause: CauseSuicide, By: 1, Terrain: TerrainHolyCross, Undead: true}}, "rule.twister.suicide_by", nil, nil},
		{"an unknown cause", 2,
			[]engine.Event{&CharacterDied{Character: "Zombie", Controller: 1, Cause: "boredom"}}, "rule.twister.cause", nil, nil},
		{"an escape scores for its controller, the treasure too", 2,
			[]engine.Event{&CharacterEscaped{Character: "Goblin", Controller: 1, Points: 2}, &TreasureOut{Player: 1}}, "", []int{3, 0}, []int{0, 0}},
		{"points past the bound", 2,
			[]engine.Event{&TreasureOut{Player: 1, Points: MaxPoints + 1}}, "rule.twister.points", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, c.players)
			var err error
			for _, e := range c.events {
				if _, err = g.Apply(e); err != nil {
					break
				}
			}
			if got := ruleOf(err); got != c.rule {
				t.Fatalf("got %q, want %q", got, c.rule)
			}
			if c.rule != "" {
				return
			}
			var pts, kills []int
			for _, sc := range g.State().Score {
				pts, kills = append(pts, sc.Points), append(kills, sc.Kills)
			}
			if !slices.Equal(pts, c.points) || !slices.Equal(kills, c.kills) {
				t.Errorf("points %v kills %v, want %v %v", pts, kills, c.points, c.kills)
			}
		})
	}
}

// Reaching the goal ends the game; a death at the reveal ends the combat.
func TestWinAndDeathInCombat(t *testing.T) {
	g := newGame(t, 2)
	apply(t, g, &CombatStarted{Attacker: 1}, &CombatStep{Undeclared: true}, &CombatStep{Undeclared: true}, &CombatStep{}, &CombatStep{})
	apply(t, g, &CharacterDied{Character: "Troll", Controller: 2, Cause: CauseCombat})
	if s := g.State(); s.Combat != nil || s.Combats != 1 || s.Score[0].Points != 1 {
		t.Fatalf("%+v", s)
	}
	apply(t, g, &TreasureOut{Player: 1, Points: 4})
	if s := g.State(); !slices.Equal(s.Winners, []int{1}) {
		t.Fatalf("winners %v", s.Winners)
	}
	if _, err := g.Apply(&TreasureOut{Player: 2}); ruleOf(err) != "rule.twister.over" {
		t.Fatalf("after the win: %v", err)
	}
	if ps := g.Prompts(); ps[0].ID != "prompt.twister.over" {
		t.Fatalf("prompts %+v", ps)
	}
}

func TestSetup(t *testing.T) {
	cases := []struct {
		s     Setup
		field string
	}{
		{Setup{Players: 2}, ""},
		{Setup{Players: 4, Names: []string{"A", "B", "C", "D"}, Goal: goal(7)}, ""},
		{Setup{Players: 1}, "players"},
		{Setup{Players: 5}, "players"},
		{Setup{Players: 3, Names: []string{"A", "B"}}, "names"},
		{Setup{Players: 2, Names: []string{"A", ""}}, "names"},
		{Setup{Players: 2, Goal: goal(MaxGoal + 1)}, "goal"},
		{Setup{Players: 2, Goal: goal(0)}, "goal"},
	}
	for _, c := range cases {
		_, err := NewGame(c.s)
		var se engine.SetupErrors
		got := ""
		if errors.As(err, &se) {
			got = se[0].Field
		}
		if got != c.field {
			t.Errorf("%+v: got %q (%v), want %q", c.s, got, err, c.field)
		}
	}
	if _, err := Module.New([]byte(`{"players": 2, "colour": "blue"}`), nil); err == nil {
		t.Error("an unknown setup field was accepted")
	}
}

func TestCodec(t *testing.T) { enginetest.CheckCodec(t, Events) }

func TestClone(t *testing.T) {
	var s State
	enginetest.Fill(&s)
	c := rules{}.Clone(&s)
	if sh := enginetest.Shares(s, c); len(sh) > 0 {
		t.Fatalf("the clone shares %v", sh)
	}
	a, _ := json.Marshal(s)
	b, _ := json.Marshal(c)
	if string(a) != string(b) {
		t.Fatalf("the clone differs:\n%s\n%s", a, b)
	}
}

// Every ruling a prompt cites is listed, and every listed id is unique.
func TestRulingsCited(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range Rulings {
		if ids[r.ID] {
			t.Errorf("%s listed twice", r.ID)
		}
		ids[r.ID] = true
	}
	g := newGame(t, 2)
	apply(t, g, &RoomRevealed{Revealer: 1, Contents: []Piece{obj("Sword", 1)}})
	check := func() {
		for _, p := range g.Prompts() {
			if p.Ruling != "" && !ids[p.Ruling] {
				t.Errorf("%s cites %s, not listed", p.ID, p.Ruling)
			}
		}
	}
	check()
	apply(t, g, &CombatStarted{Attacker: 1})
	for range 5 {
		check()
		apply(t, g, &CombatStep{Undeclared: true})
	}
	if got := engine.ModuleRulings(ModuleName); len(got) != len(Rulings) {
		t.Errorf("the module lists %d rulings, want %d", len(got), len(Rulings))
	}
}

// Undo and resume give the same state.
func TestResume(t *testing.T) {
	g := newGame(t, 3)
	apply(t, g, &RoomRevealed{Revealer: 1, Opponent: 2, Contents: []Piece{char("Warrior", 3)}},
		&CharacterDied{Character: "Warrior", Controller: 3, Cause: CauseSuicide, Terrain: TerrainFallingRocks}, &engine.Undo{})
	r, err := Resume(g.Setup(), g.Records(), nil)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := g.StateJSON()
	b, _ := r.StateJSON()
	if string(a) != string(b) {
		t.Fatalf("resumed differs:\n%s\n%s", a, b)
	}
	if g.State().Score[0].Points != 0 {
		t.Fatal("undo kept the score")
	}
}

func goal(n int) *int { return &n }

// The goal is 1 to 50 victory points: 0 is refused like 51, and only a
// setup that leaves the field out gets the default, 5.
func TestGoal(t *testing.T) {
	cases := []struct {
		setup string
		goal  int // the goal played to; 0: the setup is refused
	}{
		{`{"players": 2}`, DefaultGoal},
		{`{"players": 2, "goal": 1}`, 1},
		{`{"players": 2, "goal": 5}`, 5},
		{`{"players": 3, "goal": 50}`, 50},
		{`{"players": 2, "goal": 0}`, 0},
		{`{"players": 2, "goal": 51}`, 0},
		{`{"players": 2, "goal": -1}`, 0},
	}
	for _, c := range cases {
		t.Run(c.setup, func(t *testing.T) {
			p, err := Module.New([]byte(c.setup), nil)
			if c.goal == 0 {
				var se engine.SetupErrors
				if !errors.As(err, &se) || se[0].Field != "goal" || se[0].ID != "setup.twister.goal" {
					t.Fatalf("accepted (%v), want the goal refused", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g := p.(*Game)
			if got := g.Setup().GoalPoints(); got != c.goal {
				t.Fatalf("goal %d, want %d", got, c.goal)
			}
			// Saved and read back, the game keeps its goal.
			b, _ := g.SetupJSON()
			r, err := Module.Resume(b, nil, nil, nil)
			if err != nil || r.(*Game).Setup().GoalPoints() != c.goal {
				t.Fatalf("resumed from %s: %v", b, err)
			}
		})
	}
}

// Every placement step of a room reveal cites its ruling: the reveal's
// order for the revealer's and the opponent's steps (empty or not), the
// cursed items' for a step of another owner's cursed items.
func TestPlacementRulings(t *testing.T) {
	cursed := func(name string, owner int) Piece { p := obj(name, owner); p.Cursed = true; return p }
	torch := func(name string, owner int) Piece { p := obj(name, owner); p.Torch = true; return p }
	cases := []struct {
		name    string
		players int
		reveal  RoomRevealed
		want    []string // the rulings of the placement prompts, in order
	}{
		{"2 players", 2, RoomRevealed{Revealer: 1, Contents: []Piece{char("Warrior", 2), obj("Sword", 1)}},
			[]string{RulingRoomReveal, RulingRoomReveal}},
		{"an empty room: nothing to place, no step", 2, RoomRevealed{Revealer: 2, Contents: []Piece{}}, nil},
		{"cursed items and a torch of the two players", 2, RoomRevealed{Revealer: 1, Contents: []Piece{cursed("Ring", 1), cursed("Amulet", 2), torch("Torch", 2)}},
			[]string{RulingRoomReveal, RulingRoomReveal}},
		{"3 players: the third's cursed item", 3, RoomRevealed{Revealer: 1, Opponent: 2, Contents: []Piece{cursed("Ring", 3), obj("Rope", 1)}},
			[]string{RulingRoomReveal, RulingCursedItems}}, // the revealer has nothing: their step is skipped
		{"4 players: two more owners", 4, RoomRevealed{Revealer: 2, Opponent: 1, Contents: []Piece{cursed("Ring", 4), cursed("Amulet", 3), char("Thief", 4)}},
			[]string{RulingRoomReveal, RulingCursedItems, RulingCursedItems}}, // the opponent has nothing
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, c.players)
			e := c.reveal
			apply(t, g, &e)
			// One step at a time: its pieces ticked off bring the next.
			var got []string
			for n := 0; n < 10; n++ {
				i := CurrentStep(g.State())
				if i < 0 {
					break
				}
				for _, p := range g.Prompts() {
					if p.ID == "prompt.twister.place" {
						got = append(got, p.Ruling)
					}
				}
				for j, it := range g.State().Placement[i].Items {
					if !it.Placed {
						apply(t, g, &PiecePlaced{Step: i + 1, Item: j + 1})
					}
				}
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("rulings %v, want %v", got, c.want)
			}
			for _, id := range got {
				if !slices.ContainsFunc(Rulings, func(r engine.Ruling) bool { return r.ID == id }) {
					t.Errorf("%s is not one of the module's rulings", id)
				}
			}
		})
	}
}
