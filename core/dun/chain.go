package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
)

// StepReveal is a section waiting to be revealed once the Obstacle roll of
// the exit that leads to it is resolved.
const StepReveal = "reveal"

// exitTrigger is the Obstacle trigger of opening an exit ("Obstacle Cards":
// a door, locked door, found secret door or gate is a door; an arrow an arrow).
func exitTrigger(kind string) string {
	if kind == "arrow" {
		return "arrow"
	}
	return "door"
}

// exitTo is the exit of a revealed section that leads to section id (a
// secret door only once found).
func exitTo(s State, q *quest.Quest, id string) (quest.Exit, bool) {
	for _, rid := range s.Revealed {
		sec, _ := q.Section(rid)
		for _, e := range sec.Exits {
			if e.To == id && ExitShown(s, e) {
				return e, true
			}
		}
	}
	return quest.Exit{}, false
}

// ExitOpened is a hero opening an exit of a revealed section (or stepping
// onto an arrow): the Obstacle roll the rules require comes first, then the
// section behind it waits to be revealed.
type ExitOpened struct {
	Section string `json:"section"`
}

var _ = Events.Register(func() Event { return &ExitOpened{} })

func (*ExitOpened) Type() string { return "exit_opened" }

func (*ExitOpened) Gate() engine.Gate[moment] { return needs(questPlayed, idleNow) }

func (e *ExitOpened) apply(s *State, c applyContext) error {
	q := c.setup.QuestData // a quest game: allowed asked
	if _, err := questSection(s, q, &SectionRevealed{Section: e.Section}); err != nil {
		return err
	}
	exit, _ := exitTo(*s, q, e.Section)
	trigger := exitTrigger(exit.Kind)
	s.log(c.seq, "log.exit_opened", map[string]any{"TriggerKey": TriggerKeys[trigger], "Name": SectionName(q, e.Section)})
	s.Pending.Set(append(rollStep(s, DeckObstacle, trigger, false), Step{Kind: StepReveal, Section: e.Section, Reason: trigger})...)
	return nil
}

// ExitClosed says the exit stays shut (an Obstacle card locked or blocked
// it): the section stays hidden, and breaking the door down later reveals it.
type ExitClosed struct {
	Section string `json:"section"`
}

var _ = Events.Register(func() Event { return &ExitClosed{} })

func (*ExitClosed) Type() string { return "exit_closed" }

// Gate: the exit just opened is shut instead of its section revealed.
func (*ExitClosed) Gate() engine.Gate[moment] { return answers("rule.reveal.not_pending", StepReveal) }

func (e *ExitClosed) apply(s *State, c applyContext) error {
	if h := s.Pending.Head(); h.Section != e.Section {
		return ruleError("rule.reveal.other_section", map[string]any{"Section": e.Section})
	}
	s.Pending.Pop()
	if !slices.Contains(s.Shut, e.Section) {
		s.Shut = append(slices.Clip(s.Shut), e.Section)
	}
	s.log(c.seq, "log.exit_closed", nil)
	return nil
}

// Due is the step the rules require next, before a new turn: the Leader
// improvement once the Main Room's creatures are placed, Initiative after a
// spawn placed creatures, the ADP's combat turn after it won Initiative.
type Due struct {
	Type string `json:"type"`
	// Why is what makes it due, where a step has several reasons (the ADP's
	// combat turn: it won the Initiative, the heroes are within range of an
	// enemy, or creatures are on the board).
	Why string `json:"why,omitempty"`
}

// IDs of the due steps, built as "due." + type.
var _ = []string{"due.main_room_placed", "due.initiative", "due.adp_combat_turn"}

// Outcomes of a quest.
const (
	OutcomeWon       = "won"
	OutcomeLost      = "lost"
	OutcomeAbandoned = "abandoned"
)

// QuestOver is how a quest ended.
type QuestOver struct {
	Outcome string `json:"outcome"`
}

// MissionAccomplished is the quest's mission done: the ADP goes on
// activating cards until the heroes leave the dungeon.
type MissionAccomplished struct{}

var _ = Events.Register(func() Event { return &MissionAccomplished{} })

func (*MissionAccomplished) Type() string { return "mission_accomplished" }

func (*MissionAccomplished) Gate() engine.Gate[moment] { return needs() }

func (e *MissionAccomplished) apply(s *State, c applyContext) error {
	if s.MissionAccomplished {
		return ruleError("rule.quest.accomplished_twice", nil)
	}
	s.MissionAccomplished = true
	s.log(c.seq, "log.mission_accomplished", nil)
	return nil
}

// QuestEnded ends the quest: the heroes left after the mission (won), were
// defeated (lost), or the game was abandoned. Afterwards only undo and
// rewind apply.
type QuestEnded struct {
	Outcome string `json:"outcome"`
}

var _ = Events.Register(func() Event { return &QuestEnded{} })

func (*QuestEnded) Type() string { return "quest_ended" }

func (*QuestEnded) Gate() engine.Gate[moment] { return needs() }

