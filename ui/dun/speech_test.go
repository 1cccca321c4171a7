package dunui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
	"github.com/dunconductor/conductor/ui/speech"
)

// toAltar opens the gatehouse and touches the altar: the gatehouse's text
// and a red box are revealed, as the table does it.
func toAltar(t *testing.T, u *harness) {
	t.Helper()
	for _, e := range []dun.Event{&dun.NewTurn{}, &dun.ExitOpened{Section: "gatehouse"}, &dun.Die{Faces: []dice.Symbol{dice.Power}},
		&dun.SectionRevealed{Section: "gatehouse"}, &dun.Die{Faces: []dice.Symbol{dice.Power}}, &dun.ConditionMet{ID: "altar-touched"}} {
		u.table().do(e)
		if n := u.notice(); n != "" {
			t.Fatalf("%s: %s", e.Type(), n)
		}
	}
}

// readButtons are the Read aloud buttons under o, in order.
func readButtons(o fyne.CanvasObject) []*ui.ReadButton {
	var out []*ui.ReadButton
	uitest.WalkVisible(o, func(x fyne.CanvasObject) {
		if b, ok := x.(*ui.ReadButton); ok {
			out = append(out, b)
		}
	})
	return out
}

// spokenTexts are the texts the players hear so far in lang, newest first,
// the introduction last: a section's text and a red box's, never an ADP note.
func spokenTexts(q *quest.Quest, s dun.State, lang string) []string {
	var out []string
	for i := len(s.ReadAloud) - 1; i >= 0; i-- {
		if text := spokenText(q, s.ReadAloud[i], lang); text != "" {
			out = append(out, text)
		}
	}
	return append(out, q.Introduction.In(lang))
}

// Beside each text read aloud, on the Conductor's quest tab and in the
// players' window, is a button that reads exactly that text in the game's
// language; an ADP note has none.
func TestReadAloudBesideEachText(t *testing.T) {
	t.Cleanup(func() { ui.SetSpeaker(&speech.Silent{}) })
	for _, lang := range []string{"en", "es"} {
		silent := &speech.Silent{}
		ui.SetSpeaker(silent)
		u, q := startQuestGame(t, tomb)
		u.u.SetLanguage(lang)
		toAltar(t, u)
		u.screen().tabs.SelectIndex(1)
		s := u.game().State()
		want := spokenTexts(q, s, lang)
		if len(want) < 4 {
			t.Fatalf("%s: only %d texts to read: %q", lang, len(want), want)
		}
		u.screen().openPlayers(u.tr())
		p := u.screen().players
		for _, where := range []struct {
			name  string
			texts *fyne.Container
		}{{"the quest tab", u.screen().quest.read}, {"the players' window", p.texts}} {
			var got []string
			for _, o := range where.texts.Objects[1:] { // the heading first
				if !o.Visible() {
					continue // a row kept for a longer list
				}
				bs := readButtons(o)
				if len(bs) > 1 {
					t.Fatalf("%s, %s: %d buttons beside one text", lang, where.name, len(bs))
				}
				if len(bs) == 0 {
					continue // the setup, an ADP note: not read aloud
				}
				b := bs[0]
				if shown := uitest.TextOf(o); !strings.Contains(strings.Join(strings.Fields(shown), " "), strings.Join(strings.Fields(b.Said), " ")[:20]) {
					t.Errorf("%s, %s: the button reading %q is beside %q", lang, where.name, b.Said[:20], shown)
				}
				if b.Lang != lang || b.Text != u.tr().T("ui.speech.read", nil) {
					t.Errorf("%s, %s: a button %q reads in %q", lang, where.name, b.Text, b.Lang)
				}
				got = append(got, b.Said)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s, %s: the buttons read %q, want %q", lang, where.name, got, want)
			}
		}
		// Pressing one reads its text, once, in the game's language.
		red := readButtons(u.screen().quest.read.Objects[1])[0]
		test.Tap(red)
		if got := silent.Said(); !slices.Equal(got, []speech.Said{{Lang: lang, Text: want[0]}}) {
			t.Fatalf("%s: the red box's button read %q", lang, got)
		}
		if altar := hiddenText(q, "altar-box").Text.In(lang); red.Said != altar {
			t.Fatalf("%s: the red box's button reads %q, not the red box's text %q", lang, red.Said, altar)
		}
		test.Tap(readButtons(p.texts.Objects[2])[0])
		if got := silent.Said(); len(got) != 2 || got[1] != (speech.Said{Lang: lang, Text: want[1]}) {
			t.Fatalf("%s: the players' window's button read %q", lang, got)
		}
		test.Tap(uitest.Button(t, p.win, u.tr().T("ui.speech.repeat", nil)))
		if got := silent.Said(); len(got) != 3 || got[2] != got[1] {
			t.Fatalf("%s: Repeat read %q", lang, got)
		}
		test.Tap(uitest.Button(t, u.win, u.tr().T("ui.speech.stop", nil)))
		if silent.Stops() != 1 {
			t.Fatalf("%s: Stop stopped %d times", lang, silent.Stops())
		}
		p.win.Close()
	}
}

