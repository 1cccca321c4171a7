package realinput

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/ui/probe"
)

// TestDoorsAndChestsByRealInput ("Opening doors and chests"):
// from a seeded new game of the Tomb, at 1024×768 in English (and in
// Spanish and at 1280×800 in the full matrix), by real clicks and keys: the Ossuary's locked door is declared (the Obstacle
// roll comes first), its lock test fails and the door stays on the card,
// Break it down… is tried
// over two turns, and the Gallery of Kings is revealed with the Scenario
// Die rolled and re-rolled (a broken door's); then the Antechamber's chest
// is declared, its Obstacle card sets a trap, the chest's test is refused
// until the trap is disarmed, and the chest is opened.
func TestDoorsAndChestsByRealInput(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{small1024en, small1024es, wide1280en}, func(t *testing.T, s screen) {
		lang := s.lang
		p := newSeededTombPlayer(t, s, tombSetup{heroes: []string{"Aldric", "Bren", "Cora"}})
		p.newTurn()
		for _, id := range []string{"gatehouse", "processional-way", "ossuary"} {
			p.openExit(id)
			p.miss()
			p.reveal()
			p.miss()
			p.discardDrawn() // the Ossuary, a large section: its card always
		}

		// "Obstacle Cards": declaring the attempt rolls for an Obstacle first.
		p.declareLock()
		p.miss()
		p.press(p.cardButton(p.T("ui.lock_test.open", nil), "L"), "l", "the lock test")
		p.recordChecked(1, 2, p.T("result.open_lock.fail", nil))
		p.doorOnCard("gallery-of-kings")
		p.breakTurn("gallery-of-kings", 3)
		p.newTurn()
		if lang == "es" {
			p.a.Shot("doors-break")
		}
		p.breakTurn("gallery-of-kings", 2)
		// The door gave way: the broken door's roll, missed and rolled again.
		p.press(p.cardButton(p.T("symbol.power", nil), "P"), "p", "the first face: a miss")
		p.press(p.cardButton(p.T("symbol.power", nil), "P"), "p", "the re-roll")
		p.logSays("log.die.rerolled", map[string]any{"SymbolKey": "symbol.power", "WantKey": "symbol.encounter", "RerollKey": "symbol.power"})
		p.logSays("log.section_revealed", map[string]any{"SectionKey": "section.corridor", "Name": p.sectionName("gallery-of-kings"), "BrokenDoor": true})

		// "Disarming Traps": the chest's trap is disarmed before it is opened.
		p.openExit("antechamber")
		p.miss()
		p.reveal()
		p.miss()
		p.declareChest(p.T("ui.quest.open_chest", map[string]any{"Name": p.elementName("funeral-offerings")}))
		p.press(p.cardButton(p.T("symbol.obstacle", nil), "O"), "o", "the Obstacle hit")
		p.press(p.cardButton(p.T("ui.card.activate", nil), "A"), "a", "the card activated")
		trapped := p.T("choice.chest_trapped", nil)
		p.click(p.find(trapped, func(o probe.Object) bool { return o.Kind != "text" && o.Text == trapped }))
		p.step("the card set a trap on the chest")
		// The chest tried from the map's list anyway: refused, with why.
		chest := p.T("ui.quest.open_chest", map[string]any{"Name": p.elementName("funeral-offerings")})
		p.tab("ui.tab.quest")
		p.click(p.find(chest, Button(chest)))
		p.recordRefused(6, 6, p.T("rule.open.chest_trapped", map[string]any{"NameText": p.elementName("funeral-offerings")}))
		p.toTable()
		p.press(p.cardButton(p.T("ui.chest.disarm", nil), "M"), "m", "the disarm")
		p.recordChecked(6, 6, p.T("result.disarm_trap.chest_free", nil))
		p.press(p.cardButton(p.T("ui.chest.test", nil), "T"), "t", "the chest's test")
		p.recordChecked(6, 6, p.T("result.open_chest.pass", nil))
		p.logSays("log.element_found", map[string]any{"ID": "funeral-offerings", "NameText": p.elementName("funeral-offerings")})
		p.a.Shot("chest-opened")
		s.fitsScreen(p.a, p.now())
	})
}

// miss answers the card's Scenario Die with a miss (Power, or Obstacle
// for a Power roll), twice when a re-roll is due.
func (p *tombPlayer) miss() {
	p.t.Helper()
	b := p.main("a roll")
	if !p.like("choice.roll_app").MatchString(b.label) {
		p.a.Fail("the card leads with %q, not the Scenario Die", b.Text)
	}
	again := p.T("ui.die.again", map[string]any{"SymbolKey": dice.SymbolKeys[dice.Power]})
	p.press(p.cardButton(p.T("symbol.power", nil), "P"), "p", "a miss")
	if _, objs := tombTop(p.now()); slices.ContainsFunc(objs, func(o probe.Object) bool { return o.Text == again }) {
		p.press(p.cardButton(p.T("symbol.power", nil), "P"), "p", "a miss again")
	}
}

