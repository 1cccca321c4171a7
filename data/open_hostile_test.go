package data

import (
	"bufio"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
)

// withPendingWAL runs build on a WAL-mode database at src (made by prepare
// first, when not nil) with checkpoints off, then copies the file and its
// -wal, as they are, to a new path: a database whose last transactions are
// only in its -wal, as a program killed (or still running) leaves it.
func withPendingWAL(t *testing.T, prepare func(path string), build ...string) string {
	t.Helper()
	src := filepath.Join(t.TempDir(), "src.db")
	if prepare != nil {
		prepare(src)
	}
	raw, err := sql.Open("sqlite3", "file:"+src+"?_journal_mode=WAL")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	raw.SetMaxOpenConns(1)
	for _, q := range append([]string{"PRAGMA wal_autocheckpoint = 0"}, build...) {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	dst := filepath.Join(t.TempDir(), "conductor.db")
	for _, side := range []string{"", "-wal"} {
		b, err := os.ReadFile(src + side)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst+side, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if fi, err := os.Stat(dst + "-wal"); err != nil || fi.Size() == 0 {
		t.Fatalf("no pending WAL frames: %v", err)
	}
	return dst
}

// sums hashes the file and each file beside it ("" for one not there).
func sums(t *testing.T, path string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, side := range []string{"", "-wal", "-shm", "-journal"} {
		b, err := os.ReadFile(path + side)
		switch {
		case errors.Is(err, os.ErrNotExist):
			out[side] = ""
		case err != nil:
			t.Fatal(err)
		default:
			out[side] = fmt.Sprintf("%x", sha256.Sum256(b))
		}
	}
	return out
}

// ourFile makes one of our databases, closed (so checkpointed) and in WAL mode.
func ourFile(t *testing.T) func(path string) {
	return func(path string) {
		s := openStore(t, path)
		id, g := newGame(t, s)
		play(t, s, id, g, &dun.NewTurn{})
		s.Close()
	}
}

// Another program's database, or a newer version's, whose last transactions
// are still in its -wal, is refused with the right error, and neither the
// file nor its -wal changes (SQLite would checkpoint the frames into the file
// and delete the -wal on closing it).
func TestPendingWALRefusedUntouched(t *testing.T) {
	newer := len(migrations) + 1
	cases := []struct {
		name    string
		prepare func(path string)
		build   []string
		check   func(t *testing.T, err error)
	}{
		{"another program's tables", nil, []string{"CREATE TABLE contacts (name TEXT)", "INSERT INTO contacts VALUES ('Ann')"}, wantForeign},
		{"another program's id", nil, []string{"PRAGMA application_id = 305419896"}, wantForeign},
		{"another program's id over ours", ourFile(t), []string{"PRAGMA application_id = 305419896"}, wantForeign},
		{"a newer version", ourFile(t), []string{fmt.Sprintf("PRAGMA user_version = %d", newer)}, wantNewer(newer)},
		{"a newer version with more", ourFile(t), []string{
			"INSERT INTO settings (key, value) VALUES ('from', 'the future')",
			fmt.Sprintf("PRAGMA user_version = %d", newer),
			"CREATE TABLE future (x)",
		}, wantNewer(newer)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := withPendingWAL(t, c.prepare, c.build...)
			before := sums(t, path)
			s, err := Open(path)
			if err == nil {
				s.Close()
				t.Fatal("opened")
			}
			c.check(t, err)
			t.Log(err)
			if after := sums(t, path); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Fatalf("the files changed:\n%v\n%v", before, after)
			}
		})
	}
}

func wantForeign(t *testing.T, err error) {
	t.Helper()
	if !errors.Is(err, ErrForeign) {
		t.Fatalf("Open = %v, want ErrForeign", err)
	}
}

func wantNewer(found int) func(t *testing.T, err error) {
	return func(t *testing.T, err error) {
		t.Helper()
		var ne *NewerError
		if !errors.As(err, &ne) || ne.Found != found || ne.Supported != len(migrations) {
			t.Fatalf("Open = %v, want *NewerError{%d, %d}", err, found, len(migrations))
		}
	}
}

// Our own file with transactions only in its -wal opens with them.
func TestPendingWALOfOursOpens(t *testing.T) {
	path := withPendingWAL(t, ourFile(t), "INSERT INTO settings (key, value) VALUES ('language', 'es')")
	s := openStore(t, path)
	if v, ok, err := s.Setting("language"); err != nil || !ok || v != "es" {
		t.Fatalf("Setting = %q, %v, %v: the WAL's transaction is lost", v, ok, err)
	}
	if games, err := s.Games(); err != nil || len(games) != 1 {
		t.Fatalf("Games = %v, %v", games, err)
	}
}

// raceChild is a child process in "race" mode: ready to open path.
type raceChild struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Reader
}

func startRaceChild(t *testing.T, path string) *raceChild {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), childModeEnv+"=race", childPathEnv+"="+path)
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
	c := &raceChild{cmd: cmd, stdin: stdin, out: bufio.NewReader(stdout)}
	t.Cleanup(func() {
		c.stdin.Close()
		io.Copy(io.Discard, c.out)
		c.cmd.Wait()
	})
	if line := c.line(t); line != "ready" {
		t.Fatalf("child said %q", line)
	}
	return c
}

func (c *raceChild) line(t *testing.T) string {
	t.Helper()
	line, err := c.out.ReadString('\n')
	if err != nil {
		t.Fatalf("child said %q: %v", line, err)
	}
	return strings.TrimSpace(line)
}

