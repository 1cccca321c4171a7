package sharepage_test

import (
	"bytes"
	"context"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	dc "github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
	_ "github.com/dunconductor/conductor/ui/dragoncanyon/messages" // the part's words
	_ "github.com/dunconductor/conductor/ui/dragoncanyon/sharepage"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/seatstest"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

func TestMain(m *testing.M) { sharetest.Main(m) }

// playersTurn is a 2-player game on Player 1's turn: the AI played its
// first turn, its Force card on 1,1 (every tile 1 Wood, a physical action
// deck, virtual Force cards of 3).
func playersTurn(t *testing.T) *dc.Game {
	t.Helper()
	s := dc.Setup{Players: 2, Difficulty: dc.Normal, Seed: 1, Dragon: dc.Pos{4, 4}}
	for range dc.Size {
		row := make([]dc.TileSetup, dc.Size)
		for c := range row {
			row[c] = dc.TileSetup{Resource: dc.Wood, Amount: 1}
		}
		s.Board = append(s.Board, row)
	}
	s.Buildings = []dc.Building{{ID: decklist.TrainingGround, Name: "Training Ground", Stack: 3, VP: 2},
		{ID: decklist.TribalVillage, Name: "Tribal Village", Stack: 3, VP: 3}, {ID: "market", Name: "Market", Stack: 3, VP: 1}}
	s.ActionDeck = dc.ActionDeck{Physical: true}
	s.ForceDeck = dc.ForceDeck{Cards: []dc.ForceCard{{Strength: 3}, {Strength: 3}, {Strength: 3}, {Strength: 3}}, Order: []int{0, 1, 2, 3}}
	g, err := dc.NewGame(s)
	if err != nil {
		t.Fatal(err)
	}
	flip := &dc.ActionFlipped{Card: &dc.ActionCard{Tile: dc.Pos{1, 1}, Action: decklist.Fight, Start: "up", Turn: "cw", Strength: 1, Building: "market"}}
	for _, e := range []engine.Event{&dc.AITurn{}, flip, nil} {
		if e == nil {
			e = g.NextDraw()
		}
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
	}
	if s := g.State(); s.Phase != dc.PhasePlayers || s.Seat != "p1" {
		t.Fatalf("phase %s, seat %s", s.Phase, s.Seat)
	}
	return g
}

// A round of two players from their phones ("Game Play": each player's
// moves on their turn): Player 1 places a card and ends the turn; Player 2,
// offered nothing until then, places a card, moves the dragon and ends the
// turn. The game equals the same moves entered on the laptop.
func TestPlayersRoundOnTwoPhones(t *testing.T) {
	srv := sharetest.Start(t, share.Config{Addr: "127.0.0.1:0"})
	l := seatstest.New(playersTurn(t), srv)
	one := sharetest.Browser(t, 90*time.Second)
	two := sharetest.Browser(t, 90*time.Second)
	for _, phone := range []struct {
		ctx        context.Context
		seat, lang string
	}{{one, "p1", "en"}, {two, "p2", "es"}} {
		sharetest.Viewport(t, phone.ctx, 360, 740, false)
		seatstest.TakeSeat(t, phone.ctx, srv, phone.seat, phone.lang)
	}
	// move opens the step's fold, picks option pick of its first choice
	// (none: -1), sends it and waits for the laptop to have saved it.
	move := func(p context.Context, typ string, pick int) {
		t.Helper()
		before := l.Records()
		fold := `#seats details.step:has(form[data-type="` + typ + `"])`
		// The seat's steps drawn for the game as it is now (not a step before).
		sharetest.Until(t, p, "the seats of version "+strconv.Itoa(before), `document.getElementById('seats').getAttribute('data-game') === '`+strconv.Itoa(before)+`'`, 10*time.Second)
		sharetest.Until(t, p, typ+" offered", `document.querySelector('`+fold+`') !== null`, 10*time.Second)
		sharetest.Eval[bool](t, p, `(document.querySelector('`+fold+`').open = true, true)`)
		if pick >= 0 {
			sharetest.Eval[bool](t, p, `(document.querySelector('`+fold+` select').selectedIndex = `+strconv.Itoa(pick)+`, true)`)
		}
		sharetest.Do(t, p, chromedp.Click(chromedp.CSS(fold+` form button[type="submit"]`)))
		for deadline := time.Now().Add(10 * time.Second); l.Records() == before; time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s sent, never saved", typ)
			}
		}
	}
	move(one, "force_placed", 0) // 1,2: the first empty tile
	if n := sharetest.Eval[int](t, two, `document.querySelectorAll('#seats details.step').length`); n != 0 {
		t.Fatalf("Player 2 is offered %d moves on Player 1's turn", n)
	}
	move(one, "turn_ended", -1)
	move(two, "force_placed", 1) // 1,4: 1,1 is the AI's, 1,2 Player 1's
	move(two, "dragon_moved", 5) // 2,2
	move(two, "turn_ended", -1)
	sharetest.NoRawIDs(t, one, "Player 1's phone")
	sharetest.NoRawIDs(t, two, "Player 2's phone")
	sharetest.Fits(t, two, "Player 2's phone at 360 px")

	laptop := playersTurn(t)
	for _, e := range []engine.Event{&dc.ForcePlaced{Player: 1, Tile: dc.Pos{1, 2}}, &dc.TurnEnded{},
		&dc.ForcePlaced{Player: 2, Tile: dc.Pos{1, 4}}, &dc.DragonMoved{Player: 2, Tile: dc.Pos{2, 2}}, &dc.TurnEnded{}} {
		if _, err := laptop.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	l.Lock()
	defer l.Unlock()
	for i, r := range laptop.Records() {
		a, _ := engine.Encode(r.Event)
		b, _ := engine.Encode(l.G.Records()[i].Event)
		if !bytes.Equal(a, b) {
			t.Fatalf("record %d: laptop %s, phones %s", i+1, a, b)
		}
	}
	a, _ := laptop.StateJSON()
	b, _ := l.G.StateJSON()
	if len(laptop.Records()) != len(l.G.Records()) || !bytes.Equal(a, b) || !reflect.DeepEqual(laptop.Log(), l.G.Log()) {
		t.Fatalf("the phones' game differs from the laptop's:\n%s\n%s", b, a)
	}
}
