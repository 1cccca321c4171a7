package twister

import "github.com/dunconductor/conductor/core/engine"

// Rulings cited by the prompts.
const (
	RulingRoomReveal      = "twister.room_reveal"
	RulingCursedItems     = "twister.cursed_items"
	RulingTorches         = "twister.torches"
	RulingCombatOrder     = "twister.combat_order"
	RulingCardOverride    = "twister.card_override"
	RulingWeapons         = "twister.weapons"
	RulingArmour          = "twister.armour"
	RulingZeroAPAnyTime   = "twister.zero_ap_any_time"
	RulingDeathPoints     = "twister.death_points"
	RulingZeroAPAction    = "twister.zero_ap_action"
	RulingRope            = "twister.rope"
	RulingFireballWand    = "twister.fireball_wand"
	RulingTokenCharacters = "twister.token_characters"
	RulingSuicidePoints   = "twister.suicide_points"
	RulingScoreTokens     = "twister.score_tokens"
	RulingSuicideTerrain  = "twister.suicide_terrain"
	RulingSmallBridge     = "twister.small_bridge"
	RulingNoDiagonals     = "twister.no_diagonals"
	RulingInContact       = "twister.in_contact"
	// RulingCombatOutcome is our reading of who wins a combat and what the
	// loser suffers (the clarifications take it as known).
	RulingCombatOutcome = "twister.combat_outcome"
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
	{ID: RulingCombatOutcome, Topic: "combat"},
	{ID: RulingWeapons, Topic: "combat"},
	{ID: RulingArmour, Topic: "combat"},
	{ID: RulingZeroAPAnyTime, Topic: "items"},
	{ID: RulingZeroAPAction, Topic: "items"},
	{ID: RulingRope, Topic: "items"},
	{ID: RulingFireballWand, Topic: "items"},
	{ID: RulingTokenCharacters, Topic: "characters"},
	{ID: RulingDeathPoints, Topic: "score"},
	{ID: RulingSuicidePoints, Topic: "score"},
	{ID: RulingScoreTokens, Topic: "score"},
	{ID: RulingSuicideTerrain, Topic: "terrain"},
	{ID: RulingSmallBridge, Topic: "terrain"},
	{ID: RulingNoDiagonals, Topic: "movement"},
	{ID: RulingInContact, Topic: "movement"},
}
