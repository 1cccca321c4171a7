package dragoncanyon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// Phases the game can be in.
const (
	PhaseWaiting   = "waiting"   // the AI's turn is due
	PhaseStockpile = "stockpile" // the AI's turn, phase by phase
	PhaseJourney   = "journey"
	PhaseAction    = "action"
	PhaseHarvest   = "harvest"
	PhaseClaim     = "claim"
	PhasePlayers   = "players"   // a player's turn
	PhaseDefending = "defending" // a player attacked an AI card
	PhaseScoring   = "scoring"   // the game has ended: score it
	PhaseOver      = "over"
)

// State is derived by replaying a setup and its events.
type State struct {
	Round int    `json:"round"` // AI turns begun
	Seat  string `json:"seat"`  // whose turn: "ai", "p1", "p2"; "" once the game has ended
	Phase string `json:"phase"`
	// Board is 4 rows of 4 tiles, row 1 at the top.
	Board   [][]Tile `json:"board"`
	Dragon  Pos      `json:"dragon"`
	AI      AI       `json:"ai"`
	Players []Player `json:"players"`
	Stacks  []Stack  `json:"stacks"`
	// Pending is what the app needs next: none, or one step.
	Pending Pending `json:"pending"`
	// Decision is the AI's last decision, with its reason.
	Decision *Decision `json:"decision"`
	// Search is the last spiral search (the dragon's target, the fight's
	// target): it stays until the next search, whatever is decided between.
	Search *Search `json:"search,omitempty"`
	// Flow is the AI's turn (or defence) under way.
	Flow *Flow `json:"flow,omitempty"`
	End  *End  `json:"end,omitempty"`
	// Objectives are the solo player's objectives resolved at the end, in
	// order, with what each did on the table.
	Objectives []Objective `json:"objectives,omitempty"`
	Result     *Result     `json:"result,omitempty"`
	// Hints are what to do on the board after the last event.
	Hints []engine.Message `json:"hints"`
	// Reminders are the things to do on the board not yet ticked done
	// (every hint given, oldest first): each stays until a reminder_done
	// names its ID.
	Reminders []Reminder `json:"reminders"`
	// Reminded counts the reminders ever given: the next one's ID.
	Reminded int `json:"reminded"`
	// Shuffles counts the virtual decks' reshuffles (the seeded generator's
	// counter for the next one).
	Shuffles int `json:"shuffles"`

	logged []engine.Message
}

// Tile is a board tile and the Force card on it, if any.
type Tile struct {
	Resource string `json:"resource"`
	Amount   int    `json:"amount"`
	Canyon   bool   `json:"canyon,omitempty"`
	Force    *Force `json:"force,omitempty"`
}

// Force is a Force card on the board. Strength and Slayer mean something
// only when Known: the AI's virtual cards always, others once face-up.
type Force struct {
	Owner    string `json:"owner"`
	FaceUp   bool   `json:"face_up"`
	Known    bool   `json:"known"`
	Strength int    `json:"strength,omitempty"`
	Slayer   bool   `json:"slayer,omitempty"`
	// Ability is the card's fight ability, once known (the deck list's for
	// the AI's virtual cards; entered when a card is revealed otherwise).
	Ability Ability `json:"ability,omitzero"`
	// Card is the AI's virtual card (an index into the deck list).
	Card *int `json:"card,omitempty"`
}

// Resources are counts by resource.
type Resources struct {
	Wood  int `json:"wood"`
	Food  int `json:"food"`
	Stone int `json:"stone"`
	Bone  int `json:"bone"`
}

func (r *Resources) ptr(name string) *int {
	switch name {
	case Wood:
		return &r.Wood
	case Food:
		return &r.Food
	case Stone:
		return &r.Stone
	case Bone:
		return &r.Bone
	}
	return nil
}

// Get is how many of one resource.
func (r Resources) Get(name string) int {
	if p := r.ptr(name); p != nil {
		return *p
	}
	return 0
}

// Add changes one resource.
func (r *Resources) Add(name string, n int) {
	if p := r.ptr(name); p != nil {
		*p += n
	}
}

// Total is how many resources in all.
func (r Resources) Total() int { return r.Wood + r.Food + r.Stone + r.Bone }

// AI is the AI's side of the table.
type AI struct {
	Stash     Resources `json:"stash"`
	Caravan   Resources `json:"caravan"`
	Buildings []string  `json:"buildings"`
	Loot      int       `json:"loot"`
	Force     Pile      `json:"force"`
	Actions   Pile      `json:"actions"`
}

// Pile is one of the AI's decks: the draw pile and the discards, as counts
// and, for a virtual deck, as cards (top first). OnBoard counts the Force
// cards on the map.
type Pile struct {
	Pile     int   `json:"pile"`
	Discard  int   `json:"discard"`
	OnBoard  int   `json:"on_board,omitempty"`
	Flipped  int   `json:"flipped"`
	Order    []int `json:"order,omitempty"`
	Discards []int `json:"discards,omitempty"`
}

