package main

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/data"
)

// campaignDB is tombDB's saves file with a campaign around the Tomb: the
// Tomb recorded as won, the heroes' VP and gold after it, and the
// campaign's id.
func campaignDB(t *testing.T) (string, int64) {
	t.Helper()
	db, game := tombDB(t)
	store, err := data.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	party := func(vp, gold int) []byte {
		b, err := dun.EncodeParty([]dun.CampaignHero{{Name: "Aldric", Class: "Knight", VP: vp, Gold: gold}})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	id, err := store.CreateCampaign(dun.ModuleName, "The Ash Road", party(15, 0))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SetGameCampaign(game, id); err != nil {
		t.Fatal(err)
	}
	if err := store.RecordQuest(id, data.CampaignEntry{GameID: game, Quest: "The Tomb of the Ash King", Outcome: data.OutcomeWon,
		Notes: "The ADP keeps the Lich for later", Party: party(21, 6)}); err != nil {
		t.Fatal(err)
	}
	return db, id
}

// conductor journal --campaign writes a campaign's story, HTML
// and Markdown, in the command's language: each quest with its outcome,
// its sittings and the heroes after it; the players' version unless
// --conductor (the quest's notes only in the Conductor's). An unknown
// campaign says so and writes nothing; --game with --campaign is the usage.
func TestJournalCommandCampaign(t *testing.T) {
	db, id := campaignDB(t)
	dir := t.TempDir()
	cid := strconv.FormatInt(id, 10)
	tests := []struct {
		name string
		lang string
		args []string
		code int
		says string
		has  []string // in the HTML and the Markdown
		not  string
	}{
		{"players", "en", []string{"--db", db, "--campaign", cid, filepath.Join(dir, "players.html")}, 0, "players.md",
			[]string{"The story of the campaign The Ash Road", "Quest 1: The Tomb of the Ash King", "won.", "Aldric (Knight): 21 VP, 6 gold", "Sitting 1", "Gatehouse", "The party now"}, "Lich for later"},
		{"Spanish", "es", []string{"--db", db, "--campaign", cid, filepath.Join(dir, "es.html")}, 0, "es.md",
			[]string{"La historia de la campaña The Ash Road", "Misión 1: The Tomb of the Ash King", "ganada.", "Aldric (Knight): 21 PV, 6 de oro", "Sesión 1", "Sala de la verja"}, "Lich for later"},
		{"conductor", "en", []string{"--db", db, "--campaign", cid, "--conductor", filepath.Join(dir, "conductor.html")}, 0, "conductor.md",
			[]string{"The Conductor's version", "Notes: The ADP keeps the Lich for later"}, ""},
		{"no campaign", "en", []string{"--db", db, "--campaign", "999", filepath.Join(dir, "none.html")}, 1, "There is no campaign 999", nil, ""},
		{"both", "en", []string{"--db", db, "--campaign", cid, "--game", "1", filepath.Join(dir, "both.html")}, 2, "--campaign ID", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("LANG", tc.lang)
			t.Setenv("CONDUCTOR_LANG", tc.lang)
			var out, errOut bytes.Buffer
			code := run(append([]string{"journal"}, tc.args...), strings.NewReader(""), &out, &errOut)
			if code != tc.code || !strings.Contains(out.String()+errOut.String(), tc.says) {
				t.Fatalf("exit %d, said %q %q", code, out.String(), errOut.String())
			}
			htmlPath := tc.args[len(tc.args)-1]
			mdPath := strings.TrimSuffix(htmlPath, ".html") + ".md"
			if tc.code != 0 {
				for _, p := range []string{htmlPath, mdPath} {
					if _, err := os.Stat(p); err == nil {
						t.Errorf("left %s", p)
					}
				}
				return
			}
			for _, p := range []string{htmlPath, mdPath} {
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				text := strings.ReplaceAll(html.UnescapeString(string(b)), `\`, "")
				for _, want := range tc.has {
					if !strings.Contains(text, want) {
						t.Errorf("%s: no %q", filepath.Base(p), want)
					}
				}
				if tc.not != "" && strings.Contains(text, tc.not) {
					t.Errorf("%s: holds %q", filepath.Base(p), tc.not)
				}
			}
		})
	}
}
