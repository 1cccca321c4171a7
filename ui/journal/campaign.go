package journal

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// Hero is a campaign hero as the journal tells the party between quests.
type Hero struct {
	Name, Class string
	VP, Gold    int
}

// PartyReader reads a module's party document (data.Campaign.Party).
type PartyReader func(party []byte) ([]Hero, error)

var parties sync.Map // module → PartyReader

// RegisterParty makes read the journal's reader of module's parties.
func RegisterParty(module string, read PartyReader) { parties.Store(module, read) }

// CampaignSource is a store the campaign's journal is read from
// (data.Store is one).
type CampaignSource interface {
	Campaign(id int64) (data.Campaign, error)
	Games() ([]data.GameInfo, error)
	LoadGame(gameID int64) (engine.Play, error)
	EventTimes(gameID int64) ([]time.Time, error)
}

// CampaignJournal is a campaign's story in one language: each quest in the
// order played with its outcome, the sittings of its game recapped, its
// map, and the heroes' VP and gold after it; the players' version unless
// Conductor (the quests' notes are the Conductor's only).
type CampaignJournal struct {
	Lang, Title, Version string
	Conductor            bool
	Quests               []QuestChapter
	PartyNowTitle        string
	PartyNow             []string // the party as it stands now
	MapTitle             string
	Made, Empty, Only    string
}

// QuestChapter is one quest of a campaign.
type QuestChapter struct {
	Heading    string
	Outcome    string // its outcome's id (data.OutcomeWon…), "" while under way
	Result     string // when it was played and how it ended, in words
	Notes      string // the Conductor's notes (Conductor's version only)
	PartyTitle string
	Party      []string // each hero after the quest: VP and gold, and their change
	NoGame     string   // said when no saved game tells the quest
	Sittings   []Chapter
	Map        template.HTML
	Pictures   map[string]string
}

// BuildCampaign tells campaign id's story from src in tr's language.
// Entries are told in the order played; a game of the campaign not yet
// recorded comes last, under way. A game that cannot be read is an error.
func BuildCampaign(tr *translations.Translator, src CampaignSource, id int64, conductor bool, made time.Time) (CampaignJournal, error) {
	cp, err := src.Campaign(id)
	if err != nil {
		return CampaignJournal{}, err
	}
	games, err := src.Games()
	if err != nil {
		return CampaignJournal{}, err
	}
	b := campaignBuild{tr: tr, src: src, conductor: conductor, made: made, names: map[int64]string{}, heroes: partyReader(cp.Module)}
	for _, g := range games {
		b.names[g.ID] = g.Name
	}
	j := newCampaignJournal(tr, cp.Name, conductor, made)
	var before []Hero
	for n, q := range b.quests(cp, games) {
		qc, err := b.chapter(n, q, &before)
		if err != nil {
			return CampaignJournal{}, err
		}
		j.Quests = append(j.Quests, qc)
	}
	for _, h := range b.heroes(cp.Party) {
		j.PartyNow = append(j.PartyNow, tr.T("journal.campaign.hero", map[string]any{"Name": h.Name, "Class": h.Class, "VP": h.VP, "Gold": h.Gold}))
	}
	return j, nil
}

// campaignBuild is what telling a campaign's quests needs.
type campaignBuild struct {
	tr        *translations.Translator
	src       CampaignSource
	conductor bool
	made      time.Time
	names     map[int64]string // the saved games' names, by id
	heroes    func(doc []byte) []Hero
}

// campaignQuest is a quest told: its campaign entry (nil while under way)
// and its saved game (0 when none tells it).
type campaignQuest struct {
	entry *data.CampaignEntry
	game  int64
}

// partyReader reads a party of the module's: no hero when the module
// registered no reader or the party does not read (as on the campaign's
// screen).
func partyReader(module string) func(doc []byte) []Hero {
	var read PartyReader
	if r, ok := parties.Load(module); ok {
		read = r.(PartyReader)
	}
	return func(doc []byte) []Hero {
		if read == nil || len(doc) == 0 {
			return nil
		}
		hs, err := read(doc)
		if err != nil {
			return nil
		}
		return hs
	}
}

