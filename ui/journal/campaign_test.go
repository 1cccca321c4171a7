package journal_test

import (
	"bytes"
	"errors"
	"html"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/journal"
)

// campaignSource is a store holding one campaign (id 7) as a fake: the
// Tomb played over three sittings as its first quest (won), a quest kept
// with no saved game (lost), and a second Tomb of the campaign not
// recorded yet (under way).
type campaignSource struct {
	cp    data.Campaign
	games []data.GameInfo
	plays map[int64]engine.Play
	times map[int64][]time.Time
}

func (s campaignSource) Campaign(id int64) (data.Campaign, error) {
	if id != s.cp.ID {
		return data.Campaign{}, data.ErrNoCampaign
	}
	return s.cp, nil
}
func (s campaignSource) Games() ([]data.GameInfo, error) { return s.games, nil }
func (s campaignSource) LoadGame(id int64) (engine.Play, error) {
	if p, ok := s.plays[id]; ok {
		return p, nil
	}
	return nil, data.ErrNoGame
}
func (s campaignSource) EventTimes(id int64) ([]time.Time, error) { return s.times[id], nil }

func party(t *testing.T, heroes ...dun.CampaignHero) []byte {
	t.Helper()
	b, err := dun.EncodeParty(heroes)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ashCampaign is the campaign of campaignSource and its first quest's game.
func ashCampaign(t *testing.T, pictured bool) (campaignSource, *dun.Game) {
	g, times := tomb(t, pictured)
	g2, times2 := tomb(t, false)
	week := 24 * 7 * time.Hour
	played := times[len(times)-1]
	src := campaignSource{
		cp: data.Campaign{ID: 7, Name: "The Ash Road", Module: dun.ModuleName,
			Party: party(t, dun.CampaignHero{Name: "Aldric", Class: "Knight", VP: 25, Gold: 0}, dun.CampaignHero{Name: "Brena", Class: "Elf", VP: 16, Gold: 9}),
			Entries: []data.CampaignEntry{
				{ID: 1, GameID: 1, Quest: "The Tomb of the Ash King", Outcome: data.OutcomeWon, Notes: "The ADP keeps the Lich for later",
					Party: party(t, dun.CampaignHero{Name: "Aldric", Class: "Knight", VP: 20, Gold: 5}, dun.CampaignHero{Name: "Brena", Class: "Elf", VP: 17, Gold: 2}), PlayedAt: played},
				{ID: 2, GameID: 0, Quest: "The Drowned Cellar", Outcome: data.OutcomeLost,
					Party: party(t, dun.CampaignHero{Name: "Aldric", Class: "Knight", VP: 22, Gold: 1}, dun.CampaignHero{Name: "Brena", Class: "Elf", VP: 16, Gold: 9}), PlayedAt: played.Add(week)},
			}},
		games: []data.GameInfo{{ID: 2, Name: "Ash Tomb again", CampaignID: 7}, {ID: 1, Name: "Tuesday's Tomb", CampaignID: 7}, {ID: 3, Name: "Elsewhere"}},
		plays: map[int64]engine.Play{1: g, 2: g2},
		times: map[int64][]time.Time{1: times, 2: times2},
	}
	return src, g
}

// A campaign's journal tells each quest in the order played
// with its outcome, its game's sittings recapped and its map, the heroes'
// VP and gold after it with their change since the quest before, a game
// of the campaign not recorded yet as under way, and the party now; in
// English and Spanish, HTML and Markdown alike. The players' version holds
// no hidden text of the Tomb and none of the quests' notes; the
// Conductor's holds both, marked.
func TestCampaignJournalInBothLanguages(t *testing.T) {
	src, g := ashCampaign(t, true)
	tests := []struct {
		lang      string
		conductor bool
		want      []string // in this order, in the HTML and in the Markdown
		not       []string
	}{
		{"en", false, []string{"The story of the campaign The Ash Road", "Quest 1: The Tomb of the Ash King", "won.", "The heroes after this quest",
			"Aldric (Knight): 20 VP, 5 gold", "Sitting 1:", "Gatehouse", "Sitting 3:", "The quest is over: the heroes won.",
			"Quest 2: The Drowned Cellar", "lost.", "Aldric (Knight): 22 VP (+2), 1 gold (−4)", "Brena (Elf): 16 VP (−1), 9 gold (+7)",
			"No saved game tells this quest", "Quest 3: Ash Tomb again", "Under way", "Sitting 3:", "The party now", "Aldric (Knight): 25 VP, 0 gold"},
			[]string{"Lich for later", "Quest 4", "Elsewhere", "Conductor only"}},
		{"es", false, []string{"La historia de la campaña The Ash Road", "Misión 1: The Tomb of the Ash King", "ganada.", "Los héroes tras esta misión",
			"Aldric (Knight): 20 PV, 5 de oro", "Sesión 1:", "Sala de la verja", "Misión 2: The Drowned Cellar", "perdida.",
			"Aldric (Knight): 22 PV (+2), 1 de oro (−4)", "Ninguna partida guardada", "Misión 3: Ash Tomb again", "En curso", "El grupo ahora"},
			[]string{"Lich for later", "Misión 4"}},
		{"en", true, []string{"The Conductor's version", "Quest 1: The Tomb of the Ash King", "Notes: The ADP keeps the Lich for later", "Quest 2"}, nil},
		{"es", true, []string{"La versión del Conductor", "Notas: The ADP keeps the Lich for later", "Misión 2"}, nil},
	}
	for _, tc := range tests {
		tr := translations.New(tc.lang)
		j, err := journal.BuildCampaign(tr, src, 7, tc.conductor, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		var h, md bytes.Buffer
		if err := j.WriteHTML(&h); err != nil {
			t.Fatal(err)
		}
		if err := j.WriteMarkdown(&md); err != nil {
			t.Fatal(err)
		}
		for name, text := range map[string]string{"HTML": html.UnescapeString(h.String()), "Markdown": strings.ReplaceAll(md.String(), `\`, "")} {
			rest := text
			for _, want := range tc.want {
				i := strings.Index(rest, want)
				if i < 0 {
					t.Errorf("%s %s (conductor %v): no %q after the lines before it", tc.lang, name, tc.conductor, want)
					continue
				}
				rest = rest[i+len(want):]
			}
			for _, bad := range append(tc.not, "journal.", "recap.", "{{", "<no value>") {
				if strings.Contains(text, bad) {
					t.Errorf("%s %s (conductor %v): holds %q", tc.lang, name, tc.conductor, bad)
				}
			}
			found := 0
			for _, secret := range secrets(g) {
				for _, form := range escapes(secret) {
					if strings.Contains(text, form) {
						found++
						if !tc.conductor {
							t.Errorf("%s %s: the players' campaign journal holds %.60q", tc.lang, name, secret)
						}
						break
					}
				}
			}
			if tc.conductor && found == 0 {
				t.Errorf("%s %s: the Conductor's journal holds no ADP note: the search could not fail", tc.lang, name)
			}
		}
		if n, m := strings.Count(h.String(), "<svg"), strings.Count(h.String(), ">"+tr.T("journal.map", nil)+"<"); n != 2 || m != 2 {
			t.Errorf("%s: %d maps under %d titles, want one for each game", tc.lang, n, m)
		}
	}
}

// A campaign that is not in the store is ErrNoCampaign; one with no quest
// says so; a quest's game that cannot be read is an error naming it.
func TestCampaignJournalProblems(t *testing.T) {
	src, _ := ashCampaign(t, false)
	tr := translations.New("en")
	if _, err := journal.BuildCampaign(tr, src, 8, false, time.Now()); !errors.Is(err, data.ErrNoCampaign) {
		t.Errorf("campaign 8: %v", err)
	}
	empty := src
	empty.cp.Entries, empty.games = nil, nil
	j, err := journal.BuildCampaign(tr, empty, 7, false, time.Now())
	var h bytes.Buffer
	if err != nil || j.WriteHTML(&h) != nil || !strings.Contains(h.String(), "This campaign has no quest yet.") {
		t.Errorf("empty campaign: %v\n%s", err, h.String())
	}
	broken := src
	broken.plays = map[int64]engine.Play{2: src.plays[2]}
	if _, err := journal.BuildCampaign(tr, broken, 7, false, time.Now()); !errors.Is(err, data.ErrNoGame) || !strings.Contains(err.Error(), "Tuesday's Tomb") {
		t.Errorf("a game that cannot be read: %v", err)
	}
}
