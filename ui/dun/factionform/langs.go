package factionform

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// The form gives a faction's texts (its name, its creatures' names and
// skills) a box per language the app has message files for, in their
// order: no language is named in code, so a language added by its files
// gets its boxes.

// formLangs are the languages the form has a box for.
func formLangs() []string {
	out := make([]string, 0, len(translations.Languages))
	for _, l := range translations.Languages {
		out = append(out, l.Tag)
	}
	return out
}

// inSentence is a language's name within a sentence in the reader's
// language (language.in.TAG: "English", "inglés"), or its own name when
// the files do not give it.
func (e *Editor) inSentence(tag string) string {
	id := "language.in." + tag
	if s := e.tr.T(id, nil); s != id {
		return s
	}
	for _, l := range translations.Languages {
		if l.Tag == tag {
			return l.Name
		}
	}
	return tag
}

// nameBoxes are a text's boxes, one per language, by language, filled from
// t, each told its language's changes by changed; and the boxes captioned
// ("Name in English"), in order, to lay out.
func (e *Editor) nameBoxes(t quest.Text, changed func(lang string) func(string)) (map[string]*widget.Entry, []fyne.CanvasObject) {
	boxes := map[string]*widget.Entry{}
	var laid []fyne.CanvasObject
	for _, lang := range formLangs() {
		en, box := entry()
		en.SetText(t[lang])
		en.OnChanged = changed(lang)
		boxes[lang] = en
		laid = append(laid, captioned(e.tr.T("ui.factionform.name_in", map[string]any{"Language": e.inSentence(lang)}), box))
	}
	return boxes, laid
}
