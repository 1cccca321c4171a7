package engine

import (
	"fmt"
	"slices"
	"sync"
)

// Module is one game the engine can run. It is registered once (cmd wires
// them) and found by name: a saved game carries its module's name.
type Module interface {
	// Name is the module's stable id ("dun"), saved with every game.
	Name() string
	// Events are the module's event types, for decoding saves and scripts.
	Events() *Registry
	// New starts a new game now from a setup as JSON and the content it
	// refers to (for DUN, the quest file; nil when none), with today's
	// defaults for what the setup leaves out. A setup that does not
	// validate returns SetupErrors, or a plain error for bad JSON.
	New(setup, content []byte) (Play, error)
	// Resume rebuilds a saved game exactly as its setup says (no new
	// defaults); snap may be nil or stale. With no records it is the game
	// as it began.
	Resume(setup, content []byte, records []Record, snap *Snapshot) (Play, error)
}

// Play is a running game of any module, as the store, the shell and the
// headless commands see it. A module's own UI asserts it to its game type.
type Play interface {
	Module() string
	// SetupJSON is the setup as it is saved, normalized; Content what it refers to.
	SetupJSON() ([]byte, error)
	Content() []byte
	Events() *Registry
	Apply(Event) (Record, error)
	Allowed(eventType string) error
	Check(Event) error
	Records() []Record
	CanUndo() bool
	CanRedo() bool
	// Undoes and Redoes are the records Undo and Redo would take back and
	// give back now (an event, or a rewind).
	Undoes() (Record, bool)
	Redoes() (Record, bool)
	Position(seq int) int
	Effective() int
	Log() []LogEntry
	Logged(seq int) []Message
	SnapshotDue() bool
	Snapshot() (Snapshot, error)
	Discard() error
	// Prompts say what happens next.
	Prompts() []Prompt
	// Summary describes the game in the saved-games list (for DUN: quest,
	// turn, reserve), as messages to translate.
	Summary() []Message
	// StateJSON is the current state as conductor script prints it.
	StateJSON() ([]byte, error)
}

var modules sync.Map // name → Module

// Register makes a module available by name. Registering the same name
// twice is a programming error.
func Register(m Module) {
	if _, dup := modules.LoadOrStore(m.Name(), m); dup {
		panic("engine: module registered twice: " + m.Name())
	}
}

// Lookup finds a registered module.
func Lookup(name string) (Module, bool) {
	m, ok := modules.Load(name)
	if !ok {
		return nil, false
	}
	return m.(Module), true
}

// Modules are the registered modules' names, sorted.
func Modules() []string {
	var names []string
	modules.Range(func(k, _ any) bool { names = append(names, k.(string)); return true })
	slices.Sort(names)
	return names
}

// UnknownModuleError is a game of a module this build does not have.
type UnknownModuleError struct{ Name string }

func (e *UnknownModuleError) Error() string {
	return fmt.Sprintf("unknown game %q", e.Name)
}

// Find is Lookup with an error for a module this build does not have.
func Find(name string) (Module, error) {
	if m, ok := Lookup(name); ok {
		return m, nil
	}
	return nil, &UnknownModuleError{Name: name}
}
