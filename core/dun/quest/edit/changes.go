package edit

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// Decks a quest may change, as the validator knows them.
var Decks = []string{"obstacle", "encounter", "power"}

// SetQuestInfo sets the quest's title, introduction, setup notes (optional:
// blank removes them) and faction. While the quest's id is fresh (a new
// quest not saved yet) it follows the English title.
func (d *Doc) SetQuestInfo(title, intro, setup, faction quest.Text) error {
	return d.change(func(s *state) error {
		s.q.Title, s.q.Introduction, s.q.Setup, s.q.Faction = clean(title), clean(intro), clean(setup), clean(faction)
		if s.questFresh {
			s.q.ID = Slug(s.q.Title["en"])
		}
		d.last = s.q.ID
		return nil
	})
}

// SetQuestID gives the quest an id of its own (a copy of a built-in quest
// needs one); it no longer follows the title.
func (d *Doc) SetQuestID(id string) error {
	if !validID(id) {
		return fail("quest.edit.bad_id", map[string]any{"ID": id, "Max": MaxID})
	}
	return d.change(func(s *state) error {
		s.q.ID, s.questFresh = id, false
		d.last = id
		return nil
	})
}

// SetLeader sets the quest's Leader: its name and what it costs in VP.
func (d *Doc) SetLeader(name quest.Text, vp int) error {
	switch {
	case vp < 0:
		return fail("quest.leader_vp", map[string]any{"VP": vp})
	case vp > quest.MaxLeaderVP:
		return fail("quest.leader_vp_max", map[string]any{"VP": vp, "Max": quest.MaxLeaderVP})
	}
	return d.change(func(s *state) error {
		s.q.Leader = quest.Leader{Name: clean(name), VP: vp}
		return nil
	})
}

// SetDeck sets the quest's change to a deck ("obstacle", "encounter" or
// "power"); a rule that changes nothing removes it.
func (d *Doc) SetDeck(deck string, r quest.DeckRule) error {
	if !slices.Contains(Decks, deck) {
		return fail("quest.deck", map[string]any{"Deck": deck})
	}
	if r.Random != nil {
		n := *r.Random
		switch {
		case n < 0:
			return fail("quest.deck_random", map[string]any{"Deck": deck, "Value": n})
		case n > quest.MaxDeckRandom:
			return fail("quest.deck_random_max", map[string]any{"Deck": deck, "Value": n, "Max": quest.MaxDeckRandom})
		}
		r.Random = &n
	}
	return d.change(func(s *state) error {
		if r == (quest.DeckRule{}) {
			delete(s.q.Decks, deck)
			if len(s.q.Decks) == 0 {
				s.q.Decks = nil
			}
			return nil
		}
		if s.q.Decks == nil {
			s.q.Decks = map[string]quest.DeckRule{}
		}
		s.q.Decks[deck] = r
		return nil
	})
}

// SetSpawnRow sets the row of the spawn table for a roll of 1 to 6; the
// rows stay in the order of their rolls. No creatures and no cost removes
// the row.
func (d *Doc) SetSpawnRow(roll int, creatures quest.Text, cost int) error {
	switch {
	case roll < 1 || roll > 6:
		return fail("quest.spawn_roll", map[string]any{"Roll": roll})
	case cost < 0:
		return fail("quest.spawn_cost", map[string]any{"Cost": cost})
	case cost > quest.MaxSpawnCost:
		return fail("quest.spawn_cost_max", map[string]any{"Cost": cost, "Max": quest.MaxSpawnCost})
	}
	return d.change(func(s *state) error {
		creatures := clean(creatures)
		i := slices.IndexFunc(s.q.SpawnTable, func(r quest.SpawnRow) bool { return r.Roll == roll })
		if creatures == nil && cost == 0 {
			if i >= 0 {
				s.q.SpawnTable = slices.Delete(s.q.SpawnTable, i, i+1)
			}
			if len(s.q.SpawnTable) == 0 {
				s.q.SpawnTable = nil
			}
			return nil
		}
		row := quest.SpawnRow{Roll: roll, Creatures: creatures, Cost: cost}
		if i >= 0 {
			s.q.SpawnTable[i] = row
			return nil
		}
		at := slices.IndexFunc(s.q.SpawnTable, func(r quest.SpawnRow) bool { return r.Roll > roll })
		if at < 0 {
			at = len(s.q.SpawnTable)
		}
		s.q.SpawnTable = slices.Insert(s.q.SpawnTable, at, row)
		return nil
	})
}

// SetSpawnsFrom says whose spawn table wins in a game with a faction:
// quest.SpawnsFaction (the faction's, written as no key: as before the
// key) or quest.SpawnsQuest (the quest's own rows).
func (d *Doc) SetSpawnsFrom(from string) error {
	if from != quest.SpawnsFaction && from != quest.SpawnsQuest {
		return fail("quest.spawns_from", map[string]any{"Value": from})
	}
	return d.change(func(s *state) error {
		s.q.SpawnsFrom = from
		if from == quest.SpawnsFaction {
			s.q.SpawnsFrom = ""
		}
		return nil
	})
}

// RemoveSpawnRow removes the row for a roll.
func (d *Doc) RemoveSpawnRow(roll int) error { return d.SetSpawnRow(roll, nil, 0) }
