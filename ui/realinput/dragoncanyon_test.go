package realinput

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	_ "github.com/dunconductor/conductor/ui/dragoncanyon" // its messages, and the buildings' names from them, as the app has them
	"github.com/dunconductor/conductor/ui/probe"
)

// Dragon Canyon as a table plays it: a 2-player round entered by real
// clicks and keys (the Dragon Canyon solo AI text, "Game Play",
// "Defending", "Moving the Dragon").

// dcName is the saved game the tests open.
const dcName = "Dragon Canyon for two"

// dcSetup is a 2-player game on normal with virtual decks in a known
// order: the AI's first card goes on 2,2 (Stone); it defends with +2 both
// times; in round 2 it places on 3,3 and its adjacency card moves the
// dragon (a stomp). Each resource once in every row and column.
func dcSetup() dragoncanyon.Setup {
	s := dragoncanyon.Setup{Players: 2, Difficulty: dragoncanyon.Normal, Seed: 7, Dragon: dragoncanyon.Pos{1, 1}}
	res := []string{dragoncanyon.Wood, dragoncanyon.Food, dragoncanyon.Stone, dragoncanyon.Bone}
	for r := range dragoncanyon.Size {
		var row []dragoncanyon.TileSetup
		for c := range dragoncanyon.Size {
			row = append(row, dragoncanyon.TileSetup{Resource: res[(r+c)%4], Amount: 1})
		}
		s.Board = append(s.Board, row)
	}
	s.Board[0][3].Canyon, s.Board[3][0].Canyon = true, true
	s.Buildings = []dragoncanyon.Building{
		{ID: "training_ground", Name: "Training Ground", Stack: 4, VP: 2},
		{ID: "tribal_village", Name: "Tribal Village", Stack: 4, VP: 2},
		{ID: "guard_tower", Name: "Guard Tower", Stack: 4, VP: 2},
	}
	card := func(r, c int, action, start, turn string, strength int, building string) dragoncanyon.ActionCard {
		return dragoncanyon.ActionCard{Tile: dragoncanyon.Pos{r, c}, Action: action, Start: start, Turn: turn, Strength: strength, Building: building}
	}
	s.ActionDeck.Cards = []dragoncanyon.ActionCard{
		card(2, 2, "fight", "up", "cw", 0, "guard_tower"),    // round 1: the journey
		card(1, 1, "fight", "up", "cw", 2, "guard_tower"),    // player 1's attack: +2
		card(1, 1, "fight", "up", "cw", 2, "tribal_village"), // player 2's attack: +2
		card(3, 3, "fight", "up", "cw", 0, "guard_tower"),    // round 2: the journey
		card(4, 4, "dragon", "up", "cw", 0, "tribal_village"),
		card(4, 4, "fight", "down", "acw", 1, "training_ground"),
		card(4, 3, "fight", "left", "cw", 1, "tribal_village"),
		card(4, 2, "fight", "right", "acw", 1, "guard_tower"),
	}
	s.ActionDeck.Order = []int{0, 1, 2, 3, 4, 5, 6, 7}
	for range 6 {
		s.ForceDeck.Cards = append(s.ForceDeck.Cards, dragoncanyon.ForceCard{Strength: 1})
	}
	s.ForceDeck.Order = []int{0, 1, 2, 3, 4, 5}
	return s.Normalize()
}

// seedDC writes a database holding the game, before the AI's first turn:
// Player 1's stash as the table counts it (2 Wood, 1 Stone), to pay with.
func seedDC(t *testing.T) string {
	return seedDCGame(t, dcName, dcSetup(), func(_ *dragoncanyon.Game, apply func(engine.Event)) {
		apply(&dragoncanyon.PlayerCorrected{Player: 1, Stash: dragoncanyon.Resources{Wood: 2, Stone: 1}})
	})
}

