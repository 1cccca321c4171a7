package ui

import (
	"encoding/json"
	"reflect"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/translations"
)

// fyneLanguage gives Fyne its own words (its file dialogs, confirmations,
// text boxes' menus) in the language tag, from the message files' "fyne."
// messages. Fyne picks its words by the system's locale, not by the app's
// language, so they are added under the system's locale: the words Fyne
// finds are then the app's, on any system and for any language with files.
func fyneLanguage(tag string) {
	words, places, err := fyneWords(tag)
	if err != nil {
		words, places, err = fyneWords(translations.Default) // a language made in code (the pseudo one) has no files
	}
	placeNames = places
	if err != nil {
		fyne.LogError("Fyne's words in "+tag, err) // the files are embedded: a build defect
		return
	}
	if err := lang.AddTranslationsForLocale(words, lang.SystemLocale()); err != nil {
		fyne.LogError("Fyne's words in "+tag, err)
	}
}

// fyneWords is Fyne's translation file (JSON, its ids) for language tag,
// and the names of its file dialogs' places (by Fyne's English name).
func fyneWords(tag string) ([]byte, map[string]string, error) {
	texts, err := translations.Templates(tag, "fyne.")
	if err != nil {
		return nil, nil, err
	}
	words, places := map[string]string{}, map[string]string{}
	for id, text := range texts {
		if place, ok := strings.CutPrefix(id, placePrefix); ok {
			places[place] = text
		} else if !strings.HasSuffix(id, ".one") {
			words[strings.TrimPrefix(id, "fyne.")] = text
		}
	}
	body, err := json.Marshal(words)
	return body, places, err
}

// placePrefix begins the messages naming the places a Fyne file dialog
// lists on its left, after their English name ("fyne.place.Documents").
const placePrefix = "fyne.place."

// placeNames are those places' names in the app's language, by Fyne's
// English name (set with Fyne's words).
var placeNames map[string]string

// namePlaces gives the places listed on the left of the file dialog just
// shown in w ("Home", "Documents", "Computer"…) the app's words. Fyne
// names them in English whatever its translations (its file dialog sets
// the names as they are, with no API to change them), so the list of
// places is found in the dialog, the window's top overlay, and each name
// it draws is put in the app's language. A dialog laid out otherwise (a
// later Fyne) keeps its English names.
func namePlaces(w fyne.Window) {
	pop, ok := overlaid(w.Canvas().Overlays().Top()).(*widget.PopUp)
	if !ok || len(placeNames) == 0 {
		return
	}
	list := placesList(pop.Content)
	if list == nil || list.UpdateItem == nil {
		return
	}
	update, names := list.UpdateItem, placeNames
	list.UpdateItem = func(id widget.ListItemID, item fyne.CanvasObject) {
		update(id, item)
		if row, ok := item.(*fyne.Container); ok && len(row.Objects) > 1 {
			if label, ok := row.Objects[1].(*widget.Label); ok && names[label.Text] != "" {
				label.SetText(names[label.Text])
			}
		}
	}
	list.Refresh()
}

// overlaid is what an overlay of a window shows: Fyne wraps a pop-up in a
// container of its own internal type, whose Content is the pop-up.
func overlaid(o fyne.CanvasObject) fyne.CanvasObject {
	if _, ok := o.(*widget.PopUp); ok {
		return o
	}
	v := reflect.ValueOf(o)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return o
	}
	if f := v.Elem().FieldByName("Content"); f.IsValid() && f.CanInterface() {
		if c, ok := f.Interface().(fyne.CanvasObject); ok {
			return c
		}
	}
	return o
}

// placesList is the list of places in a Fyne file dialog's content: the
// list on the left of its split.
func placesList(o fyne.CanvasObject) *widget.List {
	switch x := o.(type) {
	case *container.Split:
		if list, ok := x.Leading.(*widget.List); ok {
			return list
		}
		return placesList(x.Trailing)
	case *fyne.Container:
		for _, c := range x.Objects {
			if list := placesList(c); list != nil {
				return list
			}
		}
	}
	return nil
}
