package dragoncanyon

import (
	"encoding/json"
	"maps"
	"slices"
)

// PublicView is what the players may see of a Dragon Canyon game: the one
// place that decides it. The table as it lies (every card by its owner and
// which way up, a face-up card's strength and Dragon Slayer), the dragon,
// the AI's stash, caravan, buildings and the sizes of its piles, the action
// card on the table, the AI's last decision with its reason, the last
// spiral search, the end under way and the score.
//
// It never holds a face-down card's strength or Dragon Slayer (even the
// AI's, which the app knows), which card of the deck list a card is, the
// order of a pile or of the discards, nor the seed.
type PublicView struct {
	Round int    `json:"round"`
	Seat  string `json:"seat"`
	Phase string `json:"phase"`
	// Board is 4 rows of 4 tiles, row 1 at the top.
	Board   [][]PublicTile `json:"board"`
	Dragon  Pos            `json:"dragon"`
	AI      PublicAI       `json:"ai"`
	Players []Player       `json:"players"`
	Stacks  []PublicStack  `json:"stacks"`
	// ActionCard is the AI's action card flipped last in the turn under
	// way, face-up on the table.
	ActionCard *ActionCard     `json:"action_card,omitempty"`
	Decision   *PublicDecision `json:"decision,omitempty"`
	Search     *PublicSearch   `json:"search,omitempty"`
	End        *End            `json:"end,omitempty"`
	Result     *Result         `json:"result,omitempty"`
}

// PublicTile is a tile and the card on it, if any.
type PublicTile struct {
	Resource string       `json:"resource"`
	Amount   int          `json:"amount"`
	Canyon   bool         `json:"canyon,omitempty"`
	Force    *PublicForce `json:"force,omitempty"`
}

// PublicForce is a Force card on the board: whose it is and which way up.
// Face-down it is nothing more; face-up, what it shows (Strength is nil
// when the app has not been told).
type PublicForce struct {
	Owner    string `json:"owner"`
	FaceUp   bool   `json:"face_up"`
	Strength *int   `json:"strength,omitempty"`
	Slayer   bool   `json:"slayer,omitempty"`
}

// PublicAI is the AI's side of the table: what lies open, and how many
// cards its piles hold (never which, nor in what order).
type PublicAI struct {
	Stash         Resources `json:"stash"`
	Caravan       Resources `json:"caravan"`
	Buildings     []string  `json:"buildings"`
	Loot          int       `json:"loot"`
	ForcePile     int       `json:"force_pile"`
	ForceDiscard  int       `json:"force_discard"`
	ForceOnBoard  int       `json:"force_on_board"`
	ActionPile    int       `json:"action_pile"`
	ActionDiscard int       `json:"action_discard"`
}

// PublicStack is a building stack: its building and how many are left.
type PublicStack struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	VP   int    `json:"vp"`
	Left int    `json:"left"`
}

// PublicDecision is the AI's last decision and its reason (a message ID
// with arguments); Spiral is a search's visiting order; Details are the
// parts of the reason said under it.
type PublicDecision struct {
	Kind    string         `json:"kind"`
	Tile    *Pos           `json:"tile,omitempty"`
	Target  *Pos           `json:"target,omitempty"`
	Reason  string         `json:"reason"`
	Args    map[string]any `json:"args,omitempty"`
	Spiral  []Pos          `json:"spiral,omitempty"`
	Details []Detail       `json:"details,omitempty"`
}

// PublicSearch is the last spiral search: where it started and the tiles
// in the order it visited them (the numbers on the board).
type PublicSearch struct {
	From   Pos   `json:"from"`
	Spiral []Pos `json:"spiral"`
}

// cardArgs are the arguments of a decision that tell the strength of the
// AI's card on the decision's tile: a fight's result (its strength, its
// ability, whether it cancelled the player's Guard Tower). They go while
// that card lies face-down (a player turned it after the fight).
var cardArgs = map[string][]string{"fight_result": {"AI", "AICard", "AIAbility", "PlayerCancelled"}}

