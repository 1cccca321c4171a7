package realinput

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// Room for more languages: in the pseudo-language (every text
// accented and at least 40% longer, translations.Pseudo) every screen a
// person reaches still fits 1024×768: no window wider than the screen,
// the screen's main button in sight, no control's text cut. Each screen
// is kept as a screenshot (bin/realinput/TestPseudoLanguageScreens_…/).

const pseudoW, pseudoH = 1024, 768

// pMain is in the title of the main window in the pseudo-language
// ("Conductor" accented).
const pMain = "Çöñdüçtör"

// startPseudo starts the app in the pseudo-language on a 1024×768 screen,
// on a copy of db ("" for a new saves file).
func startPseudo(t *testing.T, db string) (*App, *translations.Translator) {
	o := Options{Lang: "en", Width: pseudoW, Height: pseudoH, DB: db, Env: []string{translations.PseudoEnv + "=1"}}
	return Start(t, o), translations.New(translations.Pseudo)
}

// misfits are what does not fit in a window as on screen: the window
// wider than the screen, a control whose text is cut, a text standing
// out of the window's sides (a dialog wider than it); only the window's
// top layer (what a person sees and can reach).
func misfits(w probe.Window, known map[string]string) []string {
	var bad []string
	if w.W > pseudoW+0.5 {
		bad = append(bad, fmt.Sprintf("the window %q is %v wide on a %d-wide screen", w.Title, w.W, pseudoW))
	}
	top := topLayer(w)
	for _, o := range w.Objects {
		if o.Layer != top || !o.OnScreen && o.Kind != "text" {
			continue
		}
		text := shortRunes(o.Text + o.Selected)
		if text == "" {
			text = "hint: " + shortRunes(o.PlaceHolder)
		}
		_, isKnown := known[o.Text+o.PlaceHolder]
		if _, named := known[o.Name]; named && o.Name != "" {
			isKnown = true // a control known by its probe name
		}
		if o.Cut && !cutByDesign[o.Kind] && !isKnown {
			bad = append(bad, fmt.Sprintf("%s %q %q: its text is cut (%v×%v, it needs %v wide)", o.Kind, o.Name, text, o.W, o.H, o.MinW))
		}
		right := o.X + o.W
		if o.Kind == "text" && o.MinW > 0 {
			right = o.X + min(o.W, o.MinW) // a text's row may be wider than it
		}
		if o.Text != "" && (o.X < -0.5 || right > w.W+0.5) {
			bad = append(bad, fmt.Sprintf("%s %q %q stands out of the window (%v to %v of %v)", o.Kind, o.Name, text, o.X, right, w.W))
		}
	}
	return bad
}

// cutByDesign are the controls whose text is cut on purpose, the whole
// of it a tap away: the quest editor's problems, one line each so that
// five and more show at once at 1024×768 (a tap says the whole problem).
var cutByDesign = map[string]bool{"questedit.tapLabel": true}

// knownMisfits are the misfits left for now, by a control's
// text or hint, in the pseudo-language: each a change too large for this
// test's fixes.
var knownMisfits = func(tr *translations.Translator) map[string]string {
	return map[string]string{} // none left: the Twister score form's hint is short now
}

// shortRunes is a text cut for a message, at a character.
func shortRunes(s string) string {
	if r := []rune(s); len(r) > 50 {
		return string(r[:50]) + "…"
	}
	return s
}

// checkScreen waits for the screen's main button (in the window titled
// like win) and checks the screen: the main button wholly in sight and
// not cut, and nothing else misfits. A failure names the screen, what
// misfits and the screenshot, and the test goes on to the next screen.
func (a *App) checkScreen(screen, win string, main func(probe.Object) bool) {
	a.checkScreenKnown(screen, win, main, nil)
}

// checkScreenKnown is checkScreen leaving the known misfits aside.
func (a *App) checkScreenKnown(screen, win string, main func(probe.Object) bool, known map[string]string) {
	a.t.Helper()
	m := a.Find(win, screen+"'s main button", main)
	d := a.Settle()
	shot := a.Shot("pseudo-" + screen)
	var bad []string
	if !m.OnScreen || m.Cut {
		bad = append(bad, fmt.Sprintf("the main button %q is not wholly in sight, or cut (%v,%v %v×%v)", m.Text, m.X, m.Y, m.W, m.H))
	}
	for _, w := range d.Windows {
		bad = append(bad, misfits(w, known)...)
	}
	if len(bad) > 0 {
		a.t.Errorf("%s (%s):\n%s", screen, shot, strings.Join(bad, "\n"))
	}
}

