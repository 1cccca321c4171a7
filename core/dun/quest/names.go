package quest

import (
	"fmt"
	"slices"
)

// kindNames are the section kinds' names in every language, for a section
// its quest file leaves unnamed.
var kindNames = map[string]Text{
	"corridor": {"en": "Corridor", "es": "Pasillo"},
	"room":     {"en": "Room", "es": "Sala"},
	"large":    {"en": "Large section", "es": "Sección grande"},
	"main":     {"en": "Main Room", "es": "Sala Principal"},
}

// SectionName is what a section is called, in every language: the name the
// quest gives it, or for a quest that gives none a name made from its kind
// and, when the quest has more than one section of that kind, its number
// among them in file order ("Room 2"). Never the section's id; an id that
// is not a section's gets nil.
func (q *Quest) SectionName(id string) Text {
	i := slices.IndexFunc(q.Sections, func(s Section) bool { return s.ID == id })
	if i < 0 {
		return nil
	}
	sec := &q.Sections[i]
	if len(sec.Name) > 0 {
		return sec.Name
	}
	n, count := 0, 0
	for j, s := range q.Sections {
		if s.Kind == sec.Kind {
			count++
			if j == i {
				n = count
			}
		}
	}
	kind, ok := kindNames[sec.Kind]
	if !ok {
		kind = kindNames["room"]
	}
	name := make(Text, len(kind))
	for lang, k := range kind {
		if count > 1 {
			k = fmt.Sprintf("%s %d", k, n)
		}
		name[lang] = k
	}
	return name
}
