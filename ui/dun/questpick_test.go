package dunui

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// cellar is the example quest's file, with its id changed to id.
func cellar(t *testing.T, id string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../core/dun/quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.Replace(string(b), `id = "test-cellar"`, `id = "`+id+`"`, 1))
}

// Quests with the same title are told apart in New game's quest list: the
// app's own keeps its title, the Conductor's one beside it is "(my copy)",
// others show their ids; picking the second of two opens the second, for a
// game and for "Edit this quest…".
func TestSameTitlesToldApart(t *testing.T) {
	store := uitest.NewMemStore()
	qs, _ := content.BuiltinQuests()
	tomb := qs[2]
	store.Content = map[string]map[string][]byte{content.KindQuest: {
		"cellar-a": cellar(t, "cellar-a"),
		"cellar-b": cellar(t, "cellar-b"),
		"my-tomb":  []byte(strings.Replace(string(tomb.Source), `id = "`+tomb.ID+`"`, `id = "my-tomb"`, 1)),
	}}
	u := newTestUI(t, store)
	f := u.form()
	options := f.questPick.Options
	for _, want := range []string{"The Cellar (cellar-a)", "The Cellar (cellar-b)", tomb.Title["en"], tomb.Title["en"] + " (my copy)"} {
		if !slices.Contains(options, want) {
			t.Errorf("no %q among %q", want, options)
		}
	}
	seen := map[string]bool{}
	for _, o := range options {
		if seen[o] {
			t.Fatalf("%q twice among %q", o, options)
		}
		seen[o] = true
	}
	for label, id := range map[string]string{"The Cellar (cellar-b)": "cellar-b", "The Cellar (cellar-a)": "cellar-a",
		tomb.Title["en"] + " (my copy)": "my-tomb", tomb.Title["en"]: tomb.ID} {
		f.questPick.SetSelected(label) // what the list does with the label chosen
		if q := f.quest(); q == nil || q.ID != id {
			t.Fatalf("%q picked %v, want %s", label, q, id)
		}
	}
	// The second of two Cellars: "Edit this quest…" and the game get it.
	f.questPick.SetSelected("The Cellar (cellar-b)")
	if ed := u.d.newGame.openQuestEditor(f.quest()); ed.Doc().Quest().ID != "cellar-b" {
		t.Fatalf("the editor opened %s", ed.Doc().Quest().ID)
	}
	fillForm(f, "2", []string{"20", "20"}, "12")
	test.Tap(startButton(t, u))
	if u.u.Session() == nil || u.game().Setup().QuestData.ID != "cellar-b" {
		t.Fatal("the game is not the second Cellar's")
	}
}

