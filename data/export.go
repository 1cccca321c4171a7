package data

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dunconductor/conductor/core/engine"
)

// An export file is one JSON object:
//
//	{"format":"dun-conductor-export","version":1,"exported_at":"…",
//	 "checksum":"<sha256 hex of the canonical JSON of the payload>",
//	 "payload":{"games":[…],"campaigns":[…]}}
//
// The canonical JSON of the payload is the payload decoded and encoded again
// by encoding/json: object keys sorted, no spaces, numbers exactly as
// written, strings escaped as encoding/json does without HTML escaping. So
// re-indenting the file keeps it valid, while changing any value is found.
//
// Each game holds its module's name (module), its setup (the module's JSON),
// the content it refers to (quest_source: for DUN, the quest file it began
// with), its campaign's uid and its records, each exactly engine.Encode's
// JSON, in order: the first is record 1. Snapshots are not exported, being a
// cache.
//
// Version 2 added module. A version 1 file has none: its games are DUN games.
// The version went up because older versions refuse fields they do not know,
// and "written by a newer version" is the truth where "damaged" is not.
const (
	ExportFormat  = "dun-conductor-export"
	ExportVersion = 2
)

// legacyModule is the module of games saved before there were modules: the
// schema's default and version 1 export files say so.
const legacyModule = "dun"

// maxExportSize bounds what ReadExport reads into memory.
const maxExportSize = 256 << 20

var (
	// ErrNotExport means the file is not one of our exports: not JSON at
	// all, or JSON of another application (a missing or different "format").
	ErrNotExport = errors.New("not an export file of this app")
	// ErrExportDamaged means the file is one of ours but cannot be trusted:
	// cut short, changed after it was exported (the checksum does not match),
	// or holding a setup or an event that does not decode. The returned error
	// wraps it with the detail.
	ErrExportDamaged = errors.New("the export file is damaged")
)

// ExportNewerError means the file was written by a newer version of the app.
type ExportNewerError struct {
	Found     int
	Supported int
}

func (e *ExportNewerError) Error() string {
	return fmt.Sprintf("the export file was written by a newer version of the app (format version %d, this version reads up to %d)",
		e.Found, e.Supported)
}

// ExistsError means an import (with ImportRefuseExisting) found games or
// campaigns with the same uid already stored; Names are their names here.
// Nothing was written.
type ExistsError struct {
	Names []string
}

func (e *ExistsError) Error() string {
	return fmt.Sprintf("already in this database: %s", strings.Join(e.Names, ", "))
}

// Export is a read and verified export file.
type Export struct {
	Format     string
	Version    int
	ExportedAt string
	Games      []ExportedGame
	Campaigns  []ExportedCampaign
}

// ExportedGame is one game of an export file.
type ExportedGame struct {
	UID         string            `json:"uid"`
	Name        string            `json:"name"`
	Module      string            `json:"module,omitempty"` // "" in version 1 files: DUN
	Setup       json.RawMessage   `json:"setup"`
	Content     string            `json:"quest_source,omitempty"` // the name DUN's quest file had in version 1
	CampaignUID string            `json:"campaign_uid,omitempty"`
	CreatedAt   string            `json:"created_at"`
	Events      []json.RawMessage `json:"events"`
}

// ExportedCampaign is one campaign of an export file. Its party ("heroes",
// as DUN's party has always been written) is its module's document, as the
// store keeps it; the module is written only when it is not DUN, so that the
// files of DUN's campaigns are those versions 1 and 2 have always read.
type ExportedCampaign struct {
	UID       string          `json:"uid"`
	Name      string          `json:"name"`
	Module    string          `json:"module,omitempty"` // "": DUN
	CreatedAt string          `json:"created_at"`
	Party     json.RawMessage `json:"heroes"`
	Entries   []ExportedEntry `json:"entries"`
}

// ExportedEntry is a quest played in an exported campaign. GameUID is the
// game it was played in, "" for none; Party is the party after it.
type ExportedEntry struct {
	GameUID  string          `json:"game_uid,omitempty"`
	Quest    string          `json:"quest"`
	Outcome  string          `json:"outcome"`
	Notes    string          `json:"notes"`
	Party    json.RawMessage `json:"heroes"`
	PlayedAt string          `json:"played_at"`
}

// ModuleName is the campaign's module: as the file says, DUN when it says
// none.
func (c ExportedCampaign) ModuleName() string {
	if c.Module == "" {
		return legacyModule
	}
	return c.Module
}

