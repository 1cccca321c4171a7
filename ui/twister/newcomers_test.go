package twisterui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
)

// A piece typed in the room reveal's form (one from outside the box)
// belongs to the player revealing the room until another owner is picked:
// when the revealer changes, the owner follows unless it was picked.
func TestPieceOwnerFollowsRevealer(t *testing.T) {
	cases := []struct {
		name     string
		players  string
		names    []string
		picked   string // the owner picked by hand first ("" for none)
		revealer string // picked after ("" keeps the first)
		want     string
	}{
		{"2 players, first seat reveals", "2", []string{"Ann", "Bob"}, "", "", "Ann"},
		{"2 players, second seat reveals", "2", []string{"Ann", "Bob"}, "", "Bob", "Bob"},
		{"a picked owner stays", "2", []string{"Ann", "Bob"}, "Ann", "Bob", "Ann"},
		{"4 players, third seat reveals", "4", []string{"Ann", "Bob", "Cy", "Di"}, "", "Cy", "Cy"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "en")
			h.start(t, c.players, c.names...)
			tbl := h.table()
			test.Tap(tbl.reveal)
			f := tbl.revealForm
			if c.picked != "" {
				f.otherOwner.SetSelected(c.picked)
			}
			if c.revealer != "" {
				f.revealer.SetSelected(c.revealer)
			}
			if f.otherOwner.Selected != c.want {
				t.Fatalf("owner %s, want %s (revealer %s)", f.otherOwner.Selected, c.want, f.revealer.Selected)
			}
			// The event carries the seat of the owner shown.
			test.Type(f.other, "Elf")
			f.addOther(twister.KindCharacter)
			e := f.event()
			if len(e.Contents) != 1 || h.game().Setup().Name(e.Contents[0].Owner) != c.want || e.Contents[0].Kind != twister.KindCharacter {
				t.Fatalf("contents %+v, want the owner %s", e.Contents, c.want)
			}
		})
	}
}

// The log names the players as they were entered, in both languages: the
// setup, each combat step a player takes, a death, the score.
func TestLogNamesPlayers(t *testing.T) {
	steps := []struct {
		event engine.Event
		names []string // in the lines it logs
	}{
		{nil, []string{"Ana", "Beto"}}, // the setup
		{&twister.CombatStarted{Attacker: 2}, []string{"Beto", "Ana"}},
		{&twister.CombatStep{Undeclared: true}, []string{"Beto"}}, // the attacker declared
		{&twister.CombatStep{Undeclared: true}, []string{"Ana"}},  // the defender declared
		{&twister.CombatStep{}, []string{"Beto"}},                 // the attacker's card
		{&twister.CombatStep{}, []string{"Ana"}},                  // the defender's card
		{&twister.CharacterDied{Character: "Goblin", Controller: 1, Cause: twister.CauseCombat}, []string{"Ana", "Beto"}},
	}
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang)
		h.start(t, "2", "Ana", "Beto")
		tbl := h.table()
		for i, st := range steps {
			if st.event != nil && !tbl.do(st.event) {
				t.Fatalf("%s: %s refused: %s", lang, st.event.Type(), tbl.area.Notice())
			}
			// The lines of the newest step (the setup's: seq 0).
			entries := tbl.area.Entries()
			seq := entries[0].Seq
			var lines []string
			for _, e := range entries {
				if e.Seq == seq {
					lines = append(lines, h.u.Translator().T(e.ID, e.Args))
				}
			}
			text := strings.Join(lines, " / ")
			for _, n := range st.names {
				if !strings.Contains(text, n) {
					t.Errorf("%s step %d: %q does not name %s", lang, i, text, n)
				}
			}
			for _, id := range []string{"P1", "P2", "Player", "Jugador", "<no value>"} {
				if strings.Contains(text, id) {
					t.Errorf("%s step %d: %q names a seat, not a player: %s", lang, i, text, id)
				}
			}
		}
	}
}
