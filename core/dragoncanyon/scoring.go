package dragoncanyon

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// The end: the objectives and the score.

// Objective is one of the solo player's objectives at the end: done or
// not, and its effect as victory points for the player and for the AI
// (the AI's only if failed). Resolved one by one (ObjectiveResolved), it
// also says what its effect did on the table.
type Objective struct {
	Done     bool `json:"done"`
	PlayerVP int  `json:"player_vp,omitempty"`
	AIVP     int  `json:"ai_vp,omitempty"`
	Effects
}

// Effects are what an objective's effect does to the board and the
// resources: the player's buildings it removes, the buildings the AI takes
// from the stacks, the resources the AI gains (one name per resource).
type Effects struct {
	PlayerLoses []string `json:"player_loses,omitempty"`
	AIGains     []string `json:"ai_gains,omitempty"`
	AIResources []string `json:"ai_resources,omitempty"`
}

// ObjectiveResolved is one of the solo player's objectives at the end
// ("Objective Scoring"), asked one by one before the score: done or
// failed, its points, and its effect on the table, applied now.
type ObjectiveResolved struct {
	Objective int `json:"objective"`
	ObjectiveCard
}

var _ = Events.Register(func() engine.Event { return &ObjectiveResolved{} })

// ObjectiveCard is an Objective inside ObjectiveResolved (its fields
// inline).
type ObjectiveCard = Objective

func (*ObjectiveResolved) Type() string { return "objective_resolved" }

func (*ObjectiveResolved) Gate() engine.Gate[*State] { return answers(StepObjective) }

func (e *ObjectiveResolved) apply(s *State, c ctx) error {
	st := s.Pending.Head()
	if e.Objective != st.Objective {
		return refuse("rule.dc.objective.which", map[string]any{"N": st.Objective})
	}
	o := e.ObjectiveCard
	p := s.player("p1")
	kept := slices.Clone(p.Buildings)
	for _, id := range o.PlayerLoses {
		i := slices.Index(kept, id)
		if i < 0 {
			return refuse("rule.dc.objective.not_owned", map[string]any{"Value": id})
		}
		kept = slices.Delete(kept, i, i+1)
	}
	left := map[string]int{}
	for _, st := range s.Stacks {
		left[st.ID] = st.Left
	}
	for _, id := range o.AIGains {
		n, ok := left[id]
		if !ok {
			return refuse("rule.dc.building.unknown", map[string]any{"Value": id})
		}
		if n == 0 {
			b, _ := c.setup.building(id)
			return refuse("rule.dc.building.empty", map[string]any{"Building": BuildingText(c.setup, b.ID)})
		}
		left[id] = n - 1
	}
	for _, r := range o.AIResources {
		if !slices.Contains(ByValue, r) {
			return refuse("rule.dc.resource", map[string]any{"Value": r})
		}
	}
	id := "log.dc.objective.done"
	if !o.Done {
		id = "log.dc.objective.failed"
	}
	s.log(id, map[string]any{"N": e.Objective, "Player": o.PlayerVP, "AI": o.AIVP})
	p.Buildings = kept
	for _, b := range o.PlayerLoses {
		bb, _ := c.setup.building(b)
		s.log("log.dc.objective.player_loses", map[string]any{"Building": BuildingText(c.setup, bb.ID)})
		s.hint("hint.dc.objective.player_loses", map[string]any{"Building": BuildingText(c.setup, bb.ID)})
	}
	for _, b := range o.AIGains {
		s.stack(b).Left--
		s.AI.Buildings = append(s.AI.Buildings, b)
		bb, _ := c.setup.building(b)
		s.log("log.dc.objective.ai_gains", map[string]any{"Building": BuildingText(c.setup, bb.ID), "Left": s.stack(b).Left})
		s.hint("hint.dc.objective.ai_gains", map[string]any{"Building": BuildingText(c.setup, bb.ID)})
	}
	var got Resources
	for _, r := range o.AIResources {
		got.Add(r, 1)
	}
	if got.Total() > 0 {
		s.AI.Stash = add(s.AI.Stash, got)
		s.log("log.dc.objective.ai_resources", withRes(map[string]any{"Count": got.Total()}, got))
		s.hint("hint.dc.objective.ai_resources", withRes(map[string]any{"Count": got.Total()}, got))
	}
	s.Objectives = append(s.Objectives, o)
	s.Pending.Pop()
	if e.Objective < Objectives {
		s.Pending.Set(Step{Kind: StepObjective, Objective: e.Objective + 1})
	} else {
		s.Pending.Set(Step{Kind: StepScore})
	}
	return nil
}