// Labels are told apart in each language, and titles that differ only in
// letter case count as the same.
func TestQuestLabels(t *testing.T) {
	q := func(id, en, es string) *quest.Quest {
		return &quest.Quest{ID: id, Title: quest.Text{"en": en, "es": es}}
	}
	qs, _ := content.BuiltinQuests()
	own := qs[0]
	cases := []struct {
		name   string
		lang   string
		quests []*quest.Quest
		want   []string
	}{
		{"different titles", "en", []*quest.Quest{q("a", "Alpha", "Alfa"), q("b", "Beta", "Beta")}, []string{"Alpha", "Beta"}},
		{"two of one's own", "en", []*quest.Quest{q("a", "Crypt", "Cripta"), q("b", "crypt ", "Cripta")}, []string{"Crypt (a)", "crypt (b)"}},
		{"the same in Spanish only", "es", []*quest.Quest{q("a", "Crypt", "Cripta"), q("b", "Vault", "Cripta")}, []string{"Cripta (a)", "Cripta (b)"}},
		{"the app's own and a copy", "es", []*quest.Quest{own, q("mine", "x", own.Title["es"])}, []string{own.Title["es"], own.Title["es"] + " (mi copia)"}},
		{"a title that reads as another's label", "en", []*quest.Quest{own, q("mine", own.Title["en"], own.Title["es"]), q("c", own.Title["en"]+" (my copy)", "y")},
			[]string{own.Title["en"], own.Title["en"] + " (my copy)", own.Title["en"] + " (my copy) (c)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := questLabels(translations.New(c.lang), c.quests)
			if !slices.Equal(got, c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}

// A quest with the id of one of the app's own is refused with the reason,
// and the offer to import it as a new quest: a fresh id, taken by neither
// the app's quests nor the stored ones; New game then offers it, chosen,
// told apart from the app's own. The file chosen is not changed.
func TestImportBuiltinIDAsNewQuest(t *testing.T) {
	store := uitest.NewMemStore()
	qs, _ := content.BuiltinQuests()
	tomb := qs[2]
	taken := strings.Replace(string(tomb.Source), `id = "`+tomb.ID+`"`, `id = "`+tomb.ID+`-2"`, 1)
	store.Content = map[string]map[string][]byte{content.KindQuest: {tomb.ID + "-2": []byte(taken)}}
	u := newTestUI(t, store)
	src := slices.Clone(tomb.Source)
	u.d.newGame.importQuestData("tomb.toml", src)
	if len(store.Content[content.KindQuest]) != 1 || u.d.newGame.importOffer == nil {
		t.Fatalf("stored %d quests; offer %v", len(store.Content[content.KindQuest]), u.d.newGame.importOffer)
	}
	if !strings.Contains(u.d.newGame.importProblems, "belongs to a quest that comes with the app") {
		t.Fatalf("the reason: %q", u.d.newGame.importProblems)
	}
	newID := tomb.ID + "-3"
	if !uitest.HasText(u.win, `has the id “`+tomb.ID+`”`) || !uitest.HasText(u.win, `with the id “`+newID+`”`) {
		t.Fatalf("the offer: %q", uitest.VisibleTexts(u.win))
	}
	uitest.TapInDialog(t, u.win, "Import as a new quest")
	stored, ok := store.Content[content.KindQuest][newID]
	if !ok {
		t.Fatalf("not stored as %s: %v", newID, store.Content)
	}
	if string(stored) != strings.Replace(string(tomb.Source), `id = "`+tomb.ID+`"`, `id = "`+newID+`"`, 1) || !slices.Equal(src, tomb.Source) {
		t.Fatal("more than the id changed")
	}
	f := u.form()
	if q := f.quest(); q == nil || q.ID != newID || f.questPick.Selected != tomb.Title["en"]+" ("+newID+")" {
		t.Fatalf("New game offers %v as %q", q, f.questPick.Selected)
	}
}

// A file refused for anything else gets no offer.
func TestImportProblemsGetNoOffer(t *testing.T) {
	u := newTestUI(t, uitest.NewMemStore())
	u.d.newGame.importQuestData("broken.toml", []byte("id = \"x\"\n[[sections]]\nkind = \"cave\""))
	if u.d.newGame.importOffer != nil || u.d.newGame.importProblems == "" {
		t.Fatal("an offer for a broken file")
	}
}

// A new quest begun from New game with a faction chosen has the faction's
// name in its faction field.
func TestNewQuestTakesTheFaction(t *testing.T) {
	u := newTestUI(t, uitest.NewMemStore())
	f := u.form()
	var chosen *faction.Faction
	if len(f.factions) > 0 {
		chosen = f.factions[0]
	}
	if chosen == nil {
		t.Fatal("no faction to choose")
	}
	f.chooseFaction(chosen.ID)
	ed := u.d.newGame.openQuestEditor(nil)
	if got := ed.Doc().Quest().Faction; got["en"] != chosen.Name["en"] || got["es"] != chosen.Name["es"] {
		t.Fatalf("faction field %v, want %v", got, chosen.Name)
	}
	f.chooseFaction("")
	if got := u.d.newGame.openQuestEditor(nil).Doc().Quest().Faction; got != nil {
		t.Fatalf("no faction chosen, yet %v", got)
	}
}

// The quest editor lists two sections called the same as a warning, with
// its line, and saves the quest all the same.
func TestEditorWarnsOfSameNames(t *testing.T) {
	store := uitest.NewMemStore()
	u := newTestUI(t, store)
	src := strings.Replace(string(cellar(t, "crypts")), "  x = 2\n  y = 8", "  x = 4\n  y = 7", 1) // the secret door on the wall
	for _, id := range []string{"stairs", "cellar"} {
		src = strings.Replace(src, `id = "`+id+`"`+"\n", `id = "`+id+`"`+"\n"+`name = { en = "Crypt", es = "Cripta" }`+"\n", 1)
	}
	q, ps := quest.Parse("crypts.toml", []byte(src))
	if ps != nil {
		t.Fatal(ps)
	}
	ed := u.d.newGame.openQuestEditor(q)
	var win fyne.Window
	for _, w := range fyne.CurrentApp().Driver().AllWindows() {
		if w.Title() == u.tr().T("ui.questedit.title", nil) {
			win = w
		}
	}
	if win == nil {
		t.Fatal("no editor window")
	}
	// A problem's line is one line on screen: its whole text is the
	// line's own (a tap shows it whole in the status line).
	warned := false
	uitest.WalkVisible(win.Content(), func(o fyne.CanvasObject) {
		if _, tappable := o.(fyne.Tappable); !tappable {
			return
		}
		v := reflect.ValueOf(o)
		if v.Kind() == reflect.Pointer {
			v = v.Elem()
		}
		if f := v.FieldByName("Text"); v.Kind() == reflect.Struct && f.IsValid() && f.Kind() == reflect.String &&
			strings.Contains(f.String(), "both called “Crypt”") {
			warned = true
		}
	})
	if !warned {
		t.Fatalf("no warning among %q", uitest.VisibleTexts(win))
	}
	ed.Save()
	if _, ok := store.Content[content.KindQuest]["crypts"]; !ok {
		t.Fatal("a warning stopped the save")
	}
}
