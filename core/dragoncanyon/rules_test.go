package dragoncanyon

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/engine/enginetest"
)

const (
	up, down, left, right = "up", "down", "left", "right"
	cw, acw               = "cw", "acw"
	fight, dragon         = decklist.Fight, decklist.MoveDragon
)

func TestCodec(t *testing.T) { enginetest.CheckCodec(t, Events) }

func TestCloneSharesNothing(t *testing.T) {
	var s State
	enginetest.Fill(&s)
	c := rules{}.Clone(&s)
	if sh := enginetest.Shares(s, c); len(sh) > 0 {
		t.Fatalf("the clone shares %v", sh)
	}
}

// "Journey Phase": the festival line, its three tie-breaks, and the
// dragon-under rule.
func TestJourneyFestivalChoice(t *testing.T) {
	type card struct {
		owner string
		p     Pos
	}
	cases := []struct {
		name   string
		amount map[Pos]int
		cards  []card
		dragon Pos
		want   *Pos
		reason string
	}{
		{name: "no line", cards: []card{{"p1", Pos{1, 1}}}, dragon: Pos{4, 4}, reason: "reason.dc.journey.no_line"},
		{name: "one line", cards: []card{{"p1", Pos{1, 1}}, {"ai", Pos{1, 2}}, {"p1", Pos{1, 3}}}, dragon: Pos{4, 4}, want: &Pos{1, 4}},
		{name: "the only line is under the dragon", cards: []card{{"p1", Pos{1, 1}}, {"ai", Pos{1, 2}}, {"p1", Pos{1, 3}}}, dragon: Pos{1, 4}, reason: "reason.dc.journey.under_dragon"},
		{name: "under the dragon is skipped for another line", cards: []card{{"p1", Pos{1, 1}}, {"ai", Pos{1, 2}}, {"p1", Pos{1, 3}}, {"p1", Pos{2, 1}}, {"p1", Pos{3, 1}}},
			dragon: Pos{1, 4}, want: &Pos{4, 1}},
		{name: "most resources for the AI", amount: map[Pos]int{{4, 1}: 3}, cards: []card{{"p1", Pos{1, 1}}, {"ai", Pos{1, 2}}, {"p1", Pos{1, 3}}, {"ai", Pos{2, 1}}, {"p1", Pos{3, 1}}},
			dragon: Pos{4, 4}, want: &Pos{4, 1}},
		{name: "AI tie: fewest for the players", amount: map[Pos]int{{1, 1}: 1, {1, 3}: 3}, cards: []card{{"p1", Pos{1, 1}}, {"ai", Pos{1, 2}}, {"p1", Pos{1, 3}}, {"ai", Pos{2, 1}}, {"p1", Pos{3, 1}}},
			dragon: Pos{4, 4}, want: &Pos{4, 1}},
		{name: "still tied: an action card", cards: []card{{"p1", Pos{1, 1}}, {"ai", Pos{1, 2}}, {"p1", Pos{1, 3}}, {"p1", Pos{4, 1}}, {"ai", Pos{4, 2}}, {"p1", Pos{4, 3}}},
			dragon: Pos{3, 3}, reason: "reason.dc.journey.tie"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) {
				s.Dragon = c.dragon
				for p, n := range c.amount {
					s.Board[p[0]-1][p[1]-1].Amount = n
				}
			})
			for _, k := range c.cards {
				tb.put(k.owner, k.p, false, 1, false)
			}
			tb.must(&AITurn{})
			d := tb.s.Decision
			if c.want != nil {
				if d.Kind != "festival" || *d.Tile != *c.want || tb.s.Pending.Head().Kind != StepDraw {
					t.Fatalf("decision %+v pending %+v, want the festival on %v", d, tb.s.Pending, *c.want)
				}
				return
			}
			if d.Reason != c.reason || tb.s.Pending.Head().Kind != StepFlip || tb.s.Pending.Head().Purpose != FlipJourney {
				t.Fatalf("decision %+v pending %+v, want %s and a flip", d, tb.s.Pending, c.reason)
			}
		})
	}
}

// "Journey Phase": the card's tile is taken, the AI flips again until it can
// place; then it places its top Force card there face-down.
func TestJourneyReflipWhileTaken(t *testing.T) {
	tb := newTable(t)
	tb.put("p1", Pos{2, 2}, false, 1, false)
	tb.must(&AITurn{}, flip(Pos{2, 2}, fight, up, cw, 0, "market"))
	if tb.s.Decision.Kind != "journey_taken" || tb.s.Pending.Head().Kind != StepFlip {
		t.Fatalf("decision %+v pending %+v", tb.s.Decision, tb.s.Pending)
	}
	tb.must(flip(Pos{3, 4}, fight, up, cw, 0, "market"))
	if tb.s.Pending.Head().Kind != StepDraw || *tb.s.Pending.Head().Tile != (Pos{3, 4}) {
		t.Fatalf("pending %+v", tb.s.Pending)
	}
	tb.must(tb.drawTop())
	if f := tb.s.tile(Pos{3, 4}).Force; f == nil || f.Owner != SeatAI || f.FaceUp {
		t.Fatalf("card %+v", f)
	}
}

