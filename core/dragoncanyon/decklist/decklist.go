// Package decklist reads Dragon Canyon deck lists: the buildings in play,
// the AI's action cards and its Force cards, typed once by the players and
// reused. One card or building per line:
//
//	# a comment
//	building guard_tower "Guard Tower" stack=4 vp=2 cost=wood:2,stone:1
//	action tile=1,3 fight tiebreak=up,cw strength=2 build=guard_tower
//	action tile=4,4 dragon tiebreak=left,acw strength=0 build=tribal_village count=2
//	force strength=3 count=2
//	force strength=0 slayer
//	force strength=2 attack=+2 defend=+1 tower
//
// A Force card's fight ability is written on its line once, as far as it
// changes strength in a fight (the only abilities the AI uses; Blink and the
// like are never listed): attack=+N when the card attacks, defend=+N when it
// is attacked, tower when it cancels the other side's Guard Tower +2.
//
// A building's cost (cost=RESOURCE:N,...; wood, food, stone, bone) is what a
// player pays for one tile from their stash; it is optional (the AI never
// pays it: "Purchase Phase").
//
// Every problem is reported with its line, as a message ID with arguments
// (the caller words it as FILE:LINE: text).
package decklist

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/dunconductor/conductor/core/dragoncanyon/spiral"
)

// Actions an action card's Action section shows.
const (
	Fight      = "fight"
	MoveDragon = "dragon"
)

// Buildings whose purchase has an effect the AI carries out ("Building
// Actions that trigger when AI buys them").
const (
	TrainingGround = "training_ground"
	TribalVillage  = "tribal_village"
)

// GuardTower is the building whose +2 in a fight a Force card's Tower
// ability cancels.
const GuardTower = "guard_tower"

// Building is one stack of building tiles.
type Building struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Stack int    `json:"stack"`
	VP    int    `json:"vp"`
	// Cost is what a player pays for one tile, when the list gives it.
	Cost Cost `json:"cost,omitzero"`
}

// Cost is a building's price in resources (zero: not given).
type Cost struct {
	Wood  int `json:"wood,omitempty"`
	Food  int `json:"food,omitempty"`
	Stone int `json:"stone,omitempty"`
	Bone  int `json:"bone,omitempty"`
}

// Resources a cost is written in, least valuable first.
var Resources = []string{"wood", "food", "stone", "bone"}

// MaxCost is the most of one resource a cost may ask.
const MaxCost = 20

// Get is how many of resource r the cost asks (0 for another name).
func (c Cost) Get(r string) int {
	if p := c.ptr(r); p != nil {
		return *p
	}
	return 0
}

func (c *Cost) ptr(r string) *int {
	switch r {
	case "wood":
		return &c.Wood
	case "food":
		return &c.Food
	case "stone":
		return &c.Stone
	case "bone":
		return &c.Bone
	}
	return nil
}

// Valid says whether every amount is within 0..MaxCost.
func (c Cost) Valid() bool {
	for _, r := range Resources {
		if n := c.Get(r); n < 0 || n > MaxCost {
			return false
		}
	}
	return true
}

// String is the cost as a list writes it ("wood:2,stone:1"), "" when zero.
func (c Cost) String() string {
	var parts []string
	for _, r := range Resources {
		if n := c.Get(r); n > 0 {
			parts = append(parts, fmt.Sprintf("%s:%d", r, n))
		}
	}
	return strings.Join(parts, ",")
}

// ParseCost reads a cost as a list writes it: RESOURCE:N pairs joined by
// commas, each resource once, N from 1 to MaxCost. It returns the message
// ID of what is wrong and the part it is about, or "".
func ParseCost(v string) (Cost, string, string) {
	var c Cost
	if v == "" {
		return c, "setup.dc.list.cost", v
	}
	for _, part := range strings.Split(v, ",") {
		r, num, ok := strings.Cut(part, ":")
		p := c.ptr(r)
		if !ok || p == nil {
			return Cost{}, "setup.dc.list.cost", part
		}
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > MaxCost {
			return Cost{}, "setup.dc.list.cost_number", part
		}
		if *p != 0 {
			return Cost{}, "setup.dc.list.cost_twice", r
		}
		*p = n
	}
	return c, "", ""
}

