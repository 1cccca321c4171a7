package twisterui

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui"
)

// newGameForm is the New game dialog's form: how many play, their names,
// the victory points that win.
type newGameForm struct {
	tr      *translations.Translator
	players *widget.RadioGroup
	names   [twister.MaxPlayers]*widget.Entry
	goal    *ui.Stepper
	content fyne.CanvasObject
}

func newNewGameForm(tr *translations.Translator) *newGameForm {
	f := &newGameForm{tr: tr}
	var counts []string
	for n := twister.MinPlayers; n <= twister.MaxPlayers; n++ {
		counts = append(counts, strconv.Itoa(n))
	}
	names := container.NewGridWithColumns(2)
	for i := range f.names {
		f.names[i] = widget.NewEntry()
		f.names[i].SetPlaceHolder(tr.T("ui.twister.player_default", map[string]any{"Seat": i + 1}))
		names.Add(f.names[i])
	}
	f.players = widget.NewRadioGroup(counts, func(string) { f.showNames() })
	f.players.Horizontal = true
	f.players.SetSelected(counts[0])
	f.goal = ui.NewStepper(tr.T("ui.twister.new.goal", nil), twister.DefaultGoal, 1, twister.MaxGoal)
	f.content = container.NewVBox(
		ui.Wrapped(tr.T("ui.twister.new.intro", nil), widget.MediumImportance),
		widget.NewLabel(tr.T("ui.twister.new.players", nil)), f.players,
		widget.NewLabel(tr.T("ui.twister.new.names", nil)), names,
		f.goal.Content)
	return f
}

func (f *newGameForm) count() int {
	n, _ := strconv.Atoi(f.players.Selected)
	return n
}

// showNames shows one name entry per player.
func (f *newGameForm) showNames() {
	for i, e := range f.names {
		if e == nil {
			continue
		}
		if i < f.count() {
			e.Show()
		} else {
			e.Hide()
		}
	}
}

// setup is the game the form describes; an empty name is the seat's default.
func (f *newGameForm) setup() twister.Setup {
	goal := f.goal.Value
	s := twister.Setup{Players: f.count(), Goal: &goal}
	for i := range s.Players {
		n := strings.TrimSpace(f.names[i].Text)
		if n == "" {
			n = f.tr.T("ui.twister.player_default", map[string]any{"Seat": i + 1})
		}
		s.Names = append(s.Names, n)
	}
	return s
}

// openNewGame opens the New game dialog.
func openNewGame(w fyne.Window, tr *translations.Translator, st ui.Starter) *newGameForm {
	f := newNewGameForm(tr)
	d := ui.NewNewGameDialog(w, tr, tr.T("ui.twister.new.title", nil), f.content, fyne.NewSize(min(600, w.Canvas().Size().Width-80), 380), func() (bool, error) {
		g, err := twister.NewGame(f.setup())
		if err == nil {
			err = st.Start(g, nil)
		}
		return err == nil, err
	})
	d.Show()
	return f
}
