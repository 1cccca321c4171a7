package dragoncanyon

import (
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// What the table kept in its head. The players' resources follow the
// standard turn the AI's own mirrors (Dragon Canyon solo AI rules,
// "Stockpile Phase", "Gathering", "Harvest Festival", "Defending": spoils
// "as usual"), a correction sets what the app cannot see, and every
// reminder stays open until ticked done.

// soloPlayers is a solo game on Player 1's turn, the AI's card on 1,1.
func soloPlayers(t *testing.T, mods ...func(*Setup)) *Game {
	t.Helper()
	g, err := NewGame(testSetup(mods...))
	if err != nil {
		t.Fatal(err)
	}
	playToPlayers(t, g, Pos{1, 1})
	return g
}

func TestPlayersResourcesFollowTheTurn(t *testing.T) {
	food := func(s *Setup) {
		s.Board[3][3] = TileSetup{Resource: Food, Amount: 2} // 4,4
		s.Board[3][2] = TileSetup{Resource: Stone, Amount: 1}
		s.Dragon = Pos{1, 4}
	}
	cases := []struct {
		name   string
		events []engine.Event
		stash  Resources
		load   Resources
		hints  []string // reminders opened by the last event
	}{
		{"nothing yet", nil, Resources{}, Resources{}, nil},
		// "Gathering": the player's face-down cards bring their tiles'
		// resources to the caravan; a face-up card brings nothing and is
		// turned face-down (the table is reminded).
		{"gathering at the end of the turn",
			[]engine.Event{&ForcePlaced{Player: 1, Tile: Pos{4, 4}}, &ForcePlaced{Player: 1, Tile: Pos{4, 3}, FaceUp: true, Strength: 2}, &TurnEnded{}},
			Resources{}, Resources{Food: 2}, []string{"hint.dc.player_gather", "hint.dc.player_turn_down"}},
		// "Stockpile Phase": the caravan goes into the stash at the start
		// of the player's next turn.
		{"stockpile at the start of the next turn",
			[]engine.Event{&ForcePlaced{Player: 1, Tile: Pos{4, 4}}, &TurnEnded{}, &AITurn{}},
			Resources{Food: 2}, Resources{}, nil},
		{"a correction sets both",
			[]engine.Event{&PlayerCorrected{Player: 1, Stash: Resources{Wood: 3}, Load: Resources{Bone: 1}}},
			Resources{Wood: 3}, Resources{Bone: 1}, nil},
		{"a purchase pays from the stash",
			[]engine.Event{&PlayerCorrected{Player: 1, Stash: Resources{Wood: 3, Stone: 2}}, &BuildingBought{Player: 1, Building: "market", Paid: Resources{Wood: 2, Stone: 1}}},
			Resources{Wood: 1, Stone: 1}, Resources{}, nil},
		// "Harvest Festival": the player's cards in the line harvest.
		{"a festival fills the caravan",
			[]engine.Event{&ForcePlaced{Player: 1, Tile: Pos{4, 1}}, &ForcePlaced{Player: 1, Tile: Pos{4, 2}}, &ForcePlaced{Player: 1, Tile: Pos{4, 3}}, &ForcePlaced{Player: 1, Tile: Pos{4, 4}},
				&FestivalHeld{Line: Line{Row, 4}}},
			Resources{}, Resources{Wood: 2, Stone: 1, Food: 2}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := soloPlayers(t, food)
			for _, e := range c.events {
				if _, ok := e.(*AITurn); ok {
					playToPlayers(t, g, Pos{2, 2})
					continue
				}
				apply(t, g, e)
			}
			p := g.State().Players[0]
			if p.Stash != c.stash || p.Load != c.load {
				t.Fatalf("stash %+v caravan %+v, want %+v %+v", p.Stash, p.Load, c.stash, c.load)
			}
			var hints []string
			for _, h := range g.State().Hints {
				hints = append(hints, h.ID)
			}
			if c.hints != nil && !slices.Equal(hints, c.hints) {
				t.Fatalf("reminders %v, want %v", hints, c.hints)
			}
		})
	}
}

