package twister

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/engine/enginetest"
)

// seatedGame is a 2-player game at the combat cards: a room revealed by
// player 1 and placed, then player 1's Warrior attacks player 2's Troll
// and both sides declared.
func seatedGame(t *testing.T) *Game {
	t.Helper()
	g := newGame(t, 2)
	apply(t, g, &RoomRevealed{Revealer: 1, Contents: []Piece{char("Warrior", 1), char("Troll", 2), obj("Sword", 1)}},
		&CombatStarted{Attacker: 1, AttackerCharacter: "Warrior", DefenderCharacter: "Troll"},
		&CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Warrior", Strength: 3}}}},
		&CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Troll", Strength: 4}}}})
	return g
}

// What a seat may send ("Order of Resolution for Combat": each side its own
// declaration and card): its own step passes, another player's is refused
// naming them, a laptop's step is refused, and so is a seat not at the table.
func TestTwisterSeatMay(t *testing.T) {
	g := newGame(t, 2)
	apply(t, g, &RoomRevealed{Revealer: 1, Contents: []Piece{char("Warrior", 1), char("Troll", 2)}})
	placer := g.State().Placement[0].Placer
	other := 3 - placer
	cases := []struct {
		name string
		seat string
		e    engine.Event
		rule string
	}{
		{"own placement", fmt.Sprint(placer), &PiecePlaced{Step: 1, Item: 1}, ""},
		{"another player's placement", fmt.Sprint(other), &PiecePlaced{Step: 1, Item: 1}, "rule.seat.twister.not_yours"},
		{"own card", "1", &CombatCardChosen{Player: 1, Card: 3}, ""},
		{"another player's card", "2", &CombatCardChosen{Player: 1, Card: 3}, "rule.seat.twister.not_yours"},
		{"own attack", "2", &CombatStarted{Attacker: 2}, ""},
		{"an attack in another's name", "1", &CombatStarted{Attacker: 2}, "rule.seat.twister.not_yours"},
		{"own escape", "1", &CharacterEscaped{Character: "Warrior", Controller: 1}, ""},
		{"another's escape", "2", &CharacterEscaped{Character: "Warrior", Controller: 1}, "rule.seat.twister.not_yours"},
		{"own treasure", "2", &TreasureOut{Player: 2}, ""},
		{"another's treasure", "1", &TreasureOut{Player: 2}, "rule.seat.twister.not_yours"},
		{"a room revealed", "1", &RoomRevealed{Revealer: 1}, "rule.seat.twister.laptop"},
		{"a death", "1", &CharacterDied{Character: "Troll", Controller: 2, Cause: CauseCombat}, "rule.seat.twister.laptop"},
		{"a combat's step", "1", &CombatStep{}, "rule.seat.twister.laptop"},
		{"the cards entered at the reveal", "1", &CombatResolved{AttackerCard: 2}, "rule.seat.twister.laptop"},
		{"an override", "1", &CardLayingOverridden{By: OverrideWeaponMaster}, "rule.seat.twister.laptop"},
		{"an undo", "1", &engine.Undo{}, "rule.seat.twister.laptop"},
		{"no seat", "", &TreasureOut{Player: 1}, "rule.seat.twister.unknown"},
		{"seat 3 of 2", "3", &TreasureOut{Player: 3}, "rule.seat.twister.unknown"},
		{"seat 0", "0", &TreasureOut{Player: 1}, "rule.seat.twister.unknown"},
		{"a seat spelt otherwise", "01", &TreasureOut{Player: 1}, "rule.seat.twister.unknown"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ruleOf(g.SeatMay(c.seat, c.e)); got != c.rule {
				t.Fatalf("SeatMay(%q, %s) = %q, want %q", c.seat, c.e.Type(), got, c.rule)
			}
		})
	}
	// Declaring is the step's player's: the attacker first.
	apply(t, g, &CombatStarted{Attacker: 1})
	d := &CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Warrior", Strength: 3}}}}
	if got := ruleOf(g.SeatMay("2", d)); got != "rule.seat.twister.not_yours" {
		t.Fatalf("the defender declaring at the attacker's step: %q", got)
	}
	if err := g.SeatMay("1", d); err != nil {
		t.Fatalf("the attacker declaring: %v", err)
	}
}

