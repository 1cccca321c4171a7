package dunui

import (
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// In Spanish, the table names a door by the section behind it, a faction
// creature's skills and a lasting card's target by their Spanish names:
// never an id, never the English name.
func TestTableSpeaksInNames(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "ash-court")
	u.u.SetLanguage("es")
	miss := &dun.Die{Faces: []dice.Symbol{dice.Power}}
	apply(t, u, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
		&dun.SectionRevealed{Section: "ossuary"}, miss, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1})

	test := u.table().eventButtons["ui.events.action"]
	test.OnTapped()
	p := u.table().actions
	p.pick.SetSelected(u.tr().T("action.open_lock", nil))
	want := "Puerta cerrada hacia «Galería de los reyes»"
	if !strings.Contains(strings.Join(p.target2.Options, "|"), want) {
		t.Fatalf("the doors offered are %q, not %q", p.target2.Options, want)
	}
	p.dialog.Hide()

	knight := &dun.CreatureAdded{ID: "grave-knight-1", Name: "Grave knight 1", Names: map[string]string{"en": "Grave knight 1", "es": "Caballero de la tumba 1"},
		Profile: "grave-knight", Behaviour: "melee", Level: bestiary.LevelChampion, VP: 7, Vitality: 8, Skills: []string{"Cleave"}}
	apply(t, u, knight, &dun.AdpCombatTurn{}, &dun.Die{Faces: []dice.Symbol{dice.Power}},
		&dun.Card{Deck: dun.DeckPower, Outcome: dun.Activated, Points: 1, Name: "Vigor impío", Sustained: true, Target: "grave-knight-1"},
		&dun.SkillUsed{ID: "grave-knight-1", Skill: "Cleave"})
	texts := strings.Join(u.texts(), " ")
	for _, e := range u.entries() { // the whole log, shown or scrolled away
		texts += " " + u.tr().T(e.ID, e.Args)
	}
	for _, want := range []string{"Tajo amplio", "Vigor impío (para Caballero de la tumba 1)", "Se beneficia Caballero de la tumba 1", "Caballero de la tumba 1 usa Tajo amplio",
		"En la lista: Caballero de la tumba 1", "Sección descubierta: Osario (Sección grande)"} {
		if !strings.Contains(texts, want) {
			t.Errorf("%q is not shown: %q", want, texts)
		}
	}
	for _, never := range []string{"Cleave", "grave-knight", "gallery-of-kings", "Grave knight"} {
		if strings.Contains(texts, never) {
			t.Errorf("%q is shown in Spanish: %q", never, texts)
		}
	}
}