// exportFile is the file's outer object.
type exportFile struct {
	Format     *string         `json:"format"`
	Version    *int            `json:"version"`
	ExportedAt string          `json:"exported_at"`
	Checksum   string          `json:"checksum"`
	Payload    json.RawMessage `json:"payload"`
}

// exportPayload is written campaigns first, in the canonical JSON's order,
// and each game's records after its other fields: Import reads a file as
// it streams, and replays a game's records as they come once its uid and
// setup are known.
type exportPayload struct {
	Campaigns []ExportedCampaign `json:"campaigns"`
	Games     []ExportedGame     `json:"games"`
}

// label names a game in messages: its name, or its uid when it has none.
func (g ExportedGame) label() string {
	if strings.TrimSpace(g.Name) != "" {
		return engine.QuoteShort(g.Name)
	}
	return "with uid " + engine.QuoteShort(g.UID)
}

// ModuleName is the game's module: as the file says, DUN when it says none.
func (g ExportedGame) ModuleName() string {
	if g.Module == "" {
		return legacyModule
	}
	return g.Module
}

// content is the game's content as its module takes it: nil for none.
func (g ExportedGame) content() []byte {
	if g.Content == "" {
		return nil
	}
	return []byte(g.Content)
}

// decode finds the game's module and decodes its events with it.
func (g ExportedGame) decode() (engine.Module, []engine.Record, error) {
	m, err := engine.Find(g.ModuleName())
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", g.label(), err)
	}
	records := make([]engine.Record, len(g.Events))
	for i, raw := range g.Events {
		e, err := m.Events().Decode(raw)
		if err != nil {
			return nil, nil, fmt.Errorf("%w: game %s: record %d: %w", ErrExportDamaged, g.label(), i+1, err)
		}
		records[i] = engine.Record{Seq: i + 1, Event: e}
	}
	return m, records, nil
}

// Game starts the game with its module, from its setup and content, and
// replays its events. A game of a module this build does not have gives an
// error wrapping *engine.UnknownModuleError. A setup or an event that does
// not decode, or a setup that the module refuses, is ErrExportDamaged.
// Events that do not replay under the current rules give the game as far as
// it replays together with a *ReplayError, as LoadGame does.
func (g ExportedGame) Game() (engine.Play, error) {
	m, records, err := g.decode()
	if err != nil {
		return nil, err
	}
	game, err := replayPrefix(g.Name, m, g.Setup, g.content(), records, nil)
	var re *ReplayError
	switch {
	case errors.As(err, &re):
		return game, re
	case err != nil:
		return nil, fmt.Errorf("%w: game %s: %w", ErrExportDamaged, g.label(), err)
	}
	return game, nil
}

// ReadExport reads an export file and verifies it (format, version,
// checksum, the shape of every game and campaign) without a database. It
// does not replay the games: ExportedGame.Game does.
func ReadExport(r io.Reader) (*Export, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxExportSize+1))
	if err != nil {
		return nil, fmt.Errorf("read export file: %w", err)
	}
	if len(b) > maxExportSize {
		return nil, fmt.Errorf("read export file: larger than %d MiB, too large to be an export", maxExportSize>>20)
	}
	return parseExport(b)
}

func parseExport(b []byte) (*Export, error) {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) // a byte-order mark some editors add
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, fmt.Errorf("%w: the file is empty", ErrNotExport)
	}
	var f exportFile
	if err := json.Unmarshal(b, &f); err != nil {
		if declaredFormat(b) != ExportFormat {
			return nil, fmt.Errorf("%w: %s", ErrNotExport, jsonProblem(err))
		}
		// Ours, and not JSON: cut short when the error is at its very end.
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) && syntax.Offset >= int64(len(bytes.TrimRight(b, " \t\r\n"))) {
			return nil, fmt.Errorf("%w: the file is cut short (%v)", ErrExportDamaged, err)
		}
		return nil, fmt.Errorf("%w: %s", ErrExportDamaged, jsonProblem(err))
	}
	switch {
	case f.Format == nil:
		return nil, fmt.Errorf("%w: no \"format\" field", ErrNotExport)
	case *f.Format != ExportFormat:
		return nil, fmt.Errorf("%w: its format is %q, not %q", ErrNotExport, *f.Format, ExportFormat)
	case f.Version == nil:
		return nil, fmt.Errorf("%w: no version", ErrExportDamaged)
	case *f.Version > ExportVersion:
		return nil, &ExportNewerError{Found: *f.Version, Supported: ExportVersion}
	case *f.Version < 1:
		return nil, fmt.Errorf("%w: invalid version %d", ErrExportDamaged, *f.Version)
	case len(f.Payload) == 0 || string(f.Payload) == "null":
		return nil, fmt.Errorf("%w: no payload", ErrExportDamaged)
	case f.Checksum == "":
		return nil, fmt.Errorf("%w: no checksum", ErrExportDamaged)
	}
	sum, err := payloadChecksum(f.Payload)
	if err != nil {
		return nil, fmt.Errorf("%w: payload: %v", ErrExportDamaged, err)
	}
	if !strings.EqualFold(sum, f.Checksum) {
		return nil, fmt.Errorf("%w: the checksum does not match: the file was changed after it was exported", ErrExportDamaged)
	}
	var p exportPayload
	dec := json.NewDecoder(bytes.NewReader(f.Payload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%w: payload: %v", ErrExportDamaged, err)
	}
	if err := checkPayload(p); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrExportDamaged, err)
	}
	return &Export{Format: *f.Format, Version: *f.Version, ExportedAt: f.ExportedAt, Games: p.Games, Campaigns: p.Campaigns}, nil
}