// newCampaignJournal is a campaign's journal before its quests: titles and
// the version it is (the players' or the Conductor's).
func newCampaignJournal(tr *translations.Translator, name string, conductor bool, made time.Time) CampaignJournal {
	j := CampaignJournal{
		Lang: tr.Lang, Title: tr.T("journal.campaign.title", map[string]any{"Name": name}), Conductor: conductor,
		Version: tr.T("journal.players", nil), PartyNowTitle: tr.T("journal.campaign.party_now", nil), MapTitle: tr.T("journal.map", nil),
		Made:  tr.T("journal.made", map[string]any{"Date": made.Local().Format("2006-01-02 15:04")}),
		Empty: tr.T("journal.campaign.no_quests", nil), Only: tr.T("recap.card.conductor", nil),
	}
	if conductor {
		j.Version = tr.T("journal.conductor", nil)
	}
	return j
}

// quests are the campaign's entries in the order played, then its games
// not yet recorded, oldest first.
func (b campaignBuild) quests(cp data.Campaign, games []data.GameInfo) []campaignQuest {
	var quests []campaignQuest
	told := map[int64]bool{}
	for i := range cp.Entries {
		e := &cp.Entries[i]
		game := e.GameID
		if _, ok := b.names[game]; !ok {
			game = 0 // deleted since
		}
		quests = append(quests, campaignQuest{e, game})
		told[game] = true
	}
	for i := len(games) - 1; i >= 0; i-- { // oldest first
		if g := games[i]; g.CampaignID == cp.ID && !told[g.ID] {
			quests = append(quests, campaignQuest{nil, g.ID})
		}
	}
	return quests
}

// chapter tells quest number n: its outcome, notes and party after it
// (before is the party before, moved on), and its game's sittings.
func (b campaignBuild) chapter(n int, q campaignQuest, before *[]Hero) (QuestChapter, error) {
	tr := b.tr
	qc := QuestChapter{PartyTitle: tr.T("journal.campaign.party_after", nil), Pictures: map[string]string{}}
	name := b.names[q.game]
	if q.entry != nil {
		name = q.entry.Quest
		qc.Outcome = q.entry.Outcome
		qc.Result = tr.T("journal.campaign.result", map[string]any{"Date": q.entry.PlayedAt.Local().Format("2006-01-02"),
			"Outcome": tr.T("outcome."+q.entry.Outcome, nil)})
		if b.conductor && q.entry.Notes != "" {
			qc.Notes = tr.T("journal.campaign.notes", map[string]any{"Notes": q.entry.Notes})
		}
		after := b.heroes(q.entry.Party)
		qc.Party = partyLines(tr, *before, after)
		*before = after
	} else {
		qc.Result = tr.T("journal.campaign.under_way", nil)
	}
	qc.Heading = tr.T("journal.campaign.quest", map[string]any{"Number": n + 1, "Quest": name})
	if q.game == 0 {
		qc.NoGame = tr.T("journal.campaign.no_game", nil)
		return qc, nil
	}
	return qc, b.sittings(q.game, &qc)
}

// sittings tells saved game id's sittings and map into qc.
func (b campaignBuild) sittings(id int64, qc *QuestChapter) error {
	g, err := b.src.LoadGame(id)
	if err != nil {
		return fmt.Errorf("%s: %w", b.names[id], err)
	}
	times, err := b.src.EventTimes(id)
	if err != nil {
		return err
	}
	gj, err := Build(b.tr, b.names[id], g, times, b.conductor, b.made)
	if err != nil {
		return fmt.Errorf("%s: %w", b.names[id], err)
	}
	qc.Sittings, qc.Map, qc.Pictures = gj.Chapters, gj.Map, gj.Pictures
	return nil
}

