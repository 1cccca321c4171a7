package dunui

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/dun/factionform"
)

// contentFaction is the kind of content file a faction is stored as.
const contentFaction = content.KindFaction

// factions are the factions a game can be played with: the app's samples,
// then the imported ones (an import with a sample's id replaces it). A
// stored file that no longer passes the checks is left out. imported holds
// the ids of those read from the store.
func (s *Screens) factions() (list []*faction.Faction, imported map[string]bool) {
	builtin, _ := data.BuiltinFactionFiles()
	stored, _ := s.store.ContentFiles(contentFaction)
	imported = map[string]bool{}
	index := map[string]int{}
	for i, file := range append(builtin, stored...) {
		f, ps := bestiary.ParseFaction(file.Name, file.Data)
		if ps != nil {
			continue
		}
		imported[f.ID] = i >= len(builtin)
		if j, ok := index[f.ID]; ok {
			list[j] = f
			continue
		}
		index[f.ID] = len(list)
		list = append(list, f)
	}
	return list, imported
}

// factionNames are the picker's names for factions, in tr's language: each
// faction's own name; when two share it, each says whether it came with the
// app or was imported, numbered when that still does not tell them
// apart. A player never sees an id (nor the file's name: the store keeps
// an imported faction by its id).
func factionNames(tr func(string, map[string]any) string, lang string, factions []*faction.Faction, imported map[string]bool) []string {
	// The words for where a faction came from, alone and numbered.
	words := map[bool][2]string{
		false: {"ui.newgame.faction_builtin", "ui.newgame.faction_builtin_nth"},
		true:  {"ui.newgame.faction_imported", "ui.newgame.faction_imported_nth"},
	}
	type key struct {
		name     string
		imported bool
	}
	named := map[string]int{} // factions by name
	alike := map[key]int{}    // by name and where they came from
	nth := make([]int, len(factions))
	for i, f := range factions {
		named[f.Name.In(lang)]++
		k := key{f.Name.In(lang), imported[f.ID]}
		alike[k]++
		nth[i] = alike[k]
	}
	var names []string
	for i, f := range factions {
		name := f.Name.In(lang)
		if named[name] > 1 {
			k := key{name, imported[f.ID]}
			id := words[k.imported][0]
			if alike[k] > 1 {
				id = words[k.imported][1]
			}
			name = tr(id, map[string]any{"Name": name, "Number": nth[i]})
		}
		names = append(names, name)
	}
	return names
}

// addFactions puts the faction picker and its import button in the form.
// onEdit opens the faction editor: on the faction chosen, or on a new one
// when fresh.
func (f *newGameForm) addFactions(factions []*faction.Faction, imported map[string]bool, onImport func(), onEdit func(fresh bool)) {
	t := func(id string) string { return f.tr.T(id, nil) }
	f.factions = factions
	names := append([]string{t("ui.newgame.no_faction")}, factionNames(f.tr.T, f.tr.Lang, factions, imported)...)
	f.factionPick = widget.NewSelect(names, nil)
	f.factionPick.SetSelectedIndex(0)
	caption := widget.NewLabel(t("ui.newgame.faction"))
	caption.Wrapping = fyne.TextWrapWord
	caption.TextStyle.Bold = true
	help := widget.NewLabel(t("ui.newgame.faction_help"))
	help.Wrapping = fyne.TextWrapWord
	help.Importance = widget.LowImportance
	f.factionRow.Objects = []fyne.CanvasObject{caption,
		container.NewBorder(nil, nil, nil, widget.NewButton(t("ui.newgame.import_faction"), onImport), f.factionPick),
		container.NewGridWithColumns(2, widget.NewButton(t("ui.factionform.new"), func() { onEdit(true) }),
			widget.NewButton(t("ui.faction_editor.open"), func() { onEdit(false) })), help}
	f.factionRow.Refresh()
}

