package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// The rulings: every game's settled readings (engine.Rulings), shown from a
// "Why?" beside the prompt that cites one and in a searchable list reached
// from the top bar.

// WhyButton is a small "Why?" that opens ruling id; nil for no ruling.
func WhyButton(tr *translations.Translator, w fyne.Window, id string) fyne.CanvasObject {
	if id == "" {
		return nil
	}
	b := widget.NewButtonWithIcon(tr.T("ui.rulings.why", nil), theme.QuestionIcon(), func() { ShowRuling(tr, w, id) })
	b.Importance = widget.LowImportance
	return container.NewHBox(layout.NewSpacer(), b)
}

// why is the prompt card's "Why?" for p, or nil.
func (a *PlayArea) why(p engine.Prompt) fyne.CanvasObject { return WhyButton(a.tr, a.win, p.Ruling) }

// ShowRuling opens one ruling over w: its title, topic and text.
func ShowRuling(tr *translations.Translator, w fyne.Window, id string) {
	topic := ""
	if r, ok := engine.FindRuling(id); ok {
		topic = tr.T(engine.RulingTopic(r.Topic), nil)
	}
	head := Wrapped(topic, widget.MediumImportance)
	head.TextStyle.Italic = true
	body := container.NewVBox(head, Wrapped(tr.T(engine.RulingText(id), nil), widget.MediumImportance))
	d := dialog.NewCustom(tr.T(engine.RulingTitle(id), nil), tr.T("ui.close", nil), VScroll(body), w)
	d.Resize(dialogSize(w, 640, 420))
	d.Show()
}

// dialogSize is a dialog's size: at most want, within the window.
func dialogSize(w fyne.Window, width, height float32) fyne.Size {
	return DialogSize(w.Canvas().Size(), width, height)
}

// DialogSize is a dialog's size on a window whose canvas is c: width by
// height at most, within the window less a margin (the size asked for
// while the window has none yet). Ask for c.Height to use the window's
// whole height.
func DialogSize(c fyne.Size, width, height float32) fyne.Size {
	const margin = 32
	if c.Width <= 0 || c.Height <= 0 {
		return fyne.NewSize(width, height)
	}
	return fyne.NewSize(min(width, c.Width-margin), min(height, c.Height-margin))
}

