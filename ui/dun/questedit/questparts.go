package questedit

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/dun/quest/edit"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/probe"
)

// questPart: the quest's own texts, its decks and its id.
func (ed *Editor) questPart() {
	q := ed.q
	ed.panel.Add(ed.infoField("title", ed.t("ui.questedit.title_field"), q.Title, false))
	ed.panel.Add(ed.infoField("introduction", ed.t("ui.questedit.introduction"), q.Introduction, true))
	ed.panel.Add(ed.infoField("setup", ed.t("ui.questedit.setup"), q.Setup, true))
	ed.panel.Add(ed.infoField("faction", ed.t("ui.questedit.faction"), q.Faction, false))
	ed.at(edit.Ref{Kind: "quest"}, "id")
	ed.panel.Add(ed.idField(q.ID, func(id string) error { return ed.doc.SetQuestID(id) }))

	ed.panel.Add(widget.NewSeparator())
	ed.panel.Add(ui.WrappedHeading(ed.t("ui.questedit.decks")))
	for _, deck := range []string{"obstacle", "encounter", "power"} {
		ed.at(edit.Ref{Kind: "deck", ID: deck}, "random")
		ed.panel.Add(ed.deckRow(deck, q.Decks[deck]))
	}
}

// infoField is one of the quest's texts given with SetQuestInfo (key: its
// key in the quest file).
func (ed *Editor) infoField(key, title string, t quest.Text, multi bool) fyne.CanvasObject {
	ed.at(edit.Ref{Kind: "quest"}, key)
	return ed.textField(title, t, multi, func(t quest.Text) error {
		c := ed.doc.Quest()
		title, intro, setup, faction := c.Title, c.Introduction, c.Setup, c.Faction
		switch key {
		case "title":
			title = t
		case "introduction":
			intro = t
		case "setup":
			setup = t
		default:
			faction = t
		}
		return ed.doc.SetQuestInfo(title, intro, setup, faction)
	})
}

// creaturesPart: the Leader and the spawn table.
func (ed *Editor) creaturesPart() {
	q := ed.q
	// The Leader on one line, in the spawn table's columns: its name in
	// each language, its VP where a row's cost is.
	cur := func() *quest.Quest { return ed.doc.Quest() }
	ed.panel.Add(caption(ed.tr.T("ui.questedit.leader_row", map[string]any{"Max": quest.MaxLeaderVP})))
	ed.at(edit.Ref{Kind: "leader"}, "name")
	names, flag := ed.textRow(q.Leader.Name, func(t quest.Text) error {
		return ed.doc.SetLeader(t, cur().Leader.VP)
	})
	ed.at(edit.Ref{Kind: "leader"}, "vp")
	vp := ed.number(q.Leader.VP, func(vp int) error { return ed.doc.SetLeader(cur().Leader.Name, vp) })
	ed.panel.Add(compact(spawnLine(widget.NewLabel(""), names, vp)))
	ed.panel.Add(flag)
	ed.panel.Add(caption(ed.t("ui.questedit.spawn")))
	table := container.NewVBox(ed.spawnHeading())
	for roll := 1; roll <= 6; roll++ {
		table.Add(ed.spawnRow(roll))
	}
	ed.panel.Add(compact(table))
	// Under the table, on one line: at 1024×768 the table's six rows fill
	// the panel, and they are what an author types into.
	ed.panel.Add(ed.spawnsFrom())
	ed.panel.Add(widget.NewLabel("")) // room under the last list, which opens downwards
}

// spawnsFrom says whose spawn table wins in a game with a faction: the
// faction's (the quest's rows then serve a game without one) or the
// quest's rows (the faction's fill a roll the quest has no row for).
func (ed *Editor) spawnsFrom() fyne.CanvasObject {
	froms := []string{quest.SpawnsFaction, quest.SpawnsQuest}
	var labels []string
	for _, f := range froms {
		labels = append(labels, ed.t("ui.questedit.spawns_from."+f))
	}
	pick := probe.Name(widget.NewRadioGroup(labels, nil), "questedit.spawns_from")
	pick.Required = true
	pick.Horizontal = true // one line, so the table's last row stays in sight at 1024×768
	pick.SetSelected(labels[0])
	if ed.q.SpawnsFrom == quest.SpawnsQuest {
		pick.SetSelected(labels[1])
	}
	pick.OnChanged = func(string) {
		if i := slices.Index(labels, pick.Selected); i >= 0 {
			ed.edit(ed.doc.SetSpawnsFrom(froms[i]))
		}
	}
	return container.NewBorder(nil, nil, widget.NewLabel(ed.t("ui.questedit.spawns_from")), nil, pick)
}

