package data

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

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

// importGame is a file's game, replayed and ready to store.
type importGame struct {
	ExportedGame
	game  engine.Play
	setup []byte // normalized, as CreateGame stores it
	uid   string // as stored: the file's, or a new one
	id    int64  // the id it gets
}

// importParsed imports a file read whole and verified by parseExport: what
// Import does with a file it does not stream. Every game is replayed before
// anything is written.
func (s *Store) importParsed(exp *Export, mode ImportMode) (ImportResult, error) {
	games := make([]importGame, len(exp.Games))
	for i, eg := range exp.Games {
		g, err := eg.Game()
		if err != nil {
			return ImportResult{}, fmt.Errorf("import: %w", err)
		}
		setup, err := g.SetupJSON()
		if err != nil {
			return ImportResult{}, fmt.Errorf("import: game %s: encode setup: %w", eg.label(), err)
		}
		games[i] = importGame{ExportedGame: eg, game: g, setup: setup, uid: eg.UID}
	}

	var res ImportResult
	err := s.inTx("import", func(tx *sql.Tx) error {
		im := importer{s: s, tx: tx, t: now().Format(timeLayout), campaignIDs: map[string]int64{}, gameIDs: map[string]int64{}}
		var err error
		res, err = im.run(mode, games, exp.Campaigns)
		return err
	})
	if err != nil {
		return ImportResult{}, err
	}
	return res, nil
}

// importer is one Import's transaction.
type importer struct {
	s  *Store
	tx *sql.Tx
	t  string // now, in the store's layout
	// The ids given to the file's campaigns and games, by their uid in the file.
	campaignIDs map[string]int64
	gameIDs     map[string]int64
}

func (im *importer) run(mode ImportMode, games []importGame, campaigns []ExportedCampaign) (ImportResult, error) {
	campaignUIDs := make([]string, len(campaigns)) // as stored
	campaignOld := make([]int64, len(campaigns))   // the id of the stored one replaced, or 0
	var existing []string
	for i, c := range campaigns {
		campaignUIDs[i] = c.UID
		id, name, err := im.lookup(`SELECT id, name FROM campaigns WHERE uid = ?`, c.UID)
		if err != nil {
			return ImportResult{}, err
		}
		if id != 0 {
			existing = append(existing, name)
			campaignOld[i] = id
		}
	}
	gameOld := make([]int64, len(games))
	for i := range games {
		id, name, err := im.lookup(`SELECT id, name FROM games WHERE uid = ?`, games[i].UID)
		if err != nil {
			return ImportResult{}, err
		}
		if id != 0 {
			existing = append(existing, name)
			gameOld[i] = id
		}
	}
	// What still points at the stored ones after they are replaced.
	var entryLinks, gameLinks []idLink
	switch mode {
	case ImportRefuseExisting:
		if len(existing) > 0 {
			return ImportResult{}, &ExistsError{Names: existing}
		}
	case ImportAsCopy:
		for i := range campaignUIDs {
			campaignUIDs[i], campaignOld[i] = newUID(), 0
		}
		for i := range games {
			games[i].uid, gameOld[i] = newUID(), 0
		}
	case ImportReplace:
		var err error
		if gameLinks, entryLinks, err = im.remove(gameOld, campaignOld); err != nil {
			return ImportResult{}, err
		}
	}

	// Rows that take back a replaced id go in first: a new row could
	// otherwise be given that id (SQLite reuses the largest).
	res := ImportResult{Campaigns: make([]int64, len(campaigns)), Games: make([]int64, len(games))}
	for _, reused := range []bool{true, false} {
		for i, c := range campaigns {
			if (campaignOld[i] != 0) != reused {
				continue
			}
			id, err := im.campaign(c, campaignUIDs[i], campaignOld[i])
			if err != nil {
				return ImportResult{}, err
			}
			im.campaignIDs[c.UID] = id
			res.Campaigns[i] = id
		}
	}
	for _, reused := range []bool{true, false} {
		for i := range games {
			if (gameOld[i] != 0) != reused {
				continue
			}
			games[i].id = gameOld[i]
			id, err := im.game(&games[i])
			if err != nil {
				return ImportResult{}, err
			}
			im.gameIDs[games[i].UID] = id
			res.Games[i] = id
		}
	}
	for i, c := range campaigns {
		if err := im.entries(res.Campaigns[i], c); err != nil {
			return ImportResult{}, err
		}
	}
	// Put back the links to what was replaced (same ids), except for the
	// imported games, whose campaign the file says.
	imported := map[int64]bool{}
	for _, id := range res.Games {
		imported[id] = true
	}
	for _, l := range gameLinks {
		if imported[l.row] {
			continue
		}
		if _, err := im.tx.Exec(`UPDATE games SET campaign_id = ? WHERE id = ?`, l.to, l.row); err != nil {
			return ImportResult{}, im.s.wrap(fmt.Sprintf("import: relink game %d", l.row), err)
		}
	}
	for _, l := range entryLinks {
		if _, err := im.tx.Exec(`UPDATE campaign_entries SET game_id = ? WHERE id = ?`, l.to, l.row); err != nil {
			return ImportResult{}, im.s.wrap(fmt.Sprintf("import: relink campaign entry %d", l.row), err)
		}
	}
	return res, nil
}

// idLink is a row (a game or an entry) that pointed at a replaced id.
type idLink struct{ row, to int64 }

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

