package data

import (
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dunconductor/conductor/core/engine"
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

// GameInfo is a game's row in the saved-games list.
type GameInfo struct {
	ID     int64
	UID    string // random, 32 hex digits; kept by export and import
	Name   string
	Module string // the game's module ("dun"), which this build may not have
	// Summary is what its module said of the game when it was last saved,
	// nil for nothing. It comes back through JSON: a number is a float64, an
	// object a map[string]any.
	Summary      []engine.Message
	CampaignID   int64 // 0 when the game is in no campaign
	CampaignName string
	Seq          int // records stored, undos included
	Created      time.Time
	Updated      time.Time
}

// newUID makes a random id of 32 hex digits for a game or a campaign.
func newUID() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand crashes the program instead)
	return hex.EncodeToString(b[:])
}

// stateChecksum is the SHA-256 of a snapshot's state as stored, in
// lowercase hex. It finds a state changed after it was saved (by hand, by
// damage); it is no signature: whoever edits the file can compute it again,
// as they could edit the records, and the records stay the truth for replay
// and export.
func stateChecksum(state []byte) string {
	sum := sha256.Sum256(state)
	return hex.EncodeToString(sum[:])
}

// nullText stores nil as NULL.
func nullText(b []byte) sql.NullString {
	return sql.NullString{String: string(b), Valid: b != nil}
}

// textBytes reads a NULL back as nil.
func textBytes(t sql.NullString) []byte {
	if !t.Valid {
		return nil
	}
	return []byte(t.String)
}

// encodeSummary is a summary as the games row keeps it: NULL for none.
func encodeSummary(summary []engine.Message) (sql.NullString, error) {
	if len(summary) == 0 {
		return sql.NullString{}, nil
	}
	b, err := json.Marshal(summary)
	if err != nil {
		return sql.NullString{}, fmt.Errorf("encode summary: %w", err)
	}
	return sql.NullString{String: string(b), Valid: true}, nil
}

