package dragoncanyon

import (
	"encoding/json"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Every place that says the round says the same number at every step of a
// whole solo game: the prompt that starts the AI's turn, the AI's turn's
// log line, the saved games' summary and the players' view (RoundNow); the
// number never goes back, and each AI turn begins the round shown before it.
func TestRoundIsTheSameEverywhere(t *testing.T) {
	setup, events := soloScript(t)
	g, err := NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	last := 0
	for i, e := range append([]engine.Event{nil}, events...) {
		if e != nil {
			before := g.State().RoundNow()
			r, err := g.Apply(e)
			if err != nil {
				t.Fatalf("event %d %s: %v", i, e.Type(), err)
			}
			for _, m := range g.Logged(r.Seq) {
				if m.ID == "log.dc.turn" && m.Args["Round"] != before {
					t.Fatalf("event %d: the AI's turn logs round %v, the table showed %d", i, m.Args["Round"], before)
				}
			}
		}
		s := g.State()
		now := s.RoundNow()
		places := map[string]any{"public view": Public(setup, s).Round}
		for _, m := range g.Summary() {
			if m.ID == "ui.dc.summary.round" {
				places["summary"] = m.Args["Round"]
			}
		}
		for _, p := range g.Prompts() {
			if p.ID == "prompt.dc.ai_turn" {
				places["prompt"] = p.Args["Round"]
			}
		}
		for where, got := range places {
			if got != now {
				t.Fatalf("event %d (%s): the %s says round %v, RoundNow %d", i, s.Phase, where, got, now)
			}
		}
		if now < last || now < 1 {
			t.Fatalf("event %d: round %d after %d", i, now, last)
		}
		last = now
	}
}

// The saved games' summary says how the game ended (the winner and the
// AI's score) once it is scored, and Ended reads that back through the JSON
// the store keeps; a game going on has not ended.
func TestSummarySaysTheEnding(t *testing.T) {
	setup, events := soloScript(t)
	g, err := NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	saved := func() []engine.Message {
		b, _ := json.Marshal(g.Summary())
		var out []engine.Message
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	for i, e := range events {
		if Module.Ended(saved()) {
			t.Fatalf("ended before event %d (%s)", i, e.Type())
		}
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("event %d %s: %v", i, e.Type(), err)
		}
	}
	sum := saved()
	if g.State().Result == nil || !Module.Ended(sum) {
		t.Fatalf("a scored game has not ended: %+v", sum)
	}
	over := sum[len(sum)-1]
	if over.ID != summaryOver || over.Args["SeatKey"] != seatKey(g.State().Result.Winner) || over.Args["AI"] != float64(g.State().Result.AI) {
		t.Fatalf("the ending says %+v, the result is %+v", over, g.State().Result)
	}
}

// Ending a player's turn asks first only when nothing was entered on it:
// read from the events that count, so what was undone is not entered, and
// a turn ended before does not count for the next one.
func TestConfirmAnEmptyTurn(t *testing.T) {
	place := func(p Pos) engine.Event { return &ForcePlaced{Player: 1, Tile: p} }
	cases := []struct {
		name    string
		players int
		events  []engine.Event // on the first player's turn
		asks    bool
	}{
		{"nothing entered", 1, nil, true},
		{"a card placed", 1, []engine.Event{place(Pos{4, 4})}, false},
		{"a card placed, then undone", 1, []engine.Event{place(Pos{4, 4}), &engine.Undo{}}, true},
		{"undone, then redone", 1, []engine.Event{place(Pos{4, 4}), &engine.Undo{}, &engine.Redo{}}, false},
		{"the dragon moved", 1, []engine.Event{&DragonMoved{Tile: Pos{3, 3}}}, false},
		{"a building bought", 1, []engine.Event{&BuildingBought{Player: 1, Building: "market"}}, false},
		{"the next player, after one who placed", 2, []engine.Event{place(Pos{4, 4}), &TurnEnded{}}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGame(testSetup(func(s *Setup) { s.Players = c.players }))
			if err != nil {
				t.Fatal(err)
			}
			playToPlayers(t, g, Pos{1, 1})
			for _, e := range c.events {
				if _, err := g.Apply(e); err != nil {
					t.Fatalf("%s: %v", e.Type(), err)
				}
			}
			m, asks := g.ConfirmFirst(&TurnEnded{})
			if asks != c.asks || g.NothingEntered() != c.asks {
				t.Fatalf("asks %v (%+v), want %v", asks, m, c.asks)
			}
			if asks && (m.ID != "confirm.dc.empty_turn" || m.Args["SeatKey"] != "ui.dc.seat.name."+g.State().Seat) {
				t.Fatalf("the question %+v", m)
			}
			if _, other := g.ConfirmFirst(&ForcePlaced{Player: 1, Tile: Pos{4, 3}}); other {
				t.Fatal("placing a card asks first")
			}
		})
	}
}
