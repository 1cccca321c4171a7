// Package dragoncanyon is the Dragon Canyon module: the app plays the AI
// opponent of the solo and 2-player variant ("Dragon Canyon Solo /
// 2-player Variant with AI", revision 1.10.4) beside the physical board.
// A game is a Setup (the 4×4 board, the decks, the difficulty) plus an
// ordered log of events; the AI's every decision is derived by the reducer
// with its reason as a message ID. It imports the engine only: no Fyne, no
// SQL, no display text.
package dragoncanyon

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/core/dragoncanyon/spiral"
	"github.com/dunconductor/conductor/core/engine"
)

// ModuleName is the module's name in saves and scripts.
const ModuleName = "dragon-canyon"

// StateVersion names the shape and meaning of State (snapshots of another
// version are ignored). 2: the last search (Search) is kept. 3: a
// player's caravan as their last fight entered it (Player.Caravan). 4:
// the players' counted stash and caravan (Player.Stash, Player.Load) and
// the reminders open (Reminders, Reminded).
const StateVersion = 4

// Size is the board's side: 4×4 tiles.
const Size = decklist.Size

// The vocabulary shared with the sub-packages.
type (
	Pos        = spiral.Pos
	ActionCard = decklist.ActionCard
	ForceCard  = decklist.ForceCard
	Building   = decklist.Building
	Cost       = decklist.Cost
	Ability    = decklist.Ability
)

// Resources, least valuable first ("Claim Phase": Wood; Food; Stone; Bone).
const (
	Wood  = "wood"
	Food  = "food"
	Stone = "stone"
	Bone  = "bone"
)

// ByValue lists the resources least valuable first: the AI pays with them
// in this order. StealOrder is the reverse: what the AI steals first.
var (
	ByValue    = []string{Wood, Food, Stone, Bone}
	StealOrder = []string{Bone, Stone, Food, Wood}
)

// Difficulties ("Varying the Difficulty").
const (
	Easier = "easier"
	Normal = "normal"
	Harder = "harder"
)

// Setup is everything decided before the first event.
type Setup struct {
	// Players is 1 for the solo game, 2 for the 2-player variant.
	Players    int    `json:"players"`
	Difficulty string `json:"difficulty"`
	Seed       uint64 `json:"seed"`
	// Board is 4 rows of 4 tiles, row 1 at the top.
	Board  [][]TileSetup `json:"board"`
	Dragon Pos           `json:"dragon"`
	// Buildings are the stacks of building tiles in play.
	Buildings  []Building `json:"buildings"`
	ActionDeck ActionDeck `json:"action_deck"`
	ForceDeck  ForceDeck  `json:"force_deck"`
	Rules      Options    `json:"rules"`
}

// TileSetup is one tile as laid out: its resource and amount, and whether
// it is a Dragon Canyon tile.
type TileSetup struct {
	Resource string `json:"resource"`
	Amount   int    `json:"amount"`
	Canyon   bool   `json:"canyon,omitempty"`
}

// ActionDeck is the AI's action deck: the physical one (the Conductor types
// what each flipped card shows) or a virtual one (its cards listed once; the
// app shuffles and flips). Order is the virtual pile's first order, top
// first, as indexes into Cards: drawn from the seed when left out.
type ActionDeck struct {
	Physical bool         `json:"physical,omitempty"`
	Cards    []ActionCard `json:"cards,omitempty"`
	Order    []int        `json:"order,omitempty"`
}

// ForceDeck is the AI's Force cards: physical (Size cards the app never
// sees until one is revealed) or virtual (Cards, shuffled by the app).
type ForceDeck struct {
	Physical bool        `json:"physical,omitempty"`
	Size     int         `json:"size,omitempty"`
	Cards    []ForceCard `json:"cards,omitempty"`
	Order    []int       `json:"order,omitempty"`
}

