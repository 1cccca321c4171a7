package data

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/dunconductor/conductor/core/engine"
)

// Import streams a file: it reads the payload token by token, replays each
// game's records as they come and writes them in the import's transaction,
// so that its memory follows the live games, not the number of records (a
// file read whole, as ReadExport does, took about 1.4 KB per record). The
// checksum is computed on the way, over the canonical JSON kept in
// temporary files, and checked before the transaction commits; a problem
// found in a game is reported only once the checksum is known to match, so
// that a file changed after export is called that, as ReadExport calls it.
//
// A file is streamed when its outer object holds a "format" this app
// writes, a version it reads and a checksum before its "payload" object, as
// every export does; anything else (another application's JSON, a newer
// version, a file cut short before its payload) is read whole by the same
// code as ReadExport, which says what it is. Within a game, the records are
// replayed as they come when its uid and setup come before them (as in
// every export); otherwise that game's records are held until its object
// ends (a file whose keys were sorted by a tool, say).

// errTooLarge is what limitReader reports past maxExportSize.
var errTooLarge = fmt.Errorf("read export file: larger than %d MiB, too large to be an export", maxExportSize>>20)

// limitReader reads at most n bytes of r, then fails with errTooLarge if
// there is more.
type limitReader struct {
	r io.Reader
	n int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		var one [1]byte
		if n, _ := io.ReadFull(l.r, one[:]); n > 0 {
			return 0, errTooLarge
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// recorder keeps what is read until the import knows it can stream, so
// that a file it cannot is read whole from the start.
type recorder struct {
	on  bool
	buf bytes.Buffer
}

func (r *recorder) Write(p []byte) (int, error) {
	if r.on {
		r.buf.Write(p)
	}
	return len(p), nil
}

// spool holds bytes in a temporary file, made on the first write.
type spool struct {
	f *os.File
	w *bufio.Writer
	n int64
}

func (sp *spool) Write(p []byte) (int, error) {
	if sp.f == nil {
		f, err := os.CreateTemp("", "conductor-import-*")
		if err != nil {
			return 0, fmt.Errorf("import: a temporary file: %w", err)
		}
		sp.f, sp.w = f, bufio.NewWriterSize(f, 1<<16)
	}
	n, err := sp.w.Write(p)
	sp.n += int64(n)
	return n, err
}

func (sp *spool) writeString(s string) error {
	_, err := sp.Write([]byte(s))
	return err
}

// copyTo writes what the spool holds to w.
func (sp *spool) copyTo(w io.Writer) error {
	if sp.f == nil {
		return nil
	}
	if err := sp.w.Flush(); err != nil {
		return err
	}
	if _, err := sp.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := io.CopyN(w, sp.f, sp.n); err != nil {
		return err
	}
	_, err := sp.f.Seek(0, io.SeekEnd)
	return err
}

// reset empties the spool for reuse.
func (sp *spool) reset() error {
	if sp.f == nil {
		return nil
	}
	sp.w.Reset(sp.f)
	sp.n = 0
	if err := sp.f.Truncate(0); err != nil {
		return err
	}
	_, err := sp.f.Seek(0, io.SeekStart)
	return err
}

func (sp *spool) close() {
	if sp.f != nil {
		sp.f.Close()
		os.Remove(sp.f.Name())
	}
}

// Import reads an export file, verifies it (as ReadExport does: format,
// version, checksum, the shape of every game and campaign), replays every
// game, and stores its games and campaigns in one transaction: on any error
// nothing is written. A game of a module this build does not have is refused
// (the error wraps *engine.UnknownModuleError, which names it). Records keep
// their sequence numbers. A game's campaign and an entry's game are linked by
// uid, to the one in the file or else to one already stored. Imported games
// are listed as just updated. The file is streamed (see above): its memory
// does not grow with the number of records.
func (s *Store) Import(r io.Reader, mode ImportMode) (ImportResult, error) {
	if mode < ImportRefuseExisting || mode > ImportReplace {
		return ImportResult{}, fmt.Errorf("import: unknown mode %v", mode)
	}
	lim := &limitReader{r: r, n: maxExportSize}
	rec := &recorder{on: true}
	br := bufio.NewReaderSize(io.TeeReader(lim, rec), 1<<16)
	if b, _ := br.Peek(3); bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		br.Discard(3)
	}
	dec := json.NewDecoder(br)
	dec.UseNumber()
	checksum, ok := readHeader(dec)
	if !ok {
		// Read it whole, from the start, and let ReadExport's code judge it.
		rec.on = false
		rest, err := io.ReadAll(lim)
		if err != nil {
			if errors.Is(err, errTooLarge) {
				return ImportResult{}, fmt.Errorf("import: %w", errTooLarge)
			}
			return ImportResult{}, fmt.Errorf("import: read export file: %w", err)
		}
		exp, err := parseExport(append(rec.buf.Bytes(), rest...))
		if err != nil {
			return ImportResult{}, fmt.Errorf("import: %w", err)
		}
		return s.importParsed(exp, mode)
	}
	rec.on, rec.buf = false, bytes.Buffer{}
	st := &streamer{dec: dec, mode: mode, checksum: checksum,
		seenGames: map[string]bool{}, seenCampaigns: map[string]bool{}}
	defer st.games.close()
	defer st.events.close()
	var res ImportResult
	err := s.inTx("import", func(tx *sql.Tx) error {
		st.importer = importer{s: s, tx: tx, t: now().Format(timeLayout), campaignIDs: map[string]int64{}, gameIDs: map[string]int64{}}
		var err error
		res, err = st.run()
		return err
	})
	if err != nil {
		return ImportResult{}, err
	}
	return res, nil
}

// readHeader reads the outer object up to its payload's opening brace. ok
// is false unless the file is one to stream: our format, a version this
// build reads, a checksum, all before the payload object.
func readHeader(dec *json.Decoder) (checksum string, ok bool) {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", false
	}
	var format string
	version := -1
	for dec.More() {
		tok, err := dec.Token()
		key, isKey := tok.(string)
		if err != nil || !isKey {
			return "", false
		}
		if key == "payload" {
			if format != ExportFormat || version < 1 || version > ExportVersion || checksum == "" {
				return "", false
			}
			if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
				return "", false
			}
			return checksum, true
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return "", false
		}
		var err2 error
		switch key {
		case "format":
			format = ""
			err2 = json.Unmarshal(raw, &format)
		case "version":
			version = -1
			err2 = json.Unmarshal(raw, &version)
		case "checksum":
			checksum = ""
			err2 = json.Unmarshal(raw, &checksum)
		case "exported_at":
			var at string
			err2 = json.Unmarshal(raw, &at)
		default:
			for _, k := range []string{"format", "version", "checksum", "exported_at", "payload"} {
				if strings.EqualFold(key, k) {
					return "", false // encoding/json would take it: let it judge
				}
			}
		}
		if err2 != nil {
			return "", false
		}
	}
	return "", false
}

