package twister

import "github.com/dunconductor/conductor/core/engine"

// Prompts say what the table does now: the combat's step with its
// reminders, or the placement order of the last room revealed.
func (g *Game) Prompts() []engine.Prompt { return prompts(g.Setup(), g.State()) }

// prompts are the prompts of state s of a game with setup: what the game
// says and the players' view cites (Public).
func prompts(setup Setup, s State) []engine.Prompt { return whatNext.Of(&s)(setup, s) }

// overPrompts name the winners.
func overPrompts(setup Setup, s State) []engine.Prompt {
	m, _ := OverMessage(setup, s)
	return []engine.Prompt{{ID: m.ID, Args: m.Args}}
}

// tablePrompts are the placement step under way, with its exceptions, and
// the table's count.
func tablePrompts(setup Setup, s State) []engine.Prompt {
	var ps []engine.Prompt
	// Only the step under way: a room done (every piece placed, or play
	// went on) leaves "What happens now".
	if i := CurrentStep(s); i >= 0 {
		st := s.Placement[i]
		left := 0
		for _, it := range st.Items {
			if !it.Placed {
				left++
			}
		}
		// Every step cites the ruling it applies, a cursed item's step too.
		ps = append(ps, engine.Prompt{ID: "prompt.twister.place", Style: engine.StyleStep, Ruling: PlacementRuling(i),
			Args: map[string]any{"Index": i + 1, "Name": setup.Name(st.Placer), "Count": left}})
		// The exceptions this step applies, each with its own Why?.
		for _, ex := range placementExceptions(i, st) {
			ps = append(ps, engine.Prompt{ID: ex.id, Style: engine.StyleStep, Ruling: ex.ruling,
				Args: map[string]any{"Index": i + 1, "Name": setup.Name(st.Placer), "Count": ex.count}})
		}
	}
	return append(ps, engine.Prompt{ID: "prompt.twister.table", Args: map[string]any{"Rooms": s.Rooms, "Combats": s.Combats}})
}

type exception struct {
	id, ruling string
	count      int
}

// placementExceptions are the exceptions to the reveal's order that step i
// applies: torches placed by the revealer (twister.torches), and in the
// first two steps a player's own cursed items (twister.cursed_items; a
// later step cites it already).
func placementExceptions(i int, st PlacementStep) []exception {
	torches, cursed := 0, 0
	for _, it := range st.Items {
		switch it.Why {
		case "torch":
			torches++
		case "own_cursed":
			cursed++
		}
	}
	var out []exception
	if torches > 0 {
		out = append(out, exception{"prompt.twister.remind.torches", RulingTorches, torches})
	}
	if cursed > 0 && i < 2 {
		out = append(out, exception{"prompt.twister.remind.cursed", RulingCursedItems, cursed})
	}
	return out
}

// combatPrompts are the combat's step, what it asks, and the reminders that
// apply at this step.
func combatPrompts(setup Setup, c Combat) []engine.Prompt {
	done := engine.Choice{ID: "choice.twister.step_done", Event: &CombatStep{}}
	step := CombatMessage(setup, c)
	args := step.Args
	main := engine.Prompt{ID: step.ID, Args: args, Input: MainInput(c), Ruling: RulingCombatOrder}
	if c.Step != StepReveal && !c.Declaring() {
		main.Choices = []engine.Choice{done}
	}
	ps := []engine.Prompt{main}
	if c.Declaring() {
		// The declaration is the step's action: going on without it is
		// never the main action, asked about first.
		ps = append(ps, engine.Prompt{ID: "prompt.twister.skip_declaration", Style: StyleAsk, Ruling: RulingCombatOrder,
			Args:    merge(args, map[string]any{"Name": setup.Name(c.StepPlayer())}),
			Choices: []engine.Choice{{ID: "choice.twister.skip_declaration", Event: &CombatStep{Undeclared: true}}}})
	}
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
		remind("prompt.twister.remind.zero_ap_action", RulingZeroAPAction)
		remind("prompt.twister.remind.in_contact", RulingInContact)
		remind("prompt.twister.remind.no_diagonals", RulingNoDiagonals)
		override()
	case StepDefenderDeclares:
		remind("prompt.twister.remind.armour_defend", RulingArmour)
		remind("prompt.twister.remind.zero_ap_defender", RulingZeroAPAnyTime)
		remind("prompt.twister.remind.wounded_zero", RulingTokenCharacters)
		override()
	case StepAttackerCard, StepDefenderCard:
		remind("prompt.twister.remind.face_down", RulingCombatOrder)
	case StepOverride:
		remind("prompt.twister.remind.override_applies", RulingCardOverride)
	case StepReveal:
		if c.Attack != nil && c.Defence != nil {
			// Both sides declared: the cards' values are all the app needs.
			ps = append(ps, engine.Prompt{ID: "prompt.twister.combat.cards", Style: engine.StyleHint, Ruling: RulingCombatOutcome,
				Args: merge(args, map[string]any{"AttackTotal": c.Attack.Total(), "DefenceTotal": c.Defence.Total()})})
		} else {
			remind("prompt.twister.remind.undeclared", RulingCombatOutcome)
		}
		// Ending the combat without the cards applies no wound and no
		// kill: never the main action, asked about first.
		ps = append(ps, engine.Prompt{ID: "prompt.twister.end_unresolved", Args: args, Style: StyleAsk, Ruling: RulingCombatOutcome,
			Choices: []engine.Choice{{ID: "choice.twister.end_unresolved", Event: &CombatStep{}}}})
		remind("prompt.twister.remind.weapons_reveal", RulingWeapons)
		remind("prompt.twister.remind.armour_reveal", RulingArmour)
		remind("prompt.twister.remind.wounded_token", RulingTokenCharacters)
		remind("prompt.twister.remind.death", RulingDeathPoints)
		remind("prompt.twister.remind.score_token", RulingScoreTokens)
	}
	return ps
}