// "Journey Phase", note: an empty Force pile (every card on the map) skips
// the Journey and Action phases.
func TestJourneyEmptyForcePile(t *testing.T) {
	tb := newTable(t)
	tb.s.AI.Force.Order, tb.s.AI.Force.Pile, tb.s.AI.Force.Discard = nil, 0, 0
	for i, p := range []Pos{{1, 1}, {1, 3}, {2, 2}, {2, 4}, {3, 1}, {3, 3}} {
		tb.put(SeatAI, p, false, 3, false)
		tb.s.tile(p).Force.Card = &i
	}
	tb.must(&AITurn{})
	if got := tb.s.Decision; got.Kind != "claim_none" {
		t.Fatalf("decision %+v", got)
	}
	if tb.s.Phase != PhasePlayers || tb.s.AI.Caravan.Wood != 6 {
		t.Fatalf("phase %s caravan %+v: the harvest should have run", tb.s.Phase, tb.s.AI.Caravan)
	}
}

// "Action Phase": adjacency (orthogonal) gives a flip; not adjacent, none;
// easier skips it when the placement completed a line.
func TestAdjacency(t *testing.T) {
	cases := []struct {
		name       string
		difficulty string
		human      []Pos
		line       bool
		flip       bool
	}{
		{"next to a player's card", Normal, []Pos{{2, 3}}, false, true},
		{"diagonal is not next to", Normal, []Pos{{1, 1}}, false, false},
		{"nobody near", Normal, nil, false, false},
		{"easier, festival placement", Easier, []Pos{{2, 1}}, true, false},
		{"normal, festival placement", Normal, []Pos{{2, 1}}, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) { s.Difficulty = c.difficulty })
			for _, p := range c.human {
				tb.put("p1", p, false, 1, false)
			}
			if c.line {
				tb.put(SeatAI, Pos{1, 2}, false, 3, false)
				tb.put("p1", Pos{3, 2}, false, 1, false)
				tb.put("p1", Pos{4, 2}, false, 1, false)
				tb.must(&AITurn{}) // the festival on (2,2)
			} else {
				tb.must(&AITurn{}, flip(Pos{2, 2}, fight, up, cw, 0, "market"))
			}
			tb.must(tb.drawTop())
			got := tb.s.Pending.Head() != nil && tb.s.Pending.Head().Kind == StepFlip && tb.s.Pending.Head().Purpose == FlipAdjacency
			if got != c.flip {
				t.Fatalf("adjacency flip %v, want %v (decision %+v)", got, c.flip, tb.s.Decision)
			}
		})
	}
}

