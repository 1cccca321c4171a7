// Package data keeps games in a SQLite file, whatever game they are: each
// game's module name, setup and content, its append-only log of events
// (engine.Record), the summary its module gives for the saved-games list,
// and cached snapshots of its state that make resuming fast. It knows no
// game's rules: it finds a game's module by name (engine.Find) to decode
// and replay it. A game of a module this build does not have is listed, and
// never written.
//
// One Store owns its file: it holds an exclusive lock from Open to Close, so a
// second copy of the app gets ErrLocked at once instead of waiting.
//
// The caller applies an event to its engine.Play, then persists it:
//
//	r, err := g.Apply(e)
//	...
//	err = store.Append(id, r, g.Summary())
//	if g.SnapshotDue() {
//		snap, err := g.Snapshot()
//		...
//		err = store.SaveSnapshot(id, snap) // a cache: an error here loses nothing
//	}
//
// A save whose records no longer replay under the current rules loads
// read-only: LoadGame returns the game as far as it replays and a
// *ReplayError. Games and campaigns travel as single export files
// (ExportGame, ExportCampaign, Import, ReadExport); each game and campaign
// has a random uid that an export keeps, so an import knows what is already
// here.
package data

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mattn/go-sqlite3"
)

var (
	// ErrLocked means another Store (another copy of the app) has the file open.
	ErrLocked = errors.New("database is in use by another copy of the app")
	// ErrCorrupt means the file is not a SQLite database or is damaged. The
	// returned error wraps it with what was found.
	ErrCorrupt = errors.New("database is damaged or not a SQLite database")
	// ErrForeign means the file is a SQLite database of some other program.
	ErrForeign = errors.New("file is a database of another program")
	// ErrNoGame means no game has the given id. It is an fs.ErrNotExist, so
	// callers that do not import data can recognise it.
	ErrNoGame = fmt.Errorf("no such game (%w)", fs.ErrNotExist)
)

// NewerError means the file was written by a newer version of the app: its
// schema version is beyond the migrations this version knows.
type NewerError struct {
	Path      string
	Found     int
	Supported int
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("database %s was written by a newer version of the app (schema %d, this version knows up to %d)",
		e.Path, e.Found, e.Supported)
}

// applicationID marks our files ("DUNC"); 0001_init.sql sets it.
const applicationID = 0x44554E43

// busyTimeoutMS is the busy timeout once the lock is ours. It rarely matters
// (nobody else can take the lock), but it is what the design asks for.
const busyTimeoutMS = 5000

// Store is an open database. Its methods are safe for concurrent use; they
// run one at a time on a single connection.
//
// While a Store is open, nothing else in the process may open the database
// file (os.Open, os.ReadFile, a copy for export...): SQLite's locks are POSIX
// fcntl locks, and closing any descriptor of the file drops all of the
// process's locks on it, letting another copy of the app in. Export through
// SQLite (VACUUM INTO) instead.
type Store struct {
	mu   sync.Mutex
	db   *sql.DB
	path string
	file os.FileInfo // identity of the file, for the in-process registry
}

// registry is the files this process has open as Stores. A second Open of one of
// them is refused from here, without touching the file, because even reading
// its header would release the first Store's locks (see Store). The mutex
// also runs Opens one at a time.
var registry struct {
	sync.Mutex
	stores map[*Store]bool
}

// openHere reports whether a Store of this process has the file at path open.
// It only stats the file: a stat opens no descriptor.
func openHere(path string) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	for s := range registry.stores {
		if os.SameFile(fi, s.file) {
			return true
		}
	}
	return false
}

