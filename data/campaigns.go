package data

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"
)

var (
	// ErrNoCampaign means no campaign has the given id. Like ErrNoGame, it is
	// an fs.ErrNotExist.
	ErrNoCampaign = fmt.Errorf("no such campaign (%w)", fs.ErrNotExist)
	// ErrBadCampaign means a campaign, its heroes or a quest entry break a
	// rule; the returned error wraps it with what is wrong.
	ErrBadCampaign = errors.New("invalid campaign")
)

// How a quest of a campaign ended.
const (
	OutcomeWon       = "won"
	OutcomeLost      = "lost"
	OutcomeAbandoned = "abandoned"
)

// Hero is one hero of a campaign's group, as the group stands now or after
// a quest.
type Hero struct {
	Name  string `json:"name"`
	Class string `json:"class"`
	VP    int    `json:"vp"`
	Gold  int    `json:"gold"`
	Notes string `json:"notes"`
	// Attributes are the ones the game's rolls use, by name (DUN:
	// perception, intelligence, agility, dexterity, strength, movement).
	Attributes map[string]int `json:"attributes,omitempty"`
}

// Bounds of a hero's attributes and how many it may have: far above a
// game's, only to refuse what cannot be one.
const (
	maxHeroAttribute  = 100
	maxHeroAttributes = 20
)

// CampaignEntry is one quest played in a campaign: how it ended and the
// heroes after it. GameID is the game it was played in, 0 for none (or a
// game since deleted).
type CampaignEntry struct {
	ID       int64
	GameID   int64
	Quest    string
	Outcome  string
	Notes    string
	Heroes   []Hero
	PlayedAt time.Time
}

// Campaign is a group of heroes going through quests: its heroes now and the
// quests played, oldest first.
type Campaign struct {
	ID      int64
	UID     string
	Name    string
	Heroes  []Hero
	Entries []CampaignEntry
	Created time.Time
}

// GroupVP is the sum of the heroes' VP: the group VP of the next game.
func (c Campaign) GroupVP() int {
	sum := 0
	for _, h := range c.Heroes {
		sum += h.VP
	}
	return sum
}

// A campaign's group is a DUN party: core/dun's MinHeroes to MaxHeroes (a
// test checks they agree), kept here so that data imports no game.
const (
	minHeroes = 1
	maxHeroes = 5
)

// checkHeroes checks a group (1 to 5 heroes, each named, VP and gold not
// negative, names and classes within the limits of names, notes within
// those of notes) and returns it with names and classes trimmed.
func checkHeroes(heroes []Hero) ([]Hero, error) {
	if n := len(heroes); n < minHeroes || n > maxHeroes {
		return nil, fmt.Errorf("%w: %d heroes, a group has %d to %d", ErrBadCampaign, n, minHeroes, maxHeroes)
	}
	out := make([]Hero, len(heroes))
	for i, h := range heroes {
		h.Name, h.Class = strings.TrimSpace(h.Name), strings.TrimSpace(h.Class)
		switch {
		case h.Name == "":
			return nil, fmt.Errorf("%w: hero %d has no name", ErrBadCampaign, i+1)
		case h.VP < 0:
			return nil, fmt.Errorf("%w: hero %d (%s) has negative VP (%d)", ErrBadCampaign, i+1, shortText(h.Name), h.VP)
		case h.Gold < 0:
			return nil, fmt.Errorf("%w: hero %d (%s) has negative gold (%d)", ErrBadCampaign, i+1, shortText(h.Name), h.Gold)
		case len(h.Attributes) > maxHeroAttributes:
			return nil, fmt.Errorf("%w: hero %d (%s) has %d attributes", ErrBadCampaign, i+1, shortText(h.Name), len(h.Attributes))
		}
		for a, v := range h.Attributes {
			if err := checkName(a); err != nil || a == "" || v < 0 || v > maxHeroAttribute {
				return nil, fmt.Errorf("%w: hero %d (%s): attribute %s is %d (0 to %d)", ErrBadCampaign, i+1, shortText(h.Name), shortText(a), v, maxHeroAttribute)
			}
		}
		for _, f := range []struct {
			what string
			err  error
		}{{"name", checkName(h.Name)}, {"class", checkName(h.Class)}, {"notes", checkNotes(h.Notes)}} {
			if f.err != nil {
				return nil, fmt.Errorf("%w: hero %d's %s: %w", ErrBadCampaign, i+1, f.what, f.err)
			}
		}
		out[i] = h
	}
	return out, nil
}

// checkEntryText checks a campaign entry's quest (a name, not blank) and
// notes.
func checkEntryText(quest, notes string) error {
	if strings.TrimSpace(quest) == "" {
		return fmt.Errorf("%w: no quest named", ErrBadCampaign)
	}
	if err := checkName(quest); err != nil {
		return fmt.Errorf("%w: the quest: %w", ErrBadCampaign, err)
	}
	if err := checkNotes(notes); err != nil {
		return fmt.Errorf("%w: the notes: %w", ErrBadCampaign, err)
	}
	return nil
}