// "Moving the Dragon": the dragon's target in each case.
func TestDragonTarget(t *testing.T) {
	type card struct {
		p      Pos
		faceUp bool
		slayer bool
	}
	cases := []struct {
		name    string
		tiebrk  string
		closest string
		humans  []card
		card    *ActionFlipped // the journey card (its tie-break is current)
		want    *Pos
		reason  string
		reflip  bool
	}{
		{name: "no player card", reason: "reason.dc.dragon.none"},
		{name: "only a face-up Dragon Slayer", humans: []card{{Pos{4, 4}, true, true}}, reason: "reason.dc.dragon.only_slayer"},
		{name: "only one", humans: []card{{Pos{4, 4}, false, false}}, want: &Pos{4, 4}, reason: "reason.dc.dragon.only_one"},
		{name: "a face-up Dragon Slayer is never the target", humans: []card{{Pos{2, 3}, true, true}, {Pos{4, 4}, false, false}}, want: &Pos{4, 4}, reason: "reason.dc.dragon.only_one"},
		{name: "closest by the spiral, up anticlockwise", humans: []card{{Pos{4, 2}, false, false}, {Pos{2, 4}, false, false}, {Pos{1, 4}, false, false}},
			card: flip(Pos{2, 2}, fight, up, acw, 0, "market"), want: &Pos{4, 2}, reason: "reason.dc.dragon.spiral"},
		{name: "closest by the spiral, right clockwise", humans: []card{{Pos{4, 2}, false, false}, {Pos{2, 4}, false, false}, {Pos{1, 4}, false, false}},
			card: flip(Pos{2, 2}, fight, right, cw, 0, "market"), want: &Pos{1, 4}, reason: "reason.dc.dragon.spiral"},
		{name: "ring 1 before ring 2", humans: []card{{Pos{3, 3}, false, false}, {Pos{2, 4}, false, false}},
			card: flip(Pos{2, 2}, fight, right, cw, 0, "market"), want: &Pos{3, 3}, reason: "reason.dc.dragon.spiral"},
		{name: "steps reading: orthogonal (2,4) before diagonal... same steps, spiral breaks the tie", closest: ClosestSteps, humans: []card{{Pos{3, 3}, false, false}, {Pos{2, 4}, false, false}},
			card: flip(Pos{2, 2}, fight, right, cw, 0, "market"), want: &Pos{3, 3}, reason: "reason.dc.dragon.spiral"},
		{name: "steps reading: fewer steps wins over the spiral", closest: ClosestSteps, humans: []card{{Pos{1, 1}, false, false}, {Pos{4, 2}, false, false}, {Pos{2, 1}, false, false}},
			card: flip(Pos{2, 2}, fight, up, acw, 0, "market"), want: &Pos{2, 1}, reason: "reason.dc.dragon.spiral"},
		{name: "fresh tie-break reading flips a new card", tiebrk: TiebreakFresh, humans: []card{{Pos{4, 2}, false, false}, {Pos{2, 4}, false, false}},
			card: flip(Pos{2, 2}, fight, up, acw, 0, "market"), reflip: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) {
				s.Board[1][1].Canyon = true
				s.Dragon = Pos{1, 1}
				if c.tiebrk != "" {
					s.Rules.TiebreakFlip = c.tiebrk
				}
				if c.closest != "" {
					s.Rules.Closest = c.closest
				}
			})
			for _, h := range c.humans {
				tb.put("p1", h.p, h.faceUp, 1, h.slayer)
			}
			j := c.card
			if j == nil {
				j = flip(Pos{2, 2}, fight, up, cw, 0, "market")
			}
			tb.must(&AITurn{}, j, tb.drawTop())
			if tb.s.Pending.Head() != nil && tb.s.Pending.Head().Kind == StepFlip && tb.s.Pending.Head().Purpose == FlipAdjacency {
				tb.must(flip(Pos{1, 1}, fight, j.Card.Start, j.Card.Turn, 0, "market")) // same tie-break as the journey card
			}
			if c.reflip {
				if tb.s.Pending.Head() == nil || tb.s.Pending.Head().Purpose != FlipTiebreak {
					t.Fatalf("pending %+v, want a tie-break flip", tb.s.Pending)
				}
				return
			}
			d := findDecision(tb, "dragon")
			if d.ID != c.reason {
				t.Fatalf("reason %s, want %s (%+v)", d.ID, c.reason, d)
			}
			if c.want == nil {
				if tb.s.Dragon != (Pos{1, 1}) {
					t.Fatalf("the dragon moved to %v", tb.s.Dragon)
				}
				return
			}
			if tb.s.Dragon != *c.want || tb.s.Pending.Head().Kind != StepStomp {
				t.Fatalf("dragon on %v pending %+v, want %v and a stomp", tb.s.Dragon, tb.s.Pending, *c.want)
			}
		})
	}
}

// findDecision is the last decision logged whose reason is about the
// dragon.
func findDecision(tb *table, _ string) engine.Message {
	for i := len(tb.logged) - 1; i >= 0; i-- {
		if strings.HasPrefix(tb.logged[i].ID, "reason.dc.dragon.") && !strings.HasSuffix(tb.logged[i].ID, ".canyon") {
			return tb.logged[i]
		}
	}
	return engine.Message{}
}

// "Moving the Dragon": the stomp's discard.
func TestStomp(t *testing.T) {
	cases := []struct {
		discard    string
		dragon     Pos
		stone, ref string
	}{
		{DiscardSlayer, Pos{1, 1}, "", ""},
		{Stone, Pos{4, 4}, "stone", ""},
		{DiscardNone, Pos{4, 4}, "", ""},
		{"gold", Pos{4, 4}, "", "rule.dc.stomp.discard"},
	}
	for _, c := range cases {
		t.Run(c.discard, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) { s.Board[1][1].Canyon = true; s.Dragon = Pos{1, 1} })
			tb.put("p1", Pos{4, 4}, false, 1, false)
			tb.must(&AITurn{}, flip(Pos{2, 2}, fight, up, cw, 0, "market"), tb.drawTop())
			err := tb.do(&StompResolved{Discard: c.discard})
			if ruleOf(err) != c.ref {
				t.Fatalf("refusal %v, want %q", err, c.ref)
			}
			if c.ref != "" {
				if tb.s.Pending.Head().Kind != StepStomp {
					t.Fatal("a refused stomp changed the state")
				}
				return
			}
			if tb.s.Dragon != c.dragon {
				t.Errorf("dragon on %v, want %v", tb.s.Dragon, c.dragon)
			}
			if got := tb.s.AI.Caravan.Stone; (c.stone != "") != (got == 1) {
				t.Errorf("caravan stone %d", got)
			}
		})
	}
}