// ActionCard is what an AI action card shows: the indicated tile, the
// Action section, the tie-break (start direction and rotation), the
// Strength section and the building of its Purchase section.
type ActionCard struct {
	Tile     spiral.Pos `json:"tile"`
	Action   string     `json:"action"`
	Start    string     `json:"start"`
	Turn     string     `json:"turn"`
	Strength int        `json:"strength"`
	Building string     `json:"building"`
}

// ForceCard is one of the AI's Force cards: its strength, whether it is
// the Dragon Slayer, and its fight ability.
type ForceCard struct {
	Strength int     `json:"strength"`
	Slayer   bool    `json:"slayer,omitempty"`
	Ability  Ability `json:"ability,omitzero"`
}

// Ability is a Force card's fight ability, as far as it changes strength
// ("Game Play": the AI uses no other, never Blink): +Attack when the card
// attacks, +Defend when it is attacked, and Tower when it cancels the other
// side's Guard Tower +2.
type Ability struct {
	Attack int  `json:"attack,omitempty"`
	Defend int  `json:"defend,omitempty"`
	Tower  bool `json:"tower,omitempty"`
}

// Limits of an ability's bonus.
const (
	MinBonus = -9
	MaxBonus = 9
)

// Valid says whether the ability's bonuses are within the limits.
func (a Ability) Valid() bool {
	return a.Attack >= MinBonus && a.Attack <= MaxBonus && a.Defend >= MinBonus && a.Defend <= MaxBonus
}

// For is the ability's bonus for a card that attacks, or defends.
func (a Ability) For(attacking bool) int {
	if attacking {
		return a.Attack
	}
	return a.Defend
}

// List is a whole deck list.
type List struct {
	Buildings []Building   `json:"buildings"`
	Actions   []ActionCard `json:"actions"`
	Forces    []ForceCard  `json:"forces"`
}

// Problem is one thing wrong with a line of a list (Line 0: with the
// whole list).
type Problem struct {
	Line int            `json:"line"`
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
}

// Limits of what a card may show.
const (
	MinStrength = -9
	MaxStrength = 20
	Size        = 4 // the board is Size×Size tiles
	// MaxCount is the most cards of one kind a line may give (count=N).
	MaxCount = 40
)

// Parse reads a deck list. It returns every problem it finds; the list is
// only good when there are none.
func Parse(src string) (List, []Problem) {
	p := parser{lineOf: map[string]int{}}
	for n, raw := range strings.Split(src, "\n") {
		p.line(n+1, raw)
	}
	for _, u := range p.uses {
		if _, ok := p.lineOf[u.id]; !ok {
			p.ps = append(p.ps, Problem{Line: u.line, ID: "setup.dc.list.no_building", Args: map[string]any{"Value": u.id}})
		}
	}
	if len(p.l.Buildings) == 0 && len(p.ps) == 0 { // a game needs its buildings: the whole list's problem, line 0
		p.ps = append(p.ps, Problem{ID: "setup.dc.list.empty"})
	}
	return p.l, p.ps
}

// parser is a list being read: what it holds so far, the problems found,
// and the buildings named and used, checked once every line is read.
type parser struct {
	l      List
	ps     []Problem
	lineOf map[string]int // building id → line
	uses   []use
}

// use is an action card's building, by line.
type use struct {
	line int
	id   string
}

// line is one line's words: its key=value pairs, its bare words (flags)
// and its "quoted name".
type line struct {
	p     *parser
	n     int
	kw    map[string]string
	flags []string
	name  string
}

func (ln *line) bad(id string, args map[string]any) {
	ln.p.ps = append(ln.p.ps, Problem{Line: ln.n, ID: id, Args: args})
}

// num takes key's number, def when it is missing (a problem if there is no
// default) or out of lo..hi.
func (ln *line) num(key string, def, lo, hi int) int {
	v, ok := ln.kw[key]
	delete(ln.kw, key)
	if !ok {
		if def == noDefault {
			ln.bad("setup.dc.list.missing", map[string]any{"Field": key})
		}
		return def
	}
	x, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
	if err != nil || x < lo || x > hi {
		ln.bad("setup.dc.list.number", map[string]any{"Field": key, "Value": v, "Min": lo, "Max": hi})
		return def
	}
	return x
}

// take takes key's value, "" when it is missing.
func (ln *line) take(key string) string {
	v := ln.kw[key]
	delete(ln.kw, key)
	return v
}

