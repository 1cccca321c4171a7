package realinput

import (
	"bufio"
	"database/sql"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// tombSittingDB is a saves file holding the Tomb of the Ash King as played
// in its first sitting (ui/journal/testdata/tomb.jsonl, up to the second
// sitting's first record), every step stamped a week ago, a minute apart.
func tombSittingDB(t *testing.T, name string) string {
	t.Helper()
	f, err := os.Open("../journal/testdata/tomb.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	sc.Scan()
	var head struct {
		Setup    json.RawMessage `json:"setup"`
		Content  string          `json:"content"`
		Sittings []int           `json:"sittings"`
	}
	if err := json.Unmarshal(sc.Bytes(), &head); err != nil {
		t.Fatal(err)
	}
	g, err := dun.Module.Resume(head.Setup, []byte(head.Content), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	store, id, path := savesWith(t, name, g)
	for seq := 1; seq < head.Sittings[1] && sc.Scan(); seq++ {
		e, err := dun.DecodeEvent(sc.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		r, err := g.Apply(e)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.Append(id, r, g.Summary()); err != nil {
			t.Fatal(err)
		}
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	// The sitting was a week ago: its steps' times set back in the store.
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const layout = "2006-01-02T15:04:05.000000Z07:00"
	// At ten in the morning of that day: the whole sitting on the day the
	// test reads back, even when it runs in the minutes before midnight.
	y, m, d := time.Now().Add(-7 * 24 * time.Hour).Date()
	start := time.Date(y, m, d, 10, 0, 0, 0, time.Local).UTC()
	n := 0
	if err := db.QueryRow(`SELECT count(*) FROM events WHERE game_id = ?`, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	// The store keeps events append-only with a trigger: it is lifted for
	// the change and put back as it was.
	var trigger, triggerSQL string
	if err := db.QueryRow(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events' AND sql LIKE '%UPDATE%'`).Scan(&trigger, &triggerSQL); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DROP TRIGGER ` + trigger); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if _, err := db.Exec(triggerSQL); err != nil {
			t.Fatal(err)
		}
	}()
	for seq := 1; seq <= n; seq++ {
		if _, err := db.Exec(`UPDATE events SET created_at = ? WHERE game_id = ? AND seq = ?`, start.Add(time.Duration(seq)*time.Minute).Format(layout), id, seq); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`UPDATE heads SET updated_at = ? WHERE game_id = ?`, start.Add(time.Duration(n)*time.Minute).Format(layout), id); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRecapByRealInput: a Tomb stopped after its first sitting
// and continued a week later (at 1280×800 in English in `make test`, at
// 1024×768 in both languages too in the full matrix) shows
// "Last time at the table"
// over the table, with the saved-games line saying the sitting's date and
// length; its players' version names the Gatehouse and the Skeletons and
// says no ADP number; Show the players puts it on the players' window.
// The row's Save the story… is in sight and asks which version to save.
// The players' window's Stop and Repeat stay wholly in sight over it.
func TestRecapByRealInput(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{wide1280en, small1024es, small1024en}, recapByRealInput)
}

func recapByRealInput(t *testing.T, s screen) {
	lang := s.lang
	tr := translations.New(lang)
	const name = "Tuesday's Tomb"
	a := Start(t, Options{Lang: lang, Width: s.w, Height: s.h, DB: tombSittingDB(t, name)})
	week := time.Now().Add(-7 * 24 * time.Hour).Format("2006-01-02")
	a.Find("", "the last sitting in the saved-games list", func(o probe.Object) bool {
		return strings.Contains(o.Text, week) && strings.Contains(o.Text, tr.T("recap.length.minutes", map[string]any{"Minutes": 22}))
	})
	// Save the story… is in sight on the game's row and asks which version.
	a.Click(a.Find("", "Save the story…", Button(tr.T("journal.save", nil))))
	a.Find("", "the story's versions", Named("journal.conductor"))
	a.Shot("save-story-" + lang)
	a.Click(a.Find("", "Cancel", Button(tr.T("journal.save.cancel", nil))))
	a.Click(a.Find("", "Continue", Button(tr.T("ui.saves.continue", map[string]any{"Name": name}))))
	a.Find("", "the recap card", Named("recap.card"))
	a.Find("", "the recap's title", func(o probe.Object) bool { return o.Text == tr.T("recap.card.title", nil) })
	players := a.Value("recap.players")
	gatehouse := map[string]string{"en": "Gatehouse", "es": "Sala de la verja"}[lang]
	skeleton := map[string]string{"en": "Skeleton ×3", "es": "Esqueleto ×3"}[lang]
	for _, want := range []string{gatehouse, skeleton, tr.T("recap.dun.next.turn", map[string]any{"Turn": 3})} {
		if !strings.Contains(players, want) {
			a.Fail("the players' recap has no %q:\n%s", want, players)
		}
	}
	if strings.Contains(players, tr.T("recap.card.conductor", nil)) || strings.Contains(players, "reserv") {
		a.Fail("the players' recap holds the Conductor's lines:\n%s", players)
	}
	a.Find("", "the Conductor's reserve line", func(o probe.Object) bool {
		return strings.HasPrefix(o.Text, tr.T("recap.card.conductor", nil)+": ")
	})
	read := a.Find("", "Read aloud", Named("recap.read"))
	goOn := a.Find("", "Go on playing", Named("recap.go_on"))
	if !read.OnScreen || !goOn.OnScreen {
		a.Fail("the card's buttons are not in sight")
	}
	a.Shot("recap-card-" + lang)
	s.fitsScreen(a, a.Settle())
	a.Click(a.Find("", "Show the players", Named("recap.show")))
	a.Find(tr.T("ui.players.title", nil), "the recap on the players' window", Named("players.recap"))
	// Stop and Repeat stay wholly in sight above the recap and the texts,
	// without scrolling.
	for _, id := range []string{"ui.speech.stop", "ui.speech.repeat"} {
		if b := a.Find(tr.T("ui.players.title", nil), id, Button(tr.T(id, nil))); !b.OnScreen {
			a.Fail("the players' window's %q is not wholly in sight", tr.T(id, nil))
		}
	}
	a.Shot("recap-players-" + lang)
	s.fitsScreen(a, a.Settle())
}
