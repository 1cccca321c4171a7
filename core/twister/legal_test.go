package twister

import (
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Every registered event type has its gate (a new event cannot be left
// without legality), and the gates name only registered types.
func TestLegalityCoversEveryEvent(t *testing.T) {
	if ungated, unknown := legality.Ungated(Events); len(ungated)+len(unknown) > 0 {
		t.Errorf("event types with no gate %q; named in the gates but not registered %q", ungated, unknown)
	}
}

// Which event types apply at which moment, and the rule that says no.
func TestAllowedByMoment(t *testing.T) {
	quiet := State{}
	won := State{Winners: []int{1}}
	declaring := State{Combat: &Combat{Step: StepAttackerDeclares}}
	overridden := State{Combat: &Combat{Step: StepAttackerDeclares, Override: OverrideWeaponMaster}}
	reveal := State{Combat: &Combat{Step: StepReveal}}
	for _, c := range []struct {
		name string
		at   State
		typ  string
		rule string // "" when allowed
	}{
		{"won", won, "piece_placed", "rule.twister.over"},
		{"quiet", quiet, "room_revealed", ""},
		{"quiet", quiet, "piece_placed", ""},
		{"quiet", quiet, "character_died", ""},
		{"quiet", quiet, "combat_step", "rule.twister.no_combat"},
		{"quiet", quiet, "combat_declared", "rule.twister.no_combat"},
		{"quiet", quiet, "card_laying_overridden", "rule.twister.no_combat"},
		{"declaring", declaring, "combat_started", "rule.twister.combat_under_way"},
		{"declaring", declaring, "treasure_out", "rule.twister.combat_under_way"},
		{"declaring", declaring, "combat_declared", ""},
		{"declaring", declaring, "card_laying_overridden", ""},
		{"declaring", declaring, "combat_resolved", "rule.twister.resolve_early"},
		{"declaring", declaring, "character_died", "rule.twister.death_before_reveal"},
		{"overridden", overridden, "card_laying_overridden", "rule.twister.override_twice"},
		{"reveal", reveal, "combat_declared", "rule.twister.declare_late"},
		{"reveal", reveal, "card_laying_overridden", "rule.twister.override_late"},
		{"reveal", reveal, "combat_resolved", ""},
		{"reveal", reveal, "character_died", ""},
	} {
		t.Run(c.name+"/"+c.typ, func(t *testing.T) {
			err := allowed(&c.at, c.typ)
			if c.rule == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if re, ok := err.(*engine.RuleError); !ok || re.ID != c.rule {
				t.Fatalf("got %v, want %s", err, c.rule)
			}
		})
	}
}