// "Defending": the spoils as usual. The AI that wins steals from the
// caravan the app counts (the fight form starts from it); a player who
// wins takes one of the AI's resources into their caravan.
func TestFightSpoilsMoveThePlayersCaravan(t *testing.T) {
	cases := []struct {
		name  string
		dice  int
		taken string
		load  Resources
	}{
		{"the AI wins and steals the most valuable", 0, "", Resources{Wood: 2}},
		{"the player wins and takes", 6, Stone, Resources{Wood: 2, Stone: 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t)
			tb.s.Seat, tb.s.Phase = "p1", PhasePlayers
			tb.put(SeatAI, Pos{1, 1}, false, 3, false)
			tb.put("p1", Pos{1, 2}, true, 3, false)
			tb.s.AI.Caravan.Stone = 1
			tb.must(&PlayerCorrected{Player: 1, Load: Resources{Wood: 2, Stone: 1}})
			if got := tb.s.CaravanTypes("p1"); !slices.Equal(got, []string{Wood, Stone}) {
				t.Fatalf("the fight form's caravan %v", got)
			}
			tb.must(&Attack{Player: 1, Tile: Pos{1, 1}, From: Pos{1, 2}},
				flip(Pos{1, 1}, fight, up, cw, 1, "market"),
				&FightResolved{Strength: 3, Dice: []int{c.dice}, Caravan: []string{Wood, Stone}, Taken: c.taken})
			if p := tb.s.Players[0]; p.Load != c.load {
				t.Fatalf("caravan %+v, want %+v", p.Load, c.load)
			}
		})
	}
}

// A reminder stays until the table ticks it done, however many entries
// follow; ticking one leaves the others.
func TestRemindersStayUntilTicked(t *testing.T) {
	g := soloPlayers(t)
	apply(t, g, &ForcePlaced{Player: 1, Tile: Pos{4, 4}, FaceUp: true, Strength: 2}, &TurnEnded{})
	open := g.State().Reminders
	if len(open) == 0 {
		t.Fatal("no reminder after the gathering")
	}
	playToPlayers(t, g, Pos{2, 2})
	apply(t, g, &ForcePlaced{Player: 1, Tile: Pos{3, 3}})
	rs := g.State().Reminders
	if !slices.ContainsFunc(rs, func(r Reminder) bool { return r.ID == open[0].ID }) {
		t.Fatalf("the reminder %+v vanished after later entries: %+v", open[0], rs)
	}
	ticks := 0
	for _, p := range g.Prompts() {
		if len(p.Choices) == 1 {
			if _, ok := p.Choices[0].Event.(*ReminderDone); ok {
				ticks++
			}
		}
	}
	if ticks != len(rs) {
		t.Fatalf("%d reminders with their tick, %d open", ticks, len(rs))
	}
	apply(t, g, &ReminderDone{ID: open[0].ID})
	if slices.ContainsFunc(g.State().Reminders, func(r Reminder) bool { return r.ID == open[0].ID }) || len(g.State().Reminders) != len(rs)-1 {
		t.Fatalf("ticked, still open: %+v", g.State().Reminders)
	}
	if _, err := g.Apply(&ReminderDone{ID: open[0].ID}); ruleOf(err) != "rule.dc.reminder" {
		t.Fatalf("a reminder ticked twice: %v", err)
	}
	apply(t, g, &ReminderDone{All: true})
	if len(g.State().Reminders) != 0 {
		t.Fatalf("all ticked, still open: %+v", g.State().Reminders)
	}
	if _, err := g.Apply(&ReminderDone{All: true}); ruleOf(err) != "rule.dc.reminder.none" {
		t.Fatalf("none open, all ticked: %v", err)
	}
}