// Seats are the players as named at setup, in seat order.
func TestTwisterSeats(t *testing.T) {
	g, err := NewGame(Setup{Players: 3, Names: []string{"Ana", "Bo", "Cy"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []engine.Seat{{ID: "1", Name: "Ana"}, {ID: "2", Name: "Bo"}, {ID: "3", Name: "Cy"}}
	if got := g.Seats(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Seats = %v, want %v", got, want)
	}
}

// Every action a seat is offered is one the game takes, at every moment of
// a game played through: the placement, an attack, the declarations, the
// cards, after the combat; and what each seat is offered at those moments.
func TestTwisterSeatActionsAreLegal(t *testing.T) {
	g := newGame(t, 2)
	types := func(seat string) []string {
		var out []string
		for _, a := range g.SeatActions(seat) {
			out = append(out, a.Type)
		}
		return out
	}
	steps := []struct {
		at     string
		e      engine.Event
		p1, p2 []string
	}{
		{"start", nil, []string{"combat_started", "treasure_out"}, []string{"combat_started", "treasure_out"}},
		{"room revealed", &RoomRevealed{Revealer: 1, Contents: []Piece{char("Warrior", 1), char("Troll", 2), obj("Sword", 2)}},
			[]string{"piece_placed", "piece_placed", "piece_placed", "combat_started", "character_escaped", "treasure_out"},
			[]string{"combat_started", "character_escaped", "treasure_out"}},
		{"attack", &CombatStarted{Attacker: 1, AttackerCharacter: "Warrior", DefenderCharacter: "Troll"}, []string{"combat_declared"}, nil},
		{"attacker declared", &CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Warrior", Strength: 3}}}}, nil, []string{"combat_declared"}},
		{"defender declared", &CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Troll", Strength: 4}}}},
			[]string{"combat_card_chosen"}, []string{"combat_card_chosen"}},
		{"attacker's card", &CombatCardChosen{Player: 1, Card: 5}, nil, []string{"combat_card_chosen"}},
		{"defender's card: turned up", &CombatCardChosen{Player: 2, Card: 1},
			[]string{"combat_started", "character_escaped", "treasure_out"}, []string{"combat_started", "character_escaped", "treasure_out"}},
	}
	for _, st := range steps {
		if st.e != nil {
			apply(t, g, st.e)
		}
		enginetest.CheckSeatActions(t, g, st.at)
		if got := types("1"); !slices.Equal(got, st.p1) {
			t.Errorf("%s: player 1 is offered %v, want %v", st.at, got, st.p1)
		}
		if got := types("2"); !slices.Equal(got, st.p2) {
			t.Errorf("%s: player 2 is offered %v, want %v", st.at, got, st.p2)
		}
	}
}

// The same combat taken from the phones (each event made from what the
// seat is offered, sent through SeatMay) and on the laptop gives the same
// game, event for event.
func TestTwisterSeatsEventForEvent(t *testing.T) {
	laptop, phones := seatedGame(t), seatedGame(t)
	steps := []struct {
		seat   string
		values map[string]any
		e      engine.Event
	}{
		{"2", map[string]any{"card": 6}, &CombatCardChosen{Player: 2, Card: 6}},
		{"1", map[string]any{"card": 2}, &CombatCardChosen{Player: 1, Card: 2}},
		{"1", map[string]any{"character": "Warrior"}, &CharacterEscaped{Character: "Warrior", Controller: 1}},
	}
	for _, st := range steps {
		apply(t, laptop, st.e)
		var sent engine.Event
		for _, a := range phones.SeatActions(st.seat) {
			if a.Type == st.e.Type() {
				e, err := enginetest.SeatEvent(phones.Events(), a, st.values)
				if err != nil {
					t.Fatal(err)
				}
				sent = e
			}
		}
		if sent == nil {
			t.Fatalf("seat %s is not offered %s", st.seat, st.e.Type())
		}
		if err := phones.SeatMay(st.seat, sent); err != nil {
			t.Fatalf("seat %s: %v", st.seat, err)
		}
		apply(t, phones, sent)
	}
	sameGame(t, laptop, phones)
}

// sameGame fails unless a and b have the same records, state and log.
func sameGame(t *testing.T, a, b engine.Play) {
	t.Helper()
	for i, r := range a.Records() {
		ja, _ := engine.Encode(r.Event)
		jb, _ := engine.Encode(b.Records()[i].Event)
		if !bytes.Equal(ja, jb) {
			t.Fatalf("record %d: laptop %s, phones %s", i+1, ja, jb)
		}
	}
	sa, _ := a.StateJSON()
	sb, _ := b.StateJSON()
	if len(a.Records()) != len(b.Records()) || !bytes.Equal(sa, sb) || !reflect.DeepEqual(a.Log(), b.Log()) {
		t.Fatalf("the games differ:\nlaptop %s\nphones %s", sa, sb)
	}
}

// A card chosen on one phone is in no other device's view before both are
// turned up: not in the other seat's view, not in the public view, not in
// the log's words; its own seat sees it. Once both are chosen, the combat is
// worked out with them, as combat_resolved works it out.
func TestTwisterCombatCardStaysSecret(t *testing.T) {
	g := seatedGame(t)
	apply(t, g, &CombatCardChosen{Player: 1, Card: 7})
	secret := func(js []byte) bool {
		var doc any
		if err := json.Unmarshal(js, &doc); err != nil {
			t.Fatal(err)
		}
		return holdsCard(doc)
	}
	own, err := g.SeatView("1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(own), `"card":7`) {
		t.Fatalf("the chooser's own view lacks its card: %s", own)
	}
	other, err := g.SeatView("2")
	if err != nil {
		t.Fatal(err)
	}
	pub, err := g.PublicJSON()
	if err != nil {
		t.Fatal(err)
	}
	for what, js := range map[string][]byte{"the other seat's view": other, "the public view": pub} {
		if secret(js) || bytes.Contains(js, []byte("chosen")) {
			t.Fatalf("%s shows the card chosen: %s", what, js)
		}
	}
	last := g.Records()[len(g.Records())-1]
	for _, m := range g.Logged(last.Seq) {
		if m.ID != "log.twister.card_chosen" || !reflect.DeepEqual(m.Args, map[string]any{"Name": "P1"}) {
			t.Fatalf("the choice's log line says more than who chose: %v", m)
		}
	}
	if !ChosenBy(g.State(), 1) || ChosenBy(g.State(), 2) || g.State().Combat.Step != StepDefenderCard {
		t.Fatalf("after the attacker's card: %+v", g.State().Combat)
	}

	laptop := seatedGame(t)
	apply(t, laptop, &CombatStep{}, &CombatStep{}, &CombatResolved{AttackerCard: 7, DefenderCard: 1})
	apply(t, g, &CombatCardChosen{Player: 2, Card: 1})
	if got, want := g.State().LastCombat, laptop.State().LastCombat; !reflect.DeepEqual(got, want) {
		t.Fatalf("turned up from the phones %+v, entered at the reveal %+v", got, want)
	}
	if s := g.State(); s.Combat != nil || len(s.Chosen) != 0 {
		t.Fatalf("the combat goes on after both cards: %+v, chosen %v", s.Combat, s.Chosen)
	}
	var ids []string
	for _, m := range g.Logged(g.Records()[len(g.Records())-1].Seq) {
		ids = append(ids, m.ID)
	}
	if !slices.Contains(ids, "log.twister.cards_revealed") || !slices.Contains(ids, "log.twister.totals") {
		t.Fatalf("the second card's log: %v", ids)
	}
}

// holdsCard says whether a decoded view names a card chosen: a "card" or
// "chosen" key anywhere.
func holdsCard(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if k == "card" || k == "chosen" || holdsCard(x) {
				return true
			}
		}
	case []any:
		return slices.ContainsFunc(v, holdsCard)
	}
	return false
}

// What the cards' choice refuses, changing nothing: a player not in the
// combat, a second card, a card out of bounds, before the declarations,
// with an override; a card of a combat ended without its result never
// counts in the next.
func TestTwisterCombatCardRefusals(t *testing.T) {
	g3, err := NewGame(Setup{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g3, &CombatStarted{Attacker: 1, Defender: 2},
		&CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Warrior", Strength: 3}}}},
		&CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Troll", Strength: 4}}}})
	declaring := newGame(t, 2)
	apply(t, declaring, &CombatStarted{Attacker: 1})
	overridden := newGame(t, 2)
	apply(t, overridden, &CombatStarted{Attacker: 1}, &CardLayingOverridden{By: OverrideWeaponMaster},
		&CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Warrior", Strength: 3}}}},
		&CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Troll", Strength: 4}}}})
	undeclared := newGame(t, 2)
	apply(t, undeclared, &CombatStarted{Attacker: 1}, &CombatStep{Undeclared: true}, &CombatStep{Undeclared: true})
	twice := seatedGame(t)
	apply(t, twice, &CombatCardChosen{Player: 1, Card: 2})
	cases := []struct {
		name string
		g    *Game
		e    *CombatCardChosen
		rule string
	}{
		{"a player not in the combat", g3, &CombatCardChosen{Player: 3, Card: 1}, "rule.twister.card_not_fighting"},
		{"a second card", twice, &CombatCardChosen{Player: 1, Card: 4}, "rule.twister.card_chosen_already"},
		{"a card above the highest", seatedGame(t), &CombatCardChosen{Player: 1, Card: MaxCard + 1}, "rule.twister.card"},
		{"a card below 0", seatedGame(t), &CombatCardChosen{Player: 1, Card: -1}, "rule.twister.card"},
		{"during the declarations", declaring, &CombatCardChosen{Player: 1, Card: 1}, "rule.twister.card_not_now"},
		{"the card laying overridden", overridden, &CombatCardChosen{Player: 1, Card: 1}, "rule.twister.card_not_now"},
		{"no declarations", undeclared, &CombatCardChosen{Player: 1, Card: 1}, "rule.twister.declarations_missing"},
		{"no combat", newGame(t, 2), &CombatCardChosen{Player: 1, Card: 1}, "rule.twister.no_combat"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, _ := c.g.StateJSON()
			_, err := c.g.Apply(c.e)
			if got := ruleOf(err); got != c.rule {
				t.Fatalf("got %q, want %q", got, c.rule)
			}
			if after, _ := c.g.StateJSON(); !bytes.Equal(before, after) {
				t.Fatal("the state changed")
			}
		})
	}
	// A combat ended without its result: its card is not the next's.
	g := seatedGame(t)
	apply(t, g, &CombatCardChosen{Player: 2, Card: 9}, &CombatStep{}, &CombatStep{},
		&CombatStarted{Attacker: 1},
		&CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Warrior", Strength: 3}}}},
		&CombatDeclared{Declaration{Fighters: []Fighter{{Name: "Troll", Strength: 4}}}},
		&CombatCardChosen{Player: 1, Card: 1})
	if g.State().Combat == nil || ChosenBy(g.State(), 2) {
		t.Fatalf("the last combat's card counted in this one: %+v", g.State())
	}
}

// The reveal entered on the laptop after one side chose on its phone: the
// phone's card counts, and the log says it did when another was entered.
func TestTwisterChosenCardCountsAtTheReveal(t *testing.T) {
	cases := []struct {
		name    string
		entered int
		said    bool
	}{
		{"another value entered", 2, true},
		{"the same value entered", 7, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := seatedGame(t)
			apply(t, g, &CombatCardChosen{Player: 1, Card: 7}, &CombatStep{}, &CombatResolved{AttackerCard: c.entered, DefenderCard: 1})
			s := g.State()
			if s.LastCombat == nil || s.LastCombat.AttackCard != 7 || len(s.Chosen) != 0 {
				t.Fatalf("the result %+v, chosen %v", s.LastCombat, s.Chosen)
			}
			var said bool
			for _, m := range g.Logged(g.Records()[len(g.Records())-1].Seq) {
				said = said || m.ID == "log.twister.card_from_phone"
			}
			if said != c.said {
				t.Fatalf("the log says the phone's card counted: %v, want %v", said, c.said)
			}
		})
	}
}

// The laptop ends the attacker's card step while the defender chose on
// their phone already: the defender's card step is done with it, and the
// reveal comes next.
func TestTwisterCardStepOfAPhoneIsSkipped(t *testing.T) {
	g := seatedGame(t)
	apply(t, g, &CombatCardChosen{Player: 2, Card: 4})
	if st := g.State().Combat.Step; st != StepAttackerCard {
		t.Fatalf("the defender's card moved the attacker's step: %s", st)
	}
	apply(t, g, &CombatStep{})
	if st := g.State().Combat.Step; st != StepReveal {
		t.Fatalf("after the attacker's card step: %s, want the reveal", st)
	}
}
