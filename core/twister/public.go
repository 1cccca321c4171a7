package twister

import (
	"encoding/json"
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// PublicView is what the players may see of a Dungeon Twister game: the one
// place that decides it. Everything the app keeps of a game is open at the
// table (the combat cards are laid face-down on the table, not in the app),
// so it is the game's own state with the players' names and the goal, and
// the rulings the table's prompts cite now.
type PublicView struct {
	Players []PublicPlayer `json:"players"`
	Goal    int            `json:"goal"`
	Rooms   int            `json:"rooms"`
	// Room is the last room revealed and Placement who places what there,
	// in order.
	Room      *Room           `json:"room,omitempty"`
	Placement []PlacementStep `json:"placement,omitempty"`
	// PlacementOver: the room's pieces are all down; Pieces the characters
	// met, with their owner and fate.
	PlacementOver bool        `json:"placement_over,omitempty"`
	Pieces        []Character `json:"pieces,omitempty"`
	// Combat is the combat under way and its step, or nil.
	Combat  *Combat `json:"combat,omitempty"`
	Combats int     `json:"combats"`
	// LastCombat is the last combat the app worked out: the totals, the
	// winner and what befell the loser (declared and turned up at the table).
	LastCombat *CombatResult `json:"last_combat,omitempty"`
	Score      []Score       `json:"score"`
	Winners    []int         `json:"winners,omitempty"`
	// Rulings are the ids of the rulings the prompts cite now, each once,
	// in the prompts' order (texts: engine.RulingTitle, engine.RulingText).
	Rulings []string `json:"rulings,omitempty"`
}

// PublicPlayer is a player by seat (from 1) and name.
type PublicPlayer struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
}

// Public is what the players may see of state s of a game with setup.
func Public(setup Setup, s State) PublicView {
	v := PublicView{Goal: setup.GoalPoints(), Rooms: s.Rooms, Combats: s.Combats, Winners: slices.Clone(s.Winners)}
	for p := 1; p <= setup.Players; p++ {
		v.Players = append(v.Players, PublicPlayer{Seat: p, Name: setup.Name(p)})
	}
	if s.Room != nil {
		room := *s.Room
		v.Room = &room
	}
	for _, st := range s.Placement {
		v.Placement = append(v.Placement, PlacementStep{Placer: st.Placer, Items: slices.Clone(st.Items)})
	}
	v.PlacementOver, v.Pieces = s.PlacementOver, slices.Clone(s.Pieces)
	if s.Combat != nil {
		c := engine.DeepCopy(*s.Combat)
		v.Combat = &c
	}
	if s.LastCombat != nil {
		r := engine.DeepCopy(*s.LastCombat)
		v.LastCombat = &r
	}
	v.Score = slices.Clone(s.Score)
	for _, p := range prompts(setup, s) {
		if p.Ruling != "" && !slices.Contains(v.Rulings, p.Ruling) {
			v.Rulings = append(v.Rulings, p.Ruling)
		}
	}
	return v
}

// Public is what the players may see of the game now.
func (g *Game) Public() PublicView { return Public(g.Setup(), g.State()) }

// PublicJSON is engine.Public: the players' view as JSON.
func (g *Game) PublicJSON() ([]byte, error) { return json.Marshal(g.Public()) }
