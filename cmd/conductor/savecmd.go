package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/data/storetext"
	"github.com/dunconductor/conductor/translations"
)

// runReplay handles "conductor replay FILE" (an export) and
// "conductor replay --db DB GAME_ID" (a saved game): every event with the
// state after it, as "conductor script" prints them.
func runReplay(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(errOut)
	dbPath := fs.String("db", "", tr.T("cli.flag.db", nil))
	full := fs.Bool("full", false, tr.T("cli.flag.full", nil))
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		fmt.Fprintln(errOut, tr.T("cli.replay.usage", nil))
		return 2
	}
	var games []engine.Play
	if *dbPath != "" {
		id, err := strconv.ParseInt(fs.Arg(0), 10, 64)
		if err != nil {
			fmt.Fprintln(errOut, tr.T("cli.replay.usage", nil))
			return 2
		}
		store, code := openStore(*dbPath, errOut, tr)
		if store == nil {
			return code
		}
		defer store.Close()
		g, err := store.LoadGame(id)
		if err != nil {
			fmt.Fprintln(errOut, err)
			return 1
		}
		games = append(games, g)
	} else {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintln(errOut, tr.T("cli.script.open", map[string]any{"Path": fs.Arg(0), "Detail": err.Error()}))
			return 2
		}
		defer f.Close()
		exp, err := data.ReadExport(f)
		if err != nil {
			fmt.Fprintln(errOut, storetext.Error(tr, err))
			return 1
		}
		for _, eg := range exp.Games {
			g, err := eg.Game()
			if err != nil {
				fmt.Fprintln(errOut, storetext.Error(tr, err))
				return 1
			}
			games = append(games, g)
		}
	}
	bw := bufio.NewWriter(out)
	defer bw.Flush()
	w := lineWriter{enc: json.NewEncoder(bw), full: *full, tr: tr}
	for _, g := range games {
		// Replaying from the setup shows every state on the way.
		fresh, err := restart(g)
		if err != nil {
			fmt.Fprintln(errOut, err)
			return 1
		}
		for _, r := range g.Records() {
			applied, err := fresh.Apply(r.Event)
			line, err := w.line(r.Seq, fresh, applied, r.Event, err)
			if err == nil {
				err = w.enc.Encode(line)
			}
			if err != nil {
				return 1
			}
		}
	}
	return 0
}

// runExport handles "conductor export --db DB (--game ID | --campaign ID) OUT".
func runExport(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(errOut)
	dbPath := fs.String("db", "", tr.T("cli.flag.db", nil))
	game := fs.Int64("game", 0, tr.T("cli.flag.game", nil))
	campaign := fs.Int64("campaign", 0, tr.T("cli.flag.campaign", nil))
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 || *dbPath == "" || (*game == 0) == (*campaign == 0) {
		fmt.Fprintln(errOut, tr.T("cli.export.usage", nil))
		return 2
	}
	store, code := openStore(*dbPath, errOut, tr)
	if store == nil {
		return code
	}
	defer store.Close()
	f, err := os.Create(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(errOut, tr.T("cli.script.open", map[string]any{"Path": fs.Arg(0), "Detail": err.Error()}))
		return 1
	}
	if *game != 0 {
		err = store.ExportGame(*game, f)
	} else {
		err = store.ExportCampaign(*campaign, f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(fs.Arg(0)) // no half-written file left behind
		fmt.Fprintln(errOut, err)
		return 1
	}
	fmt.Fprintln(out, tr.T("cli.export.done", map[string]any{"Path": fs.Arg(0)}))
	return 0
}

// runImport handles "conductor import --db DB [--as-copy | --replace] FILE".
// Without a mode, saves that are already in the database are refused and
// nothing is written.
func runImport(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(errOut)
	dbPath := fs.String("db", "", tr.T("cli.flag.db", nil))
	asCopy := fs.Bool("as-copy", false, tr.T("cli.flag.as_copy", nil))
	replace := fs.Bool("replace", false, tr.T("cli.flag.replace", nil))
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 || *dbPath == "" || *asCopy && *replace {
		fmt.Fprintln(errOut, tr.T("cli.import.usage", nil))
		return 2
	}
	mode := data.ImportRefuseExisting
	switch {
	case *asCopy:
		mode = data.ImportAsCopy
	case *replace:
		mode = data.ImportReplace
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(errOut, tr.T("cli.script.open", map[string]any{"Path": fs.Arg(0), "Detail": err.Error()}))
		return 2
	}
	defer f.Close()
	store, code := openStore(*dbPath, errOut, tr)
	if store == nil {
		return code
	}
	defer store.Close()
	res, err := store.Import(f, mode)
	if err != nil {
		fmt.Fprintln(errOut, storetext.Error(tr, err))
		return 1
	}
	fmt.Fprintln(out, tr.T("cli.import.done", map[string]any{"Games": len(res.Games), "Campaigns": len(res.Campaigns)}))
	return 0
}

// openStore opens a database for a command, or says why it cannot (exit 1).
func openStore(path string, errOut io.Writer, tr *translations.Translator) (*data.Store, int) {
	store, err := data.Open(path)
	if err != nil {
		fmt.Fprintln(errOut, tr.T(openErrorMessage(path, err)))
		return nil, 1
	}
	return store, 0
}

// restart is a new game with g's setup and content, before any event.
func restart(g engine.Play) (engine.Play, error) {
	m, err := engine.Find(g.Module())
	if err != nil {
		return nil, err
	}
	setup, err := g.SetupJSON()
	if err != nil {
		return nil, err
	}
	return m.Resume(setup, g.Content(), nil, nil) // as saved, not with a new game's defaults
}
