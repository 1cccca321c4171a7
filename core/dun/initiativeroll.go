package dun

import (
	"math/rand/v2"
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// Who rolls Initiative ("Initiative"): for the heroes, the hero (or ally)
// closest to the enemies; two at the same distance, the higher Perception,
// and a tie of that chosen at random. For the ADP, the creature with the
// highest Perception wherever it stands (the ADP's own reading, kept when
// the heroes discover enemies exploring); but new enemies placed while the
// heroes are in combat roll with the Perception of the new enemy closest
// to the heroes ("During Combat"), which only the table sees: it is asked.

// ClosestEnemy is the table's answer to "which of the new enemies is
// closest to the heroes?" before a combat Initiative.
type ClosestEnemy struct {
	ID string `json:"id"`
}

var _ = Events.Register(func() Event { return &ClosestEnemy{} })

func (*ClosestEnemy) Type() string { return "closest_enemy" }

func (*ClosestEnemy) Gate() engine.Gate[moment] { return needs() }

func (e *ClosestEnemy) apply(s *State, c applyContext) error {
	cs, ok := combatArrivals(*s, *c.setup)
	i := slices.IndexFunc(cs, func(cr Creature) bool { return cr.ID == e.ID })
	if !ok || i < 0 {
		return ruleError("rule.closest_enemy.not_new", map[string]any{"Name": s.TargetName(e.ID)})
	}
	s.ClosestEnemy = e.ID
	s.log(c.seq, "log.closest_enemy", map[string]any{"Name": cs[i].DisplayName(), "Perception": cs[i].Perception})
	return nil
}

// combatArrivals are the new enemies whose Initiative is due in combat
// (table flow), in the order placed; false when that is not the roll due.
func combatArrivals(s State, setup Setup) ([]Creature, bool) {
	if !setup.Rules.tableFlow() || !s.InitiativeDue || s.dueContext() != ContextCombat || len(s.Arrivals) == 0 {
		return nil, false
	}
	var out []Creature
	for _, c := range s.Creatures {
		if slices.Contains(s.Arrivals, c.ID) {
			out = append(out, c)
		}
	}
	return out, len(out) > 0
}

// closestRollers are the ADP's rollers when new enemies arrived in combat:
// the one new enemy, or the closest the table named; none until it is
// named. False when the roll due is not such a one.
func closestRollers(s State, setup Setup) ([]Creature, bool) {
	cs, ok := combatArrivals(s, setup)
	switch {
	case !ok:
		return nil, false
	case len(cs) == 1:
		return cs, true
	}
	for _, c := range cs {
		if c.ID == s.ClosestEnemy {
			return []Creature{c}, true
		}
	}
	return nil, true
}

// ClosestToAsk are the new enemies to ask the table about (the closest to
// the heroes rolls): several arrived in combat and none is named yet.
func ClosestToAsk(s State, setup Setup) []Creature {
	cs, ok := combatArrivals(s, setup)
	if !ok || len(cs) < 2 || slices.ContainsFunc(cs, func(c Creature) bool { return c.ID == s.ClosestEnemy }) {
		return nil
	}
	return cs
}

// ADPRoller is the ADP creature that rolls the Initiative due: in combat
// the closest new enemy (false until the table names it), else the best
// Perception anywhere (InitiativeRoller).
func ADPRoller(s State, setup Setup) (Creature, bool) {
	if cs, ok := closestRollers(s, setup); ok {
		if len(cs) == 0 {
			return Creature{}, false
		}
		return cs[0], true
	}
	return InitiativeRoller(s)
}

// PickInitiativeHero is the purpose under which State.Picks keeps the hero
// a random pick chose among heroes tied for rolling Initiative.
const PickInitiativeHero = "initiative_hero"

// HeroRollers are the heroes who may roll Initiative among those the table
// says are closest to the enemies (ids, the same distance): the highest
// Perception, in the party's order.
func HeroRollers(setup Setup, ids []string) []PartyHero {
	var out []PartyHero
	for _, h := range withIDs(setup.Party) {
		if !slices.Contains(ids, h.ID) {
			continue
		}
		switch {
		case len(out) == 0 || h.Perception > out[0].Perception:
			out = []PartyHero{h}
		case h.Perception == out[0].Perception:
			out = append(out, h)
		}
	}
	return out
}

// HeroRoller is the hero who rolls among those closest (ids): the one of
// the highest Perception, or the one a random pick chose among them; false
// while a tie waits for its pick.
func HeroRoller(s State, setup Setup, ids []string) (PartyHero, bool) {
	hs := HeroRollers(setup, ids)
	switch {
	case len(hs) == 0:
		return PartyHero{}, false
	case len(hs) == 1:
		return hs[0], true
	}
	for _, h := range hs {
		if h.ID == s.Picks[PickInitiativeHero] {
			return h, true
		}
	}
	return PartyHero{}, false
}

// InitiativeHeroPicked picks at random among the heroes tied to roll
// Initiative (Heroes: those closest; the tie is among their highest
// Perception): the Picked-th of Among in the party's order.
type InitiativeHeroPicked struct {
	Heroes []string `json:"heroes"`
	Among  int      `json:"among"`
	Picked int      `json:"picked"`
}

var _ = Events.Register(func() Event { return &InitiativeHeroPicked{} })

func (*InitiativeHeroPicked) Type() string { return "initiative_hero_picked" }

func (*InitiativeHeroPicked) Gate() engine.Gate[moment] { return needs() }

func (e *InitiativeHeroPicked) apply(s *State, c applyContext) error {
	for _, id := range e.Heroes {
		if _, err := partyHero(*c.setup, id); err != nil {
			return err
		}
	}
	tied := HeroRollers(*c.setup, e.Heroes)
	if len(tied) < 2 || e.Among != len(tied) || e.Picked < 1 || e.Picked > e.Among {
		return ruleError("rule.initiative.hero_pick", map[string]any{"Count": len(tied), "Among": e.Among})
	}
	picks := map[string]string{PickInitiativeHero: tied[e.Picked-1].ID}
	for k, v := range s.Picks {
		if k != PickInitiativeHero {
			picks[k] = v
		}
	}
	s.Picks = picks
	s.Rolls++
	s.log(c.seq, "log.initiative.hero_picked", map[string]any{"Name": tied[e.Picked-1].Name, "Among": e.Among})
	return nil
}

// PickInitiativeHeroAtRandom is the seeded pick among the heroes tied
// among ids.
func (g *Game) PickInitiativeHeroAtRandom(ids []string) *InitiativeHeroPicked {
	n := len(HeroRollers(g.Setup(), ids))
	r := rand.New(rand.NewPCG(g.Setup().Seed, uint64(g.State().Rolls)))
	return &InitiativeHeroPicked{Heroes: slices.Clone(ids), Among: n, Picked: r.IntN(max(n, 1)) + 1}
}

// IDs of the messages above, listed so every one is translated.
var _ = []string{
	"rule.closest_enemy.not_new", "log.closest_enemy", "rule.initiative.hero_pick", "log.initiative.hero_picked",
	"prompt.due.initiative.closest", "prompt.due.initiative.combat", "choice.closest_enemy", "choice.initiative_hero_pick",
}

// tableFlowOn stands for a table-flow setup where only the state is at
// hand (InitiativeRollers): arrivals are only ever recorded with it.
var tableFlowOn = true

// closestPrompt asks which new enemy is closest to the heroes, one tap each.
func closestPrompt(cs []Creature) Prompt {
	p := Prompt{ID: "prompt.due.initiative.closest", Ruling: "dun.initiative_closest"}
	for _, c := range cs {
		p.Choices = append(p.Choices, Choice{ID: "choice.closest_enemy", Args: map[string]any{"Name": c.DisplayName(), "Perception": c.Perception},
			Event: &ClosestEnemy{ID: c.ID}})
	}
	return p
}