// cardDetail says whether detail d of a decision of kind tells the AI's
// card on the decision's tile: a fight's ability of the AI's card, and the
// player's Guard Tower that card cancelled. Such details go with cardArgs.
func cardDetail(kind string, d Detail) bool {
	if kind != "fight_result" {
		return false
	}
	ai := d.Args["SideKey"] == seatKey(SeatAI)
	return d.Reason == detailAbility && ai || d.Reason == detailTowerCancelled && !ai
}

// Public is what the players may see of state s of a game with setup.
func Public(setup Setup, s State) PublicView {
	v := PublicView{Round: s.RoundNow(), Seat: s.Seat, Phase: s.Phase, Dragon: s.Dragon, End: s.End, Result: s.Result}
	for _, row := range s.Board {
		var r []PublicTile
		for _, t := range row {
			r = append(r, PublicTile{Resource: t.Resource, Amount: t.Amount, Canyon: t.Canyon, Force: publicForce(t.Force)})
		}
		v.Board = append(v.Board, r)
	}
	v.AI = PublicAI{
		Stash: s.AI.Stash, Caravan: s.AI.Caravan, Buildings: slices.Clone(s.AI.Buildings), Loot: s.AI.Loot,
		ForcePile: s.AI.Force.Pile, ForceDiscard: s.AI.Force.Discard, ForceOnBoard: s.AI.Force.OnBoard,
		ActionPile: s.AI.Actions.Pile, ActionDiscard: s.AI.Actions.Discard,
	}
	for _, p := range s.Players {
		v.Players = append(v.Players, Player{Seat: p.Seat, Buildings: slices.Clone(p.Buildings), Stash: p.Stash, Load: p.Load})
	}
	for _, st := range s.Stacks {
		b, _ := setup.building(st.ID)
		v.Stacks = append(v.Stacks, PublicStack{ID: st.ID, Name: b.Name, VP: b.VP, Left: st.Left})
	}
	if s.Flow != nil && s.Flow.Card != nil {
		card := *s.Flow.Card
		v.ActionCard = &card
	}
	if d := s.Decision; d != nil {
		pd := &PublicDecision{Kind: d.Kind, Tile: d.Tile, Target: d.Target, Reason: d.Reason, Args: plainArgs(d.Args), Spiral: d.Order}
		hidden := false
		if d.Tile != nil {
			if f := s.tile(*d.Tile).Force; f != nil && f.Owner == SeatAI && !f.FaceUp {
				hidden = true
				for _, k := range cardArgs[d.Kind] {
					delete(pd.Args, k)
				}
			}
		}
		for _, x := range d.Details {
			if hidden && cardDetail(d.Kind, x) {
				continue
			}
			pd.Details = append(pd.Details, Detail{Reason: x.Reason, Args: maps.Clone(x.Args)})
		}
		v.Decision = pd
	}
	if s.Search != nil {
		v.Search = &PublicSearch{From: s.Search.From, Spiral: s.Search.Order}
	}
	return v
}

// publicForce is a Force card as the players see it.
func publicForce(f *Force) *PublicForce {
	if f == nil {
		return nil
	}
	p := &PublicForce{Owner: f.Owner, FaceUp: f.FaceUp}
	if f.FaceUp && f.Known {
		strength := f.Strength
		p.Strength, p.Slayer = &strength, f.Slayer
	}
	return p
}

// Public is what the players may see of the game now.
func (g *Game) Public() PublicView { return Public(g.Setup(), g.State()) }

// PublicJSON is engine.Public: the players' view as JSON.
func (g *Game) PublicJSON() ([]byte, error) { return json.Marshal(g.Public()) }

// plainArgs are a reason's arguments with plain values only, as the
// players' page fills them in: a name given in every language (a standard
// building's, BuildingText) is given by its English name, the deck list's.
func plainArgs(args map[string]any) map[string]any {
	out := maps.Clone(args)
	for k, v := range out {
		if m, ok := v.(map[string]any); ok {
			out[k] = m["en"]
		}
	}
	return out
}
