package engine

import (
	"encoding/json"
	"fmt"
)

// Kit is what a module tells the engine once about its games, S being its
// state and T its setup: from it come the module's game type (a struct
// embedding *SetupGame[S, T]) and the bodies of its Module's New, Resume and
// Fold, written once here instead of in every module.
type Kit[S, T any] struct {
	Name    string    // the module's name (Module.Name)
	Version int       // the state version, for snapshots
	Events  *Registry // the module's event types
	// Rules are one game's rules, built from its normalized, valid setup.
	Rules func(T) Rules[S]
	// Normalize fills what any setup leaves out; Validate lists every
	// problem of a normalized one (SetupErrors), or returns nil.
	Normalize func(T) T
	Validate  func(T) error
	// Fresh (optional) is what only a new game does, after Normalize and
	// before Validate: today's defaults for what its setup leaves out, and
	// what a new game must not be. A saved game resumes with exactly its
	// setup, so older saves replay as they were played.
	Fresh func(T) (T, error)
	// Content (optional) is what a game refers to besides its setup (DUN:
	// its quest and faction files), as the store keeps it; nil without it.
	// WithContent gives a decoded setup what Content kept.
	Content     func(T) []byte
	WithContent func(*T, []byte) error
	// Summary is the saved-games line of a game in state s.
	Summary func(T, *S) []Message
	// Wrap makes the module's game type of an engine game, for Module's
	// New and Resume (a module's UI asserts Play to it).
	Wrap func(*SetupGame[S, T]) Play
	// Rulings (optional) are the module's rulings, in the order to read
	// them: its Module's and its games' (engine.Rulings).
	Rulings []Ruling
	// RuleOptions (optional) are the module's rule options table, in the
	// order New game shows them (RuleOption).
	RuleOptions []RuleOption
	// Ended (optional) says from a saved game's summary that the game has
	// ended: the saved games offer it to look at, not to go on.
	Ended func(summary []Message) bool
}

// KitModule is the Module a Kit gives (Kit.Module): its name and events,
// New, Resume, Fold (Folding), its rulings (Rulings) and whether a saved
// game has ended. A module registers it as it is, or embeds it in its own
// type to say more (a recap, its content's checks).
type KitModule[S, T any] struct{ kit *Kit[S, T] }

// Module is the module this kit makes, for engine.Register.
func (k *Kit[S, T]) Module() KitModule[S, T] { return KitModule[S, T]{k} }

// Name is the module's name.
func (m KitModule[S, T]) Name() string { return m.kit.Name }

// Events are the module's event types.
func (m KitModule[S, T]) Events() *Registry { return m.kit.Events }

// New starts a game from a setup's JSON and its content (Kit.NewPlay).
func (m KitModule[S, T]) New(setup, content []byte) (Play, error) {
	return m.kit.NewPlay(setup, content)
}

// Resume rebuilds a saved game (Kit.ResumePlay).
func (m KitModule[S, T]) Resume(setup, content []byte, records []Record, snap *Snapshot) (Play, error) {
	return m.kit.ResumePlay(setup, content, records, snap)
}

// Fold replays a saved game's records one by one, holding none (Kit.Fold):
// the store's import of a long game.
func (m KitModule[S, T]) Fold(setup, content []byte, fetch func(seq int) (Event, error)) (Folder, error) {
	return m.kit.Fold(setup, content, fetch)
}

// Rulings are the module's rulings (Kit.Rulings), nil when it has none.
func (m KitModule[S, T]) Rulings() []Ruling { return m.kit.Rulings }

// RuleOptions are the module's rule options (Kit.RuleOptions), nil when it
// has none.
func (m KitModule[S, T]) RuleOptions() []RuleOption { return m.kit.RuleOptions }

// Ended says whether a saved game with that summary has ended (false when
// the kit does not say).
func (m KitModule[S, T]) Ended(summary []Message) bool {
	return m.kit.Ended != nil && m.kit.Ended(summary)
}

// NewAs is k.New as the module's own game type G, the type k.Wrap makes: a
// module's typed NewGame is one line,
//
//	func NewGame(setup Setup) (*Game, error) { return engine.NewAs[*Game](kit, setup) }
func NewAs[G Play, S, T any](k *Kit[S, T], setup T) (G, error) {
	return as[G](k)(k.New(setup))
}

// ResumeAs is k.Resume as the module's own game type G (see NewAs).
func ResumeAs[G Play, S, T any](k *Kit[S, T], setup T, records []Record, snap *Snapshot) (G, error) {
	return as[G](k)(k.Resume(setup, records, snap))
}

// as wraps a kit's game as G, or passes its error on with a zero G (no
// typed nil behind an error).
func as[G Play, S, T any](k *Kit[S, T]) func(*SetupGame[S, T], error) (G, error) {
	return func(g *SetupGame[S, T], err error) (G, error) {
		var zero G
		if err != nil {
			return zero, err
		}
		return k.Wrap(g).(G), nil
	}
}

