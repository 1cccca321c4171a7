package dragoncanyon

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// Clauses of the Dragon Canyon solo AI rules, each test named after what
// its section says: Force card abilities, the Claim Phase's note, the
// Harder variant's starting Loot and the solo Objective Scoring.

// "Game Play" (the note on Force card abilities) and "Defending": the AI
// uses a Force card's ability only when it changes strength in a fight,
// cancelling a Guard Tower's +2 included; the players' cards' abilities
// count the same way. A Guard Tower gives its owner's card +2 when it is
// attacked (rule option guard_tower "always": in every fight).
func TestForceCardAbilitiesInFights(t *testing.T) {
	atk := func(n int) Ability { return Ability{Attack: n} }
	def := func(n int) Ability { return Ability{Defend: n} }
	tower := Ability{Tower: true}
	cases := []struct {
		name            string
		aiAttacks       bool
		aiAbility       Ability
		playerAbility   *Ability // entered in fight_resolved
		onBoard         Ability  // the player's card's, known from its face-up placement
		aiTower         bool     // the AI owns a Guard Tower
		playerTower     bool
		always          bool // rule option guard_tower: always
		wantAI, wantPl  int
		wantAIWins      bool
		wantAICancelled bool
		wantPlCancelled bool
	}{
		// The AI's card: 3, its action card +2; the player's card 4, die 1.
		{name: "no abilities: card and modifier only", aiAttacks: true, wantAI: 5, wantPl: 5, wantAIWins: true},
		{name: "AI card's attack bonus when it attacks", aiAttacks: true, aiAbility: atk(2), wantAI: 7, wantPl: 5, wantAIWins: true},
		{name: "AI card's attack bonus not when it defends", aiAbility: atk(2), wantAI: 5, wantPl: 5},
		{name: "AI card's defence bonus when it defends", aiAbility: def(1), wantAI: 6, wantPl: 5, wantAIWins: true},
		{name: "AI card's defence bonus not when it attacks", aiAttacks: true, aiAbility: def(3), playerAbility: &Ability{}, wantAI: 5, wantPl: 5, wantAIWins: true},
		{name: "AI's Guard Tower +2 when it defends", aiTower: true, wantAI: 7, wantPl: 5, wantAIWins: true},
		{name: "AI's Guard Tower nothing when it attacks", aiAttacks: true, aiTower: true, playerAbility: &Ability{Attack: 0, Defend: 1}, wantAI: 5, wantPl: 6},
		{name: "AI's Guard Tower when it attacks, option always", aiAttacks: true, aiTower: true, always: true, wantAI: 7, wantPl: 5, wantAIWins: true},
		{name: "the player's card cancels the AI's Guard Tower", aiTower: true, playerAbility: &tower, wantAI: 5, wantPl: 5, wantAICancelled: true},
		{name: "the player's Guard Tower +2 when the AI attacks", aiAttacks: true, playerTower: true, wantAI: 5, wantPl: 7},
		{name: "the AI's card cancels the player's Guard Tower", aiAttacks: true, aiAbility: tower, playerTower: true, wantAI: 5, wantPl: 5, wantAIWins: true, wantPlCancelled: true},
		{name: "the player's card's attack bonus when the player attacks", playerAbility: &Ability{Attack: 2}, wantAI: 5, wantPl: 7},
		{name: "the player's ability known from its face-up card", onBoard: def(2), aiAttacks: true, wantAI: 5, wantPl: 7},
		{name: "an ability entered overrides the one known", onBoard: def(2), aiAttacks: true, playerAbility: &Ability{}, wantAI: 5, wantPl: 5, wantAIWins: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) {
				for i := range s.ForceDeck.Cards {
					s.ForceDeck.Cards[i].Ability = c.aiAbility
				}
				if c.always {
					s.Rules.GuardTower = TowerAlways
				}
			})
			if c.aiTower {
				tb.s.AI.Buildings = []string{decklist.GuardTower}
			}
			if c.playerTower {
				tb.s.Players[0].Buildings = []string{decklist.GuardTower}
			}
			if c.aiAttacks {
				tb.put("p1", Pos{3, 2}, c.onBoard != Ability{}, 4, false)
				tb.s.tile(Pos{3, 2}).Force.Ability = c.onBoard
				tb.must(&AITurn{}, flip(Pos{2, 2}, fight, up, cw, 0, "market"), tb.drawTop(), flip(Pos{1, 1}, fight, up, cw, 2, "market"))
			} else {
				tb.put(SeatAI, Pos{2, 2}, false, 3, false)
				tb.s.tile(Pos{2, 2}).Force.Ability = c.aiAbility
				tb.put("p1", Pos{2, 3}, false, 4, false)
				tb.s.Seat, tb.s.Phase = "p1", PhasePlayers
				tb.must(&Attack{Player: 1, Tile: Pos{2, 2}, From: Pos{2, 3}}, flip(Pos{1, 1}, fight, up, cw, 2, "market"))
			}
			tb.must(&FightResolved{Strength: 4, Dice: []int{1}, Ability: c.playerAbility})
			var got *Decision
			for _, m := range tb.logged {
				if m.ID == "reason.dc.fight.ai_wins" || m.ID == "reason.dc.fight.player_wins" || m.ID == "reason.dc.fight.draw_attacker" || m.ID == "reason.dc.fight.draw_ai" {
					got = &Decision{Reason: m.ID, Args: m.Args}
				}
			}
			if got == nil {
				t.Fatalf("no fight result logged: %v", tb.logged)
			}
			if got.Args["AI"] != c.wantAI || got.Args["Player"] != c.wantPl {
				t.Errorf("AI %v, player %v; want %d and %d (%v)", got.Args["AI"], got.Args["Player"], c.wantAI, c.wantPl, got.Args)
			}
			if got.Args["AICancelled"] != c.wantAICancelled || got.Args["PlayerCancelled"] != c.wantPlCancelled {
				t.Errorf("cancelled: AI's tower %v, the player's %v (%v)", got.Args["AICancelled"], got.Args["PlayerCancelled"], got.Args)
			}
			aiTile := Pos{2, 2}
			if got := tb.s.tile(aiTile).Force != nil; got != c.wantAIWins {
				t.Errorf("the AI's card stays: %v, want %v", got, c.wantAIWins)
			}
		})
	}
}

