package twister

import (
	"fmt"

	"github.com/dunconductor/conductor/core/engine"
)

// Bounds far above a game at the table.
const (
	MinPlayers  = 2
	MaxPlayers  = 4
	DefaultGoal = 5   // "the first player to score 5 victory points wins"
	MaxGoal     = 50  // a longer game, by agreement
	MaxName     = 200 // bytes, any name typed in
	MaxContents = 60  // pieces in one room
	MaxPoints   = 10  // victory points one event gives
)

// Setup is a Dungeon Twister game: how many play, their names (P1… by
// default, in seat order) and the victory points that win. Goal left out
// (nil) is DefaultGoal; a goal given is checked, 0 included.
type Setup struct {
	Players int      `json:"players"`
	Names   []string `json:"names,omitempty"`
	Goal    *int     `json:"goal,omitempty"`
}

// GoalPoints are the victory points that win.
func (s Setup) GoalPoints() int {
	if s.Goal == nil {
		return DefaultGoal
	}
	return *s.Goal
}

// Normalize fills what the setup leaves out: the names (P1, P2…) and the goal.
func (s Setup) Normalize() Setup {
	if s.Goal == nil {
		g := DefaultGoal
		s.Goal = &g
	}
	if len(s.Names) == 0 && s.Players >= MinPlayers && s.Players <= MaxPlayers {
		for i := range s.Players {
			s.Names = append(s.Names, fmt.Sprintf("P%d", i+1))
		}
	}
	return s
}

// Validate lists every problem of a normalized setup.
func (s Setup) Validate() error {
	var errs engine.SetupErrors
	if s.Players < MinPlayers || s.Players > MaxPlayers {
		errs = append(errs, engine.FieldError{Field: "players", ID: "setup.twister.players", Args: map[string]any{"Min": MinPlayers, "Max": MaxPlayers}})
	} else if len(s.Names) != s.Players {
		errs = append(errs, engine.FieldError{Field: "names", ID: "setup.twister.names_count", Args: map[string]any{"Count": s.Players}})
	}
	for i, n := range s.Names {
		if n == "" || len(n) > MaxName {
			errs = append(errs, engine.FieldError{Field: "names", ID: "setup.twister.name", Args: map[string]any{"Seat": i + 1, "Max": MaxName}})
		}
	}
	if g := s.GoalPoints(); g < 1 || g > MaxGoal {
		errs = append(errs, engine.FieldError{Field: "goal", ID: "setup.twister.goal", Args: map[string]any{"Max": MaxGoal, "Value": g}})
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// Name is seat p's name (1-based).
func (s Setup) Name(p int) string {
	if p >= 1 && p <= len(s.Names) {
		return s.Names[p-1]
	}
	return fmt.Sprintf("P%d", p)
}

// Other is the one opponent of p in a 2-player game, 0 in a larger one.
func (s Setup) Other(p int) int {
	if s.Players != 2 {
		return 0
	}
	return 3 - p
}