// "Battle" and "Spoils": the target by the tie-break scan, the AI's strength
// (Force card + the card's Strength), ties by difficulty, steal priority.
func TestFight(t *testing.T) {
	cases := []struct {
		name       string
		difficulty string
		players    int
		dice       []int
		strength   int
		caravan    []string
		aiWins     bool
		stole      string
		refusal    string
	}{
		{name: "AI stronger", difficulty: Normal, players: 1, dice: []int{1}, strength: 2, caravan: []string{Wood, Bone, Food}, aiWins: true, stole: Bone},
		{name: "player stronger", difficulty: Normal, players: 1, dice: []int{6}, strength: 2},
		{name: "draw: the attacker (AI) wins", difficulty: Normal, players: 1, dice: []int{2}, strength: 3, caravan: []string{Wood, Food}, aiWins: true, stole: Food},
		{name: "steal Stone before Food and Wood", difficulty: Normal, players: 1, dice: []int{1}, strength: 1, caravan: []string{Wood, Stone, Food}, aiWins: true, stole: Stone},
		{name: "steal Bone before Stone", difficulty: Normal, players: 1, dice: []int{1}, strength: 1, caravan: []string{Stone, Bone}, aiWins: true, stole: Bone},
		{name: "steal Food before Wood", difficulty: Normal, players: 1, dice: []int{1}, strength: 1, caravan: []string{Wood, Food}, aiWins: true, stole: Food},
		{name: "steal Wood last", difficulty: Normal, players: 1, dice: []int{1}, strength: 1, caravan: []string{Wood}, aiWins: true, stole: Wood},
		{name: "empty caravan: nothing to steal", difficulty: Normal, players: 1, dice: []int{1}, strength: 1, aiWins: true},
		{name: "easier: two dice, the better counts", difficulty: Easier, players: 1, dice: []int{1, 4}, strength: 2},
		{name: "easier needs two dice", difficulty: Easier, players: 1, dice: []int{6}, strength: 2, refusal: "rule.dc.fight.dice"},
		{name: "normal needs one die", difficulty: Normal, players: 1, dice: []int{1, 6}, strength: 2, refusal: "rule.dc.fight.dice"},
		{name: "harder 2-player draw", difficulty: Harder, players: 2, dice: []int{2}, strength: 3, aiWins: true},
		{name: "a die's lowest face counts", difficulty: Normal, players: 1, dice: []int{MinFace}, strength: 6},
		{name: "easier: both dice may show the lowest face", difficulty: Easier, players: 1, dice: []int{MinFace, MinFace}, strength: 5, aiWins: true},
		{name: "below the lowest face", difficulty: Normal, players: 1, dice: []int{MinFace - 1}, strength: 6, refusal: "rule.dc.fight.face"},
		{name: "above the highest face", difficulty: Normal, players: 1, dice: []int{MaxFace + 1}, strength: 2, refusal: "rule.dc.fight.face"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) { s.Difficulty, s.Players = c.difficulty, c.players })
			tb.put("p1", Pos{2, 1}, false, 0, false) // scanned after (1,2) with up/cw? no: up, right, down, left
			tb.put("p1", Pos{3, 2}, false, 0, false)
			tb.must(&AITurn{}, flip(Pos{2, 2}, fight, up, cw, 0, "market"), tb.drawTop(), flip(Pos{1, 1}, fight, up, cw, 2, "market"))
			// Up, right, down, left: (3,2) comes before (2,1).
			if tb.s.Pending.Head().Kind != StepFight || *tb.s.Flow.Target != (Pos{3, 2}) || tb.s.AIStrength(tb.r.setup.Rules) != 5 {
				t.Fatalf("pending %+v target %v strength %d", tb.s.Pending, tb.s.Flow.Target, tb.s.AIStrength(tb.r.setup.Rules))
			}
			err := tb.do(&FightResolved{Strength: c.strength, Dice: c.dice, Caravan: c.caravan})
			if ruleOf(err) != c.refusal {
				t.Fatalf("refusal %v, want %q", err, c.refusal)
			}
			if c.refusal != "" {
				return
			}
			aiLeft := tb.s.tile(Pos{2, 2}).Force != nil
			playerLeft := tb.s.tile(Pos{3, 2}).Force != nil
			if aiLeft != c.aiWins || playerLeft == c.aiWins {
				t.Fatalf("AI card there %v, player card there %v, AI wins %v", aiLeft, playerLeft, c.aiWins)
			}
			stolen := ""
			for _, m := range tb.logged {
				if m.ID == "reason.dc.fight.steal" {
					stolen = strings.TrimPrefix(m.Args["ResourceKey"].(string), "ui.dc.res.")
				}
			}
			if stolen != c.stole {
				t.Errorf("stole %q, want %q", stolen, c.stole)
			}
		})
	}
}

// "Defending" and "Varying the Difficulty": a player attacks; the flipped
// card's Strength is the AI's modifier; a draw goes to the attacker, except
// on harder with 2 players (the text lists it there only).
func TestDefending(t *testing.T) {
	cases := []struct {
		difficulty string
		players    int
		aiWins     bool
	}{
		{Normal, 1, false},
		{Harder, 1, false},
		{Harder, 2, true},
		{Easier, 2, false},
	}
	for _, c := range cases {
		t.Run(c.difficulty, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) { s.Difficulty, s.Players = c.difficulty, c.players })
			tb.put(SeatAI, Pos{2, 2}, false, 3, false)
			tb.put("p1", Pos{2, 3}, false, 0, false)
			tb.s.Seat, tb.s.Phase = "p1", PhasePlayers
			tb.must(&Attack{Player: 1, Tile: Pos{2, 2}, From: Pos{2, 3}}, flip(Pos{1, 1}, fight, up, cw, 2, "market"))
			if tb.s.AIStrength(tb.r.setup.Rules) != 5 {
				t.Fatalf("AI strength %d", tb.s.AIStrength(tb.r.setup.Rules))
			}
			dice := []int{2}
			if c.difficulty == Easier {
				dice = []int{2, 1}
			}
			tb.must(&FightResolved{Strength: 3, Dice: dice})
			if got := tb.s.tile(Pos{2, 2}).Force != nil; got != c.aiWins {
				t.Fatalf("AI card stays %v, want %v", got, c.aiWins)
			}
			if tb.s.Phase != PhasePlayers || tb.s.Flow != nil {
				t.Fatalf("back to the player's turn: phase %s", tb.s.Phase)
			}
		})
	}
}

