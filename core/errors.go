package core

import (
	"fmt"
	"sort"
	"strings"
)

// RuleError is an event rejected by a rule. ID is the message ID that names
// the rule; the UI translates it, the script prints it in English.
type RuleError struct {
	ID   string
	Args map[string]any
}

func (e *RuleError) Error() string { return formatID(e.ID, e.Args) }

func ruleError(id string, args map[string]any) *RuleError {
	return &RuleError{ID: id, Args: args}
}

// formatID renders a message ID with its arguments for logs and error values
// when no translation is at hand, e.g. "rule.reserve.insufficient (Amount=5, Reserve=3)".
func formatID(id string, args map[string]any) string {
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
