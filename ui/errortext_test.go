package ui

import (
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// A refused setup says every problem in the reader's words, never its ids.
func TestErrorTextTranslatesSetupErrors(t *testing.T) {
	err := engine.SetupErrors{
		{Field: "leader_vp", ID: "setup.leader_vp.quest", Args: map[string]any{"Value": 10, "QuestVP": 30}},
		{Field: "heroes", ID: "setup.heroes.range", Args: map[string]any{"Min": 1, "Max": 5}},
	}
	for _, lang := range []string{"en", "es"} {
		got := ErrorText(translations.New(lang), err)
		if strings.Contains(got, "setup.") || strings.Contains(got, "leader_vp") || strings.Count(got, "\n") != 1 {
			t.Fatalf("%s: %q", lang, got)
		}
	}
}