// The fight prompt says the AI's strength with its ability and Guard Tower
// ("Defending"): what the player has to beat.
func TestForceCardAbilitiesInTheFightPrompt(t *testing.T) {
	tb := newTable(t)
	tb.s.AI.Buildings = []string{decklist.GuardTower}
	tb.put(SeatAI, Pos{2, 2}, false, 3, false)
	tb.s.tile(Pos{2, 2}).Force.Ability = Ability{Defend: 1}
	tb.put("p1", Pos{2, 3}, false, 4, false)
	tb.s.Seat, tb.s.Phase = "p1", PhasePlayers
	tb.must(&Attack{Player: 1, Tile: Pos{2, 2}, From: Pos{2, 3}}, flip(Pos{1, 1}, fight, up, cw, 2, "market"))
	if got := tb.s.AIStrength(tb.r.setup.Rules); got != 3+2+1+2 {
		t.Fatalf("AI strength %d, want 8", got)
	}
}

// The table enters an ability once: in the deck list for the AI's virtual
// cards, when a physical AI card is revealed, and refused out of range.
func TestForceCardAbilitiesEnteredOnce(t *testing.T) {
	l, ps := decklist.Parse("building market \"Market\" stack=2\nforce strength=2 attack=+2 defend=-1 tower count=2\n")
	if len(ps) > 0 || len(l.Forces) != 2 || l.Forces[0].Ability != (Ability{Attack: 2, Defend: -1, Tower: true}) {
		t.Fatalf("parsed %+v %v", l.Forces, ps)
	}
	if again, _ := decklist.Parse(decklist.Format(l)); again.Forces[1] != l.Forces[1] {
		t.Fatalf("written back and read: %+v", again.Forces)
	}
	if _, ps := decklist.Parse("building market \"Market\" stack=2\nforce strength=2 attack=12\n"); len(ps) != 1 || ps[0].ID != "setup.dc.list.number" {
		t.Fatalf("out of range: %v", ps)
	}

	tb := newTable(t, func(s *Setup) { s.ForceDeck = ForceDeck{Physical: true, Size: 6} })
	tb.put("p1", Pos{3, 2}, false, 0, false)
	tb.must(&AITurn{}, flip(Pos{2, 2}, fight, up, cw, 0, "market"), &ForceDrawn{}, flip(Pos{1, 1}, fight, up, cw, 1, "market"))
	if err := tb.do(&AICardRevealed{Tile: Pos{2, 2}, Strength: 3, Ability: Ability{Attack: decklist.MaxBonus + 1}}); ruleOf(err) != "rule.dc.ability" {
		t.Fatalf("an ability out of range: %v", err)
	}
	tb.must(&AICardRevealed{Tile: Pos{2, 2}, Strength: 3, Ability: Ability{Attack: 2}})
	if got := tb.s.AIStrength(tb.r.setup.Rules); got != 3+1+2 {
		t.Fatalf("AI strength %d, want 6", got)
	}
	if err := tb.do(&FightResolved{Strength: 1, Dice: []int{1}, Ability: &Ability{Defend: -10}}); ruleOf(err) != "rule.dc.ability" {
		t.Fatalf("the player's ability out of range: %v", err)
	}
}

