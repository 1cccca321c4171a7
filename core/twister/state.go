package twister

// StateVersion names the shape and meaning of State; bump it when either
// changes, so cached snapshots of another version are ignored.
const StateVersion = 3

// State is the live game: the last room revealed and who places what, the
// combat under way, and the score.
type State struct {
	Rooms int `json:"rooms"` // rooms revealed so far
	// Room is the last room revealed; Placement its placement order: the
	// revealer's step, then the opponent's, then (3-4 players) a step per
	// other player who owns a cursed item there.
	Room      *Room           `json:"room,omitempty"`
	Placement []PlacementStep `json:"placement,omitempty"`
	// PlacementOver says the last room's pieces are all down: every one
	// ticked off (piece_placed), or play went on (a combat, a death, an
	// escape, the treasure). Its steps are then no longer prompted.
	PlacementOver bool `json:"placement_over,omitempty"`
	// Pieces are the characters met so far (in the rooms revealed, in the
	// combats), each with its owner and what became of it: the death and
	// escape forms offer them and fill the controller from them.
	Pieces []Character `json:"pieces,omitempty"`
	// Combat is the combat under way, or nil; Combats counts those resolved.
	Combat  *Combat `json:"combat,omitempty"`
	Combats int     `json:"combats"`
	// LastCombat is the last combat worked out by the app, until the next.
	LastCombat *CombatResult `json:"last_combat,omitempty"`
	// Chosen are the combat cards chosen and not turned up yet
	// (combatcards.go): secret, never in the players' view.
	Chosen []ChosenCard `json:"chosen,omitempty"`
	// Score has one line per player, in seat order.
	Score []Score `json:"score"`
	// Winners are the players who reached the goal; the game is over then.
	Winners []int `json:"winners,omitempty"`
}

// Room is a revealed room: its name (optional), who revealed it and the
// opponent who places the revealer's objects.
type Room struct {
	Name     string `json:"name,omitempty"`
	Revealer int    `json:"revealer"`
	Opponent int    `json:"opponent"`
}

// PlacementStep is one player placing some of the room's pieces.
type PlacementStep struct {
	Placer int      `json:"placer"`
	Items  []Placed `json:"items"`
}

// Placed is a piece to place, and why this player places it: a Why of
// "character", "opponent_object", "revealer_object", "own_cursed" or "torch".
type Placed struct {
	Name  string `json:"name"`
	Owner int    `json:"owner"`
	Kind  string `json:"kind"`
	Why   string `json:"why"`
	// Placed says the piece is on the board (piece_placed).
	Placed bool `json:"placed,omitempty"`
}

// What became of a character.
const (
	FateDead    = "dead"
	FateEscaped = "escaped"
)

// Character is a character met in the game: its name, its owner (who
// controls it) and its fate ("", FateDead or FateEscaped).
type Character struct {
	Name  string `json:"name"`
	Owner int    `json:"owner"`
	Fate  string `json:"fate,omitempty"`
	// Strength is its printed combat value as last declared (0 until
	// then); Wounded says a combat the app worked out wounded it.
	Strength int  `json:"strength,omitempty"`
	Wounded  bool `json:"wounded,omitempty"`
}

// Combat steps, in order ("Order of Resolution for Combat"). With the card
// laying overridden (Weapon Master, Scroll of Confusion) the two card steps
// are one: StepOverride.
const (
	StepAttackerDeclares = "attacker_declares"
	StepDefenderDeclares = "defender_declares"
	StepAttackerCard     = "attacker_card"
	StepDefenderCard     = "defender_card"
	StepOverride         = "override"
	StepReveal           = "reveal"
)

// Combat is a combat under way.
type Combat struct {
	Attacker          int    `json:"attacker"`
	Defender          int    `json:"defender"`
	AttackerCharacter string `json:"attacker_character,omitempty"`
	DefenderCharacter string `json:"defender_character,omitempty"`
	Step              string `json:"step"`
	// Override is what replaces the card laying: "weapon_master",
	// "scroll_of_confusion" or "other"; empty when the cards are laid.
	Override string `json:"override,omitempty"`
	// Attack and Defence are the sides' declarations, once made.
	Attack  *Declaration `json:"attack,omitempty"`
	Defence *Declaration `json:"defence,omitempty"`
}

// Score is one player's victory points and where they came from.
type Score struct {
	Player   int `json:"player"`
	Escapes  int `json:"escapes"`
	Kills    int `json:"kills"`
	Treasure int `json:"treasure"`
	Points   int `json:"points"`
}

// Steps are a combat's steps in order, as the override leaves them.
func (c Combat) Steps() []string {
	if c.Override != "" {
		return []string{StepAttackerDeclares, StepDefenderDeclares, StepOverride, StepReveal}
	}
	return []string{StepAttackerDeclares, StepDefenderDeclares, StepAttackerCard, StepDefenderCard, StepReveal}
}

// StepPlayer is the player whose step it is: the attacker's or the
// defender's; 0 for a step both do (the override, the reveal).
func (c Combat) StepPlayer() int {
	switch c.Step {
	case StepAttackerDeclares, StepAttackerCard:
		return c.Attacker
	case StepDefenderDeclares, StepDefenderCard:
		return c.Defender
	}
	return 0
}

// Declaring says whether the combat is still in its declarations.
func (c Combat) Declaring() bool {
	return c.Step == StepAttackerDeclares || c.Step == StepDefenderDeclares
}
