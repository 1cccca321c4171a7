// Package twister is the Dungeon Twister referee's helper: the placement
// order when a room is revealed, the combat sequence with its reminders,
// the score, and the rulings players ask for at the table, in our words.
package twister

import (
	"encoding/json"
	"fmt"

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
	return s, []engine.Message{{ID: "log.twister.setup", Args: map[string]any{"Count": r.setup.Players, "Goal": r.setup.GoalPoints()}}}
}

func (r rules) Allowed(s *State, t string) error { return allowed(s, t) }

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

// Game is a Dungeon Twister game.
type Game struct {
	*engine.Game[State]
	setup Setup
}

var _ engine.Play = (*Game)(nil)

// NewGame validates the setup and starts a game.
func NewGame(setup Setup) (*Game, error) {
	setup = setup.Normalize()
	if err := setup.Validate(); err != nil {
		return nil, err
	}
	return &Game{Game: engine.New[State](rules{setup}, StateVersion), setup: setup}, nil
}

// Resume rebuilds a saved game.
func Resume(setup Setup, records []engine.Record, snap *engine.Snapshot) (*Game, error) {
	setup = setup.Normalize()
	if err := setup.Validate(); err != nil {
		return nil, err
	}
	g, err := engine.Resume[State](rules{setup}, StateVersion, records, snap)
	if err != nil {
		return nil, err
	}
	return &Game{Game: g, setup: setup}, nil
}

// Setup is the game's normalized setup.
func (g *Game) Setup() Setup { return g.setup }

// Module is "dungeon-twister".
func (g *Game) Module() string { return ModuleName }

// SetupJSON is the setup as the store keeps it.
func (g *Game) SetupJSON() ([]byte, error) { return json.Marshal(g.setup) }

// Content: a game refers to no file.
func (g *Game) Content() []byte { return nil }

// Events are the module's event types.
func (g *Game) Events() *engine.Registry { return Events }

// Summary is the saved-games line: the players and the score.
func (g *Game) Summary() []engine.Message {
	s := g.State()
	return summary(g.setup, &s)
}

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
		out = append(out, engine.Message{ID: "ui.twister.summary_over"})
	}
	return out
}

// StateJSON is the state as conductor script prints it.
func (g *Game) StateJSON() ([]byte, error) { return json.Marshal(g.State()) }

// Discard drops the last record (the store could not save it).
func (g *Game) Discard() error { return g.Game.Discard() }

// Rulings are Dungeon Twister's rulings.
func (g *Game) Rulings() []engine.Ruling { return Rulings }

// Module is Dungeon Twister for the engine's registry.
type Module struct{}

func (Module) Name() string             { return ModuleName }
func (Module) Events() *engine.Registry { return Events }
func (Module) Rulings() []engine.Ruling { return Rulings }

// New starts a game from a setup's JSON.
func (Module) New(setup, _ []byte) (engine.Play, error) {
	s, err := DecodeSetup(setup)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	return NewGame(s)
}

// Fold replays a saved game's records one by one, holding none (see
// engine.Fold).
func (m Module) Fold(setup, content []byte, fetch func(seq int) (engine.Event, error)) (engine.Folder, error) {
	// The saved setup, decoded and checked exactly as Resume does it.
	g, err := m.Resume(setup, content, nil, nil)
	if err != nil {
		return nil, err
	}
	s := g.(*Game).setup
	return engine.NewFold[State](rules{s}, StateVersion, fetch, func(st *State) []engine.Message { return summary(s, st) }), nil
}

// Resume rebuilds a saved game.
func (Module) Resume(setup, _ []byte, records []engine.Record, snap *engine.Snapshot) (engine.Play, error) {
	s, err := DecodeSetup(setup)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	return Resume(s, records, snap)
}

func init() { engine.Register(Module{}) }
