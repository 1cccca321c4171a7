package data

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
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

// readHeader reads the outer object up to its payload's opening brace. ok
// is false unless the file is one to stream: our format, a version this
// build reads, a checksum, all before the payload object.
func readHeader(dec *json.Decoder) (checksum string, ok bool) {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", false
	}
	h := fileHeader{version: -1}
	for dec.More() {
		tok, err := dec.Token()
		key, isKey := tok.(string)
		if err != nil || !isKey {
			return "", false
		}
		if key == "payload" {
			return h.payload(dec)
		}
		if !h.read(dec, key) {
			return "", false
		}
	}
	return "", false
}

// fileHeader is what the outer object said before its payload.
type fileHeader struct {
	format   string
	version  int
	checksum string
}

// payload reads the payload's opening brace: ok when the header is one to
// stream.
func (h fileHeader) payload(dec *json.Decoder) (checksum string, ok bool) {
	if h.format != ExportFormat || h.version < 1 || h.version > ExportVersion || h.checksum == "" {
		return "", false
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", false
	}
	return h.checksum, true
}

// read reads key's value: false when it is not of its type, or when the key
// is one of ours in another case (encoding/json would take it: let it
// judge).
func (h *fileHeader) read(dec *json.Decoder, key string) bool {
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return false
	}
	switch key {
	case "format":
		h.format = ""
		return json.Unmarshal(raw, &h.format) == nil
	case "version":
		h.version = -1
		return json.Unmarshal(raw, &h.version) == nil
	case "checksum":
		h.checksum = ""
		return json.Unmarshal(raw, &h.checksum) == nil
	case "exported_at":
		var at string
		return json.Unmarshal(raw, &at) == nil
	}
	for _, k := range []string{"format", "version", "checksum", "exported_at", "payload"} {
		if strings.EqualFold(key, k) {
			return false
		}
	}
	return true
}

// streamer is one streamed import: it reads the file token by token and
// hands its campaigns and games to the importer as they come.
type streamer struct {
	*importer
	dec      *json.Decoder
	checksum string

	games, events  spool  // the canonical JSON of the games array, and of one game's records
	campaignsCanon []byte // the canonical JSON of the campaigns array
	hasGames       bool
	hasCampaigns   bool
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

// run reads the payload, from its first member to the end of the file,
// and checks the file's checksum.
func (st *streamer) run() error {
	for st.dec.More() {
		tok, err := st.dec.Token()
		if err != nil {
			return syntax(err)
		}
		switch key, _ := tok.(string); key {
		case "games":
			if st.hasGames {
				return damaged("payload: \"games\" appears twice")
			}
			st.hasGames = true
			if err := st.gameList(); err != nil {
				return err
			}
		case "campaigns":
			if st.hasCampaigns {
				return damaged("payload: \"campaigns\" appears twice")
			}
			st.hasCampaigns = true
			raw, canon, err := st.value()
			if err != nil {
				return err
			}
			st.campaignsCanon = canon
			var cs []ExportedCampaign
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&cs); err != nil {
				return damaged("payload: %v", err)
			}
			st.campaignList(cs)
		default:
			return damaged("payload: json: unknown field %q", key)
		}
	}
	if err := st.expect('}'); err != nil { // the payload's
		return err
	}
	for st.dec.More() { // the outer object's keys after the payload
		if _, err := st.dec.Token(); err != nil {
			return syntax(err)
		}
		var skip json.RawMessage
		if err := st.dec.Decode(&skip); err != nil {
			return syntax(err)
		}
	}
	if err := st.expect('}'); err != nil {
		return err
	}
	if tok, err := st.dec.Token(); err != io.EOF {
		if err != nil {
			return syntax(err)
		}
		return damaged("not JSON: %v after the end of the file's object", tok)
	}
	return st.checkSum()
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
	gr := gameRead{i: i}
	for st.dec.More() {
		if err := st.gameMember(&gr); err != nil {
			return err
		}
	}
	if err := st.expect('}'); err != nil {
		return err
	}
	if st.err == nil {
		if gr.buffered || !gr.hasEvents {
			st.wholeGame(i, gr.g)
		} else if gr.live != nil {
			st.finishGame(i, gr.g, gr.live)
		}
	}
	if gr.live != nil {
		gr.live.close()
	}
	return st.writeGame(gr.members, gr.hasEvents)
}

// gameRead is a game object being read: the game so far, its members'
// canonical JSON, and its records' state (replayed live, or held in the
// game until its object ends).
type gameRead struct {
	i         int
	g         ExportedGame
	members   []member
	live      *liveGame
	hasEvents bool
	buffered  bool
}

// gameMember reads one key of a game object and its value.
func (st *streamer) gameMember(gr *gameRead) error {
	tok, err := st.dec.Token()
	if err != nil {
		return syntax(err)
	}
	key, _ := tok.(string)
	if key == "events" {
		return st.gameEvents(gr)
	}
	raw, canon, err := st.value()
	if err != nil {
		return err
	}
	gr.members = append(gr.members, member{key, canon})
	field := gameField(&gr.g, key)
	if field == nil {
		return damaged("payload: json: unknown field %q", key)
	}
	if err := json.Unmarshal(raw, field); err != nil {
		return damaged("payload: game %d: %q: %v", gr.i+1, key, err)
	}
	if gr.live != nil && (key == "uid" || key == "module" || key == "setup" || key == "quest_source") {
		st.fail(damaged("game %s: its %q comes after its records", gr.g.label(), key))
	}
	return nil
}

// gameEvents reads a game's records: replayed as they come when its uid
// and setup came before them, else held.
func (st *streamer) gameEvents(gr *gameRead) error {
	if gr.hasEvents {
		return damaged("game %d: \"events\" appears twice", gr.i+1)
	}
	gr.hasEvents = true
	if st.err == nil && gr.g.UID != "" && len(gr.g.Setup) > 0 {
		gr.live = st.startGame(gr.i, gr.g)
	}
	gr.buffered = gr.live == nil
	return st.eventList(gr.i, &gr.g, gr.live, gr.buffered)
}

// gameField is where a game object's key goes in g, nil for a key a game
// does not have.
func gameField(g *ExportedGame, key string) any {
	switch key {
	case "uid":
		return &g.UID
	case "name":
		return &g.Name
	case "module":
		return &g.Module
	case "setup":
		return &g.Setup
	case "quest_source":
		return &g.Content
	case "campaign_uid":
		return &g.CampaignUID
	case "created_at":
		return &g.CreatedAt
	}
	return nil
}

// writeGame writes the game's canonical JSON: its keys sorted, its records
// from the spool.
func (st *streamer) writeGame(members []member, hasEvents bool) error {
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
