package realinput

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// A whole solo Dragon Canyon game by real input, in Spanish at
// 1024×768, counting what a person does (clicks, keys, wheel turns). Rules:
// the Dragon Canyon solo AI text, "Game Play", "Game End" and "Objective
// Scoring". The reminders stay until ticked; the
// player's stash and caravan fill themselves; the log has a tab of its own.

const dcSoloName = "Dragon Canyon solo"

// dcSoloSetup is a solo game on normal with virtual decks in a known
// order. The market stack (3) is the one the player empties: the game
// ends in round 7 when the player buys its last tile; the AI never buys a
// market.
func dcSoloSetup() dragoncanyon.Setup {
	s := dragoncanyon.Setup{Players: 1, Difficulty: dragoncanyon.Normal, Seed: 11, Dragon: dragoncanyon.Pos{1, 1}}
	res := []string{dragoncanyon.Wood, dragoncanyon.Food, dragoncanyon.Stone, dragoncanyon.Bone}
	for r := range dragoncanyon.Size {
		var row []dragoncanyon.TileSetup
		for c := range dragoncanyon.Size {
			row = append(row, dragoncanyon.TileSetup{Resource: res[(r+c)%4], Amount: 1 + (r*c)%2})
		}
		s.Board = append(s.Board, row)
	}
	s.Board[0][3].Canyon, s.Board[3][0].Canyon = true, true
	s.Buildings = []dragoncanyon.Building{
		{ID: "training_ground", Name: "Training Ground", Stack: 6, VP: 2},
		{ID: "guard_tower", Name: "Guard Tower", Stack: 6, VP: 3},
		{ID: "market", Name: "Market", Stack: 3, VP: 4},
	}
	card := func(r, c int, action string, strength int, building string) dragoncanyon.ActionCard {
		return dragoncanyon.ActionCard{Tile: dragoncanyon.Pos{r, c}, Action: action, Start: "up", Turn: "cw", Strength: strength, Building: building}
	}
	s.ActionDeck.Cards = []dragoncanyon.ActionCard{
		card(2, 2, "fight", 0, "guard_tower"),
		card(3, 3, "fight", 1, "training_ground"),
		card(1, 3, "dragon", 0, "guard_tower"),
		card(4, 2, "fight", 2, "training_ground"),
		card(2, 4, "fight", 1, "guard_tower"),
		card(3, 1, "dragon", 0, "training_ground"),
		card(1, 2, "fight", 1, "guard_tower"),
		card(4, 4, "fight", 0, "training_ground"),
	}
	for i := range s.ActionDeck.Cards {
		s.ActionDeck.Order = append(s.ActionDeck.Order, i)
	}
	for i := range 8 {
		s.ForceDeck.Cards = append(s.ForceDeck.Cards, dragoncanyon.ForceCard{Strength: 1 + i%3})
		s.ForceDeck.Order = append(s.ForceDeck.Order, i)
	}
	return s.Normalize()
}

func seedDCSolo(t *testing.T) string { return seedDCGame(t, dcSoloName, dcSoloSetup(), nil) }

// soloTable is what the table publishes, with the counts this test reads.
type soloTable struct {
	Seat, Phase, Pending string
	Records              int
	Free                 []string
	Reminders            int
	Stash, Load, Round   int
	// OnCard are the reminders asked on the card as a step (the
	// gathering); Festivals the lines the player's own cards completed.
	OnCard    int `json:"on_card"`
	Festivals int
}

// soloPlay drives the table and counts what a person does.
type soloPlay struct {
	*dcPlay
	clicks, keys, wheels int
	// fights with something in the player's caravan, and of those the
	// ones whose form had its caravan ticked already
	carried, filled int
	wheeled         map[string]int // wheel turns by what they brought in sight
	// gathered: the gathering steps ticked with the card's key; festivals:
	// the festivals of the player's own lines held with it
	gathered, festivals int
}

