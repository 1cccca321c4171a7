package dun

import (
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/engine"
)

// CreatureWounded records wounds a creature took (Amount > 0) or healed
// (Amount < 0). At no Vitality left it is slain: the prompt offers to take
// it off the board, which ends its lasting Power cards.
type CreatureWounded struct {
	ID     string `json:"id"`
	Amount int    `json:"amount"`
}

var _ = Events.Register(func() Event { return &CreatureWounded{} })

func (*CreatureWounded) Type() string { return "creature_wounded" }

func (*CreatureWounded) Gate() engine.Gate[moment] { return needs() }

// MaxVitality is a creature's Vitality with what the ADP's rules add: a
// Leader's includes the Leader improvement ("Leader Improvement").
func MaxVitality(s State, c Creature) int { return maxVitality(&s, &c) }

// maxVitality is MaxVitality without copying the state and the creature.
func maxVitality(s *State, c *Creature) int {
	if c.Level == bestiary.LevelLeader {
		return c.Vitality + s.Leader.VitalityBonus
	}
	return c.Vitality
}

// VitalityLeft is what a creature has left, and false when its Vitality
// was never told.
func VitalityLeft(s State, c Creature) (int, bool) { return vitalityLeft(&s, &c) }

// vitalityLeft is VitalityLeft without copying the state and the creature.
func vitalityLeft(s *State, c *Creature) (int, bool) {
	if c.Vitality == 0 {
		return 0, false
	}
	return max(maxVitality(s, c)-c.Wounds, 0), true
}

func (e *CreatureWounded) apply(s *State, c applyContext) error {
	i, err := s.onBoard(e.ID)
	if err != nil {
		return err
	}
	cr := s.Creatures[i]
	if cr.Vitality == 0 {
		return ruleError("rule.wound.no_vitality", map[string]any{"Name": cr.DisplayName()})
	}
	if e.Amount == 0 || e.Amount > MaxCreatureVitality || e.Amount < -MaxCreatureVitality || cr.Wounds+e.Amount < 0 {
		return ruleError("rule.wound.amount", map[string]any{"Name": cr.DisplayName(), "Amount": e.Amount, "Wounds": cr.Wounds})
	}
	if left, _ := vitalityLeft(s, &cr); e.Amount > 0 && left == 0 {
		return ruleError("rule.wound.slain", map[string]any{"Name": cr.DisplayName()})
	}
	cs := s.flags()
	cs[i].Wounds = min(cr.Wounds+e.Amount, maxVitality(s, &cr))
	left, _ := vitalityLeft(s, &cs[i])
	line, count := "log.creature_wounded", e.Amount
	if e.Amount <= 0 {
		line, count = "log.creature_healed", -e.Amount
	}
	s.log(c.seq, line, shared(argsKey{line: line, name: nameKey(cr), a: count, b: left}, func() map[string]any {
		return map[string]any{"Name": cr.DisplayName(), "Count": count, "Left": left}
	}))
	return nil
}

// slainPrompts offer to take off the board every creature with no Vitality left.
func slainPrompts(s State) []Prompt {
	var ps []Prompt
	for _, c := range s.Creatures {
		if left, known := VitalityLeft(s, c); known && left == 0 {
			ps = append(ps, Prompt{ID: "prompt.creature.slain", Args: map[string]any{"Name": c.DisplayName()},
				Choices: []Choice{{ID: "choice.creature_removed", Args: map[string]any{"Name": c.DisplayName()}, Event: &CreatureRemoved{ID: c.ID}}}})
		}
	}
	return ps
}
