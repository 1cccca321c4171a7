package core

import "fmt"

// Record is an accepted event with its place in the game's log (1-based).
type Record struct {
	Seq   int
	Event Event
}

// StateVersion names the shape and meaning of State. Bump it whenever either
// changes: cached snapshots of another version are then ignored, not trusted.
const StateVersion = 1

// SnapshotEvery is how many events that count pass between cached states.
const SnapshotEvery = 100

// Snapshot is a cached State after the first Effective events that still
// count, the last of which is LastSeq. It only saves replay time: a game can
// always be rebuilt from its setup and records.
type Snapshot struct {
	Version   int   `json:"version"`
	Effective int   `json:"effective"`
	LastSeq   int   `json:"last_seq"`
	State     State `json:"state"`
}

// Game is a setup, every accepted event, and the state they give.
type Game struct {
	setup   Setup
	records []Record
	history       // which records count (not undone, not rewound)
	base    State // trusted state after the first baseLen events of stack
	baseLen int
	state   State
}

// NewGame validates the setup and applies the ADP setup to the reserve.
func NewGame(setup Setup) (*Game, error) {
	setup = setup.Normalize()
	if err := setup.Validate(); err != nil {
		return nil, err
	}
	init := initialState(setup)
	return &Game{setup: setup, base: init, state: init.Clone()}, nil
}

// Resume rebuilds a game from its saved records, using the snapshot when it
// still matches the records (an undo may have gone behind it). A record that
// no longer applies is reported with its sequence number.
func Resume(setup Setup, records []Record, snap *Snapshot) (*Game, error) {
	g, err := NewGame(setup)
	if err != nil {
		return nil, err
	}
	for i, r := range records {
		if r.Seq != i+1 {
			return nil, fmt.Errorf("record %d has sequence number %d", i+1, r.Seq)
		}
		if err := g.history.step(i, r.Event); err != nil {
			return nil, fmt.Errorf("record %d: %w", r.Seq, err)
		}
	}
	g.records = records
	if snap != nil && snap.Version == StateVersion && snap.Effective > 0 && snap.Effective <= len(g.stack) &&
		records[g.stack[snap.Effective-1]].Seq == snap.LastSeq {
		g.base, g.baseLen = snap.State, snap.Effective
	}
	if err := g.rebuild(); err != nil {
		return nil, err
	}
	return g, nil
}

// Replay is the engine's definition of a game: the state after applying
// events in order to the setup. Any rejected event is an error.
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
	return g.state, nil
}

// Apply validates e against the current state. A legal event is recorded and
// the state moves on; an illegal one returns an error naming the rule and
// changes nothing.
func (g *Game) Apply(e Event) (Record, error) {
	seq := len(g.records) + 1
	switch e.(type) {
	case *Undo, *Rewind:
		if err := g.history.step(len(g.records), e); err != nil {
			return Record{}, err
		}
		if err := g.rebuild(); err != nil {
			return Record{}, err // cannot happen: every event on the stack applied before
		}
	default:
		next := g.state // handlers only append, so g.state is safe if e is rejected
		if err := applyEvent(&next, e, applyContext{seq: seq, setup: g.setup}); err != nil {
			return Record{}, err
		}
		g.state = next
		g.history.push(len(g.records))
	}
	r := Record{Seq: seq, Event: e}
	g.records = append(g.records, r)
	return r, nil
}

// applyEvent is the one way an event changes a state: a hint lasts only
// until the next event.
func applyEvent(s *State, e Event, c applyContext) error {
	s.Hint = nil
	return e.apply(s, c)
}

// rebuild replays the events that count from the trusted base.
func (g *Game) rebuild() error {
	if g.baseLen > len(g.stack) {
		g.base, g.baseLen = initialState(g.setup), 0
	}
	s := g.base.Clone()
	for _, i := range g.stack[g.baseLen:] {
		r := g.records[i]
		if err := applyEvent(&s, r.Event, applyContext{seq: r.Seq, setup: g.setup}); err != nil {
			return fmt.Errorf("record %d (%s) no longer applies: %w", r.Seq, r.Event.Type(), err)
		}
	}
	g.state = s
	return nil
}

// Setup is the game's normalized setup.
func (g *Game) Setup() Setup { return g.setup }

// State is the current state. Treat it as read-only.
func (g *Game) State() State { return g.state }

// Records are every accepted event, undos included.
func (g *Game) Records() []Record { return g.records }

// CanUndo says whether any event is left to take back.
func (g *Game) CanUndo() bool { return len(g.actions) > 0 }

// Position is where the record seq stands among the events that count (1 for
// the first), or 0 when it does not count: Rewind{To: Position(seq)} goes back
// to just after it.
func (g *Game) Position(seq int) int {
	for i, idx := range g.stack {
		if g.records[idx].Seq == seq {
			return i + 1
		}
	}
	return 0
}

// Effective is how many events currently count.
func (g *Game) Effective() int { return len(g.stack) }

// SnapshotDue says whether the state just reached is one to cache.
func (g *Game) SnapshotDue() bool {
	return len(g.stack) > 0 && len(g.stack)%SnapshotEvery == 0
}

// Snapshot caches the current state for a faster resume.
func (g *Game) Snapshot() Snapshot {
	s := Snapshot{Version: StateVersion, Effective: len(g.stack), State: g.state.Clone()}
	if len(g.stack) > 0 {
		s.LastSeq = g.records[g.stack[len(g.stack)-1]].Seq
	}
	return s
}

// RollDie makes the Die event for the pending roll with the game's seeded
// dice: a second face when the first misses and a re-roll is due. It returns
// nil when no roll is pending.
func (g *Game) RollDie() *Die {
	h := g.state.head()
	if h == nil || h.Kind != StepRoll {
		return nil
	}
	first := ScenarioSymbol(RollFaces(g.setup.Seed, g.state.Rolls, Scenario)[0])
	e := &Die{Faces: []Symbol{first}}
	if first != deckSymbol[h.Deck] && h.Reroll {
		e.Faces = append(e.Faces, ScenarioSymbol(RollFaces(g.setup.Seed, g.state.Rolls+1, Scenario)[0]))
	}
	return e
}

// SpawnRow is the seeded 1D6 for the Creature Spawn Table row of the
// pending spawn.
func (g *Game) SpawnRow() int { return RollFaces(g.setup.Seed, g.state.Rolls, D6)[0] }

// Roll makes the event for rolling d with the game's seeded dice. Applying it
// records the faces; until then nothing has changed.
func (g *Game) Roll(d Dice) *DiceRolled {
	return &DiceRolled{Dice: d, Faces: RollFaces(g.setup.Seed, g.state.Rolls, d)}
}

// Discard drops the last record, for a caller that could not save it, so
// the game goes back to exactly what is saved.
func (g *Game) Discard() error {
	if len(g.records) == 0 {
		return nil
	}
	prev, err := Resume(g.setup, g.records[:len(g.records)-1], nil)
	if err != nil {
		return err
	}
	*g = *prev
	return nil
}
