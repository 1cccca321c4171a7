package dunui

import (
	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui/journal"
)

func init() { journal.RegisterParty(dun.ModuleName, journalParty) }

// journalParty reads a DUN campaign's party for the campaign's journal.
func journalParty(party []byte) ([]journal.Hero, error) {
	heroes, err := dun.DecodeParty(party)
	if err != nil {
		return nil, err
	}
	out := make([]journal.Hero, 0, len(heroes))
	for _, h := range heroes {
		out = append(out, journal.Hero{Name: h.Name, Class: h.Class, VP: h.VP, Gold: h.Gold})
	}
	return out, nil
}
