package dun

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/dunconductor/conductor/core/engine"
)

// PickConductor is the purpose under which State.Picks keeps the player
// picked at random to conduct ("Rotating Conductor": players who cannot
// agree pick one at random): the hero id of the player's hero
// ("hero-2"), numbered like the party even without one.
const PickConductor = "conductor"

// ConductorPicked picks at random, before the first turn with a rotating
// Conductor, which player conducts first: number Picked of Among, the
// players being the heroes' (one player a hero, in the party's order).
type ConductorPicked struct {
	Among  int `json:"among"`
	Picked int `json:"picked"`
}

var _ = Events.Register(func() Event { return &ConductorPicked{} })

func (*ConductorPicked) Type() string { return "conductor_picked" }

func (*ConductorPicked) Gate() engine.Gate[moment] { return needs() }

func (e *ConductorPicked) apply(s *State, c applyContext) error {
	if c.setup.Conductor != ConductorRotating || s.Turn != 0 || c.setup.Heroes < 2 {
		return ruleError("rule.conductor.pick_when", nil)
	}
	if id := s.Picks[PickConductor]; id != "" {
		return ruleError("rule.conductor.picked", conductorArgs(*c.setup, id))
	}
	if e.Among != c.setup.Heroes || e.Picked < 1 || e.Picked > e.Among {
		return ruleError("rule.conductor.pick_among", map[string]any{"Count": c.setup.Heroes, "Among": e.Among})
	}
	id := "hero-" + strconv.Itoa(e.Picked)
	picks := map[string]string{PickConductor: id}
	for k, v := range s.Picks {
		if k != PickConductor {
			picks[k] = v
		}
	}
	s.Picks = picks
	s.Rolls++
	args := conductorArgs(*c.setup, id)
	args["Among"] = e.Among
	s.log(c.seq, "log.conductor_picked", args)
	return nil
}

// PickConductorAtRandom is the seeded ConductorPicked among the players.
func (g *Game) PickConductorAtRandom() *ConductorPicked {
	n := g.Setup().Heroes
	r := rand.New(rand.NewPCG(g.Setup().Seed, uint64(g.State().Rolls)))
	return &ConductorPicked{Among: n, Picked: r.IntN(max(n, 1)) + 1}
}

// conductorArgs name the player picked: by the hero's name with a party,
// else by number.
func conductorArgs(setup Setup, id string) map[string]any {
	n, _ := strconv.Atoi(strings.TrimPrefix(id, "hero-"))
	args := map[string]any{"Index": n, "Hero": ""}
	if h, ok := setup.Hero(id); ok {
		args["Hero"] = h.Name
	}
	return args
}

// setupLeaderPrompts are the setup card's lines about the Leader and the
// Conductor ("Setup" step 3: the Leader is paid with no optional upgrades
// and carries no Magic Object or Relic; "Rotating Conductor": a random
// pick when the players cannot agree).
func (g *Game) setupLeaderPrompts() []Prompt {
	s, setup := g.State(), g.Setup()
	ps := []Prompt{{ID: "prompt.setup.leader_bare"}}
	if setup.Conductor != ConductorRotating || setup.Heroes < 2 {
		return ps
	}
	if id := s.Picks[PickConductor]; id != "" {
		return append(ps, Prompt{ID: "prompt.conductor.picked", Args: conductorArgs(setup, id)})
	}
	return append(ps, Prompt{ID: "prompt.conductor.pick",
		Choices: []Choice{{ID: "choice.conductor_pick", Event: g.PickConductorAtRandom()}}})
}

// conductorOnly is picks without the creatures' ones: the roster changed,
// so who is tied may have too; the Conductor picked stays (nil when none).
func conductorOnly(picks map[string]string) map[string]string {
	if id := picks[PickConductor]; id != "" {
		return map[string]string{PickConductor: id}
	}
	return nil
}
