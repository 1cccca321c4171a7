package data

import (
	"bytes"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
)

// snapshotsKept is how many snapshots a game keeps: the newest and the one
// before it, which still serves after undos go behind the newest.
const snapshotsKept = 2

// timeLayout has a fixed width, so the TEXT columns sort in time order.
const timeLayout = "2006-01-02T15:04:05.000000Z07:00"

// now is replaceable by tests.
var now = func() time.Time { return time.Now().UTC() }

// ErrEmptyName means a name was empty or only spaces.
var ErrEmptyName = errors.New("the name is empty")

// GameInfo is a game's summary row for listing.
type GameInfo struct {
	ID           int64
	UID          string // random, 32 hex digits; kept by export and import
	Name         string
	QuestID      string // the setup's quest, "" for none
	CampaignID   int64  // 0 when the game is in no campaign
	CampaignName string
	Seq          int // records stored, undos included
	Turn         int
	Reserve      int
	Created      time.Time
	Updated      time.Time
}

// newUID makes a random id of 32 hex digits for a game or a campaign.
func newUID() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand crashes the program instead)
	return hex.EncodeToString(b[:])
}

// cleanName trims a name and refuses a blank one.
func cleanName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", ErrEmptyName
	}
	return name, nil
}

// CreateGame validates the setup (returning core's error, e.g.
// dun.SetupErrors, if it is invalid) and stores a new game with no events.
// The stored setup is the normalized one.
func (s *Store) CreateGame(name string, setup dun.Setup) (int64, error) {
	g, err := dun.NewGame(setup)
	if err != nil {
		return 0, err
	}
	body, err := json.Marshal(g.Setup())
	if err != nil {
		return 0, fmt.Errorf("create game %q: encode setup: %w", name, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t := now().Format(timeLayout)
	res, err := s.db.Exec(`INSERT INTO games (uid, name, setup, created_at, updated_at, seq, turn, reserve, quest_source)
		VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)`, newUID(), name, string(body), t, t, g.State().Turn, g.State().Reserve, questSource(setup.QuestData))
	if err != nil {
		return 0, s.wrap(fmt.Sprintf("create game %q", name), err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, s.wrap(fmt.Sprintf("create game %q", name), err)
	}
	return id, nil
}

// DeleteGame removes a game with its events and snapshots.
func (s *Store) DeleteGame(gameID int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	res, err := s.db.Exec(`DELETE FROM games WHERE id = ?`, gameID)
	if err != nil {
		return s.wrap(fmt.Sprintf("delete game %d", gameID), err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("delete game %d: %w", gameID, ErrNoGame)
	}
	return nil
}

// Append stores one record and the game's summary (turn, reserve from state,
// the state after the record) in one transaction, committed to disk before it
// returns. r.Seq must be the game's next sequence number; otherwise nothing is
// written.
func (s *Store) Append(gameID int64, r dun.Record, state dun.State) error {
	where := fmt.Sprintf("append record %d to game %d", r.Seq, gameID)
	if r.Event == nil {
		return fmt.Errorf("%s: no event", where)
	}
	body, err := dun.EncodeEvent(r.Event)
	if err != nil {
		return fmt.Errorf("%s: encode %s: %w", where, r.Event.Type(), err)
	}
	return s.inTx(where, func(tx *sql.Tx) error {
		var last int
		err = tx.QueryRow(`SELECT seq FROM games WHERE id = ?`, gameID).Scan(&last)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%s: %w", where, ErrNoGame)
		}
		if err != nil {
			return s.wrap(where, err)
		}
		if r.Seq != last+1 {
			return fmt.Errorf("%s: out of order, the game's next record is %d", where, last+1)
		}
		t := now().Format(timeLayout)
		if _, err := tx.Exec(`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, ?, ?, ?, ?)`,
			gameID, r.Seq, r.Event.Type(), string(body), t); err != nil {
			return s.wrap(where, err)
		}
		if _, err := tx.Exec(`UPDATE games SET seq = ?, turn = ?, reserve = ?, updated_at = ? WHERE id = ?`,
			r.Seq, state.Turn, state.Reserve, t, gameID); err != nil {
			return s.wrap(where, err)
		}
		return nil
	})
}

// SaveSnapshot caches a game's state (from g.Snapshot()) for LoadGame. It
// replaces any snapshot at the same or a later point (those were undone) and
// keeps only the two newest. A snapshot of no events is not worth keeping and
// is skipped.
func (s *Store) SaveSnapshot(gameID int64, snap dun.Snapshot) error {
	where := fmt.Sprintf("save snapshot %d/%d of game %d", snap.Effective, snap.LastSeq, gameID)
	if snap.Effective <= 0 {
		return nil
	}
	if snap.LastSeq < snap.Effective {
		return fmt.Errorf("%s: last seq cannot be below the effective count", where)
	}
	state, err := json.Marshal(snap.State)
	if err != nil {
		return fmt.Errorf("%s: encode state: %w", where, err)
	}
	return s.inTx(where, func(tx *sql.Tx) error {
		var last int
		err = tx.QueryRow(`SELECT seq FROM games WHERE id = ?`, gameID).Scan(&last)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%s: %w", where, ErrNoGame)
		}
		if err != nil {
			return s.wrap(where, err)
		}
		if snap.LastSeq > last {
			return fmt.Errorf("%s: the game has only %d records stored", where, last)
		}
		if _, err := tx.Exec(`DELETE FROM snapshots WHERE game_id = ? AND effective >= ?`, gameID, snap.Effective); err != nil {
			return s.wrap(where, err)
		}
		if _, err := tx.Exec(`INSERT INTO snapshots (game_id, effective, last_seq, version, state) VALUES (?, ?, ?, ?, ?)`,
			gameID, snap.Effective, snap.LastSeq, snap.Version, string(state)); err != nil {
			return s.wrap(where, err)
		}
		if _, err := tx.Exec(`DELETE FROM snapshots WHERE game_id = ? AND effective NOT IN
			(SELECT effective FROM snapshots WHERE game_id = ? ORDER BY effective DESC LIMIT ?)`,
			gameID, gameID, snapshotsKept); err != nil {
			return s.wrap(where, err)
		}
		return nil
	})
}

// LoadGame rebuilds a game from its setup and records, starting from the
// newest snapshot that still matches the records. Snapshots are only a cache:
// one that an undo went behind, or whose JSON does not decode, is skipped.
//
// A save whose records no longer replay under the current rules (or one of
// which no longer decodes) gives BOTH a game and a *ReplayError: the game is
// the longest prefix of the records that replays, to be shown read-only, and
// the error names the first record that does not. Any other error gives a nil
// game.
func (s *Store) LoadGame(gameID int64) (*dun.Game, error) {
	where := fmt.Sprintf("load game %d", gameID)
	s.mu.Lock()
	defer s.mu.Unlock()
	// A read transaction gives one consistent view of the three tables.
	tx, err := s.db.Begin()
	if err != nil {
		return nil, s.wrap(where, err)
	}
	defer tx.Rollback()
	var name, setupJSON string
	var questSrc sql.NullString
	err = tx.QueryRow(`SELECT name, setup, quest_source FROM games WHERE id = ?`, gameID).Scan(&name, &setupJSON, &questSrc)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%s: %w", where, ErrNoGame)
	}
	if err != nil {
		return nil, s.wrap(where, err)
	}
	setup, err := gameSetup([]byte(setupJSON), questSrc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	records, bad, err := s.records(tx, gameID)
	if err != nil {
		return nil, err
	}
	snap, err := s.snapshot(tx, gameID, records)
	if err != nil {
		return nil, err
	}
	g, err := replayPrefix(name, setup, records, snap)
	var re *ReplayError
	switch {
	case errors.As(err, &re):
		return g, re
	case err != nil:
		return nil, fmt.Errorf("%s: %w", where, err)
	case bad != nil:
		bad.Game = name
		return g, bad
	}
	return g, nil
}

// gameSetup decodes a stored setup and gives it the quest file the game
// began with, if any.
func gameSetup(setupJSON []byte, questSrc sql.NullString) (dun.Setup, error) {
	setup, err := dun.DecodeSetup(setupJSON)
	if err != nil {
		return dun.Setup{}, fmt.Errorf("setup: %w", err)
	}
	if questSrc.Valid {
		q, ps := quest.Parse(setup.Quest+".toml", []byte(questSrc.String))
		if ps != nil {
			return dun.Setup{}, fmt.Errorf("its quest: %w", ps)
		}
		setup.QuestData = q
	}
	return setup, nil
}

// records reads a game's records in order. A record that does not decode
// ends the list: the records before it come back with a *ReplayError for it
// (its Game left for the caller to fill in).
func (s *Store) records(tx *sql.Tx, gameID int64) ([]dun.Record, *ReplayError, error) {
	var n int
	if err := tx.QueryRow(`SELECT count(*) FROM events WHERE game_id = ?`, gameID).Scan(&n); err != nil {
		return nil, nil, s.wrap(fmt.Sprintf("load game %d", gameID), err)
	}
	rows, err := tx.Query(`SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq`, gameID)
	if err != nil {
		return nil, nil, s.wrap(fmt.Sprintf("load game %d", gameID), err)
	}
	defer rows.Close()
	records := make([]dun.Record, 0, n)
	var body []byte
	for rows.Next() {
		var seq int
		if err := rows.Scan(&seq, &body); err != nil {
			return nil, nil, s.wrap(fmt.Sprintf("load game %d", gameID), err)
		}
		e, err := dun.DecodeEvent(body)
		if err != nil {
			return records, &ReplayError{Seq: seq, Err: err}, nil
		}
		records = append(records, dun.Record{Seq: seq, Event: e})
	}
	if err := rows.Err(); err != nil {
		return nil, nil, s.wrap(fmt.Sprintf("load game %d", gameID), err)
	}
	return records, nil, nil
}

// snapshot finds the newest stored snapshot that still describes the
// records: the event that was its last must still count at the same place.
// dun.Resume checks this too; checking here avoids decoding snapshots that
// would be thrown away and lets an older one serve instead.
func (s *Store) snapshot(tx *sql.Tx, gameID int64, records []dun.Record) (*dun.Snapshot, error) {
	stack, err := dun.EffectiveSeqs(records) // seqs of the events that count
	if err != nil {
		return nil, nil // a bad log: let dun.Resume report it
	}
	rows, err := tx.Query(`SELECT effective, last_seq, version, state FROM snapshots
		WHERE game_id = ? AND effective BETWEEN 1 AND ? AND version = ? ORDER BY effective DESC`,
		gameID, len(stack), dun.StateVersion)
	if err != nil {
		return nil, s.wrap(fmt.Sprintf("load game %d: snapshots", gameID), err)
	}
	defer rows.Close()
	for rows.Next() {
		var snap dun.Snapshot
		var state []byte
		if err := rows.Scan(&snap.Effective, &snap.LastSeq, &snap.Version, &state); err != nil {
			return nil, s.wrap(fmt.Sprintf("load game %d: snapshots", gameID), err)
		}
		if stack[snap.Effective-1] != snap.LastSeq {
			continue
		}
		if decodeStrict(state, &snap.State) != nil {
			continue // only a cache: replay instead
		}
		return &snap, nil
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(fmt.Sprintf("load game %d: snapshots", gameID), err)
	}
	return nil, nil
}

// decodeStrict refuses unknown fields and trailing data, so a snapshot
// written by a different version of dun.State is not half-trusted.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after JSON value")
	}
	return nil
}

