// Package messages holds Dungeon Universalis's message files (English and
// Spanish), which live here beside the game, not in translations/: it
// registers them on import. ui/dun and its editors import it; it needs no
// Fyne, so a headless command can speak the game's messages too.
package messages

import (
	"embed"
	"sync"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

//go:embed *.toml
var files embed.FS

func init() {
	translations.Register("ui/dun/messages", files)
	quest.NameKinds(kindNames)
}

// kindNames is a section kind's name (section.KIND) in every language whose
// files name it: a section a quest leaves unnamed is "Sala 2" in Spanish,
// and in a language added by its files, its own word.
func kindNames(kind string) quest.Text {
	if v, ok := kindsRead.Load(kind); ok {
		return v.(quest.Text)
	}
	key := "section." + kind
	names := quest.Text{}
	for _, l := range translations.Languages {
		if s := translations.New(l.Tag).T(key, nil); s != key && s != "" {
			names[l.Tag] = s
		}
	}
	kindsRead.Store(kind, names)
	return names
}

// kindsRead keeps each kind's names once read: the languages are found once,
// when the app starts.
var kindsRead sync.Map
