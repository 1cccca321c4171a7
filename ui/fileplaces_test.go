package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// The places a file dialog lists on its left (Fyne names them in English
// whatever its words) are in the app's language, for a file opened and a
// file saved, switched live.
func TestFileDialogPlacesInTheAppsLanguage(t *testing.T) {
	u := New(test.NewTempApp(t), uitest.NewMemStore(), "es")
	cases := []struct {
		lang, dialog string
		want         []string // the first places listed: the home folder, the computer
	}{
		{"es", "open", []string{"Carpeta personal", "Equipo"}},
		{"es", "save", []string{"Carpeta personal", "Equipo"}},
		{"en", "open", []string{"Home", "Computer"}},
	}
	for _, c := range cases {
		u.SetLanguage(c.lang)
		w := test.NewTempApp(t).NewWindow("")
		w.Resize(fyne.NewSize(1024, 768))
		if c.dialog == "open" {
			OpenFile(w, []string{".png"}, 1, func(string, []byte) {}, func(error) {})
		} else {
			SaveFileAs(w, "quest.toml", nil, func(error) {})
		}
		pop, ok := overlaid(w.Canvas().Overlays().Top()).(*widget.PopUp)
		if !ok {
			t.Fatalf("%s, %s: no file dialog shown (%T)", c.lang, c.dialog, w.Canvas().Overlays().Top())
		}
		list := placesList(pop.Content)
		if list == nil || list.Length() < len(c.want) {
			t.Fatalf("%s, %s: no list of places in the dialog", c.lang, c.dialog)
		}
		for i, want := range c.want {
			row := list.CreateItem()
			list.UpdateItem(i, row)
			if got := row.(*fyne.Container).Objects[1].(*widget.Label).Text; got != want {
				t.Errorf("%s, %s: place %d reads %q, want %q", c.lang, c.dialog, i, got, want)
			}
		}
	}
}
