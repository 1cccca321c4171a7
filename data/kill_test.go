package data

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/dice"
)

// The kill test's child: with DATA_TEST_KILL_DB set, TestKillChild opens that
// database, continues its game (or starts one) and appends records as fast as
// it can, printing "committed N" after each Append returns, until killed.
const (
	killDBEnv   = "DATA_TEST_KILL_DB"
	killSeedEnv = "DATA_TEST_KILL_SEED"
)

// killEvent picks a legal event at random: a mix of every kind the store
// sees in play, undos included.
func killEvent(g *dun.Game, rng *rand.Rand) dun.Event {
	st := g.State()
	switch n := rng.IntN(100); {
	case n < 30:
		return &dun.NewTurn{}
	case n < 50:
		return &dun.ReserveGained{Amount: 1 + rng.IntN(4), Reason: "card_discarded"}
	case n < 70:
		return g.Roll(dice.TwoD6)
	case n < 85 && st.Reserve >= 1:
		return &dun.ReserveSpent{Amount: 1 + rng.IntN(min(st.Reserve, 4)), Reason: "card_activated"}
	case n >= 85 && g.CanUndo():
		return &dun.Undo{}
	}
	return &dun.NewTurn{}
}

// killAuthor is who the child says took record seq (the odd ones).
func killAuthor(seq int) Author {
	return Author{Intent: "kill-" + strconv.Itoa(seq), SeatID: "h1", SeatName: "Aria"}
}

// killedAuthors checks that the seats' steps kept after a kill are exactly
// the odd records stored: none without its record, none lost.
func killedAuthors(t *testing.T, s *Store, round int, id int64, n int) {
	t.Helper()
	authors, err := s.Authors(id)
	if err != nil {
		t.Fatalf("round %d: %v", round, err)
	}
	for seq := 1; seq <= n+1; seq++ {
		name, ok := authors[seq]
		if want := seq%2 == 1 && seq <= n; ok != want || ok && name != "Aria" {
			t.Fatalf("round %d: record %d of %d has author %q (%v), want %v", round, seq, n, name, ok, want)
		}
		if ok {
			if got, found, err := s.IntentSeq(id, killAuthor(seq).Intent); err != nil || !found || got != seq {
				t.Fatalf("round %d: IntentSeq(%s) = %d, %v, %v", round, killAuthor(seq).Intent, got, found, err)
			}
		}
	}
	if len(authors) != (n+1)/2 {
		t.Fatalf("round %d: %d authors for %d records", round, len(authors), n)
	}
}

func TestKillChild(t *testing.T) {
	path := os.Getenv(killDBEnv)
	if path == "" {
		t.Skip("only runs as the child of TestKillDuringAppends")
	}
	fail := func(format string, args ...any) {
		fmt.Printf("error: "+format+"\n", args...)
		os.Exit(1)
	}
	seed, _ := strconv.ParseUint(os.Getenv(killSeedEnv), 10, 64)
	s, err := Open(path)
	if err != nil {
		fail("open: %v", err)
	}
	games, err := s.Games()
	if err != nil {
		fail("games: %v", err)
	}
	var id int64
	var g *dun.Game
	if len(games) == 0 {
		if g, err = dun.NewGame(testSetup); err != nil {
			fail("new game: %v", err)
		}
		if id, err = s.CreateGame("kill", g); err != nil {
			fail("create: %v", err)
		}
	} else {
		id = games[0].ID
		p, err := s.LoadGame(id)
		if err != nil {
			fail("load: %v", err)
		}
		g = p.(*dun.Game)
	}
	fmt.Printf("ready %d\n", len(g.Records()))
	rng := rand.New(rand.NewPCG(seed, 0x6b696c6c))
	for {
		r, err := g.Apply(killEvent(g, rng))
		if err != nil {
			fail("apply: %v", err)
		}
		// Every other step is a seat's: its author goes in the same transaction.
		if r.Seq%2 == 1 {
			err = s.AppendBy(id, r, g.Summary(), killAuthor(r.Seq))
		} else {
			err = s.Append(id, r, g.Summary())
		}
		if err != nil {
			fail("append %d: %v", r.Seq, err)
		}
		fmt.Printf("committed %d\n", r.Seq) // os.Stdout is unbuffered
		if g.SnapshotDue() {
			if snap, err := g.Snapshot(); err == nil {
				s.SaveSnapshot(id, snap) // a cache: an error loses nothing
			}
		}
	}
}