// closeTop closes the dialog or pop-up on top of the main window: its
// Close or Cancel button, or Escape (a pop-up list).
func (a *App) closeTop(tr *translations.Translator, what string) {
	a.t.Helper()
	w := a.windowLike(pMain)
	layer := topLayer(w)
	closers := []string{tr.T("ui.close", nil), tr.T("ui.cancel", nil)}
	i := slices.IndexFunc(w.Objects, func(o probe.Object) bool {
		return o.Layer == layer && o.Kind != "text" && slices.Contains(closers, o.Text)
	})
	if i >= 0 {
		a.Click(Target{w.Objects[i], w})
	} else {
		a.Key("Escape")
	}
	a.Wait(what+" closed", func(d probe.Dump) bool {
		w, ok := windowIn(d, pMain)
		return ok && topLayer(w) < layer
	})
}

// isCardMain matches a table's main button: a button of the window's
// content showing its key ("Play the AI's turn  [N]").
func isCardMain(o probe.Object) bool {
	return o.Layer == 0 && o.Kind != "text" && withKey.MatchString(o.Text)
}

// isSelect matches a drop-down (widget.Select or one built on it).
func isSelect(o probe.Object) bool { return strings.HasSuffix(o.Kind, "Select") }

func TestPseudoLanguageScreens(t *testing.T) {
	t.Parallel()
	t.Run("saves", pseudoSaves)
	t.Run("newgame", pseudoNewGames)
	t.Run("dun-table", pseudoDUNTable)
	t.Run("dragon-canyon", pseudoDragonCanyon)
	t.Run("twister", pseudoTwister)
}

// pseudoSaves: the saved games (a game and a campaign), the story's
// versions, the rulings, the language picker, sharing, the campaigns and
// the campaign editor, then the game continued with its recap.
func pseudoSaves(t *testing.T) {
	const name = "Tuesday's Tomb"
	a, tr := startPseudo(t, ashRoadDB(t))
	cont := Button(tr.T("ui.saves.continue", map[string]any{"Name": name}))
	a.checkScreen("saved-games", pMain, cont)
	a.Click(a.Find(pMain, "Save the story…", Button(tr.T("journal.save", nil))))
	a.checkScreen("story-versions", pMain, Named("journal.conductor"))
	a.Click(a.Find(pMain, "Cancel", Button(tr.T("journal.save.cancel", nil))))

	a.Click(a.Find(pMain, "Rulings", Button(tr.T("ui.rulings.open", nil))))
	a.checkScreen("rulings", pMain, isTextField)
	a.closeTop(tr, "the rulings")

	a.Click(a.Find(pMain, "the language picker", isSelect))
	a.checkScreen("language-picker", pMain, func(o probe.Object) bool { return o.Layer > 0 && o.Text == "Español" })
	a.closeTop(tr, "the language picker")

	a.Click(a.Find(pMain, "Share", textIs(tr.T("ui.share.button", nil))))
	a.checkScreen("sharing", pMain, textIs(tr.T("ui.share.start", nil)))
	a.closeTop(tr, "the sharing dialog")

	a.Click(a.Find(pMain, "Campaigns", textIs(tr.T("ui.campaigns.open", nil))))
	a.checkScreen("campaigns", pMain, textIs(tr.T("ui.campaigns.new", nil)))
	a.Click(a.Find(pMain, "New campaign", textIs(tr.T("ui.campaigns.new", nil))))
	a.checkScreen("campaign-editor", pMain, Button(tr.T("ui.campaigns.save", nil)))
	a.closeTop(tr, "the campaign editor")

	a.Click(a.Find(pMain, "the campaign's Open", textIs(tr.T("ui.saves.open", nil))))
	a.checkScreen("campaign", pMain, Button(tr.T("ui.campaigns.play", nil)))
	a.Click(a.Find(pMain, "Record a quest's result", Button(tr.T("ui.campaigns.record", nil))))
	a.checkScreen("campaign-record", pMain, func(o probe.Object) bool { return o.Layer > 0 && o.Text == tr.T("ui.campaigns.save", nil) })
	a.closeTop(tr, "the quest's result")
	a.Click(a.Find(pMain, "New game with this party", Button(tr.T("ui.campaigns.play", nil))))
	a.checkScreen("campaign-newgame", pMain, Button(tr.T("ui.newgame.start", nil)))
	a.closeTop(tr, "the New game dialog")

	a.Click(a.Find(pMain, "Saved games", Button(tr.T("ui.saves.button", nil))))
	a.Click(a.Find(pMain, "Rename", Button(tr.T("ui.saves.rename", nil))))
	a.checkScreen("rename", pMain, func(o probe.Object) bool {
		return o.Layer > 0 && o.Kind != "text" && o.Text == tr.T("ui.saves.rename", nil)
	})
	a.closeTop(tr, "the rename dialog")
	a.Click(a.Find(pMain, "Continue", cont))
	a.checkScreen("recap", pMain, Named("recap.read"))
}

