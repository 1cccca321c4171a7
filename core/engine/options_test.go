package engine

import "testing"

// A game's rules as the table sees them: a flag whose absence is on, a
// plain flag and a choice.
type sampleRules struct {
	Harder *bool  `json:"harder,omitempty"`
	Fix    bool   `json:"fix,omitempty"`
	Order  string `json:"order,omitempty"`
	Other  int    `json:"other,omitempty"`
}

func TestSetOptionAndOptionValue(t *testing.T) {
	harder := RuleOption{ID: "harder", Default: OptionOn}
	fix := RuleOption{ID: "fix", Default: OptionOff}
	order := RuleOption{ID: "order", Choices: []string{"a", "b"}, Default: "a"}
	cases := []struct {
		name   string
		opt    RuleOption
		value  string
		want   string // OptionValue after SetOption
		refuse bool
	}{
		{"a *bool flag set off stays given", harder, OptionOff, OptionOff, false},
		{"a *bool flag set on", harder, OptionOn, OptionOn, false},
		{"a *bool flag left out", harder, "", "", false},
		{"a plain flag on", fix, OptionOn, OptionOn, false},
		{"a plain flag off is left out (omitempty)", fix, OptionOff, "", false},
		{"a choice's value", order, "b", "b", false},
		{"a choice left out", order, "", "", false},
		{"a value the choice lacks is refused", order, "c", "a", true},
		{"a flag takes only on and off", fix, "yes", OptionOn, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			on := true
			r := sampleRules{Harder: &on, Fix: true, Order: "a", Other: 7}
			err := SetOption(&r, c.opt, c.value)
			if (err != nil) != c.refuse {
				t.Fatalf("error %v, refuse %v", err, c.refuse)
			}
			if got := OptionValue(r, c.opt.ID); got != c.want {
				t.Errorf("value %q, want %q", got, c.want)
			}
			if r.Other != 7 {
				t.Errorf("another field changed: %d", r.Other)
			}
		})
	}
}

func TestRuleOptionValues(t *testing.T) {
	flag := RuleOption{ID: "f", Label: "ui.f"}
	choice := RuleOption{ID: "c", Label: "ui.c", Choices: []string{"x", "y"}}
	if !flag.Flag() || choice.Flag() {
		t.Fatal("a flag is an option without choices")
	}
	if v := flag.Values(); len(v) != 2 || v[0] != OptionOff || v[1] != OptionOn {
		t.Errorf("flag values %v", v)
	}
	if got := choice.ChoiceLabel("y"); got != "ui.c.y" {
		t.Errorf("choice label %q", got)
	}
}
