package twister

import "github.com/dunconductor/conductor/core/engine"

// Prompts say what the table does now: the combat's step with its
// reminders, or the placement order of the last room revealed.
func (g *Game) Prompts() []engine.Prompt { return prompts(g.Setup(), g.State()) }

// prompts are the prompts of state s of a game with setup: what the game
// says and the players' view cites (Public).
func prompts(setup Setup, s State) []engine.Prompt {
	if len(s.Winners) > 0 {
		var names []string
		for _, w := range s.Winners {
			names = append(names, setup.Name(w))
		}
		return []engine.Prompt{{ID: "prompt.twister.over", Args: map[string]any{"Names": joinNames(names), "Count": len(names)}}}
	}
	if s.Combat != nil {
		return combatPrompts(setup, *s.Combat)
	}
	var ps []engine.Prompt
	for i, st := range s.Placement {
		if i >= 2 && len(st.Items) == 0 {
			continue
		}
		// Every step cites the ruling it applies, a cursed item's step too.
		ps = append(ps, engine.Prompt{ID: "prompt.twister.place", Style: engine.StyleStep, Ruling: PlacementRuling(i),
			Args: map[string]any{"Index": i + 1, "Name": setup.Name(st.Placer), "Count": len(st.Items)}})
	}
	return append(ps, engine.Prompt{ID: "prompt.twister.table", Args: map[string]any{"Rooms": s.Rooms, "Combats": s.Combats}})
}

// combatPrompts are the combat's step, what it asks, and the reminders that
// apply at this step.
func combatPrompts(setup Setup, c Combat) []engine.Prompt {
	done := engine.Choice{ID: "choice.twister.step_done", Event: &CombatStep{}}
	if c.Step == StepReveal {
		done.ID = "choice.twister.combat_over"
	}
	args := map[string]any{"Attacker": setup.Name(c.Attacker), "Defender": setup.Name(c.Defender),
		"AttackerCharacter": c.AttackerCharacter, "DefenderCharacter": c.DefenderCharacter}
	if c.Override != "" {
		args["OverrideKey"] = "ui.twister.override." + c.Override
	}
	ps := []engine.Prompt{{ID: "prompt.twister.combat." + c.Step, Args: args, Choices: []engine.Choice{done}, Ruling: RulingCombatOrder}}
	remind := func(id, ruling string, choices ...engine.Choice) {
		ps = append(ps, engine.Prompt{ID: id, Args: args, Style: engine.StyleStep, Ruling: ruling, Choices: choices})
	}
	override := func() {
		if c.Override == "" {
			remind("prompt.twister.remind.override", RulingCardOverride,
				engine.Choice{ID: "choice.twister.weapon_master", Event: &CardLayingOverridden{By: OverrideWeaponMaster}},
				engine.Choice{ID: "choice.twister.scroll_of_confusion", Event: &CardLayingOverridden{By: OverrideScrollOfConfusion}})
		}
	}
	switch c.Step {
	case StepAttackerDeclares:
		remind("prompt.twister.remind.weapons_attack", RulingWeapons)
		remind("prompt.twister.remind.zero_ap", RulingZeroAPAnyTime)
		override()
	case StepDefenderDeclares:
		remind("prompt.twister.remind.armour_defend", RulingArmour)
		remind("prompt.twister.remind.zero_ap_defender", RulingZeroAPAnyTime)
		override()
	case StepAttackerCard, StepDefenderCard:
		remind("prompt.twister.remind.face_down", RulingCombatOrder)
	case StepOverride:
		remind("prompt.twister.remind.override_applies", RulingCardOverride)
	case StepReveal:
		remind("prompt.twister.remind.weapons_reveal", RulingWeapons)
		remind("prompt.twister.remind.armour_reveal", RulingArmour)
		remind("prompt.twister.remind.death", RulingDeathPoints)
	}
	return ps
}

// Prompt IDs built from the steps, listed so every one is translated.
var _ = []string{
	"prompt.twister.combat.attacker_declares", "prompt.twister.combat.defender_declares",
	"prompt.twister.combat.attacker_card", "prompt.twister.combat.defender_card",
	"prompt.twister.combat.override", "prompt.twister.combat.reveal",
}