// StacksLeft are the buildings whose stack has one left, in the stacks'
// order: what an objective's effect may give the AI (AIGains) and what the
// AI may buy.
func (s State) StacksLeft() []string {
	var out []string
	for _, st := range s.Stacks {
		if st.Left > 0 {
			out = append(out, st.ID)
		}
	}
	return out
}

// GameScored is the final scoring ("Game End", "Objective Scoring"): each
// player's score as counted on the board, the AI's points besides its
// buildings (Loot cards, say), and in a solo game the three objectives.
type GameScored struct {
	Players    []int       `json:"players"`
	AIExtra    int         `json:"ai_extra,omitempty"`
	Objectives []Objective `json:"objectives,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &GameScored{} })

func (*GameScored) Type() string { return "game_scored" }

// Gate: the score, or an objective's as points only with every other (as
// before objectives were asked one by one).
func (*GameScored) Gate() engine.Gate[*State] { return answers(StepScore, StepObjective) }

// Objectives is how many objectives the solo player has.
const Objectives = 3

func (e *GameScored) apply(s *State, c ctx) error {
	if err := e.check(s, c); err != nil {
		return err
	}
	objectives := e.Objectives
	if len(s.Objectives) > 0 {
		objectives = s.Objectives
	}
	r := Result{Players: slices.Clone(e.Players)}
	for _, id := range s.AI.Buildings {
		b, _ := c.setup.building(id)
		r.AI += b.VP
	}
	r.AI += e.AIExtra
	failed := 0
	for _, o := range objectives {
		r.Players[0] += o.PlayerVP
		if !o.Done {
			failed++
			r.AI += o.AIVP
		}
	}
	if c.setup.Difficulty == Harder && c.setup.Players == 1 && len(objectives) > 0 && failed > 0 {
		r.Winner, r.Reason = SeatAI, "reason.dc.score.objectives_failed"
	} else {
		r.Winner, r.Reason = highest(r)
	}
	r.Args = map[string]any{"AI": r.AI, "Failed": failed, "SeatKey": seatKey(r.Winner)}
	s.Result, s.Phase = &r, PhaseOver
	s.Pending.Pop()
	s.decide(Decision{Kind: "result", Reason: r.Reason, Args: r.Args})
	return nil
}

// check refuses a score for another number of players or objectives, or
// with objectives already resolved one by one (or still to be).
func (e *GameScored) check(s *State, c ctx) error {
	if len(e.Players) != c.setup.Players {
		return refuse("rule.dc.score.players", map[string]any{"Count": c.setup.Players})
	}
	want := 0
	if c.setup.Players == 1 {
		want = Objectives
	}
	if len(e.Objectives) != 0 && len(e.Objectives) != want || c.setup.Players == 2 && len(e.Objectives) > 0 {
		return refuse("rule.dc.score.objectives", map[string]any{"Count": want})
	}
	if h := s.Pending.Head(); h != nil && h.Kind == StepObjective && len(e.Objectives) == 0 {
		// The objectives come first, one by one (or all as points here).
		return refuse("rule.dc.score.objectives_first", map[string]any{"N": h.Objective})
	}
	if len(s.Objectives) > 0 && len(e.Objectives) > 0 {
		// Resolved one by one already: their points are counted from there.
		return refuse("rule.dc.score.objectives_resolved", nil)
	}
	return nil
}

// highest is the seat with the most points and why, or a tie.
func highest(r Result) (winner, reason string) {
	best, winners := r.AI, []string{SeatAI}
	for i, v := range r.Players {
		seat := []string{"p1", "p2"}[i]
		switch {
		case v > best:
			best, winners = v, []string{seat}
		case v == best:
			winners = append(winners, seat)
		}
	}
	if len(winners) > 1 {
		return "tie", "reason.dc.score.tie"
	}
	return winners[0], "reason.dc.score.highest"
}