// streamer is one streamed import.
type streamer struct {
	importer
	dec      *json.Decoder
	mode     ImportMode
	checksum string
	err      error // the first problem found in the content, reported once the checksum matches

	games, events  spool  // the canonical JSON of the games array, and of one game's records
	campaignsCanon []byte // the canonical JSON of the campaigns array
	hasGames       bool
	hasCampaigns   bool

	seenGames, seenCampaigns map[string]bool // uids in the file, for "appears twice"
	existingCampaigns        []string        // names of stored ones the file has (ImportRefuseExisting)
	existingGames            []string
	campaigns                []ExportedCampaign // stored, with their ids: their entries go in last
	campaignRows             []int64
	gameCampaigns            []idUID // each stored game's campaign, linked last
	gameLinks, entryLinks    []idLink
	res                      ImportResult
}

// idUID is a stored row and the uid of what it links to.
type idUID struct {
	id  int64
	uid string
}

// fail keeps the first problem of the content.
func (st *streamer) fail(err error) {
	if st.err == nil {
		st.err = err
	}
}

// syntax turns a decoder's error into the import's.
func syntax(err error) error {
	switch {
	case errors.Is(err, errTooLarge):
		return fmt.Errorf("import: %w", errTooLarge)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return fmt.Errorf("import: %w: the file is cut short (%v)", ErrExportDamaged, io.ErrUnexpectedEOF)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("import: %w: not JSON: %v", ErrExportDamaged, err)
	}
	return fmt.Errorf("import: %w: payload: %v", ErrExportDamaged, err)
}