func (p *soloPlay) state() soloTable {
	var v soloTable
	_ = json.Unmarshal([]byte(p.a.Settle().Values["dc.table"]), &v)
	return v
}

// press presses the main key and waits for one more record.
func (p *soloPlay) press(k string) {
	p.t.Helper()
	n := p.state().Records
	p.keys++
	p.a.Key(k)
	p.a.Wait("a record after "+k, func(d probe.Dump) bool { return p.table(d).Records > n })
}

// tap clicks what match finds, turning the wheel over its column first
// until it is wholly in sight (each turn counted).
func (p *soloPlay) tap(what string, match func(probe.Object) bool) {
	p.t.Helper()
	down := 0
	for range 30 {
		p.a.Settle()
		tg := p.a.Find("", what, match)
		if tg.OnScreen {
			p.clicks++
			p.a.Click(tg)
			return
		}
		if down == 0 {
			down = 5
			if tg.Y < tg.Window.H/2 {
				down = -5
			}
		}
		p.wheels++
		if p.wheeled == nil {
			p.wheeled = map[string]int{}
		}
		p.wheeled[what]++
		p.a.Wheel(tg.Window.Title, tg.X+tg.W/2, tg.Window.H/2, tg.Window.Scale, down)
	}
	p.a.Fail("%s never comes in sight", what)
}

// tapRecorded taps and waits for one more record.
func (p *soloPlay) tapRecorded(what string, match func(probe.Object) bool) {
	p.t.Helper()
	n := p.state().Records
	p.tap(what, match)
	p.a.Wait(what, func(d probe.Dump) bool { return p.table(d).Records > n })
}

// step answers the step the AI's turn waits for, as a person would: N for
// the app's own cards, the stomp's fact, the fight form (the die; the
// caravan is filled in), the objectives, the score.
func (p *soloPlay) step(s soloTable) {
	p.t.Helper()
	switch s.Pending {
	case "stomp":
		p.tapRecorded("stomp none", Button(p.T("choice.dc.stomp.none", nil)))
	case "fight":
		if s.Load > 0 {
			// The form's caravan is ticked from what the app counts.
			p.carried++
			ticked := false
			for _, w := range p.a.Settle().Windows {
				for _, o := range w.Objects {
					ticked = ticked || strings.HasPrefix(o.Name, "dc.fight.caravan.") && o.Checked
				}
			}
			if ticked {
				p.filled++
			}
		}
		p.tap("die 3", exactly("3"))
		p.press("n") // the form's button, the card's main key
	case "objective":
		p.press("n") // done, nothing changes on the table: the card's main key
	case "score":
		p.press("n") // the score as the form starts it: the buildings' points
	default:
		p.press("n")
	}
}

