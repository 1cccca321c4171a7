package edit

import (
	"strings"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// File is the name problems give the quest being edited.
const File = "edited-quest.toml"

// Problems are what the validator finds in the quest as TOML() writes it,
// each with the object it concerns (the one whose table holds its line;
// the quest for a problem of the whole file). A text given in one
// language but not the other is no problem here: Missing lists it.
func (d *Doc) Problems() []Problem {
	// Each text is one line, whatever it holds: a text filled in from its
	// other language is on the same line as in TOML().
	filled := cloneQuest(&d.cur.q)
	eachText(&filled, func(_ Ref, t quest.Text) {
		if !partial(t) {
			return
		}
		var some string
		for _, lang := range quest.Languages {
			if strings.TrimSpace(t[lang]) != "" {
				some = t[lang]
				break
			}
		}
		for _, lang := range quest.Languages {
			if strings.TrimSpace(t[lang]) == "" {
				t[lang] = some
			}
		}
	})
	data, lines, err := quest.EncodeLines(&filled)
	if err != nil {
		return nil
	}
	_, ps := quest.Parse(File, data)
	out := make([]Problem, 0, len(ps))
	for _, p := range ps {
		ref := Ref{Kind: "quest"}
		if p.Line > 0 && p.Line < len(lines) {
			ref = toRef(&filled, lines[p.Line])
		}
		if ref.Kind == "deck" && ref.ID == "" {
			if deck, ok := p.Args["Deck"].(string); ok {
				ref.ID = deck
			}
		}
		out = append(out, Problem{Problem: p, Ref: ref})
	}
	return out
}

// toRef is the Ref of an encoded line's object.
func toRef(q *quest.Quest, l quest.LineRef) Ref {
	r := Ref{Kind: l.Kind, Section: l.Section, Index: l.Index, ID: l.ID}
	if l.Kind == "spawn" && l.Index < len(q.SpawnTable) {
		r.Index = q.SpawnTable[l.Index].Roll
	}
	return r
}

// Missing are the objects with a text given in some language but not in
// another (an English name and no Spanish one): the quest is not valid
// until each is given in every language, but the editor flags them and
// goes on. Each object once, in the file's order.
func (d *Doc) Missing() []Ref {
	var refs []Ref
	eachText(&d.cur.q, func(r Ref, t quest.Text) {
		if partial(t) && (len(refs) == 0 || refs[len(refs)-1] != r) {
			refs = append(refs, r)
		}
	})
	return refs
}

// partial says whether a text has some languages but not all.
func partial(t quest.Text) bool {
	some, all := false, true
	for _, lang := range quest.Languages {
		if strings.TrimSpace(t[lang]) != "" {
			some = true
		} else {
			all = false
		}
	}
	return some && !all
}

// eachText calls f with every text of the quest and its object, in the
// file's order.
func eachText(q *quest.Quest, f func(Ref, quest.Text)) {
	top := Ref{Kind: "quest"}
	for _, t := range []quest.Text{q.Title, q.Introduction, q.Setup, q.Faction} {
		f(top, t)
	}
	f(Ref{Kind: "leader"}, q.Leader.Name)
	for _, r := range q.SpawnTable {
		f(Ref{Kind: "spawn", Index: r.Roll}, r.Creatures)
	}
	for _, s := range q.Sections {
		sr := Ref{Kind: "section", Section: s.ID, ID: s.ID}
		f(sr, s.Name)
		f(sr, s.Text)
		for j, e := range s.Elements {
			f(Ref{Kind: "element", Section: s.ID, Index: j, ID: e.ID}, e.Name)
		}
	}
	for i, t := range q.Texts {
		f(Ref{Kind: "text", Index: i, ID: t.ID}, t.Text)
	}
	for i, c := range q.Conditions {
		f(Ref{Kind: "condition", Index: i, ID: c.ID}, c.Label)
	}
}
