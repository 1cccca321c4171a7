// Package actions is the catalogue of DUN's hero actions ("The Turn,
// Movement and Exploring Actions"): what each one rolls, against which
// attribute, and the lists the UI offers. Data only; the rules that use it
// live in package dun.
package actions

import "slices"

// Kinds of exploration action, by what the Conductor rolls for them.
const (
	KindTest      = "test"      // 2D6 + attribute against a target
	KindRun       = "run"       // 2D6 added to Movement
	KindCorpses   = "corpses"   // 1D6 per slain enemy
	KindFurniture = "furniture" // the furniture chart's roll
	KindInfo      = "info"      // nothing to roll: the app only reminds the rule
)

// Info describes a hero's action from "The Turn, Movement and
// Exploring Actions": which test it needs and what its results mean.
type Info struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"`
	Attribute   string `json:"attribute,omitempty"`
	Modifier    int    `json:"modifier,omitempty"`    // always applied (riddles: -2)
	Once        bool   `json:"once,omitempty"`        // one hero, once per door, chest or game
	FumbleCard  bool   `json:"fumble_card,omitempty"` // a double 1 lets a Dark Player draw a card
	Exploration bool   `json:"exploration,omitempty"` // an (E) action
	// Repeatable: the test may be repeated when nothing else is left to
	// find (a secret door searched for again; the Test's Repeat).
	Repeatable bool `json:"repeatable,omitempty"`
	// ExtraDie is the further die the test rolls beside its 2D6 ("1D3":
	// the gold a room search finds; the Test's Extra), "" for none.
	ExtraDie string `json:"extra_die,omitempty"`
	// AtChestTrap: the test is aimed at the trap of the chest the table
	// points at (the Test's Element).
	AtChestTrap bool `json:"at_chest_trap,omitempty"`
}

// All is the catalogue, in the rule text's order. Its message IDs are
// "action.<id>" (name) and "action.<id>.help" (what to roll, what it means).
var All = []Info{
	{ID: "open_lock", Kind: KindTest, Attribute: "dexterity", Once: true, FumbleCard: true, Exploration: true},
	{ID: "open_chest", Kind: KindTest, Attribute: "dexterity", Once: true, FumbleCard: true, Exploration: true},
	{ID: "break_door", Kind: KindInfo},
	{ID: "run", Kind: KindRun},
	{ID: "great_jump", Kind: KindTest, Attribute: "agility"},
	{ID: "climb", Kind: KindTest, Attribute: "agility"},
	{ID: "secret_door", Kind: KindTest, Attribute: "perception", Once: true, FumbleCard: true, Exploration: true, Repeatable: true},
	{ID: "search_room", Kind: KindTest, Attribute: "perception", FumbleCard: true, Exploration: true, ExtraDie: "1D3"},
	{ID: "search_furniture", Kind: KindFurniture, Exploration: true},
	{ID: "detect_trap", Kind: KindTest, Attribute: "perception"},
	{ID: "bypass_trap", Kind: KindTest, Attribute: "agility"},
	{ID: "disarm_trap", Kind: KindTest, Attribute: "dexterity", Exploration: true, AtChestTrap: true},
	{ID: "riddle", Kind: KindTest, Attribute: "intelligence", Modifier: -2, Once: true, FumbleCard: true, Exploration: true},
	{ID: "search_corpses", Kind: KindCorpses, Exploration: true},
}

// IDs built from the catalogue, listed so every one is translated.
var _ = []string{
	"action.open_lock", "action.open_chest", "action.break_door", "action.run", "action.great_jump", "action.climb",
	"action.secret_door", "action.search_room", "action.search_furniture", "action.detect_trap", "action.bypass_trap",
	"action.disarm_trap", "action.riddle", "action.search_corpses",
	"action.open_lock.help", "action.open_chest.help", "action.break_door.help", "action.run.help", "action.great_jump.help",
	"action.climb.help", "action.secret_door.help", "action.search_room.help", "action.search_furniture.help",
	"action.detect_trap.help", "action.bypass_trap.help", "action.disarm_trap.help", "action.riddle.help",
	"action.search_corpses.help",
}

// Find finds a catalogue entry.
func Find(id string) (Info, bool) {
	i := slices.IndexFunc(All, func(a Info) bool { return a.ID == id })
	if i < 0 {
		return Info{}, false
	}
	return All[i], true
}

// CorpseGold is what a find on a slain enemy is worth, by its level
// ("Searching corpses": 5+ on 1D6 finds 1, 3 or 5 gp).
var CorpseGold = map[string]int{"low": 1, "middle": 3, "high": 5}

// Attributes are the attributes a test can be made against, in the order
// to offer them.
var Attributes = []string{"agility", "dexterity", "perception", "intelligence", "strength", "willpower"}

// CorpseLevels are the levels of slain enemies' corpses, poorest first.
var CorpseLevels = []string{"low", "middle", "high"}

// Attributes a test can be made against.
var AttributeKeys = map[string]string{
	"agility":      "attribute.agility",
	"dexterity":    "attribute.dexterity",
	"perception":   "attribute.perception",
	"intelligence": "attribute.intelligence",
	"strength":     "attribute.strength",
	"willpower":    "attribute.willpower",
}