// Open opens or creates the database at path, migrating it to the newest
// schema. It fails with ErrLocked if another Store has the file open, with
// ErrCorrupt or ErrForeign if the file is not one of ours, and with
// *NewerError if a newer version wrote it; in those cases the file is not
// modified.
func Open(path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("open database: empty path")
	}
	if migrationsErr != nil {
		return nil, fmt.Errorf("open database %s: %w", path, migrationsErr)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("open database %s: %w", abs, err)
	}
	registry.Lock()
	defer registry.Unlock()
	if openHere(abs) {
		return nil, fmt.Errorf("%w: %s (already open in this process)", ErrLocked, abs)
	}
	h, err := inspectFile(abs)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite3", dsn(abs))
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", abs, err)
	}
	// Exclusive locking mode keeps the lock in one connection, so there must
	// be exactly one, and it must never be recycled.
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	s := &Store{db: db, path: abs}
	if err := s.start(h); err != nil {
		db.Close()
		return nil, err
	}
	if s.file, err = os.Stat(abs); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: %w", abs, err)
	}
	if registry.stores == nil {
		registry.stores = make(map[*Store]bool)
	}
	registry.stores[s] = true
	return s, nil
}

// dsn builds the connection string. Differences from the design's DSN, all on
// purpose: the busy timeout starts at 0 so that a locked file fails at once
// (with 5000, a second Open was measured to wait the full 5 s before
// SQLITE_BUSY; start raises it once the lock is ours), and journal_mode=WAL is set by
// start after the file has been checked, because the driver would run it
// before anything else and it rewrites the header of a rollback-mode file,
// even a corrupt-looking or newer one.
func dsn(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows: file:///C:/...
	}
	u := url.URL{Scheme: "file", Path: p}
	return u.String() + "?_busy_timeout=0&_foreign_keys=on&_synchronous=FULL&_txlock=immediate&_locking_mode=EXCLUSIVE"
}

// header is what inspectFile learned before SQLite touches the file.
type header struct {
	empty bool // missing or 0 bytes: a new database
	wal   bool // already in WAL mode
}

