package data

import (
	"fmt"
	"time"

	"github.com/dunconductor/conductor/core/engine"
)

// EventTimes are when each of a game's records was taken, in order:
// times[i] is record i+1's. A time the store cannot read is zero.
func (s *Store) EventTimes(gameID int64) ([]time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	where := fmt.Sprintf("read the times of game %d", gameID)
	rows, err := s.db.Query(`SELECT created_at FROM events WHERE game_id = ? ORDER BY seq`, gameID)
	if err != nil {
		return nil, s.wrap(where, err)
	}
	defer rows.Close()
	var times []time.Time
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, s.wrap(where, err)
		}
		at, _ := time.Parse(timeLayout, t)
		times = append(times, at)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(where, err)
	}
	return times, nil
}

// Sittings are a game's sittings (engine.Sittings), from its records' times.
func (s *Store) Sittings(gameID int64) ([]engine.Sitting, error) {
	times, err := s.EventTimes(gameID)
	if err != nil {
		return nil, err
	}
	return engine.Sittings(times), nil
}
