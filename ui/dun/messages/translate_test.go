package messages

import (
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// The game's messages render from their own folder: plural forms, arguments
// that are message ids (Key) or texts in every language (Text).
func TestGameMessagesTranslate(t *testing.T) {
	cases := []struct {
		lang, id string
		args     map[string]any
		want     string
	}{
		{"en", "ui.status.achievements", map[string]any{"Count": 1}, "1 achievement point"},
		{"en", "ui.status.achievements", map[string]any{"Count": 3}, "3 achievement points"},
		{"es", "ui.status.achievements", map[string]any{"Count": 1}, "1 punto de logro"},
		{"es", "ui.status.achievements", map[string]any{"Count": 4}, "4 puntos de logro"},
		{"en", "log.reserve_spent", map[string]any{"Count": 5, "ReasonKey": "reason.card_activated", "Reserve": 20}, "The ADP pays 5 reserve points (card activated); 20 left."},
		{"es", "log.reserve_spent", map[string]any{"Count": 1, "ReasonKey": "reason.spawn_paid", "Reserve": 2}, "El JOA paga 1 punto de reserva (criaturas generadas); le quedan 2."},
		// Counts that come back from JSON (snapshots) are float64.
		{"en", "ui.status.achievements", map[string]any{"Count": float64(2)}, "2 achievement points"},
	}
	for _, c := range cases {
		if got := translations.New(c.lang).T(c.id, c.args); got != c.want {
			t.Errorf("%s %s: got %q, want %q", c.lang, c.id, got, c.want)
		}
	}
}

// An argument given in every language (a spawned creature's name, a
// quest's title) is shown in the translator's language.
func TestTextArguments(t *testing.T) {
	name := map[string]any{"en": "Skeleton 2", "es": "Esqueleto 2"}
	for lang, want := range map[string]string{"en": "Skeleton 2", "es": "Esqueleto 2"} {
		got := translations.New(lang).T("prompt.creature.slain", map[string]any{"Name": name})
		if !strings.Contains(got, want) || strings.Contains(got, "map[") {
			t.Errorf("%s: %q", lang, got)
		}
	}
	if got := translations.New("es").T("summary.quest", map[string]any{"QuestText": map[string]string{"en": "The Tomb"}}); got != "The Tomb" {
		t.Errorf("a text with no Spanish falls back to English: %q", got)
	}
}

// A text in languages the reader does not read (a quest written in French
// alone) shows in one of them, never empty.
func TestTextArgumentInAnotherLanguage(t *testing.T) {
	title := map[string]string{"fr": "La cave"}
	for _, lang := range []string{"en", "es"} {
		if got := translations.New(lang).T("summary.quest", map[string]any{"QuestText": title}); got != "La cave" {
			t.Errorf("%s: %q", lang, got)
		}
	}
}

// A section a quest leaves unnamed is named from the message files
// (section.KIND) in every language they have: a language added by its
// files names the kinds with no code.
func TestSectionKindsNamedByTheFiles(t *testing.T) {
	q := &quest.Quest{Sections: []quest.Section{{ID: "a", Kind: "room"}, {ID: "b", Kind: "room"}, {ID: "c", Kind: "corridor"}}}
	for _, c := range []struct {
		id, lang, want string
	}{
		{"a", "en", "Room 1"}, {"b", "es", "Sala 2"}, {"c", "es", "Pasillo"},
	} {
		if got := q.SectionName(c.id)[c.lang]; got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.id, c.lang, got, c.want)
		}
	}
	for _, l := range translations.Languages {
		want := translations.New(l.Tag).T("section.room", nil)
		if got := kindNames("room")[l.Tag]; got != want {
			t.Errorf("room in %s: %q, want the files' %q", l.Tag, got, want)
		}
	}
}