// jsonProblem says what is wrong with a file that does not decode as an
// export's outer object, without naming Go types.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return fmt.Sprintf("the file holds a JSON %s, not an object", te.Value)
		}
		return fmt.Sprintf("its %q is a JSON %s", te.Field, te.Value)
	}
	return "not JSON: " + err.Error()
}

// declaredFormat finds the top-level "format" of a file that may be cut
// short, so a truncated export is told from a file of another application.
func declaredFormat(b []byte) string {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return ""
	}
	for {
		key, err := dec.Token()
		k, ok := key.(string)
		if err != nil || !ok {
			return ""
		}
		if k == "format" {
			v, err := dec.Token()
			s, _ := v.(string)
			if err != nil {
				return ""
			}
			return s
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return ""
		}
	}
}

// canonicalJSON is data decoded and encoded again (see ExportFormat).
func canonicalJSON(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("more data after the JSON value")
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func payloadChecksum(payload []byte) (string, error) {
	c, err := canonicalJSON(payload)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(c)
	return hex.EncodeToString(sum[:]), nil
}

// checkTime accepts "" (unknown) or an RFC 3339 time.
func checkTime(what, t string) error {
	if t == "" {
		return nil
	}
	if _, err := time.Parse(time.RFC3339Nano, t); err != nil {
		return fmt.Errorf("%s: %s is not an RFC 3339 time", what, engine.QuoteShort(t))
	}
	return nil
}

// checkPayload checks what ReadExport can without replaying: uids present,
// well formed (32 lowercase hex digits, as this app gives them) and unique,
// names and notes within the limits of typed ones (ErrNameTooLong,
// ErrNameControl), times readable, campaigns that CreateCampaign and
// RecordQuest would accept.
func checkPayload(p exportPayload) error {
	games := map[string]bool{}
	for i, g := range p.Games {
		if err := checkGameFields(i, g, games); err != nil {
			return err
		}
	}
	campaigns := map[string]bool{}
	for i, c := range p.Campaigns {
		if err := checkCampaign(i, c, campaigns); err != nil {
			return err
		}
	}
	return nil
}

// checkGameFields checks the i-th game of a file (all but its records);
// seen holds the uids of the games before it.
func checkGameFields(i int, g ExportedGame, seen map[string]bool) error {
	where := fmt.Sprintf("game %d (%s)", i+1, g.label())
	switch {
	case strings.TrimSpace(g.UID) == "":
		return fmt.Errorf("%s: no uid", where)
	case seen[g.UID]:
		return fmt.Errorf("%s: uid %s appears twice", where, engine.QuoteShort(g.UID))
	case len(g.Setup) == 0 || string(g.Setup) == "null":
		return fmt.Errorf("%s: no setup", where)
	}
	if err := checkUID(g.UID); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	if g.CampaignUID != "" {
		if err := checkUID(g.CampaignUID); err != nil {
			return fmt.Errorf("%s: its campaign: %w", where, err)
		}
	}
	if err := checkName(g.Name); err != nil {
		return fmt.Errorf("%s: its name: %w", where, err)
	}
	if err := checkName(g.Module); err != nil {
		return fmt.Errorf("%s: its module: %w", where, err)
	}
	seen[g.UID] = true
	return checkTime(where+": created_at", g.CreatedAt)
}

// checkCampaign checks the i-th campaign of a file; seen holds the uids of
// the campaigns before it.
func checkCampaign(i int, c ExportedCampaign, seen map[string]bool) error {
	where := fmt.Sprintf("campaign %d (%s)", i+1, engine.QuoteShort(c.Name))
	switch {
	case strings.TrimSpace(c.UID) == "":
		return fmt.Errorf("%s: no uid", where)
	case seen[c.UID]:
		return fmt.Errorf("%s: uid %s appears twice", where, engine.QuoteShort(c.UID))
	case strings.TrimSpace(c.Name) == "":
		return fmt.Errorf("%s: no name", where)
	}
	if err := checkUID(c.UID); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	if err := checkName(c.Name); err != nil {
		return fmt.Errorf("%s: its name: %w", where, err)
	}
	seen[c.UID] = true
	if err := checkTime(where+": created_at", c.CreatedAt); err != nil {
		return err
	}
	if err := checkName(c.Module); err != nil {
		return fmt.Errorf("%s: its module: %w", where, err)
	}
	if _, err := checkParty(c.ModuleName(), c.Party); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	for j, e := range c.Entries {
		ew := fmt.Sprintf("%s: entry %d", where, j+1)
		if err := checkOutcome(e.Outcome); err != nil {
			return fmt.Errorf("%s: %w", ew, err)
		}
		if err := checkEntryText(e.Quest, e.Notes); err != nil {
			return fmt.Errorf("%s: %w", ew, err)
		}
		if e.GameUID != "" {
			if err := checkUID(e.GameUID); err != nil {
				return fmt.Errorf("%s: its game: %w", ew, err)
			}
		}
		if _, err := checkParty(c.ModuleName(), e.Party); err != nil {
			return fmt.Errorf("%s: %w", ew, err)
		}
		if err := checkTime(ew+": played_at", e.PlayedAt); err != nil {
			return err
		}
	}
	return nil
}

// storedTime turns a file's time into the store's layout; "" stays unknown.
func storedTime(t string) sql.NullString {
	if t == "" {
		return sql.NullString{}
	}
	parsed, err := time.Parse(time.RFC3339Nano, t)
	if err != nil {
		return sql.NullString{} // checkPayload refused it already
	}
	return sql.NullString{String: parsed.UTC().Format(timeLayout), Valid: true}
}

// writeExport writes the file for a payload.
func writeExport(w io.Writer, p exportPayload) error {
	var payload bytes.Buffer
	enc := json.NewEncoder(&payload)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		return fmt.Errorf("encode export: %w", err)
	}
	sum, err := payloadChecksum(payload.Bytes())
	if err != nil {
		return fmt.Errorf("encode export: %w", err)
	}
	format := ExportFormat
	version := ExportVersion
	f := exportFile{Format: &format, Version: &version, ExportedAt: now().Format(timeLayout),
		Checksum: sum, Payload: bytes.TrimSuffix(payload.Bytes(), []byte("\n"))}
	var out bytes.Buffer
	enc = json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		return fmt.Errorf("encode export: %w", err)
	}
	if _, err := w.Write(out.Bytes()); err != nil {
		return fmt.Errorf("write export: %w", err)
	}
	return nil
}

