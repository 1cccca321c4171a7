package data

import (
	"embed"
	"io/fs"
	"path"
	"sort"
)

// The sample factions that come with the app (our own creatures and
// numbers): the game module parses them with its rules.
//
//go:embed factions/*.toml
var factionFS embed.FS

// ContentFile is a content file by name.
type ContentFile struct {
	Name string
	Data []byte
}

// BuiltinFactionFiles are the app's own faction files, in name order.
func BuiltinFactionFiles() ([]ContentFile, error) {
	names, err := fs.Glob(factionFS, "factions/*.toml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []ContentFile
	for _, n := range names {
		b, err := factionFS.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, ContentFile{Name: path.Base(n), Data: b})
	}
	return out, nil
}

// ContentFiles are the stored content files of a kind, by id.
func (s *Store) ContentFiles(kind string) ([]ContentFile, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rows, err := s.db.Query(`SELECT id, source FROM content_files WHERE kind = ? ORDER BY id`, kind)
	if err != nil {
		return nil, s.wrap("list "+kind+" files", err)
	}
	defer rows.Close()
	var out []ContentFile
	for rows.Next() {
		var id, src string
		if err := rows.Scan(&id, &src); err != nil {
			return nil, s.wrap("list "+kind+" files", err)
		}
		out = append(out, ContentFile{Name: id + ".toml", Data: []byte(src)})
	}
	return out, rows.Err()
}