// Player is a human player's side, as far as the app follows it.
type Player struct {
	Seat      string   `json:"seat"`
	Buildings []string `json:"buildings"`
	// Caravan is the resource types the player's caravan held at their
	// last fight, as the table entered them: the next fight's form starts
	// from it.
	Caravan []string `json:"caravan,omitempty"`
	// Stash and Load are the resources the app counts in the player's
	// stash and caravan: gathered, harvested, stolen, taken and paid as
	// entered, moved into the stash at the start of the player's turn, and
	// set by a player_corrected for what the app cannot see.
	Stash Resources `json:"stash"`
	Load  Resources `json:"load"`
}

// Reminder is a thing to do on the board, open until ticked done.
type Reminder struct {
	ID      int            `json:"id"`
	Message string         `json:"message"`
	Args    map[string]any `json:"args,omitempty"`
}

// Stack is a building stack and how many tiles are left in it.
type Stack struct {
	ID   string `json:"id"`
	Left int    `json:"left"`
}

// Step kinds: what the app waits for.
const (
	StepFlip   = "flip"   // an AI action card
	StepDraw   = "draw"   // the AI's Force card, placed on Tile
	StepReveal = "reveal" // the AI's physical Force card on Tile, face-up
	StepStomp  = "stomp"  // the stomped player's random discard
	StepFight  = "fight"  // the player's strength
	StepScore  = "score"  // the final scores
	// StepObjective is one of the solo player's objectives at the end: done
	// or failed, and its effect on the table ("Objective Scoring").
	StepObjective = "objective"
)

// What a flip is for.
const (
	FlipJourney   = "journey"
	FlipAdjacency = "adjacency"
	FlipTiebreak  = "tiebreak"
	FlipPurchase  = "purchase"
	FlipDefence   = "defence"
)

// Step is what the app needs next.
type Step struct {
	Kind    string `json:"kind"`
	Purpose string `json:"purpose,omitempty"`
	Tile    *Pos   `json:"tile,omitempty"`
	Player  string `json:"player,omitempty"`
	// Objective is the objective asked for (1 to Objectives).
	Objective int `json:"objective,omitempty"`
}

// Pending is the engine's queue of pending steps, which here holds one step
// at most: each is answered before the AI's turn goes on and sets the next.
// As JSON it is that step, or null.
type Pending struct {
	engine.Steps[Step]
}

