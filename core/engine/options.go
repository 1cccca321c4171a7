package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
)

// RuleOption is one row of a game's rule options table: a choice the
// setup's "rules" makes between readings of the rules. The New game
// dialogs, the docs' checks and the tests read a game's table, so a new
// option is one row plus the code that reads it.
type RuleOption struct {
	// ID is its name in the setup's "rules" (JSON).
	ID string
	// Choices are a choice's values; a flag (true or false) has none.
	Choices []string
	// Default is a new game's value when its setup leaves the option out;
	// "" when the rest of the setup decides (the game's Normalize).
	Default string
	// Replay is the value a save whose setup lacks the option replays
	// with; "" when the rest of the setup decides.
	Replay string
	// Label is the message id of its caption in New game; a choice's
	// values are ChoiceLabel's.
	Label string
	// Ruling is the ruling whose readings it chooses between, or "".
	Ruling string
}

// Flag values, as OptionValue gives them and SetOption takes them.
const (
	OptionOn  = "true"
	OptionOff = "false"
)

// Flag says whether the option is on or off rather than a choice.
func (o RuleOption) Flag() bool { return len(o.Choices) == 0 }

// Values are the values the option may take: a flag's on and off, or a
// choice's values.
func (o RuleOption) Values() []string {
	if o.Flag() {
		return []string{OptionOff, OptionOn}
	}
	return o.Choices
}

// ChoiceLabel is the message id naming one of a choice's values.
func (o RuleOption) ChoiceLabel(value string) string { return o.Label + "." + value }

// RuleOptions is what a module implements when its setup has rule options:
// its table, in the order New game shows them.
type RuleOptions interface {
	RuleOptions() []RuleOption
}

// ModuleRuleOptions are a registered module's rule options, or nil.
func ModuleRuleOptions(name string) []RuleOption {
	m, ok := Lookup(name)
	if !ok {
		return nil
	}
	if r, ok := m.(RuleOptions); ok {
		return r.RuleOptions()
	}
	return nil
}

// OptionValue is option id's value in rules (a game's rules struct, or a
// pointer to one): OptionOn or OptionOff for a flag, a choice's value, or
// "" when rules leave it out.
func OptionValue(rules any, id string) string {
	m, err := optionMap(rules)
	if err != nil {
		return ""
	}
	switch v := m[id].(type) {
	case bool:
		if v {
			return OptionOn
		}
		return OptionOff
	case string:
		return v
	}
	return ""
}

// SetOption sets option o in rules (a pointer to a game's rules struct) to
// value, one of o.Values(); "" leaves it out (the setup decides).
func SetOption(rules any, o RuleOption, value string) error {
	m, err := optionMap(rules)
	if err != nil {
		return err
	}
	switch {
	case value == "":
		delete(m, o.ID)
	case !slices.Contains(o.Values(), value):
		return fmt.Errorf("rule option %s: %q is not one of %v", o.ID, value, o.Values())
	case o.Flag():
		m[o.ID] = value == OptionOn
	default:
		m[o.ID] = value
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	reflect.ValueOf(rules).Elem().SetZero() // what was left out stays out
	return json.Unmarshal(b, rules)
}

// optionMap is rules as its JSON object.
func optionMap(rules any) (map[string]any, error) {
	b, err := json.Marshal(rules)
	if err != nil {
		return nil, err
	}
	m := map[string]any{}
	return m, json.Unmarshal(b, &m)
}