func damaged(format string, args ...any) error {
	return fmt.Errorf("import: %w: %s", ErrExportDamaged, fmt.Sprintf(format, args...))
}

// expect reads the next token, which must be want.
func (st *streamer) expect(want json.Delim) error {
	tok, err := st.dec.Token()
	if err != nil {
		return syntax(err)
	}
	if tok != want {
		return damaged("payload: %v where %v was expected", tok, want)
	}
	return nil
}

// value reads the next value whole, with its canonical JSON.
func (st *streamer) value() (json.RawMessage, []byte, error) {
	var raw json.RawMessage
	if err := st.dec.Decode(&raw); err != nil {
		return nil, nil, syntax(err)
	}
	canon, err := canonicalJSON(raw)
	if err != nil {
		return nil, nil, damaged("payload: %v", err)
	}
	return raw, canon, nil
}

func (st *streamer) run() (ImportResult, error) {
	for st.dec.More() {
		tok, err := st.dec.Token()
		if err != nil {
			return ImportResult{}, syntax(err)
		}
		switch key, _ := tok.(string); key {
		case "games":
			if st.hasGames {
				return ImportResult{}, damaged("payload: \"games\" appears twice")
			}
			st.hasGames = true
			if err := st.gameList(); err != nil {
				return ImportResult{}, err
			}
		case "campaigns":
			if st.hasCampaigns {
				return ImportResult{}, damaged("payload: \"campaigns\" appears twice")
			}
			st.hasCampaigns = true
			raw, canon, err := st.value()
			if err != nil {
				return ImportResult{}, err
			}
			st.campaignsCanon = canon
			var cs []ExportedCampaign
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&cs); err != nil {
				return ImportResult{}, damaged("payload: %v", err)
			}
			st.campaignList(cs)
		default:
			return ImportResult{}, damaged("payload: json: unknown field %q", key)
		}
	}
	if err := st.expect('}'); err != nil { // the payload's
		return ImportResult{}, err
	}
	for st.dec.More() { // the outer object's keys after the payload
		if _, err := st.dec.Token(); err != nil {
			return ImportResult{}, syntax(err)
		}
		var skip json.RawMessage
		if err := st.dec.Decode(&skip); err != nil {
			return ImportResult{}, syntax(err)
		}
	}
	if err := st.expect('}'); err != nil {
		return ImportResult{}, err
	}
	if tok, err := st.dec.Token(); err != io.EOF {
		if err != nil {
			return ImportResult{}, syntax(err)
		}
		return ImportResult{}, damaged("not JSON: %v after the end of the file's object", tok)
	}
	if err := st.checkSum(); err != nil {
		return ImportResult{}, err
	}
	if st.err != nil {
		return ImportResult{}, st.err
	}
	return st.finish()
}

// checkSum compares the file's checksum with that of the payload read.
func (st *streamer) checkSum() error {
	h := sha256.New()
	h.Write([]byte("{"))
	if st.hasCampaigns {
		h.Write([]byte(`"campaigns":`))
		h.Write(st.campaignsCanon)
	}
	if st.hasGames {
		if st.hasCampaigns {
			h.Write([]byte(","))
		}
		h.Write([]byte(`"games":`))
		if err := st.games.copyTo(h); err != nil {
			return fmt.Errorf("import: %w", err)
		}
	}
	h.Write([]byte("}"))
	if !strings.EqualFold(hex.EncodeToString(h.Sum(nil)), st.checksum) {
		return damaged("the checksum does not match: the file was changed after it was exported")
	}
	return nil
}

