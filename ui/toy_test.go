package ui

import (
	"fmt"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// The toy is a game of no game's rules, for the shell's tests: a count that
// steps add to, turns, marks that put a hint and a checklist on the card,
// and an end after which only Undo applies. It is a module like any other
// (engine.Kit), saved and loaded by the stores, so what the shell's tests
// prove holds for every game, not for DUN.
//
// Its messages are not translated: an unknown message ID renders as itself,
// so its IDs are its texts ("Added 2: count 32").
const toyName = "toy"

// toySetup is where the count starts, and how many checklist items the
// card shows from the start (a card taller than a small window).
type toySetup struct {
	Count int `json:"count"`
	Marks int `json:"marks,omitempty"`
}

type toyState struct {
	Turn  int  `json:"turn"`
	Count int  `json:"count"`
	Marks int  `json:"marks"`
	Over  bool `json:"over"`
}

// ToyTurn starts the next turn.
type ToyTurn struct{}

func (*ToyTurn) Type() string { return "toy_turn" }

// ToyAdd adds By to the count, which never goes below 0.
type ToyAdd struct {
	By int `json:"by"`
}

func (*ToyAdd) Type() string { return "toy_add" }

// ToyMark puts one more checklist item, and a hint, on the card.
type ToyMark struct{}

func (*ToyMark) Type() string { return "toy_mark" }

// ToyEnd ends the game.
type ToyEnd struct{}

func (*ToyEnd) Type() string { return "toy_end" }

var toyEvents = engine.NewRegistry(
	func() engine.Event { return &ToyTurn{} },
	func() engine.Event { return &ToyAdd{} },
	func() engine.Event { return &ToyMark{} },
	func() engine.Event { return &ToyEnd{} },
)

type toyRules struct{ setup toySetup }

func (r toyRules) Init() (toyState, []engine.Message) {
	return toyState{Count: r.setup.Count, Marks: r.setup.Marks}, []engine.Message{{ID: fmt.Sprintf("The count starts at %d", r.setup.Count)}}
}

func (toyRules) Events() *engine.Registry { return toyEvents }

func (toyRules) Allowed(s *toyState, _ string) error {
	if s.Over {
		return engine.Refuse("The game is over", nil)
	}
	return nil
}

func (toyRules) Apply(s *toyState, e engine.Event, _ int) ([]engine.Message, error) {
	switch e := e.(type) {
	case *ToyTurn:
		s.Turn++
		return []engine.Message{{ID: fmt.Sprintf("Turn %d", s.Turn)}}, nil
	case *ToyAdd:
		if e.By == 0 || s.Count+e.By < 0 || e.By > 1000 {
			return nil, engine.Refuse(fmt.Sprintf("The count cannot be %d", s.Count+e.By), nil)
		}
		s.Count += e.By
		return []engine.Message{{ID: fmt.Sprintf("Added %d: count %d", e.By, s.Count)}}, nil
	case *ToyMark:
		s.Marks++
		return []engine.Message{{ID: fmt.Sprintf("Mark %d", s.Marks)}}, nil
	case *ToyEnd:
		s.Over = true
		return []engine.Message{{ID: "The game is over"}}, nil
	}
	return nil, fmt.Errorf("not a toy event: %s", e.Type())
}

func (toyRules) Clone(s *toyState) toyState { return *s }

var toyKit = &engine.Kit[toyState, toySetup]{
	Name:      toyName,
	Version:   1,
	Events:    toyEvents,
	Rules:     func(s toySetup) engine.Rules[toyState] { return toyRules{s} },
	Normalize: func(s toySetup) toySetup { return s },
	Validate: func(s toySetup) error {
		if s.Count < 0 || s.Marks < 0 {
			return engine.SetupErrors{{Field: "count", ID: "The count and the marks are never below 0"}}
		}
		return nil
	},
	Summary: func(_ toySetup, s *toyState) []engine.Message {
		return []engine.Message{{ID: fmt.Sprintf("Turn %d", s.Turn)}, {ID: fmt.Sprintf("Count %d", s.Count)}}
	},
	Wrap: func(g *engine.SetupGame[toyState, toySetup]) engine.Play { return &toyGame{g} },
}

// toyGame is a game of the toy.
type toyGame struct {
	*engine.SetupGame[toyState, toySetup]
}

// Prompts: the end; or the marks' hint and checklist, then the turn with
// the count and the next turn as its choice.
func (g *toyGame) Prompts() []engine.Prompt {
	s := g.State()
	if s.Over {
		return []engine.Prompt{{ID: "The game is over"}}
	}
	var ps []engine.Prompt
	if s.Marks > 0 {
		ps = append(ps, engine.Prompt{ID: "Mark the board", Style: engine.StyleHint})
	}
	for i := range s.Marks {
		ps = append(ps, engine.Prompt{ID: fmt.Sprintf("Check %d", i+1), Style: engine.StyleStep})
	}
	return append(ps, engine.Prompt{ID: fmt.Sprintf("Turn %d, count %d", s.Turn, s.Count),
		Choices: []engine.Choice{{ID: fmt.Sprintf("Start turn %d", s.Turn+1), Event: &ToyTurn{}}}})
}

// toyModule is the toy for the engine's registry (TestMain registers it).
type toyModule struct{}

func (toyModule) Name() string             { return toyName }
func (toyModule) Events() *engine.Registry { return toyEvents }
func (toyModule) New(setup, content []byte) (engine.Play, error) {
	return toyKit.NewPlay(setup, content)
}
func (toyModule) Resume(setup, content []byte, records []engine.Record, snap *engine.Snapshot) (engine.Play, error) {
	return toyKit.ResumePlay(setup, content, records, snap)
}
func (toyModule) Fold(setup, content []byte, fetch func(int) (engine.Event, error)) (engine.Folder, error) {
	return toyKit.Fold(setup, content, fetch)
}

// newToy is a new toy game of setup.
func newToy(t testing.TB, setup toySetup) *toyGame {
	t.Helper()
	g, err := toyKit.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return &toyGame{g}
}
