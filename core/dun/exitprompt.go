package dun

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// exitPrompt offers on the card the exits the heroes may open now (table
// flow), so exploring needs no trip to the map: each door, found secret
// door or arrow of a revealed section to a hidden one, named by the section
// behind it. A locked door is opened by a hero's lock test ("Opening
// Locked Doors"): the card names it and asks for the test (InputLockTest),
// until a hero has tried that lock. A door an Obstacle shut waits to be
// broken down: the map offers that.
func exitPrompt(s State, setup Setup) []Prompt {
	q := setup.QuestData
	if q == nil || !setup.Rules.tableFlow() || s.Turn == 0 || len(s.Pending) > 0 || s.QuestOver != nil {
		return nil
	}
	p := Prompt{ID: "prompt.exits"}
	var locks []Prompt
	for _, id := range Reachable(s, q) {
		exit, _ := exitTo(s, q, id)
		name := map[string]string(q.SectionName(id))
		switch {
		case slices.Contains(s.Shut, id):
			continue
		case exit.Kind == "locked_door" && !slices.Contains(s.Unlocked, id):
			if !slices.Contains(s.Tried, "open_lock:"+id) {
				lock := Prompt{ID: "prompt.exits.locked", Args: map[string]any{"NameText": name, "Section": id}, Input: InputLockTest}
				if NeedsDeclaring(s, setup, id, "") {
					// "Obstacle Cards": the roll comes when a hero declares it (doors.go).
					lock.Input, lock.Choices = "", []Choice{{ID: "choice.open_declared", Event: &OpenDeclared{Exit: id}}}
				}
				locks = append(locks, lock)
			}
			continue
		}
		p.Choices = append(p.Choices, Choice{ID: "choice.open_exit",
			Args:  map[string]any{"KindKey": "ui.quest.exit." + ExitKind(s, exit), "NameText": name},
			Event: &ExitOpened{Section: id}})
	}
	var ps []Prompt
	if len(p.Choices) > 0 {
		ps = append(ps, p)
	}
	return append(append(ps, locks...), doorPrompts(s, setup)...)
}

// ExitKind is what an exit is now, to name it: its kind in the quest, but
// "unlocked_door" for a locked door a quest's text unlocked (a plain door
// from then on).
func ExitKind(s State, e quest.Exit) string {
	if e.Kind == "locked_door" && slices.Contains(s.Unlocked, e.To) {
		return "unlocked_door"
	}
	return e.Kind
}
