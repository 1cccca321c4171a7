package dragoncanyon

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// The dragon: moved by a player, and the stomp's discard.

// Stomp discards: the Dragon Slayer, a card's resource, or nothing (an
// empty hand).
const (
	DiscardSlayer = "slayer"
	DiscardNone   = "none"
)

// StompResolved is the stomped player's random discard ("Moving the
// Dragon"): the Dragon Slayer sends the dragon back; any other card gives
// the AI its resource.
type StompResolved struct {
	Discard string `json:"discard"`
}

var _ = Events.Register(func() engine.Event { return &StompResolved{} })

func (*StompResolved) Type() string { return "stomp_resolved" }

func (*StompResolved) Gate() engine.Gate[*State] { return answers(StepStomp) }

func (e *StompResolved) apply(s *State, c ctx) error {
	seat := s.Pending.Head().Player
	switch {
	case e.Discard == DiscardSlayer:
		back := *s.Flow.DragonFrom
		s.decide(Decision{Kind: "stomp", Target: posPtr(back), Reason: "reason.dc.stomp.slayer", Args: map[string]any{"SeatKey": seatKey(seat), "Tile": tileArg(back)}})
		s.Dragon = back
		s.hint("hint.dc.dragon_back", map[string]any{"Tile": tileArg(back)})
	case e.Discard == DiscardNone:
		s.decide(Decision{Kind: "stomp", Reason: "reason.dc.stomp.empty", Args: map[string]any{"SeatKey": seatKey(seat)}})
	case slices.Contains(ByValue, e.Discard):
		s.AI.Caravan.Add(e.Discard, 1)
		s.decide(Decision{Kind: "stomp", Reason: "reason.dc.stomp.resource", Args: map[string]any{"SeatKey": seatKey(seat), "ResourceKey": resKey(e.Discard)}})
	default:
		return refuse("rule.dc.stomp.discard", map[string]any{"Value": e.Discard})
	}
	s.Pending.Pop()
	s.advance(c)
	return nil
}

// DragonMoved is the dragon moved by a player (Player; saves from before
// it was said give none, and the player whose turn it was is meant).
type DragonMoved struct {
	Tile   Pos `json:"tile"`
	Player int `json:"player,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &DragonMoved{} })

func (*DragonMoved) Type() string { return "dragon_moved" }

func (*DragonMoved) Gate() engine.Gate[*State] { return needs(idle) }

func (e *DragonMoved) apply(s *State, c ctx) error {
	if err := checkTile(e.Tile); err != nil {
		return err
	}
	n, err := e.mover(s, c)
	if err != nil {
		return err
	}
	s.Dragon = e.Tile
	args := map[string]any{"Tile": tileArg(e.Tile), "SeatKey": playerNameKey(n)}
	if f := s.tile(e.Tile).Force; f != nil && f.Owner == SeatAI {
		// A player's dragon stomps the AI's card: said as such.
		s.log("log.dc.dragon_stomps_ai", args)
		return nil
	}
	s.log("log.dc.dragon_moved", args)
	return nil
}

// mover is the player who moved the dragon: Player, or, when the event
// names none (an older save), the player whose turn it is, else the first.
func (e *DragonMoved) mover(s *State, c ctx) (int, error) {
	n := e.Player
	if n == 0 {
		n = max(s.TurnPlayer(), 1)
	}
	_, err := seatOf(n, c)
	return n, err
}
