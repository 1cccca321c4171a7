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
	"bufio"
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
	"syscall"

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
	// ErrReadOnly means the app may not write the file or the folder it is
	// in: a read-only file, folder or mount, or one of another user. A store
	// writes both (every step is saved as it happens, and SQLite keeps a
	// -wal file beside the database), so it does not open one it cannot
	// write. The returned error wraps it with what was found; the file is
	// not modified.
	ErrReadOnly = errors.New("the database file or its folder cannot be written")
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
	mu sync.Mutex
	db *sql.DB
	// Append's statements, prepared once on the store's one connection
	// (see prepared): preparing them cost as much as a third of its CPU.
	readStmt, headStmt, eventStmt *sql.Stmt
	// modules are the games' modules as Append last found them; a game
	// whose module is another since (deleted, its id used again) is read
	// again.
	modules    map[int64]string
	path       string
	file       os.FileInfo // identity of the file, for the in-process registry
	foundEmpty bool
}

// FoundEmpty reports whether the file was there but empty (0 bytes, and no
// -wal beside it holding a transaction), so that Open made it a new
// database. An empty file holds no games: it is what a copy that was cut
// off, a full disk or "touch" leave, or a first start that failed in a
// version before this one. Open treats it like a missing file rather than
// refusing it, so that such a file never locks the user out; the app may
// say so (message "ui.notice.empty_db"). A file of even one byte more is
// checked like any other, and never initialised.
func (s *Store) FoundEmpty() bool { return s.foundEmpty }

// Path is the database file's path.
func (s *Store) Path() string { return s.path }

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
// ErrCorrupt or ErrForeign if the file is not one of ours, with *NewerError
// if a newer version wrote it, and with ErrReadOnly if the file or its
// folder cannot be written; in those cases the file is not modified. A
// missing file, or one of 0 bytes (see FoundEmpty), becomes a new database;
// of two copies creating one at the same instant, one opens it and the
// other gets ErrLocked, and a first start that fails leaves no empty file.
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
		return nil, openFailed(abs, err)
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
	if err := checkWritable(abs, h); err != nil {
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
	s := &Store{db: db, path: abs, foundEmpty: h.empty && !h.missing}
	if err := s.start(h); err != nil {
		db.Close()
		if h.missing && !errors.Is(err, ErrLocked) {
			removeIfEmpty(abs) // ours alone: another copy holding it would be ErrLocked
		}
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
	empty   bool // missing, or 0 bytes with no transaction in a -wal: a new database
	missing bool // no file at all: Open creates it
	wal     bool // already in WAL mode
}

// inspectFile checks the SQLite header with plain reads, so a text file or
// random bytes are refused without SQLite ever opening (or changing) them.
// It also checks whose file it is and its schema version, from page 1 as the
// last transaction left it: in the main file, or in the -wal beside it when
// a committed transaction there rewrote page 1. SQLite would change a file
// with pending WAL frames merely by opening and closing it (it checkpoints
// the frames into the file and deletes the -wal), so another program's file,
// or a newer version's, must be refused before SQLite opens it.
func inspectFile(path string) (header, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return header{empty: true, missing: true}, nil
	}
	if err != nil {
		return header{}, openFailed(path, err)
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
	walPage1, walCommitted, err := readWAL(path + "-wal")
	if err != nil {
		return header{}, fmt.Errorf("open database %s: %w", path, err)
	}
	if size == 0 && !walCommitted {
		return header{empty: true}, nil // nothing to lose: a new database
	}
	var b [page1Prefix]byte
	n, err := io.ReadFull(f, b[:])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return header{}, fmt.Errorf("open database %s: %w", path, err)
	}
	page1 := b[:n]
	if size > 0 {
		if err := checkHeader(path, page1, size); err != nil {
			return header{}, err
		}
	}
	if walPage1 != nil {
		page1 = walPage1 // what SQLite will read: the newest committed page 1
	}
	if err := checkIdentity(path, page1); err != nil {
		return header{}, err
	}
	return header{wal: len(page1) > 19 && page1[18] == 2 && page1[19] == 2}, nil
}

// corrupt is ErrCorrupt for the file at path, saying why.
func corrupt(path, format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", ErrCorrupt, path, fmt.Sprintf(format, args...))
}

