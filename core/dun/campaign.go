package dun

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dunconductor/conductor/core/engine"
)

// CampaignHero is one hero of a campaign's party, as the party stands now or
// after a quest. A campaign keeps its party as DUN's document (the JSON of
// []CampaignHero, see EncodeParty), which the store keeps without reading it
// and has DUN check (Module.CheckParty).
type CampaignHero struct {
	Name  string `json:"name"`
	Class string `json:"class"`
	VP    int    `json:"vp"`
	Gold  int    `json:"gold"`
	Notes string `json:"notes"`
	// Attributes are the ones the app's rolls use, by name (perception,
	// intelligence, agility, dexterity, strength, movement).
	Attributes map[string]int `json:"attributes,omitempty"`
}

// Bounds of a campaign hero's attributes and how many it may have: far
// above a game's, only to refuse what cannot be one.
const (
	maxHeroAttribute  = 100
	maxHeroAttributes = 20
)

// EncodeParty is a party as its campaign keeps it.
func EncodeParty(heroes []CampaignHero) ([]byte, error) {
	if heroes == nil {
		heroes = []CampaignHero{}
	}
	return json.Marshal(heroes)
}

// DecodeParty reads a campaign's party: a JSON array of heroes, with no
// field DUN does not know.
func DecodeParty(doc []byte) ([]CampaignHero, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.DisallowUnknownFields()
	var heroes []CampaignHero
	if err := dec.Decode(&heroes); err != nil {
		return nil, fmt.Errorf("the party: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("the party: more data after its heroes")
	}
	return heroes, nil
}

// PartyVP is the sum of the heroes' VP: the group VP of the party's next
// game.
func PartyVP(heroes []CampaignHero) int {
	sum := 0
	for _, h := range heroes {
		sum += h.VP
	}
	return sum
}

// CheckParty checks a campaign's party for the store: 1 to MaxHeroes
// heroes, each named, VP and gold not negative, attributes 0 to 100 (at
// most 20 of them); text checks each name and class (notes false) and each
// hero's notes (true) against the store's limits, and its error is wrapped.
// It gives the party as it is kept: names and classes trimmed.
func (module) CheckParty(doc []byte, text func(s string, notes bool) error) ([]byte, error) {
	heroes, err := DecodeParty(doc)
	if err != nil {
		return nil, err
	}
	if n := len(heroes); n < MinHeroes || n > MaxHeroes {
		return nil, fmt.Errorf("%d heroes, a group has %d to %d", n, MinHeroes, MaxHeroes)
	}
	for i := range heroes {
		h := &heroes[i]
		h.Name, h.Class = strings.TrimSpace(h.Name), strings.TrimSpace(h.Class)
		switch {
		case h.Name == "":
			return nil, fmt.Errorf("hero %d has no name", i+1)
		case h.VP < 0:
			return nil, fmt.Errorf("hero %d (%s) has negative VP (%d)", i+1, engine.QuoteShort(h.Name), h.VP)
		case h.Gold < 0:
			return nil, fmt.Errorf("hero %d (%s) has negative gold (%d)", i+1, engine.QuoteShort(h.Name), h.Gold)
		case len(h.Attributes) > maxHeroAttributes:
			return nil, fmt.Errorf("hero %d (%s) has %d attributes", i+1, engine.QuoteShort(h.Name), len(h.Attributes))
		}
		for a, v := range h.Attributes {
			if err := text(a, false); err != nil || a == "" || v < 0 || v > maxHeroAttribute {
				return nil, fmt.Errorf("hero %d (%s): attribute %s is %d (0 to %d)", i+1, engine.QuoteShort(h.Name), engine.QuoteShort(a), v, maxHeroAttribute)
			}
		}
		for _, f := range []struct {
			what  string
			s     string
			notes bool
		}{{"name", h.Name, false}, {"class", h.Class, false}, {"notes", h.Notes, true}} {
			if err := text(f.s, f.notes); err != nil {
				return nil, fmt.Errorf("hero %d's %s: %w", i+1, f.what, err)
			}
		}
	}
	return EncodeParty(heroes)
}