// seedDCGame writes a database holding a Dragon Canyon game of setup
// under name, with the events play applies (each saved as the app saves
// it); play nil: none.
func seedDCGame(t *testing.T, name string, setup dragoncanyon.Setup, play func(g *dragoncanyon.Game, apply func(engine.Event))) string {
	t.Helper()
	js, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	g, err := dragoncanyon.Module.New(js, nil)
	if err != nil {
		t.Fatal(err)
	}
	store, id, path := savesWith(t, name, g)
	defer store.Close()
	if play != nil {
		play(g.(*dragoncanyon.Game), func(e engine.Event) {
			r, err := g.Apply(e)
			if err != nil {
				t.Fatalf("%s: %v", e.Type(), err)
			}
			if err := store.Append(id, r, g.Summary()); err != nil {
				t.Fatal(err)
			}
		})
	}
	return path
}

// dcPlay is the table screen driven by real input.
type dcPlay struct {
	t  *testing.T
	a  *App
	tr *translations.Translator
}

// dcTable is what the table publishes (probe.Value "dc.table").
type dcTable struct {
	Seat, Phase, Pending string
	Records              int
}

func (p *dcPlay) table(d probe.Dump) dcTable {
	var v dcTable
	_ = json.Unmarshal([]byte(d.Values["dc.table"]), &v)
	return v
}

// now is the table once the screen has settled.
func (p *dcPlay) now() dcTable { return p.table(p.a.Settle()) }

func (p *dcPlay) T(id string, args map[string]any) string { return p.tr.T(id, args) }

// open continues the saved game from the home screen, unless the app
// opened it again itself (after a restart).
func (p *dcPlay) open() {
	cont := Button(p.T("ui.saves.continue", map[string]any{"Name": dcName}))
	d := p.a.Wait("the saved games or the table", func(d probe.Dump) bool {
		if d.Values["dc.table"] != "" {
			return true
		}
		for _, w := range d.Windows {
			if slices.ContainsFunc(w.Objects, cont) {
				return true
			}
		}
		return false
	})
	if d.Values["dc.table"] == "" {
		p.a.Click(p.a.Find("", "Continue", cont))
	}
	p.a.Wait("the table", func(d probe.Dump) bool { return d.Values["dc.table"] != "" })
}

// key presses key and waits for the table to take one more record.
func (p *dcPlay) key(k string) {
	p.t.Helper()
	n := p.now().Records
	p.a.Key(k)
	p.a.Wait("a record after "+k, func(d probe.Dump) bool { return p.table(d).Records > n })
}

// aiTurn takes the AI's steps by the main key until it is seat's turn or
// a step asks for pending.
func (p *dcPlay) aiTurn(seat, pending string) {
	p.t.Helper()
	for range 30 {
		s := p.now()
		if s.Seat == seat && s.Pending == "" || pending != "" && s.Pending == pending {
			return
		}
		p.key("n")
	}
	p.a.Fail("the AI's turn did not reach %s/%s", seat, pending)
}

// click clicks what match finds in the top layer, after turning the
// wheel over its column until it is wholly in sight, as a person would.
func (p *dcPlay) click(what string, match func(probe.Object) bool) {
	p.t.Helper()
	p.a.Click(p.inSight(what, match))
}

// inSight finds a control and turns the wheel over its column until it is
// wholly in sight.
func (p *dcPlay) inSight(what string, match func(probe.Object) bool) Target {
	p.t.Helper()
	down := 0 // one way only, decided at first: never back and forth
	for range 30 {
		p.a.Settle() // a click before may move it (a label that wraps anew)
		tg := p.a.Find("", what, match)
		if tg.OnScreen {
			return tg
		}
		if down == 0 { // a wheel click moves a card of this app some 15 px
			down = 5
			if tg.Y < tg.Window.H/2 {
				down = -5
			}
		}
		p.a.Wheel(tg.Window.Title, tg.X+tg.W/2, tg.Window.H/2, tg.Window.Scale, down)
	}
	p.a.Fail("%s never comes in sight", what)
	return Target{}
}

