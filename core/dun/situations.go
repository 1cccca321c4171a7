package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/actions"
)

// The table's situations on a hero's test ("The Turn, Movement and
// Exploring Actions": ACTIVATION AND ACTIONS, GREAT JUMPS, CLIMBING, PITS,
// RUNNING): the catalogue is actions.Situations; here the game offers
// them, refuses what they forbid and works out their modifier.

// SituationsFor are the situations the table may tick on action now (""
// a plain test), in the catalogue's order: line of sight only in combat.
func SituationsFor(s State, setup Setup, action string) []actions.Situation {
	info := actionInfo(action)
	var out []actions.Situation
	for _, sit := range actions.Situations {
		if sit.AppliesTo(info) && (!sit.Combat || inCombat(s, setup)) {
			out = append(out, sit)
		}
	}
	return out
}

// actionInfo is the action's catalogue entry (a plain test for "" or an
// unknown one).
func actionInfo(action string) actions.Info {
	if info, ok := actions.Find(action); ok {
		return info
	}
	return actions.Info{Kind: actions.KindTest}
}

// ActionAllowed says whether action may be taken now with the situations
// ticked: nil, or the refusal with its reason. The action panel asks it
// on every tick; a test event is refused with the same reason.
func ActionAllowed(s State, setup Setup, action string, situations []string) error {
	_, err := situational(&s, &setup, actionInfo(action), situations)
	return err
}

// situational checks the situations ticked on a test of info and returns
// their modifier: each one known, offered for it now and ticked once; an
// action the melee range forbids is refused; in combat an exploration
// action needs no enemy seeing the hero.
func situational(s *State, setup *Setup, info actions.Info, situations []string) (int, error) {
	var offered []actions.Situation
	if len(situations) > 0 {
		offered = SituationsFor(*s, *setup, info.ID)
	}
	mod := 0
	for i, id := range situations {
		sit, ok := actions.FindSituation(id)
		if !ok {
			return 0, ruleError("rule.situation.unknown", map[string]any{"Situation": id})
		}
		if slices.Contains(situations[:i], id) {
			return 0, ruleError("rule.situation.twice", map[string]any{"SituationKey": "situation." + id})
		}
		if !slices.ContainsFunc(offered, func(o actions.Situation) bool { return o.ID == id }) {
			return 0, ruleError("rule.situation.not_here", map[string]any{"SituationKey": "situation." + id, "ActionKey": actionKey(info)})
		}
		if sit.Forbids && !slices.Contains(sit.Allows, info.ID) {
			// "Heroes can't perform any actions while within one enemy's melee range".
			return 0, ruleError("rule.situation.melee_range", map[string]any{"ActionKey": actionKey(info)})
		}
		mod += sit.Modifier
	}
	if info.Exploration && inCombat(*s, *setup) && !slices.Contains(situations, actions.NoLineOfSight) {
		// "Heroes can't perform EXPLORATION ACTIONS during a combat turn
		// except in those cases in which enemies have no LoS to them."
		return 0, ruleError("rule.situation.combat_exploration", map[string]any{"ActionKey": actionKey(info)})
	}
	return mod, nil
}

// actionKey is the message ID of a test's action, for a refusal.
func actionKey(info actions.Info) string {
	if info.ID == "" {
		return "ui.action.generic"
	}
	return "action." + info.ID
}

// withSituations applies the situations ticked on e: the modifier is added
// to the test's own, and an action rolling dice of its own per target
// (searching corpses) rolls one die fewer instead: with Corpses 2 or more
// the dice must be one fewer, with one the modifier counts on its die.
func (e *Test) withSituations(s *State, setup *Setup, info actions.Info) (*Test, error) {
	mod, err := situational(s, setup, info, e.Situations)
	if err != nil || mod == 0 {
		return e, err
	}
	filled := *e
	if info.Kind == actions.KindCorpses && mod != 0 {
		if e.Corpses < 1 || e.Corpses > MaxCorpses {
			return e, ruleError("rule.situation.corpses", map[string]any{"Max": MaxCorpses})
		}
		if want := CorpseDice(e.Corpses, e.Situations); len(e.Dice) != want {
			return e, ruleError("rule.situation.corpses_dice", map[string]any{"Count": want, "Corpses": e.Corpses})
		}
		if e.Corpses >= 2 {
			mod = 0 // the die fewer is the penalty
		}
	}
	filled.Modifier += mod
	return &filled, nil
}

// inCombat is InCombat where the combat range rule applies (new games):
// saves from before it replay as they were played.
func inCombat(s State, setup Setup) bool { return setup.Rules.combatRange() && InCombat(s) }

// CorpseDice is how many dice searching corpses rolls with the situations
// ticked: one per slain enemy, one fewer with a situation that takes a die
// off when there are 2 or more.
func CorpseDice(corpses int, situations []string) int {
	for _, id := range situations {
		if sit, ok := actions.FindSituation(id); ok && sit.DieFewer && corpses >= 2 {
			return corpses - 1
		}
	}
	return corpses
}

// situationHints say, on the test's result, which situations changed it.
func situationHints(situations []string) []Hint {
	var out []Hint
	for _, id := range situations {
		if sit, ok := actions.FindSituation(id); ok {
			out = append(out, Hint{ID: "result.situation", Args: map[string]any{"SituationKey": "situation." + id, "Modifier": sit.Modifier}})
		}
	}
	return out
}

// IDs of the refusals and results above, listed so every one is translated.
var _ = []string{
	"rule.situation.unknown", "rule.situation.twice", "rule.situation.not_here", "rule.situation.melee_range",
	"rule.situation.combat_exploration", "rule.situation.corpses", "rule.situation.corpses_dice", "result.situation",
}
