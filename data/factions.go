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