// exactly matches a control whose text is s.
func exactly(s string) func(probe.Object) bool {
	return func(o probe.Object) bool { return o.Kind != "text" && o.Text == s }
}

// tile selects the board's tile r,c.
func (p *dcPlay) tile(r, c int) {
	p.t.Helper()
	p.click("tile", Named(tileName(r, c)))
}

func tileName(r, c int) string { return "dc.tile." + string(rune('0'+r)) + "," + string(rune('0'+c)) }

// act clicks a board action (its label's translation) and waits for its
// record.
func (p *dcPlay) act(id string) {
	p.t.Helper()
	n := p.now().Records
	p.click(id, Button(p.T(id, nil)))
	p.a.Wait(id, func(d probe.Dump) bool { return p.table(d).Records > n })
}

// pick opens a drop-down (named) and picks the entry that reads text.
func (p *dcPlay) pick(name, text string) {
	p.t.Helper()
	p.click(name, Named(name))
	p.click(text, popUpItem(text))
}

// popUpItem is the entry of an open drop-down that reads text (its text:
// a menu item has none of its own).
func popUpItem(text string) func(probe.Object) bool {
	return func(o probe.Object) bool { return o.Layer > 0 && o.Kind == "text" && o.Text == text }
}

// selected is what a named control shows as chosen.
func (p *dcPlay) selected(name string) string {
	d := p.a.Settle()
	for _, w := range d.Windows {
		for _, o := range w.Objects {
			if o.Name == name {
				return o.Selected
			}
		}
	}
	return ""
}

// texts are the texts shown inside a named control, in reading order.
func (p *dcPlay) texts(name string) []string {
	d := p.a.Settle()
	var out []string
	for _, w := range d.Windows {
		var box *probe.Object
		for i, o := range w.Objects {
			if o.Name == name {
				box = &w.Objects[i]
			}
		}
		if box == nil {
			continue
		}
		for _, o := range w.Objects {
			if o.Kind == "text" && o.Text != "" && o.X >= box.X && o.Y >= box.Y && o.X+o.W <= box.X+box.W+1 && o.Y+o.H <= box.Y+box.H+1 {
				out = append(out, o.Text)
			}
		}
	}
	return out
}

// buyPaying taps Buy: the purchase of a building the deck list gives no
// cost asks what was paid, each of res tapped once, then Buy in the
// question; it waits for the purchase's record.
func (p *dcPlay) buyPaying(res ...string) {
	p.t.Helper()
	n := p.now().Records
	p.click("buy", Button(p.T("ui.dc.do.buy", nil)))
	p.payAndBuy(res...)
	p.a.Wait("the purchase", func(d probe.Dump) bool { return p.table(d).Records > n })
}

// payAndBuy answers the question of what was paid: each of res tapped
// once, then its Buy.
func (p *dcPlay) payAndBuy(res ...string) {
	p.t.Helper()
	for _, r := range res {
		p.click("+1 "+r, func(o probe.Object) bool { return o.Layer > 0 && o.Name == "dc.paid."+r })
	}
	p.click("buy in the question", func(o probe.Object) bool { return o.Layer > 0 && o.Name == "dc.paid.buy" })
}

// atOnce fails unless what match finds comes wholly in sight by itself:
// no wheel turn to bring it there (a tile tapped scrolls its column back
// to the top, which the probe may tell a moment later).
func (p *dcPlay) atOnce(what string, match func(probe.Object) bool) {
	p.t.Helper()
	p.a.Wait(what+" wholly in sight without a wheel turn", func(d probe.Dump) bool {
		for _, w := range d.Windows {
			for _, o := range w.Objects {
				if match(o) && o.OnScreen {
					return true
				}
			}
		}
		return false
	})
}

