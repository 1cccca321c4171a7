package dun

import "github.com/dunconductor/conductor/core/engine"

// DUN's legality is data: each event type declares its gate beside its
// type (a method Gate: the steps it answers, the rule that refuses it when
// none is pending, the moment's conditions it needs, in order); this file
// holds the conditions they share, the stages and what comes next.
// allowed only reads them.

// stageEnemySpotted is an Enemy Spotted! spawn's stage.
const stageEnemySpotted = StepSpawn + ":" + SpawnEnemySpotted

// stage is a pending step's stage: its kind, or an Enemy Spotted! spawn's own.
func stage(h *Step) string {
	if h.Kind == StepSpawn && h.Reason == SpawnEnemySpotted {
		return stageEnemySpotted
	}
	return h.Kind
}

// moment is what DUN's legality and due step read: the state and the setup
// (a pointer: a moment is passed to every condition, for every event).
type moment struct {
	s     *State
	setup *Setup
}

// condition is one thing the game's moment must be for an event.
type condition = engine.Condition[moment]

var (
	// idleNow: while a step of the card flow is pending, no other flow or
	// turn starts.
	idleNow = condition{Rule: "rule.flow.busy",
		Holds: func(m moment) bool { return m.s.Pending.Head() == nil },
		Args:  func(m moment) map[string]any { return map[string]any{"StepKey": "step." + m.s.Pending.Head().Kind} }}
	// nothingDue: "the due step leads": a new turn never skips what the ADP
	// must do first.
	nothingDue = condition{Rule: "rule.due.first",
		Holds: func(m moment) bool { return m.s.Due == nil },
		Args:  func(m moment) map[string]any { return map[string]any{"DueKey": m.s.Due.Key()} }}
	questPlayed = condition{Rule: "rule.quest.none",
		Holds: func(m moment) bool { return m.setup.QuestData != nil }}
	// "Leader Improvement": once, after the Main Room is revealed.
	mainRoomRevealed = condition{Rule: "rule.main_room.unrevealed",
		Holds: func(m moment) bool { return m.s.MainRoom }}
	leaderUnimproved = condition{Rule: "rule.main_room.twice",
		Holds: func(m moment) bool { return !m.s.Leader.Improved }}
	inCombatTurn = condition{Rule: "rule.creature.no_combat_turn",
		Holds: func(m moment) bool { return m.s.CombatTurn }}
	// New enemies in combat: their Initiative decides whether they act now.
	initiativeFirst = condition{Rule: "rule.due.first",
		Holds: func(m moment) bool { return !m.s.InitiativeDue || !m.setup.Rules.tableFlow() },
		Args:  func(moment) map[string]any { return map[string]any{"DueKey": "due.initiative"} }}
	someoneToAct = condition{Rule: "rule.creature.all_done",
		Holds: func(m moment) bool { return nextToAct(m.s) >= 0 }}
	// "EXPLORATION AND COMBAT": once the table said no hero is within
	// range, the turn is an exploration turn: no ADP combat turn, unless
	// the ADP won an Initiative since.
	withinRange = condition{Rule: "rule.combat.out_of_range",
		Holds: func(m moment) bool { return !exploring(m) || m.s.ADPTurnDue },
		Args:  func(moment) map[string]any { return combatRangeArgs }}
	// The range is a distance to enemies on the board, under the combat
	// range rule. Asked or not: heroes who move may come within range (or
	// leave it) in the turn, and the table says so.
	rangeAsked = condition{Rule: "rule.combat_range.not_asked",
		Holds: func(m moment) bool { return m.setup.Rules.combatRange() && len(m.s.Creatures) > 0 }}
)

// exploring says the table answered that no hero is within range of an
// enemy, with the combat range rule on.
func exploring(m moment) bool {
	return m.setup.Rules.combatRange() && m.s.EnemiesNear != nil && !*m.s.EnemiesNear
}

// needs is a gate of an event type that needs the conditions cs, in order
// (none: it applies at any moment of a quest not over).
func needs(cs ...condition) engine.Gate[moment] { return engine.Gate[moment]{Needs: cs} }

// answers is the gate of an event type that applies only while a step of
// one of stages is pending, refused by rule otherwise.
func answers(rule string, stages ...string) engine.Gate[moment] {
	return engine.Gate[moment]{Answers: stages, NotPending: rule}
}

// legality is DUN's legality for the engine's one reader, each event's gate
// collected from its type: a quest ended takes only undo and rewind (the
// engine's).
var legality engine.Legality[moment]

// The gates are collected once every event is registered (package init's
// variables come before its init functions).
func init() {
	legality = engine.NewLegality(Events,
		condition{Rule: "rule.quest.over",
			Holds: func(m moment) bool { return m.s.QuestOver == nil },
			Args:  func(m moment) map[string]any { return map[string]any{"OutcomeKey": "outcome." + m.s.QuestOver.Outcome} }},
		func(m moment) string {
			if h := m.s.Pending.Head(); h != nil {
				return stage(h)
			}
			return ""
		})
}

// allowed is DUN's one answer to "may an event of type t apply now": the
// rules that depend on the game's moment, not on the event's fields. The
// engine asks it before every event, and the UI enables its controls from it.
func allowed(s *State, setup *Setup, t string) error {
	return legality.Allowed(moment{s, setup}, t)
}

// dues are the due step, what comes next before a new turn, in order: the
// first whose condition holds is due (nil: none is). States share them:
// a state is read, never written.
var dues = engine.Next[moment, *Due]{
	{If: func(m moment) bool { return !m.setup.Rules.dueSteps() || m.s.QuestOver != nil || len(m.s.Pending) > 0 }},
	{If: func(m moment) bool { return m.s.MainRoom && !m.s.Leader.Improved }, Then: &Due{Type: "main_room_placed"}},
	{If: func(m moment) bool { return m.s.InitiativeDue }, Then: &Due{Type: "initiative"}},
	{If: func(m moment) bool { return m.s.ADPTurnDue }, Then: &Due{Type: "adp_combat_turn", Why: WhyInitiative}},
	// Without the table flow, before the first turn, with no creature on
	// the board or in the ADP's combat turn: none.
	{If: func(m moment) bool {
		return !m.setup.Rules.tableFlow() || m.s.Turn == 0 || len(m.s.Creatures) == 0 || m.s.CombatTurn
	}},
	// With the table flow, while creatures are on the board every heroes'
	// turn is followed by the ADP's combat turn ...
	{If: func(m moment) bool { return !m.setup.Rules.combatRange() }, Then: &Due{Type: "adp_combat_turn", Why: WhyCreatures}},
	// ... or, with the combat range, only while a hero is within range of
	// an enemy: asked.
	{If: func(m moment) bool { return m.s.EnemiesNear == nil }, Then: &Due{Type: "combat_range"}},
	{If: func(m moment) bool { return *m.s.EnemiesNear }, Then: &Due{Type: "adp_combat_turn", Why: WhyRange}},
}

// dueStep works the due step out from the state after every event.
func dueStep(s *State, setup *Setup) *Due { return dues.Of(moment{s, setup}) }