// Games lists the games, most recently played first.
func (s *Store) Games() ([]GameInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rows, err := s.db.Query(`SELECT g.id, g.uid, g.name, g.setup, g.campaign_id, c.name, g.seq, g.turn, g.reserve, g.created_at, g.updated_at
		FROM games g LEFT JOIN campaigns c ON c.id = g.campaign_id
		ORDER BY g.updated_at DESC, g.id DESC`)
	if err != nil {
		return nil, s.wrap("list games", err)
	}
	defer rows.Close()
	var games []GameInfo
	for rows.Next() {
		var g GameInfo
		var uid, campaign, created, updated sql.NullString
		var campaignID sql.NullInt64
		var setup []byte
		if err := rows.Scan(&g.ID, &uid, &g.Name, &setup, &campaignID, &campaign, &g.Seq, &g.Turn, &g.Reserve, &created, &updated); err != nil {
			return nil, s.wrap("list games", err)
		}
		g.UID, g.CampaignID, g.CampaignName = uid.String, campaignID.Int64, campaign.String
		// A setup that does not decode shows no quest here; LoadGame reports it.
		var head struct {
			Quest string `json:"quest"`
		}
		if json.Unmarshal(setup, &head) == nil {
			g.QuestID = head.Quest
		}
		// A missing or unreadable time is shown as unknown (zero), not an error.
		g.Created, _ = time.Parse(timeLayout, created.String)
		g.Updated, _ = time.Parse(timeLayout, updated.String)
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("list games", err)
	}
	return games, nil
}

