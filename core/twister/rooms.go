package twister

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// Revealing a room: its pieces and the order they are placed in.

// Piece kinds.
const (
	KindCharacter = "character"
	KindObject    = "object"
)

// Piece is a character or an object in a revealed room, with the player who
// owns it. Cursed items and torches are objects.
type Piece struct {
	Name   string `json:"name"`
	Owner  int    `json:"owner"`
	Kind   string `json:"kind"`
	Cursed bool   `json:"cursed,omitempty"`
	Torch  bool   `json:"torch,omitempty"`
}

// RoomRevealed: a player reveals a room; its contents are placed in two
// steps. Opponent is the player who places the revealer's objects: the other
// player in a 2-player game (may be left out), required with 3 or 4.
type RoomRevealed struct {
	Room     string  `json:"room,omitempty"`
	Revealer int     `json:"revealer"`
	Opponent int     `json:"opponent,omitempty"`
	Contents []Piece `json:"contents"`
}

var _ = Events.Register(func() engine.Event { return &RoomRevealed{} })

func (*RoomRevealed) Type() string { return "room_revealed" }

// Gate: nothing else happens on the board until a combat ends.
func (*RoomRevealed) Gate() engine.Gate[*State] { return needs(noCombat) }

func (e *RoomRevealed) apply(s *State, c *ctx) error {
	opp, err := e.opponent(c)
	if err != nil {
		return err
	}
	if err := checkName(e.Room, "room", false); err != nil {
		return err
	}
	if len(e.Contents) > MaxContents {
		return engine.Refuse("rule.twister.contents_max", map[string]any{"Max": MaxContents})
	}
	for _, p := range e.Contents {
		if err := checkPiece(p, c); err != nil {
			return err
		}
	}
	s.Rooms++
	s.Room = &Room{Name: e.Room, Revealer: e.Revealer, Opponent: opp}
	s.Placement = Placement(e.Revealer, opp, e.Contents)
	s.PlacementOver = false
	s.PlacementOver = CurrentStep(*s) < 0 // an empty room is done at once
	for _, p := range e.Contents {
		if p.Kind == KindCharacter {
			meet(s, p.Name, p.Owner)
		}
	}
	c.say("log.twister.room_revealed", map[string]any{"Name": c.setup.Name(e.Revealer), "Room": e.Room, "Count": len(e.Contents)})
	return nil
}

// opponent is the revealer's opponent for this room: the one given, or the
// only other player of a 2-player game; refused when it is missing, not a
// player or the revealer.
func (e *RoomRevealed) opponent(c *ctx) (int, error) {
	if err := c.player(e.Revealer, "revealer"); err != nil {
		return 0, err
	}
	opp := e.Opponent
	if other := c.setup.Other(e.Revealer); other != 0 {
		if opp == 0 {
			opp = other
		}
	} else if opp == 0 {
		return 0, engine.Refuse("rule.twister.opponent_needed", nil)
	}
	if err := c.player(opp, "opponent"); err != nil {
		return 0, err
	}
	if opp == e.Revealer {
		return 0, engine.Refuse("rule.twister.opponent_self", nil)
	}
	return opp, nil
}

// checkPiece refuses a piece without a name or owner, of an unknown kind,
// a character marked cursed or a torch, or a cursed torch.
func checkPiece(p Piece, c *ctx) error {
	if err := checkName(p.Name, "name", true); err != nil {
		return err
	}
	if err := c.player(p.Owner, "owner"); err != nil {
		return err
	}
	switch {
	case p.Kind != KindCharacter && p.Kind != KindObject:
		return engine.Refuse("rule.twister.kind", map[string]any{"Name": p.Name})
	case p.Kind == KindCharacter && (p.Cursed || p.Torch):
		return engine.Refuse("rule.twister.character_flag", map[string]any{"Name": p.Name})
	case p.Cursed && p.Torch:
		return engine.Refuse("rule.twister.cursed_torch", map[string]any{"Name": p.Name})
	}
	return nil
}

// Placement is the order a revealed room's pieces are placed in ("Revealing
// a Room"): first the revealer places every character, the opponents'
// objects, the torches (always the revealer's to place) and their own cursed
// items; then the opponent places the revealer's objects and their own
// cursed items. With 3 or 4 players, another owner of a cursed item in the
// room places it after them, in seat order. The first two steps are always
// there, even empty.
func Placement(revealer, opponent int, contents []Piece) []PlacementStep {
	steps := []PlacementStep{{Placer: revealer, Items: []Placed{}}, {Placer: opponent, Items: []Placed{}}}
	add := func(placer int, p Piece, why string) {
		i := slices.IndexFunc(steps, func(st PlacementStep) bool { return st.Placer == placer })
		if i < 0 {
			steps = append(steps, PlacementStep{Placer: placer})
			i = len(steps) - 1
		}
		steps[i].Items = append(steps[i].Items, Placed{Name: p.Name, Owner: p.Owner, Kind: p.Kind, Why: why})
	}
	for _, p := range contents {
		switch {
		case p.Kind == KindCharacter:
			add(revealer, p, "character")
		case p.Torch:
			add(revealer, p, "torch")
		case p.Cursed:
			add(p.Owner, p, "own_cursed")
		case p.Owner == revealer:
			add(opponent, p, "revealer_object")
		default:
			add(revealer, p, "opponent_object")
		}
	}
	extra := steps[2:]
	slices.SortStableFunc(extra, func(a, b PlacementStep) int { return a.Placer - b.Placer })
	return steps
}
