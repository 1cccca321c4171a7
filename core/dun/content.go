package dun

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"sync"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
)

// The kinds of content file DUN reads, as the store keeps them.
const (
	ContentQuest   = "quest"
	ContentFaction = "faction"
)

// The quests that come with the app, always available.
//
//go:embed quests/*.toml
var builtinQuestFS embed.FS

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
	names, err := fs.Glob(builtinQuestFS, "quests/*.toml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var qs []*quest.Quest
	for _, n := range names {
		b, err := builtinQuestFS.ReadFile(n)
		if err != nil {
			return nil, err
		}
		q, ps := quest.Parse(path.Base(n), b)
		if ps != nil {
			return nil, ps
		}
		qs = append(qs, q)
	}
	return qs, nil
}

// ContentKinds are the kinds of content file DUN checks: quests and
// factions. The store finds the module of a kind through them.
func (module) ContentKinds() []string { return []string{ContentQuest, ContentFaction} }

// IsBuiltinQuest says whether id is one of the app's own quests' ids, which
// a quest of the Conductor's may not take.
func IsBuiltinQuest(id string) (bool, error) {
	builtins, err := BuiltinQuests()
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(builtins, func(b *quest.Quest) bool { return b.ID == id }), nil
}

// CheckContent checks a content file of one of DUN's kinds, named file, and
// gives the id it is kept under. A file that is not valid gives its
// quest.Problems (each with its line and what to fix), and a quest with the
// id of a built-in one the problem "quest.builtin_id"; a faction may take a
// sample's id, and stands in for it.
func (module) CheckContent(kind, file string, source []byte) (string, error) {
	switch kind {
	case ContentQuest:
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
	case ContentFaction:
		f, ps := ParseFaction(file, source)
		if ps != nil {
			return "", ps
		}
		return f.ID, nil
	}
	return "", fmt.Errorf("dun: no content of kind %q", kind)
}