// "Claim Phase": the AI pays with its least valuable resources.
func TestPaymentOrder(t *testing.T) {
	cases := []struct {
		stash, left Resources
		harder      bool
	}{
		{Resources{Wood: 2, Food: 1, Stone: 1, Bone: 1}, Resources{Bone: 1}, false},
		{Resources{Food: 1, Stone: 2, Bone: 3}, Resources{Bone: 2}, false},
		{Resources{Wood: 1, Bone: 4}, Resources{Bone: 1}, false},
		{Resources{Wood: 5}, Resources{Wood: 1}, false},
		{Resources{Wood: 1, Food: 4}, Resources{Food: 1}, false},
		{Resources{Food: 2, Stone: 2}, Resources{Stone: 1}, true},
	}
	for _, c := range cases {
		s := State{AI: AI{Stash: c.stash}}
		n := 4
		if c.harder {
			n = 3
		}
		s.pay(n)
		if s.AI.Stash != c.left {
			t.Errorf("%+v pays %d: left %+v, want %+v", c.stash, n, s.AI.Stash, c.left)
		}
	}
}

// "Claim Phase": a second building when 4 more are left, never the same
// one twice (flip again), a building from an empty stack flips again, and
// harder needs 3.
func TestClaim(t *testing.T) {
	tb := newTable(t)
	tb.s.AI.Stash = Resources{Wood: 5, Bone: 4}
	tb.s.stack("guard_tower").Left = 0
	tb.must(&AITurn{}, flip(Pos{4, 4}, fight, up, cw, 0, "market"), tb.drawTop())
	if tb.s.Pending.Head().Purpose != FlipPurchase {
		t.Fatalf("pending %+v", tb.s.Pending)
	}
	tb.must(flip(Pos{1, 1}, fight, up, cw, 0, "market"))
	if tb.s.AI.Buildings[0] != "market" || tb.s.AI.Stash.Total() != 5 {
		t.Fatalf("bought %v, stash %+v", tb.s.AI.Buildings, tb.s.AI.Stash)
	}
	tb.must(flip(Pos{1, 1}, fight, up, cw, 0, "market"))
	if tb.s.Decision.Reason != "reason.dc.claim.same" || tb.s.Pending.Head().Purpose != FlipPurchase {
		t.Fatalf("same building: %+v", tb.s.Decision)
	}
	tb.must(flip(Pos{1, 1}, fight, up, cw, 0, "guard_tower"))
	if tb.s.Decision.Reason != "reason.dc.claim.empty_stack" {
		t.Fatalf("empty stack: %+v", tb.s.Decision)
	}
	tb.must(flip(Pos{1, 1}, fight, up, cw, 0, decklist.TrainingGround))
	if !slices.Equal(tb.s.AI.Buildings, []string{"market", decklist.TrainingGround}) || tb.s.AI.Stash != (Resources{Bone: 1}) {
		t.Fatalf("bought %v stash %+v", tb.s.AI.Buildings, tb.s.AI.Stash)
	}
	if tb.s.Phase != PhasePlayers {
		t.Fatalf("two buildings at most: phase %s pending %+v", tb.s.Phase, tb.s.Pending)
	}
	hinted := false
	for _, h := range tb.s.Hints {
		hinted = hinted || h.ID == "hint.dc.training_ground"
	}
	if !hinted {
		t.Error("Training Ground: the players' discard is not asked for")
	}

	short := newTable(t)
	short.s.AI.Stash = Resources{Wood: 3}
	short.must(&AITurn{}, flip(Pos{4, 4}, fight, up, cw, 0, "market"), short.drawTop())
	if short.s.Decision.Reason != "reason.dc.claim.short" {
		t.Fatalf("3 on normal: %+v", short.s.Decision)
	}
	hard := newTable(t, func(s *Setup) { s.Difficulty = Harder })
	hard.s.AI.Stash = Resources{Wood: 3}
	hard.must(&AITurn{}, flip(Pos{4, 4}, fight, up, cw, 0, "market"), hard.drawTop())
	if hard.s.Pending.Head() == nil || hard.s.Pending.Head().Purpose != FlipPurchase {
		t.Fatalf("3 on harder buys: %+v", hard.s.Decision)
	}
}