// pseudoNewGames: the game picker, each game's New game dialog, the
// faction editor and the quest editor.
func pseudoNewGames(t *testing.T) {
	a, tr := startPseudo(t, "")
	start := Button(tr.T("ui.newgame.start", nil))
	a.checkScreen("game-picker", pMain, Button(tr.T("ui.module.dun", nil)))
	for _, g := range []struct{ id, screen string }{
		{"ui.module.dragon_canyon", "newgame-dragon-canyon"},
		{"ui.module.twister", "newgame-twister"},
		{"ui.module.dun", "newgame-dun"},
	} {
		a.Click(a.Find(pMain, "the game picker", textIs(tr.T(g.id, nil))))
		a.checkScreen(g.screen, pMain, start)
		if g.id == "ui.module.dragon_canyon" {
			save := a.scrollToControl(pMain, Anywhere, formScroll, "Save as preset…", textIs(tr.T("ui.dc.new.preset_save", nil)))
			a.Click(Target{save, a.windowLike(pMain)})
			a.checkScreen("dragon-canyon-preset", pMain, func(o probe.Object) bool { return o.Layer > save.Layer && isTextField(o) })
			a.closeTop(tr, "Save as preset")
		}
		if g.id != "ui.module.dun" {
			a.closeTop(tr, "the New game dialog")
			a.Click(a.Find(pMain, "New game", Button(tr.T("ui.newgame.open", nil))))
		}
	}
	a.Click(a.Find(pMain, "New faction…", textIs(tr.T("ui.factionform.new", nil))))
	a.Find(pMain, "the faction form", func(o probe.Object) bool { return o.Layer == 2 && isTextField(o) })
	a.checkScreen("faction-editor", pMain, func(o probe.Object) bool { return o.Layer == 2 && isTextField(o) })
	a.Click(a.Find(pMain, "the TOML tab", tabOf(tr.T("ui.factionform.tab_toml", nil))))
	a.checkScreen("faction-editor-toml", pMain, func(o probe.Object) bool { return o.Layer == 2 && isTextField(o) && strings.Contains(o.Text, "[") })
	a.closeTop(tr, "the faction form")
	a.Click(a.Find(pMain, "New quest…", Button(tr.T("ui.questedit.new", nil))))
	title := tr.T("ui.questedit.title", nil)
	a.checkScreen("quest-editor", title, Button(tr.T("ui.questedit.save", nil)))
}

// pseudoDUNTable: the Tomb started by clicks, then its first steps taken
// by the card's main button, each step's screen checked.
func pseudoDUNTable(t *testing.T) {
	a, tr := startPseudo(t, "")
	p := &tombPlayer{t: t, a: a, tr: tr, q: builtinTomb(t), stale: true, kinds: map[string]int{}, noFaction: true}
	p.newGame([]string{"Aldric", "Bren", "Cora"})
	a.checkScreen("dun-table", pMain, isCardMain)
	p.take(p.main("a new turn"), "a new turn")
	name := p.sectionName("gatehouse")
	exit := p.find("the exit into "+name, func(o probe.Object) bool {
		return o.Kind != "text" && o.Layer == 0 && strings.Contains(o.Text, ": "+name) && !withKey.MatchString(o.Text)
	})
	a.checkScreen("dun-table-exits", pMain, isCardMain)
	p.click(exit)
	why, whyChecked := Button(tr.T("ui.rulings.why", nil)), false
	initiative := false
	for step := 1; step <= 12; step++ {
		d := p.wait("the card's main button or a dialog", func(d probe.Dump) bool {
			w, ok := windowIn(d, pMain)
			_, hasMain := mainButton(d)
			return ok && (hasMain || topLayer(w) > 0)
		})
		if w, _ := windowIn(d, pMain); topLayer(w) > 0 && !initiative {
			// The Initiative: the app rolls for both.
			roll := Button(tr.T("ui.initiative.roll", nil))
			a.checkScreen("dun-initiative", pMain, roll)
			p.click(p.find("Roll for both", roll))
			initiative = true
			continue
		}
		b := p.main(fmt.Sprintf("step %d", step))
		a.checkScreen(fmt.Sprintf("dun-table-step-%d", step), pMain, isCardMain)
		b = p.towardCombat(b)
		if w, ok := windowIn(a.last, pMain); ok && !whyChecked {
			if i := slices.IndexFunc(w.Objects, func(o probe.Object) bool { return o.OnScreen && why(o) }); i >= 0 {
				a.Click(Target{w.Objects[i], w})
				a.checkScreen("dun-why", pMain, func(o probe.Object) bool { return o.Layer > 0 && o.Text == tr.T("ui.close", nil) })
				a.closeTop(tr, "the ruling")
				whyChecked = true
			}
		}
		p.take(b, fmt.Sprintf("step %d", step))
	}
	a.Click(a.Find(pMain, "Add creatures…", Button(tr.T("ui.creatures.add", nil))))
	a.checkScreen("dun-add-creatures", pMain, func(o probe.Object) bool { return o.Layer > 0 && o.Kind != "text" && o.Text != "" })
	a.closeTop(tr, "Add creatures")
	for _, tab := range []string{"ui.tab.quest", "ui.tab.table"} {
		p.tab(tab)
		a.checkScreen("dun-tab-"+strings.TrimPrefix(tab, "ui.tab."), pMain, func(o probe.Object) bool { return o.Kind == "text" && o.Text == tr.T(tab, nil) })
	}
}