// conditionsPart: the conditions, and a button that adds one.
func (ed *Editor) conditionsPart() {
	for i := range ed.q.Conditions {
		ed.panel.Add(ed.conditionBlock(i))
	}
	ed.panel.Add(widget.NewButton(ed.t("ui.questedit.add_condition"), func() {
		_, err := ed.doc.AddCondition(quest.Text{}, "", false)
		ed.do(err, true)
	}))
}

// textsPart: the red boxes and ADP notes, and the lists that add one.
func (ed *Editor) textsPart() {
	ed.panel.Add(ui.Wrapped(ed.t("ui.questedit.texts_help"), widget.LowImportance))
	for i := range ed.q.Texts {
		ed.panel.Add(ed.textBlock(i))
	}
	ed.panel.Add(ed.addTextButton(nil))
	ed.panel.Add(widget.NewLabel("")) // room under the last list, which opens downwards
}

var deckIDs = map[string]string{"obstacle": "ui.questedit.deck.obstacle", "encounter": "ui.questedit.deck.encounter", "power": "ui.questedit.deck.power"}

// deckRow is a deck's change: taken out, or a number of random cards.
func (ed *Editor) deckRow(deck string, r quest.DeckRule) fyne.CanvasObject {
	random := probe.Name(ed.newEntry(false), "questedit.number")
	random.SetPlaceHolder(ed.t("ui.questedit.deck_all"))
	if r.Random != nil {
		random.SetText(strconv.Itoa(*r.Random))
	}
	absent := ui.NewWrapCheck(ed.t("ui.questedit.deck_absent"), nil)
	absent.SetChecked(r.Absent)
	bad := ui.Wrapped("", widget.DangerImportance)
	bad.Hide()
	apply := func() {
		rule := quest.DeckRule{Absent: absent.Checked}
		if s := strings.TrimSpace(random.Text); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil {
				bad.SetText(ed.tr.T("ui.questedit.not_number", map[string]any{"Text": s}))
				bad.Show()
				return
			}
			rule.Random = &n
		}
		bad.Hide()
		ed.edit(ed.doc.SetDeck(deck, rule))
	}
	absent.OnChanged = func(bool) { apply() }
	random.OnChanged = func(string) { apply() }
	return container.NewVBox(caption(ed.t(deckIDs[deck])), absent,
		container.NewBorder(nil, nil, widget.NewLabel(ed.t("ui.questedit.deck_random")), nil, random), bad)
}

// spawnRow is a row of the spawn table: the creatures and their cost; the
// chosen faction's profiles can be added to the creatures from a list.
func (ed *Editor) spawnRow(roll int) fyne.CanvasObject {
	var row quest.SpawnRow
	for _, r := range ed.q.SpawnTable {
		if r.Roll == roll {
			row = r
		}
	}
	get := func() quest.SpawnRow {
		for _, r := range ed.doc.Quest().SpawnTable {
			if r.Roll == roll {
				return r
			}
		}
		return quest.SpawnRow{Roll: roll}
	}
	// One line a row (the roll, its creatures in each language, its
	// cost): the whole table in sight at once, under its heading.
	ed.at(edit.Ref{Kind: "spawn", Index: roll}, "creatures")
	creatures, flag := ed.textRow(row.Creatures, func(t quest.Text) error {
		return ed.doc.SetSpawnRow(roll, t, get().Cost)
	})
	ed.at(edit.Ref{Kind: "spawn", Index: roll}, "cost")
	cost := ed.number(row.Cost, func(n int) error { return ed.doc.SetSpawnRow(roll, get().Creatures, n) })
	line := spawnLine(widget.NewLabel(strconv.Itoa(roll)), creatures, cost)
	out := container.NewVBox(line, flag)
	if len(ed.opts.Profiles) > 0 {
		var names []string
		for _, p := range ed.opts.Profiles {
			names = append(names, p.Name.In(ed.tr.Lang))
		}
		pick := widget.NewSelect(names, nil)
		pick.PlaceHolder = ed.t("ui.questedit.add_creature")
		pick.OnChanged = func(string) {
			i := pick.SelectedIndex()
			if i < 0 {
				return
			}
			p := ed.opts.Profiles[i]
			t := get().Creatures
			nt := quest.Text{}
			for _, lang := range ed.textLangs() {
				nt[lang] = joinCreature(t[lang], p.Name.In(lang))
			}
			ed.do(ed.doc.SetSpawnRow(roll, nt, get().Cost), true)
		}
		out.Add(pick)
	}
	return out
}

// spawnHeading names the spawn table's columns, over its rows.
func (ed *Editor) spawnHeading() fyne.CanvasObject {
	label := func(id string) fyne.CanvasObject {
		l := widget.NewLabel(ed.t(id))
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}
	var langs []fyne.CanvasObject
	for _, lang := range ed.textLangs() {
		l := widget.NewLabel(langName(lang))
		l.Truncation = fyne.TextTruncateEllipsis
		langs = append(langs, l)
	}
	return spawnLine(label("ui.questedit.spawn_roll"), langs, label("ui.questedit.spawn_cost"))
}

