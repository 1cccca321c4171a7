package dragoncanyon

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/engine/enginetest"
)

// atFight is a 2-player game where Player 1's face-up 4 on 1,2 attacked
// the AI's card on 1,1 and the defence flip is in: the fight waits for
// Player 1's roll ("Defending").
func atFight(t *testing.T) *Game {
	t.Helper()
	g := twoPlayers(t)
	apply(t, g, &ForcePlaced{Player: 1, Tile: Pos{1, 2}, FaceUp: true, Strength: 4},
		&Attack{Player: 1, Tile: Pos{1, 1}, From: Pos{1, 2}}, flip(Pos{3, 3}, fight, up, cw, 0, "market"))
	if h := g.State().Pending.Head(); h == nil || h.Kind != StepFight || h.Player != "p1" {
		t.Fatalf("no fight of Player 1's pending: %+v", h)
	}
	return g
}

// "Game Play": a player's seat takes that player's own moves on their
// turn and their fight roll; another player's move is refused naming
// them, a move off the seat's turn names whose turn it is, and the AI's
// steps and the table's corrections are the laptop's.
func TestDCSeatMay(t *testing.T) {
	g := twoPlayers(t) // Player 1's turn
	cases := []struct {
		name, seat string
		e          engine.Event
		rule       string
	}{
		{"own card placed", "p1", &ForcePlaced{Player: 1, Tile: Pos{2, 2}}, ""},
		{"another player's card", "p2", &ForcePlaced{Player: 1, Tile: Pos{2, 2}}, "rule.seat.dc.not_yours"},
		{"own card off turn", "p2", &ForcePlaced{Player: 2, Tile: Pos{2, 2}}, "rule.seat.dc.not_your_turn"},
		{"own purchase", "p1", &BuildingBought{Player: 1, Building: "market"}, ""},
		{"another's purchase", "p1", &BuildingBought{Player: 2, Building: "market"}, "rule.seat.dc.not_yours"},
		{"own attack", "p1", &Attack{Player: 1, Tile: Pos{1, 1}, From: Pos{1, 2}}, ""},
		{"the dragon, by the turn's player", "p1", &DragonMoved{Tile: Pos{3, 3}}, ""},
		{"the dragon off turn", "p2", &DragonMoved{Player: 2, Tile: Pos{3, 3}}, "rule.seat.dc.not_your_turn"},
		{"a festival", "p1", &FestivalHeld{Line: Line{Row, 1}}, ""},
		{"a festival off turn", "p2", &FestivalHeld{Line: Line{Row, 1}}, "rule.seat.dc.not_your_turn"},
		{"the turn's end", "p1", &TurnEnded{}, ""},
		{"another's turn ended", "p2", &TurnEnded{}, "rule.seat.dc.not_your_turn"},
		{"the AI's turn", "p1", &AITurn{}, "rule.seat.dc.laptop"},
		{"an action card", "p1", &ActionFlipped{}, "rule.seat.dc.laptop"},
		{"a card flipped", "p1", &ForceFlipped{Tile: Pos{1, 1}}, "rule.seat.dc.laptop"},
		{"a correction", "p1", &PlayerCorrected{}, "rule.seat.dc.laptop"},
		{"a reminder ticked", "p1", &ReminderDone{}, "rule.seat.dc.laptop"},
		{"the score", "p1", &GameScored{}, "rule.seat.dc.laptop"},
		{"an undo", "p1", &engine.Undo{}, "rule.seat.dc.laptop"},
		{"no seat", "", &TurnEnded{}, "rule.seat.dc.unknown"},
		{"the AI's seat", "ai", &TurnEnded{}, "rule.seat.dc.unknown"},
		{"a third player", "p3", &TurnEnded{}, "rule.seat.dc.unknown"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ruleOf(g.SeatMay(c.seat, c.e)); got != c.rule {
				t.Fatalf("SeatMay(%q, %s) = %q, want %q", c.seat, c.e.Type(), got, c.rule)
			}
		})
	}
	f := atFight(t)
	if err := f.SeatMay("p1", &FightResolved{Strength: 4, Dice: []int{2}}); err != nil {
		t.Fatalf("Player 1's own fight roll: %v", err)
	}
	if got := ruleOf(f.SeatMay("p2", &FightResolved{Strength: 4, Dice: []int{2}})); got != "rule.seat.dc.not_yours" {
		t.Fatalf("Player 2 rolling Player 1's fight: %q", got)
	}
	solo, err := NewGame(testSetup())
	if err != nil {
		t.Fatal(err)
	}
	if got := ruleOf(solo.SeatMay("p2", &TurnEnded{})); got != "rule.seat.dc.unknown" {
		t.Fatalf("a second player's seat in a solo game: %q", got)
	}
}