// ExportGame writes one game (module, setup, content, records, and the uid
// of its campaign, without the campaign itself) as an export file.
func (s *Store) ExportGame(gameID int64, w io.Writer) error {
	where := fmt.Sprintf("export game %d", gameID)
	p, err := s.readForExport(where, func(tx *sql.Tx) (exportPayload, error) {
		g, err := s.exportedGame(tx, gameID)
		if err != nil {
			return exportPayload{}, err
		}
		return exportPayload{Games: []ExportedGame{g}, Campaigns: []ExportedCampaign{}}, nil
	})
	if err != nil {
		return err
	}
	if err := writeExport(w, p); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	return nil
}

// ExportCampaign writes a campaign (its party and entries) and all its games:
// those in the campaign and those its entries were played in.
func (s *Store) ExportCampaign(campaignID int64, w io.Writer) error {
	where := fmt.Sprintf("export campaign %d", campaignID)
	p, err := s.readForExport(where, func(tx *sql.Tx) (exportPayload, error) {
		c, err := s.readCampaign(tx, campaignID)
		if err != nil {
			return exportPayload{}, err
		}
		ec := ExportedCampaign{UID: c.UID, Name: c.Name, CreatedAt: formatTime(c.Created),
			Party: c.Party, Entries: []ExportedEntry{}}
		if c.Module != legacyModule {
			ec.Module = c.Module
		}
		for _, e := range c.Entries {
			ee := ExportedEntry{Quest: e.Quest, Outcome: e.Outcome, Notes: e.Notes, Party: e.Party,
				PlayedAt: formatTime(e.PlayedAt)}
			if e.GameID != 0 {
				if err := tx.QueryRow(`SELECT uid FROM games WHERE id = ?`, e.GameID).Scan(&ee.GameUID); err != nil {
					return exportPayload{}, s.wrap(fmt.Sprintf("%s: entry %d", where, e.ID), err)
				}
			}
			ec.Entries = append(ec.Entries, ee)
		}
		rows, err := tx.Query(`SELECT id FROM games WHERE campaign_id = ?
			UNION SELECT game_id FROM campaign_entries WHERE campaign_id = ? AND game_id IS NOT NULL
			ORDER BY 1`, campaignID, campaignID)
		if err != nil {
			return exportPayload{}, s.wrap(where, err)
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return exportPayload{}, s.wrap(where, err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return exportPayload{}, s.wrap(where, err)
		}
		p := exportPayload{Games: []ExportedGame{}, Campaigns: []ExportedCampaign{ec}}
		for _, id := range ids {
			g, err := s.exportedGame(tx, id)
			if err != nil {
				return exportPayload{}, err
			}
			p.Games = append(p.Games, g)
		}
		return p, nil
	})
	if err != nil {
		return err
	}
	if err := writeExport(w, p); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	return nil
}

// readForExport runs read in one read transaction under the store's lock;
// the file is written afterwards, without holding the store.
func (s *Store) readForExport(where string, read func(tx *sql.Tx) (exportPayload, error)) (exportPayload, error) {
	var p exportPayload
	err := s.inTx(where, func(tx *sql.Tx) error {
		var err error
		p, err = read(tx)
		return err
	})
	return p, err
}

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(timeLayout)
}

