package twister

import "github.com/dunconductor/conductor/core/engine"

// Rulings cited by the prompts.
const (
	RulingRoomReveal    = "twister.room_reveal"
	RulingCursedItems   = "twister.cursed_items"
	RulingTorches       = "twister.torches"
	RulingCombatOrder   = "twister.combat_order"
	RulingCardOverride  = "twister.card_override"
	RulingWeapons       = "twister.weapons"
	RulingArmour        = "twister.armour"
	RulingZeroAPAnyTime = "twister.zero_ap_any_time"
	RulingDeathPoints   = "twister.death_points"
)

// PlacementRuling is the ruling placement step i (from 0) of a room
// reveal applies: the order of the reveal for the revealer's step and the
// opponent's; the cursed items' for a step after them (with 3 or 4 players,
// another owner placing their cursed items).
func PlacementRuling(i int) string {
	if i < 2 {
		return RulingRoomReveal
	}
	return RulingCursedItems
}

// Rulings are every clarification of the rules text, each in our own words
// (translations/rulings.*.toml), grouped by topic.
var Rulings = []engine.Ruling{
	{ID: RulingRoomReveal, Topic: "placement"},
	{ID: RulingCursedItems, Topic: "placement"},
	{ID: RulingTorches, Topic: "placement"},
	{ID: RulingCombatOrder, Topic: "combat"},
	{ID: RulingCardOverride, Topic: "combat"},
	{ID: RulingWeapons, Topic: "combat"},
	{ID: RulingArmour, Topic: "combat"},
	{ID: RulingZeroAPAnyTime, Topic: "items"},
	{ID: "twister.zero_ap_action", Topic: "items"},
	{ID: "twister.rope", Topic: "items"},
	{ID: "twister.fireball_wand", Topic: "items"},
	{ID: "twister.token_characters", Topic: "characters"},
	{ID: RulingDeathPoints, Topic: "score"},
	{ID: "twister.suicide_points", Topic: "score"},
	{ID: "twister.score_tokens", Topic: "score"},
	{ID: "twister.suicide_terrain", Topic: "terrain"},
	{ID: "twister.small_bridge", Topic: "terrain"},
	{ID: "twister.no_diagonals", Topic: "movement"},
	{ID: "twister.in_contact", Topic: "movement"},
}
