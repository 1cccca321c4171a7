package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// RuleOptionInputs are a game's rule options in its New game dialog, one
// input per row of the game's table (engine.RuleOption): a tick for a
// flag, a caption and its values as radio buttons for a choice. A row the
// Conductor has not touched and whose default the rest of the setup
// decides follows the setup (Follow) and is left out of the rules (Apply).
type RuleOptionInputs struct {
	Content *fyne.Container
	rows    []engine.RuleOption
	checks  map[string]*WrapCheck
	radios  map[string]*widget.RadioGroup
	touched map[string]bool
	loading bool // values set by code, not by the Conductor
}

// NewRuleOptionInputs makes the inputs of rows, each at its default;
// changed (may be nil) is told of every change the Conductor makes.
func NewRuleOptionInputs(tr *translations.Translator, rows []engine.RuleOption, changed func()) *RuleOptionInputs {
	in := &RuleOptionInputs{Content: container.NewVBox(), rows: rows,
		checks: map[string]*WrapCheck{}, radios: map[string]*widget.RadioGroup{}, touched: map[string]bool{}}
	for _, o := range rows {
		touch := func() {
			if !in.loading {
				in.touched[o.ID] = true
				if changed != nil {
					changed()
				}
			}
		}
		if o.Flag() {
			c := NewWrapCheck(tr.T(o.Label, nil), func(bool) { touch() })
			in.checks[o.ID] = c
			in.Content.Add(c)
			continue
		}
		var labels []string
		for _, v := range o.Choices {
			labels = append(labels, tr.T(o.ChoiceLabel(v), nil))
		}
		r := widget.NewRadioGroup(labels, func(string) { touch() })
		r.Required = true
		in.radios[o.ID] = r
		in.Content.Add(container.NewVBox(Wrapped(tr.T(o.Label, nil), widget.MediumImportance), r))
	}
	for _, o := range rows {
		in.set(o, o.Default)
	}
	return in
}

// set shows value on o's input without counting it as the Conductor's.
func (in *RuleOptionInputs) set(o engine.RuleOption, value string) {
	in.loading = true
	defer func() { in.loading = false }()
	if c, ok := in.checks[o.ID]; ok {
		c.SetChecked(value == engine.OptionOn)
		return
	}
	if i := slices.Index(o.Choices, value); i >= 0 {
		r := in.radios[o.ID]
		r.SetSelected(r.Options[i])
	}
}

// Value is what o's input shows: a flag's on or off, a choice's value.
func (in *RuleOptionInputs) Value(id string) string {
	for _, o := range in.rows {
		switch {
		case o.ID != id:
		case o.Flag():
			if in.checks[id].Checked {
				return engine.OptionOn
			}
			return engine.OptionOff
		default:
			if i := slices.Index(in.radios[id].Options, in.radios[id].Selected); i >= 0 {
				return o.Choices[i]
			}
		}
	}
	return ""
}

// Follow shows what rules (a setup's rules as the game normalizes them)
// give for each row the Conductor has not touched whose default the setup
// decides.
func (in *RuleOptionInputs) Follow(rules any) {
	for _, o := range in.rows {
		if o.Default == "" && !in.touched[o.ID] {
			if v := engine.OptionValue(rules, o.ID); v != "" {
				in.set(o, v)
			}
		}
	}
}

// Apply writes every row into rules (a pointer to the game's rules): what
// its input shows, or nothing for one the setup decides and the Conductor
// left alone.
func (in *RuleOptionInputs) Apply(rules any) error {
	for _, o := range in.rows {
		v := in.Value(o.ID)
		if o.Default == "" && !in.touched[o.ID] {
			v = ""
		}
		if err := engine.SetOption(rules, o, v); err != nil {
			return err
		}
	}
	return nil
}

// Values are what the Conductor chose, by option id, to carry across a
// rebuilt dialog (a language switch); SetValues puts them back.
func (in *RuleOptionInputs) Values() map[string]string {
	out := map[string]string{}
	for _, o := range in.rows {
		if in.touched[o.ID] || o.Default != "" {
			out[o.ID] = in.Value(o.ID)
		}
	}
	return out
}

// SetValues shows values (from Values) as the Conductor's choices.
func (in *RuleOptionInputs) SetValues(values map[string]string) {
	for _, o := range in.rows {
		if v, ok := values[o.ID]; ok {
			in.set(o, v)
			in.touched[o.ID] = true
		}
	}
}

// Enable lets the Conductor change the option with id, or not.
func (in *RuleOptionInputs) Enable(id string, on bool) {
	var w fyne.Disableable
	if c, ok := in.checks[id]; ok {
		w = c
	} else if r, ok := in.radios[id]; ok {
		w = r
	} else {
		return
	}
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}

// Input is the widget of the option with id (a *WrapCheck or a
// *widget.RadioGroup), nil when there is none: for the tests that every
// row is shown.
func (in *RuleOptionInputs) Input(id string) fyne.CanvasObject {
	if c, ok := in.checks[id]; ok {
		return c
	}
	if r, ok := in.radios[id]; ok {
		return r
	}
	return nil
}
