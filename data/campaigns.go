package data

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dunconductor/conductor/core/engine"
)

var (
	// ErrNoCampaign means no campaign has the given id. Like ErrNoGame, it is
	// an fs.ErrNotExist.
	ErrNoCampaign = fmt.Errorf("no such campaign (%w)", fs.ErrNotExist)
	// ErrBadCampaign means a campaign, its party or a quest entry break a
	// rule; the returned error wraps it with what is wrong.
	ErrBadCampaign = errors.New("invalid campaign")
)

// How a quest of a campaign ended.
const (
	OutcomeWon       = "won"
	OutcomeLost      = "lost"
	OutcomeAbandoned = "abandoned"
)

// CampaignEntry is one quest played in a campaign: how it ended and the
// party after it. GameID is the game it was played in, 0 for none (or a
// game since deleted).
type CampaignEntry struct {
	ID       int64
	GameID   int64
	Quest    string
	Outcome  string
	Notes    string
	Party    json.RawMessage // the campaign's module's document, as Campaign.Party
	PlayedAt time.Time
}

// Campaign is a group of heroes going through quests: its party now and the
// quests played, oldest first. The party is its game module's document
// (DUN: the JSON of its heroes, dun.DecodeParty): the store keeps it
// without reading it, and has the module check it (PartyChecker).
type Campaign struct {
	ID      int64
	UID     string
	Name    string
	Module  string // the game of the party ("dun")
	Party   json.RawMessage
	Entries []CampaignEntry
	Created time.Time
}

// PartyChecker is what a game module's value (the engine.Module it
// registers) implements when its campaigns keep a party. Its methods use
// only the standard library's types, so a module implements it without
// importing this package.
type PartyChecker interface {
	// CheckParty checks a party document and gives it as it is to be
	// stored (DUN trims its heroes' names). text checks a name (notes
	// false) or notes (true) against the store's limits on what people
	// type (ErrNameTooLong, ErrNameControl); the module calls it on each
	// and wraps its error.
	CheckParty(party []byte, text func(s string, notes bool) error) ([]byte, error)
}

// checkTyped is the store's rule for a name or notes, as PartyChecker asks it.
func checkTyped(s string, notes bool) error {
	if notes {
		return checkNotes(s)
	}
	return checkName(s)
}

// checkParty has module check a party and gives it as it is stored; its
// error wraps ErrBadCampaign (and engine.UnknownModuleError for a module
// this build does not have, or one that keeps no party).
func checkParty(module string, party []byte) ([]byte, error) {
	m, err := engine.Find(module)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadCampaign, err)
	}
	c, ok := m.(PartyChecker)
	if !ok {
		return nil, fmt.Errorf("%w: the game %q keeps no party", ErrBadCampaign, module)
	}
	if len(party) == 0 {
		party = []byte("null")
	}
	if !utf8.Valid(party) {
		// A JSON decoder would read U+FFFD for the bytes: refuse them, as typed.
		return nil, fmt.Errorf("%w: the party: %w: it is not valid UTF-8", ErrBadCampaign, ErrNameControl)
	}
	out, err := c.CheckParty(party, checkTyped)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadCampaign, err)
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