// line reads line n: a building, an action card or a Force card, then any
// key the kind does not know.
func (p *parser) line(n int, raw string) {
	text := uncomment(raw)
	if text == "" {
		return
	}
	ln := &line{p: p, n: n}
	words, name, err := split(text)
	if err != nil {
		ln.bad("setup.dc.list.quote", nil)
		return
	}
	ln.name = name
	ln.kw, ln.flags = keywords(words[1:])
	switch words[0] {
	case "building":
		if !p.building(ln) {
			return
		}
	case "action":
		p.action(ln)
	case "force":
		p.force(ln)
	default:
		ln.bad("setup.dc.list.kind", map[string]any{"Value": words[0]})
		return
	}
	for _, k := range slices.Sorted(maps.Keys(ln.kw)) { // the same order every time
		ln.bad("setup.dc.list.unknown", map[string]any{"Value": k})
	}
}

// uncomment trims a line and cuts its comment: from a # outside quotes.
func uncomment(raw string) string {
	text := strings.TrimSpace(raw)
	for i, r := range text {
		if r == '#' && strings.Count(text[:i], `"`)%2 == 0 {
			return strings.TrimSpace(text[:i])
		}
	}
	return text
}

// keywords sorts words into key=value pairs and bare flags.
func keywords(words []string) (map[string]string, []string) {
	kw := map[string]string{}
	var flags []string
	for _, w := range words {
		if k, v, ok := strings.Cut(w, "="); ok {
			kw[k] = v
		} else {
			flags = append(flags, w)
		}
	}
	return kw, flags
}

// building reads a building line; false when its shape is wrong (its keys
// are then not looked at).
func (p *parser) building(ln *line) bool {
	if len(ln.flags) != 1 || ln.name == "" {
		ln.bad("setup.dc.list.building", nil)
		return false
	}
	b := Building{ID: ln.flags[0], Name: ln.name, Stack: ln.num("stack", noDefault, 1, 99), VP: ln.num("vp", 0, 0, 99)}
	if v, ok := ln.kw["cost"]; ok {
		delete(ln.kw, "cost")
		var id, part string
		if b.Cost, id, part = ParseCost(v); id != "" {
			ln.bad(id, map[string]any{"Value": part, "Max": MaxCost})
		}
	}
	if !validID(b.ID) {
		ln.bad("setup.dc.list.id", map[string]any{"Value": b.ID})
	}
	if first, dup := p.lineOf[b.ID]; dup {
		ln.bad("setup.dc.list.duplicate", map[string]any{"Value": b.ID, "First": first})
	}
	p.lineOf[b.ID] = ln.n
	p.l.Buildings = append(p.l.Buildings, b)
	return true
}

// action reads an action card line: count=N cards alike.
func (p *parser) action(ln *line) {
	c := ActionCard{Strength: ln.num("strength", 0, MinStrength, MaxStrength)}
	tile := ln.take("tile")
	var ok bool
	if c.Tile, ok = parseTile(tile); !ok {
		ln.bad("setup.dc.list.tile", map[string]any{"Value": tile})
	}
	tb := strings.Split(ln.take("tiebreak"), ",")
	if len(tb) != 2 || !spiral.ValidDirection(tb[0]) || !spiral.ValidRotation(tb[1]) {
		ln.bad("setup.dc.list.tiebreak", nil)
	} else {
		c.Start, c.Turn = tb[0], tb[1]
	}
	c.Building = ln.take("build")
	if c.Building == "" {
		ln.bad("setup.dc.list.missing", map[string]any{"Field": "build"})
	} else {
		p.uses = append(p.uses, use{ln.n, c.Building})
	}
	if len(ln.flags) != 1 || ln.flags[0] != Fight && ln.flags[0] != MoveDragon {
		ln.bad("setup.dc.list.action", nil)
	} else {
		c.Action = ln.flags[0]
	}
	if ln.name != "" {
		ln.bad("setup.dc.list.unknown", map[string]any{"Value": `"` + ln.name + `"`})
	}
	for range ln.num("count", 1, 1, MaxCount) {
		p.l.Actions = append(p.l.Actions, c)
	}
}

// force reads a Force card line: count=N cards alike.
func (p *parser) force(ln *line) {
	c := ForceCard{Strength: ln.num("strength", noDefault, MinStrength, MaxStrength)}
	count := ln.num("count", 1, 1, MaxCount)
	c.Ability.Attack = ln.num("attack", 0, MinBonus, MaxBonus)
	c.Ability.Defend = ln.num("defend", 0, MinBonus, MaxBonus)
	for _, f := range ln.flags {
		switch f {
		case "slayer":
			c.Slayer = true
		case "tower":
			c.Ability.Tower = true
		default:
			ln.bad("setup.dc.list.unknown", map[string]any{"Value": f})
		}
	}
	for range count {
		p.l.Forces = append(p.l.Forces, c)
	}
}

