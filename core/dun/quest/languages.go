package quest

import (
	"slices"

	"golang.org/x/text/language"
)

// TextLanguages are the languages the quest's texts are in: those it
// declares (languages = ["en", "fr"]), else English and Spanish, as every
// quest written before a quest could declare them.
func (q *Quest) TextLanguages() []string {
	if len(q.Langs) > 0 {
		return q.Langs
	}
	return Languages
}

// Offered orders languages for a choice: the app's (offered, in their
// order) first, then the others, in the order given; none twice.
func Offered(offered, langs []string) []string {
	var out []string
	for _, l := range offered {
		if slices.Contains(langs, l) && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	for _, l := range langs {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// languages checks the languages a quest declares: each a language tag,
// none twice, and at least one when the key is there.
func (c *checker) languages(q *Quest) {
	if q.Langs == nil {
		return
	}
	line := c.lines.Key("languages")
	if len(q.Langs) == 0 {
		c.add(line, "quest.languages_empty", nil)
	}
	for i, l := range q.Langs {
		if _, err := language.Parse(l); err != nil || l == "" {
			c.add(line, "quest.language_tag", map[string]any{"Tag": l})
		} else if slices.Index(q.Langs, l) < i {
			c.add(line, "quest.language_twice", map[string]any{"Tag": l})
		}
	}
}
