package dun

import "github.com/dunconductor/conductor/core/engine"

// The engine's vocabulary, as DUN code and tests use it.
type (
	Event       = engine.Event
	Record      = engine.Record
	Undo        = engine.Undo
	Rewind      = engine.Rewind
	Prompt      = engine.Prompt
	Choice      = engine.Choice
	RuleError   = engine.RuleError
	FieldError  = engine.FieldError
	SetupErrors = engine.SetupErrors
	Snapshot    = engine.Snapshot
)

func ruleError(id string, args map[string]any) *RuleError { return engine.Refuse(id, args) }
