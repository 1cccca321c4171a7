package dragoncanyon

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// Harvest Festivals.

// FestivalHeld is a Harvest Festival a player's placement set off: the AI
// harvests its cards in the line (AISlayer: which of its unseen physical
// cards there was the Dragon Slayer, if one was).
type FestivalHeld struct {
	Line     Line `json:"line"`
	AISlayer *Pos `json:"ai_slayer,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &FestivalHeld{} })

func (*FestivalHeld) Type() string { return "festival_held" }

func (*FestivalHeld) Gate() engine.Gate[*State] { return needs(idle) }

func (e *FestivalHeld) apply(s *State, c ctx) error {
	if !slices.Contains(lines(c.setup.Rules), e.Line) {
		return refuse("rule.dc.line", map[string]any{"LineKey": "ui.dc.line." + e.Line.Kind, "Index": e.Line.Index})
	}
	if !s.complete(e.Line) {
		return refuse("rule.dc.line.incomplete", map[string]any{"LineKey": "ui.dc.line." + e.Line.Kind, "Index": e.Line.Index})
	}
	if e.AISlayer != nil {
		f := s.tile(*e.AISlayer).Force
		if !slices.Contains(e.Line.Tiles(), *e.AISlayer) || f == nil || f.Owner != SeatAI || f.Known {
			return refuse("rule.dc.line.slayer", nil)
		}
		f.Known, f.Slayer = true, true
	}
	s.festival(c, e.Line)
	if !c.setup.Rules.FestivalKeepsCards {
		for _, p := range e.Line.Tiles() {
			s.remove(p)
		}
	}
	return nil
}