// "Building Actions": the Tribal Village brings the Force discards back
// into a newly shuffled pile (a virtual deck's order comes with the event).
func TestTribalVillage(t *testing.T) {
	tb := newTable(t, func(s *Setup) {
		s.ActionDeck = ActionDeck{Cards: []ActionCard{{Tile: Pos{4, 4}, Action: fight, Start: up, Turn: cw, Building: decklist.TribalVillage}}, Order: []int{0}}
	})
	tb.s.AI.Force.Order = []int{2, 3, 4, 5}
	tb.s.AI.Force.Discards = []int{0, 1}
	tb.s.AI.Force.Pile, tb.s.AI.Force.Discard = 4, 2
	tb.s.AI.Stash = Resources{Wood: 4}
	tb.must(&AITurn{})
	zero := 0
	tb.must(&ActionFlipped{Index: &zero}, tb.drawTop())
	// The pile ran out: the purchase flip needs a reshuffle of the discards
	// and the Tribal Village's Force pile.
	if err := tb.do(&ActionFlipped{Index: &zero}); ruleOf(err) != "rule.dc.deck.reshuffle" {
		t.Fatalf("a flip without the reshuffle: %v", err)
	}
	if err := tb.do(&ActionFlipped{Index: &zero, Reshuffle: []int{0}}); ruleOf(err) != "rule.dc.deck.reshuffle" {
		t.Fatalf("a Tribal Village without the Force pile: %v", err)
	}
	tb.must(&ActionFlipped{Index: &zero, Reshuffle: []int{0}, ForceOrder: []int{5, 0, 3, 1, 4}})
	if f := tb.s.AI.Force; f.Pile != 5 || f.Discard != 0 || len(f.Discards) != 0 || !slices.Equal(f.Order, []int{5, 0, 3, 1, 4}) {
		t.Fatalf("Force pile %+v", f)
	}
}

// Setup: "If the AI's ... draw pile ever runs out, shuffle the discards":
// the app's own flip carries the seeded reshuffle, and replay checks it.
func TestReshuffleFromTheApp(t *testing.T) {
	setup := testSetup(func(s *Setup) {
		s.ActionDeck = ActionDeck{Cards: []ActionCard{
			{Tile: Pos{1, 1}, Action: fight, Start: up, Turn: cw, Building: "market"},
			{Tile: Pos{1, 2}, Action: fight, Start: up, Turn: cw, Building: "market"},
		}}
	})
	g, err := NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	play := func() {
		t.Helper()
		for range 40 {
			ps := g.Prompts()
			p := ps[len(ps)-1]
			if len(p.Choices) == 0 {
				t.Fatalf("no choice: %+v", p)
			}
			e := p.Choices[0].Event
			if _, err := g.Apply(e); err != nil {
				t.Fatalf("%s: %v", e.Type(), err)
			}
			if g.State().Phase == PhasePlayers {
				return
			}
		}
	}
	play() // flips 1 card
	g.Apply(&TurnEnded{})
	play() // flips the 2nd
	g.Apply(&TurnEnded{})
	if _, err := g.Apply(&AITurn{}); err != nil {
		t.Fatal(err)
	}
	e := g.NextFlip()
	if len(e.Reshuffle) == 0 {
		t.Fatalf("the third flip does not reshuffle: %+v", e)
	}
	bad := *e
	bad.Reshuffle = []int{0}
	if err := g.Check(&bad); ruleOf(err) != "rule.dc.deck.reshuffle" {
		t.Fatalf("a wrong reshuffle: %v", err)
	}
	if _, err := g.Apply(e); err != nil {
		t.Fatal(err)
	}
	if g.State().Shuffles != 1 {
		t.Fatalf("shuffles %d", g.State().Shuffles)
	}
}

// "Harvest Phase": the festival (the Dragon Slayer takes Bone), cleared
// cards, then gathering from face-down cards, face-up ones turning down.
func TestHarvest(t *testing.T) {
	tb := newTable(t, func(s *Setup) {
		s.Board[0][0] = TileSetup{Resource: Stone, Amount: 2} // the player's: not the AI's
		s.Board[0][1] = TileSetup{Resource: Food, Amount: 3}
		s.Board[3][3] = TileSetup{Resource: Food, Amount: 2}
		s.Board[2][2] = TileSetup{Resource: Stone, Amount: 1}
	})
	tb.put("p1", Pos{1, 1}, false, 1, false)
	tb.put(SeatAI, Pos{1, 2}, false, 0, true) // the Dragon Slayer: Bone instead of Food
	tb.put(SeatAI, Pos{1, 3}, false, 3, false)
	tb.put(SeatAI, Pos{4, 4}, false, 1, false) // face-down: gathers
	tb.put(SeatAI, Pos{3, 3}, true, 1, false)  // face-up: no gathering, turns down
	tb.must(&AITurn{}, tb.drawTop())           // the festival on (1,4)
	want := Resources{Bone: 3, Wood: 2, Food: 2}
	if tb.s.AI.Caravan != want {
		t.Fatalf("caravan %+v, want %+v", tb.s.AI.Caravan, want)
	}
	for _, p := range []Pos{{1, 1}, {1, 2}, {1, 3}, {1, 4}} {
		if tb.s.tile(p).Force != nil {
			t.Errorf("%v not cleared", p)
		}
	}
	if f := tb.s.tile(Pos{3, 3}).Force; f.FaceUp {
		t.Error("the face-up card did not turn down")
	}
	if tb.s.AI.Force.Discard != 3 {
		t.Errorf("discards %d", tb.s.AI.Force.Discard)
	}
}