// Every move a seat is offered is one the game takes (made with sample
// values), and only the turn's player, or the player whose card fights,
// is offered anything.
func TestDCSeatActionsAreLegal(t *testing.T) {
	types := func(g *Game, seat string) []string {
		var out []string
		for _, a := range g.SeatActions(seat) {
			if !slices.Contains(out, a.Type) {
				out = append(out, a.Type)
			}
		}
		return out
	}
	g := twoPlayers(t)
	enginetest.CheckSeatActions(t, g, "Player 1's turn")
	if got, want := types(g, "p1"), []string{"force_placed", "dragon_moved", "building_bought", "turn_ended"}; !slices.Equal(got, want) {
		t.Errorf("Player 1 is offered %v, want %v", got, want)
	}
	if got := types(g, "p2"); len(got) != 0 {
		t.Errorf("Player 2 is offered %v on Player 1's turn", got)
	}
	apply(t, g, &ForcePlaced{Player: 1, Tile: Pos{1, 2}})
	enginetest.CheckSeatActions(t, g, "a card beside the AI's")
	if got := types(g, "p1"); !slices.Contains(got, "attack") {
		t.Errorf("Player 1 beside the AI's card is offered %v", got)
	}
	f := atFight(t)
	enginetest.CheckSeatActions(t, f, "the fight")
	if got := types(f, "p1"); !slices.Equal(got, []string{"fight_resolved"}) {
		t.Errorf("at the fight Player 1 is offered %v", got)
	}
	apply(t, g, &TurnEnded{}, &TurnEnded{})
	for _, seat := range []string{"p1", "p2"} {
		if got := types(g, seat); len(got) != 0 {
			t.Errorf("on the AI's turn %s is offered %v", seat, got)
		}
	}
}

// A round of two players' moves sent from their phones (each made from
// what the seat is offered) gives the same game as on the laptop.
func TestDCSeatsEventForEvent(t *testing.T) {
	laptop, phones := twoPlayers(t), twoPlayers(t)
	steps := []struct {
		seat   string
		values map[string]any
		e      engine.Event
	}{
		{"p1", map[string]any{"tile": []int{1, 2}}, &ForcePlaced{Player: 1, Tile: Pos{1, 2}}},
		{"p1", nil, &TurnEnded{}},
		{"p2", map[string]any{"tile": []int{4, 3}}, &ForcePlaced{Player: 2, Tile: Pos{4, 3}}},
		{"p2", map[string]any{"tile": []int{2, 2}}, &DragonMoved{Player: 2, Tile: Pos{2, 2}}},
		{"p2", nil, &TurnEnded{}},
	}
	for _, st := range steps {
		apply(t, laptop, st.e)
		var sent engine.Event
		for _, a := range phones.SeatActions(st.seat) {
			if a.Type == st.e.Type() {
				e, err := enginetest.SeatEvent(Events, a, st.values)
				if err != nil {
					t.Fatal(err)
				}
				sent = e
				break
			}
		}
		if sent == nil {
			t.Fatalf("%s is not offered %s", st.seat, st.e.Type())
		}
		if err := phones.SeatMay(st.seat, sent); err != nil {
			t.Fatal(err)
		}
		apply(t, phones, sent)
	}
	for i, r := range laptop.Records() {
		a, _ := engine.Encode(r.Event)
		b, _ := engine.Encode(phones.Records()[i].Event)
		if !bytes.Equal(a, b) {
			t.Fatalf("record %d: %s, %s", i+1, a, b)
		}
	}
	la, _ := laptop.StateJSON()
	ph, _ := phones.StateJSON()
	if !bytes.Equal(la, ph) || !reflect.DeepEqual(laptop.Log(), phones.Log()) {
		t.Fatalf("the games differ:\n%s\n%s", la, ph)
	}
}

// A player's own view says whether the turn or a fight is theirs and
// what the app counts of their stash.
func TestDCSeatView(t *testing.T) {
	g := atFight(t)
	for seat, want := range map[string]SeatView{"p1": {Seat: "p1", Fight: true}, "p2": {Seat: "p2"}} {
		js, err := g.SeatView(seat)
		if err != nil {
			t.Fatal(err)
		}
		var v SeatView
		if err := json.Unmarshal(js, &v); err != nil {
			t.Fatal(err)
		}
		v.Stash, v.Load = Resources{}, Resources{}
		if v != want {
			t.Errorf("%s's view %+v, want %+v", seat, v, want)
		}
	}
	if _, err := g.SeatView("p9"); ruleOf(err) != "rule.seat.dc.unknown" {
		t.Fatalf("an unknown seat's view: %v", err)
	}
	if got := twoPlayers(t).Seats(); !reflect.DeepEqual(got, []engine.Seat{{ID: "p1", Name: "P1"}, {ID: "p2", Name: "P2"}}) {
		t.Fatalf("seats %v", got)
	}
}
