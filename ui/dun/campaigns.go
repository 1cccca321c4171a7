package dunui

import (
	"io"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// campaignScreen shows the campaigns (id 0) or one campaign: its party, the
// quests it played with their outcomes, and what to do next.
type campaignScreen struct {
	lib     Campaigns
	win     fyne.Window
	back    func()                   // to the saved games
	newGame func(cp data.Campaign)   // the New game dialog for the party
	tr      *translations.Translator // the language of the last Build

	id     int64
	notice *widget.Label
	body   *fyne.Container // what Build gave, redrawn as the Conductor moves on

	heroDialog dialog.Dialog // the party's editor, when open
	heroRows   *heroRows
	heroName   *widget.Entry
}

// Build lays the screen out in tr's language.
func (c *campaignScreen) Build(tr *translations.Translator) fyne.CanvasObject {
	c.tr = tr
	c.body = container.NewStack(c.content())
	return c.body
}

// Close has nothing to let go.
func (c *campaignScreen) Close() {}

// redraw shows the screen again after a change.
func (c *campaignScreen) redraw() {
	c.body.Objects = []fyne.CanvasObject{c.content()}
	c.body.Refresh()
}

func (c *campaignScreen) open(id int64) {
	c.id = id
	c.redraw()
}

func (c *campaignScreen) problem(err error) {
	c.notice.SetText(ui.LibraryError(c.tr, err))
	c.notice.Show()
}

func (c *campaignScreen) content() fyne.CanvasObject {
	c.notice = ui.Wrapped("", widget.DangerImportance)
	c.notice.Hide()
	if c.id == 0 {
		return c.list()
	}
	return c.detail()
}

func (c *campaignScreen) list() fyne.CanvasObject {
	lib := c.lib
	tr := func(id string) string { return c.tr.T(id, nil) }
	add := widget.NewButtonWithIcon(tr("ui.campaigns.new"), theme.ContentAddIcon(), func() { c.editHeroes(nil) })
	add.Importance = widget.HighImportance
	back := widget.NewButtonWithIcon(tr("ui.saves.title"), theme.NavigateBackIcon(), c.back)
	rows := container.NewVBox()
	campaigns, err := dunCampaigns(lib)
	if err != nil {
		c.problem(err)
	}
	if len(campaigns) == 0 {
		rows.Add(widget.NewLabel(tr("ui.campaigns.none")))
	}
	for _, cp := range campaigns {
		heroes := heroesOf(cp.Party)
		info := c.tr.T("ui.campaigns.line", map[string]any{"Name": cp.Name, "Party": c.party(heroes), "GroupVP": dun.PartyVP(heroes), "Count": len(cp.Entries)})
		actions := container.NewHBox(
			ui.RowButton(c.tr, "ui.saves.open", theme.MediaPlayIcon(), func() { c.open(cp.ID) }),
			ui.RowButton(c.tr, "ui.saves.export", theme.UploadIcon(), func() {
				ui.ExportTo(c.win, cp.Name, func(w io.Writer) error { return lib.ExportCampaign(cp.ID, w) }, c.problem)
			}),
			ui.RowButton(c.tr, "journal.save", theme.DocumentSaveIcon(), func() { c.saveStory(cp) }), // campaignstory.go
			ui.RowButton(c.tr, "ui.saves.delete", theme.DeleteIcon(), func() {
				confirm(c.tr, tr("ui.saves.delete"), c.tr.T("ui.campaigns.delete_confirm", map[string]any{"Name": cp.Name}), func(ok bool) {
					if ok {
						if err := lib.DeleteCampaign(cp.ID); err != nil {
							c.problem(err)
							return
						}
						c.redraw()
					}
				}, c.win)
			}),
		)
		rows.Add(container.NewBorder(nil, nil, nil, actions, ui.Wrapped(info, widget.MediumImportance)))
		rows.Add(widget.NewSeparator())
	}
	return container.NewBorder(container.NewVBox(ui.Heading(tr("ui.campaigns.title")), container.NewGridWithColumns(2, back, add), c.notice), nil, nil, nil, ui.VScroll(rows))
}

// party is the heroes in one line: "Aldric (Knight, 32 VP, 14 gold)".
func (c *campaignScreen) party(heroes []dun.CampaignHero) string {
	var parts []string
	for _, h := range heroes {
		parts = append(parts, c.tr.T("ui.campaigns.hero", map[string]any{"Name": h.Name, "Class": h.Class, "VP": h.VP, "Gold": h.Gold}))
	}
	return strings.Join(parts, " · ")
}

func (c *campaignScreen) detail() fyne.CanvasObject {
	lib := c.lib
	tr := func(id string) string { return c.tr.T(id, nil) }
	cp, err := lib.Campaign(c.id)
	if err != nil {
		c.id = 0
		c.problem(err)
		return c.list()
	}
	back := widget.NewButtonWithIcon(tr("ui.campaigns.title"), theme.NavigateBackIcon(), func() { c.open(0) })
	play := widget.NewButtonWithIcon(tr("ui.campaigns.play"), theme.MediaPlayIcon(), func() { c.newGame(cp) })
	play.Importance = widget.HighImportance
	record := widget.NewButtonWithIcon(tr("ui.campaigns.record"), theme.DocumentCreateIcon(), func() { c.record(cp, nil) })
	edit := widget.NewButtonWithIcon(tr("ui.campaigns.edit_heroes"), theme.AccountIcon(), func() { c.editHeroes(&cp) })
	buttons := container.NewGridWithColumns(2, back, edit, record, play)

	party := heroesOf(cp.Party)
	heroes := container.NewVBox(ui.Heading(c.tr.T("ui.campaigns.party", map[string]any{"GroupVP": dun.PartyVP(party)})))
	for _, h := range party {
		line := c.tr.T("ui.campaigns.hero", map[string]any{"Name": h.Name, "Class": h.Class, "VP": h.VP, "Gold": h.Gold})
		if h.Notes != "" {
			line += " — " + h.Notes
		}
		heroes.Add(ui.Wrapped(line, widget.MediumImportance))
	}
	history := container.NewVBox(ui.Heading(tr("ui.campaigns.history")))
	if len(cp.Entries) == 0 {
		history.Add(widget.NewLabel(tr("ui.campaigns.no_history")))
	}
	for i := len(cp.Entries) - 1; i >= 0; i-- {
		e := cp.Entries[i]
		line := c.tr.T("ui.campaigns.entry", map[string]any{"When": e.PlayedAt.Local().Format("2006-01-02"), "Quest": e.Quest,
			"OutcomeKey": "outcome." + e.Outcome, "Party": c.party(heroesOf(e.Party))})
		if e.Notes != "" {
			line += "\n" + e.Notes
		}
		history.Add(ui.Wrapped(line, widget.MediumImportance))
	}
	return container.NewBorder(container.NewVBox(ui.Heading(cp.Name), buttons, c.notice), nil, nil, nil,
		ui.VScroll(container.NewVBox(heroes, widget.NewSeparator(), history)))
}

// heroRows edits up to five heroes: name, class, VP, gold, notes and the
// attributes the app's rolls use.
type heroRows struct {
	count                        *ui.Stepper
	rows                         [dun.MaxHeroes]*fyne.Container
	name, class, vp, gold, notes [dun.MaxHeroes]*widget.Entry
	attrs                        [dun.MaxHeroes][len(partyAttributes)]*widget.Entry
	content                      fyne.CanvasObject
}

func newHeroRows(tr func(string) string, heroes []dun.CampaignHero) *heroRows {
	h := &heroRows{}
	box := container.NewVBox()
	for i := range dun.MaxHeroes {
		h.name[i], h.class[i], h.vp[i], h.gold[i], h.notes[i] = widget.NewEntry(), widget.NewEntry(), widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
		h.name[i].SetPlaceHolder(tr("ui.campaigns.hero_name"))
		h.class[i].SetPlaceHolder(tr("ui.campaigns.hero_class"))
		h.vp[i].SetPlaceHolder(tr("ui.campaigns.hero_vp"))
		h.gold[i].SetPlaceHolder(tr("ui.campaigns.hero_gold"))
		h.notes[i].SetPlaceHolder(tr("ui.campaigns.hero_notes"))
		h.vp[i].SetText("15")
		h.gold[i].SetText("0")
		if i < len(heroes) {
			hero := heroes[i]
			h.name[i].SetText(hero.Name)
			h.class[i].SetText(hero.Class)
			h.vp[i].SetText(strconv.Itoa(hero.VP))
			h.gold[i].SetText(strconv.Itoa(hero.Gold))
			h.notes[i].SetText(hero.Notes)
		}
		// Two a row: a box keeps room for its hint beside a long name.
		attrRow := container.NewGridWithColumns(2)
		for j, a := range partyAttributes {
			e := widget.NewEntry()
			e.SetPlaceHolder(tr("attribute." + a))
			if i < len(heroes) {
				if v, ok := heroes[i].Attributes[a]; ok {
					e.SetText(strconv.Itoa(v))
				}
			}
			h.attrs[i][j] = e
			// Named beside the field: the placeholder goes once a value is typed.
			attrRow.Add(container.NewBorder(nil, nil, widget.NewLabel(tr("attribute."+a)), nil, e))
		}
		h.rows[i] = container.NewVBox(container.NewGridWithColumns(4, h.name[i], h.class[i], h.vp[i], h.gold[i]), attrRow, h.notes[i], widget.NewSeparator())
		box.Add(h.rows[i])
	}
	h.count = ui.NewStepper(tr("ui.newgame.heroes"), max(len(heroes), 2), 1, dun.MaxHeroes)
	h.count.OnChange = func(n int) {
		for i, r := range h.rows {
			if i < n {
				r.Show()
			} else {
				r.Hide()
			}
		}
	}
	h.count.Set(h.count.Value)
	captions := container.NewGridWithColumns(4, widget.NewLabel(tr("ui.campaigns.hero_name")), widget.NewLabel(tr("ui.campaigns.hero_class")),
		widget.NewLabel(tr("ui.campaigns.hero_vp")), widget.NewLabel(tr("ui.campaigns.hero_gold")))
	h.content = container.NewVBox(h.count.Content, captions, box)
	return h
}

// heroes reads the rows; a VP or gold that is not a number reads as -1,
// which the store refuses with its message.
func (h *heroRows) heroes() []dun.CampaignHero {
	num := func(e *widget.Entry) int {
		n, err := strconv.Atoi(strings.TrimSpace(e.Text))
		if err != nil {
			return -1
		}
		return n
	}
	var out []dun.CampaignHero
	for i := 0; i < h.count.Value; i++ {
		hero := dun.CampaignHero{Name: strings.TrimSpace(h.name[i].Text), Class: strings.TrimSpace(h.class[i].Text),
			VP: num(h.vp[i]), Gold: num(h.gold[i]), Notes: strings.TrimSpace(h.notes[i].Text)}
		for j, a := range partyAttributes {
			if strings.TrimSpace(h.attrs[i][j].Text) == "" {
				continue // not typed: none kept
			}
			if hero.Attributes == nil {
				hero.Attributes = map[string]int{}
			}
			hero.Attributes[a] = num(h.attrs[i][j])
		}
		out = append(out, hero)
	}
	return out
}

// heroProblem checks a party before it is saved, in the Conductor's words.
func heroProblem(tr func(string, map[string]any) string, name string, heroes []dun.CampaignHero) string {
	if strings.TrimSpace(name) == "" {
		return tr("ui.campaigns.name_empty", nil)
	}
	for i, h := range heroes {
		switch {
		case h.Name == "":
			return tr("ui.campaigns.hero_name_empty", map[string]any{"Hero": i + 1})
		case h.VP < 0 || h.Gold < 0:
			return tr("ui.campaigns.hero_numbers", map[string]any{"Hero": i + 1})
		}
	}
	return ""
}

// editHeroes creates a campaign (cp nil) or edits its party.
func (c *campaignScreen) editHeroes(cp *data.Campaign) {
	lib := c.lib
	tr := func(id string) string { return c.tr.T(id, nil) }
	name := widget.NewEntry()
	name.SetPlaceHolder(tr("ui.campaigns.name"))
	var heroes []dun.CampaignHero
	title := tr("ui.campaigns.new")
	if cp != nil {
		name.SetText(cp.Name)
		name.Disable()
		heroes = heroesOf(cp.Party)
		title = tr("ui.campaigns.edit_heroes")
	}
	rows := newHeroRows(tr, heroes)
	notice := ui.Wrapped("", widget.DangerImportance)
	var d dialog.Dialog
	save := widget.NewButton(tr("ui.campaigns.save"), func() {
		if p := heroProblem(c.tr.T, name.Text, rows.heroes()); p != "" {
			notice.SetText(p)
			return
		}
		party, err := dun.EncodeParty(rows.heroes())
		if err == nil && cp == nil {
			var id int64
			if id, err = lib.CreateCampaign(dun.ModuleName, strings.TrimSpace(name.Text), party); err == nil {
				c.id = id
			}
		} else if err == nil {
			err = lib.UpdateParty(cp.ID, party)
		}
		if err != nil {
			notice.SetText(ui.LibraryError(c.tr, err)) // nothing was saved
			return
		}
		d.Hide()
		c.redraw()
	})
	save.Importance = widget.HighImportance
	cancel := widget.NewButton(tr("ui.cancel"), func() { d.Hide() })
	scroll := ui.FormScroll(container.NewVBox(name, rows.content))
	scroll.SetMinSize(fyne.NewSize(760, 460))
	d = dialog.NewCustomWithoutButtons(title, container.NewBorder(nil, container.NewVBox(notice, container.NewGridWithColumns(2, cancel, save)), nil, nil, scroll), c.win)
	c.heroDialog = d
	c.heroRows = rows
	c.heroName = name
	publishParty(name, rows)
	d.Show()
}

// recordPrefill is what a game that just ended already knows of its result.
type recordPrefill struct {
	game    int64
	outcome string
	quest   string
}

// record notes what a quest changed: outcome, notes, each hero's VP and
// gold; pre (from a game that ended) chooses the game, the outcome and the
// quest's name.
func (c *campaignScreen) record(cp data.Campaign, pre *recordPrefill) {
	lib := c.lib
	tr := func(id string) string { return c.tr.T(id, nil) }
	games, _ := lib.Games()
	var gameNames []string
	gameIDs := map[string]int64{}
	for _, g := range games {
		if g.CampaignID == cp.ID {
			gameNames = append(gameNames, g.Name)
			gameIDs[g.Name] = g.ID
		}
	}
	game := widget.NewSelect(gameNames, nil)
	if len(gameNames) > 0 {
		game.SetSelectedIndex(0)
	}
	questName := widget.NewEntry()
	questName.SetPlaceHolder(tr("ui.campaigns.quest"))
	outcomes := []string{data.OutcomeWon, data.OutcomeLost, data.OutcomeAbandoned}
	var outcomeNames []string
	for _, o := range outcomes {
		outcomeNames = append(outcomeNames, tr("outcome."+o))
	}
	outcome := widget.NewRadioGroup(outcomeNames, nil)
	outcome.Horizontal = true
	outcome.Required = true
	outcome.SetSelected(outcomeNames[0])
	if pre != nil {
		for name, id := range gameIDs {
			if id == pre.game {
				game.SetSelected(name)
			}
		}
		if i := indexOf(outcomes, pre.outcome); outcomes[i] == pre.outcome {
			outcome.SetSelected(outcomeNames[i])
		}
		questName.SetText(pre.quest)
	}
	notes := widget.NewMultiLineEntry()
	notes.SetPlaceHolder(tr("ui.campaigns.notes"))
	rows := newHeroRows(tr, heroesOf(cp.Party))
	notice := ui.Wrapped("", widget.DangerImportance)
	var d dialog.Dialog
	save := widget.NewButton(tr("ui.campaigns.save"), func() {
		quest := strings.TrimSpace(questName.Text)
		if quest == "" {
			quest = game.Selected
		}
		heroes := rows.heroes()
		if p := heroProblem(c.tr.T, cp.Name, heroes); p != "" {
			notice.SetText(p)
			return
		}
		party, err := dun.EncodeParty(heroes)
		if err == nil {
			err = lib.RecordQuest(cp.ID, data.CampaignEntry{GameID: gameIDs[game.Selected], Quest: quest,
				Outcome: outcomes[indexOf(outcomeNames, outcome.Selected)], Notes: strings.TrimSpace(notes.Text), Party: party})
		}
		if err != nil {
			notice.SetText(ui.LibraryError(c.tr, err))
			return
		}
		d.Hide()
		if c.body != nil {
			c.redraw()
		}
	})
	save.Importance = widget.HighImportance
	cancel := widget.NewButton(tr("ui.cancel"), func() { d.Hide() })
	body := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel(tr("ui.campaigns.game")), nil, game), questName, outcome, notes,
		widget.NewLabel(tr("ui.campaigns.after")), rows.content)
	scroll := ui.FormScroll(body)
	scroll.SetMinSize(fyne.NewSize(760, 480))
	d = dialog.NewCustomWithoutButtons(tr("ui.campaigns.record"), container.NewBorder(nil, container.NewVBox(notice, container.NewGridWithColumns(2, cancel, save)), nil, nil, scroll), c.win)
	c.heroDialog = d
	c.heroRows = rows
	d.Show()
}

// dunCampaigns are the store's campaigns of DUN, newest first.
func dunCampaigns(lib Campaigns) ([]data.Campaign, error) {
	all, err := lib.Campaigns()
	var out []data.Campaign
	for _, cp := range all {
		if cp.Module == dun.ModuleName {
			out = append(out, cp)
		}
	}
	return out, err
}

// heroesOf reads a DUN campaign's party (dun.DecodeParty); one that does
// not read shows no hero.
func heroesOf(party []byte) []dun.CampaignHero {
	heroes, err := dun.DecodeParty(party)
	if err != nil {
		return nil
	}
	return heroes
}

// IDs built from names above, listed so every one is translated.
var _ = []string{"outcome.won", "outcome.lost", "outcome.abandoned"}

var _ ui.SaveLabels = (*Screens)(nil)

// SaveLabels put a DUN game's campaign first in its line of the saved
// games, or say it is in none.
func (s *Screens) SaveLabels(g data.GameInfo, tr *translations.Translator) []string {
	if g.CampaignName == "" {
		return []string{tr.T("ui.saves.no_campaign", nil)}
	}
	return []string{g.CampaignName}
}
