package dunui

import (
	"testing"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// A section's label on the journal's map gives its name in each of the
// app's languages, once when they agree, whatever the languages are.
func TestMapLabelInTheAppsLanguages(t *testing.T) {
	for _, c := range []struct {
		name quest.Text
		want string
	}{
		{quest.Text{"en": "Gatehouse", "es": "Cuerpo de guardia"}, "Gatehouse / Cuerpo de guardia"},
		{quest.Text{"en": "Tomb", "es": "Tomb"}, "Tomb"},
		{quest.Text{"es": "Cripta"}, "Cripta"},
		{quest.Text{"xx": "Not a language of the app"}, ""},
	} {
		if got := mapLabel(c.name); got != c.want {
			t.Errorf("mapLabel(%v) = %q, want %q", c.name, got, c.want)
		}
	}
}