// resolveButton matches the fight form's Resolve the fight.
func (p *dcPlay) resolveButton() func(probe.Object) bool {
	label := p.T("ui.dc.in.fight", nil)
	return func(o probe.Object) bool { return o.Kind != "text" && strings.HasPrefix(o.Text, label) }
}

// fight enters the fight form: the die's face, the caravan ticked, what
// was taken; then Fight.
func (p *dcPlay) fight(face string, caravan []string, taken string) {
	p.t.Helper()
	for _, r := range caravan {
		p.click("caravan "+r, Named("dc.fight.caravan."+r))
	}
	p.click("die "+face, exactly(face))
	if taken != "" {
		p.pick("dc.fight.taken", p.T("ui.dc.res."+taken, nil))
	}
	n := p.now().Records
	// Its label: the wrapped button's own rectangle can end a fraction of a
	// pixel under the card's edge when scrolled to its end.
	// (a wrapped label: its first line).
	label := p.T("ui.dc.in.fight", nil) + "  [N]" // the card's main button
	p.click("fight", func(o probe.Object) bool {
		return o.Kind == "text" && len(o.Text) >= 6 && strings.HasPrefix(label, o.Text)
	})
	p.a.Wait("the fight", func(d probe.Dump) bool { return p.table(d).Records > n })
}

