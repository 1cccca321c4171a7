package twister

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// What the table used to keep in its head: which of a room's pieces are on
// the board already, which step of the placement is current, and whose
// character is whose (so a death or an escape is scored for the right
// player).

// PiecePlaced: a piece of the last room revealed is on the board. Step and
// Item count from 1, as the placement lists show them ("Revealing a Room":
// the revealer's step is done before the opponent's begins).
type PiecePlaced struct {
	Step int `json:"step"`
	Item int `json:"item"`
}

var _ = Events.Register(func() engine.Event { return &PiecePlaced{} })

func (*PiecePlaced) Type() string { return "piece_placed" }

// Gate: a piece of the room revealed is placed at any moment of a game on.
func (*PiecePlaced) Gate() engine.Gate[*State] { return needs() }

// CurrentStep is the index (from 0) of the placement step under way: the
// first with a piece not yet placed; -1 when there is none or the room is
// done.
func CurrentStep(s State) int {
	if s.Room == nil || s.PlacementOver {
		return -1
	}
	for i, st := range s.Placement {
		if slices.ContainsFunc(st.Items, func(p Placed) bool { return !p.Placed }) {
			return i
		}
	}
	return -1
}

func (e *PiecePlaced) apply(s *State, c *ctx) error {
	cur := CurrentStep(*s)
	if cur < 0 {
		return engine.Refuse("rule.twister.placement_over", nil)
	}
	if e.Step < 1 || e.Step > len(s.Placement) || e.Item < 1 || e.Item > len(s.Placement[e.Step-1].Items) {
		return engine.Refuse("rule.twister.placement_item", nil)
	}
	it := s.Placement[e.Step-1].Items[e.Item-1]
	if it.Placed {
		return engine.Refuse("rule.twister.placed_already", map[string]any{"Character": it.Name})
	}
	// twister.room_reveal: a later step waits for the one under way.
	if e.Step-1 > cur {
		return engine.Refuse("rule.twister.placement_order", map[string]any{"Character": it.Name,
			"Placer": c.setup.Name(s.Placement[cur].Placer), "Index": cur + 1})
	}
	steps := engine.DeepCopy(s.Placement)
	steps[e.Step-1].Items[e.Item-1].Placed = true
	s.Placement = steps
	c.say("log.twister.placed", map[string]any{"Character": it.Name, "Name": c.setup.Name(steps[e.Step-1].Placer)})
	if CurrentStep(*s) < 0 {
		s.PlacementOver = true
		c.say("log.twister.placement_done", nil)
	}
	return nil
}

// closePlacement: play went on, so the last room's pieces are down.
func closePlacement(s *State) {
	if s.Room != nil {
		s.PlacementOver = true
	}
}

// meet adds a character to the pieces met, unless it is there already
// (same name, same owner). An owner of 0 (unknown) adds nothing.
func meet(s *State, name string, owner int) {
	if name == "" || owner == 0 || slices.ContainsFunc(s.Pieces, func(p Character) bool { return p.Name == name && p.Owner == owner }) {
		return
	}
	s.Pieces = append(slices.Clone(s.Pieces), Character{Name: name, Owner: owner})
}

// befall records a character's fate, meeting it first if need be.
func befall(s *State, name string, owner int, fate string) {
	meet(s, name, owner)
	pieces := slices.Clone(s.Pieces)
	for i, p := range pieces {
		if p.Name == name && p.Owner == owner && p.Fate == "" {
			pieces[i].Fate = fate
			break
		}
	}
	s.Pieces = pieces
}

// Living are the characters met that are still in the maze, in the order
// met.
func Living(s State) []Character {
	var out []Character
	for _, p := range s.Pieces {
		if p.Fate == "" {
			out = append(out, p)
		}
	}
	return out
}

// DeathDefaults is what the form recording a death starts with. From the
// combat just walked (last_combat, when its loser has a fighter left
// alive): that fighter, the loser's seat as controller, the winner as who
// scores, the cause a combat. At a combat's reveal, before the cards are
// entered: the cause only (who lost is the table's to say). Otherwise
// nothing: the controller is never guessed.
type DeathDefaults struct {
	Character  string `json:"character,omitempty"`
	Controller int    `json:"controller,omitempty"`
	By         int    `json:"by,omitempty"`
	Cause      string `json:"cause,omitempty"`
}

// DeathForm is the death form's defaults in state s.
func DeathForm(s State) DeathDefaults {
	if s.Combat != nil {
		if s.Combat.Step == StepReveal {
			return DeathDefaults{Cause: CauseCombat}
		}
		return DeathDefaults{}
	}
	r := s.LastCombat
	if r == nil {
		return DeathDefaults{}
	}
	var loser, winner int
	switch r.Winner {
	case SideAttacker:
		loser, winner = r.Defender, r.Attacker
	case SideDefender:
		loser, winner = r.Attacker, r.Defender
	default:
		return DeathDefaults{}
	}
	for _, name := range r.Wounded {
		if slices.ContainsFunc(Living(s), func(p Character) bool { return p.Name == name && p.Owner == loser }) {
			return DeathDefaults{Character: name, Controller: loser, By: winner, Cause: CauseCombat}
		}
	}
	return DeathDefaults{}
}

// OwnerCheck is what the app asks before a death or an escape is recorded
// for controller: when the character named is one met, of another player
// only, its owner (the Conductor must confirm); 0 when nothing is to ask.
func OwnerCheck(s State, character string, controller int) int {
	owner := 0
	for _, p := range Living(s) {
		if p.Name != character {
			continue
		}
		if p.Owner == controller {
			return 0
		}
		if owner == 0 {
			owner = p.Owner
		}
	}
	return owner
}

// know updates what is known of a character met: its printed value and
// whether it is wounded, as the last declaration or combat says.
func know(s *State, name string, owner int, f func(*Character)) {
	meet(s, name, owner)
	pieces := slices.Clone(s.Pieces)
	for i, p := range pieces {
		if p.Name == name && p.Owner == owner && p.Fate == "" {
			f(&pieces[i])
			break
		}
	}
	s.Pieces = pieces
}

// KnownFighter is a fighter as the app last knew it: player's character
// named, with its printed value as last declared and wounded if a combat
// wounded it since. ok is false for a character never met.
func KnownFighter(s State, player int, name string) (Fighter, bool) {
	for _, p := range Living(s) {
		if p.Name == name && p.Owner == player {
			return Fighter{Name: p.Name, Strength: p.Strength, Wounded: p.Wounded}, true
		}
	}
	return Fighter{Name: name}, false
}
