package dragoncanyon

import (
	"fmt"
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// rules are one game's rules for the engine.
type rules struct{ setup Setup }

func (r rules) Init() (State, []engine.Message) {
	s := initialState(r.setup)
	log := s.logged
	s.logged = nil
	return s, log
}

func (r rules) Allowed(s *State, t string) error { return allowed(s, t) }

func (r rules) Events() *engine.Registry { return Events }

func (r rules) Apply(s *State, e engine.Event, seq int) ([]engine.Message, error) {
	de, ok := e.(event)
	if !ok {
		return nil, fmt.Errorf("not a Dragon Canyon event: %s", e.Type())
	}
	// The reducer works on its own copy: it may write anywhere, and a
	// refused event's partial changes go with the copy.
	*s = engine.DeepCopy(*s)
	s.Hints, s.logged = []engine.Message{}, nil
	if err := de.apply(s, ctx{setup: r.setup}); err != nil {
		return nil, err
	}
	log := s.logged
	s.logged = nil
	return log, nil
}

func (r rules) Clone(s *State) State { return engine.DeepCopy(*s) }

// initialState is the table as set up: the board, the decks, the stacks;
// the AI takes the first turn.
func initialState(setup Setup) State {
	s := State{Seat: SeatAI, Phase: PhaseWaiting, Dragon: setup.Dragon, Hints: []engine.Message{}, Reminders: []Reminder{}}
	for _, row := range setup.Board {
		var r []Tile
		for _, t := range row {
			r = append(r, Tile{Resource: t.Resource, Amount: t.Amount, Canyon: t.Canyon})
		}
		s.Board = append(s.Board, r)
	}
	for _, seat := range setup.Seats()[1:] {
		s.Players = append(s.Players, Player{Seat: seat, Buildings: []string{}})
	}
	for _, b := range setup.Buildings {
		s.Stacks = append(s.Stacks, Stack{ID: b.ID, Left: b.Stack})
	}
	s.AI.Buildings = []string{}
	if setup.ForceDeck.Physical {
		s.AI.Force.Pile = setup.ForceDeck.Size
	} else {
		s.AI.Force.Order = slices.Clone(setup.ForceDeck.Order)
		s.AI.Force.Pile = len(s.AI.Force.Order)
	}
	if !setup.ActionDeck.Physical {
		s.AI.Actions.Order = slices.Clone(setup.ActionDeck.Order)
		s.AI.Actions.Pile = len(s.AI.Actions.Order)
	}
	if setup.Difficulty == Harder && setup.Players == 2 {
		s.AI.Loot = 1 // "Harder (2-players)": the AI starts with 1 Loot card
	}
	s.log("log.dc.setup", map[string]any{"Count": setup.Players, "DifficultyKey": "ui.dc.difficulty." + setup.Difficulty, "Tile": tileArg(setup.Dragon)})
	if s.AI.Loot > 0 {
		s.log("log.dc.loot_start", map[string]any{"Count": s.AI.Loot})
	}
	if setup.Players == 1 {
		id := "log.dc.objectives"
		switch setup.Difficulty {
		case Easier:
			id = "log.dc.objectives.easier"
		case Harder:
			id = "log.dc.objectives.harder"
		}
		s.log(id, map[string]any{"Count": Objectives})
	}
	return s
}

// Game is a Dragon Canyon game: the engine's game of its states with its
// setup (engine.SetupGame), and the helpers that make the app's draws for
// the next event. Its setup as the store keeps it has the virtual decks'
// first orders, so they are never drawn again; it refers to no content
// (the setup carries the decks itself).
type Game struct {
	*engine.SetupGame[State, Setup]
}

// kit is Dragon Canyon for the engine: how a setup becomes a game.
var kit = &engine.Kit[State, Setup]{
	Name:        ModuleName,
	Version:     StateVersion,
	Events:      Events,
	Rules:       func(s Setup) engine.Rules[State] { return rules{s} },
	Normalize:   Setup.Normalize,
	Validate:    Setup.Validate,
	Summary:     summary,
	Wrap:        func(g *engine.SetupGame[State, Setup]) engine.Play { return &Game{g} },
	Rulings:     Rulings,
	RuleOptions: RuleOptions,
	Ended:       ended,
}

// NewGame validates the setup and sets the table.
func NewGame(setup Setup) (*Game, error) { return engine.NewAs[*Game](kit, setup) }

// Resume rebuilds a game from its saved records and a snapshot, if any.
func Resume(setup Setup, records []engine.Record, snap *engine.Snapshot) (*Game, error) {
	return engine.ResumeAs[*Game](kit, setup, records, snap)
}

// summary is the saved-games line: the round, the AI's buildings, the end.
func summary(setup Setup, s *State) []engine.Message {
	out := []engine.Message{
		{ID: "ui.dc.summary.game", Args: map[string]any{"Count": setup.Players}},
		{ID: "ui.dc.summary.round", Args: map[string]any{"Round": s.RoundNow()}},
		{ID: "ui.dc.summary.buildings", Args: map[string]any{"Count": len(s.AI.Buildings)}},
	}
	if s.Result != nil {
		out = append(out, engine.Message{ID: summaryOver, Args: map[string]any{"AI": s.Result.AI, "SeatKey": seatKey(s.Result.Winner)}})
	}
	return out
}

// summaryOver is the summary's line of a game that has ended: who won.
const summaryOver = "ui.dc.summary.over"

// ended says whether a saved game's summary is that of a game that has
// ended (scored): the saved games offer it to look at, not to go on.
func ended(summary []engine.Message) bool {
	return slices.ContainsFunc(summary, func(m engine.Message) bool { return m.ID == summaryOver })
}

// module is Dragon Canyon for the engine's registry: what its kit gives
// (engine.KitModule) and its recap.
type module struct{ engine.KitModule[State, Setup] }

// Module is Dragon Canyon for the engine's registry.
var Module = module{kit.Module()}

func init() { engine.Register(Module) }

// NextFlip is the flip of a virtual action deck's top card, as an event
// (with the reshuffle when the pile has run out, and a Tribal Village's
// Force pile); nil for a physical deck or when nothing asks for a flip.
func (g *Game) NextFlip() *ActionFlipped {
	s := g.State()
	if g.Setup().ActionDeck.Physical || s.Pending.Head() == nil || s.Pending.Head().Kind != StepFlip {
		return nil
	}
	e := &ActionFlipped{}
	order := s.AI.Actions.Order
	if len(order) == 0 {
		e.Reshuffle = shuffled(g.Setup().Seed, s.Shuffles, s.AI.Actions.Discards)
		order = e.Reshuffle
	}
	if len(order) == 0 {
		return nil
	}
	i := order[0]
	card := g.Setup().ActionDeck.Cards[i]
	e.Index, e.Card = &i, &card
	if s.Pending.Head().Purpose == FlipPurchase && !g.Setup().ForceDeck.Physical && card.Building == "tribal_village" && s.buys(card) {
		n := s.Shuffles
		if len(e.Reshuffle) > 0 {
			n++
		}
		e.ForceOrder = shuffled(g.Setup().Seed, n, append(slices.Clone(s.AI.Force.Order), s.AI.Force.Discards...))
	}
	return e
}

// NextDraw is the draw of a virtual Force deck's top card, as an event;
// for a physical deck, the event that says the Conductor placed it.
func (g *Game) NextDraw() *ForceDrawn {
	s := g.State()
	if s.Pending.Head() == nil || s.Pending.Head().Kind != StepDraw {
		return nil
	}
	if g.Setup().ForceDeck.Physical {
		return &ForceDrawn{}
	}
	e := &ForceDrawn{}
	order := s.AI.Force.Order
	if len(order) == 0 {
		e.Reshuffle = shuffled(g.Setup().Seed, s.Shuffles, s.AI.Force.Discards)
		order = e.Reshuffle
	}
	if len(order) == 0 {
		return nil
	}
	i := order[0]
	e.Index = &i
	return e
}

// StrengthRoll is the seeded roll of the player's strength dice for the
// fight under way (one die, two on easier), for a table without dice.
func (g *Game) StrengthRoll() []int {
	n := 1
	if g.Setup().Difficulty == Easier {
		n = 2
	}
	return engine.D6s(g.Setup().Seed, len(g.Records())+1, n)
}
