package realinput

import (
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// ashRoadDB is tombSittingDB's saves file with a campaign, The Ash Road,
// whose first quest is that Tomb, recorded as won with the heroes' VP and
// gold after it.
func ashRoadDB(t *testing.T) string {
	t.Helper()
	path := tombSittingDB(t, "Tuesday's Tomb")
	store, err := data.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	games, err := store.Games()
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games: %v", len(games), err)
	}
	party := func(vp, gold int) []byte {
		b, err := dun.EncodeParty([]dun.CampaignHero{{Name: "Aldric", Class: "Knight", VP: vp, Gold: gold}, {Name: "Brena", Class: "Elf", VP: 15, Gold: 0}})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	id, err := store.CreateCampaign(dun.ModuleName, "The Ash Road", party(15, 0))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SetGameCampaign(games[0].ID, id); err != nil {
		t.Fatal(err)
	}
	if err := store.RecordQuest(id, data.CampaignEntry{GameID: games[0].ID, Quest: "The Tomb of the Ash King", Outcome: data.OutcomeWon,
		Notes: "The ADP keeps the Lich for later", Party: party(21, 6)}); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCampaignStoryByRealInput: on the campaigns screen at
// 1024×768 in Spanish (and in English and at 1280×800 in the full
// matrix), Save the story… on The Ash Road's row asks which version, and
// Save… then the file dialog's Save, all by click, write the players'
// version as The Ash Road.html with The Ash Road.md beside it: read back,
// both tell the quest, its outcome, its sitting and the heroes after it,
// and neither holds the quest's notes (the Conductor's only).
func TestCampaignStoryByRealInput(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{small1024es, small1024en, wide1280en}, campaignStoryByRealInput)
}

func campaignStoryByRealInput(t *testing.T, s screen) {
	lang := s.lang
	tr := translations.New(lang)
	a := Start(t, Options{Lang: lang, Width: s.w, Height: s.h, DB: ashRoadDB(t)})
	a.Click(a.Find(mainWin, "Campaigns", textIs(tr.T("ui.campaigns.open", nil))))
	a.Find(mainWin, "the campaign's row", func(o probe.Object) bool { return strings.HasPrefix(o.Text, "The Ash Road") })
	a.Shot("campaign-row-" + lang)
	a.Click(a.Find(mainWin, "Save the story…", Button(tr.T("journal.save", nil))))
	a.Find(mainWin, "what the story holds", func(o probe.Object) bool {
		return strings.HasPrefix(tr.T("journal.campaign.save.what", nil), o.Text) && o.Kind == "text" && o.Text != ""
	})
	box := a.Find(mainWin, "the Conductor's version box", Named("journal.conductor"))
	if !box.OnScreen || box.Text != tr.T("journal.campaign.save.conductor", nil) {
		a.Fail("the Conductor's version box %q is not in sight (%v) or not the campaign's", box.Text, box.OnScreen)
	}
	// The dialog fits the window with room to spare: a line too long for
	// it would stretch it to the window's edges and be cut there.
	a.Find(mainWin, "the dialog clear of the window's edges", func(o probe.Object) bool {
		return o.Kind == "widget.PopUp" && o.Layer > 0 && o.X >= 8 && o.X+o.W <= box.Window.W-8
	})
	a.Shot("campaign-story-" + lang)
	s.fitsScreen(a, a.Settle())
	a.Click(a.Find(mainWin, "Save…", Button(tr.T("journal.save.go", nil))))
	save := map[string]string{"en": "Save", "es": "Guardar"}[lang] // Fyne's own file dialog
	a.Find(mainWin, "the file name", func(o probe.Object) bool { return o.Text == "The Ash Road.html" })
	a.Shot("campaign-story-file-" + lang)
	a.Click(a.Find(mainWin, "the file dialog's Save", Button(save)))
	var htmlPath string
	a.Wait("The Ash Road.html and .md written", func(probe.Dump) bool {
		htmlPath = ""
		filepath.WalkDir(a.Dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Name() == "The Ash Road.html" {
				if _, err := os.Stat(strings.TrimSuffix(p, ".html") + ".md"); err == nil {
					htmlPath = p
				}
			}
			return nil
		})
		return htmlPath != ""
	})
	gatehouse := map[string]string{"en": "Gatehouse", "es": "Sala de la verja"}[lang]
	want := []string{tr.T("journal.campaign.title", map[string]any{"Name": "The Ash Road"}),
		tr.T("journal.campaign.quest", map[string]any{"Number": 1, "Quest": "The Tomb of the Ash King"}),
		tr.T("outcome.won", nil), tr.T("journal.campaign.hero", map[string]any{"Name": "Aldric", "Class": "Knight", "VP": 21, "Gold": 6}),
		gatehouse, tr.T("journal.players", nil)}
	for _, p := range []string{htmlPath, strings.TrimSuffix(htmlPath, ".html") + ".md"} {
		b, err := os.ReadFile(p)
		if err != nil {
			a.Fail("%v", err)
		}
		text := strings.ReplaceAll(html.UnescapeString(string(b)), `\`, "")
		for _, w := range want {
			if !strings.Contains(text, w) {
				a.Fail("%s has no %q", filepath.Base(p), w)
			}
		}
		if strings.Contains(text, "Lich for later") {
			a.Fail("%s, the players' version, holds the quest's notes", filepath.Base(p))
		}
	}
}
