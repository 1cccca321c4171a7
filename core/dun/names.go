package dun

import "github.com/dunconductor/conductor/core/dun/quest"

// What messages name things by: a name in every language (a map the
// translator shows in the reader's language), never an id.

// TargetName is whom a lasting Power card benefits, for a message: the
// creature's name when it is on the roster (the card's target is its id),
// else the target as typed.
func (s State) TargetName(target string) any {
	if c, ok := s.Creature(target); ok {
		return c.DisplayName()
	}
	return target
}

// SectionName is a quest section's name for a message, in every language
// (never its id); an id the quest has no section for stays as given.
func SectionName(q *quest.Quest, id string) any {
	if q == nil {
		return id
	}
	name := q.SectionName(id)
	if name == nil {
		return id
	}
	return inEveryLanguage(name)
}

// skillName is a creature's active skill for a message: its name in every
// language when its faction names it, else as typed.
func skillName(setup Setup, c Creature, skill string) any {
	return setup.FactionData.SkillArg(c.Profile, skill)
}
