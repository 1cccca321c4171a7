package quest

import (
	"sort"
	"strings"
)

// Check is Parse, and the file's warnings (Warnings): what is worth a look
// but does not make the file invalid. The warnings come whenever the file
// could be decoded and checked, problems or not; the quest only when there
// is no problem.
func Check(file string, data []byte) (*Quest, Problems, Problems) {
	q, lines, ps := parse(file, data)
	var warnings Problems
	if q != nil {
		warnings = warn(file, lines, q)
	}
	if ps != nil {
		return nil, ps, warnings
	}
	return q, nil, warnings
}

// Warnings are what is worth a look in quest q, read from data (named
// file), but does not make the file invalid, in line order: an exit that
// is not on its sections' shared wall (ExitsOffWall), and two sections
// called the same in a language (SameNames).
func Warnings(file string, data []byte, q *Quest) Problems {
	return warn(file, IndexLines(data), q)
}

func warn(file string, lines LineIndex, q *Quest) Problems {
	out := append(exitsOffWall(file, lines, q), sameNames(file, lines, q)...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}

// SameNames are the sections of q, read from data (named file), called
// as an earlier section is in some language (letter case and spaces
// aside): the players cannot tell the two apart. Each is on the line of
// the later section, and gives the line of the first (Other). Sections
// that share a name in every language are one warning ("quest.same_name"),
// else one for each language ("quest.same_name_in").
func SameNames(file string, data []byte, q *Quest) Problems {
	return sameNames(file, IndexLines(data), q)
}

func sameNames(file string, lines LineIndex, q *Quest) Problems {
	var out Problems
	add := func(i int, id string, args map[string]any) {
		out = append(out, Problem{File: file, Line: lines.Table("sections", i), ID: id, Args: args})
	}
	langs := q.TextLanguages()
	// first[lang][name]: the first section called name in lang.
	first := make(map[string]map[string]int, len(langs))
	for _, lang := range langs {
		first[lang] = map[string]int{}
	}
	seen := map[string]bool{}
	for i, s := range q.Sections {
		if seen[s.ID] {
			continue // a repeated id is a problem of its own
		}
		seen[s.ID] = true
		name := q.SectionName(s.ID)
		same := map[string]int{} // lang → the earlier section called the same
		for _, lang := range langs {
			key := nameKey(name[lang])
			if key == "" {
				continue
			}
			if j, ok := first[lang][key]; ok {
				same[lang] = j
			} else {
				first[lang][key] = i
			}
		}
		everywhere := len(same) == len(langs)
		for _, lang := range langs[1:] {
			everywhere = everywhere && same[lang] == same[langs[0]]
		}
		if everywhere {
			add(i, "quest.same_name", map[string]any{"NameText": readerName(q, s.ID), "Other": lines.Table("sections", same[langs[0]])})
			continue
		}
		for _, lang := range langs {
			if j, ok := same[lang]; ok {
				add(i, "quest.same_name_in", map[string]any{"Name": strings.TrimSpace(name[lang]), "LangKey": "language.in." + lang, "Other": lines.Table("sections", j)})
			}
		}
	}
	return out
}

// nameKey is a name as the players tell names apart: letter case and
// spaces aside.
func nameKey(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}
