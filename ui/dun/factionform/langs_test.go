package factionform

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/translations"
)

// The form has a name box per language the app has files for (its own
// language list, no language named in code), captioned in the reader's
// language, and a text typed in one is the faction's text in that one.
func TestABoxPerLanguage(t *testing.T) {
	want := make([]string, 0, len(translations.Languages))
	for _, l := range translations.Languages {
		want = append(want, l.Tag)
	}
	e, _, _ := open(t, "es", fyne.NewSize(1024, 768), builtin(t, "ash-court"))
	if got := slices.Sorted(func(yield func(string) bool) {
		for l := range e.nameBox {
			if !yield(l) {
				return
			}
		}
	}); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		t.Fatalf("the faction's name boxes: %v, want %v", got, want)
	}
	for _, lang := range want {
		typeIn(e.nameBox[lang], "Corte "+lang)
		if e.model.Name[lang] != "Corte "+lang {
			t.Errorf("typed in the %s box: the name is %v", lang, e.model.Name)
		}
	}
	c := e.cards[0]
	if len(c.nameBox) != len(want) || len(c.skills) != len(want) {
		t.Fatalf("a creature's boxes: %d names, %d skills, want %d", len(c.nameBox), len(c.skills), len(want))
	}
	before := len(e.model.Profiles[0].SkillNames)
	for _, lang := range want {
		test.Type(c.skills[lang], "Muro "+lang)
	}
	test.Tap(c.addSkill)
	got := e.model.Profiles[0].SkillNames
	if len(got) != before+1 {
		t.Fatalf("skills %v", got)
	}
	for _, lang := range want {
		if got[before][lang] != "Muro "+lang {
			t.Errorf("the new skill in %s: %v", lang, got[before])
		}
	}
}
