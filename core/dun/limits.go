package dun

import "github.com/dunconductor/conductor/core/dun/quest"

// Limits of every number DUN takes from a setup or an event. Each is far
// above anything a game at the table can mean, so no legal game is refused,
// and far below where int arithmetic could overflow (two of the largest
// still add up safely), so a typo or a hostile file is refused with the rule
// named instead of wrapping around: a group VP of 9223372036854775807 once
// gave an Encounter deck of -922337203685477580 cards, and two gains of it
// a negative reserve.
const (
	// MaxHeroVP is the most VP one hero may have. Heroes start at about 10
	// to 20 and a long campaign takes them past 100; 1,000 leaves room.
	MaxHeroVP = 1000
	// MaxGroupVP is the most a group may have: 5 heroes of MaxHeroVP. The
	// Leader's VP (paid from it) and a creature's VP are bounded by it too.
	MaxGroupVP = MaxHeroes * MaxHeroVP
	// MaxReserve is the most the ADP's reserve may hold. It starts at the
	// group VP (at most 5,000) and grows only by discarded cards, repeated
	// secret-door searches and corrections; at the table it stays under
	// 100. A gain past it is refused.
	MaxReserve = 100_000
	// MaxAmount is the most one event may move the reserve by: a
	// reserve_spent or reserve_gained amount, a card's points, a spawn's
	// cost. The reserve cannot pay or hold more.
	MaxAmount = MaxReserve
	// MaxDeckCards is the most cards a deck may be built with: a quest's
	// random cards, or the Encounter cards a collection holds (the core box
	// has about 20 of each kind).
	MaxDeckCards = 1000

	// MaxAttribute is the most a hero's or a creature's attribute may be
	// (Perception, Intelligence, Agility, Movement...), and the value a test
	// rolls against. Profiles print single digits; 100 leaves room for any
	// bonus.
	MaxAttribute = 100
	// MaxCreatureVitality is the most Vitality a creature's profile may give (the
	// largest monsters have a few dozen).
	MaxCreatureVitality = 1000
	// MaxModifier is the largest modifier, up or down, on a test or an
	// Initiative roll (running is -2, increased difficulty +1).
	MaxModifier = 100
	// MaxTarget is the highest target a test may roll against (usually 10;
	// 2D6 plus any attribute cannot reach more).
	MaxTarget = 2*6 + MaxAttribute + MaxModifier
	// MaxDoorTurns is the most turns the heroes may spend breaking down one
	// door (each gives the enemies +1 on Initiative).
	MaxDoorTurns = 100
	// MaxRerolls is the most Initiative re-rolls one roll may record: a tie
	// that Intelligence cannot break comes back with odds under 1 in 6, so
	// 20 in a row (what the app's dice try) never happens; 100 leaves room
	// for physical dice.
	MaxRerolls = 100

	// MaxCreatures is the most ADP creatures on the board at once (a big
	// fight has a few dozen).
	MaxCreatures = 200
	// MaxSkills is the most active skills one creature may list.
	MaxSkills = 50
	// MaxCorpses is the most dice one corpse search may roll (1D6 per enemy
	// slain, and the board holds at most MaxCreatures).
	MaxCorpses = MaxCreatures

	// MaxNameBytes is the longest name or id an event may give (a creature,
	// a skill, a card, a target), in bytes: long enough for any name in
	// any language, short enough for every screen that lists them.
	MaxNameBytes = 200
)

// The quest validator (which cannot import this package) holds a quest's
// numbers to the same bounds. Each line fails to compile unless the two are
// equal (a negative constant is no uint).
const (
	_ = uint(quest.MaxLeaderVP-MaxGroupVP) + uint(MaxGroupVP-quest.MaxLeaderVP)
	_ = uint(quest.MaxSpawnCost-MaxAmount) + uint(MaxAmount-quest.MaxSpawnCost)
	_ = uint(quest.MaxDeckRandom-MaxDeckCards) + uint(MaxDeckCards-quest.MaxDeckRandom)
)

// tooLong says whether a name an event gives is longer than MaxNameBytes.
func tooLong(names ...string) bool {
	for _, n := range names {
		if len(n) > MaxNameBytes {
			return true
		}
	}
	return false
}

// canGain refuses a gain of more than MaxAmount, or one that would take the
// reserve past MaxReserve.
func canGain(s *State, amount int) error {
	if amount > MaxAmount {
		return ruleError("rule.reserve.amount_max", map[string]any{"Amount": amount, "Max": MaxAmount})
	}
	if s.Reserve > MaxReserve-amount {
		return ruleError("rule.reserve.full", map[string]any{"Amount": amount, "Reserve": s.Reserve, "Max": MaxReserve})
	}
	return nil
}

// within says whether -limit <= v <= limit.
func within(v, limit int) bool { return v >= -limit && v <= limit }