// partyLines are the heroes after a quest, each with how their VP and gold
// changed since the quest before (when the hero was in it).
func partyLines(tr *translations.Translator, before, after []Hero) []string {
	was := map[string]Hero{}
	for _, h := range before {
		was[h.Name] = h
	}
	var out []string
	for _, h := range after {
		args := map[string]any{"Name": h.Name, "Class": h.Class, "VP": h.VP, "Gold": h.Gold}
		if b, ok := was[h.Name]; ok {
			args["VPChange"], args["GoldChange"] = signed(h.VP-b.VP), signed(h.Gold-b.Gold)
			out = append(out, tr.T("journal.campaign.hero_change", args))
			continue
		}
		out = append(out, tr.T("journal.campaign.hero", args))
	}
	return out
}

// signed is a change with its sign: +4, −3, ±0.
func signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "±0"
}

//go:embed campaign.html.tmpl
var campaignTemplate string

var campaignPage = template.Must(template.New("campaign").Funcs(template.FuncMap{
	"uri": func(s string) template.URL { return template.URL(s) },
}).Parse(campaignTemplate))

// WriteHTML writes j as one HTML page that needs nothing else (its styles
// inline, its pictures data: URIs, no script); it prints on A4.
func (j CampaignJournal) WriteHTML(w io.Writer) error { return campaignPage.Execute(w, j) }

// WriteMarkdown writes j as Markdown: a heading per quest and per sitting,
// the party as a list, the texts read aloud quoted.
func (j CampaignJournal) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n_%s_\n\n", mdEscape(j.Title), mdEscape(j.Version))
	if len(j.Quests) == 0 {
		fmt.Fprintf(&b, "%s\n\n", mdEscape(j.Empty))
	}
	for _, q := range j.Quests {
		fmt.Fprintf(&b, "## %s\n\n%s\n\n", mdEscape(q.Heading), mdEscape(q.Result))
		if q.Notes != "" {
			fmt.Fprintf(&b, "%s **(%s)**\n\n", mdEscape(q.Notes), mdEscape(j.Only))
		}
		if len(q.Party) > 0 {
			fmt.Fprintf(&b, "**%s**\n\n", mdEscape(q.PartyTitle))
			for _, p := range q.Party {
				fmt.Fprintf(&b, "- %s\n", mdEscape(p))
			}
			b.WriteString("\n")
		}
		if q.NoGame != "" {
			fmt.Fprintf(&b, "%s\n\n", mdEscape(q.NoGame))
		}
		for _, c := range q.Sittings {
			fmt.Fprintf(&b, "### %s\n\n", mdEscape(c.Heading))
			for _, l := range c.Lines {
				mark := ""
				if l.Conductor {
					mark = " **(" + mdEscape(j.Only) + ")**"
				}
				if l.Kind == engine.StoryHeading {
					fmt.Fprintf(&b, "#### %s%s\n\n", mdEscape(l.Text), mark)
				} else {
					fmt.Fprintf(&b, "- %s%s\n", mdEscape(l.Text), mark)
				}
				if l.Quote != "" {
					fmt.Fprintf(&b, "\n  > %s\n\n", strings.ReplaceAll(mdEscape(l.Quote), "\n", "\n  > "))
				}
				if uri := q.Pictures[l.Image]; uri != "" {
					fmt.Fprintf(&b, "\n  ![%s](%s)\n\n", mdEscape(l.Text), uri)
				}
			}
			b.WriteString("\n")
		}
	}
	if len(j.PartyNow) > 0 {
		fmt.Fprintf(&b, "## %s\n\n", mdEscape(j.PartyNowTitle))
		for _, p := range j.PartyNow {
			fmt.Fprintf(&b, "- %s\n", mdEscape(p))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "_%s_\n", mdEscape(j.Made))
	_, err := io.WriteString(w, b.String())
	return err
}
