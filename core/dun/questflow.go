package dun

import (
	"slices"
	"strings"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
)

// reveal marks a section revealed and shows the hidden texts it triggers.
// Slices are replaced, never appended in place: an earlier State may share them.
func (s *State) reveal(seq int, setup Setup, id string) {
	s.Revealed = append(slices.Clip(s.Revealed), id)
	if slices.Contains(s.Shut, id) {
		s.Shut = slices.DeleteFunc(slices.Clone(s.Shut), func(x string) bool { return x == id })
	}
	s.ReadAloud = append(slices.Clip(s.ReadAloud), ReadSection+id)
	s.showTexts(seq, setup, func(t quest.HiddenText) bool { return t.Section == id })
}

// Revealing is state s once the heroes reveal section id of the setup's
// quest: the section revealed and the hidden texts it shows, as a game
// does, without the turn's rolls around it. Finding is the same for an
// element or a secret door found. The quest editor's preview walks a quest
// with them, so a reveal shows there exactly what it shows in a game.
func (s State) Revealing(setup Setup, id string) State {
	s.reveal(0, setup, id)
	return s
}

// Finding is state s once the heroes find element (or secret door) id: see
// Revealing.
func (s State) Finding(setup Setup, id string) State {
	s.find(0, setup, id)
	return s
}

// showTexts shows the hidden texts that match and, with the table flow,
// applies their effects (effects.go).
func (s *State) showTexts(seq int, setup Setup, match func(quest.HiddenText) bool) {
	for _, t := range setup.QuestData.Texts {
		if match(t) && !slices.Contains(s.TextsShown, t.ID) {
			s.TextsShown = append(slices.Clip(s.TextsShown), t.ID)
			s.ReadAloud = append(slices.Clip(s.ReadAloud), ReadText+t.ID)
			s.log(seq, "log.text_shown", map[string]any{"Text": inEveryLanguage(t.Text), "StyleKey": "text_style." + t.Style})
			if setup.Rules.tableFlow() {
				s.textEffect(seq, t.Effect)
			}
		}
	}
}

// ExitShown says whether the heroes know of an exit: a secret door only
// once it has been found.
func ExitShown(s State, e quest.Exit) bool {
	return e.Kind != "secret_door" || slices.Contains(s.Found, e.ID)
}

// Findable are what the heroes may still find in the revealed sections:
// elements not found yet, and secret doors not found yet (as OnceTargets,
// Element being the element's or the secret door's id).
func Findable(s State, q *quest.Quest) []OnceTarget {
	var out []OnceTarget
	for _, id := range s.Revealed {
		sec, _ := q.Section(id)
		for _, el := range sec.Elements {
			if !slices.Contains(s.Found, el.ID) {
				out = append(out, OnceTarget{Element: el.ID, Name: el.Name, Kind: el.Kind})
			}
		}
		for _, ex := range sec.Exits {
			if !ExitShown(s, ex) {
				out = append(out, OnceTarget{Element: ex.ID, ExitKind: ex.Kind, To: ex.To})
			}
		}
	}
	return out
}

// CanBreak says whether the way into hidden section id can be broken down:
// a door of a revealed section leads to it (an arrow has nothing to break).
func CanBreak(s State, q *quest.Quest, id string) bool {
	for _, rid := range s.Revealed {
		sec, _ := q.Section(rid)
		for _, e := range sec.Exits {
			if e.To == id && e.Kind != "arrow" && ExitShown(s, e) {
				return true
			}
		}
	}
	return false
}

// Reachable are the unrevealed sections an exit of a revealed section leads
// to; a secret door counts only once it has been found.
func Reachable(s State, q *quest.Quest) []string {
	var out []string
	for _, id := range s.Revealed {
		sec, _ := q.Section(id)
		for _, e := range sec.Exits {
			if !ExitShown(s, e) {
				continue
			}
			if !slices.Contains(s.Revealed, e.To) && !slices.Contains(out, e.To) {
				out = append(out, e.To)
			}
		}
	}
	return out
}

