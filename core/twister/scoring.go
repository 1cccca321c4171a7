package twister

import (
	"slices"

	"github.com/dunconductor/conductor/core/engine"
)

// What scores: a character killed or escaped, the treasure out of the maze.

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

// Gate: in a combat a character dies when the cards are turned up.
func (*CharacterDied) Gate() engine.Gate[*State] { return needs(deathAtReveal) }

// CharacterEscaped: a character leaves the maze; its controller scores
// Points (default 1).
type CharacterEscaped struct {
	Character  string `json:"character"`
	Controller int    `json:"controller"`
	Points     int    `json:"points,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &CharacterEscaped{} })

func (*CharacterEscaped) Type() string { return "character_escaped" }

func (*CharacterEscaped) Gate() engine.Gate[*State] { return needs(noCombat) }

// TreasureOut: a player's character takes the treasure out of the maze;
// the player scores Points (default 1).
type TreasureOut struct {
	Player int `json:"player"`
	Points int `json:"points,omitempty"`
}

var _ = Events.Register(func() engine.Event { return &TreasureOut{} })

func (*TreasureOut) Type() string { return "treasure_out" }

func (*TreasureOut) Gate() engine.Gate[*State] { return needs(noCombat, treasureInMaze) }

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
	if err := c.characterOf(e.Character, e.Controller); err != nil {
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
	if err := c.characterOf(e.Character, e.Controller); err != nil {
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
	"ui.twister.cause.combat", "ui.twister.cause.ranged", "ui.twister.cause.trap", "ui.twister.cause.spell",
	"ui.twister.cause.other", "ui.twister.cause.suicide",
	"ui.twister.terrain.falling_rocks", "ui.twister.terrain.remote_trap", "ui.twister.terrain.water",
	"ui.twister.terrain.sacred_tomb", "ui.twister.terrain.holy_cross",
}

// characterOf checks a death's or an escape's character: named, and its
// controller given (never guessed: the form starts with none) and a player.
func (c *ctx) characterOf(character string, controller int) error {
	if err := checkName(character, "character", true); err != nil {
		return err
	}
	if controller == 0 {
		return engine.Refuse("rule.twister.controller_needed", nil)
	}
	return c.player(controller, "controller")
}
