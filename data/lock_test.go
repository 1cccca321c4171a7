package data

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
)

// The child process: with DATA_TEST_CHILD set, TestChildProcess holds the
// database open until its stdin closes ("hold"), tries to open it once and
// reports how that went ("try"), or prints the file's SHA-256 ("hash").
// Hashing in a child matters while a Store is open in the parent: reading the
// file in the parent would drop the parent's locks (see Store).
const (
	childModeEnv = "DATA_TEST_CHILD"
	childPathEnv = "DATA_TEST_CHILD_DB"
)

func TestChildProcess(t *testing.T) {
	mode, path := os.Getenv(childModeEnv), os.Getenv(childPathEnv)
	if mode == "" {
		t.Skip("only runs as the child of the lock tests")
	}
	if mode == "hash" {
		b, err := os.ReadFile(path)
		if err != nil {
			fmt.Printf("error: %v\n", err)
			os.Exit(0)
		}
		fmt.Printf("%x\n", sha256.Sum256(b))
		os.Exit(0)
	}
	in := bufio.NewReader(os.Stdin)
	if mode == "race" {
		// Ready, then open when the parent says go: two children at once.
		fmt.Println("ready")
		if _, err := in.ReadString('\n'); err != nil {
			os.Exit(0)
		}
	}
	start := time.Now()
	s, err := Open(path)
	took := time.Since(start)
	switch {
	case errors.Is(err, ErrLocked):
		fmt.Printf("locked after %v\n", took)
		os.Exit(0)
	case err != nil:
		fmt.Printf("error: %v\n", err)
		os.Exit(0)
	}
	fmt.Println("opened")
	if mode == "hold" || mode == "race" {
		io.Copy(io.Discard, in)
	}
	s.Close()
	os.Exit(0)
}

// child starts the test binary as a child in the given mode, returns its
// first line of output, and a function that lets it finish.
func child(t *testing.T, mode, path string) (string, func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), childModeEnv+"="+mode, childPathEnv+"="+path)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := false
	finish := func() {
		if done {
			return
		}
		done = true
		stdin.Close()
		io.Copy(io.Discard, stdout)
		if err := cmd.Wait(); err != nil {
			t.Errorf("child: %v", err)
		}
	}
	t.Cleanup(func() {
		if !done {
			cmd.Process.Kill() // only this child, by its handle
			finish()
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("child said %q: %v", line, err)
	}
	return strings.TrimSpace(line), finish
}

// hashOutside hashes the file from a child process.
func hashOutside(t *testing.T, path string) string {
	t.Helper()
	line, finish := child(t, "hash", path)
	finish()
	if len(line) != 64 {
		t.Fatalf("child hash: %s", line)
	}
	return line
}

// lockedOutside checks that another process cannot open the file.
func lockedOutside(t *testing.T, path string) {
	t.Helper()
	line, finish := child(t, "try", path)
	finish()
	if !strings.HasPrefix(line, "locked") {
		t.Fatalf("child: %s, want locked", line)
	}
	t.Logf("child: %s", line)
}

func TestLockedSameProcess(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	sum := hashOutside(t, path)

	start := time.Now()
	s2, err := Open(path)
	took := time.Since(start)
	if !errors.Is(err, ErrLocked) {
		if s2 != nil {
			s2.Close()
		}
		t.Fatalf("second Open = %v, want ErrLocked", err)
	}
	t.Logf("second Open failed after %v: %v", took, err)
	if hashOutside(t, path) != sum {
		t.Error("the failed Open changed the file")
	}
	lockedOutside(t, path) // and did not release the first Store's lock

	// The first Store is unharmed and keeps the lock.
	play(t, s, id, g, &dun.ReserveSpent{Amount: 2, Reason: "card_activated"})
	sameGame(t, load(t, s, id), g)
	if _, err := Open(path); !errors.Is(err, ErrLocked) {
		t.Fatalf("third Open = %v, want ErrLocked", err)
	}
	// Another name for the same file is the same file.
	link := path + ".link"
	if err := os.Symlink(path, link); err == nil {
		if _, err := Open(link); !errors.Is(err, ErrLocked) {
			t.Fatalf("Open through a symlink = %v, want ErrLocked", err)
		}
	}

	// Closing releases it.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s3 := openStore(t, path)
	sameGame(t, load(t, s3, id), g)
}

func TestLockedByChildProcess(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	s.Close()
	sum := hashFile(t, path)

	line, release := child(t, "hold", path)
	if line != "opened" {
		t.Fatalf("child: %s", line)
	}
	start := time.Now()
	_, err := Open(path)
	took := time.Since(start)
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("Open while the child holds it = %v, want ErrLocked", err)
	}
	t.Logf("Open failed after %v: %v", took, err)
	release()
	if hashFile(t, path) != sum {
		t.Error("the file changed") // the child only opened and closed it
	}
	s = openStore(t, path)
	sameGame(t, load(t, s, id), g)
}

func TestChildProcessLockedOut(t *testing.T) {
	path := dbPath(t)
	s := openStore(t, path)
	id, g := newGame(t, s)
	play(t, s, id, g, &dun.NewTurn{})
	sum := hashOutside(t, path)

	lockedOutside(t, path)
	if hashOutside(t, path) != sum {
		t.Error("the child's failed Open changed the file")
	}
	play(t, s, id, g, &dun.NewTurn{})
	sameGame(t, load(t, s, id), g)
}

// A database that was never switched to WAL (rollback journal) still locks:
// here the first Store takes the lock while switching it.
func TestLockedRollbackModeFile(t *testing.T) {
	path := dbPath(t)
	validDB(t, path)
	// Put it back in rollback mode, as an old copy or a tool might leave it.
	s := openStore(t, path)
	if _, err := s.db.Exec("PRAGMA journal_mode = DELETE"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if h, err := inspectFile(path); err != nil || h.wal {
		t.Fatalf("inspectFile = %+v, %v; want rollback mode", h, err)
	}
	openStore(t, path)
	lockedOutside(t, path)
}
