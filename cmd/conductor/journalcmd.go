package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/journal"
)

// runJournal handles "conductor journal --db DB (--game ID | --campaign
// ID) [--conductor] OUT.html": the game's story, every sitting recapped
// (or the campaign's: each quest, its sittings and the heroes after it),
// as one HTML page and a Markdown file beside it (OUT.md), in the command's language; the
// players' version unless --conductor. Nothing is left half-written: each
// file is written beside its place and renamed when whole.
func runJournal(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	fs := flag.NewFlagSet("journal", flag.ContinueOnError)
	fs.SetOutput(errOut)
	dbPath := fs.String("db", "", tr.T("cli.flag.db", nil))
	game := fs.Int64("game", 0, tr.T("cli.flag.journal_game", nil))
	campaign := fs.Int64("campaign", 0, tr.T("cli.flag.journal_campaign", nil))
	conductor := fs.Bool("conductor", false, tr.T("cli.flag.conductor", nil))
	err := fs.Parse(args)
	if listing(err, *dbPath, *game, *campaign, fs.NArg()) {
		return listJournals(*dbPath, out, errOut, tr) // which ids there are to give
	}
	if err != nil || fs.NArg() != 1 || *dbPath == "" || (*game <= 0) == (*campaign <= 0) {
		fmt.Fprintln(errOut, tr.T("cli.journal.usage", nil))
		fmt.Fprintln(errOut, tr.T("cli.journal.campaign_usage", nil))
		return 2
	}
	htmlPath := fs.Arg(0)
	mdPath := strings.TrimSuffix(htmlPath, filepath.Ext(htmlPath)) + ".md"
	store, code := openStore(*dbPath, errOut, tr)
	if store == nil {
		return code
	}
	defer store.Close()
	if *campaign > 0 {
		j, err := journal.BuildCampaign(tr, store, *campaign, *conductor, time.Now())
		if errors.Is(err, data.ErrNoCampaign) {
			fmt.Fprintln(errOut, tr.T("cli.journal.no_campaign", map[string]any{"ID": *campaign}))
			return 1
		}
		if err != nil {
			fmt.Fprintln(errOut, tr.T("cli.journal.failed", map[string]any{"Detail": err.Error()}))
			return 1
		}
		return writeJournal(htmlPath, mdPath, j.WriteHTML, j.WriteMarkdown, out, errOut, tr)
	}
	games, err := store.Games()
	if err != nil {
		fmt.Fprintln(errOut, err)
		return 1
	}
	ui.ShownNames(tr, games)
	name := ""
	for _, g := range games {
		if g.ID == *game {
			name = g.Name
		}
	}
	if name == "" {
		fmt.Fprintln(errOut, tr.T("cli.journal.no_game", map[string]any{"ID": *game}))
		return 1
	}
	g, err := store.LoadGame(*game)
	if err != nil {
		fmt.Fprintln(errOut, err)
		return 1
	}
	times, err := store.EventTimes(*game)
	if err != nil {
		fmt.Fprintln(errOut, err)
		return 1
	}
	j, err := journal.Build(tr, name, g, times, *conductor, time.Now())
	if err != nil {
		fmt.Fprintln(errOut, tr.T("cli.journal.failed", map[string]any{"Detail": err.Error()}))
		return 1
	}
	return writeJournal(htmlPath, mdPath, j.WriteHTML, j.WriteMarkdown, out, errOut, tr)
}

// listing says whether the command asks for the list of ids: a saves file
// given, and nothing else.
func listing(err error, dbPath string, game, campaign int64, args int) bool {
	return err == nil && dbPath != "" && game <= 0 && campaign <= 0 && args == 0
}

// listJournals says, for "conductor journal --db DB" alone, which saved
// games and campaigns DB holds, each with the id --game or --campaign takes.
func listJournals(dbPath string, out, errOut io.Writer, tr *translations.Translator) int {
	store, code := openStore(dbPath, errOut, tr)
	if store == nil {
		return code
	}
	defer store.Close()
	games, err := store.Games()
	if err != nil {
		fmt.Fprintln(errOut, tr.T("cli.journal.failed", map[string]any{"Detail": err.Error()}))
		return 1
	}
	ui.ShownNames(tr, games)
	campaigns, err := store.Campaigns()
	if err != nil {
		fmt.Fprintln(errOut, tr.T("cli.journal.failed", map[string]any{"Detail": err.Error()}))
		return 1
	}
	if len(games) == 0 && len(campaigns) == 0 {
		fmt.Fprintln(out, tr.T("cli.journal.list_none", map[string]any{"Path": dbPath}))
		return 0
	}
	fmt.Fprintln(out, tr.T("cli.journal.list_games", map[string]any{"Count": len(games)}))
	for _, g := range games {
		fmt.Fprintln(out, tr.T("cli.journal.list_game", map[string]any{"ID": g.ID, "Name": g.Name, "Updated": g.Updated.Local().Format("2006-01-02 15:04")}))
	}
	if len(campaigns) > 0 {
		fmt.Fprintln(out, tr.T("cli.journal.list_campaigns", map[string]any{"Count": len(campaigns)}))
		for _, c := range campaigns {
			fmt.Fprintln(out, tr.T("cli.journal.list_campaign", map[string]any{"ID": c.ID, "Name": c.Name}))
		}
	}
	fmt.Fprintln(out, tr.T("cli.journal.usage", nil))
	return 0
}

// writeJournal writes a journal's HTML page and its Markdown file, each
// whole or not at all, and says where.
func writeJournal(htmlPath, mdPath string, html, md func(io.Writer) error, out, errOut io.Writer, tr *translations.Translator) int {
	for _, f := range []struct {
		path  string
		write func(io.Writer) error
	}{{htmlPath, html}, {mdPath, md}} {
		if err := ui.WriteWhole(f.path, f.write); err != nil {
			fmt.Fprintln(errOut, tr.T("cli.script.open", map[string]any{"Path": f.path, "Detail": err.Error()}))
			return 1
		}
		fmt.Fprintln(out, tr.T("cli.export.done", map[string]any{"Path": f.path}))
	}
	return 0
}
