package twister

import (
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// "Revealing a Room": a piece is in one room only. Which of a player's
// pieces may still be in a room not yet revealed: none revealed before
// (an undone reveal does not count), none known from a combat or a death.
func TestUnrevealed(t *testing.T) {
	warrior := &RoomRevealed{Revealer: 1, Contents: []Piece{{Name: "Warrior", Owner: 1, Kind: KindCharacter}, {Name: "Rope", Owner: 2, Kind: KindObject}}}
	cases := []struct {
		name   string
		events []engine.Event
		player int
		piece  string
		want   bool
	}{
		{"a new game", nil, 1, "Warrior", true},
		{"revealed before, its owner's", []engine.Event{warrior}, 1, "Warrior", false},
		{"revealed before, named in other letters", []engine.Event{warrior}, 1, " warrior", false},
		{"the other player's of the same name", []engine.Event{warrior}, 2, "Warrior", true},
		{"an object revealed before", []engine.Event{warrior}, 2, "Rope", false},
		{"a reveal undone", []engine.Event{warrior, &engine.Undo{}}, 1, "Warrior", true},
		{"a reveal undone and redone", []engine.Event{warrior, &engine.Undo{}, &engine.Redo{}}, 1, "Warrior", false},
		{"a character met in a combat", []engine.Event{&CombatStarted{Attacker: 2, AttackerCharacter: "Troll"}}, 2, "Troll", false},
		{"a character dead", []engine.Event{&CharacterDied{Character: "Thief", Controller: 1, Cause: CauseTrap}}, 1, "Thief", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, 2)
			for _, e := range c.events {
				apply(t, g, e)
			}
			if got := Unrevealed(g.State(), g.Revealed(), c.player, c.piece); got != c.want {
				t.Fatalf("Unrevealed(%d, %q) = %v, want %v", c.player, c.piece, got, c.want)
			}
		})
	}
}

// Every box piece has a kind, and the torch is the one placed as a torch
// ("Revealing a Room": the revealer always places torches).
func TestBoxPiecesHaveTheirKind(t *testing.T) {
	torches := 0
	for _, b := range BoxPieces() {
		if b.Kind != KindCharacter && b.Kind != KindObject {
			t.Errorf("%s: kind %q", b.ID, b.Kind)
		}
		p := b.Piece("x", 1)
		if err := checkPiece(p, &ctx{setup: Setup{Players: 2}}); err != nil {
			t.Errorf("%s: %v", b.ID, err)
		}
		if p.Torch {
			torches++
		}
	}
	if torches != 1 {
		t.Errorf("%d torches in the box", torches)
	}
}
