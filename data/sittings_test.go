package data

import (
	"testing"
	"time"
)

// stampSteps sets the times game id's steps were taken (created_at, as
// the store writes it), the events' append-only trigger lifted for it and
// put back.
func stampSteps(t *testing.T, s *Store, id int64, stamps []string) {
	t.Helper()
	var trigger string
	if err := s.db.QueryRow(`SELECT sql FROM sqlite_master WHERE name = 'events_no_update'`).Scan(&trigger); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`DROP TRIGGER events_no_update`); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if _, err := s.db.Exec(trigger); err != nil {
			t.Fatal(err)
		}
	}()
	for i, at := range stamps {
		if _, err := s.db.Exec(`UPDATE events SET created_at = ? WHERE game_id = ? AND seq = ?`, at, id, i+1); err != nil {
			t.Fatal(err)
		}
	}
}

// A game's steps fall into sittings by the times they were taken (issue
// 35; engine.SittingGap, 4 hours): a week between evenings makes three
// sittings, and a gap one second short of 4 hours does not start one. A
// time the store cannot read (corrupt or empty) is skipped, not refused:
// EventTimes gives it as zero, and a zero time never starts a sitting, so
// its step belongs to the sitting under way (even when it is the step
// that would have started the next one).
func TestSittingsFromStoredTimes(t *testing.T) {
	at := func(day, hour, min, sec int) string {
		return time.Date(2026, 11, day, hour, min, sec, 0, time.UTC).Format(timeLayout)
	}
	evenings := []string{
		at(6, 19, 0, 0), at(6, 19, 10, 0), at(6, 19, 20, 0),
		at(13, 19, 0, 0), at(13, 19, 30, 0), at(13, 23, 29, 59), // 3 h 59 min 59 s: the same sitting
		at(20, 18, 0, 0), at(20, 18, 5, 0), at(20, 18, 10, 0),
	}
	with := func(i int, bad string) []string {
		out := append([]string(nil), evenings...)
		out[i] = bad
		return out
	}
	tests := []struct {
		name   string
		stamps []string
		want   [][2]int // each sitting's first and last step
		zero   int      // the step whose time reads as zero, 0 for none
	}{
		{"three evenings", evenings, [][2]int{{1, 3}, {4, 6}, {7, 9}}, 0},
		{"a corrupt time inside a sitting is skipped", with(7, "not a time"), [][2]int{{1, 3}, {4, 6}, {7, 9}}, 8},
		{"an empty time inside a sitting is skipped", with(1, ""), [][2]int{{1, 3}, {4, 6}, {7, 9}}, 2},
		{"a corrupt first step of an evening joins the one before", with(6, "2026-13-45"), [][2]int{{1, 3}, {4, 7}, {8, 9}}, 7},
		{"exactly 4 hours starts a sitting", with(5, at(13, 23, 30, 0)), [][2]int{{1, 3}, {4, 5}, {6, 6}, {7, 9}}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := openStore(t, dbPath(t))
			id, g := newGame(t, s)
			for i := range tc.stamps {
				play(t, s, id, g, script(g, i))
			}
			stampSteps(t, s, id, tc.stamps)
			times, err := s.EventTimes(id)
			if err != nil || len(times) != len(tc.stamps) {
				t.Fatalf("%d times: %v", len(times), err)
			}
			for i, tm := range times {
				if tm.IsZero() != (i+1 == tc.zero) {
					t.Errorf("step %d's time %v", i+1, tm)
				}
			}
			sittings, err := s.Sittings(id)
			if err != nil {
				t.Fatal(err)
			}
			var got [][2]int
			for _, st := range sittings {
				got = append(got, [2]int{st.From, st.To})
				if st.Start.IsZero() || st.End.IsZero() || st.End.Before(st.Start) {
					t.Errorf("sitting %d–%d from %v to %v", st.From, st.To, st.Start, st.End)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("sittings %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("sittings %v, want %v", got, tc.want)
					break
				}
			}
		})
	}
	// The evenings' lengths: 20 min, 4 h 29 min 59 s, 10 min.
	s := openStore(t, dbPath(t))
	id, g := newGame(t, s)
	for i := range evenings {
		play(t, s, id, g, script(g, i))
	}
	stampSteps(t, s, id, evenings)
	sittings, _ := s.Sittings(id)
	for i, want := range []time.Duration{20 * time.Minute, 4*time.Hour + 29*time.Minute + 59*time.Second, 10 * time.Minute} {
		if got := sittings[i].Length(); got != want {
			t.Errorf("sitting %d lasted %v, want %v", i+1, got, want)
		}
	}
	// A game with no step has no sitting; a game not stored has no time.
	empty, _ := newGame(t, s)
	if got, err := s.Sittings(empty); err != nil || len(got) != 0 {
		t.Errorf("a game with no step: %v, %v", got, err)
	}
	if got, err := s.EventTimes(999); err != nil || len(got) != 0 {
		t.Errorf("game 999: %v, %v", got, err)
	}
}
