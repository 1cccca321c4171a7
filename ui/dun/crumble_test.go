package dunui

import (
	"fmt"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// A quest's text that takes every creature off the board says how many in
// words that fit the count: "both creatures" for two, "all 3 creatures"
// for three, never "all 2 creatures"; in English and Spanish, and with a
// count that went through JSON (a float).
func TestCrumbleSaysHowManyInWords(t *testing.T) {
	want := map[string]map[int]string{
		"en": {
			1: "The quest's text takes the last creature off the board.",
			2: "The quest's text takes both creatures off the board.",
			3: "The quest's text takes all 3 creatures off the board.",
		},
		"es": {
			1: "El texto de la misión retira del tablero a la última criatura.",
			2: "El texto de la misión retira del tablero a las dos criaturas.",
			3: "El texto de la misión retira del tablero a las 3 criaturas.",
		},
	}
	for _, n := range []int{1, 2, 3} {
		// Played: the Ash King's death crumbles the creatures on the board.
		h, _ := startTomb(t, uitest.NewMemStore(), "")
		events := []dun.Event{&dun.NewTurn{}}
		for i := range n {
			events = append(events, &dun.CreatureAdded{ID: fmt.Sprintf("skeleton-%d", i+1), Name: "Skeleton", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1})
		}
		in(t, h, append(events, &dun.ConditionMet{ID: "ash-king-slain"})...)
		var args map[string]any
		for _, e := range h.entries() {
			if e.ID == "log.quest.crumble" {
				args = e.Args
			}
		}
		if args == nil {
			t.Fatalf("%d creatures: no crumble in the log: %+v", n, h.entries())
		}
		for lang, texts := range want {
			tr := translations.New(lang)
			if got := tr.T("log.quest.crumble", args); got != texts[n] {
				t.Errorf("%s, %d creatures: %q, want %q", lang, n, got, texts[n])
			}
			if got := tr.T("log.quest.crumble", map[string]any{"Count": float64(n)}); got != texts[n] {
				t.Errorf("%s, %d creatures through JSON: %q, want %q", lang, n, got, texts[n])
			}
		}
	}
}
