package data

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/dunconductor/conductor/core/engine"
)

// Author is who took a step from a seat: the phone's id for the intent,
// the seat's id and its name as the players read it.
type Author struct {
	Intent   string
	SeatID   string
	SeatName string
}

// AppendBy is Append for a step a seat took: the record and who took it are
// written in one transaction, so a step is never saved without its author,
// nor an author without its step. An intent id the game has already is
// refused, nothing written.
func (s *Store) AppendBy(gameID int64, r engine.Record, summary []engine.Message, by Author) error {
	if by.Intent == "" || by.SeatID == "" {
		return fmt.Errorf("append record %d to game %d: an author needs an intent and a seat", r.Seq, gameID)
	}
	return s.appendRecord(gameID, r, summary, &by)
}

// writeAuthor is the intents row of record seq, in the record's transaction.
func writeAuthor(tx *sql.Tx, gameID int64, seq int, by *Author) error {
	_, err := tx.Exec(`INSERT INTO intents (game_id, seq, intent_id, seat_id, seat_name) VALUES (?, ?, ?, ?, ?)`,
		gameID, seq, by.Intent, by.SeatID, by.SeatName)
	return err
}

// Authors are the names of the seats that took the game's steps, by the
// record's seq; steps taken on the laptop are not in it.
func (s *Store) Authors(gameID int64) (map[int]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rows, err := s.db.Query(`SELECT seq, seat_name FROM intents WHERE game_id = ?`, gameID)
	if err != nil {
		return nil, s.wrap(fmt.Sprintf("authors of game %d", gameID), err)
	}
	defer rows.Close()
	out := map[int]string{}
	for rows.Next() {
		var seq int
		var name string
		if err := rows.Scan(&seq, &name); err != nil {
			return nil, s.wrap(fmt.Sprintf("authors of game %d", gameID), err)
		}
		out[seq] = name
	}
	return out, s.wrapIf(fmt.Sprintf("authors of game %d", gameID), rows.Err())
}

// IntentSeq is the seq of the record saved for intent id in the game, and
// whether there is one.
func (s *Store) IntentSeq(gameID int64, id string) (int, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var seq int
	err := s.db.QueryRow(`SELECT seq FROM intents WHERE game_id = ? AND intent_id = ?`, gameID, id).Scan(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, s.wrap(fmt.Sprintf("intent of game %d", gameID), err)
	}
	return seq, true, nil
}
