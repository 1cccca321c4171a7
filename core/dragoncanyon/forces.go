package dragoncanyon

import (
	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
)

// Force cards on the board: placed, flipped, taken off.

// ForcePlaced is a player's Force card put on a tile (face-down unless
// FaceUp; Strength and Slayer say what a face-up card shows).
type ForcePlaced struct {
	Player   int     `json:"player"`
	Tile     Pos     `json:"tile"`
	FaceUp   bool    `json:"face_up,omitempty"`
	Strength int     `json:"strength,omitempty"`
	Slayer   bool    `json:"slayer,omitempty"`
	Ability  Ability `json:"ability,omitzero"`
}

var _ = Events.Register(func() engine.Event { return &ForcePlaced{} })

func (*ForcePlaced) Type() string { return "force_placed" }

func (*ForcePlaced) Gate() engine.Gate[*State] { return needs(idle) }

func (e *ForcePlaced) apply(s *State, c ctx) error {
	seat, err := seatOf(e.Player, c)
	if err != nil {
		return err
	}
	if err := checkTile(e.Tile); err != nil {
		return err
	}
	if s.tile(e.Tile).Force != nil {
		return refuse("rule.dc.tile.taken", map[string]any{"Tile": tileArg(e.Tile)})
	}
	if !e.Ability.Valid() {
		return refuse("rule.dc.ability", map[string]any{"Min": decklist.MinBonus, "Max": decklist.MaxBonus})
	}
	s.tile(e.Tile).Force = &Force{Owner: seat, FaceUp: e.FaceUp, Known: e.FaceUp, Strength: e.Strength, Slayer: e.Slayer, Ability: e.Ability}
	s.log("log.dc.force_placed", map[string]any{"SeatKey": seatKey(seat), "Tile": tileArg(e.Tile)})
	if e.FaceUp {
		logAbility(s, e.Tile, e.Ability)
	}
	return nil
}

// ForceFlipped is a card on the board turned face-up (showing Strength, and
// whether it is the Dragon Slayer) or face-down.
type ForceFlipped struct {
	Tile     Pos     `json:"tile"`
	FaceUp   bool    `json:"face_up"`
	Strength int     `json:"strength,omitempty"`
	Slayer   bool    `json:"slayer,omitempty"`
	Ability  Ability `json:"ability,omitzero"`
}

var _ = Events.Register(func() engine.Event { return &ForceFlipped{} })

func (*ForceFlipped) Type() string { return "force_flipped" }

func (*ForceFlipped) Gate() engine.Gate[*State] { return needs(idle) }

func (e *ForceFlipped) apply(s *State, c ctx) error {
	if err := checkTile(e.Tile); err != nil {
		return err
	}
	f := s.tile(e.Tile).Force
	if f == nil {
		return refuse("rule.dc.tile.empty", map[string]any{"Tile": tileArg(e.Tile)})
	}
	if !e.Ability.Valid() {
		return refuse("rule.dc.ability", map[string]any{"Min": decklist.MinBonus, "Max": decklist.MaxBonus})
	}
	if e.FaceUp && f.Card == nil {
		f.Known, f.Strength, f.Slayer, f.Ability = true, e.Strength, e.Slayer, e.Ability
	}
	f.FaceUp = e.FaceUp
	id := "log.dc.force_down"
	if e.FaceUp {
		id = "log.dc.force_up"
	}
	s.log(id, map[string]any{"Tile": tileArg(e.Tile), "Strength": f.Strength, "Slayer": f.Slayer})
	if e.FaceUp && f.Card == nil {
		logAbility(s, e.Tile, e.Ability)
	}
	return nil
}

// ForceRemoved is a card taken off the board (the AI's goes to its
// discards).
type ForceRemoved struct {
	Tile Pos `json:"tile"`
}

var _ = Events.Register(func() engine.Event { return &ForceRemoved{} })

func (*ForceRemoved) Type() string { return "force_removed" }

func (*ForceRemoved) Gate() engine.Gate[*State] { return needs(idle) }

func (e *ForceRemoved) apply(s *State, c ctx) error {
	if err := checkTile(e.Tile); err != nil {
		return err
	}
	f := s.tile(e.Tile).Force
	if f == nil {
		return refuse("rule.dc.tile.empty", map[string]any{"Tile": tileArg(e.Tile)})
	}
	s.remove(e.Tile)
	s.log("log.dc.force_removed", map[string]any{"Tile": tileArg(e.Tile), "SeatKey": seatKey(f.Owner)})
	return nil
}
