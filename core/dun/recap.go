package dun

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
)

// Recap is engine.Recaps: the story of sitting sit of a saved game.
func (module) Recap(setup, content []byte, records []engine.Record, sit engine.Sitting, conductor bool) (engine.Story, error) {
	s, err := kit.Decode(setup, content)
	if err != nil {
		return engine.Story{}, err
	}
	return RecapSitting(s, records, sit.From, sit.To, conductor)
}

// RecapSitting tells what happened at the table from record from to record
// to (their Seq) of a game with setup: the steps that still count at the
// sitting's end, walked one by one from where the sitting began (or from
// where an undo in it went back to). The players' version is made from
// the public view only (Public), so it holds nothing the players have not
// seen; the Conductor's adds the reserve then and now, the ADP notes read
// and what the app asks next, each line marked Conductor.
func RecapSitting(setup Setup, records []engine.Record, from, to int, conductor bool) (engine.Story, error) {
	g, err := Resume(setup, nil, nil)
	if err != nil {
		return engine.Story{}, err
	}
	var r recap
	var prev PublicView
	err = engine.ReplaySitting(g, records, from, to, func() {
		r = recap{setup: setup, start: g.Public(), reserveThen: g.State().Reserve, shownThen: g.State().TextsShown}
		prev = r.start
	}, func() {
		v := g.Public()
		r.step(prev, v)
		prev = v
	})
	if err != nil {
		return engine.Story{}, err
	}
	r.end = prev
	return r.story(g, conductor), nil
}

// recap gathers a sitting's changes, view by view.
type recap struct {
	setup       Setup
	start, end  PublicView
	revealed    []PublicSection
	read        []PublicText
	came, fell  []PublicCreature
	mission     bool
	reserveThen int
	shownThen   []string
}

// step notes what changed from view a to view b.
func (r *recap) step(a, b PublicView) {
	for _, sec := range b.Sections {
		if !slices.ContainsFunc(a.Sections, func(x PublicSection) bool { return x.ID == sec.ID }) {
			r.revealed = append(r.revealed, sec)
		}
	}
	if len(b.Texts) > len(a.Texts) {
		r.read = append(r.read, b.Texts[len(a.Texts):]...)
	}
	has := func(cs []PublicCreature, id string) bool {
		return slices.ContainsFunc(cs, func(c PublicCreature) bool { return c.ID == id })
	}
	for _, c := range b.Creatures {
		if !has(a.Creatures, c.ID) {
			r.came = append(r.came, c)
		}
	}
	for _, c := range a.Creatures {
		if !has(b.Creatures, c.ID) {
			r.fell = append(r.fell, c)
		}
	}
	if b.MissionAccomplished && !a.MissionAccomplished {
		r.mission = true
	}
}

// creatureNames are creatures' names in every language (English and
// Spanish, and any other their names are in), those of one kind (their
// names but for the number) counted once ("Skeleton ×3, Ghoul").
func creatureNames(cs []PublicCreature) map[string]string {
	out := map[string]string{}
	langs := slices.Clone(quest.Languages)
	for _, c := range cs {
		for _, l := range slices.Sorted(maps.Keys(c.Names)) {
			if !slices.Contains(langs, l) {
				langs = append(langs, l)
			}
		}
	}
	for _, lang := range langs {
		var order []string
		count := map[string]int{}
		for _, c := range cs {
			name := quest.Text(c.Names).In(lang) // else English, else its first language
			// "Skeleton 3": the creatures of one kind counted together.
			if i := strings.LastIndexByte(name, ' '); i > 0 && strings.Trim(name[i+1:], "0123456789") == "" {
				name = name[:i]
			}
			if count[name] == 0 {
				order = append(order, name)
			}
			count[name]++
		}
		for i, name := range order {
			if count[name] > 1 {
				order[i] = fmt.Sprintf("%s ×%d", name, count[name])
			}
		}
		out[lang] = strings.Join(order, ", ")
	}
	return out
}