// openArray reads the start of an array into out: false when it is null
// (copied as such), an error when it is something else.
func (st *streamer) openArray(out *spool, what string) (bool, error) {
	tok, err := st.dec.Token()
	if err != nil {
		return false, syntax(err)
	}
	if tok == nil {
		return false, out.writeString("null")
	}
	if tok != json.Delim('[') {
		return false, damaged("payload: json: cannot unmarshal %v into %s", tok, what)
	}
	return true, out.writeString("[")
}

// gameList reads the games array.
func (st *streamer) gameList() error {
	if open, err := st.openArray(&st.games, "games"); !open || err != nil {
		return err
	}
	for i := 0; st.dec.More(); i++ {
		if i > 0 {
			if err := st.games.writeString(","); err != nil {
				return err
			}
		}
		if err := st.game(i); err != nil {
			return err
		}
	}
	if err := st.expect(']'); err != nil {
		return err
	}
	return st.games.writeString("]")
}

// member is a key of an object and its value's canonical JSON.
type member struct {
	key   string
	canon []byte
}

// liveGame is a game being streamed in: its records decoded and, unless
// dry, written as they come, then replayed once its object ends. (Applying
// them one by one would cost an undo a rebuild of the state each time.)
type liveGame struct {
	m       engine.Module
	setup   []byte
	content []byte
	records []engine.Record // what the game holds once replayed: the events, not the file's text
	id      int64
	dry     bool // a stored game with its uid exists and the mode refuses: check, write nothing
	stmt    *sql.Stmt
	label   string
	// fold, when the module has one and the game is written, replays the
	// records as they come instead of holding them: an undo reads the
	// events it replays back from the transaction (fetch). failed is the
	// first record it refused, and why.
	fold   engine.Folder
	fetch  *sql.Stmt
	failed *ReplayError
}

// game reads one game object.
func (st *streamer) game(i int) error {
	tok, err := st.dec.Token()
	if err != nil {
		return syntax(err)
	}
	if tok == nil {
		st.fail(damaged("game %d: no uid", i+1))
		return st.games.writeString("null")
	}
	if tok != json.Delim('{') {
		return damaged("payload: json: cannot unmarshal %v into a game", tok)
	}
	var g ExportedGame
	var members []member
	var live *liveGame
	hasEvents, buffered := false, false
	for st.dec.More() {
		tok, err := st.dec.Token()
		if err != nil {
			return syntax(err)
		}
		key, _ := tok.(string)
		if key == "events" {
			if hasEvents {
				return damaged("game %d: \"events\" appears twice", i+1)
			}
			hasEvents = true
			if st.err == nil && g.UID != "" && len(g.Setup) > 0 {
				live = st.startGame(i, g)
			}
			buffered = live == nil
			if err := st.eventList(i, &g, live, buffered); err != nil {
				return err
			}
			continue
		}
		raw, canon, err := st.value()
		if err != nil {
			return err
		}
		members = append(members, member{key, canon})
		var field any
		switch key {
		case "uid":
			field = &g.UID
		case "name":
			field = &g.Name
		case "module":
			field = &g.Module
		case "setup":
			field = &g.Setup
		case "quest_source":
			field = &g.Content
		case "campaign_uid":
			field = &g.CampaignUID
		case "created_at":
			field = &g.CreatedAt
		default:
			return damaged("payload: json: unknown field %q", key)
		}
		if err := json.Unmarshal(raw, field); err != nil {
			return damaged("payload: game %d: %q: %v", i+1, key, err)
		}
		if live != nil && (key == "uid" || key == "module" || key == "setup" || key == "quest_source") {
			st.fail(damaged("game %s: its %q comes after its records", g.label(), key))
		}
	}
	if err := st.expect('}'); err != nil {
		return err
	}
	if st.err == nil {
		if buffered || !hasEvents {
			st.wholeGame(i, g)
		} else if live != nil {
			st.finishGame(i, g, live)
		}
	}
	if live != nil && live.stmt != nil {
		live.stmt.Close()
	}
	if live != nil && live.fetch != nil {
		live.fetch.Close()
	}
	// The game's canonical JSON: its keys sorted, its records from the spool.
	if hasEvents {
		members = append(members, member{key: "events"})
	}
	sort.Slice(members, func(a, b int) bool { return members[a].key < members[b].key })
	if err := st.games.writeString("{"); err != nil {
		return err
	}
	for k, m := range members {
		if k > 0 {
			st.games.writeString(",")
		}
		key, _ := json.Marshal(m.key) // the known keys need no escaping
		st.games.Write(key)
		st.games.writeString(":")
		if m.canon == nil {
			if err := st.events.copyTo(&st.games); err != nil {
				return fmt.Errorf("import: %w", err)
			}
			continue
		}
		st.games.Write(m.canon)
	}
	return st.games.writeString("}")
}