// checkOutcome accepts the three outcomes.
func checkOutcome(o string) error {
	switch o {
	case OutcomeWon, OutcomeLost, OutcomeAbandoned:
		return nil
	}
	return fmt.Errorf("%w: outcome %q is not one of %q, %q, %q", ErrBadCampaign, o, OutcomeWon, OutcomeLost, OutcomeAbandoned)
}

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryRow(query string, args ...any) *sql.Row
	Query(query string, args ...any) (*sql.Rows, error)
	Exec(query string, args ...any) (sql.Result, error)
}

// campaignExists gives ErrNoCampaign (wrapped with where) for a missing campaign.
func (s *Store) campaignExists(q querier, where string, id int64) error {
	var one int
	err := q.QueryRow(`SELECT 1 FROM campaigns WHERE id = ?`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", where, ErrNoCampaign)
	}
	if err != nil {
		return s.wrap(where, err)
	}
	return nil
}

// CreateCampaign starts a campaign with its group of heroes. A blank name is
// ErrEmptyName (and ErrBadCampaign); a group of other than 1 to 5 heroes, a
// hero without a name, or negative VP or gold is ErrBadCampaign. A name (the
// campaign's, a hero's or class) longer than 200 bytes, or notes longer than
// 4,000, are ErrNameTooLong, and one with a character that is not text
// ErrNameControl, both with ErrBadCampaign.
func (s *Store) CreateCampaign(name string, heroes []Hero) (int64, error) {
	where := "create campaign " + shortText(name)
	name, err := cleanName(name)
	if err != nil {
		return 0, fmt.Errorf("%s: %w: %w", where, ErrBadCampaign, err)
	}
	heroes, err = checkHeroes(heroes)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	var id int64
	err = s.inTx(where, func(tx *sql.Tx) error {
		res, err := tx.Exec(`INSERT INTO campaigns (uid, name, created_at) VALUES (?, ?, ?)`,
			newUID(), name, now().Format(timeLayout))
		if err != nil {
			return s.wrap(where, err)
		}
		if id, err = res.LastInsertId(); err != nil {
			return s.wrap(where, err)
		}
		return s.putHeroes(tx, where, id, heroes)
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// putHeroes replaces a campaign's heroes.
func (s *Store) putHeroes(tx *sql.Tx, where string, campaignID int64, heroes []Hero) error {
	if _, err := tx.Exec(`DELETE FROM campaign_heroes WHERE campaign_id = ?`, campaignID); err != nil {
		return s.wrap(where, err)
	}
	for i, h := range heroes {
		var attrs sql.NullString
		if len(h.Attributes) > 0 {
			b, err := json.Marshal(h.Attributes)
			if err != nil {
				return fmt.Errorf("%s: hero %d: %w", where, i+1, err)
			}
			attrs = sql.NullString{String: string(b), Valid: true}
		}
		if _, err := tx.Exec(`INSERT INTO campaign_heroes (campaign_id, pos, name, class, vp, gold, notes, attributes)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, campaignID, i, h.Name, h.Class, h.VP, h.Gold, h.Notes, attrs); err != nil {
			return s.wrap(fmt.Sprintf("%s: hero %d", where, i+1), err)
		}
	}
	return nil
}

// Campaigns lists the campaigns, newest first, each with its heroes and entries.
func (s *Store) Campaigns() ([]Campaign, error) {
	var out []Campaign
	err := s.inTx("list campaigns", func(tx *sql.Tx) error {
		rows, err := tx.Query(`SELECT id FROM campaigns ORDER BY created_at DESC, id DESC`)
		if err != nil {
			return s.wrap("list campaigns", err)
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return s.wrap("list campaigns", err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return s.wrap("list campaigns", err)
		}
		out = make([]Campaign, 0, len(ids))
		for _, id := range ids {
			c, err := s.readCampaign(tx, id)
			if err != nil {
				return err
			}
			out = append(out, c)
		}
		return nil
	})
	return out, err
}

// Campaign reads one campaign with its heroes and entries; ErrNoCampaign
// when there is none with that id.
func (s *Store) Campaign(id int64) (Campaign, error) {
	var c Campaign
	err := s.inTx(fmt.Sprintf("read campaign %d", id), func(tx *sql.Tx) error {
		var err error
		c, err = s.readCampaign(tx, id)
		return err
	})
	return c, err
}

func (s *Store) readCampaign(q querier, id int64) (Campaign, error) {
	where := fmt.Sprintf("read campaign %d", id)
	c := Campaign{ID: id}
	var created string
	err := q.QueryRow(`SELECT uid, name, created_at FROM campaigns WHERE id = ?`, id).Scan(&c.UID, &c.Name, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Campaign{}, fmt.Errorf("%s: %w", where, ErrNoCampaign)
	}
	if err != nil {
		return Campaign{}, s.wrap(where, err)
	}
	c.Created, _ = time.Parse(timeLayout, created) // unreadable: shown as unknown
	rows, err := q.Query(`SELECT name, class, vp, gold, notes, attributes FROM campaign_heroes WHERE campaign_id = ? ORDER BY pos`, id)
	if err != nil {
		return Campaign{}, s.wrap(where+": heroes", err)
	}
	for rows.Next() {
		var h Hero
		var attrs sql.NullString
		if err := rows.Scan(&h.Name, &h.Class, &h.VP, &h.Gold, &h.Notes, &attrs); err != nil {
			rows.Close()
			return Campaign{}, s.wrap(where+": heroes", err)
		}
		if attrs.Valid {
			_ = json.Unmarshal([]byte(attrs.String), &h.Attributes) // written by putHeroes; unreadable: none
		}
		c.Heroes = append(c.Heroes, h)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Campaign{}, s.wrap(where+": heroes", err)
	}
	rows, err = q.Query(`SELECT id, game_id, quest, outcome, notes, heroes, played_at FROM campaign_entries
		WHERE campaign_id = ? ORDER BY played_at, id`, id)
	if err != nil {
		return Campaign{}, s.wrap(where+": entries", err)
	}
	defer rows.Close()
	for rows.Next() {
		var e CampaignEntry
		var gameID sql.NullInt64
		var heroes []byte
		var played string
		if err := rows.Scan(&e.ID, &gameID, &e.Quest, &e.Outcome, &e.Notes, &heroes, &played); err != nil {
			return Campaign{}, s.wrap(where+": entries", err)
		}
		if err := json.Unmarshal(heroes, &e.Heroes); err != nil {
			return Campaign{}, fmt.Errorf("%s: entry %d: heroes: %w", where, e.ID, err)
		}
		e.GameID = gameID.Int64
		e.PlayedAt, _ = time.Parse(timeLayout, played)
		c.Entries = append(c.Entries, e)
	}
	if err := rows.Err(); err != nil {
		return Campaign{}, s.wrap(where+": entries", err)
	}
	return c, nil
}

// UpdateHeroes replaces a campaign's heroes, with the checks of CreateCampaign.
func (s *Store) UpdateHeroes(campaignID int64, heroes []Hero) error {
	where := fmt.Sprintf("update the heroes of campaign %d", campaignID)
	heroes, err := checkHeroes(heroes)
	if err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	return s.inTx(where, func(tx *sql.Tx) error {
		if err := s.campaignExists(tx, where, campaignID); err != nil {
			return err
		}
		if err := s.putHeroes(tx, where, campaignID, heroes); err != nil {
			return err
		}
		return nil
	})
}

// RecordQuest appends a quest played to a campaign and makes e.Heroes the
// campaign's heroes, in one transaction. The outcome must be OutcomeWon,
// OutcomeLost or OutcomeAbandoned, the quest not blank and a name as
// CreateCampaign's (at most 200 bytes, text only), the notes at most 4,000
// bytes of text (line breaks allowed), the heroes pass the checks of
// CreateCampaign, and e.GameID be 0 or a stored game. A zero PlayedAt means
// now; e.ID is ignored.
func (s *Store) RecordQuest(campaignID int64, e CampaignEntry) error {
	where := fmt.Sprintf("record quest %s in campaign %d", shortText(e.Quest), campaignID)
	if err := checkOutcome(e.Outcome); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	e.Quest = strings.TrimSpace(e.Quest)
	if err := checkEntryText(e.Quest, e.Notes); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	heroes, err := checkHeroes(e.Heroes)
	if err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	heroesJSON, err := json.Marshal(heroes)
	if err != nil {
		return fmt.Errorf("%s: encode heroes: %w", where, err)
	}
	played := e.PlayedAt.UTC()
	if e.PlayedAt.IsZero() {
		played = now()
	}
	return s.inTx(where, func(tx *sql.Tx) error {
		if err := s.campaignExists(tx, where, campaignID); err != nil {
			return err
		}
		if e.GameID != 0 {
			var one int
			err := tx.QueryRow(`SELECT 1 FROM games WHERE id = ?`, e.GameID).Scan(&one)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%s: game %d: %w", where, e.GameID, ErrNoGame)
			}
			if err != nil {
				return s.wrap(where, err)
			}
		}
		if _, err := tx.Exec(`INSERT INTO campaign_entries (campaign_id, game_id, quest, outcome, notes, heroes, played_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, campaignID, nullID(e.GameID), e.Quest, e.Outcome, e.Notes, string(heroesJSON),
			played.Format(timeLayout)); err != nil {
			return s.wrap(where, err)
		}
		if err := s.putHeroes(tx, where, campaignID, heroes); err != nil {
			return err
		}
		return nil
	})
}

// DeleteCampaign removes a campaign with its heroes and entries. Its games
// stay, in no campaign.
func (s *Store) DeleteCampaign(campaignID int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	res, err := s.db.Exec(`DELETE FROM campaigns WHERE id = ?`, campaignID)
	if err != nil {
		return s.wrap(fmt.Sprintf("delete campaign %d", campaignID), err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("delete campaign %d: %w", campaignID, ErrNoCampaign)
	}
	return nil
}
