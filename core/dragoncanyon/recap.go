package dragoncanyon

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/dunconductor/conductor/core/engine"
)

// recapDecisions is how many of a sitting's AI decisions its recap tells
// (the last ones); the others are counted.
const recapDecisions = 3

// Recap is engine.Recaps: the story of sitting sit of a saved game.
func (module) Recap(setup, content []byte, records []engine.Record, sit engine.Sitting, conductor bool) (engine.Story, error) {
	s, err := kit.Decode(setup, content)
	if err != nil {
		return engine.Story{}, err
	}
	return RecapSitting(s, records, sit.From, sit.To)
}

// RecapSitting tells what happened at the table from record from to record
// to (their Seq): the rounds played, how many decisions the AI took and
// the last of them with their reasons, the buildings each side built, and
// the score once the game is over. It is made from the players' view
// (Public) after each step that still counts at the sitting's end, so it
// holds nothing the players have not seen; the AI keeps no secret the
// Conductor would add, so both versions are the same.
func RecapSitting(setup Setup, records []engine.Record, from, to int) (engine.Story, error) {
	g, err := Resume(setup, nil, nil)
	if err != nil {
		return engine.Story{}, err
	}
	var start, prev PublicView
	var prevDecision string
	var decisions []*PublicDecision
	err = engine.ReplaySitting(g, records, from, to, func() {
		start = g.Public()
		prev, prevDecision = start, decisionKey(start.Decision)
	}, func() {
		v := g.Public()
		if k := decisionKey(v.Decision); k != prevDecision && v.Decision != nil {
			decisions = append(decisions, withTexts(v.Decision, g.State().Decision))
		}
		prev, prevDecision = v, decisionKey(v.Decision)
	})
	if err != nil {
		return engine.Story{}, err
	}
	return story(setup, start, prev, decisions), nil
}

// withTexts is the decision the players saw (pd), its names given in every
// language again where the state's has them (the players' view gives
// them in English): only the arguments the players saw.
func withTexts(pd *PublicDecision, d *Decision) *PublicDecision {
	out := *pd
	if d == nil {
		return &out
	}
	out.Args = maps.Clone(pd.Args)
	for k, v := range d.Args {
		if _, seen := out.Args[k]; seen {
			if m, isText := v.(map[string]any); isText {
				out.Args[k] = m
			}
		}
	}
	return &out
}

// decisionKey tells one decision from another.
func decisionKey(d *PublicDecision) string {
	if d == nil {
		return ""
	}
	b, _ := json.Marshal(d)
	return string(b)
}

// built are the buildings in now that were not in then, each named as a
// message argument (BuildingText: in every language when the files name
// it).
func built(setup Setup, then, now []string) []any {
	var out []any
	rest := slices.Clone(then)
	for _, id := range now {
		if i := slices.Index(rest, id); i >= 0 {
			rest = slices.Delete(rest, i, i+1)
			continue
		}
		out = append(out, BuildingText(setup, id))
	}
	return out
}

// namesText joins names into one argument: a text in every language when
// one of them is (each language's names, English where one has none), else
// the plain list.
func namesText(names []any) any {
	langs := []string{"en"}
	for _, n := range names {
		if m, ok := n.(map[string]any); ok {
			for l := range m {
				if !slices.Contains(langs, l) {
					langs = append(langs, l)
				}
			}
		}
	}
	out := map[string]any{}
	for _, l := range langs {
		parts := make([]string, 0, len(names))
		for _, n := range names {
			parts = append(parts, nameIn(n, l))
		}
		out[l] = strings.Join(parts, ", ")
	}
	if len(langs) == 1 {
		return out["en"]
	}
	return out
}

// nameIn is a name argument in language l (English when it has none there).
func nameIn(n any, l string) string {
	m, ok := n.(map[string]any)
	if !ok {
		s, _ := n.(string)
		return s
	}
	if s, ok := m[l].(string); ok && s != "" {
		return s
	}
	s, _ := m["en"].(string)
	return s
}

func story(setup Setup, start, end PublicView, decisions []*PublicDecision) engine.Story {
	var lines []engine.StoryLine
	add := func(kind, id string, args map[string]any) {
		lines = append(lines, engine.StoryLine{Message: engine.Message{ID: id, Args: args}, Kind: kind})
	}
	add(engine.StoryHeading, "recap.dc.title", nil)
	if start.Round >= end.Round {
		add(engine.StoryItem, "recap.dc.round", map[string]any{"Round": end.Round})
	} else {
		add(engine.StoryItem, "recap.dc.rounds", map[string]any{"From": max(start.Round, 1), "To": end.Round})
	}
	if r := end.Result; r != nil { // the score is said last, once
		decisions = slices.DeleteFunc(decisions, func(d *PublicDecision) bool { return d.Reason == r.Reason })
	}
	if n := len(decisions); n > 0 {
		// The count says how many lines follow: all of them, or the last few.
		if n <= recapDecisions {
			add(engine.StoryItem, "recap.dc.decisions.all", map[string]any{"Count": n})
		} else {
			add(engine.StoryItem, "recap.dc.decisions.last", map[string]any{"Count": n, "Shown": recapDecisions})
		}
		for _, d := range decisions[max(0, n-recapDecisions):] {
			add(engine.StoryItem, d.Reason, d.Args)
		}
	}
	if b := built(setup, start.AI.Buildings, end.AI.Buildings); len(b) > 0 {
		add(engine.StoryItem, "recap.dc.built", map[string]any{"SideKey": seatKey(SeatAI), "Count": len(b), "Names": namesText(b)})
	}
	for _, p := range end.Players {
		var then []string
		for _, q := range start.Players {
			if q.Seat == p.Seat {
				then = q.Buildings
			}
		}
		if b := built(setup, then, p.Buildings); len(b) > 0 {
			add(engine.StoryItem, "recap.dc.built", map[string]any{"SideKey": seatKey(p.Seat), "Count": len(b), "Names": namesText(b)})
		}
	}
	if r := end.Result; r != nil {
		add(engine.StoryNext, r.Reason, r.Args)
	} else {
		add(engine.StoryNext, "recap.dc.next", map[string]any{"Round": end.Round})
	}
	return engine.Story{Lines: lines}
}
