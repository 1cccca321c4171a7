package realinput

import (
	"database/sql"
	"strings"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// TestQuestDraftOutlivesAKill: a quest being typed into the editor is
// kept in the saves database as it changes; the app is killed (SIGKILL,
// no closing code runs) in the middle of typing more, started again, and
// opening the editor offers the draft back, whole: Restore gives back
// everything typed up to the draft's delay before the kill: no editor
// work is ever lost.
func TestQuestDraftOutlivesAKill(t *testing.T) {
	t.Parallel()
	tr := translations.New("en")
	a := Start(t, Options{Lang: "en"})
	win := openQuestEditor(t, a, tr)
	// The English title, then the English introduction (the panel's
	// first and third boxes).
	a.Click(Target{a.scrollTo(win, 0), a.window(win)})
	a.Type("The Sunless Vault", fastKey)
	a.Click(Target{a.scrollTo(win, 2), a.window(win)})
	a.Type("Water drips from the vaulted roof.", fastKey)
	a.Key("Return")
	a.Type("Something moves below the black pool.", fastKey)
	// The draft is at most its delay (1.5 s) behind: after 3 s it holds all
	// of that. Then more typing, and the kill in the middle of it.
	time.Sleep(3 * time.Second)
	a.Type(" The heroes hear chanting", fastKey)
	a.Kill()
	// What the kill left in the database (its lock gone with the app).
	waitDraft(t, a, func(body string) bool {
		return strings.Contains(body, "The Sunless Vault") && strings.Contains(body, "black pool.")
	})

	a.Restart()
	a.Click(a.Find("", "the game picker", Button(tr.T("ui.module.dun", nil))))
	a.Click(a.Find("", "New quest…", Button(tr.T("ui.questedit.new", nil))))
	a.Click(a.Find("", "the draft's offer", Button(tr.T("ui.draft.restore", nil))))
	a.Wait("the restored draft in the editor", func(d probe.Dump) bool {
		q := d.Values["questedit.quest"]
		return strings.Contains(q, "The Sunless Vault") &&
			strings.Contains(q, `Water drips from the vaulted roof.\nSomething moves below the black pool.`)
	})
	for _, e := range panelEntries(a.Settle(), win)[:1] {
		if e.Text != "The Sunless Vault" {
			a.Fail("the restored title box holds %q", e.Text)
		}
	}
}

// waitDraft waits until the quest draft in the app's database satisfies
// ok. The app holds its database's lock; the test reads it beside, read
// only, as SQLite allows.
func waitDraft(t *testing.T, a *App, ok func(body string) bool) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+a.DB+"?mode=ro&_busy_timeout=2000")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(waitLimit)
	var last string
	for {
		rows, err := db.Query(`SELECT body FROM drafts WHERE kind = 'quest'`)
		if err != nil {
			last = err.Error()
		} else {
			last = ""
			for rows.Next() {
				var body []byte
				if rows.Scan(&body) == nil {
					if ok(string(body)) {
						rows.Close()
						return
					}
					last += string(body) + "\n"
				}
			}
			rows.Close()
		}
		if time.Now().After(deadline) {
			a.Fail("no quest draft in the database with what was typed: %s", last)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
