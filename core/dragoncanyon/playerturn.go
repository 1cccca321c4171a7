package dragoncanyon

import (
	"github.com/dunconductor/conductor/core/engine"
)

// A player's turn: an attack on the AI, the turn's end.

// Attack is a player's Force card (From) attacking the AI's card on Tile:
// the AI defends ("Defending").
type Attack struct {
	Player int `json:"player"`
	Tile   Pos `json:"tile"`
	From   Pos `json:"from"`
}

var _ = Events.Register(func() engine.Event { return &Attack{} })

func (*Attack) Type() string { return "attack" }

func (*Attack) Gate() engine.Gate[*State] { return needs(idle, playersTurn) }

func (e *Attack) apply(s *State, c ctx) error {
	seat, err := seatOf(e.Player, c)
	if err != nil {
		return err
	}
	if err := checkTile(e.Tile); err != nil {
		return err
	}
	if err := checkTile(e.From); err != nil {
		return err
	}
	if f := s.tile(e.Tile).Force; f == nil || f.Owner != SeatAI {
		return refuse("rule.dc.attack.not_ai", map[string]any{"Tile": tileArg(e.Tile)})
	}
	if f := s.tile(e.From).Force; f == nil || f.Owner != seat {
		return refuse("rule.dc.attack.not_player", map[string]any{"Tile": tileArg(e.From), "SeatKey": seatKey(seat)})
	}
	if !adjacent(e.From, e.Tile) {
		// Only a card next to the AI's attacks it (orthogonally, as the AI's own fights).
		return refuse("rule.dc.attack.not_adjacent", map[string]any{"Tile": tileArg(e.Tile), "From": tileArg(e.From)})
	}
	s.Flow = &Flow{Next: nextDefence, Attacker: seat, AITile: posPtr(e.Tile), Target: posPtr(e.From)}
	s.Phase = PhaseDefending
	s.log("log.dc.attacked", map[string]any{"SeatKey": seatKey(seat), "Tile": tileArg(e.Tile), "From": tileArg(e.From)})
	// The step names the attacked card's tile and the attacker, for the prompt.
	s.Pending.Set(Step{Kind: StepFlip, Purpose: FlipDefence, Tile: posPtr(e.Tile), Player: seat})
	return nil
}

// TurnEnded is the end of a player's turn.
type TurnEnded struct{}

var _ = Events.Register(func() engine.Event { return &TurnEnded{} })

func (*TurnEnded) Type() string { return "turn_ended" }

func (*TurnEnded) Gate() engine.Gate[*State] { return needs(idle, playersTurn) }

func (*TurnEnded) apply(s *State, c ctx) error {
	s.log("log.dc.turn_ended", map[string]any{"SeatKey": seatKey(s.Seat)})
	s.playerGather(s.Seat) // "Gathering", as the standard rules have every seat do
	s.passTurn(c)
	return nil
}
