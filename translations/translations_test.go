package translations

import (
	"testing"
)

// The shipped files alone agree (the same IDs in every language, every
// plural form a language needs); with the game modules' registered files,
// and against the IDs the code uses, cmd/conductor checks them
// (messagefiles_test.go), where every game is imported.

// The shipped files agree: the same IDs in every language, every plural
// form a language needs (Disagreements, read here before any module
// registers its files).
func TestLanguagesAgree(t *testing.T) {
	en, err := IDs("en")
	if err != nil {
		t.Fatal(err)
	}
	if len(en) < 50 {
		t.Fatalf("only %d English messages: is the file being read?", len(en))
	}
	bad, err := Disagreements()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
}

func TestTranslate(t *testing.T) {
	cases := []struct {
		lang, id string
		args     map[string]any
		want     string
	}{
		{"en", "share.pin.wrong", map[string]any{"Count": 1}, "Wrong PIN. 1 try left before this device waits a minute."},
		{"en", "share.pin.wrong", map[string]any{"Count": 3}, "Wrong PIN. 3 tries left before this device waits a minute."},
		{"es", "share.pin.wrong", map[string]any{"Count": 1}, "PIN erróneo. Queda 1 intento antes de que este dispositivo espere un minuto."},
		{"es", "share.pin.wrong", map[string]any{"Count": 4}, "PIN erróneo. Quedan 4 intentos antes de que este dispositivo espere un minuto."},
		// Counts that come back from JSON (snapshots) are float64.
		{"en", "share.pin.wrong", map[string]any{"Count": float64(2)}, "Wrong PIN. 2 tries left before this device waits a minute."},
		// An argument ending in Key is a message id, translated first.
		{"es", "summary.over", map[string]any{"OutcomeKey": "ui.undo"}, "Partida Deshacer"},
		{"xx", "ui.undo", nil, "Undo"},
		{"es", "ui.undo", nil, "Deshacer"},
		{"en", "no.such.message", nil, "no.such.message"},
	}
	for _, c := range cases {
		if got := New(c.lang).T(c.id, c.args); got != c.want {
			t.Errorf("%s %s: got %q, want %q", c.lang, c.id, got, c.want)
		}
	}
}
