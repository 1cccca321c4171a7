package realinput

import (
	"fmt"
	"net"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// In every form, each text box is brought in sight
// with the mouse wheel (over the form and over its boxes), takes a click,
// and keeps 300 characters typed at 5 ms a key, exactly, select-all
// first; a number box keeps a number typed and the form's model shows it.
// Tab walks the boxes in reading order and Shift+Tab back. At 1024×768,
// in English and in Spanish.

// mainWin is in the title of the app's main window, where every dialog is.
const mainWin = "Conductor"

// formCase is one form under test.
type formCase struct {
	name   string
	win    string // its window's title, or part of it
	in     Region // its part of the window's top layer
	scroll string // the name of its scroll, for the wheel
	// number is what to type in text box i (o as first seen) when it
	// takes a number; false when it takes text.
	number func(i int, o probe.Object) (string, bool)
	// model is the probe value holding what the form's fields read as
	// ("" when the form publishes none).
	model string
}

// textIs matches a control (not a text) whose text is s.
func textIs(s string) func(probe.Object) bool {
	return func(o probe.Object) bool { return o.Kind != "text" && o.Text == s }
}

// tabOf matches the name of a tab of a row of tabs (a click on it
// selects the tab).
func tabOf(s string) func(probe.Object) bool {
	return func(o probe.Object) bool { return o.Kind == "text" && o.Text == s }
}

// hasNumber says whether a model's text holds the number n as a value.
func hasNumber(model, n string) bool {
	return regexp.MustCompile(`(^|[^0-9.])` + regexp.QuoteMeta(n) + `([^0-9.]|$)`).MatchString(model)
}

// typeIntoAll brings each text box of the form in sight with the wheel,
// clicks it, selects all and types: 300 characters of text at 5 ms a key,
// or a number where the form takes one, then checks the box holds
// exactly that, and the model, when the form has one, the number. Boxes
// that appear on the way (more heroes) are typed into in their turn.
func (a *App) typeIntoAll(f formCase) (texts, numbers int) {
	a.t.Helper()
	a.Settle()
	for i := 0; i < len(entriesIn(a.last, f.win, f.in)); i++ { // as last seen: boxes that appear count in their turn
		what := fmt.Sprintf("%s: text box %d", f.name, i)
		e := a.focusOnEntry(f.win, f.in, f.scroll, i, what)
		a.Key("ctrl+a")
		want, isNumber := f.number(i, e)
		if !isNumber {
			want = typed(i, 300)
		}
		a.Type(want, fastKey)
		a.waitText(f.win, want, what)
		if !isNumber {
			texts++
			continue
		}
		numbers++
		if f.model == "" {
			continue
		}
		deadline := time.Now().Add(5 * time.Second)
		for !hasNumber(a.Value(f.model), want) {
			if time.Now().After(deadline) {
				a.Fail("%s: %s typed, the form's model lacks it:\n%s", what, want, a.Value(f.model))
			}
			time.Sleep(25 * time.Millisecond)
		}
	}
	return texts, numbers
}

// checkForm types into every box of the form and then walks it with Tab
// and Shift+Tab.
func checkForm(t *testing.T, a *App, f formCase) {
	t.Helper()
	start := time.Now()
	texts, numbers := a.typeIntoAll(f)
	if texts+numbers == 0 {
		a.Fail("%s: no text box", f.name)
	}
	typing := time.Since(start)
	tabs := a.checkTabOrder(f.win, f.in, f.scroll)
	t.Logf("%s: %d text boxes and %d number boxes typed into (%v); %d Tabs from the first to the last and back (%v)",
		f.name, texts, numbers, typing.Round(time.Millisecond), tabs, (time.Since(start) - typing).Round(time.Millisecond))
}

// noNumberBoxes: a form of text boxes only.
func noNumberBoxes(int, probe.Object) (string, bool) { return "", false }

// numberFrom: a form whose boxes showing a number (or no text and no
// placeholder, as an attribute not typed yet) take numbers, different for
// each box.
func numberFrom(i int, o probe.Object) (string, bool) {
	if _, err := strconv.Atoi(o.Text); err == nil || (o.Text == "" && o.PlaceHolder == "") {
		return strconv.Itoa(40 + i), true
	}
	return "", false
}

// typeInPopUp types want, select-all first, into the text box that has
// the keyboard in the pop-up or dialog just opened over the form (layer
// above), and checks the box holds exactly that.
func (a *App) typeInPopUp(layer int, want, what string) {
	a.t.Helper()
	a.Find(mainWin, what, func(o probe.Object) bool { return o.Layer == layer && o.Focused && isTextField(o) })
	a.Key("ctrl+a")
	a.Type(want, fastKey)
	a.waitText(mainWin, want, what)
}

// typeInStepper taps a stepper's number (the stepper captioned caption,
// showing value), types n in the box that opens, and checks that Enter
// puts n on the stepper.
func (a *App) typeInStepper(caption string, value int, n string) {
	a.t.Helper()
	// The number under the caption, as one screen shows them.
	shows := func(v string) func(probe.Dump) (probe.Object, bool) {
		return func(d probe.Dump) (probe.Object, bool) {
			w, _ := windowIn(d, mainWin)
			top := topLayer(w)
			capt := slices.IndexFunc(w.Objects, func(o probe.Object) bool { return o.Layer == top && o.Kind == "text" && o.Text == caption })
			if capt < 0 {
				return probe.Object{}, false
			}
			c := w.Objects[capt]
			k := slices.IndexFunc(w.Objects, func(o probe.Object) bool {
				return o.Layer == top && o.Kind == "text" && o.Text == v && o.Y > c.Y && o.Y < c.Y+c.H+100
			})
			if k < 0 {
				return probe.Object{}, false
			}
			return w.Objects[k], true
		}
	}
	number := a.wheelTo(mainWin, Anywhere, formScroll, "the number of the stepper "+caption, shows(strconv.Itoa(value)))
	a.Click(Target{number, a.windowLike(mainWin)})
	a.typeInPopUp(number.Layer+1, n, "the box to type the number of the stepper "+caption+" in")
	a.Key("Return")
	a.Wait("the stepper showing "+n, func(d probe.Dump) bool { _, ok := shows(n)(d); return ok })
}

// inBothLanguages runs a form's test at 1024×768 on its own app: in the
// language first in `make test` (the forms alternate), in both in the full
// matrix.
func inBothLanguages(t *testing.T, first string, test func(t *testing.T, a *App, tr *translations.Translator)) {
	t.Parallel()
	second := map[string]string{"en": "es", "es": "en"}[first]
	onScreens(t, []screen{{1024, 768, first}, {1024, 768, second}}, func(t *testing.T, s screen) {
		a := Start(t, Options{Lang: s.lang, Width: s.w, Height: s.h})
		test(t, a, translations.New(s.lang))
	})
}

// pickGame answers the game picker the app opens on: a game's New game, or
// Cancel for the saved games.
func pickGame(a *App, tr *translations.Translator, id string) {
	a.Click(a.Find(mainWin, "the game picker", textIs(tr.T(id, nil))))
}

// TestFormsDUNNewGame: the New game dialog of Dungeon Universalis (the
// heroes, their names, VP and attributes, the Leader's VP, the encounter
// cards); the number of heroes typed (3) brings a third hero's boxes.
func TestFormsDUNNewGame(t *testing.T) {
	inBothLanguages(t, "es", func(t *testing.T, a *App, tr *translations.Translator) {
		pickGame(a, tr, "ui.module.dun")
		a.Find(mainWin, "the New game dialog", isTextField)
		heroes := ""
		checkForm(t, a, formCase{name: "New game", win: mainWin, in: Anywhere, scroll: formScroll, model: "dun.newgame.setup",
			number: func(i int, o probe.Object) (string, bool) {
				if i == 0 { // the number of heroes: one more
					heroes = o.Text
					return "3", true
				}
				return numberFrom(i, o)
			}})
		if heroes != "2" {
			a.Fail("the first box held %q, not the 2 heroes", heroes)
		}
	})
}

// TestFormsFaction: the faction form (New game → New faction…, Add a
// creature): the faction's names and id, the creature's names, id, numbers
// and skill, the spawn rows' numbers. The TOML tab then shows every
// number typed.
func TestFormsFaction(t *testing.T) {
	inBothLanguages(t, "en", func(t *testing.T, a *App, tr *translations.Translator) {
		pickGame(a, tr, "ui.module.dun")
		a.Click(a.Find(mainWin, "New faction…", textIs(tr.T("ui.factionform.new", nil))))
		a.Find(mainWin, "the faction form", func(o probe.Object) bool { return o.Layer == 2 && isTextField(o) }) // over New game
		add := tr.T("ui.factionform.add_creature", nil)
		a.Click(Target{a.scrollToControl(mainWin, Anywhere, formScroll, "Add a creature", textIs(add)), a.windowLike(mainWin)})
		a.Find(mainWin, "the creature's card", func(o probe.Object) bool { return o.Kind == "text" && o.Text == tr.T("ui.creatures.vp", nil) })
		var typedNumbers []string
		checkForm(t, a, formCase{name: "Faction", win: mainWin, in: Anywhere, scroll: formScroll,
			number: func(i int, o probe.Object) (string, bool) {
				if _, err := strconv.Atoi(o.Text); err != nil { // the names and ids start empty
					return "", false
				}
				n := strconv.Itoa(40 + i)
				typedNumbers = append(typedNumbers, n)
				return n, true
			}})
		a.Click(a.Find(mainWin, "the TOML tab", tabOf(tr.T("ui.factionform.tab_toml", nil))))
		toml := a.Find(mainWin, "the TOML text", func(o probe.Object) bool { return isTextField(o) && strings.Contains(o.Text, "[[") })
		for _, n := range typedNumbers {
			if !regexp.MustCompile(`= ` + n + `\n`).MatchString(toml.Text) {
				a.Fail("the faction's file lacks the number %s typed:\n%s", n, toml.Text)
			}
		}
	})
}

// TestFormsCampaign: the campaign editor (Campaigns → New campaign): the
// campaign's name, and each hero's name, class, VP, gold, attributes and
// notes; then the number of heroes typed in its stepper's box.
func TestFormsCampaign(t *testing.T) {
	inBothLanguages(t, "es", func(t *testing.T, a *App, tr *translations.Translator) {
		pickGame(a, tr, "ui.cancel")
		a.Click(a.Find(mainWin, "Campaigns", textIs(tr.T("ui.campaigns.open", nil))))
		a.Click(a.Find(mainWin, "New campaign", textIs(tr.T("ui.campaigns.new", nil))))
		a.Find(mainWin, "the campaign editor", isTextField)
		numbers := map[string]bool{}
		for _, id := range []string{"ui.campaigns.hero_vp", "ui.campaigns.hero_gold", "attribute.perception", "attribute.intelligence",
			"attribute.agility", "attribute.dexterity", "attribute.strength", "attribute.movement"} {
			numbers[tr.T(id, nil)] = true
		}
		checkForm(t, a, formCase{name: "Campaign", win: mainWin, in: Anywhere, scroll: formScroll, model: "dun.campaign.party",
			number: func(i int, o probe.Object) (string, bool) {
				if numbers[o.PlaceHolder] {
					return strconv.Itoa(40 + i), true
				}
				return "", false
			}})
		// How many heroes, typed in the stepper's box: a third hero's row.
		a.typeInStepper(tr.T("ui.newgame.heroes", nil), 2, "3")
		a.Wait("the party of three heroes", func(d probe.Dump) bool {
			return strings.Count(d.Values["dun.campaign.party"], `"class"`) == 3
		})
	})
}

// TestFormsSharing: the sharing dialog's port; the port typed is the one
// the players' page then listens on (the address shown to join).
func TestFormsSharing(t *testing.T) {
	inBothLanguages(t, "en", func(t *testing.T, a *App, tr *translations.Translator) {
		pickGame(a, tr, "ui.cancel")
		a.Click(a.Find(mainWin, "Share", textIs(tr.T("ui.share.button", nil))))
		a.Find(mainWin, "the sharing dialog", isTextField)
		port := freePort(t)
		checkForm(t, a, formCase{name: "Sharing", win: mainWin, in: Anywhere, scroll: formScroll,
			number: func(int, probe.Object) (string, bool) { return port, true }})
		a.Click(a.Find(mainWin, "Start sharing", textIs(tr.T("ui.share.start", nil))))
		a.Find(mainWin, "the address to join on the port typed", func(o probe.Object) bool {
			return o.Kind == "text" && strings.Contains(o.Text, ":"+port)
		})
	})
}

// freePort is a port nobody listens on now.
func freePort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// TestFormsTwister: Dungeon Twister's New game: the players' names, and
// the victory points to win typed in (the stepper's box).
func TestFormsTwister(t *testing.T) {
	inBothLanguages(t, "es", func(t *testing.T, a *App, tr *translations.Translator) {
		pickGame(a, tr, "ui.module.twister")
		a.Find(mainWin, "the New game dialog", isTextField)
		checkForm(t, a, formCase{name: "Dungeon Twister", win: mainWin, in: Anywhere, scroll: formScroll, number: noNumberBoxes})
		a.typeInStepper(tr.T("ui.twister.new.goal", nil), twister.DefaultGoal, "12")
	})
}

// TestFormsDragonCanyon: Dragon Canyon's New game: the decks as text, and
// a preset's name (Save as preset…).
func TestFormsDragonCanyon(t *testing.T) {
	inBothLanguages(t, "en", func(t *testing.T, a *App, tr *translations.Translator) {
		pickGame(a, tr, "ui.module.dragon_canyon")
		a.Find(mainWin, "the New game dialog", Named(formScroll))
		dcTypeCost(a, tr)
		a.Click(Target{a.scrollToControl(mainWin, Anywhere, formScroll, "the tab of the decks as text", tabOf(tr.T("ui.dc.new.tab_text", nil))), a.windowLike(mainWin)})
		a.Find(mainWin, "the decks' text", isTextField)
		checkForm(t, a, formCase{name: "Dragon Canyon", win: mainWin, in: Anywhere, scroll: formScroll, number: noNumberBoxes})
		// The preset's name, in the dialog Save as preset… opens.
		save := a.scrollToControl(mainWin, Anywhere, formScroll, "Save as preset…", textIs(tr.T("ui.dc.new.preset_save", nil)))
		a.Click(Target{save, a.windowLike(mainWin)})
		a.typeInPopUp(save.Layer+1, typed(9, 300), "the preset's name")
		a.Key("Escape")
	})
}

// dcTypeCost types the Guard Tower's cost in the buildings table: a bad
// one says its problem on the row, in words; a good one, typed in another
// order, is in the text tab as the list writes it.
func dcTypeCost(a *App, tr *translations.Translator) {
	a.t.Helper()
	cost := a.scrollToControl(mainWin, Anywhere, formScroll, "the Guard Tower's cost", Named("dc.cost.guard_tower"))
	a.Click(Target{cost, a.windowLike(mainWin)})
	a.Key("ctrl+a")
	a.Type("gold:1", fastKey)
	a.waitText(mainWin, "gold:1", "the Guard Tower's cost")
	problem := tr.T("setup.dc.list.cost", map[string]any{"Value": "gold:1", "Max": 20})
	// A long problem wraps: its first line is enough.
	a.Find(mainWin, "the cost's problem on its row", func(o probe.Object) bool {
		return o.Kind == "text" && strings.HasPrefix(o.Text, "cost=gold:1") && strings.HasPrefix(problem, o.Text)
	})
	a.Shot("dc-cost-problem-" + tr.Lang)
	a.Key("ctrl+a")
	a.Type("stone:2,wood:1", fastKey)
	a.waitText(mainWin, "stone:2,wood:1", "the Guard Tower's cost")
	a.Click(Target{a.scrollToControl(mainWin, Anywhere, formScroll, "the tab of the decks as text", tabOf(tr.T("ui.dc.new.tab_text", nil))), a.windowLike(mainWin)})
	a.Find(mainWin, "the cost in the text", func(o probe.Object) bool {
		return isTextField(o) && strings.Contains(o.Text, `building guard_tower "Guard Tower" stack=4 vp=2 cost=wood:1,stone:2`)
	})
}
