package dun

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/dice"
)

// promptIDs are the IDs of the prompts the card shows now, in order.
func promptIDs(g *Game) []string {
	var ids []string
	for _, p := range g.Prompts() {
		ids = append(ids, p.ID)
	}
	return ids
}

// "Power Cards": a lasting card's effect goes on "until the creature that
// benefits from it is removed from the game". A quest's effect on its
// Leader (recovering Vitality each turn) is the Leader's in the same way:
// once the Leader leaves the board, the reminder ends, however it left; a
// Leader placed again brings it back.
func TestLeaderEffectEndsWithTheLeader(t *testing.T) {
	king := &CreatureAdded{ID: "rat-king", Name: "Rat King", Behaviour: "melee", Level: bestiary.LevelLeader, VP: 12}
	den := []Event{&NewTurn{}, &SectionRevealed{Section: "cellar"}, die(dice.Power),
		&SectionRevealed{Section: "den"}, &Spawn{Cost: 0}, die(dice.Power), &MainRoomPlaced{},
		&Initiative{Hero: side(4, 3, 6, 6), ADP: side(2, 2, 2, 2)}}
	cases := []struct {
		name     string
		events   []Event
		reminder bool
	}{
		{"the den's text shown, no Leader on the roster yet: reminded", nil, true},
		{"the Leader on the roster with no Vitality to heal there: reminded", []Event{king}, true},
		{"the Leader slain and taken off the board: it ends", []Event{king, &CreatureRemoved{ID: "rat-king"}}, false},
		{"taken off, a new turn after: still ended", []Event{king, &CreatureRemoved{ID: "rat-king"}, &NewTurn{}}, false},
		{"the Leader placed again: reminded again", []Event{king, &CreatureRemoved{ID: "rat-king"}, king}, true},
		{"the Leader crumbled with the others by a quest text: it ends", []Event{king, orc("orc-1"), &ConditionMet{ID: "king-slain"}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := questGame(t, effectsQuest(t))
			play(t, g, den...)
			play(t, g, c.events...)
			if got := slices.Contains(promptIDs(g), "prompt.quest.regenerates"); got != c.reminder {
				t.Fatalf("reminder %v, want %v: %q", got, c.reminder, promptIDs(g))
			}
		})
	}
}

// A door a quest's text unlocked is offered on the card as an unlocked
// door, not as a locked one.
func TestUnlockedDoorIsNamedSo(t *testing.T) {
	g := questGame(t, effectsQuest(t))
	play(t, g, &NewTurn{}, &SectionRevealed{Section: "cellar"}, die(dice.Power))
	kind := func() string {
		for _, p := range g.Prompts() {
			for _, c := range p.Choices {
				if e, ok := c.Event.(*ExitOpened); ok && e.Section == "den" {
					return c.Args["KindKey"].(string)
				}
			}
		}
		return ""
	}
	if k := kind(); k != "" {
		t.Fatalf("the locked door is offered as %q", k)
	}
	play(t, g, &ConditionMet{ID: "drain-blocked"}) // its text unlocks the den
	if k := kind(); k != "ui.quest.exit.unlocked_door" {
		t.Fatalf("the unlocked door is offered as %q", k)
	}
}

// The texts a reveal brings are on the card to read aloud, after the
// step's own prompts (its buttons stay first): the section's text and its
// red box with a Read aloud input, an ADP note without. They stay until the
// next exit opened or the next turn; newer texts replace them.
func TestTextsToReadOnTheCard(t *testing.T) {
	g := questGame(t, effectsQuest(t))
	reading := func() []string {
		var out []string
		for _, p := range g.Prompts() {
			switch p.ID {
			case "prompt.read.section", "prompt.read.red", "prompt.read.adp":
				entry, _ := p.Args["Entry"].(string)
				out = append(out, p.ID+" "+p.Input+" "+entry)
			}
		}
		return out
	}
	want := func(what string, w ...string) {
		t.Helper()
		if got := reading(); !slices.Equal(got, w) {
			t.Fatalf("%s: reading %q, want %q", what, got, w)
		}
	}
	want("at the start")
	play(t, g, &NewTurn{}, &ExitOpened{Section: "cellar"}, die(dice.Power))
	want("an exit opened")
	play(t, g, &SectionRevealed{Section: "cellar"})
	want("the cellar revealed", "prompt.read.section read_aloud section:cellar")
	if ps := g.Prompts(); ps[0].Input != InputDie || ps[len(ps)-1].ID != "prompt.read.section" {
		t.Fatalf("the text does not come after the roll: %q", promptIDs(g))
	}
	play(t, g, die(dice.Power))
	want("the roll made", "prompt.read.section read_aloud section:cellar")
	play(t, g, &ElementFound{ID: "barrels"})
	want("the barrels found", "prompt.read.adp read_aloud text:barrels-note")
	play(t, g, &NewTurn{})
	want("a new turn")
	play(t, g, &ConditionMet{ID: "drain-blocked"})
	want("the drain blocked", "prompt.read.red read_aloud text:drain-box")
	play(t, g, &ExitOpened{Section: "den"})
	want("the unlocked door opened")
	play(t, g, die(dice.Power), &SectionRevealed{Section: "den"})
	want("the den revealed", "prompt.read.section read_aloud section:den", "prompt.read.red read_aloud text:den-box")
}