// "Claim Phase", its note: the AI never buys two of the same building in
// the same turn; a building bought in an earlier turn may be bought again.
// The ruling the purchase flip cites says the same, in both languages.
func TestRulingPurchaseSaysWhatTheRuleSays(t *testing.T) {
	cases := []struct {
		name    string
		before  []string // bought in earlier turns
		flips   []string // the purchase flips' buildings
		bought  []string // bought this turn
		reasons []string // the decision after each flip
	}{
		{name: "a building bought in an earlier turn is bought again", before: []string{"market"}, flips: []string{"market", decklist.TrainingGround},
			bought: []string{"market", decklist.TrainingGround}, reasons: []string{"reason.dc.claim.bought", "reason.dc.claim.bought"}},
		{name: "the second building the same as the first is flipped again", flips: []string{"market", "market", decklist.TrainingGround},
			bought: []string{"market", decklist.TrainingGround}, reasons: []string{"reason.dc.claim.bought", "reason.dc.claim.same", "reason.dc.claim.bought"}},
		{name: "two different buildings", before: []string{decklist.TrainingGround}, flips: []string{"market", decklist.TrainingGround},
			bought: []string{"market", decklist.TrainingGround}, reasons: []string{"reason.dc.claim.bought", "reason.dc.claim.bought"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t)
			tb.s.AI.Buildings = append([]string{}, c.before...)
			tb.s.AI.Stash = Resources{Wood: 8}
			tb.must(&AITurn{}, flip(Pos{4, 4}, fight, up, cw, 0, "market"), tb.drawTop())
			for i, b := range c.flips {
				if h := tb.s.Pending.Head(); h == nil || h.Purpose != FlipPurchase {
					t.Fatalf("flip %d: pending %+v", i+1, h)
				}
				tb.must(flip(Pos{1, 1}, fight, up, cw, 0, b))
				if tb.s.Decision.Reason != c.reasons[i] {
					t.Fatalf("flip %d (%s): %s, want %s", i+1, b, tb.s.Decision.Reason, c.reasons[i])
				}
			}
			if got := tb.s.AI.Buildings[len(c.before):]; !slices.Equal(got, c.bought) {
				t.Fatalf("bought %v, want %v", got, c.bought)
			}
		})
	}
	// The text: the same turn, never "one it already has".
	for lang, want := range map[string][]string{
		"en": {"in one turn", "just bought", "earlier turn may be bought again"},
		"es": {"mismo turno", "acaba de comprar", "turno anterior puede volver a comprarlo"},
	} {
		text := translations.New(lang).T("ruling.dc.purchase.text", nil)
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the purchase ruling does not say %q: %s", lang, w, text)
			}
		}
	}
	if !slices.ContainsFunc(Rulings, func(r engine.Ruling) bool { return r.ID == "dc.purchase" }) {
		t.Fatal("no purchase ruling")
	}
	g, err := NewGame(testSetup())
	if err != nil {
		t.Fatal(err)
	}
	// The purchase flip's prompt cites the ruling.
	var st State
	st.Pending.Set(Step{Kind: StepFlip, Purpose: FlipPurchase})
	if p := g.stepPrompt(st, *st.Pending.Head()); p.Ruling != "dc.purchase" {
		t.Fatalf("the purchase flip cites %q", p.Ruling)
	}
}

