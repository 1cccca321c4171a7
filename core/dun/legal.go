package dun

import "github.com/dunconductor/conductor/core/engine"

// DUN's legality is data: which event types answer each pending step
// (stages), and for each event type the rule that refuses it when its step
// is not pending and the moment's conditions it needs, in the order they
// are checked (gates). allowed only reads them.

// stages are, for each pending step's stage, the event types that answer
// it: while that step is at the head of Pending they apply, whatever else
// the moment says.
var stages = engine.Stages{
	{Step: StepRoll, Events: []string{"die"}},
	{Step: StepDraw, Events: []string{"card"}},
	// A spawn is paid, or its Encounter card discarded unpaid ...
	{Step: StepSpawn, Events: []string{"spawn", "card"}},
	// ... but an Enemy Spotted! spawn has no card to discard.
	{Step: stageEnemySpotted, Events: []string{"spawn"}},
	{Step: StepChoose, Events: []string{"fumble_draw"}},
	// The section behind the exit just opened is revealed, or the exit shut.
	{Step: StepReveal, Events: []string{"section_revealed", "exit_closed"}},
}

// stageEnemySpotted is an Enemy Spotted! spawn's stage.
const stageEnemySpotted = StepSpawn + ":" + SpawnEnemySpotted

// stage is a pending step's stage: its kind, or an Enemy Spotted! spawn's own.
func stage(h *Step) string {
	if h.Kind == StepSpawn && h.Reason == SpawnEnemySpotted {
		return stageEnemySpotted
	}
	return h.Kind
}

// gate is what an event type needs besides answering the step pending.
type gate struct {
	// notPending refuses the event when no step its stage lists is pending;
	// "" when it may also apply with none (then needs says when).
	notPending string
	// needs are the moment's conditions, checked in order.
	needs []condition
}

// condition is one thing the game's moment must be for an event: the rule
// that refuses it when it is not, with the refusal's arguments (nil: none).
type condition struct {
	rule  string
	holds func(s *State, setup Setup) bool
	args  func(s *State) map[string]any
}

var (
	// idleNow: while a step of the card flow is pending, no other flow or
	// turn starts.
	idleNow = condition{"rule.flow.busy",
		func(s *State, _ Setup) bool { return s.Pending.Head() == nil },
		func(s *State) map[string]any { return map[string]any{"StepKey": "step." + s.Pending.Head().Kind} }}
	// nothingDue: "the due step leads": a new turn never skips what the ADP
	// must do first.
	nothingDue = condition{"rule.due.first",
		func(s *State, _ Setup) bool { return s.Due == nil },
		func(s *State) map[string]any { return map[string]any{"DueKey": s.Due.Key()} }}
	questPlayed = condition{"rule.quest.none",
		func(_ *State, setup Setup) bool { return setup.QuestData != nil }, nil}
	// "Leader Improvement": once, after the Main Room is revealed.
	mainRoomRevealed = condition{"rule.main_room.unrevealed",
		func(s *State, _ Setup) bool { return s.MainRoom }, nil}
	leaderUnimproved = condition{"rule.main_room.twice",
		func(s *State, _ Setup) bool { return !s.Leader.Improved }, nil}
	inCombatTurn = condition{"rule.creature.no_combat_turn",
		func(s *State, _ Setup) bool { return s.CombatTurn }, nil}
	// New enemies in combat: their Initiative decides whether they act now.
	initiativeFirst = condition{"rule.due.first",
		func(s *State, setup Setup) bool { return !s.InitiativeDue || !setup.Rules.tableFlow() },
		func(*State) map[string]any { return map[string]any{"DueKey": "due.initiative"} }}
	someoneToAct = condition{"rule.creature.all_done",
		func(s *State, _ Setup) bool { _, ok := NextToAct(*s); return ok }, nil}
)

// gates are what each event type needs; a type not listed needs nothing.
var gates = map[string]gate{
	"new_turn":         {needs: []condition{idleNow, nothingDue}},
	"combat_range":     {needs: []condition{idleNow}},
	"section_revealed": {needs: []condition{idleNow}}, // or the reveal step pending
	"exit_opened":      {needs: []condition{questPlayed, idleNow}},
	"open_declared":    {needs: []condition{questPlayed, idleNow}},
	"break_attempt":    {needs: []condition{questPlayed, idleNow}},
	"chest_trapped":    {needs: []condition{questPlayed}},
	"obstacle_trigger": {needs: []condition{idleNow}},
	"adp_combat_turn":  {needs: []condition{idleNow}},
	"main_room_placed": {needs: []condition{mainRoomRevealed, leaderUnimproved, idleNow}},
	"creature_done":    {needs: []condition{inCombatTurn, initiativeFirst, someoneToAct}},
	"element_found":    {needs: []condition{questPlayed}},
	"condition_met":    {needs: []condition{questPlayed}},
	"die":              {notPending: "rule.die.not_pending"},
	// A draw, or discarding an Encounter card whose spawn is unpaid.
	"card":        {notPending: "rule.card.none_pending"},
	"spawn":       {notPending: "rule.spawn.not_pending"},
	"fumble_draw": {notPending: "rule.fumble.not_pending"},
	"exit_closed": {notPending: "rule.reveal.not_pending"},
}

// allowed is DUN's one answer to "may an event of type t apply now": the
// rules that depend on the game's moment, not on the event's fields. The
// engine asks it before every event, and the UI enables its controls from it.
func allowed(s *State, setup Setup, t string) error {
	if s.QuestOver != nil {
		// The quest has ended: only undo and rewind (the engine's) apply.
		return ruleError("rule.quest.over", map[string]any{"OutcomeKey": "outcome." + s.QuestOver.Outcome})
	}
	if h := s.Pending.Head(); h != nil && stages.Takes(stage(h), t) {
		return nil // it answers the step pending
	}
	g := gates[t]
	if g.notPending != "" {
		return ruleError(g.notPending, nil)
	}
	for _, c := range g.needs {
		if err := c.check(s, setup); err != nil {
			return err
		}
	}
	return nil
}

// check refuses with c's rule when c does not hold.
func (c condition) check(s *State, setup Setup) error {
	if c.holds(s, setup) {
		return nil
	}
	var args map[string]any
	if c.args != nil {
		args = c.args(s)
	}
	return ruleError(c.rule, args)
}
