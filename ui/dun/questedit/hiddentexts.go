package questedit

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/ui"
)

// reveals are what can reveal a text, with their names: sections,
// elements, secret doors, conditions.
func (ed *Editor) reveals() ([]edit.Reveal, []string) {
	var out []edit.Reveal
	var names []string
	lang := ed.tr.Lang
	for _, s := range ed.q.Sections {
		out = append(out, edit.Reveal{Section: s.ID})
		names = append(names, ed.tr.T("ui.questedit.by_section", map[string]any{"Name": ed.q.SectionName(s.ID).In(lang)}))
	}
	for _, s := range ed.q.Sections {
		for _, el := range s.Elements {
			out = append(out, edit.Reveal{Element: el.ID})
			names = append(names, ed.tr.T("ui.questedit.by_element", map[string]any{"Name": el.Name.In(lang), "KindKey": elementKindIDs[el.Kind]}))
		}
		for _, e := range s.Exits {
			if e.ID != "" {
				out = append(out, edit.Reveal{Element: e.ID})
				names = append(names, ed.tr.T("ui.questedit.by_secret", map[string]any{"Name": ed.q.SectionName(s.ID).In(lang)}))
			}
		}
	}
	for i, c := range ed.q.Conditions {
		out = append(out, edit.Reveal{Condition: c.ID})
		names = append(names, ed.tr.T("ui.questedit.by_condition", map[string]any{"Name": ed.conditionName(i)}))
	}
	return out, names
}

// conditionName names the i-th condition by its label in the reader's
// language, else in another, else by its place ("Condition 2"): a
// condition just added, its label not typed yet, is never a blank.
func (ed *Editor) conditionName(i int) string {
	label := ed.q.Conditions[i].Label
	for _, lang := range append([]string{ed.tr.Lang}, ed.textLangs()...) {
		if s := strings.TrimSpace(label[lang]); s != "" {
			return s
		}
	}
	return ed.tr.T("ui.questedit.condition", map[string]any{"N": i + 1})
}

func revealOf(t quest.HiddenText) edit.Reveal {
	return edit.Reveal{Section: t.Section, Element: t.Element, Condition: t.Condition}
}

var styleIDs = map[string]string{"red": "ui.questedit.style.red", "adp": "ui.questedit.style.adp"}

// textBlock edits the i-th hidden text: red box or ADP note, what reveals
// it (picked from the quest's names), its words, what it does.
func (ed *Editor) textBlock(i int) fyne.CanvasObject {
	h := ed.q.Texts[i]
	id := func() string { return ed.doc.Quest().Texts[i].ID }
	get := func() quest.HiddenText { return ed.doc.Quest().Texts[i] }
	box := container.NewVBox(widget.NewSeparator())
	var styleNames []string
	for _, s := range quest.TextStyles {
		styleNames = append(styleNames, kindName(ed.tr, styleIDs, s))
	}
	style := widget.NewSelect(styleNames, nil)
	style.SetSelectedIndex(slices.Index(quest.TextStyles, h.Style))
	refs, names := ed.reveals()
	by := widget.NewSelect(names, nil)
	by.PlaceHolder = ed.t("ui.questedit.pick_reveal")
	by.SetSelectedIndex(slices.Index(refs, revealOf(h)))
	by.OnChanged = func(string) {
		if j := by.SelectedIndex(); j >= 0 {
			ed.edit(ed.doc.SetText(id(), refs[j], get().Text))
		}
	}
	style.OnChanged = func(string) {
		if j := style.SelectedIndex(); j >= 0 {
			ed.do(ed.doc.SetTextStyle(id(), quest.TextStyles[j]), true) // read aloud or not: its length shown or not
		}
	}
	// Each caption above its list, as everywhere in the panel: a caption
	// beside a list wraps in a narrow column, over the list.
	box.Add(caption(ed.t("ui.questedit.text_style")))
	box.Add(style)
	box.Add(caption(ed.t("ui.questedit.revealed_by")))
	box.Add(by)
	first := len(ed.fields)
	ed.at(edit.Ref{Kind: "text", Index: i, ID: h.ID}, "text")
	box.Add(ed.readAloudField(ed.tr.T("ui.questedit.text_n", map[string]any{"N": i + 1}), h.Text, func() bool { return get().Style == "red" }, func(t quest.Text) error {
		return ed.doc.SetText(id(), revealOf(get()), t)
	}))
	if h.ID == ed.focusText && first < len(ed.fields) {
		ed.textFocus = ed.fields[first]
	}
	ed.at(edit.Ref{Kind: "text", Index: i, ID: h.ID}, "effect")
	box.Add(ed.effectBlock(i))
	ed.at(edit.Ref{Kind: "text", Index: i, ID: h.ID}, "id")
	box.Add(ed.idField(h.ID, func(s string) error { return ed.doc.SetID(edit.Ref{Kind: "text", ID: id(), Index: i}, s) }))
	remove := widget.NewButton(ed.t("ui.questedit.remove_text"), func() { ed.do(ed.doc.RemoveText(id()), true) })
	remove.Importance = widget.DangerImportance
	box.Add(remove)
	return box
}

