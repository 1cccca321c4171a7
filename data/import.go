package data

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/dunconductor/conductor/core/engine"
)

// ImportMode says what Import does with games and campaigns whose uid is
// already stored.
type ImportMode int

const (
	// ImportRefuseExisting writes nothing and returns *ExistsError.
	ImportRefuseExisting ImportMode = iota
	// ImportAsCopy gives every imported game and campaign a new uid, so they
	// sit beside the stored ones, under the same names.
	ImportAsCopy
	// ImportReplace deletes the stored ones first. They keep their ids, and
	// what pointed at them (campaign entries, games of a campaign) still does.
	ImportReplace
)

func (m ImportMode) String() string {
	switch m {
	case ImportRefuseExisting:
		return "refuse existing"
	case ImportAsCopy:
		return "as copy"
	case ImportReplace:
		return "replace"
	}
	return fmt.Sprintf("ImportMode(%d)", int(m))
}

// ImportResult is the ids of what was imported, in the file's order.
type ImportResult struct {
	Games     []int64
	Campaigns []int64
}

// Import reads an export file, verifies it (as ReadExport does: format,
// version, checksum, the shape of every game and campaign), replays every
// game, and stores its games and campaigns in one transaction: on any error
// nothing is written. A game of a module this build does not have is refused
// (the error wraps *engine.UnknownModuleError, which names it). Records keep
// their sequence numbers. A game's campaign and an entry's game are linked by
// uid, to the one in the file or else to one already stored. Imported games
// are listed as just updated. The file is streamed (see importstream.go):
// its memory does not grow with the number of records.
//
// There is one way in for what a file holds, whether it is streamed or read
// whole: an importer, which takes the file's campaigns (campaignList) and
// games (startGame, event for each record, finishGame; or wholeGame for a
// game held in memory) in the file's order, and links them once all are in
// (finish).
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
	st := &streamer{dec: dec, checksum: checksum}
	defer st.games.close()
	defer st.events.close()
	return s.importTx(mode, func(im *importer) error {
		st.importer = im
		return st.run()
	})
}

// importParsed imports a file read whole and verified by parseExport: its
// campaigns, then its games, each from memory through the streamed import's
// steps.
func (s *Store) importParsed(exp *Export, mode ImportMode) (ImportResult, error) {
	return s.importTx(mode, func(im *importer) error {
		im.campaignList(exp.Campaigns)
		for i, g := range exp.Games {
			if im.err != nil {
				break
			}
			im.wholeGame(i, g)
		}
		return nil
	})
}

// importTx runs read in the import's transaction, then reports the first
// problem it kept, or links what it stored (finish). On any error the
// transaction is rolled back: nothing is written.
func (s *Store) importTx(mode ImportMode, read func(im *importer) error) (ImportResult, error) {
	var res ImportResult
	err := s.inTx("import", func(tx *sql.Tx) error {
		im := &importer{s: s, tx: tx, t: now().Format(timeLayout), mode: mode,
			campaignIDs: map[string]int64{}, gameIDs: map[string]int64{},
			seenGames: map[string]bool{}, seenCampaigns: map[string]bool{}}
		if err := read(im); err != nil {
			return err
		}
		if im.err != nil {
			return im.err
		}
		var err error
		res, err = im.finish()
		return err
	})
	if err != nil {
		return ImportResult{}, err
	}
	return res, nil
}

// importer is one Import's transaction and what it has stored so far.
type importer struct {
	s    *Store
	tx   *sql.Tx
	t    string // now, in the store's layout
	mode ImportMode
	// err is the first problem found in the content. A streamed file reports
	// it only once its checksum is known to match, so that a file changed
	// after export is called that.
	err error

	// The ids given to the file's campaigns and games, by their uid in the file.
	campaignIDs map[string]int64
	gameIDs     map[string]int64

	seenGames, seenCampaigns map[string]bool    // uids in the file, for "appears twice"
	existingCampaigns        []string           // names of stored ones the file has (ImportRefuseExisting)
	existingGames            []string           //
	campaigns                []ExportedCampaign // stored, with their ids: their entries go in last
	campaignRows             []int64
	gameCampaigns            []idUID // each stored game's campaign, linked last
	gameLinks, entryLinks    []idLink
	res                      ImportResult
}