func (e *QuestEnded) apply(s *State, c applyContext) error {
	switch e.Outcome {
	case OutcomeWon:
		if !s.MissionAccomplished {
			return ruleError("rule.quest.won_needs_mission", nil)
		}
	case OutcomeLost, OutcomeAbandoned:
	default:
		return ruleError("rule.quest.outcome", map[string]any{"Outcome": e.Outcome})
	}
	s.QuestOver = &QuestOver{Outcome: e.Outcome}
	s.Pending.Set()
	s.log(c.seq, "log.quest_ended", map[string]any{"OutcomeKey": "outcome." + e.Outcome})
	return nil
}

// IDs of the outcomes.
var _ = []string{"outcome.won", "outcome.lost", "outcome.abandoned"}

// endPrompts say how the quest stands at its end.
func endPrompts(s State) []Prompt {
	if s.QuestOver != nil {
		return []Prompt{{ID: "prompt.quest.over", Args: map[string]any{"OutcomeKey": "outcome." + s.QuestOver.Outcome}, Input: InputQuestOver}}
	}
	if s.MissionAccomplished {
		return []Prompt{{ID: "prompt.quest.leave", Choices: []Choice{{ID: "choice.quest_won", Event: &QuestEnded{Outcome: OutcomeWon}}}}}
	}
	return nil
}

// StepChoose is the Conductor choosing the deck of a draw the rules give
// the ADP (a hero's fumble).
const StepChoose = "choose"

// fumbleDraws says the ADP draws instead of "no card".
func fumbleDraws(rs []Hint) []Hint {
	out := make([]Hint, 0, len(rs)+1)
	for _, h := range rs {
		if h.ID != "result.fumble_no_card" {
			out = append(out, h)
		}
	}
	return append(out, Hint{ID: "result.fumble_card"})
}

// FumbleDraw is the deck the Conductor picks for the ADP's draw after a
// hero's fumble: Obstacle or Power.
type FumbleDraw struct {
	Deck string `json:"deck"`
}

var _ = Events.Register(func() Event { return &FumbleDraw{} })

func (*FumbleDraw) Type() string { return "fumble_draw" }

func (*FumbleDraw) Gate() engine.Gate[moment] { return answers("rule.fumble.not_pending", StepChoose) }

func (e *FumbleDraw) apply(s *State, c applyContext) error {
	if e.Deck != DeckObstacle && e.Deck != DeckPower || s.Decks.Deck(e.Deck).Absent {
		return ruleError("rule.fumble.deck", map[string]any{"Deck": e.Deck})
	}
	s.log(c.seq, "log.fumble_draw", map[string]any{"DeckKey": DeckKeys[e.Deck]})
	s.Pending.ReplaceHead(drawStep(s, c.seq, e.Deck, "fumble")...)
	return nil
}

// fumblePrompt offers the decks the ADP may draw from.
func fumblePrompt(s State) Prompt {
	p := Prompt{ID: "prompt.fumble_draw"}
	for _, deck := range []string{DeckObstacle, DeckPower} {
		if !s.Decks.Deck(deck).Absent {
			p.Choices = append(p.Choices, Choice{ID: "choice.fumble_draw", Args: map[string]any{"DeckKey": DeckKeys[deck]}, Event: &FumbleDraw{Deck: deck}})
		}
	}
	return p
}

// OnceTarget is a door or a chest a once-only action can be tried on now:
// Exit (the hidden section behind a door) or Element (a chest, a found
// secret door, a riddle's element), with what to call it.
type OnceTarget struct {
	Exit, Element string
	ExitKind      string     // for a door: door, locked_door, secret_door…
	Kind          string     // for an element: chest, objective, trap…
	To            string     // for a door: the section behind it
	Name          quest.Text // for an element: its name
}

// OnceTargets are the targets action may be tried on in a quest game now:
// a lock on a door to a hidden section (not an arrow; with the table flow
// only a locked door, or one an Obstacle shut), a chest, an unfound secret
// door, a riddle's element (not a trap).
func OnceTargets(s State, setup Setup, action string) []OnceTarget {
	q := setup.QuestData
	if q == nil {
		return nil
	}
	locked := func(ex quest.Exit) bool {
		if !setup.Rules.tableFlow() {
			return ex.Kind != "secret_door" && ex.Kind != "arrow"
		}
		return ex.Kind == "locked_door" && !slices.Contains(s.Unlocked, ex.To) || slices.Contains(s.Shut, ex.To) && ex.Kind != "arrow"
	}
	reachable := Reachable(s, q)
	var out []OnceTarget
	for _, id := range s.Revealed {
		sec, _ := q.Section(id)
		for _, ex := range sec.Exits {
			switch {
			case action == "secret_door" && ex.Kind == "secret_door" && !slices.Contains(s.Found, ex.ID):
				out = append(out, OnceTarget{Element: ex.ID, ExitKind: ex.Kind, To: ex.To})
			case action == "open_lock" && locked(ex) && slices.Contains(reachable, ex.To):
				out = append(out, OnceTarget{Exit: ex.To, ExitKind: ex.Kind, To: ex.To})
			}
		}
		for _, el := range sec.Elements {
			if action == "open_chest" && el.Kind == "chest" || action == "riddle" && el.Kind != "trap" {
				out = append(out, OnceTarget{Element: el.ID, Name: el.Name})
			}
		}
	}
	return out
}
