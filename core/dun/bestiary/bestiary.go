// Package bestiary is DUN's creature data: the behaviour types
// (behaviours.toml) and their activation cards, the creature levels, and a
// faction file read with both.
package bestiary

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"

	"github.com/BurntSushi/toml"

	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
)

//go:embed behaviours.toml
var behavioursTOML []byte

// BehaviourType is one kind of "Creature Behavior" card.
type BehaviourType struct {
	ID         string
	LeaderOnly bool   `toml:"leader_only"` // the Leader card, used on top of a type
	Group      string `toml:"group"`       // "ranged", "spellcaster" or "" for the rest
	// OwnCard is a Leader's own card (Raazbal's): only a Leader has it,
	// and uses it with the Leader card in place of a type's card.
	OwnCard bool `toml:"own_card"`
	// WeaponChoice and AreaPositioning put "Maximize their potential" on
	// the type's activation: the weapon against the target's armour, and
	// standing so area effects catch few of them.
	WeaponChoice    bool `toml:"weapon_choice"`
	AreaPositioning bool `toml:"area_positioning"`
}

// BehaviourTypes are the types in behaviours.toml, in name order. Their
// texts are messages "behaviour.<id>.name" and "behaviour.<id>.card".
var BehaviourTypes = mustBehaviours()

func mustBehaviours() []BehaviourType {
	var raw map[string]BehaviourType
	if _, err := toml.Decode(string(behavioursTOML), &raw); err != nil {
		panic(fmt.Sprintf("core/dun/bestiary/behaviours.toml: %v", err)) // embedded and tested: a build defect
	}
	var types []BehaviourType
	for id, t := range raw {
		t.ID = id
		types = append(types, t)
	}
	sort.Slice(types, func(i, j int) bool { return types[i].ID < types[j].ID })
	return types
}

// Behaviour is the behaviour type id, or false when behaviours.toml has
// none by that id.
func Behaviour(id string) (BehaviourType, bool) {
	i := slices.IndexFunc(BehaviourTypes, func(t BehaviourType) bool { return t.ID == id })
	if i < 0 {
		return BehaviourType{}, false
	}
	return BehaviourTypes[i], true
}

// LeaderCard is the behaviour card every Leader also uses ("Leader").
const LeaderCard = "leader"

// Creature levels.
const (
	LevelRegular  = "regular"
	LevelElite    = "elite"
	LevelChampion = "champion"
	LevelLeader   = "leader"
)

// Levels are the creature levels, lowest first.
var Levels = []string{LevelRegular, LevelElite, LevelChampion, LevelLeader}

// LevelKeys are the levels' message IDs.
var LevelKeys = map[string]string{
	LevelRegular:  "level.regular",
	LevelElite:    "level.elite",
	LevelChampion: "level.champion",
	LevelLeader:   "level.leader",
}

// ParseFaction reads a faction file with DUN's behaviour types and levels:
// a profile's behaviour is a type a creature may have on its own (not the
// Leader card).
func ParseFaction(file string, data []byte) (*faction.Faction, quest.Problems) {
	var types []string
	for _, t := range BehaviourTypes {
		if !t.LeaderOnly {
			types = append(types, t.ID)
		}
	}
	return faction.Parse(file, data, faction.Rules{Behaviours: types, Levels: Levels})
}
