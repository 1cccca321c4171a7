package ui

import (
	"encoding/json"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/dunconductor/conductor/translations"
)

// fyneLanguage gives Fyne its own words (its file dialogs, confirmations,
// text boxes' menus) in the language tag, from the message files' "fyne."
// messages. Fyne picks its words by the system's locale, not by the app's
// language, so they are added under the system's locale: the words Fyne
// finds are then the app's, on any system and for any language with files.
func fyneLanguage(tag string) {
	words, err := fyneWords(tag)
	if err != nil {
		words, err = fyneWords(translations.Default) // a language made in code (the pseudo one) has no files
	}
	if err != nil {
		fyne.LogError("Fyne's words in "+tag, err) // the files are embedded: a build defect
		return
	}
	if err := lang.AddTranslationsForLocale(words, lang.SystemLocale()); err != nil {
		fyne.LogError("Fyne's words in "+tag, err)
	}
}

// fyneWords is Fyne's translation file (JSON, its ids) for language tag.
func fyneWords(tag string) ([]byte, error) {
	texts, err := translations.Templates(tag, "fyne.")
	if err != nil {
		return nil, err
	}
	words := map[string]string{}
	for id, text := range texts {
		if !strings.HasSuffix(id, ".one") {
			words[strings.TrimPrefix(id, "fyne.")] = text
		}
	}
	return json.Marshal(words)
}
