package dun

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/quest"
)

func testQuest(t *testing.T, edit func(string) string) *quest.Quest {
	t.Helper()
	b, err := os.ReadFile("quest/testdata/valid.toml")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	if edit != nil {
		src = edit(src)
	}
	q, ps := quest.Parse("valid.toml", []byte(src))
	if ps != nil {
		t.Fatal(ps)
	}
	return q
}

func questGame(t *testing.T, q *quest.Quest) *Game {
	t.Helper()
	return mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: q.Leader.VP, QuestData: q})
}

// The start section is seen from the start; the quest's deck changes apply.
func TestQuestSetup(t *testing.T) {
	g := questGame(t, testQuest(t, nil))
	s := g.State()
	if !slices.Equal(s.Revealed, []string{"stairs"}) || !s.Decks.Power.Absent || g.Setup().Quest != "test-cellar" {
		t.Fatalf("revealed %v, power %+v, quest %q", s.Revealed, s.Decks.Power, g.Setup().Quest)
	}
	if _, err := NewGame(Setup{Heroes: 2, GroupVP: 40, Quest: "test-cellar"}); err == nil {
		t.Fatal("a quest id without the quest was accepted")
	}
}

// Only a section behind an exit of a revealed section can be revealed; its
// kind comes from the quest and starts that kind's Encounter flow; the
// hidden texts it triggers are shown.
func TestQuestRevealOrder(t *testing.T) {
	g := questGame(t, testQuest(t, nil))
	refused(t, g, &SectionRevealed{Section: "den"}, "rule.section.not_reachable")
	refused(t, g, &SectionRevealed{Section: "vault"}, "rule.section.not_in_quest")
	refused(t, g, &SectionRevealed{Section: "stairs"}, "rule.section.revealed")
	refused(t, g, &SectionRevealed{Section: "cellar", Kind: "large"}, "rule.section.kind_mismatch")
	refused(t, g, &SectionRevealed{Kind: "room"}, "rule.section.id_needed")
	play(t, g, &SectionRevealed{Section: "cellar"})
	samePending(t, g, "roll:encounter")
	play(t, g, die(dice.Power))
	play(t, g, &SectionRevealed{Section: "den", BrokenDoor: true})
	s := g.State()
	if !slices.Equal(s.Revealed, []string{"stairs", "cellar", "den"}) || !s.MainRoom || !slices.Equal(s.TextsShown, []string{"den-box"}) {
		t.Fatalf("revealed %v texts %v", s.Revealed, s.TextsShown)
	}
	samePending(t, g, "spawn:encounter", "roll:encounter")
	if !s.Pending[1].BrokenDoor {
		t.Fatal("the broken door was lost")
	}
	// Undo takes the reveal back cleanly.
	play(t, g, &Undo{})
	if s := g.State(); !slices.Equal(s.Revealed, []string{"stairs", "cellar"}) || len(s.TextsShown) != 0 || s.MainRoom {
		t.Fatalf("after undo: revealed %v texts %v", s.Revealed, s.TextsShown)
	}
}

// A secret door leads on only once found.
func TestSecretDoorOnlyOnceFound(t *testing.T) {
	q := testQuest(t, func(src string) string {
		// The locked door now loops back: the secret door is the only way on.
		return strings.Replace(src, "  to = \"den\"\n  kind = \"locked_door\"", "  to = \"stairs\"\n  kind = \"locked_door\"", 1)
	})
	g := questGame(t, q)
	play(t, g, &SectionRevealed{Section: "cellar"}, die(dice.Power))
	refused(t, g, &SectionRevealed{Section: "den"}, "rule.section.not_reachable")
	play(t, g, &ElementFound{ID: "cellar-secret"})
	play(t, g, &SectionRevealed{Section: "den"})
}

// Hidden texts revealed by an element found and by a condition met.
func TestElementsAndConditions(t *testing.T) {
	g := questGame(t, testQuest(t, nil))
	refused(t, g, &ElementFound{ID: "barrels"}, "rule.element.unknown") // the cellar is not revealed yet
	play(t, g, &SectionRevealed{Section: "cellar"}, die(dice.Power), &ElementFound{ID: "barrels"})
	refused(t, g, &ElementFound{ID: "barrels"}, "rule.element.found")
	refused(t, g, &ElementFound{ID: "crown"}, "rule.element.unknown")
	play(t, g, &ConditionMet{ID: "king-slain"})
	refused(t, g, &ConditionMet{ID: "king-slain"}, "rule.condition.met")
	refused(t, g, &ConditionMet{ID: "king-fled"}, "rule.condition.unknown")
	if s := g.State(); !slices.Equal(s.TextsShown, []string{"barrels-note", "crown-box"}) {
		t.Fatalf("texts %v", s.TextsShown)
	}
}

func TestQuestEventsNeedAQuest(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40})
	refused(t, g, &ElementFound{ID: "barrels"}, "rule.quest.none")
	refused(t, g, &ConditionMet{ID: "king-slain"}, "rule.quest.none")
	refused(t, g, &SectionRevealed{Section: "cellar", Kind: "room"}, "rule.quest.none")
}

// What is found or happens is logged by its name, in every language, never
// by its id; a secret door (an exit, with no name) says so.
func TestFoundAndMetAreNamed(t *testing.T) {
	cases := []struct {
		name    string
		event   Event
		wantID  string
		wantArg string
		wantEN  string
	}{
		{"an element", &ElementFound{ID: "barrels"}, "log.element_found", "NameText", "Barrels"},
		{"a secret door", &ElementFound{ID: "cellar-secret"}, "log.secret_door_found", "", ""},
		{"a condition", &ConditionMet{ID: "king-slain"}, "log.condition_met", "LabelText", "The Rat King is slain"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := questGame(t, testQuest(t, nil))
			play(t, g, &SectionRevealed{Section: "cellar"})
			r, err := g.Apply(c.event)
			if err != nil {
				t.Fatal(err)
			}
			m := r.Log[0]
			if m.ID != c.wantID {
				t.Fatalf("logged %s, want %s", m.ID, c.wantID)
			}
			if c.wantArg != "" {
				if text, _ := m.Args[c.wantArg].(map[string]string); text["en"] != c.wantEN || text["es"] == "" {
					t.Fatalf("%s = %v, want %q in English and a Spanish text", c.wantArg, m.Args[c.wantArg], c.wantEN)
				}
			}
		})
	}
}

// Revealing and Finding show what a game's reveal and find show: the
// section and the texts they trigger, once, and never change the state
// they start from.
func TestRevealingAndFindingAsAGameDoes(t *testing.T) {
	g := tombGame(t)
	setup, start := g.Setup(), g.State()
	s := start.Revealing(setup, "ember-shrine").Finding(setup, "shrine-secret-door")
	for _, want := range []string{ReadSection + "ember-shrine", ReadText + "secret-door-note"} {
		if !slices.Contains(s.ReadAloud, want) {
			t.Errorf("%s not read: %v", want, s.ReadAloud)
		}
	}
	if !slices.Contains(s.Revealed, "ember-shrine") || !slices.Contains(s.Found, "shrine-secret-door") {
		t.Fatalf("revealed %v, found %v", s.Revealed, s.Found)
	}
	again := s.Finding(setup, "shrine-secret-door")
	if n := len(again.TextsShown); n != len(s.TextsShown) {
		t.Fatalf("a text shown twice: %v", again.TextsShown)
	}
	if slices.Contains(start.Revealed, "ember-shrine") || len(start.Found) != 0 {
		t.Fatal("the state it started from changed")
	}
}
