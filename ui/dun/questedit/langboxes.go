package questedit

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// A quest's text has a box per language: one for each language the app has
// message files for (translations.Languages, in their order), then one for
// each other language the quest's texts are in. No language is named in
// code: a language added by its files gets its box.

// textLangs are the languages a text gets a box for.
func (ed *Editor) textLangs() []string {
	langs := make([]string, 0, len(translations.Languages)+1)
	for _, l := range translations.Languages {
		langs = append(langs, l.Tag)
	}
	for _, l := range ed.doc.Quest().TextLanguages() {
		if !slices.Contains(langs, l) {
			langs = append(langs, l)
		}
	}
	return langs
}

// langName is a language's name as a box's placeholder shows it: its own
// name (the language picker's), or its tag for one the app has no files for.
func langName(tag string) string {
	for _, l := range translations.Languages {
		if l.Tag == tag {
			return l.Name
		}
	}
	return tag
}

// langInSentence is a language's name within a sentence in the reader's
// language (language.in.TAG: "Spanish", "español"), or its own name when
// the files do not give it.
func (ed *Editor) langInSentence(tag string) string {
	id := "language.in." + tag
	if s := ed.tr.T(id, nil); s != id {
		return s
	}
	return langName(tag)
}

// langBoxes are a text's boxes, one per language (textLangs), each saying
// its language while empty, filled from t.
func (ed *Editor) langBoxes(t quest.Text, multi bool) ([]string, []*textEntry) {
	langs := ed.textLangs()
	boxes := make([]*textEntry, len(langs))
	for i, lang := range langs {
		boxes[i] = ed.newEntry(multi)
		boxes[i].SetPlaceHolder(langName(lang))
		boxes[i].SetText(t[lang])
	}
	return langs, boxes
}

// boxesText is the text the boxes hold, nil when every box is empty.
func boxesText(langs []string, boxes []*textEntry) quest.Text {
	var text quest.Text
	for i, b := range boxes {
		if b.Text != "" {
			if text == nil {
				text = quest.Text{}
			}
			text[langs[i]] = b.Text
		}
	}
	return text
}

// flagMissing shows, under a text's boxes, the languages the quest's texts
// must be in (quest.TextLanguages) that this one lacks, once one is typed.
func (ed *Editor) flagMissing(flag *widget.Label, text quest.Text) {
	var lacking []string
	for _, lang := range ed.doc.Quest().TextLanguages() {
		if strings.TrimSpace(text[lang]) == "" {
			lacking = append(lacking, ed.langInSentence(lang))
		}
	}
	typed := false
	for _, s := range text {
		typed = typed || strings.TrimSpace(s) != ""
	}
	if !typed || len(lacking) == 0 {
		flag.Hide()
		return
	}
	flag.SetText(ed.tr.T("ui.questedit.missing_in", map[string]any{"Count": len(lacking), "Languages": strings.Join(lacking, ", ")}))
	flag.Show()
}