// remove deletes the stored games and campaigns that the file replaces,
// returning what pointed at them from outside. Campaigns go first, so that
// the entries listed are not ones deleted with them (whose ids new entries
// may take).
func (im *importer) remove(gameOld, campaignOld []int64) (gameLinks, entryLinks []idLink, err error) {
	for _, id := range campaignOld {
		if id == 0 {
			continue
		}
		l, err := im.links(`SELECT id FROM games WHERE campaign_id = ?`, id)
		if err != nil {
			return nil, nil, err
		}
		gameLinks = append(gameLinks, l...)
		if _, err := im.tx.Exec(`DELETE FROM campaigns WHERE id = ?`, id); err != nil {
			return nil, nil, im.s.wrap(fmt.Sprintf("import: replace campaign %d", id), err)
		}
	}
	for _, id := range gameOld {
		if id == 0 {
			continue
		}
		l, err := im.links(`SELECT id FROM campaign_entries WHERE game_id = ?`, id)
		if err != nil {
			return nil, nil, err
		}
		entryLinks = append(entryLinks, l...)
		if _, err := im.tx.Exec(`DELETE FROM games WHERE id = ?`, id); err != nil {
			return nil, nil, im.s.wrap(fmt.Sprintf("import: replace game %d", id), err)
		}
	}
	return gameLinks, entryLinks, nil
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

// campaign stores a campaign and its heroes (entries come after the games).
func (im *importer) campaign(c ExportedCampaign, uid string, id int64) (int64, error) {
	where := "import: campaign " + shortText(c.Name)
	heroes, err := checkHeroes(c.Heroes)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	created := storedTime(c.CreatedAt)
	if !created.Valid {
		created = sql.NullString{String: im.t, Valid: true} // the column is NOT NULL
	}
	res, err := im.tx.Exec(`INSERT INTO campaigns (id, uid, name, created_at) VALUES (?, ?, ?, ?)`,
		nullID(id), uid, c.Name, created)
	if err != nil {
		return 0, im.s.wrap(where, err)
	}
	if id, err = res.LastInsertId(); err != nil {
		return 0, im.s.wrap(where, err)
	}
	if err := im.s.putHeroes(im.tx, where, id, heroes); err != nil {
		return 0, err
	}
	return id, nil
}

// entries stores a campaign's entries, linking each to its game.
func (im *importer) entries(campaignID int64, c ExportedCampaign) error {
	where := "import: campaign " + shortText(c.Name)
	for i, e := range c.Entries {
		heroes, err := checkHeroes(e.Heroes)
		if err != nil {
			return fmt.Errorf("%s: entry %d: %w", where, i+1, err)
		}
		heroesJSON, err := json.Marshal(heroes)
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
		if _, err := im.tx.Exec(`INSERT INTO campaign_entries (campaign_id, game_id, quest, outcome, notes, heroes, played_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, campaignID, game, e.Quest, e.Outcome, e.Notes, string(heroesJSON), played); err != nil {
			return im.s.wrap(fmt.Sprintf("%s: entry %d", where, i+1), err)
		}
	}
	return nil
}

// game stores a replayed game: its row, every record as it was, and a
// snapshot of where it stands so that it opens without a full replay.
func (im *importer) game(g *importGame) (int64, error) {
	where := fmt.Sprintf("import: game %s", g.label())
	campaign := sql.NullInt64{}
	if id, ok := im.campaignIDs[g.CampaignUID]; ok {
		campaign = sql.NullInt64{Int64: id, Valid: true}
	} else {
		var err error
		if campaign, err = im.storedID("campaigns", g.CampaignUID); err != nil {
			return 0, err
		}
	}
	summary, err := encodeSummary(g.game.Summary())
	if err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	records := g.game.Records()
	res, err := im.tx.Exec(`INSERT INTO games (id, uid, name, module, setup, content, created_at, campaign_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		nullID(g.id), g.uid, g.Name, g.game.Module(), string(g.setup), nullText(g.game.Content()),
		storedTime(g.CreatedAt), campaign)
	if err != nil {
		return 0, im.s.wrap(where, err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, im.s.wrap(where, err)
	}
	if _, err := im.tx.Exec(`UPDATE heads SET seq = ?, summary = ?, updated_at = ? WHERE game_id = ?`,
		len(records), summary, im.t, id); err != nil {
		return 0, im.s.wrap(where, err)
	}
	stmt, err := im.tx.Prepare(`INSERT INTO events (game_id, seq, type, body, created_at) VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		return 0, im.s.wrap(where, err)
	}
	defer stmt.Close()
	for _, r := range records {
		body, err := engine.Encode(r.Event)
		if err != nil {
			return 0, fmt.Errorf("%s: record %d: %w", where, r.Seq, err)
		}
		if _, err := stmt.Exec(id, r.Seq, r.Event.Type(), string(body), im.t); err != nil {
			return 0, im.s.wrap(fmt.Sprintf("%s: record %d", where, r.Seq), err)
		}
	}
	snap, err := g.game.Snapshot()
	if err != nil {
		return 0, fmt.Errorf("%s: encode snapshot: %w", where, err)
	}
	if snap.Effective > 0 {
		if _, err := im.tx.Exec(`INSERT INTO snapshots (game_id, effective, last_seq, version, state, checksum) VALUES (?, ?, ?, ?, ?, ?)`,
			id, snap.Effective, snap.LastSeq, snap.Version, string(snap.State), stateChecksum(snap.State)); err != nil {
			return 0, im.s.wrap(where+": snapshot", err)
		}
	}
	return id, nil
}
