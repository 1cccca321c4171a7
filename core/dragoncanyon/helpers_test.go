package dragoncanyon

import (
	"testing"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/engine"
)

// testSetup is a solo game on normal: every tile 1 Wood unless changed, a
// physical action deck (flips are typed), six virtual Force cards of
// strength 3 in list order, four building stacks of 3.
func testSetup(mods ...func(*Setup)) Setup {
	s := Setup{Players: 1, Difficulty: Normal, Seed: 1, Dragon: Pos{4, 4}}
	for range Size {
		row := make([]TileSetup, Size)
		for c := range row {
			row[c] = TileSetup{Resource: Wood, Amount: 1}
		}
		s.Board = append(s.Board, row)
	}
	s.Buildings = []Building{
		{ID: decklist.TrainingGround, Name: "Training Ground", Stack: 3, VP: 2},
		{ID: decklist.TribalVillage, Name: "Tribal Village", Stack: 3, VP: 3},
		{ID: "guard_tower", Name: "Guard Tower", Stack: 3, VP: 4},
		{ID: "market", Name: "Market", Stack: 3, VP: 1},
	}
	s.ActionDeck = ActionDeck{Physical: true}
	s.ForceDeck = ForceDeck{Cards: []ForceCard{{Strength: 3}, {Strength: 3}, {Strength: 3}, {Strength: 3}, {Strength: 3}, {Strength: 3}}, Order: []int{0, 1, 2, 3, 4, 5}}
	for _, m := range mods {
		m(&s)
	}
	return s.Normalize()
}

// table is a game under test: the reducer on a state the test can arrange.
type table struct {
	t *testing.T
	r rules
	s State
	// logged is what every event applied so far logged.
	logged []engine.Message
}

func newTable(t *testing.T, mods ...func(*Setup)) *table {
	t.Helper()
	setup := testSetup(mods...)
	if err := setup.Validate(); err != nil {
		t.Fatalf("setup: %v", err)
	}
	s, _ := rules{setup}.Init()
	return &table{t: t, r: rules{setup}, s: s}
}

// put lays a card on the board as if it had been played.
func (tb *table) put(owner string, p Pos, faceUp bool, strength int, slayer bool) {
	f := &Force{Owner: owner, FaceUp: faceUp, Known: faceUp || owner == SeatAI, Strength: strength, Slayer: slayer}
	if owner == SeatAI {
		tb.s.AI.Force.OnBoard++
	}
	tb.s.tile(p).Force = f
}

// do applies e as the engine would: its type's legality, then the event.
// A refused event leaves the state as it was.
func (tb *table) do(e engine.Event) error {
	tb.t.Helper()
	if err := tb.r.Allowed(&tb.s, e.Type()); err != nil {
		return err
	}
	next := tb.r.Clone(&tb.s)
	log, err := tb.r.Apply(&next, e, 1)
	if err != nil {
		return err
	}
	tb.logged = append(tb.logged, log...)
	tb.s = next
	return nil
}

// must applies e and fails the test if it is refused.
func (tb *table) must(es ...engine.Event) {
	tb.t.Helper()
	for _, e := range es {
		if err := tb.do(e); err != nil {
			tb.t.Fatalf("%s refused: %v", e.Type(), err)
		}
	}
}

// flip is a physical action card's flip.
func flip(tile Pos, action, start, turn string, strength int, building string) *ActionFlipped {
	return &ActionFlipped{Card: &ActionCard{Tile: tile, Action: action, Start: start, Turn: turn, Strength: strength, Building: building}}
}

// drawTop is the virtual Force deck's top card.
func (tb *table) drawTop() *ForceDrawn {
	i := tb.s.AI.Force.Order[0]
	return &ForceDrawn{Index: &i}
}

// ruleOf is the message ID of a refusal, or "".
func ruleOf(err error) string {
	if re, ok := err.(*engine.RuleError); ok {
		return re.ID
	}
	if err != nil {
		return err.Error()
	}
	return ""
}