// RenameGame gives a game a new name (trimmed). A blank name is ErrEmptyName.
func (s *Store) RenameGame(gameID int64, name string) error {
	where := fmt.Sprintf("rename game %d", gameID)
	name, err := cleanName(name)
	if err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	res, err := s.db.Exec(`UPDATE games SET name = ? WHERE id = ?`, name, gameID)
	if err != nil {
		return s.wrap(where, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("%s: %w", where, ErrNoGame)
	}
	return nil
}

// DuplicateGame copies a game under a new name and a new uid: the same setup,
// quest file and campaign, and every record and snapshot, in one transaction.
// The copy is created, and updated, now.
func (s *Store) DuplicateGame(gameID int64, name string) (int64, error) {
	where := fmt.Sprintf("duplicate game %d", gameID)
	name, err := cleanName(name)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	var id int64
	err = s.inTx(where, func(tx *sql.Tx) error {
		t := now().Format(timeLayout)
		res, err := tx.Exec(`INSERT INTO games (uid, name, setup, created_at, updated_at, seq, turn, reserve, quest_source, campaign_id)
			SELECT ?, ?, setup, ?, ?, seq, turn, reserve, quest_source, campaign_id FROM games WHERE id = ?`,
			newUID(), name, t, t, gameID)
		if err != nil {
			return s.wrap(where, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return fmt.Errorf("%s: %w", where, ErrNoGame)
		}
		if id, err = res.LastInsertId(); err != nil {
			return s.wrap(where, err)
		}
		if _, err := tx.Exec(`INSERT INTO events (game_id, seq, type, body, created_at)
			SELECT ?, seq, type, body, created_at FROM events WHERE game_id = ? ORDER BY seq`, id, gameID); err != nil {
			return s.wrap(where+": records", err)
		}
		if _, err := tx.Exec(`INSERT INTO snapshots (game_id, effective, last_seq, version, state)
			SELECT ?, effective, last_seq, version, state FROM snapshots WHERE game_id = ?`, id, gameID); err != nil {
			return s.wrap(where+": snapshots", err)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// SetGameCampaign puts a game in a campaign, or in none with campaignID 0.
func (s *Store) SetGameCampaign(gameID, campaignID int64) error {
	where := fmt.Sprintf("put game %d in campaign %d", gameID, campaignID)
	return s.inTx(where, func(tx *sql.Tx) error {
		if campaignID != 0 {
			if err := s.campaignExists(tx, where, campaignID); err != nil {
				return err
			}
		}
		res, err := tx.Exec(`UPDATE games SET campaign_id = ? WHERE id = ?`, nullID(campaignID), gameID)
		if err != nil {
			return s.wrap(where, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return fmt.Errorf("%s: %w", where, ErrNoGame)
		}
		return nil
	})
}

// inTx runs f in one transaction under the store's lock: committed when f
// returns nil, rolled back otherwise. where names the work in errors.
func (s *Store) inTx(where string, f func(tx *sql.Tx) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx, err := s.db.Begin()
	if err != nil {
		return s.wrap(where, err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return s.wrap(where, err)
	}
	return nil
}

// nullID stores id 0 as NULL.
func nullID(id int64) sql.NullInt64 {
	return sql.NullInt64{Int64: id, Valid: id != 0}
}

// Setting reads a setting; ok is false when it was never set.
func (s *Store) Setting(key string) (value string, ok bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	err = s.db.QueryRow(`SELECT value FROM settings WHERE key = ?`, key).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, s.wrap(fmt.Sprintf("read setting %q", key), err)
	}
	return value, true, nil
}

// SetSetting stores a setting, replacing any previous value.
func (s *Store) SetSetting(key, value string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.db.Exec(`INSERT INTO settings (key, value) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value); err != nil {
		return s.wrap(fmt.Sprintf("write setting %q", key), err)
	}
	return nil
}