// idLink is a row (a game or an entry) that pointed at a replaced id.
type idLink struct{ row, to int64 }

// idUID is a stored row and the uid of what it links to.
type idUID struct {
	id  int64
	uid string
}

// fail keeps the first problem of the content.
func (im *importer) fail(err error) {
	if im.err == nil {
		im.err = err
	}
}

// lookup finds a stored row's id and name; id 0 when there is none.
func (im *importer) lookup(query, uid string) (int64, string, error) {
	var id int64
	var name string
	err := im.tx.QueryRow(query, uid).Scan(&id, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	if err != nil {
		return 0, "", im.s.wrap("import: look for uid "+uid, err)
	}
	return id, name, nil
}

// links lists the rows of query (one id argument) with the id they point at.
func (im *importer) links(query string, to int64) ([]idLink, error) {
	rows, err := im.tx.Query(query, to)
	if err != nil {
		return nil, im.s.wrap("import: replace", err)
	}
	defer rows.Close()
	var out []idLink
	for rows.Next() {
		var row int64
		if err := rows.Scan(&row); err != nil {
			return nil, im.s.wrap("import: replace", err)
		}
		out = append(out, idLink{row: row, to: to})
	}
	return out, rows.Err()
}

// storedID finds a stored row by uid for a link the file does not hold.
func (im *importer) storedID(table, uid string) (sql.NullInt64, error) {
	if uid == "" {
		return sql.NullInt64{}, nil
	}
	var id int64
	err := im.tx.QueryRow(`SELECT id FROM `+table+` WHERE uid = ?`, uid).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return sql.NullInt64{}, nil // not here: left unlinked
	}
	if err != nil {
		return sql.NullInt64{}, im.s.wrap("import: look for uid "+uid, err)
	}
	return sql.NullInt64{Int64: id, Valid: true}, nil
}

// campaignList checks and stores the file's campaigns and their parties;
// their entries go in at the end, when every game is in. A stored one the
// file replaces is deleted now and its row taken back (same id); what
// pointed at it is put back at the end.
func (im *importer) campaignList(cs []ExportedCampaign) {
	for i, c := range cs {
		if im.err != nil {
			return
		}
		if err := checkCampaign(i, c, im.seenCampaigns); err != nil {
			im.fail(fmt.Errorf("import: %w: %w", ErrExportDamaged, err))
			return
		}
		old, name, err := im.lookup(`SELECT id, name FROM campaigns WHERE uid = ?`, c.UID)
		if err != nil {
			im.fail(err)
			return
		}
		uid, id := c.UID, int64(0)
		switch {
		case im.mode == ImportAsCopy:
			uid = newUID()
		case old == 0:
		case im.mode == ImportRefuseExisting:
			im.existingCampaigns = append(im.existingCampaigns, name)
			continue
		default: // replace
			l, err := im.links(`SELECT id FROM games WHERE campaign_id = ?`, old)
			if err != nil {
				im.fail(err)
				return
			}
			im.gameLinks = append(im.gameLinks, l...)
			if _, err := im.tx.Exec(`DELETE FROM campaigns WHERE id = ?`, old); err != nil {
				im.fail(im.s.wrap(fmt.Sprintf("import: replace campaign %d", old), err))
				return
			}
			id = old
		}
		if id, err = im.campaign(c, uid, id); err != nil {
			im.fail(err)
			return
		}
		im.campaignIDs[c.UID] = id
		im.res.Campaigns = append(im.res.Campaigns, id)
		im.campaigns = append(im.campaigns, c)
		im.campaignRows = append(im.campaignRows, id)
	}
}

