package dcui

import (
	"sync"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/translations"
)

// Buildings' names come from the message files (ui.dc.building_name.ID),
// in every language the app has: a new language is only its files.
func init() { dragoncanyon.NameBuildings(buildingNames) }

// namesByID keeps each building's names once read (id → map or nil).
var namesByID sync.Map

// buildingNames is building id's name in every language whose files name
// it, English first; nil when no file does.
func buildingNames(id string) map[string]any {
	if v, ok := namesByID.Load(id); ok {
		return v.(map[string]any)
	}
	key := "ui.dc.building_name." + id
	var out map[string]any
	for _, l := range translations.Languages {
		if s := translations.New(l.Tag).T(key, nil); s != key {
			if out == nil {
				out = map[string]any{}
			}
			out[l.Tag] = s
		}
	}
	namesByID.Store(id, out)
	return out
}