// Two copies started at the same instant on a new file (missing, or empty):
// exactly one opens it, the other is told another copy has it, and the file
// is a whole database, never left empty.
func TestTwoCopiesCreateAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts many processes")
	}
	const rounds = 40
	for round := 1; round <= rounds; round++ {
		path := filepath.Join(t.TempDir(), "conductor.db")
		if round%2 == 0 {
			if err := os.WriteFile(path, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		a, b := startRaceChild(t, path), startRaceChild(t, path)
		// Both are ready and waiting on their stdin: say go to both at once.
		a.stdin.Write([]byte("go\n"))
		b.stdin.Write([]byte("go\n"))
		ra, rb := a.line(t), b.line(t)
		opened := 0
		for _, r := range []string{ra, rb} {
			switch {
			case r == "opened":
				opened++
			case strings.HasPrefix(r, "locked"):
			default:
				t.Fatalf("round %d: a child said %q (the other %q)", round, r, map[bool]string{true: rb, false: ra}[r == ra])
			}
		}
		if opened != 1 {
			t.Fatalf("round %d: %d copies opened the file (%q, %q), want exactly one", round, opened, ra, rb)
		}
		a.stdin.Close()
		b.stdin.Close()
		a.cmd.Wait()
		b.cmd.Wait()
		fi, err := os.Stat(path)
		if err != nil || fi.Size() == 0 {
			t.Fatalf("round %d: the file is %v, %v", round, fi, err)
		}
		s := openStore(t, path)
		if v := pragmaInt(t, s, "user_version"); v != len(migrations) {
			t.Fatalf("round %d: user_version %d", round, v)
		}
		s.Close()
	}
}

// tryAsUser opens path once in a child process that the file system's
// permissions bind (as root, one without the capabilities that override
// them), with prefix run first (e.g. to mount something), and returns what
// it said.
func tryAsUser(t *testing.T, path string, prefix ...string) string {
	t.Helper()
	args := []string{os.Args[0], "-test.run=^TestChildProcess$", "-test.count=1"}
	if os.Geteuid() == 0 {
		setpriv, err := exec.LookPath("setpriv")
		if err != nil {
			t.Skip("running as root without setpriv: permissions cannot be tried")
		}
		args = append([]string{setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner"}, args...)
	}
	args = append(prefix, args...)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), childModeEnv+"=try", childPathEnv+"="+path)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v: %s", err, out)
	}
	return strings.TrimSpace(string(out))
}

// A read-only file, a read-only folder and a read-only mount are refused
// with ErrReadOnly (the message the app shows says what to do), before
// SQLite opens anything, and the file is untouched; no file is created in
// a read-only folder.
func TestReadOnlyRefused(t *testing.T) {
	existing := func(t *testing.T) (dir, path string) {
		dir = filepath.Join(t.TempDir(), "saves")
		path = filepath.Join(dir, "conductor.db")
		ourFile(t)(path)
		return dir, path
	}
	chmod := func(t *testing.T, p string, mode os.FileMode) {
		t.Helper()
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(p, fi.Mode().Perm()) })
	}
	cases := map[string]func(t *testing.T) (path string, prefix []string){
		"read-only file": func(t *testing.T) (string, []string) {
			_, path := existing(t)
			chmod(t, path, 0o444)
			return path, nil
		},
		"read-only folder": func(t *testing.T) (string, []string) {
			dir, path := existing(t)
			chmod(t, dir, 0o555)
			return path, nil
		},
		"new file in a read-only folder": func(t *testing.T) (string, []string) {
			dir := filepath.Join(t.TempDir(), "saves")
			os.Mkdir(dir, 0o755)
			chmod(t, dir, 0o555)
			return filepath.Join(dir, "conductor.db"), nil
		},
		"read-only mount": func(t *testing.T) (string, []string) {
			unshare, err := exec.LookPath("unshare")
			if os.Geteuid() != 0 || err != nil {
				t.Skip("needs root and unshare to mount")
			}
			dir, path := existing(t)
			// A private mount namespace: the bind mount is the child's alone.
			return path, []string{unshare, "-m", "sh", "-c",
				`mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"`, dir}
		},
	}
	for name, build := range cases {
		t.Run(name, func(t *testing.T) {
			path, prefix := build(t)
			before := sums(t, path)
			line := tryAsUser(t, path, prefix...)
			if !strings.Contains(line, ErrReadOnly.Error()) {
				t.Fatalf("child: %s; want ErrReadOnly", line)
			}
			t.Log(line)
			if after := sums(t, path); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Fatalf("the files changed:\n%v\n%v", before, after)
			}
			if entries, _ := os.ReadDir(filepath.Dir(path)); before[""] == "" && len(entries) != 0 {
				t.Fatalf("%d files left in the read-only folder", len(entries))
			}
		})
	}
}

// A file of 0 bytes holds nothing to lose: it becomes a new database, and
// the store says so. A missing file is new too, and not "found empty".
func TestZeroByteFileSaysSo(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s := openStore(t, empty)
	if !s.FoundEmpty() {
		t.Error("FoundEmpty() = false for a 0-byte file")
	}
	if v := pragmaInt(t, s, "user_version"); v != len(migrations) {
		t.Errorf("user_version %d", v)
	}
	s.Close()
	s = openStore(t, empty) // now a database: no longer empty
	if s.FoundEmpty() {
		t.Error("FoundEmpty() = true on reopening")
	}
	if s := openStore(t, filepath.Join(dir, "missing.db")); s.FoundEmpty() {
		t.Error("FoundEmpty() = true for a missing file")
	}
}
