package dun

import "slices"

// exitPrompt offers on the card the exits the heroes may open now (table
// flow), so exploring needs no trip to the map: each door, found secret
// door or arrow of a revealed section to a hidden one, named by the section
// behind it. A locked door waits for a hero's lock test, and a door an
// Obstacle shut for breaking it down: the map and the hero's action offer
// those.
func exitPrompt(s State, setup Setup) []Prompt {
	q := setup.QuestData
	if q == nil || !setup.Rules.tableFlow() || s.Turn == 0 || len(s.Pending) > 0 || s.QuestOver != nil {
		return nil
	}
	p := Prompt{ID: "prompt.exits"}
	for _, id := range Reachable(s, q) {
		exit, _ := exitTo(s, q, id)
		if exit.Kind == "locked_door" && !slices.Contains(s.Unlocked, id) || slices.Contains(s.Shut, id) {
			continue
		}
		p.Choices = append(p.Choices, Choice{ID: "choice.open_exit",
			Args:  map[string]any{"KindKey": "ui.quest.exit." + exit.Kind, "NameText": map[string]string(q.SectionName(id))},
			Event: &ExitOpened{Section: id}})
	}
	if len(p.Choices) == 0 {
		return nil
	}
	return []Prompt{p}
}
