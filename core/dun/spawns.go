package dun

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
)

// placeRow puts a paid spawn row's creatures on the roster, numbered per
// profile across the game ("Skeleton 2"), ready for placement and Initiative.
func (s *State) placeRow(seq int, f *faction.Faction, row faction.SpawnRow) {
	cs := slices.Clone(s.Creatures)
	before := len(cs)
	spawned := make(map[string]int, len(s.Spawned)+1)
	for k, v := range s.Spawned {
		spawned[k] = v
	}
	names := map[string][]string{}
	for _, g := range row.Creatures {
		p, _ := f.Profile(g.ID)
		for range g.Count {
			n := spawned[p.ID] + 1
			for s.creature(fmt.Sprintf("%s-%d", p.ID, n)) >= 0 {
				n++ // a creature added by hand took the id
			}
			spawned[p.ID] = n
			c := creatureFrom(p, fmt.Sprintf("%s-%d", p.ID, n), n)
			cs = append(cs, c)
			s.arrived(c.ID)
			for lang, name := range c.Names {
				names[lang] = append(names[lang], name)
			}
		}
	}
	s.Spawned = spawned
	s.setCreatures(cs)
	joined := make(map[string]any, len(names)) // the list in every language
	for lang, ns := range names {
		joined[lang] = strings.Join(ns, ", ")
	}
	s.log(seq, "log.spawn.placed", map[string]any{"Count": len(cs) - before, "Names": joined})
}

// creatureFrom is a profile's creature with its number.
func creatureFrom(p faction.Profile, id string, n int) Creature {
	names := quest.Text{}
	for lang, name := range p.Name {
		names[lang] = fmt.Sprintf("%s %d", name, n)
	}
	skills := make([]Skill, 0, len(p.Skills))
	for _, k := range p.Skills {
		skills = append(skills, Skill{Name: k})
	}
	return Creature{ID: id, Name: names.In("en"), Names: names, Profile: p.ID, Type: p.Behaviour, Level: p.Level, VP: p.VP,
		Agility: p.Agility, Perception: p.Perception, Intelligence: p.Intelligence, Ranged: p.Ranged,
		Spellcaster: p.Spellcaster, Support: p.Support, Skills: skills, Vitality: p.Vitality}
}

// questRow is the quest's own row of the Creature Spawn Table for a roll.
func questRow(q *quest.Quest, roll int) (quest.SpawnRow, bool) {
	if q == nil {
		return quest.SpawnRow{}, false
	}
	i := slices.IndexFunc(q.SpawnTable, func(r quest.SpawnRow) bool { return r.Roll == roll })
	if i < 0 {
		return quest.SpawnRow{}, false
	}
	return q.SpawnTable[i], true
}

// SpawnOffer is what a row of the Creature Spawn Table brings: its cost, and
// its creatures: in words (a quest's own row: placed by hand) or a faction's
// profiles (they go on the roster when paid).
type SpawnOffer struct {
	Cost   int
	Words  quest.Text
	Places *faction.SpawnRow
}

// SpawnRowFor is the row a 1D6 picks for a game (SpawnTableOf says whose
// table it is): the faction's, when the game was given one (its creatures
// can go on the roster), else the quest's own row, in words; or the
// quest's own row first when the quest says its rows win. A quest row
// naming a faction's profiles brings the faction's creatures of those
// profiles when the game has a faction (Setup.Validate refuses one that
// lacks them), and its words without one.
func SpawnRowFor(s Setup, roll int) (SpawnOffer, bool) {
	qr, ok := questRowUsed(s, roll)
	if ok {
		return questOffer(qr, s.FactionData), true
	}
	if f := s.FactionData; f != nil {
		if r, ok := f.Row(roll); ok {
			return SpawnOffer{Cost: r.Cost, Places: &r}, true
		}
	}
	return SpawnOffer{}, false
}

// questRowUsed is the quest's own row for a roll when the game rolls on it:
// the quest's rows win, or the game has no faction, or the faction has no
// row for that roll.
func questRowUsed(s Setup, roll int) (quest.SpawnRow, bool) {
	qr, ok := questRow(s.QuestData, roll)
	if !ok {
		return quest.SpawnRow{}, false
	}
	if f := s.FactionData; f != nil && s.QuestData.SpawnsFrom != quest.SpawnsQuest {
		if _, has := f.Row(roll); has {
			return quest.SpawnRow{}, false
		}
	}
	return qr, true
}

