package twister

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// Combat cards chosen on the players' own devices ("Order of Resolution
// for Combat": each side lays a card face down, then both are turned up at
// once). Each player's choice is an event of its own; the game keeps it out
// of the players' view and out of the log's text until both sides have
// chosen, then turns both up at once: the combat is worked out as
// combat_resolved works it out, with these two cards.

// CombatCardChosen is one side's combat card, chosen in secret (on the
// player's phone, or entered on the laptop). The second side's choice
// turns both up and works the combat out.
type CombatCardChosen struct {
	Player int `json:"player"`
	Card   int `json:"card"`
}

var _ = Events.Register(func() engine.Event { return &CombatCardChosen{} })

func (*CombatCardChosen) Type() string { return "combat_card_chosen" }

func (*CombatCardChosen) Gate() engine.Gate[*State] { return needs(inCombat, cardsLaid) }

// ChosenCard is a combat card chosen and not turned up yet: the state's
// secret, never in the players' view. Combat is the number of the combat it
// was chosen in (State.Combats then), so a card of a combat that ended
// otherwise is never counted in the next.
type ChosenCard struct {
	Combat int `json:"combat"`
	Player int `json:"player"`
	Card   int `json:"card"`
}

// cardsLaid: the declarations are over and the cards are laid, not
// replaced by an override (inCombat first).
var cardsLaid = condition{Rule: "rule.twister.card_not_now",
	Holds: func(s *State) bool {
		return !s.Combat.Declaring() && s.Combat.Step != StepOverride && s.Combat.Override == ""
	}}

// chosenNow are the cards chosen in the combat under way.
func chosenNow(s State) []ChosenCard {
	var out []ChosenCard
	for _, c := range s.Chosen {
		if s.Combat != nil && c.Combat == s.Combats {
			out = append(out, c)
		}
	}
	return out
}

// ChosenBy says whether player chose a card in the combat under way (not
// which: that is the player's own, SeatView's).
func ChosenBy(s State, player int) bool {
	return slices.ContainsFunc(chosenNow(s), func(c ChosenCard) bool { return c.Player == player })
}

func (e *CombatCardChosen) apply(s *State, c *ctx) error {
	cb := *s.Combat
	if e.Player != cb.Attacker && e.Player != cb.Defender {
		return engine.Refuse("rule.twister.card_not_fighting", map[string]any{"Name": c.setup.Name(e.Player)})
	}
	if e.Card < 0 || e.Card > MaxCard {
		return engine.Refuse("rule.twister.card", map[string]any{"Max": MaxCard})
	}
	if cb.Attack == nil || cb.Defence == nil {
		return engine.Refuse("rule.twister.declarations_missing", nil)
	}
	chosen := chosenNow(*s)
	if ChosenBy(*s, e.Player) {
		return engine.Refuse("rule.twister.card_chosen_already", map[string]any{"Name": c.setup.Name(e.Player)})
	}
	chosen = append(chosen, ChosenCard{Combat: s.Combats, Player: e.Player, Card: e.Card})
	// The log names who chose, never the card: the log is read at the table.
	c.say("log.twister.card_chosen", map[string]any{"Name": c.setup.Name(e.Player)})
	if len(chosen) < 2 {
		s.Chosen = chosen
		s.Combat = cardStepDone(cb, e.Player)
		return nil
	}
	// Both chosen: turned up at once, and the combat worked out as ever.
	s.Chosen = nil
	c.say("log.twister.cards_revealed", nil)
	r := CombatResolved{}
	for _, ch := range chosen {
		if ch.Player == cb.Attacker {
			r.AttackerCard = ch.Card
		} else {
			r.DefenderCard = ch.Card
		}
	}
	return r.apply(s, c)
}

// cardStepDone moves the combat past the card step of player, when it is
// the step under way: the next side lays its card, or the cards are
// turned up.
func cardStepDone(cb Combat, player int) *Combat {
	if (cb.Step == StepAttackerCard || cb.Step == StepDefenderCard) && cb.StepPlayer() == player {
		steps := cb.Steps()
		cb.Step = steps[slices.Index(steps, cb.Step)+1]
	}
	return &cb
}

// skipChosen moves the combat past a card step whose side has chosen its
// card on its phone already: that card is laid.
func skipChosen(s *State, c *ctx) {
	for s.Combat != nil && (s.Combat.Step == StepAttackerCard || s.Combat.Step == StepDefenderCard) && ChosenBy(*s, s.Combat.StepPlayer()) {
		p := s.Combat.StepPlayer()
		c.say("log.twister.step_done", map[string]any{"StepKey": "ui.twister.step." + s.Combat.Step, "Name": c.setup.Name(p)})
		s.Combat = cardStepDone(*s.Combat, p)
	}
}

// withChosen is the result entered at the reveal with the card a side
// chose on its phone in place of the one entered for it: the phone's
// choice was made first and in secret, and the log says it counted.
func (e *CombatResolved) withChosen(s *State, c *ctx) *CombatResolved {
	chosen := chosenNow(*s)
	s.Chosen = nil // turned up now
	if len(chosen) == 0 {
		return e
	}
	out := *e
	for _, ch := range chosen {
		entered := &out.DefenderCard
		if ch.Player == s.Combat.Attacker {
			entered = &out.AttackerCard
		}
		if *entered != ch.Card {
			c.say("log.twister.card_from_phone", map[string]any{"Name": c.setup.Name(ch.Player), "Card": ch.Card, "Entered": *entered})
		}
		*entered = ch.Card
	}
	return &out
}

// Message IDs of the choice, listed so every one is translated.
var _ = []string{"log.twister.card_from_phone", "rule.twister.card_not_now", "rule.twister.card_not_fighting", "rule.twister.card_chosen_already",
	"log.twister.card_chosen", "log.twister.cards_revealed"}