// checkHeader refuses a main file of size bytes whose first bytes b are not
// a SQLite header: too short, no magic, an invalid page size or file
// format, or cut short.
func checkHeader(path string, b []byte, size int64) error {
	if len(b) < 100 {
		return corrupt(path, "only %d bytes, too short for a SQLite header", size)
	}
	if !bytes.Equal(b[:16], []byte("SQLite format 3\x00")) {
		return corrupt(path, "not a SQLite database (no SQLite header)")
	}
	pageSize := int64(binary.BigEndian.Uint16(b[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	if pageSize < 512 || pageSize&(pageSize-1) != 0 {
		return corrupt(path, "invalid page size %d", pageSize)
	}
	if b[18] < 1 || b[18] > 2 || b[19] < 1 || b[19] > 2 {
		return corrupt(path, "unknown file format version %d/%d", b[18], b[19])
	}
	// With a WAL or hot journal beside it the main file may legitimately be
	// short; SQLite sorts that out, and quick_check catches what is left.
	if exists(path+"-wal") || exists(path+"-journal") {
		return nil
	}
	return checkLength(path, b, size, pageSize)
}

// checkLength refuses a main file that is not whole pages, or fewer pages
// than its header says.
func checkLength(path string, b []byte, size, pageSize int64) error {
	if size%pageSize != 0 {
		return corrupt(path, "truncated: %d bytes is not a whole number of %d-byte pages", size, pageSize)
	}
	pages := int64(binary.BigEndian.Uint32(b[28:32]))
	// The in-header page count is valid only when its change counter matches.
	if pages > 0 && bytes.Equal(b[24:28], b[92:96]) && pages*pageSize > size {
		return corrupt(path, "truncated: header says %d pages, the file has %d", pages, size/pageSize)
	}
	return nil
}

// page1Prefix is how much of page 1 inspectFile reads: the database header
// (100 bytes) and the header of the schema table's first b-tree page.
const page1Prefix = 108

// checkIdentity refuses, from page 1's bytes, a database of another program
// (ErrForeign) and one of a newer schema (*NewerError), as check does once
// SQLite has the file. A fresh database (no application id, version 0, an
// empty schema) is ours to initialise. A page 1 too short to tell is left
// to check.
func checkIdentity(path string, page1 []byte) error {
	if len(page1) < page1Prefix || !bytes.Equal(page1[:16], []byte("SQLite format 3\x00")) {
		return nil
	}
	version := int(int32(binary.BigEndian.Uint32(page1[60:64])))
	appID := int(int32(binary.BigEndian.Uint32(page1[68:72])))
	// The schema table's root is page 1: a leaf (13) without cells is empty.
	objects := int(binary.BigEndian.Uint16(page1[103:105]))
	if page1[100] != 13 {
		objects = -1 // an interior page: many objects
	}
	fresh := appID == 0 && version == 0 && objects == 0
	if appID != applicationID && !fresh {
		what := fmt.Sprintf("%d schema objects", objects)
		if objects < 0 {
			what = "many schema objects"
		}
		return fmt.Errorf("%w: %s (application id %#x, schema version %d, %s)", ErrForeign, path, appID, version, what)
	}
	if n := len(migrations); version > n {
		return &NewerError{Path: path, Found: version, Supported: n}
	}
	return nil
}

// readWAL finds, with plain reads, the newest page 1 that a committed
// transaction in a -wal file wrote (its first page1Prefix bytes; nil for
// none), and whether the file holds any committed transaction, the way
// SQLite's recovery reads it: the frames after the header whose salts match
// it and whose running checksum holds, up to the last commit frame among
// them. A missing, short or unknown -wal holds nothing.
func readWAL(path string) (page1 []byte, committed bool, err error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<16)
	w, ok := readWALHeader(r)
	if !ok {
		return nil, false, nil
	}
	return w.frames(r)
}

// walHeader is what a -wal's header says: its checksums' byte order, its
// page size, its salts, and the running checksum after it.
type walHeader struct {
	order    binary.ByteOrder
	pageSize int
	salts    []byte
	s1, s2   uint32
}

// readWALHeader reads a -wal's header; false for one SQLite ignores (short,
// another magic, an invalid page size, a bad checksum).
func readWALHeader(r io.Reader) (walHeader, bool) {
	var hdr [32]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return walHeader{}, false // short: SQLite ignores it too
	}
	magic := binary.BigEndian.Uint32(hdr[0:4])
	if magic&^1 != 0x377f0682 {
		return walHeader{}, false
	}
	w := walHeader{order: binary.LittleEndian, salts: hdr[16:24]}
	if magic&1 == 1 {
		w.order = binary.BigEndian
	}
	w.pageSize = int(binary.BigEndian.Uint32(hdr[8:12]))
	if w.pageSize == 1 {
		w.pageSize = 65536
	}
	if w.pageSize < 512 || w.pageSize > 65536 || w.pageSize&(w.pageSize-1) != 0 {
		return walHeader{}, false
	}
	w.s1, w.s2 = walChecksum(w.order, hdr[:24], 0, 0)
	if w.s1 != binary.BigEndian.Uint32(hdr[24:28]) || w.s2 != binary.BigEndian.Uint32(hdr[28:32]) {
		return walHeader{}, false
	}
	return w, true
}

// frames reads the frames after the header up to the first of an older
// generation or with a broken checksum: the newest committed page 1 and
// whether any transaction is committed.
func (w walHeader) frames(r io.Reader) (page1 []byte, committed bool, err error) {
	frame := make([]byte, 24+w.pageSize)
	var pending []byte // page 1 of the transaction not yet committed
	s1, s2 := w.s1, w.s2
	for {
		if _, err := io.ReadFull(r, frame); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return page1, committed, nil
			}
			return nil, false, err
		}
		if !bytes.Equal(frame[8:16], w.salts) {
			return page1, committed, nil // salts of an older generation: the end
		}
		s1, s2 = walChecksum(w.order, frame[:8], s1, s2)
		s1, s2 = walChecksum(w.order, frame[24:], s1, s2)
		if s1 != binary.BigEndian.Uint32(frame[16:20]) || s2 != binary.BigEndian.Uint32(frame[20:24]) {
			return page1, committed, nil
		}
		if binary.BigEndian.Uint32(frame[0:4]) == 1 {
			pending = append(pending[:0], frame[24:24+min(page1Prefix, w.pageSize)]...)
		}
		if binary.BigEndian.Uint32(frame[4:8]) != 0 { // a commit frame
			committed = true
			if pending != nil {
				page1, pending = pending, nil
			}
		}
	}
}