// rulingModules are the registered modules that have rulings, sorted.
func rulingModules() []string {
	var out []string
	for _, m := range engine.Modules() {
		if len(engine.ModuleRulings(m)) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// gameTitle is a module's name in tr's language (its id without screens).
func gameTitle(tr *translations.Translator, module string) string {
	if g, ok := gameUI(module); ok {
		return tr.T(g.Title(), nil)
	}
	return module
}

// fold is s in lower case without Spanish accents, for searching.
var fold = strings.NewReplacer("á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "ü", "u", "ñ", "n", "«", "", "»", "", "\"", "")

func folded(s string) string { return fold.Replace(strings.ToLower(s)) }

// RulingMatch is a ruling found by a search, with its module.
type RulingMatch struct {
	Module string
	engine.Ruling
}

// SearchRulings lists the rulings of module ("" for every game) whose
// title, text or topic, in tr's language, holds every word of query
// (case and accents aside).
func SearchRulings(tr *translations.Translator, module, query string) []RulingMatch {
	words := strings.Fields(folded(query))
	var out []RulingMatch
	for _, m := range rulingModules() {
		if module != "" && m != module {
			continue
		}
		for _, r := range engine.ModuleRulings(m) {
			hay := folded(tr.T(engine.RulingTitle(r.ID), nil) + " " + tr.T(engine.RulingText(r.ID), nil) + " " + tr.T(engine.RulingTopic(r.Topic), nil))
			ok := true
			for _, w := range words {
				if !strings.Contains(hay, w) {
					ok = false
					break
				}
			}
			if ok {
				out = append(out, RulingMatch{Module: m, Ruling: r})
			}
		}
	}
	return out
}

// RulingsView is the searchable list of rulings: a search entry, the game
// to list (one or all), and the rulings that match, title and text.
type RulingsView struct {
	tr      *translations.Translator
	Search  *widget.Entry
	Game    *widget.Select
	module  string
	list    *fyne.Container
	none    *widget.Label     // said when no ruling matches
	rows    *Rows[*rulingRow] // the rulings shown, updated in place
	Shown   []RulingMatch
	Content fyne.CanvasObject
}

// NewRulingsView lists module's rulings ("" for every game's).
func NewRulingsView(tr *translations.Translator, module string) *RulingsView {
	v := &RulingsView{tr: tr, module: module, list: container.NewVBox()}
	v.Search = widget.NewEntry()
	v.Search.SetPlaceHolder(tr.T("ui.rulings.search", nil))
	v.Search.OnChanged = func(string) { v.refresh() }
	modules := rulingModules()
	names := []string{tr.T("ui.rulings.all", nil)}
	for _, m := range modules {
		names = append(names, gameTitle(tr, m))
	}
	v.Game = widget.NewSelect(names, func(name string) {
		v.module = ""
		for i, m := range modules {
			if names[i+1] == name {
				v.module = m
			}
		}
		v.refresh()
	})
	current := names[0]
	for i, m := range modules {
		if m == module {
			current = names[i+1]
		}
	}
	v.Game.SetSelected(current)
	top := container.NewBorder(nil, nil, nil, container.NewGridWrap(fyne.NewSize(260, v.Game.MinSize().Height), v.Game), v.Search)
	v.Content = container.NewBorder(top, nil, nil, nil, VScroll(v.list))
	v.refresh()
	return v
}

func (v *RulingsView) refresh() {
	v.Shown = SearchRulings(v.tr, v.module, v.Search.Text)
	if v.rows == nil {
		v.none = Wrapped(v.tr.T("ui.rulings.none", nil), widget.LowImportance)
		v.list.Add(v.none)
		v.rows = NewRows(v.list, newRulingRow)
	}
	if len(v.Shown) == 0 {
		v.none.Show()
	} else {
		v.none.Hide()
	}
	for i, row := range v.rows.Show(len(v.Shown)) {
		r := v.Shown[i]
		SetHeading(row.title, v.tr.T(engine.RulingTitle(r.ID), nil))
		row.line.SetText(v.tr.T("ui.rulings.line", map[string]any{"Topic": v.tr.T(engine.RulingTopic(r.Topic), nil), "Game": gameTitle(v.tr, r.Module)}))
		row.text.SetText(v.tr.T(engine.RulingText(r.ID), nil))
	}
	v.list.Refresh()
}

// rulingRow is a ruling as the list shows it, updated in place: its
// title, its topic and game, its text.
type rulingRow struct {
	title      fyne.CanvasObject
	line, text *widget.Label
}

func newRulingRow() (*rulingRow, fyne.CanvasObject) {
	r := &rulingRow{title: WrappedHeading(""), line: Wrapped("", widget.MediumImportance), text: Wrapped("", widget.MediumImportance)}
	r.line.TextStyle.Italic = true
	return r, container.NewVBox(r.title, r.line, r.text, widget.NewSeparator())
}

// ShowRulings opens the searchable rulings over w, of module ("" for all).
func ShowRulings(tr *translations.Translator, w fyne.Window, module string) *RulingsView {
	v := NewRulingsView(tr, module)
	d := dialog.NewCustom(tr.T("ui.rulings.title", nil), tr.T("ui.close", nil), v.Content, w)
	d.Resize(dialogSize(w, 900, 640))
	d.Show()
	w.Canvas().Focus(v.Search)
	return v
}

// rulingsButton opens the rulings of the open game's module, or all.
func (u *UI) rulingsButton() fyne.CanvasObject {
	return widget.NewButtonWithIcon(u.tr.T("ui.rulings.open", nil), theme.QuestionIcon(), func() {
		module := ""
		if u.sess != nil {
			module = u.sess.Game().Module()
		}
		ShowRulings(u.tr, u.win, module)
	})
}
