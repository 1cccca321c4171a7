package data

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// The quests that come with the app, always available.
//
//go:embed quests/*.toml
var builtinFS embed.FS

// BuiltinQuests are the app's own quests, in file order. They are checked by
// tests, so a problem here is a build defect.
func BuiltinQuests() ([]*quest.Quest, error) {
	names, err := fs.Glob(builtinFS, "quests/*.toml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var qs []*quest.Quest
	for _, n := range names {
		b, err := builtinFS.ReadFile(n)
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

// ErrBuiltinQuest means an imported quest has the id of one of the app's own.
var ErrBuiltinQuest = errors.New("a built-in quest has this id")

// ImportQuest checks a quest file and stores it. An invalid file gives its
// problems and stores nothing; importing a quest id again replaces the old
// file (games in progress keep the quest they began with).
func (s *Store) ImportQuest(file string, data []byte) (*quest.Quest, quest.Problems, error) {
	q, ps := quest.Parse(file, data)
	if ps != nil {
		return nil, ps, nil
	}
	builtins, err := BuiltinQuests()
	if err != nil {
		return nil, nil, err
	}
	if slices.ContainsFunc(builtins, func(b *quest.Quest) bool { return b.ID == q.ID }) {
		return nil, quest.Problems{{File: file, Line: 1, ID: "quest.builtin_id", Args: map[string]any{"ID": q.ID}}}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err = s.db.Exec(`INSERT INTO quests (id, source, imported_at) VALUES (?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET source = excluded.source, imported_at = excluded.imported_at`,
		q.ID, string(data), now().Format(timeLayout))
	if err != nil {
		return nil, nil, s.wrap(fmt.Sprintf("import quest %q", q.ID), err)
	}
	return q, nil, nil
}

// Quests are the built-in quests, then the imported ones by id.
func (s *Store) Quests() ([]*quest.Quest, error) {
	qs, err := BuiltinQuests()
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	rows, err := s.db.Query(`SELECT id, source FROM quests ORDER BY id`)
	if err != nil {
		return nil, s.wrap("list quests", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, src string
		if err := rows.Scan(&id, &src); err != nil {
			return nil, s.wrap("list quests", err)
		}
		q, ps := quest.Parse(id+".toml", []byte(src))
		if ps != nil {
			continue // stored only after checking; a later, stricter check skips it rather than failing the list
		}
		qs = append(qs, q)
	}
	return qs, rows.Err()
}
