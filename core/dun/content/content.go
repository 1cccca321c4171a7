// Package content is what a DUN game keeps besides its setup, and DUN's
// content files as the store checks them: the kinds (quests and factions),
// a game's content made from its quest and faction files and read back,
// and the app's own quests.
package content

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"sync"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quests"
	"github.com/dunconductor/conductor/core/engine"
)

// The kinds of content file DUN reads, as the store keeps them.
const (
	KindQuest   = "quest"
	KindFaction = "faction"
)

// Kinds are the kinds of content file DUN checks: quests and factions.
func Kinds() []string { return []string{KindQuest, KindFaction} }

// BuiltinQuests are the app's own quests, in file order. They are checked by
// tests, so a problem here is a build defect. The files are read once; each
// call gets copies of its own, which it may change.
func BuiltinQuests() ([]*quest.Quest, error) {
	builtins.once.Do(func() { builtins.qs, builtins.err = parseBuiltinQuests() })
	if builtins.err != nil {
		return nil, builtins.err
	}
	qs := make([]*quest.Quest, len(builtins.qs))
	for i, q := range builtins.qs {
		c := engine.DeepCopy(*q)
		qs[i] = &c
	}
	return qs, nil
}

// BuiltinQuest is the built-in quest with id (a copy of its own), or
// false when the app has none by that id.
func BuiltinQuest(id string) (*quest.Quest, bool) {
	qs, err := BuiltinQuests()
	if err != nil {
		return nil, false
	}
	for _, q := range qs {
		if q.ID == id {
			return q, true
		}
	}
	return nil, false
}

// builtins are the built-in quests as read, once: a New game dialog lists
// them each time it opens, and their TOML takes far longer to read than to
// copy.
var builtins struct {
	once sync.Once
	qs   []*quest.Quest
	err  error
}

func parseBuiltinQuests() ([]*quest.Quest, error) {
	names, err := fs.Glob(quests.Files, "*.toml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var qs []*quest.Quest
	for _, n := range names {
		b, err := quests.Files.ReadFile(n)
		if err != nil {
			return nil, err
		}
		q, ps := quest.Parse(n, b)
		if ps != nil {
			return nil, ps
		}
		qs = append(qs, q)
	}
	return qs, nil
}

// IsBuiltinQuest says whether id is one of the app's own quests' ids, which
// a quest of the Conductor's may not take.
func IsBuiltinQuest(id string) (bool, error) {
	builtins, err := BuiltinQuests()
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(builtins, func(b *quest.Quest) bool { return b.ID == id }), nil
}

// Check checks a content file of one of DUN's kinds, named file, and gives
// the id it is kept under. A file that is not valid gives its
// quest.Problems (each with its line and what to fix), and a quest with the
// id of a built-in one the problem "quest.builtin_id"; a faction may take a
// sample's id, and stands in for it.
func Check(kind, file string, source []byte) (string, error) {
	switch kind {
	case KindQuest:
		q, ps := quest.Parse(file, source)
		if ps != nil {
			return "", ps
		}
		builtin, err := IsBuiltinQuest(q.ID)
		if err != nil {
			return "", err
		}
		if builtin {
			return "", quest.Problems{{File: file, Line: 1, ID: "quest.builtin_id", Args: map[string]any{"ID": q.ID}}}
		}
		return q.ID, nil
	case KindFaction:
		f, ps := bestiary.ParseFaction(file, source)
		if ps != nil {
			return "", ps
		}
		return f.ID, nil
	}
	return "", fmt.Errorf("dun: no content of kind %q", kind)
}

// files is a game's content with a faction: its quest file and its faction
// file. A game with only a quest keeps the quest file itself, as before
// factions.
type files struct {
	Quest   string `json:"quest,omitempty"`
	Faction string `json:"faction,omitempty"`
}

// Encode is a DUN game's content from its quest file and faction file
// (either may be nil), as a game keeps it and New and Resume take it.
func Encode(questFile, factionFile []byte) []byte {
	if factionFile == nil {
		return questFile
	}
	b, _ := json.Marshal(files{Quest: string(questFile), Faction: string(factionFile)}) // strings only: cannot fail
	return b
}

// Decode reads a game's content back: its quest and its faction, each nil
// when the content has none. questFile and factionFile name them in their
// problems.
func Decode(data []byte, questFile, factionFile string) (*quest.Quest, *faction.Faction, error) {
	if len(data) == 0 {
		return nil, nil, nil
	}
	var c files
	if data[0] == '{' { // a TOML file never starts with a brace
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, nil, fmt.Errorf("content: %w", err)
		}
	} else {
		c.Quest = string(data)
	}
	var q *quest.Quest
	var f *faction.Faction
	if c.Quest != "" {
		var ps quest.Problems
		if q, ps = quest.Parse(questFile, []byte(c.Quest)); ps != nil {
			return nil, nil, fmt.Errorf("its quest: %w", ps)
		}
	}
	if c.Faction != "" {
		var ps quest.Problems
		if f, ps = bestiary.ParseFaction(factionFile, []byte(c.Faction)); ps != nil {
			return nil, nil, fmt.Errorf("its faction: %w", ps)
		}
	}
	return q, f, nil
}