// Normalize fills the defaults: the difficulty, the rule readings, and the
// virtual decks' first orders from the seed (kept in the saved setup, so a
// game never shuffles again on replay).
func (s Setup) Normalize() Setup {
	if s.Difficulty == "" {
		s.Difficulty = Normal
	}
	s.Rules = s.Rules.withDefaults()
	if s.Rules.AIWinsDraws == nil {
		v := s.Difficulty == Harder && s.Players == 2
		s.Rules.AIWinsDraws = &v
	}
	if !s.ActionDeck.Physical && len(s.ActionDeck.Order) == 0 && len(s.ActionDeck.Cards) > 0 {
		s.ActionDeck.Order = shuffled(s.Seed, 1<<40, seq(len(s.ActionDeck.Cards)))
	}
	if !s.ForceDeck.Physical && len(s.ForceDeck.Order) == 0 && len(s.ForceDeck.Cards) > 0 {
		s.ForceDeck.Order = shuffled(s.Seed, 1<<40+1, seq(len(s.ForceDeck.Cards)))
	}
	return s
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// shuffled is cards in the order the n-th shuffle of a game with this seed
// gives.
func shuffled(seed uint64, n int, cards []int) []int {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	out := slices.Clone(cards)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// Validate checks a normalized setup and returns every problem, or nil.
func (s Setup) Validate() error {
	var v setupCheck
	if s.Players != 1 && s.Players != 2 {
		v.add("players", "setup.dc.players", map[string]any{"Value": s.Players})
	}
	if s.Difficulty != Easier && s.Difficulty != Normal && s.Difficulty != Harder {
		v.add("difficulty", "setup.dc.difficulty", map[string]any{"Value": s.Difficulty})
	}
	v.board(s.Board)
	if !onBoard(s.Dragon) {
		v.add("dragon", "setup.dc.tile", map[string]any{"Value": s.Dragon.String()})
	}
	ids := v.buildings(s.Buildings)
	v.actionDeck(s.ActionDeck, ids)
	v.forceDeck(s.ForceDeck)
	v.options(s.Rules)
	if len(v.errs) == 0 {
		return nil
	}
	return v.errs
}

// setupCheck gathers a setup's problems in the order they are found.
type setupCheck struct{ errs engine.SetupErrors }

func (v *setupCheck) add(field, id string, args map[string]any) {
	v.errs = append(v.errs, engine.FieldError{Field: field, ID: id, Args: args})
}

// board checks the rows, then each tile's resource and amount.
func (v *setupCheck) board(board [][]TileSetup) {
	if len(board) != Size {
		v.add("board", "setup.dc.board.rows", map[string]any{"Count": len(board)})
	}
	for r, row := range board {
		if len(row) != Size {
			v.add(fmt.Sprintf("board.%d", r+1), "setup.dc.board.cols", map[string]any{"Row": r + 1, "Count": len(row)})
			continue
		}
		for c, t := range row {
			v.tile(Pos{r + 1, c + 1}, t)
		}
	}
}

func (v *setupCheck) tile(p Pos, t TileSetup) {
	field := fmt.Sprintf("board.%d.%d", p[0], p[1])
	if !slices.Contains(ByValue, t.Resource) {
		v.add(field, "setup.dc.board.resource", map[string]any{"Tile": p.String(), "Value": t.Resource})
	}
	if t.Amount < 1 || t.Amount > 9 {
		v.add(field, "setup.dc.board.amount", map[string]any{"Tile": p.String(), "Value": t.Amount})
	}
}

// buildings checks the stacks and returns the ids seen, for the action
// cards to name.
func (v *setupCheck) buildings(bs []Building) map[string]bool {
	ids := map[string]bool{}
	if len(bs) == 0 {
		v.add("buildings", "setup.dc.buildings.none", nil)
	}
	for i, b := range bs {
		if !decklist.ValidID(b.ID) || ids[b.ID] || b.Stack < 1 || b.VP < 0 || b.Name == "" || !b.Cost.Valid() {
			v.add(fmt.Sprintf("buildings.%d", i+1), "setup.dc.buildings.bad", map[string]any{"Value": b.ID})
		}
		ids[b.ID] = true
	}
	return ids
}

// actionDeck checks a physical deck lists nothing, a virtual one its cards
// and their first order.
func (v *setupCheck) actionDeck(d ActionDeck, ids map[string]bool) {
	if d.Physical {
		if len(d.Cards) > 0 || len(d.Order) > 0 {
			v.add("action_deck", "setup.dc.deck.physical_cards", nil)
		}
		return
	}
	if len(d.Cards) == 0 {
		v.add("action_deck", "setup.dc.deck.empty", nil)
	}
	for i, c := range d.Cards {
		if !validAction(c, ids) {
			v.add(fmt.Sprintf("action_deck.cards.%d", i+1), "setup.dc.deck.bad_card", map[string]any{"Card": i + 1})
		}
	}
	if !isPerm(d.Order, len(d.Cards)) {
		v.add("action_deck.order", "setup.dc.deck.order", nil)
	}
}

// forceDeck checks a physical deck has a size and lists nothing, a virtual
// one its cards and their first order.
func (v *setupCheck) forceDeck(d ForceDeck) {
	if d.Physical {
		if d.Size < 1 || len(d.Cards) > 0 || len(d.Order) > 0 {
			v.add("force_deck", "setup.dc.deck.physical_size", map[string]any{"Value": d.Size})
		}
		return
	}
	if len(d.Cards) == 0 || d.Size != 0 {
		v.add("force_deck", "setup.dc.deck.empty", nil)
	}
	for i, c := range d.Cards {
		if c.Strength < decklist.MinStrength || c.Strength > decklist.MaxStrength || !c.Ability.Valid() {
			v.add(fmt.Sprintf("force_deck.cards.%d", i+1), "setup.dc.deck.bad_card", map[string]any{"Card": i + 1})
		}
	}
	if !isPerm(d.Order, len(d.Cards)) {
		v.add("force_deck.order", "setup.dc.deck.order", nil)
	}
}

// options checks each rule reading is one the module knows (RuleOptions).
func (v *setupCheck) options(o Options) {
	for _, opt := range RuleOptions {
		if value := engine.OptionValue(o, opt.ID); !opt.Flag() && !slices.Contains(opt.Choices, value) {
			v.add("rules."+opt.ID, "setup.dc.option", map[string]any{"Value": value})
		}
	}
}

// validAction checks an action card against the buildings in play.
func validAction(c ActionCard, buildings map[string]bool) bool {
	return onBoard(c.Tile) && (c.Action == decklist.Fight || c.Action == decklist.MoveDragon) &&
		spiral.ValidDirection(c.Start) && spiral.ValidRotation(c.Turn) &&
		c.Strength >= decklist.MinStrength && c.Strength <= decklist.MaxStrength && buildings[c.Building]
}

func isPerm(order []int, n int) bool {
	if len(order) != n {
		return false
	}
	seen := make([]bool, n)
	for _, i := range order {
		if i < 0 || i >= n || seen[i] {
			return false
		}
		seen[i] = true
	}
	return true
}

func onBoard(p Pos) bool { return p[0] >= 1 && p[0] <= Size && p[1] >= 1 && p[1] <= Size }

// Threshold is how many resources a building costs the AI ("Claim Phase";
// harder: 3).
func (s Setup) Threshold() int {
	if s.Difficulty == Harder {
		return 3
	}
	return 4
}

// Seats are the seats in turn order: the AI first ("Game Play": the AI
// takes the first turn), then the players.
func (s Setup) Seats() []string {
	out := []string{SeatAI, "p1"}
	if s.Players == 2 {
		out = append(out, "p2")
	}
	return out
}

// SeatAI is the AI's seat; the players' are "p1" and "p2".
const SeatAI = "ai"

// building finds a building in play.
func (s Setup) building(id string) (Building, bool) {
	for _, b := range s.Buildings {
		if b.ID == id {
			return b, true
		}
	}
	return Building{}, false
}