// questSection checks a quest section reveal: the section exists, is not
// revealed yet, and an available exit of a revealed section leads to it.
func questSection(s *State, q *quest.Quest, e *SectionRevealed) (quest.Section, error) {
	if e.Section == "" {
		return quest.Section{}, ruleError("rule.section.id_needed", nil)
	}
	sec, ok := q.Section(e.Section)
	switch {
	case !ok:
		return sec, ruleError("rule.section.not_in_quest", map[string]any{"Section": e.Section})
	case slices.Contains(s.Revealed, e.Section):
		return sec, ruleError("rule.section.revealed", map[string]any{"Section": SectionName(q, e.Section)})
	case !slices.Contains(Reachable(*s, q), e.Section):
		return sec, ruleError("rule.section.not_reachable", map[string]any{"Section": SectionName(q, e.Section)})
	case e.Kind != "" && e.Kind != sec.Kind:
		return sec, ruleError("rule.section.kind_mismatch", map[string]any{"Section": SectionName(q, e.Section), "Kind": sec.Kind, "KindKey": SectionKeys[sec.Kind]})
	}
	return sec, nil
}

// questElement finds an element, or a secret door, in a revealed section.
func questElement(s State, q *quest.Quest, id string) bool {
	for _, sid := range s.Revealed {
		sec, _ := q.Section(sid)
		if slices.ContainsFunc(sec.Elements, func(e quest.Element) bool { return e.ID == id }) ||
			slices.ContainsFunc(sec.Exits, func(e quest.Exit) bool { return e.ID == id }) {
			return true
		}
	}
	return false
}

// elementName is the name, in every language, of the element id of a
// section of q, or nil when id is not one (a secret door's exit).
func elementName(q *quest.Quest, id string) map[string]string {
	for _, sec := range q.Sections {
		for _, el := range sec.Elements {
			if el.ID == id {
				return map[string]string(el.Name)
			}
		}
	}
	return nil
}

// ElementFound marks an element of a revealed section found (a chest
// opened, an objective reached, a secret door discovered).
type ElementFound struct {
	ID string `json:"id"`
}

var _ = Events.Register(func() Event { return &ElementFound{} })

func (*ElementFound) Type() string { return "element_found" }

func (*ElementFound) Gate() engine.Gate[moment] { return needs(questPlayed) }

func (e *ElementFound) apply(s *State, c applyContext) error {
	q := c.setup.QuestData // a quest game: allowed asked
	if !questElement(*s, q, e.ID) {
		return ruleError("rule.element.unknown", map[string]any{"ID": e.ID})
	}
	name := elementName(q, e.ID) // nil for a secret door: exits have no name
	if slices.Contains(s.Found, e.ID) {
		if name == nil {
			return ruleError("rule.secret_door.found", map[string]any{"ID": e.ID})
		}
		return ruleError("rule.element.found", map[string]any{"ID": e.ID, "NameText": name})
	}
	s.find(c.seq, *c.setup, e.ID)
	return nil
}

// find marks an element or a secret door found, and shows its texts.
func (s *State) find(seq int, setup Setup, id string) {
	q := setup.QuestData
	s.Found = append(slices.Clip(s.Found), id)
	if name := elementName(q, id); name == nil {
		s.log(seq, "log.secret_door_found", map[string]any{"ID": id})
	} else {
		s.log(seq, "log.element_found", map[string]any{"ID": id, "NameText": name})
	}
	s.showTexts(seq, setup, func(t quest.HiddenText) bool { return t.Element == id })
}

// ConditionMet ticks a quest condition ("the altar is touched").
type ConditionMet struct {
	ID string `json:"id"`
}

var _ = Events.Register(func() Event { return &ConditionMet{} })

func (*ConditionMet) Type() string { return "condition_met" }

