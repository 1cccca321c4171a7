package dun

import (
	"strconv"
	"strings"
)

// "Rotating Conductor": the first Conductor is agreed or picked at random
// (conductor_picked); at the end of each turn the role passes to the next
// player, in the party's order (the table's clockwise order as set up).
// Every phone names who conducts now.

// PublicConductor is the player who conducts now: their hero's id and
// name (Name empty without a party), and the player's number from 1.
type PublicConductor struct {
	ID    string `json:"id"`
	Index int    `json:"index"`
	Name  string `json:"name,omitempty"`
}

// ConductorNow is who conducts in state s: nil with one Conductor, or
// before the first one is picked.
func ConductorNow(setup Setup, s State) *PublicConductor {
	first := s.Picks[PickConductor]
	if setup.Conductor != ConductorRotating || setup.Heroes < 2 || first == "" {
		return nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(first, "hero-"))
	if err != nil || n < 1 {
		return nil
	}
	// Turn 0 is the setup: the first Conductor leads it and turn 1.
	index := (n-1+max(s.Turn-1, 0))%setup.Heroes + 1
	c := &PublicConductor{ID: "hero-" + strconv.Itoa(index), Index: index}
	if h, ok := setup.Hero(c.ID); ok {
		c.Name = h.Name
	}
	return c
}