// questOffer is a quest row's offer: its profiles resolved by the faction
// (so many creatures of each, in the row's order), else its words.
func questOffer(qr quest.SpawnRow, f *faction.Faction) SpawnOffer {
	offer := SpawnOffer{Cost: qr.Cost, Words: qr.Creatures}
	if f == nil || len(qr.Profiles) == 0 {
		return offer
	}
	row := faction.SpawnRow{Roll: qr.Roll, Cost: qr.Cost}
	for _, p := range qr.Profiles {
		row.Creatures = append(row.Creatures, faction.Group{ID: p.Profile, Count: p.Count})
	}
	offer.Places = &row
	return offer
}

// validateSpawnProfiles checks the profiles named by the quest rows the
// game rolls on: the faction must have each; without a faction a row
// naming profiles needs its creatures in words (placed by hand, as any
// quest row without a faction).
func (s Setup) validateSpawnProfiles(errs *setupProblems) {
	f := s.FactionData
	for roll := 1; roll <= 6; roll++ {
		qr, ok := questRowUsed(s, roll)
		if !ok {
			continue
		}
		for _, p := range qr.Profiles {
			args := map[string]any{"Row": roll, "Profile": p.Profile}
			if f == nil && len(qr.Creatures) == 0 {
				errs.add("faction", "setup.spawn.profile_no_faction", args)
			} else if _, has := profileOf(f, p.Profile); f != nil && !has {
				args["FactionText"] = map[string]string(f.Name)
				errs.add("faction", "setup.spawn.profile_missing", args)
			}
		}
	}
}

// profileOf is the faction's profile with that id (none without a faction).
func profileOf(f *faction.Faction, id string) (faction.Profile, bool) {
	if f == nil {
		return faction.Profile{}, false
	}
	return f.Profile(id)
}

// SpawnTableOf says whose Creature Spawn Table a game with this setup
// rolls on, as a message for New game and the table: the faction's (its
// creatures go on the roster), the quest's own (placed by hand; when the
// quest's rows win over a faction chosen, it says so) or none.
func SpawnTableOf(s Setup) engine.Message {
	q, f := s.QuestData, s.FactionData
	questRows := q != nil && len(q.SpawnTable) > 0
	switch {
	case f != nil && questRows && q.SpawnsFrom == quest.SpawnsQuest:
		return engine.Message{ID: "spawn_table.quest_over_faction", Args: map[string]any{"FactionText": map[string]string(f.Name)}}
	case f != nil && questRows:
		return engine.Message{ID: "spawn_table.faction_over_quest", Args: map[string]any{"FactionText": map[string]string(f.Name)}}
	case f != nil:
		return engine.Message{ID: "spawn_table.faction", Args: map[string]any{"FactionText": map[string]string(f.Name)}}
	case questRows:
		return engine.Message{ID: "spawn_table.quest", Args: nil}
	}
	return engine.Message{ID: "spawn_table.none"}
}

// leaderProposal is the Leader to put on the roster in the Main Room: the
// faction's Leader profile, named as the quest names its Leader, while no
// Leader is on the roster.
func leaderProposal(s State, setup Setup) *CreatureAdded {
	f := setup.FactionData
	if f == nil || slices.ContainsFunc(s.Creatures, func(c Creature) bool { return c.Level == bestiary.LevelLeader }) {
		return nil
	}
	i := slices.IndexFunc(f.Profiles, func(p faction.Profile) bool { return p.Level == bestiary.LevelLeader })
	if i < 0 {
		return nil
	}
	p := f.Profiles[i]
	names := map[string]string(p.Name)
	if q := setup.QuestData; q != nil && len(q.Leader.Name) > 0 {
		names = map[string]string(q.Leader.Name)
	}
	vp := p.VP
	if setup.LeaderVP > 0 {
		vp = setup.LeaderVP // the Leader the setup paid for
	}
	return &CreatureAdded{ID: p.ID, Name: quest.Text(names).In("en"), Names: names, Profile: p.ID, Behaviour: p.Behaviour,
		Level: bestiary.LevelLeader, VP: vp, Agility: p.Agility, Perception: p.Perception, Intelligence: p.Intelligence,
		Ranged: p.Ranged, Spellcaster: p.Spellcaster, Support: p.Support, Skills: p.Skills, Vitality: p.Vitality}
}