func (*ConditionMet) Gate() engine.Gate[moment] { return needs(questPlayed) }

func (e *ConditionMet) apply(s *State, c applyContext) error {
	q := c.setup.QuestData // a quest game: allowed asked
	if !slices.ContainsFunc(q.Conditions, func(k quest.Condition) bool { return k.ID == e.ID }) {
		return ruleError("rule.condition.unknown", map[string]any{"ID": e.ID})
	}
	i := slices.IndexFunc(q.Conditions, func(k quest.Condition) bool { return k.ID == e.ID })
	label := map[string]string(q.Conditions[i].Label)
	if slices.Contains(s.ConditionsMet, e.ID) {
		return ruleError("rule.condition.met", map[string]any{"ID": e.ID, "LabelText": label})
	}
	s.meet(c.seq, *c.setup, q.Conditions[i])
	return nil
}

// meet ticks a quest condition and shows its texts.
func (s *State) meet(seq int, setup Setup, k quest.Condition) {
	s.ConditionsMet = append(slices.Clip(s.ConditionsMet), k.ID)
	s.log(seq, "log.condition_met", map[string]any{"ID": k.ID, "LabelText": map[string]string(k.Label)})
	s.showTexts(seq, setup, func(t quest.HiddenText) bool { return t.Condition == k.ID })
}

// IDs built from names above, listed so every one is translated.
var _ = []string{"text_style.red", "text_style.adp"}

// inEveryLanguage is a quest text as a message argument the translator
// shows in the reader's language.
func inEveryLanguage(t quest.Text) map[string]any {
	m := make(map[string]any, len(t))
	for lang, v := range t {
		m[lang] = v
	}
	return m
}

// What ReadAloud lists: a section's text, or a hidden text, by id.
const (
	ReadSection = "section:"
	ReadText    = "text:"
)

// reading keeps the texts event e brought to read aloud (the entries of
// ReadAloud from index from on) for the card: a reveal's section and red
// boxes, a find's, a condition's. The next turn or the next exit opened
// puts them away; newer texts take their place.
func (s *State) reading(e Event, from int) {
	switch e.(type) {
	case *NewTurn, *ExitOpened:
		s.Reading = nil
	}
	if len(s.ReadAloud) > from {
		s.Reading = slices.Clone(s.ReadAloud[from:])
	}
}

// Input of a text to read aloud (a prompt's Args["Entry"] is its entry of
// State.ReadAloud): the card gives it a Read aloud button, but an ADP
// note's, which is not read aloud.
const InputReadAloud = "read_aloud"

// readPrompts put on the card the texts to read aloud now (State.Reading):
// a section's text, a red box, or an ADP note (the Conductor's alone, not
// read aloud).
func readPrompts(s State, setup Setup) []Prompt {
	q := setup.QuestData
	if q == nil || s.QuestOver != nil {
		return nil
	}
	var ps []Prompt
	for _, entry := range s.Reading {
		if id, ok := strings.CutPrefix(entry, ReadText); ok {
			i := slices.IndexFunc(q.Texts, func(t quest.HiddenText) bool { return t.ID == id })
			if i < 0 {
				continue
			}
			t := q.Texts[i]
			id := "prompt.read.red"
			if t.Style == "adp" {
				id = "prompt.read.adp" // the Conductor's: the UI reads nothing of it
			}
			ps = append(ps, Prompt{ID: id, Input: InputReadAloud, Args: map[string]any{"Text": inEveryLanguage(t.Text), "Entry": entry}})
			continue
		}
		id, _ := strings.CutPrefix(entry, ReadSection)
		if sec, ok := q.Section(id); ok && len(sec.Text) > 0 {
			ps = append(ps, Prompt{ID: "prompt.read.section", Input: InputReadAloud,
				Args: map[string]any{"NameText": map[string]string(q.SectionName(id)), "Text": inEveryLanguage(sec.Text), "Entry": entry}})
		}
	}
	return ps
}
