package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/journal"
	"github.com/dunconductor/conductor/ui/probe"
)

// RecapShower is what a game's Screen implements when it can put a recap
// on its players' window (opening it if it is not): the players' version,
// in the app's language.
type RecapShower interface {
	ShowPlayersRecap(tr *translations.Translator, title string, lines []journal.Line)
}

// eventTimes is a store that can say when each of a game's steps was taken
// (data.Store does).
type eventTimes interface {
	EventTimes(gameID int64) ([]time.Time, error)
}

// recapNow is the time a game is continued at; tests change it.
var recapNow = time.Now

// recapModule is the players' page's module name for a recap shown to the
// players (the page draws it until the next step publishes the game again).
const recapModule = "recap"

// offerRecap shows "Last time at the table" over game id's screen when it
// is continued after a rest of engine.SittingGap or more (and can go on):
// the recap of its last sitting, the Conductor's version (the Conductor's
// own lines marked), with Read aloud and Show the players, both of which
// give the players' version only.
func (u *UI) offerRecap(id int64, g engine.Play, readOnly string) {
	st, ok := u.store.(eventTimes)
	if !ok || readOnly != "" {
		return
	}
	times, err := st.EventTimes(id)
	if err != nil || len(times) == 0 {
		return
	}
	sittings := engine.Sittings(times)
	last := sittings[len(sittings)-1]
	if !journal.Due(last, recapNow()) {
		return
	}
	story, err := journal.Recap(g, last, true)
	if err != nil {
		if err != journal.ErrNoRecap {
			fyne.LogError(fmt.Sprintf("recap of game %d", id), err)
		}
		return
	}
	u.showRecap(g, last, story)
}

// showRecap is the card of a sitting's recap.
func (u *UI) showRecap(g engine.Play, s engine.Sitting, story engine.Story) {
	tr := u.tr
	lines := journal.Render(tr, story)
	players := journal.Plain(lines, false)
	when := journal.When(tr, s)
	body := container.NewVBox(widget.NewLabelWithStyle(when, fyne.TextAlignLeading, fyne.TextStyle{Italic: true}))
	for _, l := range lines {
		text := l.Text
		if l.Conductor {
			text = tr.T("recap.card.conductor", nil) + ": " + text
		}
		switch {
		case l.Kind == engine.StoryHeading:
			body.Add(Heading(text))
		case l.Conductor:
			body.Add(Wrapped(text, widget.LowImportance))
		case l.Kind == engine.StoryNext:
			body.Add(Wrapped(text, widget.HighImportance))
		default:
			body.Add(Wrapped(text, widget.MediumImportance))
		}
		if l.Quote != "" {
			imp := widget.MediumImportance
			if l.Kind == engine.StoryAlert {
				imp = widget.DangerImportance
			}
			if l.Conductor {
				imp = widget.LowImportance
			}
			body.Add(Wrapped(l.Quote, imp))
		}
	}
	probe.Value("recap.players", func() string { return players })
	notice := Wrapped(tr.T("recap.card.shown", nil), widget.SuccessImportance)
	notice.Hide()
	speech := NewReadAloud(tr, u.win, u.sess)
	read := probe.Name(widget.NewButtonWithIcon(tr.T("recap.card.read", nil), theme.VolumeUpIcon(), func() { speech.Say(tr.Lang, players) }), "recap.read")
	show := probe.Name(widget.NewButtonWithIcon(tr.T("recap.card.show", nil), theme.ComputerIcon(), func() {
		u.showPlayersRecap(g, s, story)
		notice.Show()
	}), "recap.show")
	var d dialog.Dialog
	goOn := probe.Name(widget.NewButtonWithIcon(tr.T("recap.card.go_on", nil), theme.MediaPlayIcon(), func() {
		speech.Stop()
		d.Hide()
	}), "recap.go_on")
	goOn.Importance = widget.HighImportance
	buttons := container.NewGridWithColumns(3, read, show, goOn)
	content := container.NewBorder(nil, container.NewVBox(notice, buttons), nil, nil, VScroll(body))
	d = dialog.NewCustomWithoutButtons(tr.T("recap.card.title", nil), probe.Name(content, "recap.card"), u.win)
	d.Resize(dialogSize(u.win, 720, 620))
	d.Show()
}

