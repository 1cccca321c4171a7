package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// cardSteps are the lines of a creature's activation card that come from
// "Maximize their potential" and the Leader's card ("The Artificial Dark
// Player", "General Behavior" and "Leader"):
//   - while a Leader is on the board, the other creatures block the ways
//     to it: the reminder is on their card when they act, never on the
//     Leader's own;
//   - which weapon it picks against the target's armour, on every type
//     whose behaviours.toml says weapon_choice;
//   - how it stands against area effects, on every type whose
//     behaviours.toml says area_positioning.
func cardSteps(s State, c Creature) []Prompt {
	var ps []Prompt
	step := func(id string) { ps = append(ps, Prompt{ID: id, Style: engine.StyleStep}) }
	if c.Level != LevelLeader && !s.LeaderGone && slices.ContainsFunc(s.Creatures, func(o Creature) bool { return o.Level == LevelLeader }) {
		step("behaviour.step.guard_leader")
	}
	t, _ := behaviourType(c.Type)
	if t.WeaponChoice {
		step("behaviour.step.weapon")
	}
	if t.AreaPositioning {
		step("behaviour.step.area")
	}
	return ps
}
