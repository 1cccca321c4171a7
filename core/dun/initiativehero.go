package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// The heroes' Initiative roll from a hero's own device ("Initiative": the
// hero closest to the enemies rolls for the heroes). While Initiative is
// due, the hero who rolls enters their own 2D6; the laptop then rolls or
// enters the ADP's side, and the initiative event takes the heroes' side
// from that roll. Taken on the laptop, the same two steps give the same
// game.

// InitiativeHeroRolled is the heroes' side of the due Initiative, rolled
// by Hero (Running: the hero ran this turn, -2 Perception).
type InitiativeHeroRolled struct {
	Hero    string `json:"hero"`
	Running bool   `json:"running,omitempty"`
	Dice    []int  `json:"dice"`
}

var _ = Events.Register(func() Event { return &InitiativeHeroRolled{} })

func (*InitiativeHeroRolled) Type() string { return "initiative_hero_rolled" }

func (*InitiativeHeroRolled) Gate() engine.Gate[moment] { return needs(initiativeRolling) }

// HeroRoll is the heroes' side of the due Initiative, rolled before the
// ADP's (the state's InitiativeHeroRoll). Turn is the turn it was rolled
// in: a roll of an Initiative no longer due never counts.
type HeroRoll struct {
	Hero    string `json:"hero"`
	Running bool   `json:"running,omitempty"`
	Dice    []int  `json:"dice"`
	Turn    int    `json:"turn"`
}

// initiativeRolling: the heroes' side may be rolled while Initiative is
// due (table flow).
var initiativeRolling = condition{Rule: "rule.initiative.hero_roll_when",
	Holds: func(m moment) bool { return m.setup.Rules.tableFlow() && m.s.InitiativeDue }}

// DueHeroRoll is the heroes' side rolled for the due Initiative, if any.
func DueHeroRoll(s State) (HeroRoll, bool) {
	r := s.InitiativeHeroRoll
	if r == nil || !s.InitiativeDue || r.Turn != s.Turn {
		return HeroRoll{}, false
	}
	return *r, true
}

func (e *InitiativeHeroRolled) apply(s *State, c applyContext) error {
	h, err := partyHero(*c.setup, e.Hero)
	if err != nil {
		return err
	}
	faces, err := pair(e.Dice)
	if err != nil {
		return err
	}
	if r, ok := DueHeroRoll(*s); ok {
		return ruleError("rule.initiative.hero_rolled", heroRollArgs(*c.setup, r))
	}
	s.InitiativeHeroRoll = &HeroRoll{Hero: e.Hero, Running: e.Running, Dice: slices.Clone(e.Dice), Turn: s.Turn}
	s.log(c.seq, "log.initiative.hero_rolled", map[string]any{"Name": h.Name, "First": faces[0], "Second": faces[1], "Running": e.Running})
	return nil
}

// heroRollArgs name a hero's roll: who and the two dice.
func heroRollArgs(setup Setup, r HeroRoll) map[string]any {
	args := map[string]any{"Name": "", "First": 0, "Second": 0}
	if h, ok := setup.Hero(r.Hero); ok {
		args["Name"] = h.Name
	}
	if len(r.Dice) == 2 {
		args["First"], args["Second"] = r.Dice[0], r.Dice[1]
	}
	return args
}

// withHeroRoll is the Initiative with the heroes' side from the roll a
// hero made for it: filled in when the event leaves the heroes' dice out,
// refused when it gives another roll (the roll is undone first).
func (e Initiative) withHeroRoll(s State, setup Setup) (Initiative, error) {
	r, ok := DueHeroRoll(s)
	if !ok {
		return e, nil
	}
	if len(e.Hero.Dice) == 0 {
		e.Hero.Hero, e.Hero.Running, e.Hero.Dice = r.Hero, r.Running, slices.Clone(r.Dice)
		return e, nil
	}
	if e.Hero.Hero != r.Hero || e.Hero.Running != r.Running || !slices.Equal(e.Hero.Dice, r.Dice) {
		return e, ruleError("rule.initiative.hero_roll_differs", heroRollArgs(setup, r))
	}
	return e, nil
}

// IDs of the messages above, listed so every one is translated.
var _ = []string{"rule.initiative.hero_roll_when", "rule.initiative.hero_rolled", "rule.initiative.hero_roll_differs",
	"log.initiative.hero_rolled"}