// sectionName is a revealed section's name in the view, by id.
func sectionName(v PublicView, id string) map[string]string {
	for _, s := range v.Sections {
		if s.ID == id {
			return map[string]string(s.Name)
		}
	}
	return map[string]string{}
}

func (r *recap) story(g *Game, conductor bool) engine.Story {
	var lines []engine.StoryLine
	add := func(kind, id string, args map[string]any, onlyConductor bool) *engine.StoryLine {
		lines = append(lines, engine.StoryLine{Message: engine.Message{ID: id, Args: args}, Kind: kind, Conductor: onlyConductor})
		return &lines[len(lines)-1]
	}
	if q := r.end.Quest; q != nil {
		add(engine.StoryHeading, "recap.dun.quest", map[string]any{"TitleText": map[string]string(q.Title)}, false)
	} else {
		add(engine.StoryHeading, "recap.dun.free_play", nil, false)
	}
	// Turn 0 is the game before its first turn: the sitting began with turn 1.
	if from := max(r.start.Turn, 1); from >= r.end.Turn {
		add(engine.StoryItem, "recap.dun.turn", map[string]any{"Turn": r.end.Turn}, false)
	} else {
		add(engine.StoryItem, "recap.dun.turns", map[string]any{"From": from, "To": r.end.Turn}, false)
	}
	if len(r.revealed) == 0 {
		add(engine.StoryItem, "recap.dun.revealed.none", nil, false)
	}
	for _, sec := range r.revealed {
		add(engine.StoryItem, "recap.dun.revealed", map[string]any{"NameText": map[string]string(sec.Name)}, false).Image = sec.Image
	}
	for _, t := range r.read {
		if t.Kind == PublicTextSection {
			add(engine.StoryText, "recap.dun.read.section", map[string]any{"NameText": sectionName(r.end, t.Section), "Text": map[string]string(t.Text)}, false)
		} else {
			add(engine.StoryAlert, "recap.dun.read.red", map[string]any{"Text": map[string]string(t.Text)}, false)
		}
	}
	if len(r.came) > 0 {
		add(engine.StoryItem, "recap.dun.came", map[string]any{"Count": len(r.came), "NamesText": creatureNames(r.came)}, false)
	}
	if len(r.fell) > 0 {
		add(engine.StoryItem, "recap.dun.fell", map[string]any{"Count": len(r.fell), "NamesText": creatureNames(r.fell)}, false)
	}
	if len(r.end.Creatures) > 0 {
		add(engine.StoryItem, "recap.dun.on_board", map[string]any{"Count": len(r.end.Creatures), "NamesText": creatureNames(r.end.Creatures)}, false)
	}
	if r.mission {
		add(engine.StoryItem, "recap.dun.mission", nil, false)
	}
	if conductor {
		s := g.State()
		add(engine.StoryItem, "recap.dun.reserve", map[string]any{"Then": r.reserveThen, "Now": s.Reserve}, true)
		if q := r.setup.QuestData; q != nil {
			for _, id := range s.TextsShown {
				if slices.Contains(r.shownThen, id) {
					continue
				}
				if i := slices.IndexFunc(q.Texts, func(t quest.HiddenText) bool { return t.ID == id }); i >= 0 && q.Texts[i].Style != "red" {
					add(engine.StoryText, "recap.dun.read.note", map[string]any{"Text": map[string]string(q.Texts[i].Text)}, true)
				}
			}
		}
	}
	switch r.end.Outcome {
	case "":
		add(engine.StoryNext, "recap.dun.next.turn", map[string]any{"Turn": r.end.Turn}, false)
		if conductor {
			if ps := g.Prompts(); len(ps) > 0 {
				add(engine.StoryNext, ps[0].ID, ps[0].Args, true)
			}
		}
	default:
		add(engine.StoryNext, "recap.dun.next.over", map[string]any{"OutcomeKey": "recap.dun.outcome." + r.end.Outcome}, false)
	}
	return engine.Story{Lines: lines}
}