// TestDragonCanyonTwoPlayersByRealInput: a 2-player round in
// Spanish at 1024×768 by real input. Each player places, buys and attacks;
// the player selector follows whose turn it is (no click on it), so the
// saved events name the right player; a second purchase of the same
// building in a turn is asked and cancelled; the "from" list offers only
// the card next to the AI's; N and Enter on the stomp question record
// nothing; after a restart the building list shows the last building
// bought, in Spanish.
func TestDragonCanyonTwoPlayersByRealInput(t *testing.T) {
	t.Parallel()
	seed := seedDC(t)
	a := Start(t, Options{Lang: "es", Width: 1024, Height: 768, DB: seed})
	p := &dcPlay{t: t, a: a, tr: translations.New("es")}
	p.open()
	player := func(n int) string { return p.T("ui.dc.seat.name.p"+string(rune('0'+n)), nil) }
	building := func(id string) string {
		return p.T("ui.dc.building", map[string]any{"Building": dragoncanyon.BuildingText(dcSetup(), id)})
	}

	// Round 1: the AI places on 2,2; then Player 1.
	p.aiTurn("p1", "")
	if got := p.selected("dc.player"); got != player(1) {
		a.Fail("Player 1's turn: the selector shows %q", got)
	}
	p.tile(1, 3)
	p.act("ui.dc.do.place")
	p.tile(2, 1)
	p.act("ui.dc.do.place")
	p.pick("dc.building", building("guard_tower"))
	// The deck list gives no cost: what was paid is asked, a tap a resource.
	p.buyPaying(dragoncanyon.Wood, dragoncanyon.Wood)
	// The purchase shows at once, in the card and on the board's column.
	if got := strings.Join(p.texts("dc.turn.summary"), " "); !strings.Contains(got, building("guard_tower")) {
		a.Fail("the card says %q after the purchase", got)
	}
	if got := strings.Join(p.texts("dc.players"), " "); !strings.Contains(got, building("guard_tower")) || !strings.Contains(got, building("guard_tower")+" 3") {
		a.Fail("the players' buildings and the stacks say %q", got)
	}
	// A second tap on Buy: asked, and cancelled.
	n := p.now().Records
	p.click("buy again", Button(p.T("ui.dc.do.buy", nil)))
	p.payAndBuy()
	p.a.Find("", "the question", func(o probe.Object) bool {
		return o.Layer > 0 && strings.Contains(o.Text, strings.SplitN(p.T("confirm.dc.second_purchase", map[string]any{"SeatKey": "ui.dc.seat.name.p1", "Building": dragoncanyon.BuildingText(dcSetup(), "guard_tower")}), "«", 2)[0])
	})
	a.Shot("second-purchase")
	p.click("cancel", func(o probe.Object) bool { return o.Layer > 0 && o.Kind != "text" && o.Text == p.T("ui.cancel", nil) })
	if got := p.now().Records; got != n {
		a.Fail("cancelling the second purchase recorded %d events", got-n)
	}
	// The attack: only 2,1 is next to the AI's card on 2,2 (1,3 is diagonal).
	// The AI's tile tapped, its actions are in sight at once.
	p.tile(2, 2)
	p.atOnce("from", Named("dc.attack.from"))
	p.atOnce("attack", Button(p.T("ui.dc.do.attack", nil)))
	p.atOnce("dragon", Button(p.T("ui.dc.do.dragon", nil)))
	p.atOnce("festival's line", Named("dc.line"))
	p.atOnce("festival", Button(p.T("ui.dc.do.festival", nil)))
	a.Shot("ai-tile")
	p.click("from", Named("dc.attack.from"))
	var offered []string
	a.Wait("the from list", func(d probe.Dump) bool {
		offered = nil
		for _, w := range d.Windows {
			for _, o := range w.Objects {
				if o.Layer > 0 && o.Kind == "text" && len(o.Text) == 3 && o.Text[1] == ',' {
					offered = append(offered, o.Text)
				}
			}
		}
		return len(offered) > 0
	})
	if !slices.Equal(offered, []string{"2,1"}) {
		a.Fail("the from list offers %v, want only 2,1", offered)
	}
	p.click("2,1", popUpItem("2,1"))
	board := p.boardWidth()
	p.act("ui.dc.do.attack")
	p.aiTurn("", "fight") // the defence flip
	p.atOnce("resolve the fight", p.resolveButton())
	a.Shot("fight-form")
	if w := p.boardWidth(); w != board {
		a.Fail("the board is %v wide during the fight, %v before", w, board)
	}
	p.fight("0", []string{dragoncanyon.Wood}, "") // 0 against 1+2: the AI wins, steals the Wood
	p.key("n")                                    // end the turn

	// Player 2: the selector follows, untouched.
	if got := p.selected("dc.player"); got != player(2) {
		a.Fail("Player 2's turn: the selector shows %q", got)
	}
	p.tile(3, 2)
	p.act("ui.dc.do.place")
	p.pick("dc.building", building("training_ground"))
	p.buyPaying() // nothing counted to pay with
	p.tile(2, 2)
	p.pick("dc.attack.from", "3,2")
	p.act("ui.dc.do.attack")
	p.aiTurn("", "fight")
	p.atOnce("resolve the fight", p.resolveButton())
	// "You take": only what the AI's caravan holds (the Stone of 2,2, the Wood stolen).
	p.click("you take", Named("dc.fight.taken"))
	var taken []string
	a.Wait("you take's list", func(d probe.Dump) bool {
		taken = nil
		for _, w := range d.Windows {
			for _, o := range w.Objects {
				if o.Layer > 0 && o.Kind == "text" {
					taken = append(taken, o.Text)
				}
			}
		}
		return len(taken) > 0
	})
	if !slices.Equal(taken, []string{p.T("ui.dc.res.wood", nil), p.T("ui.dc.res.stone", nil)}) {
		a.Fail("you take offers %v", taken)
	}
	a.Key("Escape")
	p.fight("6", nil, dragoncanyon.Stone) // 6 against 3: Player 2 wins, takes the Stone
	p.key("n")

	// Round 2: the dragon stomps a player's card; N and Enter answer nothing.
	p.aiTurn("", "stomp")
	n = p.now().Records
	a.Key("n")
	a.Key("Return")
	if s := p.now(); s.Records != n || s.Pending != "stomp" {
		a.Fail("N and Enter on the stomp question: %d records more, pending %q", s.Records-n, s.Pending)
	}
	a.Shot("stomp")
	p.act("choice.dc.stomp.none")
	p.aiTurn("p1", "")

	// The saved events, after a kill.
	a.Kill()
	events := dcEvents(t, a.DB)
	type who struct {
		typ    string
		player int
	}
	var got []who
	for _, e := range events {
		switch e := e.(type) {
		case *dragoncanyon.ForcePlaced:
			got = append(got, who{"place", e.Player})
		case *dragoncanyon.BuildingBought:
			got = append(got, who{"buy " + e.Building + " paying " + shortPaid(e.Paid), e.Player})
		case *dragoncanyon.Attack:
			got = append(got, who{"attack", e.Player})
		case *dragoncanyon.StompResolved:
			got = append(got, who{"stomp " + e.Discard, 0})
		}
	}
	want := []who{{"place", 1}, {"place", 1}, {"buy guard_tower paying wood 2", 1}, {"attack", 1},
		{"place", 2}, {"buy training_ground paying nothing", 2}, {"attack", 2}, {"stomp none", 0}}
	if !slices.Equal(got, want) {
		t.Fatalf("saved: %v\nwant   %v", got, want)
	}

	// After a restart the building list shows the last building bought.
	a.Restart()
	p.open()
	if got := p.selected("dc.building"); got != building("training_ground") || got == "Training Ground" {
		a.Fail("after a restart the building list shows %q", got)
	}
	a.Shot("restarted")

	// "Save the story…" says what a Dragon Canyon journal holds, in
	// Spanish, and offers no Conductor's version (DUN's words promised
	// texts read, the map and the ADP's notes).
	p.click("saved games", Button(p.T("ui.saves.button", nil)))
	p.click("save the story", Button(p.T("journal.save", nil)))
	what := p.T("ui.dc.journal.what", nil)
	a.Find("", "what the story holds", func(o probe.Object) bool {
		return o.Kind == "text" && o.Layer > 0 && len(o.Text) > 10 && strings.HasPrefix(what, o.Text)
	})
	for _, w := range a.Settle().Windows {
		for _, o := range w.Objects {
			if o.Name == "journal.conductor" {
				a.Fail("a Conductor's version is offered: %q", o.Text)
			}
		}
	}
	a.Shot("save-the-story")
	p.click("cancel", func(o probe.Object) bool {
		return o.Layer > 0 && o.Kind != "text" && o.Text == p.T("journal.save.cancel", nil)
	})
}

