package twister

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dunconductor/conductor/core/engine"
)

// recapCombats is how many of a sitting's combats its recap tells (the
// last ones); the others are counted.
const recapCombats = 3

// Recap is engine.Recaps: the story of sitting sit of a saved game.
func (module) Recap(setup, content []byte, records []engine.Record, sit engine.Sitting, conductor bool) (engine.Story, error) {
	s, err := kit.Decode(setup, content)
	if err != nil {
		return engine.Story{}, err
	}
	return RecapSitting(s, records, sit.From, sit.To)
}

// RecapSitting tells what happened at the table from record from to record
// to (their Seq): the rooms revealed and by whom, the combats fought (the
// last ones with their totals), the score and the winners once there are.
// It is made from the players' view (Public) after each step that still
// counts at the sitting's end; everything in Dungeon Twister is open at
// the table, so both versions are the same.
func RecapSitting(setup Setup, records []engine.Record, from, to int) (engine.Story, error) {
	g, err := Resume(setup, nil, nil)
	if err != nil {
		return engine.Story{}, err
	}
	var start, prev PublicView
	var rooms []Room
	var combats []CombatResult
	err = engine.ReplaySitting(g, records, from, to, func() { start, prev = g.Public(), g.Public() }, func() {
		v := g.Public()
		if v.Rooms > prev.Rooms && v.Room != nil {
			rooms = append(rooms, *v.Room)
		}
		if v.LastCombat != nil && key(v.LastCombat) != key(prev.LastCombat) {
			combats = append(combats, *v.LastCombat)
		}
		prev = v
	})
	if err != nil {
		return engine.Story{}, err
	}
	return story(start, prev, rooms, combats), nil
}

// key tells one combat's result from another.
func key(r *CombatResult) string {
	if r == nil {
		return ""
	}
	b, _ := json.Marshal(r)
	return string(b)
}

func story(start, end PublicView, rooms []Room, combats []CombatResult) engine.Story {
	var lines []engine.StoryLine
	add := func(kind, id string, args map[string]any) {
		lines = append(lines, engine.StoryLine{Message: engine.Message{ID: id, Args: args}, Kind: kind})
	}
	name := func(seat int) string {
		for _, p := range end.Players {
			if p.Seat == seat {
				return p.Name
			}
		}
		return fmt.Sprint(seat)
	}
	add(engine.StoryHeading, "recap.twister.title", nil)
	if len(rooms) == 0 {
		add(engine.StoryItem, "recap.twister.rooms.none", nil)
	}
	for _, r := range rooms {
		if r.Name != "" {
			add(engine.StoryItem, "recap.twister.room", map[string]any{"Room": r.Name, "Player": name(r.Revealer)})
		} else {
			add(engine.StoryItem, "recap.twister.room.unnamed", map[string]any{"Player": name(r.Revealer)})
		}
	}
	if c := end.Combats - start.Combats; c > 0 {
		add(engine.StoryItem, "recap.twister.combats", map[string]any{"Count": c})
		for _, r := range combats[max(0, len(combats)-recapCombats):] {
			args := map[string]any{
				"Attacker": name(r.Attacker), "Defender": name(r.Defender), "AttackTotal": r.AttackTotal, "DefenceTotal": r.DefenceTotal,
				"WinnerKey": "recap.twister.winner." + r.Winner,
			}
			if r.Reason != "" { // the Conductor chose the winner, for this reason
				args["Reason"] = r.Reason
				add(engine.StoryItem, "recap.twister.combat.reason", args)
				continue
			}
			add(engine.StoryItem, "recap.twister.combat", args)
		}
	}
	for _, s := range end.Score {
		add(engine.StoryItem, "recap.twister.score", map[string]any{"Player": name(s.Player), "Count": s.Points, "Goal": end.Goal})
	}
	if len(end.Winners) > 0 {
		var names []string
		for _, w := range end.Winners {
			names = append(names, name(w))
		}
		add(engine.StoryNext, "recap.twister.won", map[string]any{"Names": strings.Join(names, ", ")})
	} else {
		add(engine.StoryNext, "recap.twister.next", nil)
	}
	return engine.Story{Lines: lines}
}
