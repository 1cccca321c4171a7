package realinput

import (
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// TestQuestDraftOutlivesAKill: a quest being typed into the editor is
// kept in the saves database at each pause in the typing; the app is
// killed (SIGKILL, no closing code runs) 0.6 s after the last key,
// started again, and opening the editor offers the draft back, whole:
// Restore gives back everything typed, the last words too.
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
	a.Wait("the introduction in the editor", func(d probe.Dump) bool {
		return strings.Contains(d.Values["questedit.quest"], "black pool.")
	})
	// The draft is written at each pause in the typing (0.4 s after the
	// app took the last key): the kill 0.6 s after the app shows the last
	// words loses nothing. (On a loaded machine the app may take the keys
	// later than they are typed: the wait is for the app to have them.)
	a.Type(" The heroes hear chanting.", fastKey)
	a.Wait("the last words in the editor", func(d probe.Dump) bool {
		return strings.Contains(d.Values["questedit.quest"], "hear chanting.")
	})
	time.Sleep(600 * time.Millisecond)
	a.Kill()
	// What the kill left is read by the app started again (a reader beside
	// it may miss what the killed app left in SQLite's log).

	a.Restart()
	a.Click(a.Find("", "the game picker", Button(tr.T("ui.module.dun", nil))))
	a.Click(a.Find("", "New quest…", Button(tr.T("ui.questedit.new", nil))))
	a.Click(a.Find("", "the draft's offer", Button(tr.T("ui.draft.restore", nil))))
	a.Wait("the restored draft in the editor", func(d probe.Dump) bool {
		q := d.Values["questedit.quest"]
		return strings.Contains(q, "The Sunless Vault") &&
			strings.Contains(q, `Water drips from the vaulted roof.\nSomething moves below the black pool. The heroes hear chanting.`)
	})
	for _, e := range panelEntries(a.Settle(), win)[:1] {
		if e.Text != "The Sunless Vault" {
			a.Fail("the restored title box holds %q", e.Text)
		}
	}
}