// TestKillDuringAppends kills a child process that is appending records at a
// random moment, 25 times on the same file, and checks after each kill that
// the database is intact and holds every record the child saw committed.
func TestKillDuringAppends(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 25 processes")
	}
	const rounds = 25
	path := dbPath(t)
	rng := rand.New(rand.NewPCG(20240601, 7))
	total, stored := 0, 0
	for round := 1; round <= rounds; round++ {
		delay := time.Duration(rng.IntN(301)) * time.Millisecond
		committed, ready := killRound(t, path, round, delay)
		if ready != stored {
			t.Fatalf("round %d: the child found %d records, %d were stored", round, ready, stored)
		}

		s, err := Open(path)
		if err != nil {
			t.Fatalf("round %d: reopen after the kill: %v", round, err)
		}
		var check string
		if err := s.db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
			s.Close()
			t.Fatalf("round %d: integrity_check = %q, %v", round, check, err)
		}
		n := 0
		if games, err := s.Games(); err != nil {
			s.Close()
			t.Fatalf("round %d: %v", round, err)
		} else if len(games) > 1 {
			s.Close()
			t.Fatalf("round %d: %d games, want one", round, len(games))
		} else if len(games) == 1 {
			p, err := s.LoadGame(games[0].ID)
			if err != nil {
				s.Close()
				t.Fatalf("round %d: LoadGame after the kill: %v", round, err)
			}
			g := asDUN(t, p)
			n = len(g.Records())
			killedAuthors(t, s, round, games[0].ID, n)
			if games[0].Seq != n || !reflect.DeepEqual(games[0].Summary, listed(t, g.Summary())) {
				t.Errorf("round %d: summary %+v disagrees with the %d records loaded", round, games[0], n)
			}
			// Snapshots written up to the kill agree with a full replay.
			fresh, err := dun.Resume(g.Setup(), g.Records(), nil)
			if err != nil {
				t.Fatalf("round %d: replay: %v", round, err)
			}
			a, _ := json.Marshal(g.State())
			b, _ := json.Marshal(fresh.State())
			if string(a) != string(b) {
				t.Errorf("round %d: the state loaded (from a snapshot) differs from a full replay", round)
			}
		}
		s.Close()
		// Every record reported is there; at most one more (committed, not yet reported).
		if c := max(committed, stored); n < c || n > c+1 {
			t.Fatalf("round %d: %d records stored, the child reported up to %d committed (had %d)", round, n, committed, stored)
		}
		t.Logf("round %d: killed after %v, %d records committed this round, %d stored", round, delay, n-stored, n)
		total += n - stored
		stored = n
	}
	if stored < rounds {
		t.Errorf("only %d records in %d rounds: the child hardly ran", stored, rounds)
	}
	t.Logf("%d rounds, %d records committed in total, all kept", rounds, total)
}

// killRound runs one child, kills it delay after it is ready, and returns
// the last seq it reported committed (0 for none) and how many records it
// found when it started.
func killRound(t *testing.T, path string, round int, delay time.Duration) (committed, ready int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), killDBEnv+"="+path, killSeedEnv+"="+strconv.Itoa(round))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	killed := false
	defer func() {
		if !killed {
			cmd.Process.Kill() // only this child, by its handle
			for range lines {
			}
			cmd.Wait()
		}
	}()
	go func() {
		defer close(lines)
		r := bufio.NewReader(stdout)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				// A line cut by the kill was not reported: drop it.
				io.Copy(io.Discard, r)
				return
			}
			lines <- strings.TrimSpace(line)
		}
	}()
	handle := func(line string) {
		switch {
		case strings.HasPrefix(line, "committed "):
			seq, err := strconv.Atoi(strings.TrimPrefix(line, "committed "))
			if err != nil || committed != 0 && seq != committed+1 || committed == 0 && seq != ready+1 {
				t.Fatalf("round %d: child said %q after %d", round, line, committed)
			}
			committed = seq
		case strings.HasPrefix(line, "ready "):
			ready, _ = strconv.Atoi(strings.TrimPrefix(line, "ready "))
		default:
			t.Fatalf("round %d: child said %q", round, line)
		}
	}
	select {
	case line, ok := <-lines:
		if !ok || !strings.HasPrefix(line, "ready ") {
			t.Fatalf("round %d: child said %q before being ready", round, line)
		}
		handle(line)
	case <-time.After(30 * time.Second):
		t.Fatalf("round %d: the child was not ready after 30 s", round)
	}
	timer := time.NewTimer(delay)
	for alive := true; alive; {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("round %d: the child stopped by itself", round)
			}
			handle(line)
		case <-timer.C:
			alive = false
		}
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL on Unix
		t.Fatal(err)
	}
	killed = true
	for line := range lines { // what it printed before dying counts
		handle(line)
	}
	cmd.Wait()
	return committed, ready
}
