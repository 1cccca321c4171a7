// Package dun is the Dungeon Universalis module: the Artificial Dark
// Player's rules as a state, events and a reducer that the engine
// (core/engine) runs. A game is a Setup plus an ordered log of events. It
// holds no display text (only message IDs), does no I/O and knows nothing of
// Fyne or SQL.
package dun

import (
	"fmt"

	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// Conductor modes (rules: "Conductor", "Rotating Conductor").
const (
	ConductorSingle   = "single"
	ConductorRotating = "rotating"
)

// Limits of a DUN group: 1 to 5 heroes.
const (
	MinHeroes = 1
	MaxHeroes = 5
)

// Setup is everything decided before the first event. Either HeroVP (one
// value per hero) or Heroes plus GroupVP is given; Normalize fills the rest.
type Setup struct {
	Heroes int   `json:"heroes,omitempty"`
	HeroVP []int `json:"hero_vp,omitempty"`
	// Party names the heroes with the attributes the app's rolls use; their
	// VP are the hero VP list.
	Party     []PartyHero `json:"party,omitempty"`
	GroupVP   int         `json:"group_vp,omitempty"`
	LeaderVP  int         `json:"leader_vp"`
	Conductor string      `json:"conductor"`
	Seed      uint64      `json:"seed"`
	// EncounterCardsAvailable caps the Encounter deck ("NOTE" in "Encounter
	// Deck"); 0 means DefaultEncounterCards.
	EncounterCardsAvailable int `json:"encounter_cards_available,omitempty"`
	// Decks holds a quest's changes to deck building, by deck name.
	Decks map[string]DeckRule `json:"decks,omitempty"`
	Rules Rules               `json:"rules"`
	// Quest is the quest's id; QuestData the quest itself, which whoever
	// builds the game supplies (the store keeps the exact file a game began with).
	Quest     string       `json:"quest,omitempty"`
	QuestData *quest.Quest `json:"-"`
	// Faction is the faction's id; FactionData the faction, supplied like
	// QuestData. With one, a spawn row puts its creatures on the roster.
	Faction     string           `json:"faction,omitempty"`
	FactionData *faction.Faction `json:"-"`
}

// Normalize returns the setup with the hero count and group VP derived from
// the hero list when one is given, and the conductor mode defaulted to single.
func (s Setup) Normalize() Setup {
	if len(s.Party) > 0 && len(s.HeroVP) == 0 {
		for _, h := range s.Party {
			s.HeroVP = append(s.HeroVP, h.VP)
		}
	}
	if len(s.HeroVP) > 0 {
		if s.Heroes == 0 {
			s.Heroes = len(s.HeroVP)
		}
		if s.GroupVP == 0 {
			for _, v := range s.HeroVP {
				s.GroupVP += v
			}
		}
	}
	if s.Conductor == "" {
		s.Conductor = ConductorSingle
	}
	if s.EncounterCardsAvailable == 0 {
		s.EncounterCardsAvailable = DefaultEncounterCards
	}
	if f := s.FactionData; f != nil {
		s.Faction = f.ID
	}
	if q := s.QuestData; q != nil {
		s.Quest = q.ID
		if len(s.Decks) == 0 && len(q.Decks) > 0 {
			// "there are adventures in which different ways of building the decks are indicated"
			s.Decks = map[string]DeckRule{}
			for name, d := range q.Decks {
				s.Decks[name] = DeckRule{Absent: d.Absent, Random: d.Random}
			}
		}
	}
	return s
}

// Validate checks a normalized setup against the ADP setup rules and returns
// every problem, or nil.
func (s Setup) Validate() error {
	var errs setupProblems
	s.validateVP(&errs)
	s.validateTable(&errs)
	errs = append(errs, validateDeckRules(s.Decks)...)
	errs = append(errs, validateParty(s.Party)...)
	s.validatePartyLimits(&errs)
	s.validateContent(&errs)
	s.validateSpawnProfiles(&errs)
	s.Rules.validate(&errs)
	if len(errs) == 0 {
		return nil
	}
	return SetupErrors(errs)
}

// setupProblems gathers a setup's problems in the order they are found.
type setupProblems []FieldError

func (e *setupProblems) add(field, id string, args map[string]any) {
	*e = append(*e, FieldError{Field: field, ID: id, Args: args})
}

// validateVP checks the heroes, their VP, the group's and the Leader's.
func (s Setup) validateVP(errs *setupProblems) {
	if s.Heroes < MinHeroes || s.Heroes > MaxHeroes {
		errs.add("heroes", "setup.heroes.range", map[string]any{"Min": MinHeroes, "Max": MaxHeroes, "Value": s.Heroes})
	}
	if len(s.HeroVP) > 0 {
		s.validateHeroVP(errs)
	}
	if s.GroupVP <= 0 {
		errs.add("group_vp", "setup.group_vp.positive", map[string]any{"Value": s.GroupVP})
	} else if s.GroupVP > MaxGroupVP {
		errs.add("group_vp", "setup.group_vp.max", map[string]any{"Value": s.GroupVP, "Max": MaxGroupVP})
	}
	if s.LeaderVP < 0 {
		errs.add("leader_vp", "setup.leader_vp.negative", map[string]any{"Value": s.LeaderVP})
	} else if s.GroupVP > 0 && s.LeaderVP > s.GroupVP {
		// Setup step 3: the Leader is paid from the reserve, which starts at the group VP.
		errs.add("leader_vp", "setup.leader_vp.too_high", map[string]any{"Value": s.LeaderVP, "GroupVP": s.GroupVP})
	}
}

// validateHeroVP checks each hero's VP, one per hero, adding up to the
// group's.
func (s Setup) validateHeroVP(errs *setupProblems) {
	sum := 0
	for i, v := range s.HeroVP {
		if v <= 0 {
			errs.add(fmt.Sprintf("hero_vp.%d", i), "setup.hero_vp.positive", map[string]any{"Hero": i + 1, "Value": v})
		} else if v > MaxHeroVP {
			errs.add(fmt.Sprintf("hero_vp.%d", i), "setup.hero_vp.max", map[string]any{"Hero": i + 1, "Value": v, "Max": MaxHeroVP})
		}
		sum += v
	}
	if len(s.HeroVP) != s.Heroes {
		errs.add("hero_vp", "setup.hero_vp.count", map[string]any{"Heroes": s.Heroes, "Count": len(s.HeroVP)})
	} else if sum != s.GroupVP {
		errs.add("group_vp", "setup.group_vp.sum", map[string]any{"Sum": sum, "Value": s.GroupVP})
	}
}

// validateTable checks the Conductor mode and the encounter cards.
func (s Setup) validateTable(errs *setupProblems) {
	if s.Conductor != ConductorSingle && s.Conductor != ConductorRotating {
		errs.add("conductor", "setup.conductor.unknown", map[string]any{"Value": s.Conductor})
	}
	if s.EncounterCardsAvailable < 0 {
		errs.add("encounter_cards_available", "setup.encounter_cards.negative", map[string]any{"Value": s.EncounterCardsAvailable})
	} else if s.EncounterCardsAvailable > MaxDeckCards {
		errs.add("encounter_cards_available", "setup.encounter_cards.max", map[string]any{"Value": s.EncounterCardsAvailable, "Max": MaxDeckCards})
	}
}

// validatePartyLimits checks the party against the bounds (limits.go;
// validateParty refuses what is negative) and the heroes' count.
func (s Setup) validatePartyLimits(errs *setupProblems) {
	for i, h := range s.Party {
		if tooLong(h.Name) {
			errs.add(fmt.Sprintf("party.%d.name", i), "setup.party.name_long", map[string]any{"Hero": i + 1, "Max": MaxNameBytes})
		}
		for _, a := range []string{"perception", "intelligence", "agility", "dexterity", "strength", "movement", "willpower"} {
			if v, _ := h.Attribute(a); v > MaxAttribute {
				errs.add(fmt.Sprintf("party.%d.%s", i, a), "setup.party.attribute_max", map[string]any{"Hero": i + 1, "AttributeKey": "attribute." + a, "Value": v, "Max": MaxAttribute})
			}
		}
	}
	if len(s.Party) > 0 && len(s.Party) != len(s.HeroVP) {
		errs.add("party", "setup.party.count", map[string]any{"Count": len(s.Party), "Heroes": len(s.HeroVP)})
	}
}

// validateContent checks that the faction and the quest named are loaded.
func (s Setup) validateContent(errs *setupProblems) {
	if s.Faction != "" && (s.FactionData == nil || s.FactionData.ID != s.Faction) {
		errs.add("faction", "setup.faction.missing", map[string]any{"Faction": s.Faction})
	}
	if s.Quest != "" && (s.QuestData == nil || s.QuestData.ID != s.Quest) {
		errs.add("quest", "setup.quest.missing", map[string]any{"Quest": s.Quest})
	}
}
