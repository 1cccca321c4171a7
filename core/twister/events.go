package twister

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// Events are Dungeon Twister's event types, each registered beside its
// type.
var Events = engine.NewRegistry()

// Piece kinds.
const (
	KindCharacter = "character"
	KindObject    = "object"
)

// Piece is a character or an object in a revealed room, with the player who
// owns it. Cursed items and torches are objects.
type Piece struct {
	Name   string `json:"name"`
	Owner  int    `json:"owner"`
	Kind   string `json:"kind"`
	Cursed bool   `json:"cursed,omitempty"`
	Torch  bool   `json:"torch,omitempty"`
}

// RoomRevealed: a player reveals a room; its contents are placed in two
// steps. Opponent is the player who places the revealer's objects: the other
// player in a 2-player game (may be left out), required with 3 or 4.
type RoomRevealed struct {
	Room     string  `json:"room,omitempty"`
	Revealer int     `json:"revealer"`
	Opponent int     `json:"opponent,omitempty"`
	Contents []Piece `json:"contents"`
}

var _ = Events.Register(func() engine.Event { return &RoomRevealed{} })

func (*RoomRevealed) Type() string { return "room_revealed" }

// CombatStarted: an attack is declared. Defender may be left out in a
// 2-player game; the characters' names are optional.
type CombatStarted struct {
	Attacker          int    `json:"attacker"`
	Defender          int    `json:"defender,omitempty"`
	AttackerCharacter string `json:"attacker_character,omitempty"`
	DefenderCharacter string `json:"defender_character,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &CombatStarted{} })

func (*CombatStarted) Type() string { return "combat_started" }

// Overrides of the card laying.
const (
	OverrideWeaponMaster      = "weapon_master"
	OverrideScrollOfConfusion = "scroll_of_confusion"
	OverrideOther             = "other"
)

// CardLayingOverridden: during the declarations, an ability or item that
// replaces the laying of combat cards is used.
type CardLayingOverridden struct {
	By string `json:"by"`
}

var _ = Events.Register(func() engine.Event { return &CardLayingOverridden{} })

func (*CardLayingOverridden) Type() string { return "card_laying_overridden" }

// CombatStep: the combat's current step is done; after the reveal, the
// combat is over. At a declaring step the side's declaration is due
// (combat_declared moves on): only Undeclared, said on purpose (the table
// declared without entering it), goes on without it.
type CombatStep struct {
	Undeclared bool `json:"undeclared,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &CombatStep{} })

func (*CombatStep) Type() string { return "combat_step" }

// Causes of a death.
const (
	CauseCombat  = "combat"
	CauseRanged  = "ranged"
	CauseTrap    = "trap"
	CauseSpell   = "spell"
	CauseOther   = "other"
	CauseSuicide = "suicide" // the controller's own doing: every opponent scores
)

var causes = []string{CauseCombat, CauseRanged, CauseTrap, CauseSpell, CauseOther, CauseSuicide}

// CharacterDied: a character is killed. Controller is the player who
// normally controls it; By the opponent who scores (left out in 2 players,
// required in 3-4 unless the cause is suicide). Points defaults to 1.
// Terrain is where a suicide happens, one of Terrains; only a suicide has
// one. FireElemental, Undead and Wounded are what the table says of the
// character a suicide kills, which some terrains need (checkTerrain).
type CharacterDied struct {
	Character     string `json:"character"`
	Controller    int    `json:"controller"`
	Cause         string `json:"cause"`
	By            int    `json:"by,omitempty"`
	Points        int    `json:"points,omitempty"`
	Terrain       string `json:"terrain,omitempty"`
	FireElemental bool   `json:"fire_elemental,omitempty"`
	Undead        bool   `json:"undead,omitempty"`
	Wounded       bool   `json:"wounded,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &CharacterDied{} })

// Where a player may kill their own character (twister.suicide_terrain):
// the one terrain that allows it by itself, and the expansions' cases.
const (
	TerrainFallingRocks = "falling_rocks" // Paladins and Dragons
	TerrainRemoteTrap   = "remote_trap"   // Mercenaries: on the trap before it goes off
	TerrainWater        = "water"         // Fire and Water: the Fire Elemental
	TerrainSacredTomb   = "sacred_tomb"   // Forces of Darkness: your own wounded undead, carried in
	TerrainHolyCross    = "holy_cross"    // Forces of Darkness: your own undead, walked in
)

// Terrains are the places a suicide is legal, in the order the form lists them.
var Terrains = []string{TerrainFallingRocks, TerrainRemoteTrap, TerrainWater, TerrainSacredTomb, TerrainHolyCross}

func (*CharacterDied) Type() string { return "character_died" }

// CharacterEscaped: a character leaves the maze; its controller scores
// Points (default 1).
type CharacterEscaped struct {
	Character  string `json:"character"`
	Controller int    `json:"controller"`
	Points     int    `json:"points,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &CharacterEscaped{} })

func (*CharacterEscaped) Type() string { return "character_escaped" }

// TreasureOut: a player's character takes the treasure out of the maze;
// the player scores Points (default 1).
type TreasureOut struct {
	Player int `json:"player"`
	Points int `json:"points,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &TreasureOut{} })

func (*TreasureOut) Type() string { return "treasure_out" }

// ctx is what an event's apply needs besides the state.
type ctx struct {
	setup Setup
	log   []engine.Message
}

func (c *ctx) say(id string, args map[string]any) {
	c.log = append(c.log, engine.Message{ID: id, Args: args})
}

// player checks a seat number.
func (c *ctx) player(p int, field string) error {
	if p < 1 || p > c.setup.Players {
		return engine.Refuse("rule.twister.player", map[string]any{"FieldKey": fieldKey(field), "Player": p, "Count": c.setup.Players})
	}
	return nil
}

// fieldKey names an event's field in the reader's words (a message ID), never
// as the field's id.
func fieldKey(field string) string { return "ui.twister.field." + field }

// Field names, listed so every one is translated.
var _ = []string{"ui.twister.field.revealer", "ui.twister.field.opponent", "ui.twister.field.room", "ui.twister.field.name",
	"ui.twister.field.owner", "ui.twister.field.attacker", "ui.twister.field.defender", "ui.twister.field.attacker_character",
	"ui.twister.field.defender_character", "ui.twister.field.by", "ui.twister.field.character", "ui.twister.field.controller",
	"ui.twister.field.player"}

func checkName(n, field string, required bool) error {
	if (required && n == "") || len(n) > MaxName {
		return engine.Refuse("rule.twister.name", map[string]any{"FieldKey": fieldKey(field), "Max": MaxName})
	}
	return nil
}

func points(p int) (int, error) {
	if p == 0 {
		return 1, nil
	}
	if p < 1 || p > MaxPoints {
		return 0, engine.Refuse("rule.twister.points", map[string]any{"Max": MaxPoints})
	}
	return p, nil
}

func (e *RoomRevealed) apply(s *State, c *ctx) error {
	opp, err := e.opponent(c)
	if err != nil {
		return err
	}
	if err := checkName(e.Room, "room", false); err != nil {
		return err
	}
	if len(e.Contents) > MaxContents {
		return engine.Refuse("rule.twister.contents_max", map[string]any{"Max": MaxContents})
	}
	for _, p := range e.Contents {
		if err := checkPiece(p, c); err != nil {
			return err
		}
	}
	s.Rooms++
	s.Room = &Room{Name: e.Room, Revealer: e.Revealer, Opponent: opp}
	s.Placement = Placement(e.Revealer, opp, e.Contents)
	s.PlacementOver = false
	s.PlacementOver = CurrentStep(*s) < 0 // an empty room is done at once
	for _, p := range e.Contents {
		if p.Kind == KindCharacter {
			meet(s, p.Name, p.Owner)
		}
	}
	c.say("log.twister.room_revealed", map[string]any{"Name": c.setup.Name(e.Revealer), "Room": e.Room, "Count": len(e.Contents)})
	return nil
}

// opponent is the revealer's opponent for this room: the one given, or the
// only other player of a 2-player game; refused when it is missing, not a
// player or the revealer.
func (e *RoomRevealed) opponent(c *ctx) (int, error) {
	if err := c.player(e.Revealer, "revealer"); err != nil {
		return 0, err
	}
	opp := e.Opponent
	if other := c.setup.Other(e.Revealer); other != 0 {
		if opp == 0 {
			opp = other
		}
	} else if opp == 0 {
		return 0, engine.Refuse("rule.twister.opponent_needed", nil)
	}
	if err := c.player(opp, "opponent"); err != nil {
		return 0, err
	}
	if opp == e.Revealer {
		return 0, engine.Refuse("rule.twister.opponent_self", nil)
	}
	return opp, nil
}

// checkPiece refuses a piece without a name or owner, of an unknown kind,
// a character marked cursed or a torch, or a cursed torch.
func checkPiece(p Piece, c *ctx) error {
	if err := checkName(p.Name, "name", true); err != nil {
		return err
	}
	if err := c.player(p.Owner, "owner"); err != nil {
		return err
	}
	switch {
	case p.Kind != KindCharacter && p.Kind != KindObject:
		return engine.Refuse("rule.twister.kind", map[string]any{"Name": p.Name})
	case p.Kind == KindCharacter && (p.Cursed || p.Torch):
		return engine.Refuse("rule.twister.character_flag", map[string]any{"Name": p.Name})
	case p.Cursed && p.Torch:
		return engine.Refuse("rule.twister.cursed_torch", map[string]any{"Name": p.Name})
	}
	return nil
}

// Placement is the order a revealed room's pieces are placed in ("Revealing
// a Room"): first the revealer places every character, the opponents'
// objects, the torches (always the revealer's to place) and their own cursed
// items; then the opponent places the revealer's objects and their own
// cursed items. With 3 or 4 players, another owner of a cursed item in the
// room places it after them, in seat order. The first two steps are always
// there, even empty.
func Placement(revealer, opponent int, contents []Piece) []PlacementStep {
	steps := []PlacementStep{{Placer: revealer, Items: []Placed{}}, {Placer: opponent, Items: []Placed{}}}
	add := func(placer int, p Piece, why string) {
		i := slices.IndexFunc(steps, func(st PlacementStep) bool { return st.Placer == placer })
		if i < 0 {
			steps = append(steps, PlacementStep{Placer: placer})
			i = len(steps) - 1
		}
		steps[i].Items = append(steps[i].Items, Placed{Name: p.Name, Owner: p.Owner, Kind: p.Kind, Why: why})
	}
	for _, p := range contents {
		switch {
		case p.Kind == KindCharacter:
			add(revealer, p, "character")
		case p.Torch:
			add(revealer, p, "torch")
		case p.Cursed:
			add(p.Owner, p, "own_cursed")
		case p.Owner == revealer:
			add(opponent, p, "revealer_object")
		default:
			add(revealer, p, "opponent_object")
		}
	}
	extra := steps[2:]
	slices.SortStableFunc(extra, func(a, b PlacementStep) int { return a.Placer - b.Placer })
	return steps
}

func (e *CombatStarted) apply(s *State, c *ctx) error {
	if err := c.player(e.Attacker, "attacker"); err != nil {
		return err
	}
	def := e.Defender
	if def == 0 {
		def = c.setup.Other(e.Attacker)
		if def == 0 {
			return engine.Refuse("rule.twister.defender_needed", nil)
		}
	}
	if err := c.player(def, "defender"); err != nil {
		return err
	}
	if def == e.Attacker {
		return engine.Refuse("rule.twister.defender_self", nil)
	}
	if err := checkName(e.AttackerCharacter, "attacker_character", false); err != nil {
		return err
	}
	if err := checkName(e.DefenderCharacter, "defender_character", false); err != nil {
		return err
	}
	closePlacement(s)
	meet(s, e.AttackerCharacter, e.Attacker)
	meet(s, e.DefenderCharacter, def)
	s.Combat = &Combat{Attacker: e.Attacker, Defender: def, AttackerCharacter: e.AttackerCharacter, DefenderCharacter: e.DefenderCharacter, Step: StepAttackerDeclares}
	c.say("log.twister.combat_started", map[string]any{"Attacker": c.setup.Name(e.Attacker), "Defender": c.setup.Name(def),
		"AttackerCharacter": e.AttackerCharacter, "DefenderCharacter": e.DefenderCharacter})
	return nil
}

func (e *CardLayingOverridden) apply(s *State, c *ctx) error {
	if e.By != OverrideWeaponMaster && e.By != OverrideScrollOfConfusion && e.By != OverrideOther {
		return engine.Refuse("rule.twister.override_by", nil)
	}
	cb := *s.Combat
	cb.Override = e.By
	s.Combat = &cb
	c.say("log.twister.override", map[string]any{"OverrideKey": "ui.twister.override." + e.By})
	return nil
}

func (e *CombatStep) apply(s *State, c *ctx) error {
	if s.Combat.Declaring() && !e.Undeclared {
		return engine.Refuse("rule.twister.declare_first", map[string]any{"Name": c.setup.Name(s.Combat.StepPlayer())})
	}
	nextCombatStep(s, c)
	return nil
}

// nextCombatStep ends the combat's current step: the next one, or after
// the reveal the combat's end.
func nextCombatStep(s *State, c *ctx) {
	cb := *s.Combat
	steps := cb.Steps()
	i := slices.Index(steps, cb.Step)
	// Who did it, by name; a step both players do names no one.
	name := ""
	if p := cb.StepPlayer(); p != 0 {
		name = c.setup.Name(p)
	}
	c.say("log.twister.step_done", map[string]any{"StepKey": "ui.twister.step." + cb.Step, "Name": name})
	if i < 0 || i == len(steps)-1 {
		s.Combat = nil
		s.Combats++
		c.say("log.twister.combat_over", nil)
		return
	}
	cb.Step = steps[i+1]
	s.Combat = &cb
}

// scored gives each player in to pts, counted as kills, escapes or treasure.
func scored(s *State, c *ctx, to []int, pts int, what string) {
	score := slices.Clone(s.Score)
	for _, p := range to {
		sc := &score[p-1]
		sc.Points += pts
		switch what {
		case "kills":
			sc.Kills++
		case "escapes":
			sc.Escapes++
		case "treasure":
			sc.Treasure++
		}
		c.say("log.twister.scored", map[string]any{"Name": c.setup.Name(p), "Count": pts, "Total": sc.Points})
	}
	s.Score = score
	var winners []int
	for _, sc := range score {
		if sc.Points >= c.setup.GoalPoints() {
			winners = append(winners, sc.Player)
		}
	}
	if len(winners) > 0 {
		s.Winners = winners
		var names []string
		for _, w := range winners {
			names = append(names, c.setup.Name(w))
		}
		c.say("log.twister.won", map[string]any{"Names": joinNames(names), "Count": len(names)})
	}
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// DeathScorers are the players a death scores for: the opponents of the
// character's controller. A suicide scores for every opponent; any other
// death for the one opponent who caused it (the only one in 2 players).
func DeathScorers(setup Setup, controller int, cause string, by int) ([]int, error) {
	if cause == CauseSuicide {
		if by != 0 && by != controller {
			return nil, engine.Refuse("rule.twister.suicide_by", nil)
		}
		var out []int
		for p := 1; p <= setup.Players; p++ {
			if p != controller {
				out = append(out, p)
			}
		}
		return out, nil
	}
	if by == 0 {
		by = setup.Other(controller)
		if by == 0 {
			return nil, engine.Refuse("rule.twister.by_needed", nil)
		}
	}
	if by < 1 || by > setup.Players {
		return nil, engine.Refuse("rule.twister.player", map[string]any{"FieldKey": fieldKey("by"), "Player": by, "Count": setup.Players})
	}
	if by == controller {
		return nil, engine.Refuse("rule.twister.by_controller", nil)
	}
	return []int{by}, nil
}

func (e *CharacterDied) apply(s *State, c *ctx) error {
	if err := checkName(e.Character, "character", true); err != nil {
		return err
	}
	if e.Controller == 0 { // never guessed: the form starts with none
		return engine.Refuse("rule.twister.controller_needed", nil)
	}
	if err := c.player(e.Controller, "controller"); err != nil {
		return err
	}
	if !slices.Contains(causes, e.Cause) {
		return engine.Refuse("rule.twister.cause", nil)
	}
	if err := e.checkTerrain(s); err != nil {
		return err
	}
	pts, err := points(e.Points)
	if err != nil {
		return err
	}
	to, err := DeathScorers(c.setup, e.Controller, e.Cause, e.By)
	if err != nil {
		return err
	}
	args := map[string]any{"Character": e.Character, "Name": c.setup.Name(e.Controller), "CauseKey": "ui.twister.cause." + e.Cause}
	if e.Terrain != "" {
		args["TerrainKey"] = "ui.twister.terrain." + e.Terrain
	}
	c.say("log.twister.died", args)
	closePlacement(s)
	befall(s, e.Character, e.Controller, FateDead)
	if s.Combat != nil { // a death at the reveal ends the combat
		s.Combat = nil
		s.Combats++
		c.say("log.twister.combat_over", nil)
	}
	scored(s, c, to, pts, "kills")
	return nil
}

// checkTerrain refuses a suicide anywhere but where the clarifications
// allow one, and by a character the terrain does not allow: water only
// for the Fire Elemental, the Sacred Tomb for one's own wounded undead,
// the Holy Cross for one's own undead (the controller is the one who
// kills it). A terrain or a character's facts given for another cause of
// death is refused.
func (e *CharacterDied) checkTerrain(s *State) error {
	if e.Cause != CauseSuicide {
		if e.Terrain != "" {
			return engine.Refuse("rule.twister.terrain_not_suicide", nil)
		}
		if e.FireElemental || e.Undead || e.Wounded {
			return engine.Refuse("rule.twister.facts_not_suicide", nil)
		}
		return nil
	}
	if !slices.Contains(Terrains, e.Terrain) {
		return engine.Refuse("rule.twister.suicide_terrain", nil)
	}
	args := map[string]any{"Character": e.Character}
	switch {
	case e.Terrain == TerrainWater && !e.FireElemental:
		return engine.Refuse("rule.twister.suicide_water", args)
	case e.Terrain == TerrainSacredTomb && !(e.Undead && (e.Wounded || knownWounded(s, e.Character, e.Controller))):
		return engine.Refuse("rule.twister.suicide_tomb", args)
	case e.Terrain == TerrainHolyCross && !e.Undead:
		return engine.Refuse("rule.twister.suicide_cross", args)
	}
	return nil
}

// TerrainNeeds are what the table must say of a character for a suicide
// on terrain (checkTerrain): the forms ask only these.
func TerrainNeeds(terrain string) (fireElemental, undead, wounded bool) {
	switch terrain {
	case TerrainWater:
		return true, false, false
	case TerrainSacredTomb:
		return false, true, true
	case TerrainHolyCross:
		return false, true, false
	}
	return false, false, false
}

// knownWounded says a combat the app worked out left the controller's
// character wounded.
func knownWounded(s *State, name string, owner int) bool {
	return slices.ContainsFunc(s.Pieces, func(c Character) bool { return c.Name == name && c.Owner == owner && c.Wounded })
}

func (e *CharacterEscaped) apply(s *State, c *ctx) error {
	if err := checkName(e.Character, "character", true); err != nil {
		return err
	}
	if e.Controller == 0 { // never guessed: the form starts with none
		return engine.Refuse("rule.twister.controller_needed", nil)
	}
	if err := c.player(e.Controller, "controller"); err != nil {
		return err
	}
	pts, err := points(e.Points)
	if err != nil {
		return err
	}
	c.say("log.twister.escaped", map[string]any{"Character": e.Character, "Name": c.setup.Name(e.Controller)})
	closePlacement(s)
	befall(s, e.Character, e.Controller, FateEscaped)
	scored(s, c, []int{e.Controller}, pts, "escapes")
	return nil
}

func (e *TreasureOut) apply(s *State, c *ctx) error {
	if e.Player == 0 { // never guessed: the form starts with none
		return engine.Refuse("rule.twister.player_needed", nil)
	}
	if err := c.player(e.Player, "player"); err != nil {
		return err
	}
	pts, err := points(e.Points)
	if err != nil {
		return err
	}
	c.say("log.twister.treasure", map[string]any{"Name": c.setup.Name(e.Player)})
	closePlacement(s)
	scored(s, c, []int{e.Player}, pts, "treasure")
	return nil
}

// Message IDs built from names, listed so every one is translated.
var _ = []string{
	"ui.twister.override.weapon_master", "ui.twister.override.scroll_of_confusion", "ui.twister.override.other",
	"ui.twister.step.attacker_declares", "ui.twister.step.defender_declares", "ui.twister.step.attacker_card",
	"ui.twister.step.defender_card", "ui.twister.step.override", "ui.twister.step.reveal",
	"ui.twister.cause.combat", "ui.twister.cause.ranged", "ui.twister.cause.trap", "ui.twister.cause.spell",
	"ui.twister.cause.other", "ui.twister.cause.suicide",
	"ui.twister.terrain.falling_rocks", "ui.twister.terrain.remote_trap", "ui.twister.terrain.water",
	"ui.twister.terrain.sacred_tomb", "ui.twister.terrain.holy_cross",
}