// showPlayersRecap puts the players' version of a recap on the players'
// page (in each device's language) and on the game's players' window.
func (u *UI) showPlayersRecap(g engine.Play, s engine.Sitting, story engine.Story) {
	type pageLine struct {
		Kind  string `json:"kind"`
		Text  string `json:"text"`
		Quote string `json:"quote,omitempty"`
	}
	type pageRecap struct {
		Title string     `json:"title"`
		When  string     `json:"when"`
		Lines []pageLine `json:"lines"`
	}
	view := map[string]pageRecap{}
	for _, l := range translations.Languages {
		tr := translations.New(l.Tag)
		r := pageRecap{Title: tr.T("recap.card.title", nil), When: journal.When(tr, s), Lines: []pageLine{}}
		for _, line := range journal.Render(tr, story) {
			if !line.Conductor {
				r.Lines = append(r.Lines, pageLine{line.Kind, line.Text, line.Quote})
			}
		}
		view[l.Tag] = r
	}
	if srv := u.share.srv; srv != nil {
		if js, err := json.Marshal(view); err == nil {
			srv.Publish(recapModule, js)
		}
	}
	if rs, ok := u.screen.(RecapShower); ok {
		lines := journal.Render(u.tr, story)
		players := lines[:0:0]
		for _, l := range lines {
			if !l.Conductor {
				players = append(players, l)
			}
		}
		rs.ShowPlayersRecap(u.tr, u.tr.T("recap.card.title", nil)+" · "+journal.When(u.tr, s), players)
	}
}

// playedLine is a saved game's "when" in the saved-games list: its last
// sitting's date and length, or when it was last played when its steps'
// times cannot be read.
func (u *UI) playedLine(g data.GameInfo) string {
	if st, ok := u.lib.(eventTimes); ok {
		if times, err := st.EventTimes(g.ID); err == nil && len(times) > 0 {
			sittings := engine.Sittings(times)
			if last := sittings[len(sittings)-1]; !last.Start.IsZero() {
				return journal.SavesLine(u.tr, last)
			}
		}
	}
	return u.tr.T("ui.saves.played", map[string]any{"When": g.Updated.Local().Format("2006-01-02 15:04")})
}

// saveStory asks which version of game info's story to save (the players',
// unless the Conductor's is ticked) and where, and writes it as one HTML
// page (ui/journal) with a Markdown file beside it (SaveStoryAs): every
// sitting recapped, the texts read, the map.
func (u *UI) saveStory(info data.GameInfo) {
	tr := u.tr
	// Each game says what its journal holds (storyWords).
	what, version := storyWords(info.Module)
	conductor := probe.Name(NewWrapCheck(tr.T(version, nil), nil), "journal.conductor") // wraps: never wider than the window
	content := container.NewVBox(Wrapped(tr.T(what, nil), widget.MediumImportance), conductor)
	if version == "" {
		conductor.Hide()
	}
	d := dialog.NewCustomConfirm(tr.T("journal.save.title", map[string]any{"Name": info.Name}), tr.T("journal.save.go", nil), tr.T("journal.save.cancel", nil),
		probe.Name(content, "journal.save"), func(ok bool) {
			if ok {
				u.writeStory(info, conductor.Checked)
			}
		}, u.win)
	d.Show()
}

// writeStory builds game info's journal and asks where to save it.
func (u *UI) writeStory(info data.GameInfo, conductor bool) {
	g, _, problem := u.loaded(u.store.LoadGame(info.ID))
	if problem != "" {
		u.saveProblem(problem)
		return
	}
	var times []time.Time
	if st, ok := u.store.(eventTimes); ok {
		var err error
		if times, err = st.EventTimes(info.ID); err != nil {
			u.saveProblem(u.tr.T("ui.error.load", map[string]any{"Detail": err.Error()}))
			return
		}
	}
	j, err := journal.Build(u.tr, info.Name, g, times, conductor, time.Now())
	if err != nil {
		u.saveProblem(u.tr.T("cli.journal.failed", map[string]any{"Detail": err.Error()}))
		return
	}
	SaveStoryAs(u.win, fileSafe(info.Name)+".html", j.WriteHTML, j.WriteMarkdown, func(err error) { u.saveProblem(LibraryError(u.tr, err)) })
}

// fileSafe is a name fit for a file's: no folder separators.
func fileSafe(name string) string {
	return strings.NewReplacer("/", "-", `\`, "-").Replace(name)
}