// addTextButton adds a red box or an ADP note revealed by what r gives
// when tapped (the object's id as it is then: a name typed since the panel
// was built may have changed it); with no r (the quest's panel), two lists
// offer what can reveal it, and picking one adds the text.
func (ed *Editor) addTextButton(r func() edit.Reveal) fyne.CanvasObject {
	add := func(style string, by edit.Reveal) {
		id, err := ed.doc.AddText(style, by, quest.Text{})
		if err == nil {
			ed.focusText = id // its words get the keys
		}
		ed.do(err, true)
	}
	if r != nil {
		return container.NewGridWithColumns(2,
			ui.NewWrapButton(ed.t("ui.questedit.add_text"), func() { add("red", r()) }),
			ui.NewWrapButton(ed.t("ui.questedit.add_note"), func() { add("adp", r()) }))
	}
	refs, names := ed.reveals()
	pick := func(style, placeholder string) *widget.Select {
		s := widget.NewSelect(names, nil)
		s.PlaceHolder = placeholder
		s.OnChanged = func(string) {
			if j := s.SelectedIndex(); j >= 0 {
				add(style, refs[j])
			}
		}
		if len(refs) == 0 {
			s.Disable()
		}
		return s
	}
	return container.NewVBox(pick("red", ed.t("ui.questedit.add_text_by")), pick("adp", ed.t("ui.questedit.add_note_by")))
}

// effectBlock edits what showing the i-th text does to the game, folded
// away until opened: reserve points, the Leader regenerating, the
// creatures crumbling, a locked door unlocked, a reminder every turn, and
// the condition that ends a lasting effect.
func (ed *Editor) effectBlock(i int) fyne.CanvasObject {
	e := ed.q.Texts[i].Effect
	id := func() string { return ed.doc.Quest().Texts[i].ID }
	get := func() quest.Effect { return ed.doc.Quest().Texts[i].Effect }
	set := func(change func(*quest.Effect)) {
		eff := get()
		change(&eff)
		ed.edit(ed.doc.SetEffect(id(), eff))
	}
	points := func(caption string, v int, put func(*quest.Effect, int)) fyne.CanvasObject {
		entry := ed.newEntry(false)
		if v != 0 {
			entry.SetText(strconv.Itoa(v))
		}
		entry.SetPlaceHolder("0")
		bad := ui.Wrapped("", widget.DangerImportance)
		bad.Hide()
		entry.OnChanged = func(s string) {
			n := 0
			if s = strings.TrimSpace(s); s != "" {
				var err error
				if n, err = strconv.Atoi(s); err != nil {
					bad.SetText(ed.tr.T("ui.questedit.not_number", map[string]any{"Text": s}))
					bad.Show()
					return
				}
			}
			bad.Hide()
			set(func(eff *quest.Effect) { put(eff, n) })
		}
		return container.NewVBox(container.NewGridWithColumns(2, ui.Wrapped(caption, widget.MediumImportance), entry), bad)
	}
	box := container.NewVBox(
		container.NewVBox(
			points(ed.t("ui.questedit.effect.reserve"), e.Reserve, func(eff *quest.Effect, n int) { eff.Reserve = n }),
			points(ed.t("ui.questedit.effect.reserve_each_turn"), e.ReserveEachTurn, func(eff *quest.Effect, n int) { eff.ReserveEachTurn = n }),
			points(ed.t("ui.questedit.effect.regenerates"), e.LeaderRegenerates, func(eff *quest.Effect, n int) { eff.LeaderRegenerates = n })))
	crumble := ui.NewWrapCheck(ed.t("ui.questedit.effect.crumble"), func(on bool) { set(func(eff *quest.Effect) { eff.Crumble = on }) })
	crumble.Checked = e.Crumble
	every := ui.NewWrapCheck(ed.t("ui.questedit.effect.every_turn"), func(on bool) { set(func(eff *quest.Effect) { eff.EveryTurn = on }) })
	every.Checked = e.EveryTurn
	box.Add(crumble)
	box.Add(every)
	// The section whose locked door it opens, and the condition that ends it.
	secKeys, secNames := []string{""}, []string{ed.t("ui.questedit.effect.none")}
	for _, s := range ed.q.Sections {
		secKeys = append(secKeys, s.ID)
		secNames = append(secNames, ed.q.SectionName(s.ID).In(ed.tr.Lang))
	}
	unlock := widget.NewSelect(secNames, nil)
	unlock.SetSelectedIndex(max(slices.Index(secKeys, e.Unlock), 0))
	unlock.OnChanged = func(string) {
		if j := unlock.SelectedIndex(); j >= 0 {
			set(func(eff *quest.Effect) { eff.Unlock = secKeys[j] })
		}
	}
	condKeys, condNames := []string{""}, []string{ed.t("ui.questedit.effect.none")}
	for i, c := range ed.q.Conditions {
		condKeys = append(condKeys, c.ID)
		condNames = append(condNames, ed.conditionName(i))
	}
	until := widget.NewSelect(condNames, nil)
	until.SetSelectedIndex(max(slices.Index(condKeys, e.Until), 0))
	until.OnChanged = func(string) {
		if j := until.SelectedIndex(); j >= 0 {
			set(func(eff *quest.Effect) { eff.Until = condKeys[j] })
		}
	}
	box.Add(caption(ed.t("ui.questedit.effect.unlock")))
	box.Add(unlock)
	box.Add(caption(ed.t("ui.questedit.effect.until")))
	box.Add(until)
	item := widget.NewAccordionItem(ed.t("ui.questedit.effect"), box)
	item.Open = e != (quest.Effect{})
	return widget.NewAccordion(item)
}
