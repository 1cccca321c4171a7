package dun

import (
	"fmt"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
)

// ModuleName is DUN's name in saves and scripts.
const ModuleName = "dun"

// StateVersion names the shape and meaning of State. Bump it whenever either
// changes: cached snapshots of another version are then ignored, not trusted.
// 2: the log left the state. 3: the party, factions, the due step, the
// quest's end, random picks and the read-aloud order joined it. 4: shut exits.
// 5: the ledger keeps only the newest LedgerKept lines. 6: the due
// Initiative's situation and arrivals (table flow). 7: sections a quest unlocked.
// 8: the Leader gone, and the texts to read aloud now. 9: the heroes'
// distance to the enemies (enemies_near); doors and chests declared,
// broken down, trapped, and the safe-zone rolls (doors.go). 10: a door
// broken at once counts one turn (door_turns), not the last door's.
const StateVersion = 10

// event is a DUN event: apply validates its fields against s and, only if
// it is legal, changes s. Whether its type may apply now at all is asked
// first (allowed), so apply does not ask again.
type event interface {
	Event
	apply(s *State, c applyContext) error
}

type applyContext struct {
	seq   int
	setup *Setup // the game's: never written
}

// Events are DUN's event types, each registered beside its type.
var Events = engine.NewRegistry()

// EncodeEvent and DecodeEvent are the engine's codec with DUN's registry.
func EncodeEvent(e Event) ([]byte, error)    { return engine.Encode(e) }
func DecodeEvent(data []byte) (Event, error) { return Events.Decode(data) }

// rules are one game's DUN rules for the engine. logged is the array an
// event's log is written into, again for every event: the engine copies
// the log Apply returns before it applies another.
type rules struct {
	setup  Setup
	logged []engine.Message
	// inPlace says the last event applied wrote into an array its state
	// owns (State.flags): the state before it no longer holds what it held.
	inPlace bool
}

func (r *rules) Init() (State, []engine.Message) {
	s := initialState(r.setup)
	return s, s.takeLog()
}

func (r *rules) Allowed(s *State, t string) error { return allowed(s, &r.setup, t) }

func (r *rules) Events() *engine.Registry { return Events }

func (r *rules) Apply(s *State, e Event, seq int) ([]engine.Message, error) {
	de, ok := e.(event)
	if !ok {
		return nil, fmt.Errorf("not a DUN event: %s", e.Type())
	}
	s.Hint = nil // a hint lasts only until the next event
	s.logged = r.logged[:0]
	s.inPlace = false
	read := len(s.ReadAloud)
	if err := de.apply(s, applyContext{seq: seq, setup: &r.setup}); err != nil {
		s.logged = nil
		return nil, err
	}
	s.reading(e, read)
	s.Due = dueStep(s, &r.setup)
	r.logged = s.takeLog()
	r.inPlace, s.inPlace = s.inPlace, false
	return r.logged, nil
}

func (r *rules) Clone(s *State) State { return s.Clone() }

// Consistent is engine.Checked: a snapshot's reserve must agree with its ledger.
func (r *rules) Consistent(s *State) error { return checkLedger(s) }

// Game is a DUN game: the engine's game of DUN states with its setup
// (engine.SetupGame), and the helpers that roll the app's dice for the next
// event.
type Game struct {
	*engine.SetupGame[State, Setup]
}

// kit is DUN for the engine: how a setup becomes a game.
var kit = &engine.Kit[State, Setup]{
	Name:      ModuleName,
	Version:   StateVersion,
	Events:    Events,
	Rules:     func(s Setup) engine.Rules[State] { return &rules{setup: s} }, // by pointer: a Setup is not copied for every event
	Normalize: Setup.Normalize,
	Validate:  Setup.Validate,
	// A new game gets today's defaults for what its setup leaves out (the
	// due steps rule; the quest's Leader VP); they are saved with it.
	Fresh: func(s Setup) (Setup, error) {
		s = s.newGameDefaults()
		return s, s.validateNew()
	},
	Content:     encodeContent,
	WithContent: decodeContent,
	Summary:     summary,
	Wrap:        func(g *engine.SetupGame[State, Setup]) engine.Play { return &Game{g} },
	Rulings:     Rulings,
	RuleOptions: RuleOptions,
	Ended:       ended,
}

// NewGame validates the setup and applies the ADP setup to the reserve.
//
// A new game gets today's defaults for what its setup leaves out (the due
// steps rule; the quest's Leader VP); they are saved with it. A saved game
// resumes with exactly its setup, so older saves replay as they were played.
func NewGame(setup Setup) (*Game, error) { return engine.NewAs[*Game](kit, setup) }

// Resume rebuilds a game from its saved records and a snapshot, if any.
func Resume(setup Setup, records []Record, snap *Snapshot) (*Game, error) {
	return engine.ResumeAs[*Game](kit, setup, records, snap)
}

// Replay is the state after applying events in order to the setup. Any
// refused event is an error.
func Replay(setup Setup, events []Event) (State, error) {
	g, err := NewGame(setup)
	if err != nil {
		return State{}, err
	}
	for i, e := range events {
		if _, err := g.Apply(e); err != nil {
			return State{}, fmt.Errorf("event %d (%s): %w", i+1, e.Type(), err)
		}
	}
	return g.State(), nil
}

func summary(setup Setup, s *State) []engine.Message {
	out := []engine.Message{{ID: "summary.free_play"}}
	if q := setup.QuestData; q != nil {
		out[0] = engine.Message{ID: "summary.quest", Args: map[string]any{"QuestText": map[string]string(q.Title)}}
	}
	return append(append(out,
		engine.Message{ID: "summary.turn", Args: map[string]any{"Turn": s.Turn}},
		engine.Message{ID: "summary.reserve", Args: map[string]any{"Reserve": s.Reserve}}), endingSummary(s)...)
}

// module is DUN for the engine's registry: what its kit gives
// (engine.KitModule) and DUN's own: its content's and party's checks, the
// recap.
type module struct{ engine.KitModule[State, Setup] }

// Module is DUN for the engine's registry.
var Module = module{kit.Module()}

func init() { engine.Register(Module) }

// RollDie makes the Die event for the pending roll with the game's seeded
// dice: a second face when the first misses and a re-roll is due. It returns
// nil when no roll is pending.
func (g *Game) RollDie() *Die {
	s := g.State()
	h := s.Pending.Head()
	if h == nil || h.Kind != StepRoll {
		return nil
	}
	first := dice.ScenarioSymbol(dice.RollFaces(g.Setup().Seed, s.Rolls, dice.Scenario)[0])
	e := &Die{Faces: []dice.Symbol{first}}
	if h.NeedsSecondFace(first) {
		e.Faces = append(e.Faces, dice.ScenarioSymbol(dice.RollFaces(g.Setup().Seed, s.Rolls+1, dice.Scenario)[0]))
	}
	return e
}

// SpawnRow is the seeded 1D6 for the Creature Spawn Table row of the
// pending spawn.
func (g *Game) SpawnRow() int { return dice.RollFaces(g.Setup().Seed, g.State().Rolls, dice.D6)[0] }

// Roll makes the event for rolling d with the game's seeded dice. Applying it
// records the faces; until then nothing has changed.
func (g *Game) Roll(d dice.Kind) *DiceRolled {
	return &DiceRolled{Dice: d, Faces: dice.RollFaces(g.Setup().Seed, g.State().Rolls, d)}
}