// walChecksum continues SQLite's WAL checksum over b (a multiple of 8 bytes).
func walChecksum(order binary.ByteOrder, b []byte, s1, s2 uint32) (uint32, uint32) {
	for i := 0; i+8 <= len(b); i += 8 {
		s1 += order.Uint32(b[i:]) + s2
		s2 += order.Uint32(b[i+4:]) + s1
	}
	return s1, s2
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// readOnlyCause says whether err means the file system will not let us
// write: no permission, or a read-only mount.
func readOnlyCause(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)
}

// openFailed wraps an error of opening the file, as ErrReadOnly when it is
// one of permission.
func openFailed(path string, err error) error {
	if readOnlyCause(err) {
		return fmt.Errorf("%w: %s: %w", ErrReadOnly, path, err)
	}
	return fmt.Errorf("open database %s: %w", path, err)
}

// checkWritable refuses, before SQLite opens anything, a file or a folder
// the store could not write: SQLite would open a read-only file read-only
// and fail later with "disk I/O error: bad file descriptor", and in a
// read-only folder with "attempt to write a readonly database". The folder
// is tried by creating (and removing) an empty file in it, which works the
// same for permissions, read-only mounts and every system.
func checkWritable(path string, h header) error {
	if !h.missing {
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			if readOnlyCause(err) {
				return fmt.Errorf("%w: %s: the file is read-only (%w)", ErrReadOnly, path, err)
			}
			return fmt.Errorf("open database %s: %w", path, err)
		}
		f.Close()
	}
	dir := filepath.Dir(path)
	probe, err := os.CreateTemp(dir, ".conductor-write-check-*")
	if err != nil {
		if readOnlyCause(err) {
			return fmt.Errorf("%w: %s: its folder %s is read-only (%w)", ErrReadOnly, path, dir, err)
		}
		return fmt.Errorf("open database %s: %w", path, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// removeIfEmpty removes a file that Open created and left empty, with any
// empty -wal beside it, so that a failed first start leaves nothing behind.
func removeIfEmpty(path string) {
	for _, p := range []string{path + "-wal", path + "-shm", path + "-journal", path} {
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
			os.Remove(p)
		}
	}
}

// creationBusyMS is how long Open waits for the lock while it makes a new
// database. Two copies started at the same instant on a new file both read
// it, and each then needs the other to let go before it can write: with no
// wait at all both gave up, and neither opened. Waiting lets the one that
// asked first finish while the other, told at once by SQLite to back off,
// closes; the other then finds it locked (after at most this long, and only
// in this rare race).
const creationBusyMS = 2000

// start takes the lock, checks the file, switches it to WAL and migrates it.
func (s *Store) start(h header) error {
	ctx := context.Background()
	if h.empty {
		// Nothing to protect in an empty file: switching first means every
		// later step runs in WAL mode, where the first read takes the lock.
		if _, err := s.db.ExecContext(ctx, fmt.Sprintf("PRAGMA busy_timeout = %d", creationBusyMS)); err != nil {
			return s.wrap("set busy timeout", err)
		}
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
		case sqlite3.ErrReadonly:
			return fmt.Errorf("%w: %s (%s: %v)", ErrReadOnly, s.path, step, err)
		case sqlite3.ErrIoErr, sqlite3.ErrCantOpen, sqlite3.ErrPerm:
			// A file opened read-only fails its first write with EBADF.
			if errno := se.SystemErrno; errno == syscall.EBADF || readOnlyCause(errno) {
				return fmt.Errorf("%w: %s (%s: %v)", ErrReadOnly, s.path, step, err)
			}
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
	for _, st := range []*sql.Stmt{s.readStmt, s.headStmt, s.eventStmt} {
		if st != nil {
			st.Close()
		}
	}
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close database %s: %w", s.path, err)
	}
	return nil
}
