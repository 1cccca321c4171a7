package quest

import (
	"fmt"
	"maps"
	"slices"
	"sync/atomic"
)

// kindNames are the section kinds' names as shipped, for a section its
// quest file leaves unnamed: what core's own tests and a build without the
// game's message files read. The app names the kinds from its message
// files (NameKinds), so a language added by its files names them too.
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
	kind := kindName(sec.Kind)
	name := make(Text, len(kind))
	for lang, k := range kind {
		if count > 1 {
			k = fmt.Sprintf("%s %d", k, n)
		}
		name[lang] = k
	}
	return name
}

// kindNamer gives a section kind's name in every language the message files
// name it; nil until NameKinds.
var kindNamer atomic.Pointer[func(kind string) Text]

// NameKinds has section kinds named by names (the app registers its message
// files' names, section.KIND); the shipped names fill what it lacks.
func NameKinds(names func(kind string) Text) { kindNamer.Store(&names) }

// kindName is kind's name in every language it has one in: an unknown kind
// is a room's.
func kindName(kind string) Text {
	if _, ok := kindNames[kind]; !ok {
		kind = "room"
	}
	name := maps.Clone(kindNames[kind])
	if f := kindNamer.Load(); f != nil {
		maps.Copy(name, (*f)(kind))
	}
	return name
}