// StyleAsk is a prompt whose choices are applied only once the Conductor
// confirms, and never on a key: ending a combat without its result, going
// on without a side's declaration.
const StyleAsk = "ask"

// Question is what the Conductor is asked before an asked choice's event
// e applies (StyleAsk): a title and the question; false for an event
// applied at once.
func (g *Game) Question(e engine.Event) (title, ask engine.Message, ok bool) {
	st, is := e.(*CombatStep)
	c := g.State().Combat
	switch {
	case !is || c == nil:
		return title, ask, false
	case c.Declaring() && st.Undeclared:
		args := map[string]any{"Name": g.Setup().Name(c.StepPlayer())}
		return engine.Message{ID: "ui.twister.skip_declaration.title", Args: args}, engine.Message{ID: "ui.twister.skip_declaration.ask", Args: args}, true
	case c.Step == StepReveal:
		return engine.Message{ID: "ui.twister.end_unresolved.title"}, engine.Message{ID: "ui.twister.end_unresolved.ask"}, true
	}
	return title, ask, false
}

// Inputs a combat's step asks for: the side's declaration (at a
// declaring step), both cards' values (at the reveal, both sides
// declared). They are the step's main action.
const (
	InputDeclaration = "declaration"
	InputCards       = "cards"
)

// MainInput is what the combat's step asks the Conductor to enter as its
// main action; "" when its main action is a choice (a card laid) or there
// is none (the reveal of a combat not declared: only ending it is left).
func MainInput(c Combat) string {
	switch {
	case c.Declaring():
		return InputDeclaration
	case c.Step == StepReveal && c.Attack != nil && c.Defence != nil:
		return InputCards
	}
	return ""
}

// merge is a and b in one map, b winning.
func merge(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// DeathRulings are the rulings the form that records a death applies, for
// a death of this cause: who scores it and the score tokens always; a
// suicide's terrain and points; the Fireball Wand for a spell or a shot;
// the rope and the small bridge for a fall or a trap.
func DeathRulings(cause string) []string {
	out := []string{RulingDeathPoints, RulingScoreTokens}
	switch cause {
	case CauseSuicide:
		out = append(out, RulingSuicideTerrain, RulingSuicidePoints)
	case CauseSpell, CauseRanged:
		out = append(out, RulingFireballWand)
	case CauseTrap:
		out = append(out, RulingRope, RulingSmallBridge)
	}
	return out
}

// ScoreRulings are the rulings the forms recording an escape or the
// treasure apply: the score tokens.
func ScoreRulings() []string { return []string{RulingScoreTokens} }

// Prompt IDs built from the steps, listed so every one is translated.
var _ = []string{
	"prompt.twister.combat.attacker_declares", "prompt.twister.combat.defender_declares",
	"prompt.twister.combat.attacker_card", "prompt.twister.combat.defender_card",
	"prompt.twister.combat.override", "prompt.twister.combat.reveal",
}