// SetupGame is a game with the setup it was built from: what every module's
// game type embeds. It gives Play's Module, SetupJSON, Content, Events,
// Summary and StateJSON; the module adds its prompts and its own helpers.
type SetupGame[S, T any] struct {
	*Game[S]
	kit   *Kit[S, T]
	setup T
}

// New starts a game now from a setup, with today's defaults (Fresh) for
// what it leaves out. A setup that does not validate returns its errors.
func (k *Kit[S, T]) New(setup T) (*SetupGame[S, T], error) {
	setup = k.Normalize(setup)
	if k.Fresh != nil {
		var err error
		if setup, err = k.Fresh(setup); err != nil {
			return nil, err
		}
	}
	if err := k.Validate(setup); err != nil {
		return nil, err
	}
	return &SetupGame[S, T]{Game: New(k.Rules(setup), k.Version), kit: k, setup: setup}, nil
}

// Resume rebuilds a game from its saved records and a snapshot, if any,
// exactly as its setup says (no new defaults).
func (k *Kit[S, T]) Resume(setup T, records []Record, snap *Snapshot) (*SetupGame[S, T], error) {
	setup, err := k.saved(setup)
	if err != nil {
		return nil, err
	}
	g, err := Resume(k.Rules(setup), k.Version, records, snap)
	if err != nil {
		return nil, err
	}
	return &SetupGame[S, T]{Game: g, kit: k, setup: setup}, nil
}

// saved is a saved game's setup, normalized and checked.
func (k *Kit[S, T]) saved(setup T) (T, error) {
	setup = k.Normalize(setup)
	if err := k.Validate(setup); err != nil {
		return setup, err
	}
	return setup, nil
}

// Decode reads a setup's JSON strictly (DecodeStrict) and gives it the
// content it refers to.
func (k *Kit[S, T]) Decode(setup, content []byte) (T, error) {
	s, err := DecodeStrict[T](setup)
	if err != nil {
		return s, fmt.Errorf("setup: %w", err)
	}
	if k.WithContent != nil {
		if err := k.WithContent(&s, content); err != nil {
			var zero T
			return zero, err
		}
	}
	return s, nil
}

// NewPlay is Module.New: a new game from a setup's JSON and its content.
func (k *Kit[S, T]) NewPlay(setup, content []byte) (Play, error) {
	s, err := k.Decode(setup, content)
	if err != nil {
		return nil, err
	}
	g, err := k.New(s)
	if err != nil {
		return nil, err
	}
	return k.Wrap(g), nil
}

// ResumePlay is Module.Resume: a saved game from its setup's JSON, its
// content, its records and a snapshot, if any.
func (k *Kit[S, T]) ResumePlay(setup, content []byte, records []Record, snap *Snapshot) (Play, error) {
	s, err := k.Decode(setup, content)
	if err != nil {
		return nil, err
	}
	g, err := k.Resume(s, records, snap)
	if err != nil {
		return nil, err
	}
	return k.Wrap(g), nil
}

// Fold is Folding.Fold: the saved setup, decoded and checked exactly as
// Resume does it, replayed record by record without holding the records.
func (k *Kit[S, T]) Fold(setup, content []byte, fetch func(seq int) (Event, error)) (Folder, error) {
	s, err := k.Decode(setup, content)
	if err != nil {
		return nil, err
	}
	if s, err = k.saved(s); err != nil {
		return nil, err
	}
	return NewFold(k.Rules(s), k.Version, fetch, func(st *S) []Message { return k.Summary(s, st) }), nil
}

// Setup is the game's normalized setup.
func (g *SetupGame[S, T]) Setup() T { return g.setup }

// Module is the module's name.
func (g *SetupGame[S, T]) Module() string { return g.kit.Name }

// SetupJSON is the setup as the store keeps it.
func (g *SetupGame[S, T]) SetupJSON() ([]byte, error) { return json.Marshal(g.setup) }

// Content is what the game refers to besides its setup, or nil.
func (g *SetupGame[S, T]) Content() []byte {
	if g.kit.Content == nil {
		return nil
	}
	return g.kit.Content(g.setup)
}

// Events are the module's event types.
func (g *SetupGame[S, T]) Events() *Registry { return g.kit.Events }

// Rulings are the module's rulings (Kit.Rulings), nil when it has none.
func (g *SetupGame[S, T]) Rulings() []Ruling { return g.kit.Rulings }

// Summary is what the saved-games list shows of the game.
func (g *SetupGame[S, T]) Summary() []Message {
	s := g.State()
	return g.kit.Summary(g.setup, &s)
}

// StateJSON is the state as conductor script prints it.
func (g *SetupGame[S, T]) StateJSON() ([]byte, error) { return json.Marshal(g.State()) }