// doorOnCard checks the door to section id is on the card after its lock
// failed, with Break it down… in sight.
func (p *tombPlayer) doorOnCard(id string) {
	p.t.Helper()
	want := p.T("prompt.break.door", map[string]any{"NameText": p.sectionName(id), "Count": 0, "Turns": 0})
	words := strings.Fields(want)[:4]
	p.find("the door still on the card", func(o probe.Object) bool {
		return o.Kind == "text" && strings.HasPrefix(o.Text, strings.Join(words, " "))
	})
	b := p.find("Break it down…", Named("door.break."+id))
	if !b.OnScreen {
		p.a.Fail("Break it down… is not wholly in sight")
	}
	p.step("the door stays on the card: %q", b.Text)
}

// breakTurn clicks Break it down…, adds plus to the Vitality taken off and
// records the turn.
func (p *tombPlayer) breakTurn(id string, plus int) {
	p.t.Helper()
	p.click(p.find("Break it down…", Named("door.break."+id)))
	for i := range plus {
		p.click(p.find(fmt.Sprintf("+1 (%d)", i+1), func(o probe.Object) bool { return o.Layer > 0 && o.Kind != "text" && o.Text == "+1" }))
	}
	record := p.T("ui.break.record", nil)
	p.click(p.find(record, func(o probe.Object) bool { return o.Layer > 0 && o.Kind != "text" && o.Text == record }))
	p.step("a turn of breaking it down: %d Vitality", plus)
}

// recordRefused enters two dice in the heroes' panel, records them, reads
// the refusal and closes the panel.
func (p *tombPlayer) recordRefused(d1, d2 int, why string) {
	p.t.Helper()
	p.find("the heroes' action panel", text(p.T("ui.action.title", nil)))
	for i, face := range []int{d1, d2} {
		f := strconv.Itoa(face)
		p.clickQuiet(p.intoNth(fmt.Sprintf("die %d's %d", i+1, face), nth(i, func(o probe.Object) bool {
			return o.Kind == "widget.Button" && o.Text == f
		})))
	}
	p.click(p.find(p.T("ui.action.record", nil), Button(p.T("ui.action.record", nil))))
	first := strings.Join(strings.Fields(why)[:3], " ")
	p.find("the refusal", func(o probe.Object) bool { return o.Kind == "text" && strings.Contains(o.Text, first) })
	p.step("refused: %s", why)
	p.click(p.find(p.T("ui.close", nil), Button(p.T("ui.close", nil))))
}

// logSays waits for the log to show message id's first words.
func (p *tombPlayer) logSays(id string, args map[string]any) {
	p.t.Helper()
	line := p.T(id, args)
	words := strings.Fields(line)
	first := strings.Join(words[:min(4, len(words))], " ")
	p.wait("the log saying "+line, func(d probe.Dump) bool {
		_, objs := tombTop(d)
		return slices.ContainsFunc(objs, func(o probe.Object) bool { return o.Kind == "text" && strings.HasPrefix(o.Text, first) })
	})
	p.step("the log says: %s", line)
}

// declareLock declares a hero will open the locked door the card names
// ("Obstacle Cards": its roll comes first).
func (p *tombPlayer) declareLock() {
	p.t.Helper()
	declare := p.T("choice.open_declared", nil)
	p.click(p.find(declare, func(o probe.Object) bool { return o.Kind != "text" && o.Text == declare }))
	p.step("the locked door declared")
}

// declareChest declares a hero will open the chest the map's list names.
func (p *tombPlayer) declareChest(label string) {
	p.t.Helper()
	p.tab("ui.tab.quest")
	p.click(p.find(label, Button(label)))
	p.step("the chest declared on the map: %s", label)
	p.toTable()
}

// recordChecked enters two dice in the heroes' panel, records them, waits
// for the result to say want and closes the panel.
func (p *tombPlayer) recordChecked(d1, d2 int, want string) {
	p.t.Helper()
	p.find("the heroes' action panel", text(p.T("ui.action.title", nil)))
	for i, face := range []int{d1, d2} {
		f := strconv.Itoa(face)
		p.clickQuiet(p.intoNth(fmt.Sprintf("die %d's %d", i+1, face), nth(i, func(o probe.Object) bool {
			return o.Kind == "widget.Button" && o.Text == f
		})))
	}
	p.click(p.find(p.T("ui.action.record", nil), Button(p.T("ui.action.record", nil))))
	p.find("the result", func(o probe.Object) bool { return o.Kind == "text" && strings.Contains(o.Text, want) })
	p.step("dice %d and %d recorded: %s", d1, d2, want)
	p.click(p.find(p.T("ui.close", nil), Button(p.T("ui.close", nil))))
}