// "Varying the Difficulty", Harder (2-players): the AI starts with 1 Loot
// card, and the table is told to give it one; no other game does.
func TestHarderTwoPlayerStartingLoot(t *testing.T) {
	cases := []struct {
		difficulty string
		players    int
		loot       int
	}{
		{Harder, 2, 1},
		{Harder, 1, 0},
		{Normal, 2, 0},
		{Easier, 2, 0},
		{Normal, 1, 0},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s with %d", c.difficulty, c.players), func(t *testing.T) {
			setup := testSetup(func(s *Setup) { s.Difficulty, s.Players = c.difficulty, c.players })
			s, log := rules{setup}.Init()
			told := slices.ContainsFunc(log, func(m engine.Message) bool { return m.ID == "log.dc.loot_start" && m.Args["Count"] == 1 })
			if s.AI.Loot != c.loot || told != (c.loot > 0) {
				t.Fatalf("the AI starts with %d Loot (told: %v), want %d", s.AI.Loot, told, c.loot)
			}
			// The Loot card is still there after the first turn's stockpile.
			tb := &table{t: t, r: rules{setup}, s: s}
			tb.must(&AITurn{})
			if tb.s.AI.Loot != c.loot {
				t.Fatalf("after the first turn began: %d", tb.s.AI.Loot)
			}
		})
	}
}