// CreateGame stores a new game before its first event: its module's name,
// its setup and content, and its summary. Make g with its module first
// (which validates the setup), e.g. dun.NewGame(setup). A name longer than
// 200 bytes is ErrNameTooLong, one with a control character or a
// bidirectional override ErrNameControl (see checkText).
func (s *Store) CreateGame(name string, g engine.Play) (int64, error) {
	where := "create game " + engine.QuoteShort(name)
	if err := checkName(name); err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	if n := len(g.Records()); n > 0 {
		return 0, fmt.Errorf("%s: the game has %d records already; store it before playing", where, n)
	}
	// A game of a module this build cannot find again would never load.
	if _, err := engine.Find(g.Module()); err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	setup, err := g.SetupJSON()
	if err != nil {
		return 0, fmt.Errorf("%s: encode setup: %w", where, err)
	}
	summary, err := encodeSummary(g.Summary())
	if err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	var id int64
	err = s.inTx(where, func(tx *sql.Tx) error {
		t := now().Format(timeLayout)
		res, err := tx.Exec(`INSERT INTO games (uid, name, module, setup, content, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, newUID(), name, g.Module(), string(setup), nullText(g.Content()), t)
		if err != nil {
			return s.wrap(where, err)
		}
		if id, err = res.LastInsertId(); err != nil {
			return s.wrap(where, err)
		}
		// The trigger games_head made its head.
		if _, err := tx.Exec(`UPDATE heads SET summary = ? WHERE game_id = ?`, summary, id); err != nil {
			return s.wrap(where, err)
		}
		return nil
	})
	if err != nil {
		return 0, err
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

// writable reads the seq of a game that may be written to: one of a module
// this build has. A game of another module is never written (its error wraps
// *engine.UnknownModuleError).
func (s *Store) writable(tx *sql.Tx, where string, gameID int64) (int, engine.Module, error) {
	return s.head(tx, nil, where, gameID)
}

// headQuery reads a game's last seq and its module.
const headQuery = `SELECT h.seq, g.module FROM games g JOIN heads h ON h.game_id = g.id WHERE g.id = ?`

// head is writable with headQuery prepared (Append's), or not (nil).
func (s *Store) head(tx *sql.Tx, read *sql.Stmt, where string, gameID int64) (int, engine.Module, error) {
	var last int
	var module string
	var row *sql.Row
	if read != nil {
		row = read.QueryRow(gameID)
	} else {
		row = tx.QueryRow(headQuery, gameID)
	}
	err := row.Scan(&last, &module)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, fmt.Errorf("%s: %w", where, ErrNoGame)
	}
	if err != nil {
		return 0, nil, s.wrap(where, err)
	}
	m, err := engine.Find(module)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %w", where, err)
	}
	return last, m, nil
}

// Append stores one record and the game's summary after it (g.Summary()) in
// one transaction, committed to disk before it returns. r.Seq must be the
// game's next sequence number, and its event one of the game's module;
// otherwise nothing is written.
func (s *Store) Append(gameID int64, r engine.Record, summary []engine.Message) error {
	return s.appendRecord(gameID, r, summary, nil)
}

// appendRecord is Append, with who took the step when a seat did (nil: the
// laptop), written in the record's transaction.
func (s *Store) appendRecord(gameID int64, r engine.Record, summary []engine.Message, by *Author) error {
	where := fmt.Sprintf("append record %d to game %d", r.Seq, gameID)
	if r.Event == nil {
		return fmt.Errorf("%s: no event", where)
	}
	body, err := engine.Encode(r.Event)
	if err != nil {
		return fmt.Errorf("%s: encode %s: %w", where, r.Event.Type(), err)
	}
	sum, err := encodeSummary(summary)
	if err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	if err := s.prepared(); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	return s.inTx(where, func(tx *sql.Tx) error {
		// The head moves on only when r is the game's next record and the
		// game is of the module it was the last time: one statement, no
		// read (a statement that also returns the module, UPDATE …
		// RETURNING, costs SQLite more than a read and a write). The first
		// time, or when it did not move, the head is read: to say why, or
		// to learn the game's module.
		t := now().Format(timeLayout)
		module, known := s.modules[gameID]
		moved := false
		if known {
			var err error
			if moved, err = s.moveHead(tx, r.Seq, sum, t, gameID, module); err != nil {
				return s.wrap(where, err)
			}
		}
		if !moved {
			delete(s.modules, gameID)
			last, m, err := s.head(tx, tx.Stmt(s.readStmt), where, gameID)
			if err != nil {
				return err
			}
			if r.Seq != last+1 {
				return fmt.Errorf("%s: out of order, the game's next record is %d", where, last+1)
			}
			module = m.Name()
			if moved, err = s.moveHead(tx, r.Seq, sum, t, gameID, module); err != nil {
				return s.wrap(where, err)
			}
			if !moved { // cannot happen: the head was just read in this transaction
				return fmt.Errorf("%s: the game's head did not move", where)
			}
			s.modules[gameID] = module
		}
		m, err := engine.Find(module)
		if err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		// It must load again: an event its module cannot decode would end the log there.
		if _, ok := m.Events().New(r.Event.Type()); !ok {
			return fmt.Errorf("%s: %q is not an event of the game's module %q", where, r.Event.Type(), m.Name())
		}
		if _, err := tx.Stmt(s.eventStmt).Exec(gameID, r.Seq, r.Event.Type(), string(body), t); err != nil {
			return s.wrap(where, err)
		}
		if by != nil {
			if err := writeAuthor(tx, gameID, r.Seq, by); err != nil {
				return s.wrap(where, err)
			}
		}
		return nil
	})
}

// moveHead makes seq the game's last record, with its summary and time,
// when the last one is seq-1 and the game is of module; moved says it did.
func (s *Store) moveHead(tx *sql.Tx, seq int, summary sql.NullString, t string, gameID int64, module string) (bool, error) {
	res, err := tx.Stmt(s.headStmt).Exec(seq, summary, t, gameID, seq-1, module)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// prepared prepares Append's statements the first time it runs. Each
// transaction takes them with tx.Stmt, which reuses them: the store has one
// connection.
func (s *Store) prepared() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.headStmt != nil {
		return nil
	}
	read, err := s.db.Prepare(headQuery)
	if err != nil {
		return s.wrap("prepare", err)
	}
	head, err := s.db.Prepare(`UPDATE heads SET seq = ?, summary = ?, updated_at = ?
		WHERE game_id = ? AND seq = ? AND (SELECT module FROM games WHERE id = game_id) = ?`)
	if err != nil {
		read.Close()
		return s.wrap("prepare", err)
	}
	event, err := s.db.Prepare(`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		read.Close()
		head.Close()
		return s.wrap("prepare", err)
	}
	s.readStmt, s.headStmt, s.eventStmt = read, head, event
	s.modules = map[int64]string{}
	return nil
}

// SaveSnapshot caches a game's state (from g.Snapshot()) for LoadGame. It
// replaces any snapshot at the same or a later point (those were undone) and
// keeps only the two newest. A snapshot of no events is not worth keeping and
// is skipped. The state's SHA-256 is stored with it (see stateChecksum).
func (s *Store) SaveSnapshot(gameID int64, snap engine.Snapshot) error {
	where := fmt.Sprintf("save snapshot %d/%d of game %d", snap.Effective, snap.LastSeq, gameID)
	if snap.Effective <= 0 {
		return nil
	}
	if snap.LastSeq < snap.Effective {
		return fmt.Errorf("%s: last seq cannot be below the effective count", where)
	}
	if !json.Valid(snap.State) {
		return fmt.Errorf("%s: the state is not JSON", where)
	}
	return s.inTx(where, func(tx *sql.Tx) error {
		last, _, err := s.writable(tx, where, gameID)
		if err != nil {
			return err
		}
		if snap.LastSeq > last {
			return fmt.Errorf("%s: the game has only %d records stored", where, last)
		}
		if _, err := tx.Exec(`DELETE FROM snapshots WHERE game_id = ? AND effective >= ?`, gameID, snap.Effective); err != nil {
			return s.wrap(where, err)
		}
		if _, err := tx.Exec(`INSERT INTO snapshots (game_id, effective, last_seq, version, state, checksum) VALUES (?, ?, ?, ?, ?, ?)`,
			gameID, snap.Effective, snap.LastSeq, snap.Version, string(snap.State), stateChecksum(snap.State)); err != nil {
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

// LoadGame rebuilds a game with its module (found by the name the game was
// saved with) from its setup, content and records, starting from the newest
// snapshot that still matches the records. Snapshots are only a cache: one
// that an undo went behind, or that the module does not take, is skipped.
//
// A save whose records no longer replay under the current rules (or one of
// which no longer decodes) gives BOTH a game and a *ReplayError: the game is
// the longest prefix of the records that replays, to be shown read-only, and
// the error names the first record that does not. A game of a module this
// build does not have gives an error wrapping *engine.UnknownModuleError;
// it, like any other error, comes with a nil game.
func (s *Store) LoadGame(gameID int64) (engine.Play, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// A read transaction gives one consistent view of the three tables.
	tx, err := s.db.Begin()
	if err != nil {
		return nil, s.wrap(fmt.Sprintf("load game %d", gameID), err)
	}
	defer tx.Rollback()
	return s.loadGame(tx, gameID, true)
}

// loadGame is LoadGame in tx; withSnapshots false replays every record
// without reading the snapshots (a migration before schema 7 cannot read
// them: they have no checksum column yet).
func (s *Store) loadGame(tx *sql.Tx, gameID int64, withSnapshots bool) (engine.Play, error) {
	where := fmt.Sprintf("load game %d", gameID)
	var name, module, setup string
	var content sql.NullString
	err := tx.QueryRow(`SELECT name, module, setup, content FROM games WHERE id = ?`, gameID).Scan(&name, &module, &setup, &content)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%s: %w", where, ErrNoGame)
	}
	if err != nil {
		return nil, s.wrap(where, err)
	}
	m, err := engine.Find(module)
	if err != nil {
		return nil, fmt.Errorf("%s (%q): %w", where, name, err)
	}
	records, bad, err := s.records(tx, gameID, m.Events())
	if err != nil {
		return nil, err
	}
	var snap *engine.Snapshot
	if withSnapshots {
		if snap, err = s.snapshot(tx, gameID, records); err != nil {
			return nil, err
		}
	}
	g, err := replayPrefix(name, m, []byte(setup), textBytes(content), records, snap)
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

// records reads a game's records in order with its module's events. Their
// fields are decoded when the game first needs them (engine.Registry.Lazy):
// a long game resumed from a snapshot replays only the records after it.
// A record whose type is unknown (or that does not decode, when it is
// decoded now) ends the list: the records before it come back with a
// *ReplayError for it (its Game left for the caller to fill in).
func (s *Store) records(tx *sql.Tx, gameID int64, events *engine.Registry) ([]engine.Record, *ReplayError, error) {
	if records, bad, ok := recordsAtOnce(tx, gameID, events); ok {
		return records, bad, nil
	}
	// How many records the head says there are, to size the list: only a
	// hint (a migration before schema 9 loads games before heads exist).
	var n int
	_ = tx.QueryRow(`SELECT seq FROM heads WHERE game_id = ?`, gameID).Scan(&n)
	rows, err := tx.Query(`SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq`, gameID)
	if err != nil {
		return nil, nil, s.wrap(fmt.Sprintf("load game %d", gameID), err)
	}
	defer rows.Close()
	records := make([]engine.Record, 0, max(n, 0))
	for rows.Next() {
		var seq int
		var body string
		if err := rows.Scan(&seq, &body); err != nil {
			return nil, nil, s.wrap(fmt.Sprintf("load game %d", gameID), err)
		}
		e, err := events.Lazy(body)
		if err != nil {
			return records, &ReplayError{Seq: seq, Err: err}, nil
		}
		records = append(records, engine.Record{Seq: seq, Event: e})
	}
	if err := rows.Err(); err != nil {
		return nil, nil, s.wrap(fmt.Sprintf("load game %d", gameID), err)
	}
	return records, nil, nil
}

// recordsAtOnce is records in one row, "seq body" lines: a row each costs
// the driver more than reading a long game's records does. It answers (ok)
// only when the lines are exactly records 1 to n, in order: a body holding
// a line break, a missing record or anything unexpected leaves the game to
// the row-by-row reading, which says what is wrong.
func recordsAtOnce(tx *sql.Tx, gameID int64, events *engine.Registry) ([]engine.Record, *ReplayError, bool) {
	var n int
	var all sql.NullString
	err := tx.QueryRow(`SELECT count(*), group_concat(seq || ' ' || body, char(10))
		FROM (SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq)`, gameID).Scan(&n, &all)
	if err != nil || n == 0 {
		return nil, nil, false
	}
	records := make([]engine.Record, 0, n)
	rest := all.String
	for seq := 1; seq <= n; seq++ {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		num, body, ok := strings.Cut(line, " ")
		if !ok || num != strconv.Itoa(seq) {
			return nil, nil, false
		}
		e, err := events.Lazy(body)
		if err != nil {
			return records, &ReplayError{Seq: seq, Err: err}, true
		}
		records = append(records, engine.Record{Seq: seq, Event: e})
	}
	if rest != "" {
		return nil, nil, false
	}
	return records, nil, true
}

// snapshot finds the newest stored snapshot that still describes the
// records: the event that was its last must still count at the same place,
// and its state must be the one saved (its checksum matches; one without a
// checksum, from before schema 7, is not trusted). The engine checks the
// place too (and the state's version); checking here avoids reading
// snapshots that would be thrown away and lets an older one serve instead.
// A snapshot not trusted is skipped without a word: the records are the
// truth, and replaying them gives the true state.
func (s *Store) snapshot(tx *sql.Tx, gameID int64, records []engine.Record) (*engine.Snapshot, error) {
	stack, err := engine.EffectiveSeqs(records) // seqs of the events that count
	if err != nil {
		return nil, nil // a bad log: let the module's Resume report it
	}
	rows, err := tx.Query(`SELECT effective, last_seq, version, state, checksum FROM snapshots
		WHERE game_id = ? AND effective BETWEEN 1 AND ? ORDER BY effective DESC`, gameID, len(stack))
	if err != nil {
		return nil, s.wrap(fmt.Sprintf("load game %d: snapshots", gameID), err)
	}
	defer rows.Close()
	for rows.Next() {
		var snap engine.Snapshot
		var state []byte
		var sum sql.NullString
		if err := rows.Scan(&snap.Effective, &snap.LastSeq, &snap.Version, &state, &sum); err != nil {
			return nil, s.wrap(fmt.Sprintf("load game %d: snapshots", gameID), err)
		}
		if stack[snap.Effective-1] != snap.LastSeq || !sum.Valid || sum.String != stateChecksum(state) || !json.Valid(state) {
			continue // only a cache: an older one, or a replay, serves
		}
		snap.State = state
		return &snap, nil
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(fmt.Sprintf("load game %d: snapshots", gameID), err)
	}
	return nil, nil
}

// fillSummaries completes migration 5: the SQL carried over each game's
// turn and reserve, but only its module knows the rest of its summary (for
// DUN, the quest's title). Every game whose module this build has and that
// loads gets its module's summary now; any other keeps the SQL's.
func (s *Store) fillSummaries(tx *sql.Tx) error {
	rows, err := tx.Query(`SELECT id FROM games ORDER BY id`)
	if err != nil {
		return s.wrap("fill in summaries", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return s.wrap("fill in summaries", err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return s.wrap("fill in summaries", err)
	}
	for _, id := range ids {
		g, err := s.loadGame(tx, id, false) // snapshots of schema 5 are not trusted anyway
		if err != nil {
			continue // read-only, unknown or broken: the SQL's summary is what it last had
		}
		sum, err := encodeSummary(g.Summary())
		if err != nil {
			continue
		}
		if _, err := tx.Exec(`UPDATE games SET summary = ? WHERE id = ?`, sum, id); err != nil {
			return s.wrap(fmt.Sprintf("fill in the summary of game %d", id), err)
		}
	}
	return nil
}

// Games lists the games, most recently played first, whatever their module.
func (s *Store) Games() ([]GameInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rows, err := s.db.Query(`SELECT g.id, g.uid, g.name, g.module, h.summary, g.campaign_id, c.name, h.seq, g.created_at, h.updated_at
		FROM games g JOIN heads h ON h.game_id = g.id LEFT JOIN campaigns c ON c.id = g.campaign_id
		ORDER BY h.updated_at DESC, g.id DESC`)
	if err != nil {
		return nil, s.wrap("list games", err)
	}
	defer rows.Close()
	var games []GameInfo
	for rows.Next() {
		var g GameInfo
		var uid, summary, campaign, created, updated sql.NullString
		var campaignID sql.NullInt64
		if err := rows.Scan(&g.ID, &uid, &g.Name, &g.Module, &summary, &campaignID, &campaign, &g.Seq, &created, &updated); err != nil {
			return nil, s.wrap("list games", err)
		}
		g.UID, g.CampaignID, g.CampaignName = uid.String, campaignID.Int64, campaign.String
		// A summary that does not decode shows nothing rather than failing the list.
		if summary.Valid && json.Unmarshal([]byte(summary.String), &g.Summary) != nil {
			g.Summary = nil
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

// RenameGame gives a game a new name (trimmed). A blank name is
// ErrEmptyName; a long one ErrNameTooLong, one with a character that is not
// text ErrNameControl.
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

// DuplicateGame copies a game under a new name and a new uid: the same
// module, setup, content, summary and campaign, and every record and snapshot, in one transaction.
// The copy is created, and updated, now. The name is checked as RenameGame
// checks it.
func (s *Store) DuplicateGame(gameID int64, name string) (int64, error) {
	where := fmt.Sprintf("duplicate game %d", gameID)
	name, err := cleanName(name)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	var id int64
	err = s.inTx(where, func(tx *sql.Tx) error {
		t := now().Format(timeLayout)
		res, err := tx.Exec(`INSERT INTO games (uid, name, module, setup, content, created_at, campaign_id)
			SELECT ?, ?, module, setup, content, ?, campaign_id FROM games WHERE id = ?`,
			newUID(), name, t, gameID)
		if err != nil {
			return s.wrap(where, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return fmt.Errorf("%s: %w", where, ErrNoGame)
		}
		if id, err = res.LastInsertId(); err != nil {
			return s.wrap(where, err)
		}
		if _, err := tx.Exec(`UPDATE heads SET (seq, summary) = (SELECT seq, summary FROM heads WHERE game_id = ?)
			WHERE game_id = ?`, gameID, id); err != nil {
			return s.wrap(where, err)
		}
		if _, err := tx.Exec(`INSERT INTO events (game_id, seq, type, body, created_at)
			SELECT ?, seq, type, body, created_at FROM events WHERE game_id = ? ORDER BY seq`, id, gameID); err != nil {
			return s.wrap(where+": records", err)
		}
		if _, err := tx.Exec(`INSERT INTO snapshots (game_id, effective, last_seq, version, state, checksum)
			SELECT ?, effective, last_seq, version, state, checksum FROM snapshots WHERE game_id = ?`, id, gameID); err != nil {
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