// inspectFile checks the SQLite header with plain reads, so a text file or
// random bytes are refused without SQLite ever opening (or changing) them.
func inspectFile(path string) (header, error) {
	corrupt := func(format string, args ...any) (header, error) {
		return header{}, fmt.Errorf("%w: %s: %s", ErrCorrupt, path, fmt.Sprintf(format, args...))
	}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return header{empty: true}, nil
	}
	if err != nil {
		return header{}, fmt.Errorf("open database %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return header{}, fmt.Errorf("open database %s: %w", path, err)
	}
	if fi.IsDir() {
		return header{}, fmt.Errorf("open database %s: is a directory", path)
	}
	size := fi.Size()
	if size == 0 {
		return header{empty: true}, nil
	}
	var b [100]byte
	if _, err := io.ReadFull(f, b[:]); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return corrupt("only %d bytes, too short for a SQLite header", size)
		}
		return header{}, fmt.Errorf("open database %s: %w", path, err)
	}
	if !bytes.Equal(b[:16], []byte("SQLite format 3\x00")) {
		return corrupt("not a SQLite database (no SQLite header)")
	}
	pageSize := int64(binary.BigEndian.Uint16(b[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	if pageSize < 512 || pageSize&(pageSize-1) != 0 {
		return corrupt("invalid page size %d", pageSize)
	}
	if b[18] < 1 || b[18] > 2 || b[19] < 1 || b[19] > 2 {
		return corrupt("unknown file format version %d/%d", b[18], b[19])
	}
	// With a WAL or hot journal beside it the main file may legitimately be
	// short; SQLite sorts that out, and quick_check catches what is left.
	if !exists(path+"-wal") && !exists(path+"-journal") {
		if size%pageSize != 0 {
			return corrupt("truncated: %d bytes is not a whole number of %d-byte pages", size, pageSize)
		}
		pages := int64(binary.BigEndian.Uint32(b[28:32]))
		// The in-header page count is valid only when its change counter matches.
		if pages > 0 && bytes.Equal(b[24:28], b[92:96]) && pages*pageSize > size {
			return corrupt("truncated: header says %d pages, the file has %d", pages, size/pageSize)
		}
	}
	return header{wal: b[18] == 2 && b[19] == 2}, nil
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// start takes the lock, checks the file, switches it to WAL and migrates it.
func (s *Store) start(h header) error {
	ctx := context.Background()
	if h.empty {
		// Nothing to protect in an empty file: switching first means every
		// later step runs in WAL mode, where the first read takes the lock.
		if err := s.walMode(ctx); err != nil {
			return err
		}
	}
	version, err := s.check(ctx)
	if err != nil {
		return err
	}
	if !h.empty && !h.wal {
		if err := s.walMode(ctx); err != nil {
			return err
		}
	}
	if err := s.migrate(ctx, version); err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, fmt.Sprintf("PRAGMA busy_timeout = %d", busyTimeoutMS)); err != nil {
		return s.wrap("set busy timeout", err)
	}
	return nil
}

// walMode switches the journal to WAL. In exclusive locking mode this takes
// the file's exclusive lock and keeps it until Close.
func (s *Store) walMode(ctx context.Context) error {
	var mode string
	if err := s.db.QueryRowContext(ctx, "PRAGMA journal_mode = WAL").Scan(&mode); err != nil {
		return s.wrap("switch to WAL", err)
	}
	if !strings.EqualFold(mode, "wal") {
		// SQLite answers with the old mode when it could not switch.
		return fmt.Errorf("open database %s: journal mode is %q, could not switch to WAL", s.path, mode)
	}
	return nil
}

// check reads the schema version and verifies the file inside a write
// transaction that writes nothing: BEGIN IMMEDIATE takes the lock (or fails at
// once with SQLITE_BUSY), and the rollback leaves the file as it was.
func (s *Store) check(ctx context.Context) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, s.wrap("lock", err)
	}
	defer tx.Rollback()
	var appID, version, objects int
	if err := tx.QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID); err != nil {
		return 0, s.wrap("read application id", err)
	}
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return 0, s.wrap("read schema version", err)
	}
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&objects); err != nil {
		return 0, s.wrap("read schema", err)
	}
	if err := s.quickCheck(ctx, tx); err != nil {
		return 0, err
	}
	fresh := appID == 0 && version == 0 && objects == 0
	if appID != applicationID && !fresh {
		return 0, fmt.Errorf("%w: %s (application id %#x, schema version %d, %d schema objects)",
			ErrForeign, s.path, appID, version, objects)
	}
	if n := len(migrations); version > n {
		return 0, &NewerError{Path: s.path, Found: version, Supported: n}
	}
	return version, nil
}

// quickCheck runs PRAGMA quick_check: every page and b-tree, without the
// slower index-content comparison of integrity_check.
func (s *Store) quickCheck(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, "PRAGMA quick_check(5)")
	if err != nil {
		return s.wrap("check integrity", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var msg string
		if err := rows.Scan(&msg); err != nil {
			return s.wrap("check integrity", err)
		}
		if msg != "ok" {
			problems = append(problems, strings.ReplaceAll(msg, "\n", " "))
		}
	}
	if err := rows.Err(); err != nil {
		return s.wrap("check integrity", err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s: %s", ErrCorrupt, s.path, strings.Join(problems, "; "))
	}
	return nil
}

// wrap names the step and the file, and maps SQLite's codes to our errors.
func (s *Store) wrap(step string, err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) {
		switch se.Code {
		case sqlite3.ErrBusy, sqlite3.ErrLocked:
			return fmt.Errorf("%w: %s (%s: %v)", ErrLocked, s.path, step, err)
		case sqlite3.ErrNotADB, sqlite3.ErrCorrupt:
			return fmt.Errorf("%w: %s: %s: %v", ErrCorrupt, s.path, step, err)
		}
	}
	return fmt.Errorf("%s: database %s: %w", step, s.path, err)
}

// Close releases the lock. The Store must not be used afterwards; closing
// it again does nothing.
func (s *Store) Close() error {
	registry.Lock()
	defer registry.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(registry.stores, s)
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close database %s: %w", s.path, err)
	}
	return nil
}
