package ui

import "github.com/dunconductor/conductor/translations"

// languageHooks are told of every language switch (OnLanguageSwitch).
var languageHooks []func(*translations.Translator)

// OnLanguageSwitch has f called, on the UI's goroutine, with the new
// translator after every switch of the app's language: a window of its
// own that the shell does not build (an editor) draws itself again in it.
func OnLanguageSwitch(f func(*translations.Translator)) {
	languageHooks = append(languageHooks, f)
}

// languageSwitched tells every hook of a switch to tr.
func languageSwitched(tr *translations.Translator) {
	for _, f := range languageHooks {
		f(tr)
	}
}