// eventList reads a game's records: replayed and written as they come into
// live, or kept in g when buffered; their canonical JSON goes to the spool.
func (st *streamer) eventList(i int, g *ExportedGame, live *liveGame, buffered bool) error {
	if err := st.events.reset(); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	if open, err := st.openArray(&st.events, "events"); !open || err != nil {
		return err
	}
	if buffered {
		g.Events = []json.RawMessage{}
	}
	for j := 0; st.dec.More(); j++ {
		raw, canon, err := st.value()
		if err != nil {
			return err
		}
		if j > 0 {
			st.events.writeString(",")
		}
		if _, err := st.events.Write(canon); err != nil {
			return err
		}
		switch {
		case st.err != nil:
		case buffered:
			g.Events = append(g.Events, raw)
		case live != nil:
			st.event(live, j+1, raw)
		}
	}
	if err := st.expect(']'); err != nil {
		return err
	}
	return st.events.writeString("]")
}

// claimGame decides where a game of the file goes: its id (0 for a new
// one) and uid as stored, or dry when a stored game has its uid and the
// mode refuses (its name is listed). With ImportReplace the stored one is
// deleted now; what pointed at it is put back at the end.
func (st *streamer) claimGame(g ExportedGame) (id int64, uid string, dry bool, err error) {
	old, name, err := st.lookup(`SELECT id, name FROM games WHERE uid = ?`, g.UID)
	if err != nil {
		return 0, "", false, err
	}
	switch {
	case st.mode == ImportAsCopy:
		return 0, newUID(), false, nil
	case old == 0:
		return 0, g.UID, false, nil
	case st.mode == ImportRefuseExisting:
		st.existingGames = append(st.existingGames, name)
		return 0, g.UID, true, nil
	}
	l, err := st.links(`SELECT id FROM campaign_entries WHERE game_id = ?`, old)
	if err != nil {
		return 0, "", false, err
	}
	st.entryLinks = append(st.entryLinks, l...)
	if _, err := st.tx.Exec(`DELETE FROM games WHERE id = ?`, old); err != nil {
		return 0, "", false, st.s.wrap(fmt.Sprintf("import: replace game %d", old), err)
	}
	return old, g.UID, false, nil
}

