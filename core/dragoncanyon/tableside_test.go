package dragoncanyon

import (
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// The table's side of Dragon Canyon: whose turn it is, the players'
// purchases, stomps, attacks and fights, and the result. Rule text: the
// Dragon Canyon solo AI rules, each test citing its section.

// twoPlayers is a 2-player game on the players' turn (Player 1's), the AI's
// card on 1,1.
func twoPlayers(t *testing.T) *Game {
	t.Helper()
	g, err := NewGame(testSetup(func(s *Setup) { s.Players = 2 }))
	if err != nil {
		t.Fatal(err)
	}
	playToPlayers(t, g, Pos{1, 1})
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

// "Game Play": the players take their turns in order after the AI's, so
// the moves of a turn are the player's whose turn it is: the game says
// who (TurnPlayer), and entering another player's moves is asked about.
func TestWhoseTurnComesFromTheGame(t *testing.T) {
	cases := []struct {
		name   string
		events []engine.Event
		turn   int
		asks   map[int]bool // player picked by hand: asked?
	}{
		{"player 1's turn", nil, 1, map[int]bool{1: false, 2: true}},
		{"player 2's turn", []engine.Event{&TurnEnded{}}, 2, map[int]bool{1: true, 2: false}},
		{"the AI's turn", []engine.Event{&TurnEnded{}, &TurnEnded{}}, 0, map[int]bool{1: false, 2: false}},
		{"undone back to player 1", []engine.Event{&TurnEnded{}, &engine.Undo{}}, 1, map[int]bool{1: false, 2: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := twoPlayers(t)
			apply(t, g, c.events...)
			if got := g.State().TurnPlayer(); got != c.turn {
				t.Fatalf("turn player %d, want %d", got, c.turn)
			}
			for n, want := range c.asks {
				m, asks := g.ConfirmPlayer(n)
				if asks != want {
					t.Fatalf("picking player %d asks %v, want %v", n, asks, want)
				}
				if asks && (m.ID != "confirm.dc.other_player" || m.Args["OtherKey"] != seatIDFor(n)) {
					t.Fatalf("the question %+v", m)
				}
			}
		})
	}
}

func seatIDFor(n int) string { return []string{"", "ui.dc.seat.name.p1", "ui.dc.seat.name.p2"}[n] }

// A player's purchase is said at once under their name (TurnSummary), and
// the same building bought a second time in one turn by the same player is
// asked about first (a second tap, most likely; "Claim Phase" keeps the AI
// from it, a player may mean it). Another building, another player, or the
// next turn ask nothing; an undone purchase is no purchase.
func TestSecondPurchaseInATurnIsAsked(t *testing.T) {
	buy := func(n int, id string) *BuildingBought { return &BuildingBought{Player: n, Building: id} }
	cases := []struct {
		name   string
		before []engine.Event
		try    *BuildingBought
		asks   bool
		said   int // lines in the turn's summary
	}{
		{"first purchase", nil, buy(1, "market"), false, 0},
		{"the same again", []engine.Event{buy(1, "market")}, buy(1, "market"), true, 1},
		{"the same again, paid otherwise", []engine.Event{&PlayerCorrected{Player: 1, Stash: Resources{Wood: 2}}, &BuildingBought{Player: 1, Building: "market", Paid: Resources{Wood: 2}}}, buy(1, "market"), true, 1},
		{"another building", []engine.Event{buy(1, "market")}, buy(1, "guard_tower"), false, 1},
		{"the other player's", []engine.Event{buy(1, "market")}, buy(2, "market"), false, 1},
		{"bought, then undone", []engine.Event{buy(1, "market"), &engine.Undo{}}, buy(1, "market"), false, 0},
		{"bought on the last turn", []engine.Event{buy(1, "market"), &TurnEnded{}}, buy(2, "market"), false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := twoPlayers(t)
			apply(t, g, c.before...)
			m, asks := g.ConfirmFirst(c.try)
			if asks != c.asks {
				t.Fatalf("asks %v (%+v), want %v", asks, m, c.asks)
			}
			if asks && m.ID != "confirm.dc.second_purchase" {
				t.Fatalf("the question %+v", m)
			}
			sum := g.TurnSummary()
			if len(sum) != c.said {
				t.Fatalf("the turn says %+v, want %d lines", sum, c.said)
			}
			if c.said > 0 && (sum[0].ID != "ui.dc.turn.bought" || sum[0].Args["SeatKey"] != "ui.dc.seat.name.p1") {
				t.Fatalf("the turn says %+v", sum)
			}
		})
	}
}

// "Moving the Dragon": what the stomped player discarded is a fact of the
// table; the prompt is of the fact style, so no key answers it.
func TestStompIsAFactQuestion(t *testing.T) {
	g := twoPlayers(t)
	tb := newTable(t, func(s *Setup) { s.Players = 2 })
	tb.put("p1", Pos{1, 2}, false, 0, false)
	tb.s.Phase, tb.s.Seat = PhaseAction, SeatAI
	tb.s.Flow = &Flow{DragonFrom: &Pos{4, 4}}
	tb.s.Pending.Set(Step{Kind: StepStomp, Tile: &Pos{1, 2}, Player: "p1"})
	p := g.stepPrompt(tb.s, *tb.s.Pending.Head())
	if p.Style != StyleFact || len(p.Choices) == 0 {
		t.Fatalf("the stomp prompt %+v: want the fact style with its choices", p)
	}
	// The other steps keep their main choice (a flip, the AI's turn).
	for _, q := range g.Prompts() {
		if q.Style == StyleFact {
			t.Fatalf("the players' turn asks a fact: %+v", q)
		}
	}
}

// A player's card attacks an AI card next to it only (adjacency is
// orthogonal, as for the AI's "Battle"): another is refused with the
// reason, and AttackFrom offers only the player's cards beside the target.
func TestAttackOnlyFromAnAdjacentCard(t *testing.T) {
	cases := []struct {
		name string
		from Pos
		rule string
	}{
		{"beside, right", Pos{1, 2}, ""},
		{"beside, below", Pos{2, 1}, ""},
		{"diagonal", Pos{2, 2}, "rule.dc.attack.not_adjacent"},
		{"two tiles away", Pos{1, 3}, "rule.dc.attack.not_adjacent"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := twoPlayers(t)
			for _, p := range []Pos{{1, 2}, {2, 1}, {2, 2}, {1, 3}} {
				apply(t, g, &ForcePlaced{Player: 1, Tile: p})
			}
			_, err := g.Apply(&Attack{Player: 1, Tile: Pos{1, 1}, From: c.from})
			if got := ruleOf(err); got != c.rule {
				t.Fatalf("refusal %q, want %q", got, c.rule)
			}
			if err != nil {
				msg := translations.New("en").T(err.(*engine.RuleError).ID, err.(*engine.RuleError).Args)
				if msg == c.rule || !containsAll(msg, "1,1", tileArg(c.from)) {
					t.Fatalf("the reason %q names neither tile", msg)
				}
			}
		})
	}
	g := twoPlayers(t)
	for _, p := range []Pos{{1, 2}, {2, 1}, {2, 2}, {1, 3}} {
		apply(t, g, &ForcePlaced{Player: 1, Tile: p})
	}
	apply(t, g, &ForcePlaced{Player: 2, Tile: Pos{4, 4}})
	if got := g.AttackFrom(1, Pos{1, 1}); !slices.Equal(got, []Pos{{1, 2}, {2, 1}}) {
		t.Fatalf("player 1 attacks 1,1 from %v", got)
	}
	if got := g.AttackFrom(2, Pos{1, 1}); len(got) != 0 {
		t.Fatalf("player 2 attacks 1,1 from %v", got)
	}
	if got := g.AttackFrom(1, Pos{1, 2}); len(got) != 0 {
		t.Fatalf("a player's own card is attacked from %v", got)
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// "Spoils": the fight form starts from what the game knows: the player's
// card's strength once seen, the caravan the player's last fight entered;
// what the player may take is what the AI's caravan holds.
func TestFightFormStartsFromTheGame(t *testing.T) {
	g := twoPlayers(t)
	apply(t, g, &ForcePlaced{Player: 1, Tile: Pos{1, 2}, FaceUp: true, Strength: 4},
		&Attack{Player: 1, Tile: Pos{1, 1}, From: Pos{1, 2}}, flip(Pos{3, 3}, fight, up, cw, 0, "market"))
	d := g.FightDefaults()
	if d.Strength != 4 || len(d.Caravan) != 0 {
		t.Fatalf("first fight's form %+v: want strength 4, no caravan", d)
	}
	// The AI's caravan holds the Wood of its first harvest (1,1 is Wood).
	if got := g.TakeOptions(); !slices.Equal(got, []string{Wood}) || g.State().AI.Caravan.Get(Wood) == 0 {
		t.Fatalf("the AI's caravan %+v offers %v", g.State().AI.Caravan, got)
	}
	// 4+0 beats the AI's 3+0: the player takes the Wood. The caravan entered
	// is kept for the player's next fight.
	apply(t, g, &FightResolved{Strength: 4, Dice: []int{0}, Caravan: []string{Wood, Stone}, Taken: Wood})
	if got := g.TakeOptions(); len(got) != 0 {
		t.Fatalf("the AI's empty caravan offers %v", got)
	}
	if st := g.State(); !slices.Equal(st.Players[0].Caravan, []string{Wood, Stone}) {
		t.Fatalf("player 1's caravan %v", st.Players[0].Caravan)
	}
}

// "Game End": the result names every score, the AI's and each player's;
// and a player's dragon moved onto an AI card ("Moving the Dragon") is
// logged as a stomp on it, onto anything else as a move.
func TestResultAndPlayersStompAreSaid(t *testing.T) {
	g := twoPlayers(t)
	apply(t, g, &DragonMoved{Tile: Pos{3, 3}})
	if got := g.Logged(g.Records()[len(g.Records())-1].Seq); len(got) != 1 || got[0].ID != "log.dc.dragon_moved" {
		t.Fatalf("a move onto an empty tile logs %+v", got)
	}
	apply(t, g, &DragonMoved{Tile: Pos{1, 1}}) // the AI's card
	if got := g.Logged(g.Records()[len(g.Records())-1].Seq); len(got) != 1 || got[0].ID != "log.dc.dragon_stomps_ai" {
		t.Fatalf("a move onto the AI's card logs %+v", got)
	}
	tb := newTable(t, func(s *Setup) { s.Players = 2 })
	tb.s.Phase, tb.s.Seat = PhaseScoring, ""
	tb.s.Pending.Set(Step{Kind: StepScore})
	tb.must(&GameScored{Players: []int{9, 12}})
	over := (&Game{}).overPrompt(tb.s)
	en := translations.New("en").T(over.ID, over.Args)
	if over.Args["P1"] != 9 || over.Args["P2"] != 12 || !containsAll(en, "9", "12") {
		t.Fatalf("the result says %q (%+v)", en, over.Args)
	}
}

// "Moving the Dragon": a player's dragon move is logged under the name of
// the player who made it; a save from before the event named the player
// gives the player whose turn it was.
func TestDragonMoveIsLoggedForItsPlayer(t *testing.T) {
	cases := []struct {
		name   string
		before []engine.Event
		move   DragonMoved
		id     string
		seat   string
		en     string
	}{
		{"player 2 names itself", nil, DragonMoved{Tile: Pos{3, 3}, Player: 2}, "log.dc.dragon_moved", "ui.dc.seat.name.p2", "Player 2 moves the dragon to tile 3,3."},
		{"player 1 stomps the AI's card", nil, DragonMoved{Tile: Pos{1, 1}, Player: 1}, "log.dc.dragon_stomps_ai", "ui.dc.seat.name.p1", "Player 1 moves the dragon onto tile 1,1"},
		{"an older save: player 2's turn", []engine.Event{&TurnEnded{}}, DragonMoved{Tile: Pos{3, 3}}, "log.dc.dragon_moved", "ui.dc.seat.name.p2", "Player 2 moves"},
		{"an older save: player 1's turn", nil, DragonMoved{Tile: Pos{3, 3}}, "log.dc.dragon_moved", "ui.dc.seat.name.p1", "Player 1 moves"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := twoPlayers(t)
			apply(t, g, c.before...)
			apply(t, g, &c.move)
			got := g.Logged(g.Records()[len(g.Records())-1].Seq)
			if len(got) != 1 || got[0].ID != c.id || got[0].Args["SeatKey"] != c.seat {
				t.Fatalf("logged %+v, want %s for %s", got, c.id, c.seat)
			}
			if en := translations.New("en").T(got[0].ID, got[0].Args); !strings.HasPrefix(en, c.en) {
				t.Fatalf("says %q, want it to begin %q", en, c.en)
			}
		})
	}
	// A player the game does not have is refused.
	g := twoPlayers(t)
	if _, err := g.Apply(&DragonMoved{Tile: Pos{3, 3}, Player: 3}); ruleOf(err) != "rule.dc.player" {
		t.Fatalf("player 3 moving the dragon: %v", err)
	}
}