// faction is the chosen faction, or nil.
func (f *newGameForm) faction() *faction.Faction {
	if f.factionPick == nil {
		return nil
	}
	if i := f.factionPick.SelectedIndex(); i > 0 {
		return f.factions[i-1]
	}
	return nil
}

// chooseFaction picks the faction with id ("" for none).
func (f *newGameForm) chooseFaction(id string) {
	if f.factionPick == nil {
		return
	}
	f.factionPick.SetSelectedIndex(0)
	for i, fa := range f.factions {
		if fa.ID == id {
			f.factionPick.SetSelectedIndex(i + 1)
		}
	}
}

// importFaction asks for a faction file, checks it and stores it; the
// dialog then offers it, chosen.
func (d *newGameDialog) importFaction() {
	ui.OpenFile(d.win, []string{".toml"}, faction.MaxSize, d.importFactionData, func(err error) {
		dialog.ShowError(errors.New(d.tr.T("quest.unreadable", map[string]any{"Detail": err.Error()})), d.win)
	})
}

// importFactionData checks a faction file with the game's rules: every
// problem is listed with its line and nothing is stored; a good file is
// stored and chosen.
func (d *newGameDialog) importFactionData(name string, content []byte) {
	d.storeFaction(name, content)
}

// storeFaction is importFactionData, saying whether the file was stored.
func (d *newGameDialog) storeFaction(name string, content []byte) bool {
	fa, ps := bestiary.ParseFaction(name, content)
	if ps != nil {
		d.importProblems = problemLines(d.tr.T, ps)
		dialog.ShowInformation(d.tr.T("ui.newgame.import_faction_failed", nil), d.importProblems, d.win)
		return false
	}
	if _, err := d.screens.store.ImportContent(contentFaction, name, content); err != nil {
		dialog.ShowError(errors.New(d.tr.T("ui.error.save", map[string]any{"Detail": err.Error()})), d.win)
		return false
	}
	d.importProblems = ""
	keep := d.form.values()
	keep.factionID = fa.ID
	d.dialog.Hide()
	d.screens.openNewGame(d.win, d.tr, d.starter, &keep, d.campaign)
	return true
}

// problemLines words a file's problems, one a line: "FILE:LINE: what to fix".
func problemLines(tr func(string, map[string]any) string, ps quest.Problems) string {
	var lines []string
	for _, p := range ps {
		lines = append(lines, fmt.Sprintf("%s:%d: %s", p.File, p.Line, tr(p.ID, p.Args)))
	}
	return strings.Join(lines, "\n")
}

// editFaction opens the faction form (ui/dun/factionform): on the faction
// chosen, or a sample, or on a new, empty one when fresh; saved, the file
// is stored as an import is, and chosen. Unsaved work of it kept from
// before is offered back first, and the form keeps its work as a draft
// until it is saved or discarded.
func (d *newGameDialog) editFaction(fresh bool) {
	var start *faction.Faction
	if !fresh {
		start = d.form.faction()
		if start == nil {
			if fs, _ := d.screens.factions(); len(fs) > 0 {
				start = fs[0]
			}
		}
	}
	key := draftNew
	if start != nil {
		key = start.ID
	}
	what := func(body []byte) string {
		f, _ := faction.Decode("draft.toml", body)
		return factionform.DraftName(d.tr.T, d.tr.Lang, f)
	}
	d.offerDraft(contentFaction, key, what, func(body []byte) {
		from := start
		if body != nil {
			from = &faction.Faction{Source: body} // as typed, problems and all
		}
		w := d.draftWriter(contentFaction, key)
		e := factionform.Open(d.win, d.tr, from, func(name string, content []byte) {
			stored := d.storeFaction(name, content)
			switch {
			case w == nil:
			case stored:
				w.Clear()
				w.Stop()
			default: // the form is closed: its work stays, offered back
				w.Flush()
				w.Stop()
			}
		})
		if w != nil {
			e.KeepDrafts(w, body != nil)
		}
		d.factionEditor = e.Dialog()
		d.factionText = e.TOML
	})
}
