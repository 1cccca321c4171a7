package engine

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// RuleError is an event refused by a rule. ID is the message ID that names
// the rule; the UI translates it, a script prints it in English.
type RuleError struct {
	ID   string
	Args map[string]any
}

func (e *RuleError) Error() string { return FormatID(e.ID, e.Args) }

// Refuse is the error of an event that rule id does not allow.
func Refuse(id string, args map[string]any) *RuleError {
	return &RuleError{ID: id, Args: args}
}

// FormatID renders a message ID with its arguments for logs and error values
// when no translation is at hand, e.g. "rule.x (Amount=5, Reserve=3)".
func FormatID(id string, args map[string]any) string {
	if len(args) == 0 {
		return id
	}
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%v", k, args[k])
	}
	return id + " (" + strings.Join(parts, ", ") + ")"
}

// FieldError is one problem with a setup: which field, and the message ID
// (with arguments) that says what is wrong. The UI shows it beside the field.
type FieldError struct {
	Field string         `json:"field"`
	ID    string         `json:"id"`
	Args  map[string]any `json:"args,omitempty"`
}

func (e FieldError) Error() string { return FormatID(e.ID, e.Args) }

// SetupErrors lists every problem found in a setup, not only the first.
type SetupErrors []FieldError

func (es SetupErrors) Error() string {
	var b bytes.Buffer
	for i, e := range es {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s: %s", e.Field, e.Error())
	}
	return b.String()
}