// "Game End" and "Objective Scoring".
func TestEnd(t *testing.T) {
	// The AI empties a stack: the player has one more turn, then the scoring.
	tb := newTable(t)
	tb.s.stack("market").Left = 1
	tb.s.AI.Stash = Resources{Wood: 4}
	tb.must(&AITurn{}, flip(Pos{4, 4}, fight, up, cw, 0, "market"), tb.drawTop(), flip(Pos{1, 1}, fight, up, cw, 0, "market"))
	if tb.s.End == nil || !slices.Equal(tb.s.End.Left, []string{"p1"}) || tb.s.Seat != "p1" {
		t.Fatalf("end %+v seat %s", tb.s.End, tb.s.Seat)
	}
	tb.must(&TurnEnded{})
	// Solo: the objectives first, one by one ("Objective Scoring").
	if tb.s.Phase != PhaseScoring || tb.s.Pending.Head().Kind != StepObjective || tb.s.Pending.Head().Objective != 1 {
		t.Fatalf("phase %s, pending %+v", tb.s.Phase, tb.s.Pending.Head())
	}
	if err := tb.do(&AITurn{}); ruleOf(err) != "rule.dc.step_pending" {
		t.Fatalf("an AI turn after the end: %v", err)
	}

	// Player 1 empties a stack in a 2-player game: player 2 and the AI play once more.
	two := newTable(t, func(s *Setup) { s.Players = 2 })
	two.s.Seat, two.s.Phase = "p1", PhasePlayers
	two.s.stack("market").Left = 1
	two.must(&BuildingBought{Player: 1, Building: "market"})
	if !slices.Equal(two.s.End.Left, []string{"p2", SeatAI}) {
		t.Fatalf("left %v", two.s.End.Left)
	}
	two.must(&TurnEnded{})
	if two.s.Seat != "p2" {
		t.Fatalf("seat %s", two.s.Seat)
	}
	two.must(&TurnEnded{}, &AITurn{}, flip(Pos{4, 4}, fight, up, cw, 0, "market"), two.drawTop())
	if two.s.Phase != PhaseScoring {
		t.Fatalf("phase %s after the AI's last turn", two.s.Phase)
	}
	if err := two.do(&BuildingBought{Player: 1, Building: "market"}); ruleOf(err) != "rule.dc.step_pending" {
		t.Fatalf("buying after the end: %v", err)
	}
}

func TestScore(t *testing.T) {
	objectives := []Objective{{Done: true, PlayerVP: 3}, {Done: false, PlayerVP: -2, AIVP: 2}, {Done: true}}
	cases := []struct {
		name       string
		difficulty string
		players    []int
		objectives []Objective
		ai, p1     int
		winner     string
	}{
		{"the player scores higher", Normal, []int{10}, objectives, 2 + 4 + 1 + 2, 11, "p1"},
		{"the AI scores higher", Normal, []int{5}, objectives, 9, 6, SeatAI},
		{"harder solo: a failed objective loses", Harder, []int{30}, objectives, 9, 31, SeatAI},
		{"a tie", Normal, []int{7}, nil, 7, 7, "tie"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t, func(s *Setup) { s.Difficulty = c.difficulty })
			tb.s.AI.Buildings = []string{decklist.TrainingGround, "guard_tower"}
			tb.s.Phase, tb.s.Seat = PhaseScoring, ""
			tb.s.Pending.Set(Step{Kind: StepScore})
			tb.must(&GameScored{Players: c.players, AIExtra: 1, Objectives: c.objectives})
			r := tb.s.Result
			if r.AI != c.ai || r.Players[0] != c.p1 || r.Winner != c.winner {
				t.Fatalf("result %+v, want AI %d, p1 %d, winner %s", r, c.ai, c.p1, c.winner)
			}
		})
	}
}

