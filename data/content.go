package data

import (
	"errors"
	"fmt"
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// ContentChecker is what a game module's value (the engine.Module it
// registers) implements for the content files its games read (DUN: quests
// and factions). The store keeps any module's content files by kind and
// id; the module alone knows what a valid one is and what its id is. Its
// methods use only the standard library's types, so a module implements it
// without importing this package.
type ContentChecker interface {
	// ContentKinds are the kinds of content file the module checks
	// ("quest", "faction"): the store finds a kind's module through them.
	ContentKinds() []string
	// CheckContent checks a file of one of those kinds, named file, and
	// gives the id it is kept under. A file that is not valid gives an
	// error saying what is wrong (DUN: its quest.Problems, each with its
	// line), which the store returns wrapped.
	CheckContent(kind, file string, source []byte) (id string, err error)
}

var (
	// ErrContentKind means no registered module reads that kind of content
	// file: it cannot be checked, so it is not stored.
	ErrContentKind = errors.New("no game module reads this kind of content file")
	// ErrBadContent means a content file did not pass its module's checks.
	// The returned error wraps it and the module's own error (for DUN,
	// quest.Problems: errors.As finds them).
	ErrBadContent = errors.New("the content file is not valid")
)

// contentChecker finds the registered module that checks a kind of
// content file.
func contentChecker(kind string) (ContentChecker, error) {
	for _, name := range engine.Modules() {
		m, ok := engine.Lookup(name)
		if !ok {
			continue
		}
		if c, ok := m.(ContentChecker); ok && slices.Contains(c.ContentKinds(), kind) {
			return c, nil
		}
	}
	return nil, fmt.Errorf("%w: %q", ErrContentKind, kind)
}

// CheckContent checks a content file of a kind, named file, with the
// module that reads that kind, and gives the id it would be stored under.
// A kind no module reads is ErrContentKind; a file its module refuses is
// ErrBadContent, wrapping the module's error.
func CheckContent(kind, file string, source []byte) (string, error) {
	c, err := contentChecker(kind)
	if err != nil {
		return "", err
	}
	id, err := c.CheckContent(kind, file, source)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrBadContent, err)
	}
	if id == "" {
		return "", fmt.Errorf("%w: %s has no id", ErrBadContent, engine.QuoteShort(file))
	}
	return id, nil
}

// ImportContent checks a content file of a kind (DUN: "quest", "faction"),
// named file, with the module that reads it (see CheckContent), and stores
// it under the id the module gives, replacing the one stored before. Games
// in progress keep their own copy in their content, so replacing a file
// never changes one. On any error nothing is stored.
func (s *Store) ImportContent(kind, file string, source []byte) (string, error) {
	id, err := CheckContent(kind, file, source)
	if err != nil {
		return "", fmt.Errorf("import %s %s: %w", kind, engine.QuoteShort(file), err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err = s.db.Exec(`INSERT INTO content_files (kind, id, source, imported_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (kind, id) DO UPDATE SET source = excluded.source, imported_at = excluded.imported_at`,
		kind, id, string(source), now().Format(timeLayout))
	if err != nil {
		return "", s.wrap(fmt.Sprintf("import %s %q", kind, id), err)
	}
	return id, nil
}