// startGame starts streaming a game whose uid and setup are known: its
// module, its setup, its row. It returns nil after a problem (kept).
func (st *streamer) startGame(i int, g ExportedGame) *liveGame {
	if err := checkUID(g.UID); err != nil {
		st.fail(fmt.Errorf("import: %w: game %d (%s): %w", ErrExportDamaged, i+1, g.label(), err))
		return nil
	}
	if err := checkName(g.Module); err != nil {
		st.fail(fmt.Errorf("import: %w: game %d (%s): its module: %w", ErrExportDamaged, i+1, g.label(), err))
		return nil
	}
	m, err := engine.Find(g.ModuleName())
	if err != nil {
		st.fail(fmt.Errorf("import: game %s: %w", g.label(), err))
		return nil
	}
	play, err := m.Resume(g.Setup, g.content(), nil, nil)
	if err != nil {
		st.fail(fmt.Errorf("import: %w: game %s: %w", ErrExportDamaged, g.label(), err))
		return nil
	}
	live := &liveGame{m: m, setup: g.Setup, content: g.content(), label: g.label()}
	id, uid, dry, err := st.claimGame(g)
	if err != nil {
		st.fail(err)
		return nil
	}
	if live.dry = dry; dry {
		return live
	}
	setup, err := play.SetupJSON()
	if err != nil {
		st.fail(fmt.Errorf("import: game %s: encode setup: %w", g.label(), err))
		return nil
	}
	where := "import: game " + g.label()
	res, err := st.tx.Exec(`INSERT INTO games (id, uid, name, module, setup, content, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		nullID(id), uid, g.Name, play.Module(), string(setup), nullText(play.Content()), storedTime(g.CreatedAt))
	if err != nil {
		st.fail(st.s.wrap(where, err))
		return nil
	}
	if live.id, err = res.LastInsertId(); err != nil {
		st.fail(st.s.wrap(where, err))
		return nil
	}
	if live.stmt, err = st.tx.Prepare(`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, ?, ?, ?, ?)`); err != nil {
		st.fail(st.s.wrap(where, err))
		return nil
	}
	if f, ok := m.(engine.Folding); ok {
		if live.fetch, err = st.tx.Prepare(`SELECT body FROM events WHERE game_id = ? AND seq = ?`); err != nil {
			st.fail(st.s.wrap(where, err))
			return nil
		}
		if live.fold, err = f.Fold(g.Setup, g.content(), live.event); err != nil {
			st.fail(fmt.Errorf("import: %w: game %s: %w", ErrExportDamaged, g.label(), err))
			return nil
		}
	}
	return live
}

// event reads back a record the import has written, for the fold.
func (live *liveGame) event(seq int) (engine.Event, error) {
	var body string
	if err := live.fetch.QueryRow(live.id, seq).Scan(&body); err != nil {
		return nil, fmt.Errorf("read record %d back: %w", seq, err)
	}
	return live.m.Events().Decode([]byte(body))
}

// event decodes and writes record seq of a streamed game.
func (st *streamer) event(live *liveGame, seq int, raw json.RawMessage) {
	e, err := live.m.Events().Decode(raw)
	if err != nil {
		st.fail(fmt.Errorf("import: %w: game %s: record %d: %w", ErrExportDamaged, live.label, seq, err))
		return
	}
	if live.fold == nil {
		live.records = append(live.records, engine.Record{Seq: seq, Event: e})
	}
	if live.dry || live.failed != nil {
		return
	}
	body, err := engine.Encode(e)
	if err != nil {
		st.fail(fmt.Errorf("import: game %s: record %d: %w", live.label, seq, err))
		return
	}
	if _, err := live.stmt.Exec(live.id, seq, e.Type(), string(body), st.t); err != nil {
		st.fail(st.s.wrap(fmt.Sprintf("import: game %s: record %d", live.label, seq), err))
		return
	}
	if live.fold != nil {
		if err := live.fold.Step(e); err != nil {
			live.failed = &ReplayError{Seq: seq, Err: err}
		}
	}
}

// finishGame checks a streamed game's fields, all now known, and completes
// its row and snapshot.
func (st *streamer) finishGame(i int, g ExportedGame, live *liveGame) {
	if err := checkGameFields(i, g, st.seenGames); err != nil {
		st.fail(fmt.Errorf("import: %w: %w", ErrExportDamaged, err))
		return
	}
	var play interface {
		Summary() []engine.Message
		Snapshot() (engine.Snapshot, error)
	}
	records := len(live.records)
	var err error
	switch {
	case live.failed != nil:
		live.failed.Game = g.Name
		err = live.failed
	case live.fold != nil:
		play, records = live.fold, live.fold.Records()
	default:
		var p engine.Play
		p, err = replayPrefix(g.Name, live.m, live.setup, live.content, live.records, nil)
		play = p
	}
	live.records = nil
	var re *ReplayError
	switch {
	case errors.As(err, &re):
		st.fail(fmt.Errorf("import: %w", re))
		return
	case err != nil:
		st.fail(fmt.Errorf("import: %w: game %s: %w", ErrExportDamaged, g.label(), err))
		return
	}
	if live.dry {
		return
	}
	where := "import: game " + g.label()
	summary, err := encodeSummary(play.Summary())
	if err != nil {
		st.fail(fmt.Errorf("%s: %w", where, err))
		return
	}
	if _, err := st.tx.Exec(`UPDATE games SET name = ?, created_at = ? WHERE id = ?`,
		g.Name, storedTime(g.CreatedAt), live.id); err != nil {
		st.fail(st.s.wrap(where, err))
		return
	}
	if _, err := st.tx.Exec(`UPDATE heads SET seq = ?, summary = ?, updated_at = ? WHERE game_id = ?`,
		records, summary, st.t, live.id); err != nil {
		st.fail(st.s.wrap(where, err))
		return
	}
	snap, err := play.Snapshot()
	if err != nil {
		st.fail(fmt.Errorf("%s: encode snapshot: %w", where, err))
		return
	}
	if snap.Effective > 0 {
		if _, err := st.tx.Exec(`INSERT INTO snapshots (game_id, effective, last_seq, version, state, checksum) VALUES (?, ?, ?, ?, ?, ?)`,
			live.id, snap.Effective, snap.LastSeq, snap.Version, string(snap.State), stateChecksum(snap.State)); err != nil {
			st.fail(st.s.wrap(where+": snapshot", err))
			return
		}
	}
	st.stored(g, live.id)
}

// stored notes a game written: its id for the result and for entries, and
// its campaign to link at the end.
func (st *streamer) stored(g ExportedGame, id int64) {
	st.gameIDs[g.UID] = id
	st.res.Games = append(st.res.Games, id)
	st.gameCampaigns = append(st.gameCampaigns, idUID{id, g.CampaignUID})
}

// wholeGame imports a game whose records were held (its uid or setup came
// after them), as ReadExport and the import before streaming did.
func (st *streamer) wholeGame(i int, g ExportedGame) {
	if err := checkGameFields(i, g, st.seenGames); err != nil {
		st.fail(fmt.Errorf("import: %w: %w", ErrExportDamaged, err))
		return
	}
	play, err := g.Game()
	if err != nil {
		st.fail(fmt.Errorf("import: %w", err))
		return
	}
	setup, err := play.SetupJSON()
	if err != nil {
		st.fail(fmt.Errorf("import: game %s: encode setup: %w", g.label(), err))
		return
	}
	id, uid, dry, err := st.claimGame(g)
	if err != nil || dry {
		st.fail(err)
		return
	}
	ig := importGame{ExportedGame: g, game: play, setup: setup, uid: uid, id: id}
	ig.CampaignUID = "" // linked at the end, when the file's campaigns are in
	if id, err = st.importer.game(&ig); err != nil {
		st.fail(err)
		return
	}
	st.stored(g, id)
}

// campaignList checks and stores the file's campaigns and their heroes;
// their entries go in at the end, when every game is in.
func (st *streamer) campaignList(cs []ExportedCampaign) {
	for i, c := range cs {
		if st.err != nil {
			return
		}
		if err := checkCampaign(i, c, st.seenCampaigns); err != nil {
			st.fail(fmt.Errorf("import: %w: %w", ErrExportDamaged, err))
			return
		}
		old, name, err := st.lookup(`SELECT id, name FROM campaigns WHERE uid = ?`, c.UID)
		if err != nil {
			st.fail(err)
			return
		}
		uid, id := c.UID, int64(0)
		switch {
		case st.mode == ImportAsCopy:
			uid = newUID()
		case old == 0:
		case st.mode == ImportRefuseExisting:
			st.existingCampaigns = append(st.existingCampaigns, name)
			continue
		default: // replace: what pointed at it is put back at the end
			l, err := st.links(`SELECT id FROM games WHERE campaign_id = ?`, old)
			if err != nil {
				st.fail(err)
				return
			}
			st.gameLinks = append(st.gameLinks, l...)
			if _, err := st.tx.Exec(`DELETE FROM campaigns WHERE id = ?`, old); err != nil {
				st.fail(st.s.wrap(fmt.Sprintf("import: replace campaign %d", old), err))
				return
			}
			id = old
		}
		if id, err = st.campaign(c, uid, id); err != nil {
			st.fail(err)
			return
		}
		st.campaignIDs[c.UID] = id
		st.res.Campaigns = append(st.res.Campaigns, id)
		st.campaigns = append(st.campaigns, c)
		st.campaignRows = append(st.campaignRows, id)
	}
}

// finish links what the file links, puts back the links to what was
// replaced, and refuses, when asked to, a file of games already here.
func (st *streamer) finish() (ImportResult, error) {
	if existing := append(st.existingCampaigns, st.existingGames...); len(existing) > 0 {
		return ImportResult{}, &ExistsError{Names: existing}
	}
	for _, l := range st.gameCampaigns {
		campaign, ok := sql.NullInt64{}, false
		if id, found := st.campaignIDs[l.uid]; found {
			campaign, ok = sql.NullInt64{Int64: id, Valid: true}, true
		}
		if !ok {
			var err error
			if campaign, err = st.storedID("campaigns", l.uid); err != nil {
				return ImportResult{}, err
			}
		}
		if _, err := st.tx.Exec(`UPDATE games SET campaign_id = ? WHERE id = ?`, campaign, l.id); err != nil {
			return ImportResult{}, st.s.wrap(fmt.Sprintf("import: link game %d", l.id), err)
		}
	}
	var lastEntry int64 // entries above it are the file's
	if err := st.tx.QueryRow(`SELECT coalesce(max(id), 0) FROM campaign_entries`).Scan(&lastEntry); err != nil {
		return ImportResult{}, st.s.wrap("import", err)
	}
	for i, c := range st.campaigns {
		if err := st.entries(st.campaignRows[i], c); err != nil {
			return ImportResult{}, err
		}
	}
	imported := map[int64]bool{}
	for _, id := range st.res.Games {
		imported[id] = true
	}
	for _, l := range st.gameLinks {
		if imported[l.row] {
			continue
		}
		if _, err := st.tx.Exec(`UPDATE games SET campaign_id = ? WHERE id = ?`, l.to, l.row); err != nil {
			return ImportResult{}, st.s.wrap(fmt.Sprintf("import: relink game %d", l.row), err)
		}
	}
	for _, l := range st.entryLinks {
		if l.row > lastEntry {
			continue // an entry the file brought, which took a deleted one's id
		}
		if _, err := st.tx.Exec(`UPDATE campaign_entries SET game_id = ? WHERE id = ?`, l.to, l.row); err != nil {
			return ImportResult{}, st.s.wrap(fmt.Sprintf("import: relink campaign entry %d", l.row), err)
		}
	}
	if st.res.Games == nil {
		st.res.Games = []int64{}
	}
	if st.res.Campaigns == nil {
		st.res.Campaigns = []int64{}
	}
	return st.res, nil
}
