package dragoncanyon

import (
	"fmt"
	"testing"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
)

// Every check of Setup.Validate reports its own field, message and
// arguments, in the order the setup is read.
func TestSetupValidateEachCheck(t *testing.T) {
	virtualActions := func(s *Setup) {
		s.ActionDeck = ActionDeck{Cards: []ActionCard{
			{Tile: Pos{1, 1}, Action: decklist.Fight, Start: "up", Turn: "cw", Strength: 3, Building: "market"},
			{Tile: Pos{2, 2}, Action: decklist.MoveDragon, Start: "down", Turn: "acw", Strength: 4, Building: "market"},
		}, Order: []int{1, 0}}
	}
	for _, c := range []struct {
		name string
		mod  func(*Setup)
		want string
	}{
		{"valid", func(*Setup) {}, "[]"},
		{"players", func(s *Setup) { s.Players = 3 }, "[{players setup.dc.players map[Value:3]}]"},
		{"difficulty", func(s *Setup) { s.Difficulty = "hard" }, "[{difficulty setup.dc.difficulty map[Value:hard]}]"},
		{"rows", func(s *Setup) { s.Board = s.Board[:3] }, "[{board setup.dc.board.rows map[Count:3]}]"},
		{"cols", func(s *Setup) { s.Board[1] = s.Board[1][:2] }, "[{board.2 setup.dc.board.cols map[Count:2 Row:2]}]"},
		{"resource", func(s *Setup) { s.Board[0][2].Resource = "gold" }, "[{board.1.3 setup.dc.board.resource map[Tile:[1,3] Value:gold]}]"},
		{"amount low", func(s *Setup) { s.Board[3][0].Amount = 0 }, "[{board.4.1 setup.dc.board.amount map[Tile:[4,1] Value:0]}]"},
		{"amount high", func(s *Setup) { s.Board[3][3].Amount = 10 }, "[{board.4.4 setup.dc.board.amount map[Tile:[4,4] Value:10]}]"},
		{"tile both", func(s *Setup) { s.Board[0][0] = TileSetup{Resource: "x", Amount: -1} }, "[{board.1.1 setup.dc.board.resource map[Tile:[1,1] Value:x]} {board.1.1 setup.dc.board.amount map[Tile:[1,1] Value:-1]}]"},
		{"dragon", func(s *Setup) { s.Dragon = Pos{0, 9} }, "[{dragon setup.dc.tile map[Value:[0,9]]}]"},
		{"dragon high", func(s *Setup) { s.Dragon = Pos{5, 1} }, "[{dragon setup.dc.tile map[Value:[5,1]]}]"},
		{"no buildings", func(s *Setup) { s.Buildings = nil }, "[{buildings setup.dc.buildings.none map[]}]"},
		{"building id", func(s *Setup) { s.Buildings[1].ID = "Bad Id" }, "[{buildings.2 setup.dc.buildings.bad map[Value:Bad Id]}]"},
		{"building twice", func(s *Setup) { s.Buildings[3].ID = s.Buildings[0].ID }, "[{buildings.4 setup.dc.buildings.bad map[Value:training_ground]}]"},
		{"building stack", func(s *Setup) { s.Buildings[0].Stack = 0 }, "[{buildings.1 setup.dc.buildings.bad map[Value:training_ground]}]"},
		{"building vp", func(s *Setup) { s.Buildings[0].VP = -1 }, "[{buildings.1 setup.dc.buildings.bad map[Value:training_ground]}]"},
		{"building name", func(s *Setup) { s.Buildings[2].Name = "" }, "[{buildings.3 setup.dc.buildings.bad map[Value:guard_tower]}]"},
		{"physical actions listed", func(s *Setup) { s.ActionDeck.Cards = []ActionCard{{}} }, "[{action_deck setup.dc.deck.physical_cards map[]}]"},
		{"physical actions ordered", func(s *Setup) { s.ActionDeck.Order = []int{0} }, "[{action_deck setup.dc.deck.physical_cards map[]}]"},
		{"virtual actions", virtualActions, "[]"},
		{"virtual actions empty", func(s *Setup) { s.ActionDeck = ActionDeck{} }, "[{action_deck setup.dc.deck.empty map[]}]"},
		{"action tile", func(s *Setup) { virtualActions(s); s.ActionDeck.Cards[1].Tile = Pos{0, 1} }, "[{action_deck.cards.2 setup.dc.deck.bad_card map[Card:2]}]"},
		{"action kind", func(s *Setup) { virtualActions(s); s.ActionDeck.Cards[0].Action = "dance" }, "[{action_deck.cards.1 setup.dc.deck.bad_card map[Card:1]}]"},
		{"action start", func(s *Setup) { virtualActions(s); s.ActionDeck.Cards[0].Start = "north" }, "[{action_deck.cards.1 setup.dc.deck.bad_card map[Card:1]}]"},
		{"action turn", func(s *Setup) { virtualActions(s); s.ActionDeck.Cards[0].Turn = "spin" }, "[{action_deck.cards.1 setup.dc.deck.bad_card map[Card:1]}]"},
		{"action strength", func(s *Setup) { virtualActions(s); s.ActionDeck.Cards[0].Strength = 99 }, "[{action_deck.cards.1 setup.dc.deck.bad_card map[Card:1]}]"},
		{"action building", func(s *Setup) { virtualActions(s); s.ActionDeck.Cards[0].Building = "castle" }, "[{action_deck.cards.1 setup.dc.deck.bad_card map[Card:1]}]"},
		{"action order", func(s *Setup) { virtualActions(s); s.ActionDeck.Order = []int{1, 1} }, "[{action_deck.order setup.dc.deck.order map[]}]"},
		{"action order short", func(s *Setup) { virtualActions(s); s.ActionDeck.Order = []int{2, 0} }, "[{action_deck.order setup.dc.deck.order map[]}]"},
		{"physical force", func(s *Setup) { s.ForceDeck = ForceDeck{Physical: true, Size: 6} }, "[]"},
		{"physical force no size", func(s *Setup) { s.ForceDeck = ForceDeck{Physical: true} }, "[{force_deck setup.dc.deck.physical_size map[Value:0]}]"},
		{"physical force listed", func(s *Setup) { s.ForceDeck.Physical, s.ForceDeck.Size = true, 6 }, "[{force_deck setup.dc.deck.physical_size map[Value:6]}]"},
		{"physical force ordered", func(s *Setup) { s.ForceDeck = ForceDeck{Physical: true, Size: 6, Order: []int{0}} }, "[{force_deck setup.dc.deck.physical_size map[Value:6]}]"},
		{"virtual force empty", func(s *Setup) { s.ForceDeck = ForceDeck{} }, "[{force_deck setup.dc.deck.empty map[]}]"},
		{"virtual force sized", func(s *Setup) { s.ForceDeck.Size = 6 }, "[{force_deck setup.dc.deck.empty map[]}]"},
		{"force strength low", func(s *Setup) { s.ForceDeck.Cards[2].Strength = decklist.MinStrength - 1 }, "[{force_deck.cards.3 setup.dc.deck.bad_card map[Card:3]}]"},
		{"force strength high", func(s *Setup) { s.ForceDeck.Cards[5].Strength = decklist.MaxStrength + 1 }, "[{force_deck.cards.6 setup.dc.deck.bad_card map[Card:6]}]"},
		{"force ability", func(s *Setup) { s.ForceDeck.Cards[0].Ability.Attack = decklist.MaxBonus + 1 }, "[{force_deck.cards.1 setup.dc.deck.bad_card map[Card:1]}]"},
		{"force order", func(s *Setup) { s.ForceDeck.Order = []int{0, 1, 2} }, "[{force_deck.order setup.dc.deck.order map[]}]"},
		{"closest", func(s *Setup) { s.Rules.Closest = "near" }, "[{rules.closest setup.dc.option map[Value:near]}]"},
		{"tiebreak", func(s *Setup) { s.Rules.TiebreakFlip = "coin" }, "[{rules.tiebreak_flip setup.dc.option map[Value:coin]}]"},
		{"guard tower", func(s *Setup) { s.Rules.GuardTower = "never" }, "[{rules.guard_tower setup.dc.option map[Value:never]}]"},
		{"every problem in order", func(s *Setup) {
			s.Players, s.Difficulty = 0, "x"
			s.Board[0][0].Resource, s.Board[2] = "gold", s.Board[2][:1]
			s.Board = s.Board[:3]
			s.Dragon = Pos{9, 9}
			s.Buildings[0].Stack = 0
			s.ActionDeck.Cards = []ActionCard{{}}
			s.ForceDeck = ForceDeck{Cards: []ForceCard{{Strength: 99}}, Order: []int{3}}
			s.Rules = Options{Closest: "a", TiebreakFlip: "b", GuardTower: "c"}
		}, "[{players setup.dc.players map[Value:0]} {difficulty setup.dc.difficulty map[Value:x]} {board setup.dc.board.rows map[Count:3]} " +
			"{board.1.1 setup.dc.board.resource map[Tile:[1,1] Value:gold]} {board.3 setup.dc.board.cols map[Count:1 Row:3]} {dragon setup.dc.tile map[Value:[9,9]]} " +
			"{buildings.1 setup.dc.buildings.bad map[Value:training_ground]} {action_deck setup.dc.deck.physical_cards map[]} " +
			"{force_deck.cards.1 setup.dc.deck.bad_card map[Card:1]} {force_deck.order setup.dc.deck.order map[]} " +
			"{rules.closest setup.dc.option map[Value:a]} {rules.tiebreak_flip setup.dc.option map[Value:b]} {rules.guard_tower setup.dc.option map[Value:c]}]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := testSetup(c.mod).Validate()
			var got engine.SetupErrors
			if err != nil {
				var ok bool
				if got, ok = err.(engine.SetupErrors); !ok {
					t.Fatalf("%T %v, not setup errors", err, err)
				}
			}
			if s := fieldErrors(got); s != c.want {
				t.Errorf("got  %s\nwant %s", s, c.want)
			}
		})
	}
}

// fieldErrors writes each problem's field, message id and arguments.
func fieldErrors(es engine.SetupErrors) string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = fmt.Sprintf("{%s %s %v}", e.Field, e.ID, e.Args)
	}
	return fmt.Sprint(out)
}