// campaign stores a campaign and its party (entries come after the games).
func (im *importer) campaign(c ExportedCampaign, uid string, id int64) (int64, error) {
	where := "import: campaign " + engine.QuoteShort(c.Name)
	party, err := checkParty(c.ModuleName(), c.Party)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	created := storedTime(c.CreatedAt)
	if !created.Valid {
		created = sql.NullString{String: im.t, Valid: true} // the column is NOT NULL
	}
	res, err := im.tx.Exec(`INSERT INTO campaigns (id, uid, name, module, party, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		nullID(id), uid, c.Name, c.ModuleName(), string(party), created)
	if err != nil {
		return 0, im.s.wrap(where, err)
	}
	if id, err = res.LastInsertId(); err != nil {
		return 0, im.s.wrap(where, err)
	}
	return id, nil
}

// claimGame decides where a game of the file goes: its id (0 for a new
// one) and uid as stored, or dry when a stored game has its uid and the
// mode refuses (its name is listed). With ImportReplace the stored one is
// deleted now; what pointed at it is put back at the end.
func (im *importer) claimGame(g ExportedGame) (id int64, uid string, dry bool, err error) {
	old, name, err := im.lookup(`SELECT id, name FROM games WHERE uid = ?`, g.UID)
	if err != nil {
		return 0, "", false, err
	}
	switch {
	case im.mode == ImportAsCopy:
		return 0, newUID(), false, nil
	case old == 0:
		return 0, g.UID, false, nil
	case im.mode == ImportRefuseExisting:
		im.existingGames = append(im.existingGames, name)
		return 0, g.UID, true, nil
	}
	l, err := im.links(`SELECT id FROM campaign_entries WHERE game_id = ?`, old)
	if err != nil {
		return 0, "", false, err
	}
	im.entryLinks = append(im.entryLinks, l...)
	if _, err := im.tx.Exec(`DELETE FROM games WHERE id = ?`, old); err != nil {
		return 0, "", false, im.s.wrap(fmt.Sprintf("import: replace game %d", old), err)
	}
	return old, g.UID, false, nil
}

// liveGame is a game being imported: its records decoded and, unless dry,
// written as they come, then replayed once its object ends. (Applying them
// one by one would cost an undo a rebuild of the state each time.)
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

// close lets go of the game's statements.
func (live *liveGame) close() {
	if live.stmt != nil {
		live.stmt.Close()
	}
	if live.fetch != nil {
		live.fetch.Close()
	}
}

// startGame starts importing the i-th game of the file, whose uid and setup
// are known: its module, its setup, its row. It returns nil after a problem
// (kept).
func (im *importer) startGame(i int, g ExportedGame) *liveGame {
	if err := checkUID(g.UID); err != nil {
		im.fail(fmt.Errorf("import: %w: game %d (%s): %w", ErrExportDamaged, i+1, g.label(), err))
		return nil
	}
	if err := checkName(g.Module); err != nil {
		im.fail(fmt.Errorf("import: %w: game %d (%s): its module: %w", ErrExportDamaged, i+1, g.label(), err))
		return nil
	}
	m, err := engine.Find(g.ModuleName())
	if err != nil {
		im.fail(fmt.Errorf("import: game %s: %w", g.label(), err))
		return nil
	}
	play, err := m.Resume(g.Setup, g.content(), nil, nil)
	if err != nil {
		im.fail(fmt.Errorf("import: %w: game %s: %w", ErrExportDamaged, g.label(), err))
		return nil
	}
	live := &liveGame{m: m, setup: g.Setup, content: g.content(), label: g.label()}
	id, uid, dry, err := im.claimGame(g)
	if err != nil {
		im.fail(err)
		return nil
	}
	if live.dry = dry; dry {
		return live
	}
	setup, err := play.SetupJSON()
	if err != nil {
		im.fail(fmt.Errorf("import: game %s: encode setup: %w", g.label(), err))
		return nil
	}
	where := "import: game " + g.label()
	res, err := im.tx.Exec(`INSERT INTO games (id, uid, name, module, setup, content, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		nullID(id), uid, g.Name, play.Module(), string(setup), nullText(play.Content()), storedTime(g.CreatedAt))
	if err != nil {
		im.fail(im.s.wrap(where, err))
		return nil
	}
	if live.id, err = res.LastInsertId(); err != nil {
		im.fail(im.s.wrap(where, err))
		return nil
	}
	if live.stmt, err = im.tx.Prepare(`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, ?, ?, ?, ?)`); err != nil {
		im.fail(im.s.wrap(where, err))
		return nil
	}
	if f, ok := m.(engine.Folding); ok {
		if live.fetch, err = im.tx.Prepare(`SELECT body FROM events WHERE game_id = ? AND seq = ?`); err != nil {
			im.fail(im.s.wrap(where, err))
			return live
		}
		if live.fold, err = f.Fold(g.Setup, g.content(), live.event); err != nil {
			im.fail(fmt.Errorf("import: %w: game %s: %w", ErrExportDamaged, g.label(), err))
			return live
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

// event decodes and writes record seq of a game being imported.
func (im *importer) event(live *liveGame, seq int, raw json.RawMessage) {
	e, err := live.m.Events().Decode(raw)
	if err != nil {
		im.fail(fmt.Errorf("import: %w: game %s: record %d: %w", ErrExportDamaged, live.label, seq, err))
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
		im.fail(fmt.Errorf("import: game %s: record %d: %w", live.label, seq, err))
		return
	}
	if _, err := live.stmt.Exec(live.id, seq, e.Type(), string(body), im.t); err != nil {
		im.fail(im.s.wrap(fmt.Sprintf("import: game %s: record %d", live.label, seq), err))
		return
	}
	if live.fold != nil {
		if err := live.fold.Step(e); err != nil {
			live.failed = &ReplayError{Seq: seq, Err: err}
		}
	}
}

// finishGame checks the fields of a game whose records were imported as
// they came, all now known, and completes it.
func (im *importer) finishGame(i int, g ExportedGame, live *liveGame) {
	if err := checkGameFields(i, g, im.seenGames); err != nil {
		im.fail(fmt.Errorf("import: %w: %w", ErrExportDamaged, err))
		return
	}
	im.completeGame(g, live)
}

// wholeGame imports a game held in memory (a file read whole, or a game
// whose uid or setup came after its records): its fields are checked first,
// then it takes the same steps as a streamed game.
func (im *importer) wholeGame(i int, g ExportedGame) {
	if err := checkGameFields(i, g, im.seenGames); err != nil {
		im.fail(fmt.Errorf("import: %w: %w", ErrExportDamaged, err))
		return
	}
	live := im.startGame(i, g)
	if live == nil {
		return
	}
	defer live.close()
	for j, raw := range g.Events {
		if im.err != nil {
			return
		}
		im.event(live, j+1, raw)
	}
	if im.err == nil {
		im.completeGame(g, live)
	}
}

// completeGame replays a game whose records are in (or finishes its fold),
// and completes its row, its head and its snapshot, so that it opens
// without a full replay.
func (im *importer) completeGame(g ExportedGame, live *liveGame) {
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
		im.fail(fmt.Errorf("import: %w", re))
		return
	case err != nil:
		im.fail(fmt.Errorf("import: %w: game %s: %w", ErrExportDamaged, g.label(), err))
		return
	}
	if live.dry {
		return
	}
	where := "import: game " + g.label()
	summary, err := encodeSummary(play.Summary())
	if err != nil {
		im.fail(fmt.Errorf("%s: %w", where, err))
		return
	}
	if _, err := im.tx.Exec(`UPDATE games SET name = ?, created_at = ? WHERE id = ?`,
		g.Name, storedTime(g.CreatedAt), live.id); err != nil {
		im.fail(im.s.wrap(where, err))
		return
	}
	if _, err := im.tx.Exec(`UPDATE heads SET seq = ?, summary = ?, updated_at = ? WHERE game_id = ?`,
		records, summary, im.t, live.id); err != nil {
		im.fail(im.s.wrap(where, err))
		return
	}
	snap, err := play.Snapshot()
	if err != nil {
		im.fail(fmt.Errorf("%s: encode snapshot: %w", where, err))
		return
	}
	if snap.Effective > 0 {
		if _, err := im.tx.Exec(`INSERT INTO snapshots (game_id, effective, last_seq, version, state, checksum) VALUES (?, ?, ?, ?, ?, ?)`,
			live.id, snap.Effective, snap.LastSeq, snap.Version, string(snap.State), stateChecksum(snap.State)); err != nil {
			im.fail(im.s.wrap(where+": snapshot", err))
			return
		}
	}
	im.gameIDs[g.UID] = live.id
	im.res.Games = append(im.res.Games, live.id)
	im.gameCampaigns = append(im.gameCampaigns, idUID{live.id, g.CampaignUID})
}

// finish links what the file links, puts back the links to what was
// replaced, and refuses, when asked to, a file of games already here.
func (im *importer) finish() (ImportResult, error) {
	if existing := append(im.existingCampaigns, im.existingGames...); len(existing) > 0 {
		return ImportResult{}, &ExistsError{Names: existing}
	}
	for _, l := range im.gameCampaigns {
		campaign, ok := sql.NullInt64{}, false
		if id, found := im.campaignIDs[l.uid]; found {
			campaign, ok = sql.NullInt64{Int64: id, Valid: true}, true
		}
		if !ok {
			var err error
			if campaign, err = im.storedID("campaigns", l.uid); err != nil {
				return ImportResult{}, err
			}
		}
		if _, err := im.tx.Exec(`UPDATE games SET campaign_id = ? WHERE id = ?`, campaign, l.id); err != nil {
			return ImportResult{}, im.s.wrap(fmt.Sprintf("import: link game %d", l.id), err)
		}
	}
	var lastEntry int64 // entries above it are the file's
	if err := im.tx.QueryRow(`SELECT coalesce(max(id), 0) FROM campaign_entries`).Scan(&lastEntry); err != nil {
		return ImportResult{}, im.s.wrap("import", err)
	}
	for i, c := range im.campaigns {
		if err := im.entries(im.campaignRows[i], c); err != nil {
			return ImportResult{}, err
		}
	}
	// Put back the links to what was replaced (same ids), except for the
	// imported games, whose campaign the file says.
	imported := map[int64]bool{}
	for _, id := range im.res.Games {
		imported[id] = true
	}
	for _, l := range im.gameLinks {
		if imported[l.row] {
			continue
		}
		if _, err := im.tx.Exec(`UPDATE games SET campaign_id = ? WHERE id = ?`, l.to, l.row); err != nil {
			return ImportResult{}, im.s.wrap(fmt.Sprintf("import: relink game %d", l.row), err)
		}
	}
	for _, l := range im.entryLinks {
		if l.row > lastEntry {
			continue // an entry the file brought, which took a deleted one's id
		}
		if _, err := im.tx.Exec(`UPDATE campaign_entries SET game_id = ? WHERE id = ?`, l.to, l.row); err != nil {
			return ImportResult{}, im.s.wrap(fmt.Sprintf("import: relink campaign entry %d", l.row), err)
		}
	}
	if im.res.Games == nil {
		im.res.Games = []int64{}
	}
	if im.res.Campaigns == nil {
		im.res.Campaigns = []int64{}
	}
	return im.res, nil
}

// entries stores a campaign's entries, linking each to its game.
func (im *importer) entries(campaignID int64, c ExportedCampaign) error {
	where := "import: campaign " + engine.QuoteShort(c.Name)
	for i, e := range c.Entries {
		party, err := checkParty(c.ModuleName(), e.Party)
		if err != nil {
			return fmt.Errorf("%s: entry %d: %w", where, i+1, err)
		}
		game := sql.NullInt64{}
		if id, ok := im.gameIDs[e.GameUID]; ok {
			game = sql.NullInt64{Int64: id, Valid: true}
		} else if game, err = im.storedID("games", e.GameUID); err != nil {
			return err
		}
		played := storedTime(e.PlayedAt)
		if !played.Valid {
			played = sql.NullString{String: im.t, Valid: true}
		}
		if _, err := im.tx.Exec(`INSERT INTO campaign_entries (campaign_id, game_id, quest, outcome, notes, party, played_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, campaignID, game, e.Quest, e.Outcome, e.Notes, string(party), played); err != nil {
			return im.s.wrap(fmt.Sprintf("%s: entry %d", where, i+1), err)
		}
	}
	return nil
}
