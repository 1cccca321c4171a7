package realinput

import (
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// Dragon Canyon by real input: a player's own line is the
// card's festival step (N holds it); a building whose deck list gives a
// cost is refused on a stash that cannot pay, saying what is short, with
// the counts and Correct resources in sight at the top of the Players tab
// (no wheel turn); the gathering at the end of the turn is the card's step
// (N ticks it). In Spanish at 1024×768 and in English at 1280×800.
func TestDragonCanyonOwnLineAndCostByRealInput(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{wide1280en, small1024es}, func(t *testing.T, c screen) {
		a := Start(t, Options{Lang: c.lang, Width: c.w, Height: c.h, DB: seedDCLines(t)})
		p := &soloPlay{dcPlay: &dcPlay{t: t, a: a, tr: translations.New(c.lang)}}
		p.open()
		s := p.state()
		if s.Seat != "p1" || s.Festivals != 0 {
			a.Fail("not Player 1's turn, nothing due: %+v", s)
		}
		// The counts and their correction: at the top of the Players
		// tab, in sight as the turn starts (reminders open too).
		for _, name := range []string{"dc.resources", "dc.correct"} {
			if tg := p.a.Find("", name, Named(name)); !tg.OnScreen {
				a.Fail("%s is out of sight at the top of the Players tab", name)
			}
		}
		a.Shot("turn-start")
		// The fourth card of row 4: the festival is the card's step.
		p.tap("tile 4,4", Named(tileName(4, 4)))
		p.tapRecorded("place", Button(p.T("ui.dc.do.place", nil)))
		if s = p.state(); s.Festivals != 1 {
			a.Fail("row 4 completed by Player 1's card: %d festivals due", s.Festivals)
		}
		festival := p.T("choice.dc.festival", map[string]any{"LineKey": "ui.dc.line.row", "Index": 4})
		p.a.Find("", "the festival's button", func(o probe.Object) bool {
			return o.Kind != "text" && o.OnScreen && strings.HasPrefix(o.Text, festival) && strings.Contains(o.Text, "[N]")
		})
		a.Shot("festival-due")
		p.press("n")
		if s = p.state(); s.Festivals != 0 || s.Seat != "p1" {
			a.Fail("N on the festival: %+v", s)
		}
		// One more card, for the gathering at the end of the turn (the
		// festival took the row's cards off).
		p.tap("tile 3,3", Named(tileName(3, 3)))
		p.tapRecorded("place", Button(p.T("ui.dc.do.place", nil)))
		// A Market costs 5 Stone: the stash cannot pay; the reason says
		// so, the counts and their correction in sight as they are.
		market := p.T("ui.dc.building", map[string]any{"Building": dragoncanyon.BuildingText(dcLinesSetup(), "market")})
		p.tap("building list", Named("dc.building"))
		p.tap(market, popUpItem(market))
		// Buy is off, core's reason under it, in sight.
		why := p.T("rule.dc.building.cost", map[string]any{"Building": dragoncanyon.BuildingText(dcLinesSetup(), "market"),
			"ResourceKey": "ui.dc.res.stone", "Value": 5, "Have": 0})
		p.tap("the reason under Buy", Named("dc.buy.why"))
		reason := p.a.Find("", "the reason under Buy", Named("dc.buy.why"))
		if !strings.Contains(reason.Text, why) || !reason.OnScreen {
			a.Fail("under Buy: %q (in sight %v), want %q", reason.Text, reason.OnScreen, why)
		}
		buy := p.a.Find("", "buy", Button(p.T("ui.dc.do.buy", nil)))
		if !buy.Disabled {
			a.Fail("Buy is offered on a stash that cannot pay")
		}
		a.Shot("cost-refused")
		// The turn ends: the gathering is the card's step, N ticks it.
		p.press("n")
		if s = p.state(); s.OnCard == 0 || s.Seat == "p1" {
			a.Fail("the turn ended, no gathering on the card: %+v", s)
		}
		p.mainInSight("choice.dc.reminder_done", "the gathering")
		a.Shot("gathering-step")
		p.press("n")
		if after := p.state(); after.OnCard != s.OnCard-1 || after.Phase != s.Phase {
			a.Fail("N on the gathering: %+v, then %+v", s, after)
		}
		t.Logf("%d clicks, %d keys, %d wheel turns (%v)", p.clicks, p.keys, p.wheels, p.wheeled)
		a.Kill()
		var held bool
		for _, e := range dcEvents(t, a.DB) {
			if f, ok := e.(*dragoncanyon.FestivalHeld); ok && f.Line == (dragoncanyon.Line{Kind: dragoncanyon.Row, Index: 4}) {
				held = true
			}
		}
		if !held {
			t.Fatal("no festival on row 4 saved")
		}
	})
}

// dcLinesSetup is the solo game of dcSoloSetup with a Market that costs
// 5 Stone (cost=stone:5 on its deck-list line).
func dcLinesSetup() dragoncanyon.Setup {
	s := dcSoloSetup()
	for i := range s.Buildings {
		if s.Buildings[i].ID == "market" {
			s.Buildings[i].Cost = dragoncanyon.Cost{Stone: 5}
		}
	}
	return s
}

// seedDCLines saves dcLinesSetup's game at Player 1's first turn with
// three of their cards in row 4 (the AI's first turn as its prompts lead).
func seedDCLines(t *testing.T) string {
	return seedDCGame(t, dcName, dcLinesSetup(), func(dc *dragoncanyon.Game, apply func(engine.Event)) {
		for range 30 {
			if dc.State().Phase == dragoncanyon.PhasePlayers {
				break
			}
			ps := dc.Prompts()
			p := ps[len(ps)-1]
			if len(p.Choices) == 0 {
				t.Fatalf("the AI's turn waits for %s", p.ID)
			}
			apply(p.Choices[0].Event)
		}
		for _, c := range []int{1, 2, 3} {
			apply(&dragoncanyon.ForcePlaced{Player: 1, Tile: dragoncanyon.Pos{4, c}})
		}
	})
}