// spawnLine is a line of the spawn table: the roll, a column per language,
// the cost.
func spawnLine(roll fyne.CanvasObject, texts []fyne.CanvasObject, cost fyne.CanvasObject) *fyne.Container {
	objects := append(append([]fyne.CanvasObject{roll}, texts...), cost)
	return container.New(spawnColumns{}, objects...)
}

// compact draws o's boxes and lines closer together: the Leader and the
// whole spawn table in sight at once on a small laptop's screen. The
// app's override, not Fyne's: it makes one theme scope where it is made,
// none at a refresh of the panel (each scope parses the fonts again and
// keeps them, see ui.ThemeOverride). A rebuild of this tab still makes
// two.
func compact(o fyne.CanvasObject) fyne.CanvasObject {
	return ui.NewThemeOverride(o, compactTheme{inner: 4})
}

// spawnColumns lays out a spawn row: the roll and the cost narrow (the
// first object and the last), the creatures in each language (those
// between) sharing the rest.
type spawnColumns struct{}

const rollWidth, costWidth = 48, 72

func (spawnColumns) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	n := float32(len(objects) - 2)
	text := max((size.Width-rollWidth-costWidth-(n+1)*pad)/n, 0)
	x := float32(0)
	for i, o := range objects {
		w := text
		switch i {
		case 0:
			w = rollWidth
		case len(objects) - 1:
			w = costWidth
		}
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + pad
	}
}

func (spawnColumns) MinSize(objects []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objects {
		h = max(h, o.MinSize().Height)
	}
	n := float32(len(objects) - 2)
	return fyne.NewSize(rollWidth+costWidth+(n+1)*theme.Padding()+n*objects[1].MinSize().Width, h)
}

// joinCreature adds "1 name" to a row's creatures.
func joinCreature(have, name string) string {
	if strings.TrimSpace(have) == "" {
		return "1 " + name
	}
	return have + ", 1 " + name
}

// conditionBlock edits the i-th condition: its label, what ticks it, the
// mission, and the texts it reveals.
func (ed *Editor) conditionBlock(i int) fyne.CanvasObject {
	c := ed.q.Conditions[i]
	id := func() string { return ed.doc.Quest().Conditions[i].ID }
	get := func() quest.Condition { return ed.doc.Quest().Conditions[i] }
	box := container.NewVBox(widget.NewSeparator())
	ed.at(edit.Ref{Kind: "condition", Index: i, ID: c.ID}, "label")
	box.Add(ed.textField(ed.tr.T("ui.questedit.condition", map[string]any{"N": i + 1}), c.Label, false, func(t quest.Text) error {
		g := get()
		return ed.doc.SetCondition(id(), t, g.Slain, g.Mission)
	}))
	// What ticks it: nothing (the Conductor), the Leader's death, or a
	// profile's.
	keys := []string{"", quest.SlainLeader}
	names := []string{ed.t("ui.questedit.slain_none"), ed.t("ui.questedit.slain_leader")}
	for _, p := range ed.opts.Profiles {
		keys = append(keys, p.ID)
		names = append(names, ed.tr.T("ui.questedit.slain_profile", map[string]any{"NameText": map[string]string(p.Name)}))
	}
	if !slices.Contains(keys, c.Slain) {
		keys = append(keys, c.Slain)
		names = append(names, ed.tr.T("ui.questedit.slain_profile", map[string]any{"NameText": map[string]string{"en": c.Slain}}))
	}
	slain := widget.NewSelect(names, nil)
	slain.SetSelectedIndex(slices.Index(keys, c.Slain))
	slain.OnChanged = func(string) {
		g := get()
		ed.edit(ed.doc.SetCondition(id(), g.Label, keys[slain.SelectedIndex()], g.Mission))
	}
	box.Add(caption(ed.t("ui.questedit.slain")))
	box.Add(slain)
	mission := ui.NewWrapCheck(ed.t("ui.questedit.mission"), nil)
	mission.SetChecked(c.Mission)
	mission.OnChanged = func(on bool) {
		g := get()
		ed.edit(ed.doc.SetCondition(id(), g.Label, g.Slain, on))
	}
	box.Add(mission)
	ed.at(edit.Ref{Kind: "condition", Index: i, ID: c.ID}, "id")
	box.Add(ed.idField(c.ID, func(s string) error { return ed.doc.SetID(edit.Ref{Kind: "condition", ID: id(), Index: i}, s) }))
	remove := widget.NewButton(ed.t("ui.questedit.remove_condition"), func() { ed.do(ed.doc.RemoveCondition(id()), true) })
	remove.Importance = widget.DangerImportance
	box.Add(remove)
	return box
}