// CreateCampaign starts a campaign of a game module with its party, which
// the module checks (see PartyChecker; DUN: 1 to 5 heroes, each named, VP
// and gold not negative). A blank name is ErrEmptyName (and
// ErrBadCampaign); a party the module refuses is ErrBadCampaign. A name (the
// campaign's, a hero's or class) longer than 200 bytes, or notes longer than
// 4,000, are ErrNameTooLong, and one with a character that is not text
// ErrNameControl, both with ErrBadCampaign.
func (s *Store) CreateCampaign(module, name string, party []byte) (int64, error) {
	where := "create campaign " + engine.QuoteShort(name)
	name, err := cleanName(name)
	if err != nil {
		return 0, fmt.Errorf("%s: %w: %w", where, ErrBadCampaign, err)
	}
	if party, err = checkParty(module, party); err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	var id int64
	err = s.inTx(where, func(tx *sql.Tx) error {
		res, err := tx.Exec(`INSERT INTO campaigns (uid, name, module, party, created_at) VALUES (?, ?, ?, ?, ?)`,
			newUID(), name, module, string(party), now().Format(timeLayout))
		if err != nil {
			return s.wrap(where, err)
		}
		id, err = res.LastInsertId()
		return s.wrapIf(where, err)
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// wrapIf is wrap for an error that may be nil.
func (s *Store) wrapIf(where string, err error) error {
	if err == nil {
		return nil
	}
	return s.wrap(where, err)
}

// campaignModule reads a campaign's module, ErrNoCampaign (wrapped with
// where) for a missing campaign.
func (s *Store) campaignModule(q querier, where string, id int64) (string, error) {
	var module string
	err := q.QueryRow(`SELECT module FROM campaigns WHERE id = ?`, id).Scan(&module)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%s: %w", where, ErrNoCampaign)
	}
	if err != nil {
		return "", s.wrap(where, err)
	}
	return module, nil
}

// Campaigns lists the campaigns, newest first, each with its party and entries.
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

// Campaign reads one campaign with its party and entries; ErrNoCampaign
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
	var created, party string
	err := q.QueryRow(`SELECT uid, name, module, party, created_at FROM campaigns WHERE id = ?`, id).
		Scan(&c.UID, &c.Name, &c.Module, &party, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Campaign{}, fmt.Errorf("%s: %w", where, ErrNoCampaign)
	}
	if err != nil {
		return Campaign{}, s.wrap(where, err)
	}
	c.Party = json.RawMessage(party)
	c.Created, _ = time.Parse(timeLayout, created) // unreadable: shown as unknown
	rows, err := q.Query(`SELECT id, game_id, quest, outcome, notes, party, played_at FROM campaign_entries
		WHERE campaign_id = ? ORDER BY played_at, id`, id)
	if err != nil {
		return Campaign{}, s.wrap(where+": entries", err)
	}
	defer rows.Close()
	for rows.Next() {
		var e CampaignEntry
		var gameID sql.NullInt64
		var party, played string
		if err := rows.Scan(&e.ID, &gameID, &e.Quest, &e.Outcome, &e.Notes, &party, &played); err != nil {
			return Campaign{}, s.wrap(where+": entries", err)
		}
		e.Party = json.RawMessage(party)
		e.GameID = gameID.Int64
		e.PlayedAt, _ = time.Parse(timeLayout, played)
		c.Entries = append(c.Entries, e)
	}
	if err := rows.Err(); err != nil {
		return Campaign{}, s.wrap(where+": entries", err)
	}
	return c, nil
}

// UpdateParty replaces a campaign's party, which its module checks as
// CreateCampaign has it checked.
func (s *Store) UpdateParty(campaignID int64, party []byte) error {
	where := fmt.Sprintf("update the party of campaign %d", campaignID)
	return s.inTx(where, func(tx *sql.Tx) error {
		module, err := s.campaignModule(tx, where, campaignID)
		if err != nil {
			return err
		}
		if party, err = checkParty(module, party); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		_, err = tx.Exec(`UPDATE campaigns SET party = ? WHERE id = ?`, string(party), campaignID)
		return s.wrapIf(where, err)
	})
}

// RecordQuest appends a quest played to a campaign and makes e.Party the
// campaign's party, in one transaction. The outcome must be OutcomeWon,
// OutcomeLost or OutcomeAbandoned, the quest not blank and a name as
// CreateCampaign's (at most 200 bytes, text only), the notes at most 4,000
// bytes of text (line breaks allowed), the party pass its module's checks
// (as CreateCampaign's), and e.GameID be 0 or a stored game. A zero
// PlayedAt means now; e.ID is ignored.
func (s *Store) RecordQuest(campaignID int64, e CampaignEntry) error {
	where := fmt.Sprintf("record quest %s in campaign %d", engine.QuoteShort(e.Quest), campaignID)
	if err := checkOutcome(e.Outcome); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	e.Quest = strings.TrimSpace(e.Quest)
	if err := checkEntryText(e.Quest, e.Notes); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	played := e.PlayedAt.UTC()
	if e.PlayedAt.IsZero() {
		played = now()
	}
	return s.inTx(where, func(tx *sql.Tx) error {
		module, err := s.campaignModule(tx, where, campaignID)
		if err != nil {
			return err
		}
		party, err := checkParty(module, e.Party)
		if err != nil {
			return fmt.Errorf("%s: %w", where, err)
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
		if _, err := tx.Exec(`INSERT INTO campaign_entries (campaign_id, game_id, quest, outcome, notes, party, played_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, campaignID, nullID(e.GameID), e.Quest, e.Outcome, e.Notes, string(party),
			played.Format(timeLayout)); err != nil {
			return s.wrap(where, err)
		}
		_, err = tx.Exec(`UPDATE campaigns SET party = ? WHERE id = ?`, string(party), campaignID)
		return s.wrapIf(where, err)
	})
}

// DeleteCampaign removes a campaign with its entries. Its games
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
