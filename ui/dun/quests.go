package dunui

import (
	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// quests are the quests a game can be played with: the app's own, then
// the imported ones by id. A stored file that no longer passes the checks
// (a later, stricter validator) is left out rather than failing the list.
func (s *Screens) quests() ([]*quest.Quest, error) {
	qs, err := dun.BuiltinQuests()
	if err != nil {
		return nil, err
	}
	stored, err := s.store.ContentFiles(dun.ContentQuest)
	for _, f := range stored {
		if q, ps := quest.Parse(f.Name, f.Data); ps == nil {
			qs = append(qs, q)
		}
	}
	return qs, err
}