const noDefault = -1 << 31

// split cuts a line into words, taking one "quoted name" out.
func split(text string) (words []string, name string, err error) {
	if i := strings.Index(text, `"`); i >= 0 {
		j := strings.Index(text[i+1:], `"`)
		if j < 0 {
			return nil, "", fmt.Errorf("unclosed quote")
		}
		name = strings.TrimSpace(text[i+1 : i+1+j])
		text = text[:i] + " " + text[i+2+j:]
	}
	return strings.Fields(text), name, nil
}

func parseTile(v string) (spiral.Pos, bool) {
	r, c, ok := strings.Cut(v, ",")
	if !ok {
		return spiral.Pos{}, false
	}
	row, err1 := strconv.Atoi(strings.TrimSpace(r))
	col, err2 := strconv.Atoi(strings.TrimSpace(c))
	if err1 != nil || err2 != nil || row < 1 || row > Size || col < 1 || col > Size {
		return spiral.Pos{}, false
	}
	return spiral.Pos{row, col}, true
}

// validID: lower-case letters, digits and underscores.
func validID(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// ValidID says whether s can name a building.
func ValidID(s string) bool { return validID(s) }

// Format writes a list back in the file format (what Parse reads): a run
// of identical cards as one line with count=N.
func Format(l List) string {
	var b strings.Builder
	for _, x := range l.Buildings {
		fmt.Fprintf(&b, "building %s %q stack=%d vp=%d", x.ID, x.Name, x.Stack, x.VP)
		if c := x.Cost.String(); c != "" {
			b.WriteString(" cost=" + c)
		}
		b.WriteString("\n")
	}
	for _, k := range runs(l.Actions) {
		c := k.Card
		fmt.Fprintf(&b, "action tile=%d,%d %s tiebreak=%s,%s strength=%d build=%s", c.Tile[0], c.Tile[1], c.Action, c.Start, c.Turn, c.Strength, c.Building)
		writeCount(&b, k.Count)
	}
	for _, k := range runs(l.Forces) {
		fmt.Fprintf(&b, "force strength=%d", k.Card.Strength)
		if k.Card.Slayer {
			b.WriteString(" slayer")
		}
		if a := k.Card.Ability; a.Attack != 0 {
			fmt.Fprintf(&b, " attack=%+d", a.Attack)
		}
		if a := k.Card.Ability; a.Defend != 0 {
			fmt.Fprintf(&b, " defend=%+d", a.Defend)
		}
		if k.Card.Ability.Tower {
			b.WriteString(" tower")
		}
		writeCount(&b, k.Count)
	}
	return b.String()
}

func writeCount(b *strings.Builder, n int) {
	if n > 1 {
		fmt.Fprintf(b, " count=%d", n)
	}
	b.WriteString("\n")
}

// Kind is one kind of card in a deck and how many of it.
type Kind[C comparable] struct {
	Card  C
	Count int
}

// Kinds groups a deck's cards by kind, in the order each kind first comes.
func Kinds[C comparable](cards []C) []Kind[C] {
	var out []Kind[C]
	at := map[C]int{}
	for _, c := range cards {
		if i, ok := at[c]; ok {
			out[i].Count++
			continue
		}
		at[c] = len(out)
		out = append(out, Kind[C]{Card: c, Count: 1})
	}
	return out
}

// Expand is the deck kinds stand for: each kind's card Count times, kind
// after kind.
func Expand[C comparable](kinds []Kind[C]) []C {
	var out []C
	for _, k := range kinds {
		for range k.Count {
			out = append(out, k.Card)
		}
	}
	return out
}

// runs groups consecutive identical cards, at most MaxCount a run (what
// one line may give).
func runs[C comparable](cards []C) []Kind[C] {
	var out []Kind[C]
	for _, c := range cards {
		if n := len(out); n > 0 && out[n-1].Card == c && out[n-1].Count < MaxCount {
			out[n-1].Count++
			continue
		}
		out = append(out, Kind[C]{Card: c, Count: 1})
	}
	return out
}