// With "Read each new text aloud" ticked (and kept in the store), each
// text is read as it is revealed, once: not again on the next step, on a
// language switch or after Undo. Unticked, nothing is read by itself.
func TestReadEachNewTextAloud(t *testing.T) {
	t.Cleanup(func() { ui.SetSpeaker(&speech.Silent{}) })
	silent := &speech.Silent{}
	ui.SetSpeaker(silent)
	store := uitest.NewMemStore()
	u, q := startQuestGameIn(t, store, tomb)
	toAltar(t, u)
	if got := silent.Said(); len(got) != 0 {
		t.Fatalf("with the option off, %q was read", got)
	}
	u.screen().tabs.SelectIndex(1)
	var each *ui.WrapCheck
	uitest.WalkVisible(u.win.Content(), func(o fyne.CanvasObject) {
		if c, ok := o.(*ui.WrapCheck); ok && c.Text == u.tr().T("ui.speech.each", nil) {
			each = c
		}
	})
	if each == nil {
		t.Fatalf("no option on the quest tab: %q", u.texts())
	}
	test.Tap(each)
	if store.Settings["read_each_aloud"] != "1" {
		t.Fatalf("the option is not kept: %q", store.Settings)
	}
	u.u.SetLanguage("es") // the screens are built again: the option stays, nothing is read
	if len(silent.Said()) != 0 {
		t.Fatalf("a language switch read %q", silent.Said())
	}
	for _, e := range []dun.Event{&dun.ExitOpened{Section: "processional-way"}, &dun.Die{Faces: []dice.Symbol{dice.Power}}, &dun.SectionRevealed{Section: "processional-way"}} {
		u.table().do(e)
		if n := u.notice(); n != "" {
			t.Fatalf("%s: %s", e.Type(), n)
		}
	}
	u.screen().refresh()
	sec, _ := q.Section("processional-way")
	want := []speech.Said{{Lang: "es", Text: sec.Text.In("es")}}
	if got := silent.Said(); !slices.Equal(got, want) {
		t.Fatalf("revealing the processional way read %q, want %q", got, want)
	}
	test.Tap(u.button(t, u.tr().T("ui.undo", nil))) // back to before the reveal
	u.screen().refresh()
	if got := silent.Said(); len(got) != 1 {
		t.Fatalf("Undo read %q", got[1:])
	}
	// Unticked: the reveal again reads nothing.
	u.screen().quest.speech.SetEach(false)
	u.table().do(&dun.SectionRevealed{Section: "processional-way"})
	if n := u.notice(); n != "" || len(u.game().State().Revealed) != 3 {
		t.Fatalf("the reveal again: %q, revealed %v", n, u.game().State().Revealed)
	}
	if got := silent.Said(); len(got) != 1 {
		t.Fatalf("with the option off, %q was read", got[1:])
	}
}

// Without a speech service the button says what to install, in the game's
// language, and the game goes on.
func TestReadAloudWithoutSpeechService(t *testing.T) {
	t.Cleanup(func() { ui.SetSpeaker(&speech.Silent{}) })
	ui.SetSpeaker(speech.Pick(func(string) (string, error) { return "", errNotFound{} }))
	u, _ := startQuestGame(t, tomb)
	u.u.SetLanguage("es")
	u.screen().tabs.SelectIndex(1)
	test.Tap(readButtons(u.screen().quest.read)[0])
	if msg := u.tr().T("ui.speech.unavailable", nil); !u.hasText(msg[:40]) || u.win.Canvas().Overlays().Top() == nil {
		t.Fatalf("pressing Read aloud shows %q", u.texts())
	}
	toAltar(t, u)
}

type errNotFound struct{}

func (errNotFound) Error() string { return "not found" }

// What is read aloud of a text: a section's and a red box's text as they
// are, an ADP note nothing (it is the Conductor's alone).
func TestSpokenText(t *testing.T) {
	qs, _ := content.BuiltinQuests()
	for _, q := range qs {
		for _, lang := range []string{"en", "es"} {
			for _, h := range q.Texts {
				want := ""
				if h.Style == "red" {
					want = h.Text.In(lang)
				}
				if got := spokenText(q, dun.ReadText+h.ID, lang); got != want {
					t.Errorf("%s, %s, %s text %s: %q, want %q", q.ID, lang, h.Style, h.ID, got, want)
				}
			}
			for _, sec := range q.Sections {
				if got := spokenText(q, dun.ReadSection+sec.ID, lang); got != sec.Text.In(lang) {
					t.Errorf("%s, %s, section %s: %q", q.ID, lang, sec.ID, got)
				}
			}
			if got := spokenText(q, dun.ReadText+"no-such-text", lang); got != "" {
				t.Errorf("%s: an unknown text reads %q", q.ID, got)
			}
		}
	}
}
