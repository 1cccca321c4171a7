package twister

import (
	"slices"
	"strings"
)

// The pieces in the box: each player has the same set, so a room reveal
// picks them (one tap a piece) instead of typing their names, and each
// comes with its kind, never left for the Conductor to set.

// BoxPiece is a piece every player has: its id (its name in the reader's
// words is the message PieceNameID(ID)), its kind, and whether it is a
// torch (always placed by the revealer: twister.torches).
type BoxPiece struct {
	ID    string
	Kind  string
	Torch bool
}

// boxPieces: the base game's eight characters and six objects, then the
// torch (Forces of Darkness), which the placement order names apart.
var boxPieces = []BoxPiece{
	{ID: "cleric", Kind: KindCharacter}, {ID: "goblin", Kind: KindCharacter}, {ID: "mekanork", Kind: KindCharacter},
	{ID: "thief", Kind: KindCharacter}, {ID: "troll", Kind: KindCharacter}, {ID: "wall_walker", Kind: KindCharacter},
	{ID: "warrior", Kind: KindCharacter}, {ID: "wizard", Kind: KindCharacter},
	{ID: "armour", Kind: KindObject}, {ID: "fireball_wand", Kind: KindObject}, {ID: "rope", Kind: KindObject},
	{ID: "speed_potion", Kind: KindObject}, {ID: "sword", Kind: KindObject}, {ID: "treasure", Kind: KindObject},
	{ID: "torch", Kind: KindObject, Torch: true},
}

// BoxPieces are the pieces each player has, characters first.
func BoxPieces() []BoxPiece { return slices.Clone(boxPieces) }

// PieceNameID is the message naming box piece id in the reader's words.
func PieceNameID(id string) string { return "piece.twister." + id }

// Piece is the room's piece this box piece is, named name, owned by owner.
func (b BoxPiece) Piece(name string, owner int) Piece {
	return Piece{Name: name, Owner: owner, Kind: b.Kind, Torch: b.Torch}
}

// Revealed are the pieces of every room revealed by the events that count
// (an undone reveal is not among them), in the order revealed.
func (g *Game) Revealed() []Piece {
	var out []Piece
	for _, r := range g.Records() {
		if e, ok := r.Event.(*RoomRevealed); ok && g.Position(r.Seq) > 0 {
			out = append(out, e.Contents...)
		}
	}
	return out
}

// Unrevealed says whether player's piece named name may still be in a room
// not yet revealed: no room revealed so far held it (revealed), and no
// character of that name is known to be theirs (met in a combat, dead or
// escaped). Names are compared as the table reads them, case aside.
func Unrevealed(s State, revealed []Piece, player int, name string) bool {
	name = strings.TrimSpace(name)
	same := func(n string, owner int) bool {
		return owner == player && strings.EqualFold(strings.TrimSpace(n), name)
	}
	if slices.ContainsFunc(revealed, func(p Piece) bool { return same(p.Name, p.Owner) }) {
		return false
	}
	return !slices.ContainsFunc(s.Pieces, func(c Character) bool { return same(c.Name, c.Owner) })
}

// Names of the box's pieces, listed so every one is translated.
var _ = []string{
	"piece.twister.cleric", "piece.twister.goblin", "piece.twister.mekanork", "piece.twister.thief", "piece.twister.troll",
	"piece.twister.wall_walker", "piece.twister.warrior", "piece.twister.wizard", "piece.twister.armour",
	"piece.twister.fireball_wand", "piece.twister.rope", "piece.twister.speed_potion", "piece.twister.sword",
	"piece.twister.treasure", "piece.twister.torch",
}