// shortPaid is what a purchase paid, in few words.
func shortPaid(r dragoncanyon.Resources) string {
	var out []string
	for _, name := range dragoncanyon.ByValue {
		if n := r.Get(name); n > 0 {
			out = append(out, fmt.Sprintf("%s %d", name, n))
		}
	}
	if len(out) == 0 {
		return "nothing"
	}
	return strings.Join(out, ", ")
}

// clickIn clicks the text inside the named control (a radio group's
// entry near the end of a form), after turning the wheel down until that
// text is wholly in sight.
func (p *dcPlay) clickIn(name, text string) {
	p.t.Helper()
	for range 20 {
		d := p.a.Settle()
		for _, w := range d.Windows {
			box, ok := namedIn(w, name)
			if !ok {
				continue
			}
			for _, o := range w.Objects {
				if o.Kind != "text" || o.Text != text || o.X < box.X || o.X >= box.X+box.W || o.Y < box.Y || o.Y >= box.Y+box.H {
					continue
				}
				if o.OnScreen {
					p.a.Click(Target{o, w})
					return
				}
				// Down: the form ends with it (you take, the Loot, the button).
				p.a.Wheel(w.Title, o.X+o.W/2, w.H/2, w.Scale, 1)
			}
		}
	}
	p.a.Fail("%q in %s never comes in sight", text, name)
}

// boardWidth is the width of the board's tile 1,1.
func (p *dcPlay) boardWidth() float32 {
	p.t.Helper()
	return p.a.Find("", "tile 1,1", Named(tileName(1, 1))).W
}