// Allowed: the one answer to "may this event type apply now".
func TestAllowed(t *testing.T) {
	waiting := State{Seat: SeatAI, Phase: PhaseWaiting}
	players := State{Seat: "p1", Phase: PhasePlayers}
	flipping := State{Seat: SeatAI, Phase: PhaseJourney, Pending: Pending{engine.Steps[Step]{{Kind: StepFlip}}}}
	scoring := State{Phase: PhaseScoring, Pending: Pending{engine.Steps[Step]{{Kind: StepScore}}}}
	over := State{Phase: PhaseOver}
	cases := []struct {
		name string
		s    State
		t    string
		rule string
	}{
		{"the AI's turn", waiting, "ai_turn", ""},
		{"not twice", players, "ai_turn", "rule.dc.not_ai_turn"},
		{"a player ends their turn", players, "turn_ended", ""},
		{"not the AI's", waiting, "turn_ended", "rule.dc.not_player_turn"},
		{"attack on a player's turn", players, "attack", ""},
		{"no attack on the AI's turn", waiting, "attack", "rule.dc.not_player_turn"},
		{"a flip answers a flip", flipping, "action_flipped", ""},
		{"no draw while a flip is pending", flipping, "force_drawn", "rule.dc.not_pending"},
		{"no board event while a flip is pending", flipping, "force_placed", "rule.dc.step_pending"},
		{"no flip asked", players, "action_flipped", "rule.dc.not_pending"},
		{"no fight asked", players, "fight_resolved", "rule.dc.not_pending"},
		{"board events between turns", waiting, "force_placed", ""},
		{"scoring", scoring, "game_scored", ""},
		{"no scoring yet", players, "game_scored", "rule.dc.not_pending"},
		{"over", over, "force_placed", "rule.dc.over"},
	}
	for _, c := range cases {
		if got := ruleOf(allowed(&c.s, c.t)); got != c.rule {
			t.Errorf("%s: %q, want %q", c.name, got, c.rule)
		}
	}
}

// Refused events name their rule and change nothing.
func TestRefusalsChangeNothing(t *testing.T) {
	g, err := NewGame(testSetup())
	if err != nil {
		t.Fatal(err)
	}
	g.Apply(&AITurn{})
	before, _ := g.StateJSON()
	for _, e := range []engine.Event{
		&ActionFlipped{Card: &ActionCard{Tile: Pos{5, 1}, Action: fight, Start: up, Turn: cw, Building: "market"}},
		&ActionFlipped{Card: &ActionCard{Tile: Pos{1, 1}, Action: fight, Start: up, Turn: cw, Building: "castle"}},
		&ForcePlaced{Player: 1, Tile: Pos{1, 1}},
		&GameScored{Players: []int{1}},
	} {
		if _, err := g.Apply(e); err == nil {
			t.Errorf("%s applied", e.Type())
		} else if _, ok := err.(*engine.RuleError); !ok {
			t.Errorf("%s: %v does not name a rule", e.Type(), err)
		}
		if after, _ := g.StateJSON(); string(after) != string(before) {
			t.Fatalf("%s changed the state", e.Type())
		}
	}
}

// Setup validation reports every problem.
func TestSetupValidate(t *testing.T) {
	s := testSetup(func(s *Setup) {
		s.Players = 3
		s.Board[0][0].Resource = "gold"
		s.Board = s.Board[:3]
		s.Dragon = Pos{0, 9}
		s.ForceDeck = ForceDeck{Physical: true}
	})
	err := s.Validate()
	se, ok := err.(engine.SetupErrors)
	if !ok || len(se) < 5 {
		t.Fatalf("problems: %v", err)
	}
}

// The legality tables name only registered event types, every registered
// event type has its gate (a new event cannot be left without legality), an
// event that answers a step applies only then, and every step kind has the
// event that answers it.
func TestLegalityTablesNameRealEvents(t *testing.T) {
	if ungated, unknown := legality.Ungated(Events); len(ungated)+len(unknown) > 0 {
		t.Errorf("event types with no gate %q; named in the tables but not registered %q", ungated, unknown)
	}
	for _, st := range legality.Stages {
		for _, typ := range st.Events {
			if legality.Gates[typ].NotPending == "" {
				t.Errorf("%s answers a %s step but applies with none pending", typ, st.Step)
			}
		}
	}
	for _, kind := range []string{StepFlip, StepDraw, StepReveal, StepStomp, StepFight, StepScore} {
		found := false
		for _, st := range legality.Stages {
			found = found || st.Step == kind && len(st.Events) == 1
		}
		if !found {
			t.Errorf("no one event answers a %s step", kind)
		}
	}
}

// The pending step is saved as before the engine's queue: the step, or null;
// read back strictly; more than one is never written.
func TestPendingJSON(t *testing.T) {
	for _, in := range []string{`null`, `{"kind":"flip","purpose":"journey"}`, `{"kind":"draw","tile":[1,2],"player":"p1"}`} {
		var p Pending
		if err := json.Unmarshal([]byte(in), &p); err != nil {
			t.Fatal(err)
		}
		if out, _ := json.Marshal(p); string(out) != in || (in == "null") != (p.Head() == nil) {
			t.Errorf("%s came back as %s", in, out)
		}
	}
	var p Pending
	if err := json.Unmarshal([]byte(`{"kind":"flip","colour":"red"}`), &p); err == nil {
		t.Error("an unknown field read")
	}
	p.Set(Step{Kind: StepFlip}, Step{Kind: StepDraw})
	if _, err := json.Marshal(p); err == nil {
		t.Error("two steps written as one")
	}
	if b, _ := json.Marshal(State{}); !bytes.Contains(b, []byte(`"pending":null`)) {
		t.Errorf("a new state: %s", b)
	}
}
