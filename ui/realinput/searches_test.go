package realinput

import (
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/ui/probe"
)

// TestSearchesByRealInput ("SEARCHING ROOMS (E)" in the turn
// and movement text, "Setup" step 3 and "Rotating Conductor" in the ADP
// text): at 1024×768 in English (and in Spanish and at 1280×800 in the
// full matrix), a seeded new game of the Tomb with a rotating Conductor. The setup card says the Leader comes without
// upgrades, Magic Object or Relic, and picks the first Conductor at random
// by a click, naming the player by the hero. Then the Gatehouse is
// revealed; in the heroes' action panel the room to search offers it and
// not the corridor the heroes started in; a search of it is rolled by a
// click, and a second one is refused with the reason on screen, with
// the override offered.
func TestSearchesByRealInput(t *testing.T) {
	t.Parallel()
	heroes := []string{"Aldric", "Bren", "Cora"}
	onScreens(t, []screen{small1024en, small1024es, wide1280en}, func(t *testing.T, s screen) {
		lang := s.lang
		p := newSeededTombPlayer(t, s, tombSetup{heroes: heroes, rotating: true})

		// The setup card: the Leader's line, then the random pick.
		p.find("the Leader's setup line", contains(p.T("prompt.setup.leader_bare", nil)[:30]))
		p.click(p.find("the random pick", Button(p.T("choice.conductor_pick", nil))))
		picked := ""
		p.wait("the Conductor picked, by name", func(d probe.Dump) bool {
			_, objs := tombTop(d)
			for i, h := range heroes {
				want := p.T("prompt.conductor.picked", map[string]any{"Hero": h, "Index": i + 1})
				if slices.ContainsFunc(objs, contains(want[:len(want)/2])) && slices.ContainsFunc(objs, contains(h)) {
					picked = h
					return true
				}
			}
			return false
		})
		p.step("the Conductor picked at random: %s", picked)
		if lang == "es" {
			p.a.Shot("conductor-picked")
		}

		// The Gatehouse revealed.
		p.newTurn()
		p.openExit("gatehouse")
		p.roll("")
		p.reveal()
		p.settle()

		// The heroes' action panel: search a room.
		p.toEvents()
		p.click(p.find("Hero action…", Button(p.T("ui.events.action", nil))))
		p.find("the heroes' action panel", text(p.T("ui.action.title", nil)))
		p.pick(p.T("action.open_lock", nil), p.T("action.search_room", nil))
		gatehouse, stair := p.sectionName("gatehouse"), p.sectionName("ash-stair")
		sel := p.find("the room searched", Named("dun.action.search_target"))
		if sel.Selected != gatehouse {
			p.a.Fail("the room offered first is %q, not %q", sel.Selected, gatehouse)
		}
		// Its options: the Gatehouse, never the corridor.
		// The menu's option, over the panel: not the drop-down's own text.
		option := func(o probe.Object) bool { return text(gatehouse)(o) && o.Layer > sel.Layer }
		p.click(sel)
		p.find("the option "+gatehouse, option)
		_, objs := tombTop(p.now())
		if slices.ContainsFunc(objs, text(stair)) {
			p.a.Fail("the corridor %q is offered to search", stair)
		}
		p.click(p.find("the option "+gatehouse, option))

		p.click(p.find(p.T("ui.action.roll", nil), Button(p.T("ui.action.roll", nil))))
		p.wait("the search's result", func(d probe.Dump) bool {
			_, objs := tombTop(d)
			return slices.ContainsFunc(objs, contains(p.T("action.search_room", nil)+":"))
		})
		// The same room again: refused, with the reason shown.
		p.click(p.find(p.T("ui.action.roll", nil), Button(p.T("ui.action.roll", nil))))
		reason := p.T("rule.search.room_searched", map[string]any{"Section": gatehouse})
		p.wait("the refusal's reason", func(d probe.Dump) bool {
			_, objs := tombTop(d)
			return slices.ContainsFunc(objs, contains(reason[:len(reason)/2]))
		})
		p.find("the override", Button(p.T("ui.action.override", nil)))
		p.step("a second search of %s refused: %s", gatehouse, reason)
		p.a.Shot("second-search-refused")
		s.fitsScreen(p.a, p.now())
	})
}

// contains matches any control or text showing s within its text.
func contains(s string) func(probe.Object) bool {
	return func(o probe.Object) bool { return strings.Contains(o.Text, s) }
}