// mainInSight checks that the card's main button (key) is wholly in sight.
func (p *dcPlay) mainInSight(id, when string) {
	p.t.Helper()
	d := p.a.Settle()
	for _, w := range d.Windows {
		for _, o := range w.Objects {
			if o.Kind != "text" && strings.HasPrefix(o.Text, p.T(id, nil)) {
				if !o.OnScreen {
					p.a.Fail("%s: %q is not wholly in sight", when, o.Text)
				}
				return
			}
		}
	}
	p.a.Fail("%s: no %q on the card", when, p.T(id, nil))
}

// TestDragonCanyonTurnsAt1280ByRealInput: in English at
// 1280×800, the board keeps its size during a fight, the card's main
// button stays in sight with the reminders, and when the next player's
// turn comes the board actions' column is back at its top (Place in sight)
// even if it was scrolled down.
func TestDragonCanyonTurnsAt1280ByRealInput(t *testing.T) {
	t.Parallel()
	seed := seedDC(t)
	a := Start(t, Options{Lang: "en", Width: 1280, Height: 800, DB: seed})
	p := &dcPlay{t: t, a: a, tr: translations.New("en")}
	p.open()
	p.aiTurn("p1", "")
	p.mainInSight("choice.dc.turn_ended", "Player 1's turn")
	p.tile(2, 1)
	p.act("ui.dc.do.place")
	p.tile(2, 2)
	p.pick("dc.attack.from", "2,1")
	board := p.boardWidth()
	p.act("ui.dc.do.attack")
	p.aiTurn("", "fight")
	if w := p.boardWidth(); w != board {
		a.Fail("the board is %v wide during the fight, %v before", w, board)
	}
	a.Shot("fight-1280")
	p.fight("0", nil, "")
	// The board actions' column scrolled to its end, then the turn ends.
	p.inSight("buy", Button(p.T("ui.dc.do.festival", nil)))
	p.key("n")
	place := p.a.Find("", "place", Button(p.T("ui.dc.do.place", nil)))
	if !place.OnScreen {
		a.Fail("Player 2's turn: %q is out of sight (the column kept its scroll)", place.Text)
	}
	if got := p.selected("dc.player"); got != "Player 2" {
		a.Fail("Player 2's turn: the selector shows %q", got)
	}
	p.mainInSight("choice.dc.turn_ended", "Player 2's turn")
	a.Shot("player2-1280")

	// A language switch by the top bar's picker: the reminders' panel is
	// drawn again at once, All done with its label and count.
	p.click("language", func(o probe.Object) bool { return o.Kind != "text" && o.Selected == "English" })
	p.click("Español", popUpItem("Español"))
	es := translations.New("es")
	a.Wait("the table in Spanish", func(d probe.Dump) bool {
		for _, w := range d.Windows {
			for _, o := range w.Objects {
				if o.Name == "dc.reminders.all" && strings.HasPrefix(o.Text, strings.SplitN(es.T("ui.dc.reminders.all", map[string]any{"Count": 1}), "(", 2)[0]) && o.W > 60 {
					return true
				}
			}
		}
		return false
	})
	if got := p.selected("dc.player"); got != es.T("ui.dc.seat.name.p2", nil) {
		a.Fail("after the switch, Player 2's turn: the selector shows %q", got)
	}
	a.Shot("switched-to-spanish")
}

// dcEvents are the saved game's events that count (undone ones left out).
func dcEvents(t *testing.T, db string) []engine.Event {
	t.Helper()
	store, err := data.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	games, err := store.Games()
	if err != nil || len(games) != 1 {
		t.Fatalf("games %v: %v", games, err)
	}
	g, err := store.LoadGame(games[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Event
	for _, r := range g.Records() {
		if g.Position(r.Seq) != 0 {
			out = append(out, r.Event)
		}
	}
	return out
}
