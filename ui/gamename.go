package ui

import (
	"strings"
	"time"

	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// nameDate is how New game writes the date in a game's default name.
const nameDate = "2006-01-02 15:04"

// defaultName is the name New game gives a game started at t.
func defaultName(tr *translations.Translator, t time.Time) string {
	return tr.T("ui.game.name", map[string]any{"Date": t.Format(nameDate)})
}

// ShownNames puts the default names among games (the date New game gave
// them, in whatever language the app spoke then) in tr's language; a name
// a player typed stays as typed.
func ShownNames(tr *translations.Translator, games []data.GameInfo) {
	forms := defaultNameForms()
	for i := range games {
		for _, f := range forms {
			if date, ok := f.date(games[i].Name); ok {
				games[i].Name = tr.T("ui.game.name", map[string]any{"Date": date})
				break
			}
		}
	}
}

// nameForm is one language's default name around its date.
type nameForm struct{ before, after string }

func defaultNameForms() []nameForm {
	var forms []nameForm
	for _, l := range translations.Languages {
		name := translations.New(l.Tag).T("ui.game.name", map[string]any{"Date": "\x00"})
		if before, after, ok := strings.Cut(name, "\x00"); ok {
			forms = append(forms, nameForm{before, after})
		}
	}
	return forms
}

// date is the date in name when name is this form's, with a date New game
// writes.
func (f nameForm) date(name string) (string, bool) {
	if len(name) < len(f.before)+len(f.after) || !strings.HasPrefix(name, f.before) || !strings.HasSuffix(name, f.after) {
		return "", false
	}
	date := name[len(f.before) : len(name)-len(f.after)]
	if _, err := time.Parse(nameDate, date); err != nil {
		return "", false
	}
	return date, true
}