// Bad corrections and payments are refused with why, the state unchanged.
func TestCorrectionsAndPaymentsRefused(t *testing.T) {
	cases := []struct {
		name string
		e    engine.Event
		rule string
	}{
		{"a negative count", &PlayerCorrected{Player: 1, Stash: Resources{Wood: -1}}, "rule.dc.count"},
		{"a player not at the table", &PlayerCorrected{Player: 2}, "rule.dc.player"},
		{"paying more than the stash holds", &BuildingBought{Player: 1, Building: "market", Paid: Resources{Bone: 1}}, "rule.dc.building.paid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := soloPlayers(t)
			if _, err := g.Apply(c.e); ruleOf(err) != c.rule {
				t.Fatalf("got %v, want %s", err, c.rule)
			}
		})
	}
}

// The final score form starts from each player's buildings' points.
func TestScoreStartsFromBuildings(t *testing.T) {
	g := soloPlayers(t)
	apply(t, g, &BuildingBought{Player: 1, Building: "guard_tower"}, &BuildingBought{Player: 1, Building: "market"})
	if got := g.BuildingsVP(); !slices.Equal(got, []int{5}) {
		t.Fatalf("buildings' points %v, want [5]", got)
	}
}

// "Defending"/the AI's attack: the fight form's caravan starts from the
// types the app counts in the attacked player's caravan (what their
// gathering put there, and what the table corrected).
func TestFightFormCaravanFromTheCount(t *testing.T) {
	g := soloPlayers(t)
	apply(t, g, &ForcePlaced{Player: 1, Tile: Pos{1, 2}}, &PlayerCorrected{Player: 1, Load: Resources{Stone: 1}}, &TurnEnded{})
	apply(t, g, &AITurn{}, flip(Pos{2, 2}, fight, up, cw, 1, "market"))
	apply(t, g, g.NextDraw())
	apply(t, g, flip(Pos{3, 3}, fight, up, cw, 1, "market")) // the adjacency card: fight
	if h := g.State().Pending.Head(); h == nil || h.Kind != StepFight {
		t.Fatalf("pending %+v, want the fight", h)
	}
	if got := g.FightDefaults().Caravan; !slices.Equal(got, []string{Wood, Stone}) {
		t.Fatalf("the fight form's caravan %v, want [wood stone] (1,2's Wood gathered, the Stone corrected)", got)
	}
}

// A building whose deck list gives a cost takes it from the counted
// stash; the table's own Paid still wins; a stash that cannot pay is
// refused with the building, the resource short and what is counted, the
// state unchanged (the table corrects the count first).
func TestBuildingCostFromTheDeckList(t *testing.T) {
	withCost := func(s *Setup) {
		for i := range s.Buildings {
			if s.Buildings[i].ID == "market" {
				s.Buildings[i].Cost = Cost{Wood: 2, Stone: 1}
			}
		}
	}
	cases := []struct {
		name  string
		stash Resources
		e     *BuildingBought
		rule  string
		want  Resources
	}{
		{"the cost is taken", Resources{Wood: 3, Stone: 2, Bone: 1}, &BuildingBought{Player: 1, Building: "market"}, "", Resources{Wood: 1, Stone: 1, Bone: 1}},
		{"the exact cost leaves nothing", Resources{Wood: 2, Stone: 1}, &BuildingBought{Player: 1, Building: "market"}, "", Resources{}},
		{"paid wins over the cost", Resources{Wood: 3, Stone: 2}, &BuildingBought{Player: 1, Building: "market", Paid: Resources{Wood: 1}}, "", Resources{Wood: 2, Stone: 2}},
		{"no cost listed: nothing taken", Resources{Wood: 3}, &BuildingBought{Player: 1, Building: "guard_tower"}, "", Resources{Wood: 3}},
		{"a stash short of stone is refused", Resources{Wood: 5}, &BuildingBought{Player: 1, Building: "market"}, "rule.dc.building.cost", Resources{Wood: 5}},
		{"a paid the stash cannot give is refused as paid", Resources{Wood: 5}, &BuildingBought{Player: 1, Building: "market", Paid: Resources{Bone: 1}}, "rule.dc.building.paid", Resources{Wood: 5}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := soloPlayers(t, withCost)
			apply(t, g, &PlayerCorrected{Player: 1, Stash: c.stash})
			_, err := g.Apply(c.e)
			if ruleOf(err) != c.rule {
				t.Fatalf("got %v, want %q", err, c.rule)
			}
			if err != nil {
				args := err.(*engine.RuleError).Args
				if c.rule == "rule.dc.building.cost" && (args["ResourceKey"] != "ui.dc.res.stone" || args["Value"] != 1 || args["Have"] != 0 || args["Building"] == nil) {
					t.Fatalf("refusal args %v", args)
				}
			}
			if p := g.State().Players[0]; p.Stash != c.want {
				t.Fatalf("stash %+v, want %+v", p.Stash, c.want)
			}
		})
	}
}