// exportedGame reads a stored game for an export. Records are exported as
// stored, even ones that no longer decode (a read-only save can still be
// exported, to be looked at), and so is a game of a module this build does
// not have; a gap in the log or a record that is not JSON is refused.
func (s *Store) exportedGame(tx *sql.Tx, gameID int64) (ExportedGame, error) {
	where := fmt.Sprintf("export game %d", gameID)
	var g ExportedGame
	var uid, content, campaignUID, created sql.NullString
	var setup string
	err := tx.QueryRow(`SELECT g.uid, g.name, g.module, g.setup, g.content, c.uid, g.created_at
		FROM games g LEFT JOIN campaigns c ON c.id = g.campaign_id WHERE g.id = ?`, gameID).
		Scan(&uid, &g.Name, &g.Module, &setup, &content, &campaignUID, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return ExportedGame{}, fmt.Errorf("%s: %w", where, ErrNoGame)
	}
	if err != nil {
		return ExportedGame{}, s.wrap(where, err)
	}
	if !uid.Valid || uid.String == "" {
		return ExportedGame{}, fmt.Errorf("%s: the game has no uid", where)
	}
	if !json.Valid([]byte(setup)) {
		return ExportedGame{}, fmt.Errorf("%s: its stored setup is not JSON", where)
	}
	g.UID, g.Setup, g.Content, g.CampaignUID = uid.String, json.RawMessage(setup), content.String, campaignUID.String
	if created.Valid {
		if t, err := time.Parse(timeLayout, created.String); err == nil {
			g.CreatedAt = formatTime(t)
		}
	}
	rows, err := tx.Query(`SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq`, gameID)
	if err != nil {
		return ExportedGame{}, s.wrap(where, err)
	}
	defer rows.Close()
	g.Events = []json.RawMessage{}
	for rows.Next() {
		var seq int
		var body []byte
		if err := rows.Scan(&seq, &body); err != nil {
			return ExportedGame{}, s.wrap(where, err)
		}
		if seq != len(g.Events)+1 {
			return ExportedGame{}, fmt.Errorf("%s: record %d is missing from its log", where, len(g.Events)+1)
		}
		if !json.Valid(body) {
			return ExportedGame{}, fmt.Errorf("%s: record %d is not JSON", where, seq)
		}
		g.Events = append(g.Events, json.RawMessage(body))
	}
	if err := rows.Err(); err != nil {
		return ExportedGame{}, s.wrap(where, err)
	}
	return g, nil
}