// MarshalJSON writes the step pending, or null.
func (p Pending) MarshalJSON() ([]byte, error) {
	if len(p.Steps) > 1 {
		return nil, fmt.Errorf("%d steps pending, one at most", len(p.Steps))
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // the state's own encoder escapes, or not
	if err := enc.Encode(p.Head()); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads a step, or null for none, strictly.
func (p *Pending) UnmarshalJSON(data []byte) error {
	h, err := engine.DecodeStrict[*Step](data)
	if err != nil {
		return err
	}
	p.Steps = nil
	if h != nil {
		p.Steps = engine.Steps[Step]{*h}
	}
	return nil
}

// Decision is one thing the AI decided, and why (a message ID with
// arguments). Order is a spiral search's visiting order. Details are the
// parts of the reason said under it, each a message of its own (a fight's
// card abilities and Guard Towers).
type Decision struct {
	Kind    string         `json:"kind"`
	Tile    *Pos           `json:"tile,omitempty"`
	Target  *Pos           `json:"target,omitempty"`
	Reason  string         `json:"reason"`
	Args    map[string]any `json:"args,omitempty"`
	Order   []Pos          `json:"order,omitempty"`
	Details []Detail       `json:"details,omitempty"`
}

// Detail is one part of a decision's reason: a message ID with arguments,
// plain placeholders only (the players' page fills them in itself).
type Detail struct {
	Reason string         `json:"reason"`
	Args   map[string]any `json:"args,omitempty"`
}

// Search is a spiral search: the tile it started from and the tiles it
// visited, in order.
type Search struct {
	From  Pos   `json:"from"`
	Order []Pos `json:"order"`
}

// Flow is the AI's turn or defence under way.
type Flow struct {
	Next string `json:"next"` // the phase to go on with
	// Placed is where the AI put its Force card this turn.
	Placed *Pos `json:"placed,omitempty"`
	// Card is the current action card: the last one flipped this turn.
	Card *ActionCard `json:"card,omitempty"`
	// Festival: the placement was chosen to complete a line.
	Festival bool `json:"festival,omitempty"`
	// Lines are the lines the placement completed.
	Lines []Line `json:"lines,omitempty"`
	// Action is the adjacency card's Action section, if one was flipped.
	Action     string `json:"action,omitempty"`
	Tiebreak   bool   `json:"tiebreak,omitempty"` // a card was flipped for the dragon's tie-break
	DragonDone bool   `json:"dragon_done,omitempty"`
	DragonFrom *Pos   `json:"dragon_from,omitempty"`
	// The fight: who attacks, the AI's card and the player's.
	Attacker string `json:"attacker,omitempty"`
	AITile   *Pos   `json:"ai_tile,omitempty"`
	Target   *Pos   `json:"target,omitempty"`
	Fought   bool   `json:"fought,omitempty"`
	// Claim: what the AI bought this turn and how many cards it flipped
	// for the building it is buying now.
	Bought []string `json:"bought,omitempty"`
	Flips  int      `json:"flips,omitempty"`
}

// Line is a Harvest Festival line: a row, a column or a diagonal (1: from
// [1,1], 2: from [1,4]).
type Line struct {
	Kind  string `json:"kind"`
	Index int    `json:"index"`
}

// Line kinds.
const (
	Row      = "row"
	Column   = "column"
	Diagonal = "diagonal"
)

// Tiles are the line's four tiles.
func (l Line) Tiles() []Pos {
	out := make([]Pos, Size)
	for i := range Size {
		switch l.Kind {
		case Row:
			out[i] = Pos{l.Index, i + 1}
		case Column:
			out[i] = Pos{i + 1, l.Index}
		case Diagonal:
			if l.Index == 1 {
				out[i] = Pos{i + 1, i + 1}
			} else {
				out[i] = Pos{i + 1, Size - i}
			}
		}
	}
	return out
}

// End is the game's end under way: who emptied a stack, and the seats that
// still have their one more turn, in order.
type End struct {
	By    string   `json:"by"`
	Stack string   `json:"stack"`
	Left  []string `json:"left"`
}

// Result is the final score.
type Result struct {
	AI      int    `json:"ai"`
	Players []int  `json:"players"`
	Winner  string `json:"winner"` // a seat, or "tie"
	// Reason is the result's message ID, with its arguments.
	Reason string         `json:"reason"`
	Args   map[string]any `json:"args,omitempty"`
}

// RoundNow is the round the table is in, as every screen says it (the
// header, the prompt card, the saved games, the players' page): the AI's
// turn due begins the next round, so while it waits the round is the one
// it begins.
func (s State) RoundNow() int {
	if s.Phase == PhaseWaiting {
		return s.Round + 1
	}
	return s.Round
}

// InApp says whether the card is one the app holds (the AI's card from a
// virtual deck): what it shows is on the screen, turned face-up by the
// app; any other card is only on the table, and what it shows is read
// from there.
func (f Force) InApp() bool { return f.Card != nil }

// tile is the tile at p (the state is the reducer's own deep copy).
func (s *State) tile(p Pos) *Tile { return &s.Board[p[0]-1][p[1]-1] }

// log records a line of what the event did.
func (s *State) log(id string, args map[string]any) {
	s.logged = append(s.logged, engine.Message{ID: id, Args: args})
}

// hint adds something to do on the board.
func (s *State) hint(id string, args map[string]any) {
	s.Hints = append(s.Hints, engine.Message{ID: id, Args: args})
	s.Reminded++
	s.Reminders = append(s.Reminders, Reminder{ID: s.Reminded, Message: id, Args: args})
}

// decide records a decision of the AI and logs its reason, then its
// details.
func (s *State) decide(d Decision) {
	s.Decision = &d
	s.log(d.Reason, d.Args)
	for _, x := range d.Details {
		s.log(x.Reason, x.Args)
	}
}

// lines are the Harvest Festival lines of the board.
func lines(o Options) []Line {
	var out []Line
	for i := 1; i <= Size; i++ {
		out = append(out, Line{Row, i})
	}
	for i := 1; i <= Size; i++ {
		out = append(out, Line{Column, i})
	}
	if o.DiagonalLines {
		out = append(out, Line{Diagonal, 1}, Line{Diagonal, 2})
	}
	return out
}

// complete says whether every tile of l holds a Force card.
func (s *State) complete(l Line) bool {
	for _, p := range l.Tiles() {
		if s.tile(p).Force == nil {
			return false
		}
	}
	return true
}

// allTiles lists the board's tiles, row by row.
func allTiles() []Pos {
	var out []Pos
	for r := 1; r <= Size; r++ {
		for c := 1; c <= Size; c++ {
			out = append(out, Pos{r, c})
		}
	}
	return out
}

// human says whether a Force card is a player's.
func human(f *Force) bool { return f != nil && f.Owner != SeatAI }

func (s *State) player(seat string) *Player {
	for i := range s.Players {
		if s.Players[i].Seat == seat {
			return &s.Players[i]
		}
	}
	return nil
}

func (s *State) stack(id string) *Stack {
	for i := range s.Stacks {
		if s.Stacks[i].ID == id {
			return &s.Stacks[i]
		}
	}
	return nil
}

func posPtr(p Pos) *Pos { return &p }

func contains(list []string, x string) bool { return slices.Contains(list, x) }