// A setup given as JSON (headless) with a cost out of bounds is refused.
func TestBadBuildingCostRefused(t *testing.T) {
	_, err := NewGame(testSetup(func(s *Setup) { s.Buildings[0].Cost = Cost{Wood: -1} }))
	if err == nil {
		t.Fatal("a negative cost was accepted")
	}
}

// A line the player's own card completes is noticed: the turn's prompt
// becomes its festival, first choice (the key); held, or broken, it is no
// longer offered; a line the turn did not complete is never offered.
func TestFestivalDueFromThePlayersOwnLine(t *testing.T) {
	place := func(tiles ...Pos) []engine.Event {
		var out []engine.Event
		for _, p := range tiles {
			out = append(out, &ForcePlaced{Player: 1, Tile: p})
		}
		return out
	}
	row4 := place(Pos{4, 1}, Pos{4, 2}, Pos{4, 3}, Pos{4, 4})
	cases := []struct {
		name   string
		events []engine.Event
		due    []Line
	}{
		{"three cards: nothing due", place(Pos{4, 1}, Pos{4, 2}, Pos{4, 3}), nil},
		{"the fourth card completes row 4", row4, []Line{{Row, 4}}},
		{"the AI's card is part of row 1", place(Pos{1, 2}, Pos{1, 3}, Pos{1, 4}), []Line{{Row, 1}}},
		{"one card completes a row and a column", append(place(Pos{1, 4}, Pos{2, 4}, Pos{3, 4}, Pos{4, 1}, Pos{4, 2}, Pos{4, 3}), row4[3]), []Line{{Row, 4}, {Column, 4}}},
		{"held, then a card replaced: due again", append(row4, &FestivalHeld{Line: Line{Row, 4}}, &ForceRemoved{Tile: Pos{4, 2}}, &ForcePlaced{Player: 1, Tile: Pos{4, 2}}), []Line{{Row, 4}}},
		{"held: no longer due", append(row4, &FestivalHeld{Line: Line{Row, 4}}), nil},
		{"a card removed: the line is broken", append(row4, &ForceRemoved{Tile: Pos{4, 2}}), nil},
		{"the turn ended: not due", append(row4, &TurnEnded{}), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := soloPlayers(t, func(s *Setup) { s.Dragon = Pos{2, 2}; s.Rules.FestivalKeepsCards = true })
			apply(t, g, c.events...)
			if got := g.FestivalsDue(); !slices.Equal(got, c.due) {
				t.Fatalf("due %v, want %v", got, c.due)
			}
			ps := g.Prompts()
			p := ps[len(ps)-1]
			if len(c.due) == 0 {
				if p.ID == "prompt.dc.festival_due" {
					t.Fatalf("festival offered: %+v", p)
				}
				return
			}
			if p.ID != "prompt.dc.festival_due" || len(p.Choices) != len(c.due)+1 {
				t.Fatalf("prompt %+v", p)
			}
			if e, ok := p.Choices[0].Event.(*FestivalHeld); !ok || e.Line != c.due[0] {
				t.Fatalf("first choice %+v, want the festival on %v", p.Choices[0], c.due[0])
			}
			if _, ok := p.Choices[len(p.Choices)-1].Event.(*TurnEnded); !ok {
				t.Fatalf("the turn's end is not offered after: %+v", p.Choices)
			}
			apply(t, g, p.Choices[0].Event)
		})
	}
}

