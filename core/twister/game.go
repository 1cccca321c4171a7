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
}

// NewGame validates the setup and starts a game.
func NewGame(setup Setup) (*Game, error) { return wrap(kit.New(setup)) }

// Resume rebuilds a saved game.
func Resume(setup Setup, records []engine.Record, snap *engine.Snapshot) (*Game, error) {
	return wrap(kit.Resume(setup, records, snap))
}

func wrap(g *engine.SetupGame[State, Setup], err error) (*Game, error) {
	if err != nil {
		return nil, err
	}
	return &Game{g}, nil
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

// Ended says whether a saved game's summary is that of a game that has
// ended (a player reached the victory points): the saved games offer it to
// look at, not to go on.
func (Module) Ended(summary []engine.Message) bool {
	return slices.ContainsFunc(summary, func(m engine.Message) bool { return m.ID == summaryOver })
}

// Rulings are Dungeon Twister's rulings.
func (g *Game) Rulings() []engine.Ruling { return Rulings }

// Module is Dungeon Twister for the engine's registry.
type Module struct{}

func (Module) Name() string             { return ModuleName }
func (Module) Events() *engine.Registry { return Events }
func (Module) Rulings() []engine.Ruling { return Rulings }

// New starts a game from a setup's JSON.
func (Module) New(setup, content []byte) (engine.Play, error) { return kit.NewPlay(setup, content) }

// Resume rebuilds a saved game.
func (Module) Resume(setup, content []byte, records []engine.Record, snap *engine.Snapshot) (engine.Play, error) {
	return kit.ResumePlay(setup, content, records, snap)
}

// Fold replays a saved game's records one by one, holding none (see
// engine.Fold).
func (Module) Fold(setup, content []byte, fetch func(seq int) (engine.Event, error)) (engine.Folder, error) {
	return kit.Fold(setup, content, fetch)
}

func init() { engine.Register(Module{}) }
