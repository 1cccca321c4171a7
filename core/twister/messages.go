package twister

import "github.com/dunconductor/conductor/core/engine"

// CombatMessage is what combat c's current step asks the table, in words:
// the combat card's step line, the same one its first prompt says.
func CombatMessage(setup Setup, c Combat) engine.Message {
	return engine.Message{ID: "prompt.twister.combat." + c.Step, Args: combatArgs(setup, c)}
}

// combatArgs are the names a combat's messages cite: both players, both
// characters, and the card override when one is laid.
func combatArgs(setup Setup, c Combat) map[string]any {
	args := map[string]any{"Attacker": setup.Name(c.Attacker), "Defender": setup.Name(c.Defender),
		"AttackerCharacter": c.AttackerCharacter, "DefenderCharacter": c.DefenderCharacter}
	if c.Override != "" {
		args["OverrideKey"] = "ui.twister.override." + c.Override
	}
	return args
}

// OverMessage says who won the game in state s; false while no one has.
func OverMessage(setup Setup, s State) (engine.Message, bool) {
	if len(s.Winners) == 0 {
		return engine.Message{}, false
	}
	names := make([]string, 0, len(s.Winners))
	for _, w := range s.Winners {
		names = append(names, setup.Name(w))
	}
	return engine.Message{ID: "prompt.twister.over", Args: map[string]any{"Names": joinNames(names), "Count": len(names)}}, true
}