// The gathering at the end of a player's turn is a step of the card (not a
// hint): after the other reminders and before the AI's turn, so its tick
// takes the card's key; ticked, the AI's turn leads again.
func TestGatheringIsAStepOnTheCard(t *testing.T) {
	g := soloPlayers(t)
	apply(t, g, &ForcePlaced{Player: 1, Tile: Pos{4, 4}}, &ForcePlaced{Player: 1, Tile: Pos{4, 3}, FaceUp: true, Strength: 2}, &TurnEnded{})
	var steps []engine.Prompt
	for _, p := range g.Prompts() {
		if p.Style != engine.StyleHint {
			steps = append(steps, p)
		}
	}
	var ids []string
	for _, p := range steps {
		ids = append(ids, p.ID)
	}
	want := []string{"hint.dc.player_gather", "hint.dc.player_turn_down", "prompt.dc.ai_turn"}
	if !slices.Equal(ids, want) {
		t.Fatalf("the card's steps %v, want %v", ids, want)
	}
	for _, p := range steps[:2] {
		apply(t, g, p.Choices[0].Event)
	}
	ps := g.Prompts()
	if p := ps[len(ps)-1]; p.ID != "prompt.dc.ai_turn" || len(g.State().Reminders) != len(ps)-1 {
		t.Fatalf("after the gathering: %+v, reminders %+v", ps, g.State().Reminders)
	}
	for _, p := range ps[:len(ps)-1] {
		if p.Style != engine.StyleHint {
			t.Fatalf("a step left on the card: %+v", p)
		}
	}
}

// A building the deck list gives no cost (the shipped list gives none)
// asks the table what was paid, one resource a tap: the app offers only
// what the counted stash can still give, and takes what was paid from it.
func TestPurchaseWithoutACostAsksWhatWasPaid(t *testing.T) {
	withCost := func(s *Setup) {
		for i := range s.Buildings {
			if s.Buildings[i].ID == "market" {
				s.Buildings[i].Cost = Cost{Wood: 2}
			}
		}
	}
	cases := []struct {
		name     string
		building string
		stash    Resources
		paid     Resources // tapped so far
		asks     bool
		offers   []string
		want     Resources // the stash after the purchase
	}{
		{"no cost: asked, all the stash offered", "guard_tower", Resources{Wood: 2, Stone: 1}, Resources{}, true, []string{Wood, Stone}, Resources{Wood: 2, Stone: 1}},
		{"two Wood tapped: the Wood is used up", "guard_tower", Resources{Wood: 2, Stone: 1}, Resources{Wood: 2}, true, []string{Stone}, Resources{Stone: 1}},
		{"all tapped: nothing more offered", "guard_tower", Resources{Wood: 1, Bone: 1}, Resources{Wood: 1, Bone: 1}, true, nil, Resources{}},
		{"an empty stash offers nothing", "tribal_village", Resources{}, Resources{}, true, nil, Resources{}},
		{"a listed cost is not asked", "market", Resources{Wood: 3}, Resources{}, false, []string{Wood}, Resources{Wood: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := soloPlayers(t, withCost)
			apply(t, g, &PlayerCorrected{Player: 1, Stash: c.stash})
			if got := g.AskPaid(c.building); got != c.asks {
				t.Fatalf("asks %v, want %v", got, c.asks)
			}
			if got := g.PayOptions(1, c.building, c.paid); !slices.Equal(got, c.offers) {
				t.Fatalf("offers %v, want %v", got, c.offers)
			}
			apply(t, g, &BuildingBought{Player: 1, Building: c.building, Paid: c.paid})
			if p := g.State().Players[0]; p.Stash != c.want {
				t.Fatalf("stash %+v, want %+v", p.Stash, c.want)
			}
		})
	}
}
