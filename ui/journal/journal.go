// Package journal tells a saved game's story back: the recap of a sitting
// in the reader's language (Render, Plain) and the journal of every
// sitting as one self-contained HTML page or a Markdown file (Build,
// WriteHTML, WriteMarkdown). Each game module tells its own sittings
// (engine.Recaps); a module may register how its revealed map is drawn
// (RegisterMap). It imports no game and no Fyne, so the shell and the
// command line both use it.
package journal

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// Line is a recap's line in one language.
type Line struct {
	Kind      string // engine.StoryHeading, StoryItem, StoryText, StoryNext
	Text      string
	Quote     string // a text read aloud, whole (StoryText)
	Conductor bool
	Image     string // a public file's name, if any
}

// Render is story in tr's language. A text read aloud (an argument
// "Text" in every language; kinds StoryText and StoryAlert) becomes the
// line's Quote.
func Render(tr *translations.Translator, story engine.Story) []Line {
	out := make([]Line, 0, len(story.Lines))
	for _, l := range story.Lines {
		args := make(map[string]any, len(l.Args))
		var quote string
		for k, v := range l.Args {
			if k == "Text" {
				quote = textIn(tr.Lang, v)
				continue
			}
			args[k] = v
		}
		out = append(out, Line{Kind: l.Kind, Text: tr.T(l.ID, args), Quote: quote, Conductor: l.Conductor, Image: l.Image})
	}
	return out
}

// textIn is a text given in every language, in lang (English the fallback).
func textIn(lang string, v any) string {
	switch m := v.(type) {
	case map[string]string:
		if m[lang] != "" {
			return m[lang]
		}
		return m["en"]
	case map[string]any:
		if s, ok := m[lang].(string); ok && s != "" {
			return s
		}
		s, _ := m["en"].(string)
		return s
	case string:
		return m
	}
	return ""
}

// Plain is lines as one text to read aloud or show: a line each, a text
// read aloud after its line. The Conductor's lines are left out unless
// conductor.
func Plain(lines []Line, conductor bool) string {
	var b strings.Builder
	for _, l := range lines {
		if l.Conductor && !conductor {
			continue
		}
		b.WriteString(l.Text)
		b.WriteByte('\n')
		if l.Quote != "" {
			b.WriteString(l.Quote)
			b.WriteByte('\n')
		}
	}
	return strings.TrimSpace(b.String())
}

// Length is a sitting's length in words ("2 h 5 min", "40 min").
func Length(tr *translations.Translator, d time.Duration) string {
	m := int(d.Round(time.Minute) / time.Minute)
	if m < 60 {
		return tr.T("recap.length.minutes", map[string]any{"Minutes": m})
	}
	return tr.T("recap.length.hours", map[string]any{"Hours": m / 60, "Minutes": m % 60})
}

// When is a sitting's date, times and length, in local time.
func When(tr *translations.Translator, s engine.Sitting) string {
	start, end := s.Start.Local(), s.End.Local()
	return tr.T("recap.card.when", map[string]any{
		"Date": start.Format("2006-01-02"), "Start": start.Format("15:04"), "End": end.Format("15:04"),
		"Length": Length(tr, s.Length()),
	})
}

// SavesLine is the saved-games list's words for a game's last sitting.
func SavesLine(tr *translations.Translator, s engine.Sitting) string {
	return tr.T("recap.saves.sitting", map[string]any{"Date": s.Start.Local().Format("2006-01-02 15:04"), "Length": Length(tr, s.Length())})
}

// ResumeGap is how long a game must have rested for its recap to be
// offered when it is continued: the gap that starts a new sitting.
const ResumeGap = engine.SittingGap

// Due says whether a game whose last sitting is last should open with its
// recap now: it rested ResumeGap or longer.
func Due(last engine.Sitting, now time.Time) bool {
	return !last.End.IsZero() && now.Sub(last.End) >= ResumeGap
}

// ErrNoRecap is a game whose module tells no story.
var ErrNoRecap = errors.New("this game's module tells no recap")

// Recap is the story of sitting s of game g (as loaded: its records).
func Recap(g engine.Play, s engine.Sitting, conductor bool) (engine.Story, error) {
	m, err := engine.Find(g.Module())
	if err != nil {
		return engine.Story{}, err
	}
	r, ok := m.(engine.Recaps)
	if !ok {
		return engine.Story{}, ErrNoRecap
	}
	setup, err := g.SetupJSON()
	if err != nil {
		return engine.Story{}, err
	}
	records := g.Records()
	if s.To > len(records) {
		return engine.Story{}, fmt.Errorf("recap: sitting up to record %d of %d", s.To, len(records))
	}
	return r.Recap(setup, g.Content(), records[:s.To], s, conductor)
}

// MapDrawer draws a module's revealed map from its public view as an SVG
// document, each picture given by picture (a data: URI; "" for none).
type MapDrawer func(view []byte, picture func(name string) string) string

var maps sync.Map // module → MapDrawer

// RegisterMap makes draw the journal's map of module's games.
func RegisterMap(module string, draw MapDrawer) { maps.Store(module, draw) }

// dataURI is a file as a data: URI.
func dataURI(data []byte, contentType string) string {
	return "data:" + contentType + ";base64," + base64.StdEncoding.EncodeToString(data)
}
