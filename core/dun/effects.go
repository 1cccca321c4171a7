package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// What a quest's texts do (quest.Effect), with the table flow on: what the
// app can apply it applies; what only the board can do is a reminder.

// textEffect applies what showing a text does at once.
func (s *State) textEffect(seq int, e quest.Effect) {
	s.questReserve(seq, e.Reserve)
	if e.Unlock != "" && !slices.Contains(s.Unlocked, e.Unlock) {
		s.Unlocked = append(slices.Clip(s.Unlocked), e.Unlock)
	}
	if e.Crumble && len(s.Creatures) > 0 {
		if s.leader() >= 0 {
			s.LeaderGone = true
		}
		s.log(seq, "log.quest.crumble", map[string]any{"Count": len(s.Creatures)})
		s.setCreatures([]Creature{})
		s.Sustained = []SustainedCard{}
		s.ADPTurnDue = false
	}
}

// questReserve adds a quest's reserve points (none past the bound).
func (s *State) questReserve(seq, points int) {
	if n := min(points, MaxReserve-s.Reserve); n > 0 {
		s.post(seq, n, "reason.quest")
		s.log(seq, "log.reserve_gained", map[string]any{"Count": n, "ReasonKey": "reason.quest", "Reserve": s.Reserve})
	}
}

// lasting are the texts shown whose effect goes on: their Until condition
// is not met yet.
func lasting(s State, q *quest.Quest) []quest.HiddenText {
	if q == nil {
		return nil
	}
	var out []quest.HiddenText
	for _, t := range q.Texts {
		if t.Effect.Lasting() && slices.Contains(s.TextsShown, t.ID) && !slices.Contains(s.ConditionsMet, t.Effect.Until) {
			out = append(out, t)
		}
	}
	return out
}

// leader is the index of the Leader on the roster, or -1.
func (s *State) leader() int {
	return slices.IndexFunc(s.Creatures, func(c Creature) bool { return c.Level == bestiary.LevelLeader })
}

// turnEffects are the lasting effects at the start of a turn: the Leader
// recovers Vitality, up to its starting Vitality.
func (s *State) turnEffects(seq int, setup *Setup) {
	if setup.QuestData == nil {
		return // no quest, no lasting effects (and no state copied to ask)
	}
	for _, t := range lasting(*s, setup.QuestData) {
		s.questReserve(seq, t.Effect.ReserveEachTurn)
		i := s.leader()
		if t.Effect.LeaderRegenerates == 0 || i < 0 || s.Creatures[i].Wounds == 0 {
			continue
		}
		cs := slices.Clone(s.Creatures)
		healed := min(t.Effect.LeaderRegenerates, cs[i].Wounds)
		cs[i].Wounds -= healed
		s.setFlags(cs)
		left, _ := VitalityLeft(*s, cs[i])
		s.log(seq, "log.quest.regenerates", map[string]any{"Name": cs[i].DisplayName(), "Count": healed, "Left": left})
	}
}

// slain meets the quest conditions a creature leaving the board ticks: the
// Leader's, or its faction profile's.
func (s *State) slain(seq int, setup Setup, gone Creature) {
	q := setup.QuestData
	if q == nil {
		return
	}
	for _, k := range q.Conditions {
		hit := k.Slain == quest.SlainLeader && gone.Level == bestiary.LevelLeader || k.Slain != "" && k.Slain == gone.Profile
		if hit && !slices.Contains(s.ConditionsMet, k.ID) {
			s.meet(seq, setup, k)
		}
	}
}

// effectPrompts remind what only the board can do (a text repeated every
// turn; a Leader's regeneration the roster cannot show, until the Leader
// leaves the board) and offer the
// mission once a condition that accomplishes it is met.
func effectPrompts(s State, setup Setup) []Prompt {
	q := setup.QuestData
	if q == nil || !setup.Rules.tableFlow() {
		return nil
	}
	var ps []Prompt
	for _, t := range lasting(s, q) {
		i := s.leader()
		switch {
		case t.Effect.EveryTurn:
			ps = append(ps, Prompt{ID: "prompt.quest.reminder", Args: map[string]any{"Text": inEveryLanguage(t.Text)}})
		case t.Effect.LeaderRegenerates > 0 && !s.LeaderGone && (i < 0 || s.Creatures[i].Vitality == 0):
			// Before the Leader is on the roster (or with no Vitality
			// there), a reminder; it ends when the Leader leaves the board.
			ps = append(ps, Prompt{ID: "prompt.quest.regenerates", Args: map[string]any{"Count": t.Effect.LeaderRegenerates}})
		}
	}
	if !s.MissionAccomplished && slices.ContainsFunc(q.Conditions, func(k quest.Condition) bool {
		return k.Mission && slices.Contains(s.ConditionsMet, k.ID)
	}) {
		ps = append(ps, Prompt{ID: "prompt.quest.mission_met", Choices: []Choice{{ID: "choice.mission_accomplished", Event: &MissionAccomplished{}}}})
	}
	return ps
}
