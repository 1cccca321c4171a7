package data

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one numbered SQL file; applying it sets user_version to N.
type migration struct {
	n    int
	name string
	sql  string
}

// migrations are the embedded files in order. Their numbers must run 1..n
// without gaps, since user_version counts how many have been applied. A
// broken set is a programming error: Open reports migrationsErr.
var migrations, migrationsErr = loadMigrations(migrationFiles)

func loadMigrations(fsys fs.FS) ([]migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, name := range names {
		base := path.Base(name)
		num, _, ok := strings.Cut(base, "_")
		n, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with its number, e.g. 0002_x.sql", name)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("migration %s: %w", name, err)
		}
		ms = append(ms, migration{n: n, name: base, sql: string(body)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].n < ms[j].n })
	for i, m := range ms {
		if m.n != i+1 {
			return nil, fmt.Errorf("migration %s: expected number %d", m.name, i+1)
		}
	}
	if len(ms) == 0 {
		return nil, fmt.Errorf("no migrations embedded")
	}
	return ms, nil
}

// afterMigration is Go work that completes a migration, run in its
// transaction after its SQL: what SQL alone cannot compute.
var afterMigration = map[int]func(s *Store, tx *sql.Tx) error{
	5: (*Store).fillSummaries,
}

// migrate applies the migrations after version, each in its own transaction
// together with the user_version that records it, so a crash leaves the file
// at a whole version.
func (s *Store) migrate(ctx context.Context, version int) error {
	for _, m := range migrations[version:] {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return s.wrap("migration "+m.name, err)
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			tx.Rollback()
			return s.wrap("migration "+m.name, err)
		}
		if after := afterMigration[m.n]; after != nil {
			if err := after(s, tx); err != nil {
				tx.Rollback()
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.n)); err != nil {
			tx.Rollback()
			return s.wrap("migration "+m.name, err)
		}
		if err := tx.Commit(); err != nil {
			return s.wrap("migration "+m.name, err)
		}
	}
	return nil
}
