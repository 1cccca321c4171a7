package dragoncanyon

import "github.com/dunconductor/conductor/core/engine"

// event is one of the module's events: apply checks its own fields against
// s and changes s (the reducer's own deep copy: a refused event's changes
// are thrown away with it). Whether its type may apply now was asked first.
type event interface {
	engine.Event
	apply(s *State, c ctx) error
}

func refuse(id string, args map[string]any) error { return engine.Refuse(id, args) }

// Events are the module's event types, each registered beside its type.
var Events = engine.NewRegistry()
