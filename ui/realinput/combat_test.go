package realinput

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/actions"
	"github.com/dunconductor/conductor/ui/probe"
)

// TestCombatRangeAndActionsByRealInput plays the Tomb from a seeded new
// game to its first spawn (at 1280×800 in Spanish in `make test`; at
// either size in either language in the full matrix), by real clicks and
// keys: after the Initiative the card asks whether any hero is
// within 12 squares of an enemy, with both answers in sight with their own keys, and a click
// answers it ("The Turn, Movement and Exploring Actions", EXPLORATION AND
// COMBAT); in that combat turn an exploration action (disarming a trap) is
// refused in the action panel with its reason and its buttons disabled,
// and allowed once "no enemy has line of sight" is ticked, the roll then
// recorded with its −1 (ACTIVATION AND ACTIONS).
func TestCombatRangeAndActionsByRealInput(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{wide1280es, small1024es, small1024en, wide1280en}, playCombat)
}

// toFirstSpawn opens a seeded new Tomb game of three heroes and plays it,
// by real input, to its first spawn paid: the Initiative is due.
func toFirstSpawn(t *testing.T, s screen) *tombPlayer {
	t.Helper()
	p := newSeededTombPlayer(t, s, tombSetup{heroes: []string{"Aldric", "Bren", "Cora"}})
	p.newTurn()
	p.openExit("gatehouse")
	p.roll("")
	p.reveal()
	p.roll("e")
	p.activate()
	p.pay()
	return p
}

func playCombat(t *testing.T, s screen) {
	p := toFirstSpawn(t, s)
	p.take(p.main("Initiative"), "Initiative")

	// (a) The range question leads (after the ADP's turn, if it won the
	// Initiative), both answers in sight with their keys.
	squares := map[string]any{"Squares": 12}
	near := p.T("choice.combat_range.near", squares)
	for range 40 {
		b := p.main("a step before the range question")
		if b.label == near {
			break
		}
		switch {
		case p.like("choice.roll_app").MatchString(b.label):
			p.take(b, "the Scenario Die")
		case p.like("ui.card.activate").MatchString(b.label):
			p.discardDrawn()
		case p.like("choice.adp_combat_turn").MatchString(b.label):
			p.take(b, "the ADP's combat turn")
		case p.like("choice.creature_done", "Name").MatchString(b.label):
			p.take(b, "a creature's activation")
		case p.like("choice.new_turn", "Turn").MatchString(b.label):
			p.take(b, "a new turn")
		default:
			p.a.Fail("the card leads with %q, not the range question", b.Text)
		}
	}
	yes := p.main("the range question")
	if yes.key != "C" {
		p.a.Fail("the answer yes has the key %q, not its own C", yes.key)
	}
	p.cardButton(p.T("choice.combat_range.far", squares), "X") // no, in sight with X
	p.click(yes.Target)
	p.step("the heroes within 12 squares: %s (clicked)", yes.label)
	p.wait("the ADP's combat turn due for the range", func(d probe.Dump) bool {
		b, ok := mainButton(d)
		return ok && p.like("choice.adp_combat_turn").MatchString(b.label)
	})

	// (b) An exploration action in this combat turn: refused with its reason.
	p.toEvents() // the card's other tab, or column
	p.click(p.find("Hero action…", Button(p.T("ui.events.action", nil))))
	p.find("the heroes' action panel", text(p.T("ui.action.title", nil)))
	p.pick(p.T("action.open_lock", nil), p.T("action.disarm_trap", nil))
	refusal := p.T("rule.situation.combat_exploration", map[string]any{"ActionKey": "action.disarm_trap"})
	record := p.T("ui.action.record", nil)
	disabled := func(want bool) func(probe.Dump) bool {
		return func(d probe.Dump) bool {
			_, objs := tombTop(d)
			for _, o := range objs {
				if o.Kind == "widget.Button" && o.Text == record {
					return o.Disabled == want
				}
			}
			return false
		}
	}
	p.wait("the refusal said and Record disabled", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		said := false
		for _, o := range objs {
			said = said || strings.Contains(strings.Join(strings.Fields(o.Text), " "), strings.Join(strings.Fields(refusal), " ")[:40])
		}
		return said && disabled(true)(d)
	})
	p.step("refused in combat: %s", refusal)

	// Ticked "no line of sight": allowed, and rolled at −1.
	los := p.T("situation."+actions.NoLineOfSight, nil)
	p.click(p.find("the tick box "+los, func(o probe.Object) bool { return o.Kind == "widget.Check" && o.Text == los }))
	p.wait("Record enabled", disabled(false))
	for i, face := range []int{6, 5} {
		f := strconv.Itoa(face)
		p.clickQuiet(p.intoNth(fmt.Sprintf("die %d's %d", i+1, face), nth(i, func(o probe.Object) bool {
			return o.Kind == "widget.Button" && o.Text == f
		})))
	}
	p.click(p.find(record, Button(record)))
	counted := p.T("result.situation", map[string]any{"SituationKey": "situation." + actions.NoLineOfSight, "Modifier": -1})
	p.wait("the result with its −1", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		for _, o := range objs {
			if strings.Contains(o.Text, counted) {
				return true
			}
		}
		return false
	})
	p.step("recorded with no line of sight: %s", counted)
	p.a.Shot("combat-action-" + s.lang)
	s.fitsScreen(p.a, p.now())
}
