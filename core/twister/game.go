// Package twister is the Dungeon Twister referee's helper: the placement
// order when a room is revealed, the combat sequence with its reminders,
// the score, and the rulings players ask for at the table, in our words.
package twister

import (
	"fmt"
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// ModuleName is the module's name in saves and scripts.
const ModuleName = "dungeon-twister"

// applier is one of the module's events.
type applier interface {
	engine.Event
	apply(s *State, c *ctx) error
}

// rules are one game's rules for the engine.
type rules struct{ setup Setup }

func (r rules) Init() (State, []engine.Message) {
	s := State{Score: make([]Score, r.setup.Players)}
	for i := range s.Score {
		s.Score[i].Player = i + 1
	}
	// The players by their names, as the table calls them.
	return s, []engine.Message{{ID: "log.twister.setup", Args: map[string]any{"Count": r.setup.Players, "Names": joinNames(r.setup.Names), "Goal": r.setup.GoalPoints()}}}
}

func (r rules) Allowed(s *State, t string) error { return allowed(s, t) }

func (r rules) Events() *engine.Registry { return Events }

func (r rules) Apply(s *State, e engine.Event, seq int) ([]engine.Message, error) {
	a, ok := e.(applier)
	if !ok {
		return nil, fmt.Errorf("not a Dungeon Twister event: %s", e.Type())
	}
	c := &ctx{setup: r.setup}
	if err := a.apply(s, c); err != nil {
		return nil, err
	}
	return c.log, nil
}

func (r rules) Clone(s *State) State { return engine.DeepCopy(*s) }

// Game is a Dungeon Twister game: the engine's game of its states with its
// setup (engine.SetupGame). A game refers to no content.
type Game struct {
	*engine.SetupGame[State, Setup]
}

var _ engine.Play = (*Game)(nil)

// kit is Dungeon Twister for the engine: how a setup becomes a game.
var kit = &engine.Kit[State, Setup]{
	Name:      ModuleName,
	Version:   StateVersion,
	Events:    Events,
	Rules:     func(s Setup) engine.Rules[State] { return rules{s} },
	Normalize: Setup.Normalize,
	Validate:  Setup.Validate,
	Summary:   summary,
	Wrap:      func(g *engine.SetupGame[State, Setup]) engine.Play { return &Game{g} },
	Rulings:   Rulings,
	Ended:     ended,
}

// NewGame validates the setup and starts a game.
func NewGame(setup Setup) (*Game, error) { return engine.NewAs[*Game](kit, setup) }

// Resume rebuilds a saved game.
func Resume(setup Setup, records []engine.Record, snap *engine.Snapshot) (*Game, error) {
	return engine.ResumeAs[*Game](kit, setup, records, snap)
}

// summary is the saved-games line: the players and the score.
func summary(setup Setup, s *State) []engine.Message {
	score := ""
	for i, sc := range s.Score {
		if i > 0 {
			score += " · "
		}
		score += fmt.Sprintf("%s %d", setup.Name(sc.Player), sc.Points)
	}
	out := []engine.Message{{ID: "ui.twister.summary", Args: map[string]any{"Count": setup.Players, "Score": score}}}
	if len(s.Winners) > 0 {
		var names []string
		for _, w := range s.Winners {
			names = append(names, setup.Name(w))
		}
		out = append(out, engine.Message{ID: summaryOver, Args: map[string]any{"Names": joinNames(names), "Count": len(names)}})
	}
	return out
}

// summaryOver is the summary's line of a game that has ended: who won.
const summaryOver = "ui.twister.summary_over"

// ended says whether a saved game's summary is that of a game that has
// ended (a player reached the victory points): the saved games offer it to
// look at, not to go on.
func ended(summary []engine.Message) bool {
	return slices.ContainsFunc(summary, func(m engine.Message) bool { return m.ID == summaryOver })
}

// module is Dungeon Twister for the engine's registry: what its kit gives
// (engine.KitModule) and its recap.
type module struct{ engine.KitModule[State, Setup] }

// Module is Dungeon Twister for the engine's registry.
var Module = module{kit.Module()}

func init() { engine.Register(Module) }