// "Objective Scoring" (solo): each objective is asked when its effects
// apply, at the end before the score, one by one; an effect that changes
// the board or the resources (a building the player loses, a building or
// resources the AI gains) is applied then, and the score counts it.
func TestObjectivesEffectsPromptedWhenTheyApply(t *testing.T) {
	cases := []struct {
		name       string
		objectives []Objective
		refusal    string // of the first objective
		aiBuilt    []string
		aiStash    Resources
		p1Built    []string
		marketLeft int
		ai, p1     int
		winner     string
		harder     bool
	}{
		{name: "no effects: points only", objectives: []Objective{{Done: true, PlayerVP: 3}, {PlayerVP: -2, AIVP: 2}, {Done: true}},
			aiBuilt: []string{"guard_tower"}, p1Built: []string{"market"}, marketLeft: 1, ai: 4 + 2, p1: 10 + 1, winner: "p1"},
		{name: "a failed objective gives the AI a building from its stack", objectives: []Objective{{Done: true}, {Effects: Effects{AIGains: []string{"market"}}}, {Done: true}},
			aiBuilt: []string{"guard_tower", "market"}, p1Built: []string{"market"}, marketLeft: 0, ai: 4 + 1, p1: 10, winner: "p1"},
		{name: "a failed objective takes the player's building away", objectives: []Objective{{Effects: Effects{PlayerLoses: []string{"market"}}}, {Done: true}, {Done: true}},
			aiBuilt: []string{"guard_tower"}, p1Built: []string{}, marketLeft: 1, ai: 4, p1: 10, winner: "p1"},
		{name: "a failed objective gives the AI resources", objectives: []Objective{{Effects: Effects{AIResources: []string{Bone, Bone, Wood}}}, {Done: true}, {Done: true}},
			aiBuilt: []string{"guard_tower"}, aiStash: Resources{Bone: 2, Wood: 1}, p1Built: []string{"market"}, marketLeft: 1, ai: 4, p1: 10, winner: "p1"},
		{name: "a building the player does not have is refused", objectives: []Objective{{Effects: Effects{PlayerLoses: []string{"guard_tower"}}}}, refusal: "rule.dc.objective.not_owned"},
		{name: "an empty stack is refused", objectives: []Objective{{Effects: Effects{AIGains: []string{"market", "market"}}}}, refusal: "rule.dc.building.empty"},
		{name: "an unknown resource is refused", objectives: []Objective{{Effects: Effects{AIResources: []string{"gold"}}}}, refusal: "rule.dc.resource"},
		{name: "harder: a failed objective loses", harder: true, objectives: []Objective{{Done: true}, {}, {Done: true}},
			aiBuilt: []string{"guard_tower"}, p1Built: []string{"market"}, marketLeft: 1, ai: 4, p1: 10, winner: SeatAI},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) {
				if c.harder {
					s.Difficulty = Harder
				}
			})
			// The player bought a Market, the AI a Guard Tower emptying its stack.
			tb.s.stack("market").Left = 2
			tb.s.Seat, tb.s.Phase = "p1", PhasePlayers
			tb.must(&BuildingBought{Player: 1, Building: "market"})
			tb.s.AI.Buildings = []string{"guard_tower"}
			tb.s.End = &End{By: SeatAI, Stack: "guard_tower", Left: []string{"p1"}}
			tb.must(&TurnEnded{})
			for i, o := range c.objectives {
				h := tb.s.Pending.Head()
				if h == nil || h.Kind != StepObjective || h.Objective != i+1 {
					t.Fatalf("objective %d: pending %+v", i+1, h)
				}
				if err := tb.do(&GameScored{Players: []int{10}}); ruleOf(err) != "rule.dc.score.objectives_first" {
					t.Fatalf("scored before objective %d: %v", i+1, err)
				}
				err := tb.do(&ObjectiveResolved{Objective: i + 1, ObjectiveCard: o})
				if i == 0 && c.refusal != "" {
					if ruleOf(err) != c.refusal {
						t.Fatalf("refusal %v, want %s", err, c.refusal)
					}
					return
				}
				if err != nil {
					t.Fatalf("objective %d: %v", i+1, err)
				}
			}
			if h := tb.s.Pending.Head(); h == nil || h.Kind != StepScore {
				t.Fatalf("after the objectives: %+v", h)
			}
			if err := tb.do(&GameScored{Players: []int{10}, Objectives: c.objectives}); ruleOf(err) != "rule.dc.score.objectives_resolved" {
				t.Fatalf("objectives twice: %v", err)
			}
			tb.must(&GameScored{Players: []int{10}})
			if !slices.Equal(tb.s.AI.Buildings, c.aiBuilt) || !slices.Equal(tb.s.Players[0].Buildings, c.p1Built) || tb.s.stack("market").Left != c.marketLeft || tb.s.AI.Stash != c.aiStash {
				t.Fatalf("AI %v stash %+v, p1 %v, markets left %d", tb.s.AI.Buildings, tb.s.AI.Stash, tb.s.Players[0].Buildings, tb.s.stack("market").Left)
			}
			if r := tb.s.Result; r.AI != c.ai || r.Players[0] != c.p1 || r.Winner != c.winner {
				t.Fatalf("result %+v, want AI %d, p1 %d, %s", r, c.ai, c.p1, c.winner)
			}
		})
	}
	// The short way of saved games from before: every objective as points
	// in game_scored, while the first objective is asked.
	tb := newTable(t)
	tb.s.Seat, tb.s.Phase, tb.s.End = "p1", PhasePlayers, &End{By: SeatAI, Stack: "market", Left: []string{"p1"}}
	tb.must(&TurnEnded{}, &GameScored{Players: []int{5}, Objectives: []Objective{{Done: true, PlayerVP: 3}, {}, {}}})
	if tb.s.Result == nil || tb.s.Result.Players[0] != 8 {
		t.Fatalf("the short way: %+v", tb.s.Result)
	}
	// Two players have no objectives: the score is asked at once.
	two := newTable(t, func(s *Setup) { s.Players = 2 })
	two.s.Seat, two.s.Phase, two.s.End = "p2", PhasePlayers, &End{By: SeatAI, Stack: "market", Left: []string{"p2"}}
	two.must(&TurnEnded{})
	if h := two.s.Pending.Head(); h == nil || h.Kind != StepScore {
		t.Fatalf("2 players: %+v", h)
	}
}

// An objective's effect gives the AI only a building its stack still has
// ("Objective Scoring"; a building gained comes off its stack): StacksLeft,
// which the objective's form lists, in the stacks' order.
func TestStacksLeft(t *testing.T) {
	for _, c := range []struct {
		name   string
		stacks []Stack
		want   []string
	}{
		{"every stack with one left", []Stack{{"market", 2}, {"guard_tower", 1}}, []string{"market", "guard_tower"}},
		{"an empty stack is not offered", []Stack{{"market", 2}, {"guard_tower", 0}, {"tribal_village", 3}}, []string{"market", "tribal_village"}},
		{"all empty", []Stack{{"market", 0}}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := (State{Stacks: c.stacks}).StacksLeft(); !slices.Equal(got, c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}