// pseudoDragonCanyon: a saved Dragon Canyon game's table.
func pseudoDragonCanyon(t *testing.T) {
	a, tr := startPseudo(t, seedDC(t))
	p := &dcPlay{t: t, a: a, tr: tr}
	p.open()
	a.checkScreenKnown("dragon-canyon-table", pMain, isCardMain, map[string]string{
		// Left for now: at the pseudo language's lengths the players'
		// column (about 250 px at 1024) cannot hold the festival's line
		// picker whole beside its button; in English and Spanish it is
		// whole (ui/dragoncanyon's TestTableControlsInSight).
		"dc.line": "the festival's line picker beside its button",
	})
	p.pseudoLog()
}

// pseudoTwister: a Twister game started by clicks, its table, a room's
// reveal and the ruling its Why? opens.
func pseudoTwister(t *testing.T) {
	a, tr := startPseudo(t, "")
	p := &twisterPlayer{tombPlayer: &tombPlayer{t: t, a: a, tr: tr, stale: true, kinds: map[string]int{}}}
	p.newGame()
	open := Button(tr.T("ui.twister.reveal.open", nil))
	a.checkScreen("twister-table", pMain, open)
	p.click(p.find("Enter a room", open))
	a.checkScreen("twister-reveal", pMain, Button(tr.T("ui.twister.reveal.apply", nil)))
	a.closeTop(tr, "the room's reveal")
	why := Button(tr.T("ui.rulings.why", nil))
	a.Click(a.Find(pMain, "Why?", why))
	a.checkScreen("twister-ruling", pMain, textIs(tr.T("ui.close", nil)))
	a.closeTop(tr, "the ruling")
	for _, tab := range []string{"ui.twister.tab.combat", "ui.twister.tab.score"} {
		p.tab(tab)
		a.checkScreenKnown("twister-"+strings.TrimPrefix(tab, "ui.twister.tab."), pMain, func(o probe.Object) bool {
			return o.Kind != "text" && o.Layer == 0 && o.OnScreen && o.Text != "" && !o.Disabled && o.X > o.W/4 // a control of the tab
		}, knownMisfits(tr))
	}
	a.Click(a.Find(pMain, "the game's rulings", Button(tr.T("ui.twister.rulings", nil))))
	a.checkScreen("twister-rulings", pMain, textIs(tr.T("ui.close", nil)))
}

// pseudoDragonCanyonLog: the Dragon Canyon table's log tab.
func (p *dcPlay) pseudoLog() {
	p.a.Click(p.a.Find(pMain, "the Log tab", tabOf(p.T("ui.dc.tab.log", nil))))
	p.a.checkScreen("dragon-canyon-log", pMain, isCardMain)
}

// towardCombat picks the card's button that leads to creatures and a
// fight, so that the steps reach the spawn, the Initiative and the
// combat turn: the die's Encounter symbol (E), Activate (A), the spawn
// table's row 1 then its main button; else the main button b.
func (p *tombPlayer) towardCombat(b cardButton) cardButton {
	p.t.Helper()
	w, objs := tombTop(p.a.last)
	for _, key := range []string{"E", "A"} {
		if i := slices.IndexFunc(objs, func(o probe.Object) bool {
			m := withKey.FindStringSubmatch(o.Text)
			return o.Kind != "text" && o.OnScreen && !o.Disabled && m != nil && m[2] == key
		}); i >= 0 {
			m := withKey.FindStringSubmatch(objs[i].Text)
			return cardButton{Target{objs[i], w}, m[1], key}
		}
	}
	if i := slices.IndexFunc(objs, func(o probe.Object) bool { return o.Kind == "widget.Button" && o.Text == "1" && o.OnScreen }); i >= 0 {
		p.clickQuiet(Target{objs[i], w})
		return p.main("the spawn after its row")
	}
	return b
}
