package data

import (
	"encoding/json"

	"github.com/dunconductor/conductor/core/dun"
)

// Hero is a hero of a DUN campaign: the campaigns of data's tests are DUN's,
// and their party is DUN's document.
type Hero = dun.CampaignHero

// party is DUN's document of heroes.
func party(heroes []Hero) json.RawMessage {
	if heroes == nil {
		return json.RawMessage("null")
	}
	b, err := dun.EncodeParty(heroes)
	if err != nil {
		panic(err)
	}
	return b
}

// heroesOf reads DUN's document of heroes; nil when it does not read.
func heroesOf(doc json.RawMessage) []Hero {
	hs, err := dun.DecodeParty(doc)
	if err != nil {
		return nil
	}
	return hs
}

// editParty changes the heroes of a party document in place.
func editParty(doc *json.RawMessage, f func(hs []Hero) []Hero) {
	*doc = party(f(heroesOf(*doc)))
}

// createDUN is CreateCampaign of a DUN party.
func (s *Store) createDUN(name string, heroes []Hero) (int64, error) {
	return s.CreateCampaign(dun.ModuleName, name, party(heroes))
}

// updateHeroes is UpdateParty with DUN's heroes.
func (s *Store) updateHeroes(id int64, heroes []Hero) error {
	return s.UpdateParty(id, party(heroes))
}