// TestDragonCanyonSoloGameByRealInput: a whole solo game, 7
// rounds and the AI's last turn, by real input in Spanish at 1024×768.
// Each round the player places a card on the first free tile, ticks the
// reminders done in one tap, and from round 5 buys a Market (the third
// empties its stack: "Game End"); fights take the die only, the caravan
// filled from what the app counts; at the end the objectives and the
// score (started from the buildings' points). Checks on the way: the
// reminders stay open across entries until ticked; the player's stash and
// caravan move with gathering and stockpile; the log tab shows at least
// six lines; the card's main button stays in sight with reminders open.
func TestDragonCanyonSoloGameByRealInput(t *testing.T) {
	t.Parallel()
	start := time.Now()
	a := Start(t, Options{Lang: "es", Width: 1024, Height: 768, DB: seedDCSolo(t)})
	p := &soloPlay{dcPlay: &dcPlay{t: t, a: a, tr: translations.New("es")}}
	cont := Button(p.T("ui.saves.continue", map[string]any{"Name": dcSoloName}))
	p.tap("continue", cont)
	a.Wait("the table", func(d probe.Dump) bool { return d.Values["dc.table"] != "" })
	market := p.T("ui.dc.building", map[string]any{"Building": dragoncanyon.BuildingText(dcSoloSetup(), "market")})
	bought, sawReminderStay, sawLoad, sawStash := 0, false, false, false
	for range 400 {
		s := p.state()
		if s.Phase == "over" {
			break
		}
		if s.Reminders > 0 && (s.Phase == "scoring" || s.Pending == "fight" || s.Pending == "stomp") {
			// The table does what the reminders say before a form or a
			// question of its own, and ticks them all.
			p.tapRecorded("all done", Named("dc.reminders.all"))
			continue
		}
		if s.OnCard > 0 && s.Pending == "" && s.Phase != "scoring" {
			// The gathering is the card's step: N ticks it, nothing else.
			p.mainInSight("choice.dc.reminder_done", "the gathering")
			p.press("n")
			if after := p.state(); after.OnCard != s.OnCard-1 || after.Reminders != s.Reminders-1 || after.Seat != s.Seat || after.Phase != s.Phase {
				a.Fail("N on the gathering step: %+v, then %+v", s, after)
			}
			p.gathered++
			continue
		}
		if s.Seat != "p1" || s.Pending != "" {
			p.step(s)
			// Nothing ticked: the reminders open before are open after.
			if after := p.state(); s.Reminders > 0 && after.Phase != "over" && after.Reminders >= s.Reminders {
				sawReminderStay = true
			} else if s.Reminders > 0 && after.Phase != "over" {
				a.Fail("%d reminders open before a step, %d after", s.Reminders, after.Reminders)
			}
			continue
		}
		// The table does what the reminders say, then ticks them all.
		if s.Reminders > 0 {
			p.mainInSight("choice.dc.turn_ended", "reminders open")
			if s.Round == 2 {
				a.Shot("solo-reminders")
			}
			p.tapRecorded("all done", Named("dc.reminders.all"))
		}
		// Player 1's turn. The reminders open now stay after an entry.
		if len(s.Free) == 0 {
			a.Fail("no free tile in round %d", s.Round)
		}
		r, c := int(s.Free[0][0]-'0'), int(s.Free[0][2]-'0')
		p.tap("tile", Named(tileName(r, c)))
		p.tapRecorded("place", Button(p.T("ui.dc.do.place", nil)))
		if s.Stash > 0 {
			sawStash = true
		}
		if s.Round == 3 {
			// The log as a tab of its own: at least six lines in sight.
			p.tap("log tab", tabText(p.T("ui.dc.tab.log", nil)))
			lines := p.onScreenIn("dc.log")
			if lines < 6 {
				a.Fail("the log tab shows %d lines at 1024×768", lines)
			}
			a.Shot("solo-log")
			p.tap("players tab", tabText(p.T("ui.dc.tab.board", nil)))
		}
		if s.Round == 4 {
			// What the app cannot see, said: one Bone more in the stash.
			p.tap("correct", Named("dc.correct"))
			a.Wait("the correction", func(d probe.Dump) bool { return p.a.last.Values != nil && len(d.Windows) > 0 })
			a.Shot("solo-correct")
			p.tap("bone +", func(o probe.Object) bool {
				return o.Layer > 0 && o.Kind != "text" && o.Text == "+" && p.inside(o, "dc.correct.stash.bone")
			})
			p.tapRecorded("save", Named("dc.correct.save"))
			// The counts and their correction are at the top of the
			// Players tab: in sight without a wheel turn.
			if n := p.wheeled["correct"]; n > 0 {
				a.Fail("Correct resources took %d wheel turns to bring in sight", n)
			}
			if got := p.state().Stash; got != s.Stash+1 {
				a.Fail("corrected: the stash counts %d, want %d", got, s.Stash+1)
			}
		}
		if s.Round >= 5 && bought < 3 {
			if bought == 0 {
				p.tap("building list", Named("dc.building"))
				p.tap(market, popUpItem(market))
			}
			// The deck list gives no cost: the question of what was paid
			// (nothing counted to pay with here) comes first.
			p.tap("buy", Button(p.T("ui.dc.do.buy", nil)))
			p.tapRecorded("buy in the question", func(o probe.Object) bool { return o.Layer > 0 && o.Name == "dc.paid.buy" })
			bought++
		}
		// A line the player's own card completed: its festival is the
		// card's step, on the main key, before the turn ends.
		for f := p.state(); f.Festivals > 0; f = p.state() {
			p.press("n")
			if after := p.state(); after.Festivals != f.Festivals-1 || after.Seat != "p1" {
				a.Fail("N on the festival due: %+v, then %+v", f, after)
			}
			p.festivals++
		}
		p.press("n") // end the turn: the gathering fills the caravan
		if p.state().Load > 0 {
			sawLoad = true
		}
	}
	s := p.state()
	if s.Phase != "over" || bought != 3 {
		a.Fail("the game did not end: %+v, %d markets bought", s, bought)
	}
	a.Shot("solo-over")
	if !sawReminderStay || !sawLoad || !sawStash {
		a.Fail("reminders stayed %v, caravan counted %v, stash counted %v", sawReminderStay, sawLoad, sawStash)
	}
	if p.gathered == 0 {
		a.Fail("no gathering was asked on the card")
	}
	if p.carried == 0 || p.filled != p.carried {
		a.Fail("%d fights with a caravan, %d of them with the form's caravan ticked", p.carried, p.filled)
	}
	// The score as the form started it: Player 1's three Markets.
	a.Kill()
	var scored *dragoncanyon.GameScored
	for _, e := range dcEvents(t, a.DB) {
		if g, ok := e.(*dragoncanyon.GameScored); ok {
			scored = g
		}
	}
	if scored == nil || len(scored.Players) != 1 || scored.Players[0] != 3*4 {
		t.Fatalf("the score saved: %+v, want Player 1's 12 (three Markets)", scored)
	}
	t.Logf("solo game: round %d, %d clicks, %d keys, %d wheel turns (%d actions) in %v; by hand before: 144 actions, ~43 scrolls",
		s.Round, p.clicks, p.keys, p.wheels, p.clicks+p.keys+p.wheels, time.Since(start).Round(time.Second))
	t.Logf("wheel turns by what they brought in sight: %v; fights with a caravan: %d, its boxes ticked by the app: %d", p.wheeled, p.carried, p.filled)
	t.Logf("gathering steps ticked on the card's key: %d; festivals of the player's own lines held on it: %d", p.gathered, p.festivals)
}

// onScreenIn counts the texts wholly on screen inside a named control.
func (p *soloPlay) onScreenIn(name string) int {
	d := p.a.Settle()
	n := 0
	for _, w := range d.Windows {
		box, ok := namedIn(w, name)
		if !ok {
			continue
		}
		for _, o := range w.Objects {
			if o.Kind == "text" && o.Text != "" && o.OnScreen && o.Y >= box.Y && o.Y+o.H <= box.Y+box.H+1 && o.X >= box.X && o.X < box.X+box.W {
				n++
			}
		}
	}
	return n
}

// tabText is a tab's title (the probe sees a tab as its text).
func tabText(s string) func(probe.Object) bool {
	return func(o probe.Object) bool { return o.Kind == "text" && o.Text == s && o.Layer == 0 }
}

// inside says whether o lies within the named control of its layer.
func (p *soloPlay) inside(o probe.Object, name string) bool {
	for _, w := range p.a.last.Windows {
		for _, b := range w.Objects {
			if b.Name == name && b.Layer == o.Layer && o.X >= b.X && o.X+o.W <= b.X+b.W+1 && o.Y >= b.Y && o.Y+o.H <= b.Y+b.H+1 {
				return true
			}
		}
	}
	return false
}
