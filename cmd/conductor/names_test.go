package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/translations"
)

// said is one message a game showed the Conductor, and where: a log line,
// a prompt, a choice, a hint or a message in the state.
type said struct {
	engine.Message
	where string
}

// idLike is an argument that reads as an id, not a name: a lowercase token
// joined by hyphens or underscores ("ash-acolyte-1", "guard_tower").
var idLike = regexp.MustCompile(`^[a-z0-9]+([-_][a-z0-9]+)+$`)

// Every message the games of every registered module show (log lines,
// prompts, choices, hints, the messages in its state) renders in both
// languages with the game's real arguments: no missing ID, no "<no value>",
// no id where a name belongs, and every English log line starts with a
// capital. The games are the golden scripts (goldenGames), by the module
// each names, and for DUN the Tomb with the Ash Court besides.
func TestEveryModuleSpeaksInNames(t *testing.T) {
	tomb, english := playTomb(t)
	games := goldenGames(t)
	games[dun.ModuleName] = append(games[dun.ModuleName], tomb...)
	for _, name := range engine.Modules() {
		msgs := games[name]
		if len(msgs) < 40 {
			t.Fatalf("%s: only %d messages: the game is not exercised", name, len(msgs))
		}
		seen := map[string]bool{}
		for _, m := range msgs {
			k := m.where + m.ID + fmt.Sprint(m.Args)
			if seen[k] {
				continue
			}
			seen[k] = true
			for _, l := range translations.Languages {
				tr := translations.New(l.Tag)
				got := tr.T(m.ID, m.Args)
				switch {
				case got == m.ID:
					t.Errorf("%s: %s %s: no such message in %s", name, m.where, m.ID, l.Tag)
				case strings.Contains(got, "<no value>") || strings.Contains(got, "{{"):
					t.Errorf("%s: %s %s %v renders in %s as %q", name, m.where, m.ID, m.Args, l.Tag, got)
				}
				for _, id := range idArgs(m.Args) {
					if strings.Contains(got, id) {
						t.Errorf("%s: %s %s shows the id %q in %s: %q", name, m.where, m.ID, id, l.Tag, got)
					}
				}
				if l.Tag == "es" {
					for _, n := range englishArgs(m.Args, english) {
						if strings.Contains(got, n) {
							t.Errorf("%s: %s %s shows the English name %q in Spanish: %q", name, m.where, m.ID, n, got)
						}
					}
					if bad := contraction.FindString(got); bad != "" {
						t.Errorf("%s: %s %s: %q where Spanish contracts it (al, del) or says it otherwise: %q", name, m.where, m.ID, bad, got)
					}
				}
				if l.Tag == "en" && m.where == "log" {
					if r, _ := utf8.DecodeRuneInString(got); unicode.IsLower(r) {
						t.Errorf("%s: log %s starts with a lowercase letter: %q", name, m.ID, got)
					}
				}
			}
		}
	}
}

// contraction is "a El…" or "de El…": Spanish says "al", "del".
var contraction = regexp.MustCompile(`(^|[^\p{L}])([aA]|[dD]e) El\b`)

// number is a creature's number after its name ("Skeleton 2").
var number = regexp.MustCompile(` [0-9]+$`)

// englishArgs are the arguments that are the English name of something the
// game names in Spanish too (english maps English names to Spanish ones):
// a plain string where a name in every language belongs.
func englishArgs(args map[string]any, english map[string]string) []string {
	var found []string
	for k, v := range args {
		s, ok := v.(string)
		if !ok || strings.HasSuffix(k, "Key") {
			continue
		}
		if es, ok := english[number.ReplaceAllString(s, "")]; ok && es != number.ReplaceAllString(s, "") {
			found = append(found, s)
		}
	}
	sort.Strings(found)
	return found
}

// idArgs are the arguments that read as ids, looked for in the text; an
// argument naming a message ID ("…Key") is the message's, not shown.
func idArgs(args map[string]any) []string {
	var ids []string
	var walk func(k string, v any)
	walk = func(k string, v any) {
		switch v := v.(type) {
		case string:
			if !strings.HasSuffix(k, "Key") && idLike.MatchString(v) {
				ids = append(ids, v)
			}
		case map[string]any:
			for k2, v2 := range v {
				walk(k2, v2)
			}
		case map[string]string:
			for k2, v2 := range v {
				walk(k2, v2)
			}
		case []any:
			for _, v2 := range v {
				walk(k, v2)
			}
		case []string:
			for _, v2 := range v {
				walk(k, v2)
			}
		}
	}
	for k, v := range args {
		walk(k, v)
	}
	sort.Strings(ids)
	return ids
}

// collector gathers what a game says after each event.
type collector struct {
	ids  map[string][]string // every message ID, to find messages in the state
	msgs []said
}

func newCollector(t *testing.T) *collector {
	ids, err := translations.IDs("en")
	if err != nil {
		t.Fatal(err)
	}
	return &collector{ids: ids}
}

func (c *collector) add(where string, m engine.Message) {
	c.msgs = append(c.msgs, said{Message: m, where: where})
}

// after collects an applied event's log, the prompts and the state's messages.
func (c *collector) after(t *testing.T, g engine.Play, r engine.Record) {
	t.Helper()
	for _, m := range r.Log {
		c.add("log", m)
	}
	for _, p := range g.Prompts() {
		where := "prompt"
		if p.Style == engine.StyleHint {
			where = "hint"
		}
		c.add(where, engine.Message{ID: p.ID, Args: p.Args})
		for _, ch := range p.Choices {
			c.add("choice", engine.Message{ID: ch.ID, Args: ch.Args})
		}
	}
	for _, m := range g.Summary() {
		c.add("summary", m)
	}
	state, err := g.StateJSON()
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(state, &v); err != nil {
		t.Fatal(err)
	}
	c.inState(v)
}

// inState finds the messages a state holds: any object with an "id" that
// is a message ID (a hint, a decision's reason, a test's results) and its
// "args".
func (c *collector) inState(v any) {
	switch v := v.(type) {
	case map[string]any:
		if id, ok := v["id"].(string); ok {
			if _, known := c.ids[id]; known {
				args, _ := v["args"].(map[string]any)
				c.add("state", engine.Message{ID: id, Args: args})
			}
		}
		if id, ok := v["reason"].(string); ok { // Dragon Canyon's decision: {reason, args}
			if args, ok := v["args"].(map[string]any); ok {
				if _, known := c.ids[id]; known {
					c.add("state", engine.Message{ID: id, Args: args})
				}
			}
		}
		for _, x := range v {
			c.inState(x)
		}
	case []any:
		for _, x := range v {
			c.inState(x)
		}
	}
}

// goldenGames are what the games of the golden scripts (goldenScripts)
// say, by the module each script names: every module games.go imports. The
// scripts of bad input, and those whose setup refers to content (a quest),
// are left out.
func goldenGames(t *testing.T) map[string][]said {
	t.Helper()
	paths := goldenScripts(t)
	out := map[string][]said{}
	for _, path := range paths {
		name, msgs, ok := playScript(t, path)
		if ok {
			out[name] = append(out[name], msgs...)
		}
	}
	return out
}

// playScript plays a conductor script (JSON Lines: the setup, then events)
// and gives its module's name and what the game said; false for a script
// of bad input or one that needs content.
func playScript(t *testing.T, path string) (string, []said, bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	sc.Scan()
	var head struct {
		Setup map[string]json.RawMessage `json:"setup"`
	}
	if err := json.Unmarshal(sc.Bytes(), &head); err != nil || head.Setup == nil {
		return "", nil, false
	}
	name := dun.ModuleName // a script without "game" is DUN's (conductor script)
	if raw, ok := head.Setup["game"]; ok {
		if err := json.Unmarshal(raw, &name); err != nil {
			return "", nil, false
		}
	}
	delete(head.Setup, "game")
	setup, _ := json.Marshal(head.Setup)
	mod, err := engine.Find(name)
	if err != nil {
		t.Fatalf("%s: %v: import its game in games.go", path, err)
	}
	g, err := mod.New(setup, nil)
	if err != nil {
		return "", nil, false
	}
	c := newCollector(t)
	for _, m := range g.Log() {
		c.add("log", m.Message)
	}
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		e, err := mod.Events().Decode(line)
		if err != nil {
			return "", nil, false
		}
		r, err := g.Apply(e)
		if err != nil {
			continue // the script shows refusals too
		}
		c.after(t, g, r)
	}
	return name, c.msgs, true
}

// playTomb plays the Tomb of the Ash King with the Ash Court and a party,
// from the first door to the Ash King's fall: every kind of step, the
// quest's texts, spawned creatures with skills, a lasting Power card on a
// creature, Initiative, tests, wounds and the quest's end.
func playTomb(t *testing.T) ([]said, map[string]string) {
	t.Helper()
	questFile, err := os.ReadFile("../../core/dun/quests/03-the-tomb-of-the-ash-king.toml")
	if err != nil {
		t.Fatal(err)
	}
	factionFile, err := os.ReadFile("../../data/factions/ash-court.toml")
	if err != nil {
		t.Fatal(err)
	}
	setup := []byte(`{"party": [{"name": "Borgron", "vp": 40, "perception": 3, "intelligence": 2, "agility": 2, "dexterity": 4, "strength": 4, "movement": 4},
		{"name": "Shara", "vp": 45, "perception": 5, "intelligence": 4, "agility": 4, "dexterity": 3, "strength": 2, "movement": 5},
		{"name": "Idris", "vp": 40, "perception": 4, "intelligence": 5, "agility": 3, "dexterity": 3, "strength": 2, "movement": 4}],
		"quest": "the-tomb-of-the-ash-king", "faction": "ash-court", "seed": 9}`)
	mod, err := engine.Find(dun.ModuleName)
	if err != nil {
		t.Fatal(err)
	}
	p, err := mod.New(setup, content.Encode(questFile, factionFile))
	if err != nil {
		t.Fatal(err)
	}
	g := p.(*dun.Game)
	english := map[string]string{} // what the quest and faction name in both languages
	both := func(t map[string]string) {
		if t["en"] != "" && t["es"] != "" && t["en"] != t["es"] {
			english[t["en"]] = t["es"]
		}
	}
	q, f := g.Setup().QuestData, g.Setup().FactionData
	both(q.Leader.Name)
	for _, sec := range q.Sections {
		both(sec.Name)
		for _, el := range sec.Elements {
			both(el.Name)
		}
	}
	for _, c := range q.Conditions {
		both(c.Label)
	}
	for _, pr := range f.Profiles {
		both(pr.Name)
		for _, n := range pr.SkillNames {
			both(n)
		}
	}
	c := newCollector(t)
	for _, m := range g.Log() {
		c.add("log", m.Message)
	}
	for _, pr := range g.Prompts() {
		c.add("prompt", engine.Message{ID: pr.ID, Args: pr.Args})
	}
	d := &tombDriver{t: t, g: g, c: c}
	d.play()
	if d.applied < 60 {
		t.Fatalf("the Tomb: only %d events applied", d.applied)
	}
	for _, want := range []string{"log.creature_added", "log.card.sustained", "log.section_revealed", "log.element_found",
		"log.skill_used", "log.text_shown", "log.spawn.placed", "log.creature_removed", "log.initiative", "log.quest_ended"} {
		if !d.logged[want] {
			t.Errorf("the Tomb never logged %s: the game does not reach it", want)
		}
	}
	return c.msgs, english
}

// tombDriver plays a DUN game: the Conductor's own moves in order, and
// whatever step the ADP's flow waits for answered between them.
type tombDriver struct {
	t       *testing.T
	g       *dun.Game
	c       *collector
	applied int
	draws   int
	logged  map[string]bool
	refused []string // what the game refused, for a failure's message
}

func (d *tombDriver) apply(e dun.Event) bool {
	r, err := d.g.Apply(e)
	if err != nil {
		d.refused = append(d.refused, fmt.Sprintf("%s: %v", e.Type(), err))
		return false
	}
	d.applied++
	if d.logged == nil {
		d.logged = map[string]bool{}
	}
	for _, m := range r.Log {
		d.logged[m.ID] = true
	}
	d.c.after(d.t, d.g, r)
	return true
}

// settle answers every step the ADP's flow waits for, and what is due.
func (d *tombDriver) settle() {
	for range 60 {
		s := d.g.State()
		if len(s.Pending) > 0 {
			d.step(s, s.Pending[0])
			continue
		}
		if s.MainRoom && !s.Leader.Improved {
			for _, p := range d.g.Prompts() {
				for _, ch := range p.Choices {
					if ch.Event.Type() == "creature_added" {
						d.apply(ch.Event)
					}
				}
			}
			if !d.apply(&dun.MainRoomPlaced{}) {
				return
			}
			continue
		}
		if s.Due == nil {
			return
		}
		switch s.Due.Type {
		case "initiative":
			for _, p := range d.g.Prompts() {
				for _, ch := range p.Choices {
					d.apply(ch.Event) // a tie for the roller is picked at random
				}
			}
			// The heroes lose: the ADP's turn follows.
			if !d.apply(&dun.Initiative{Hero: dun.InitiativeSide{Hero: "hero-1", Dice: []int{1, 2}},
				ADP: dun.InitiativeSide{Perception: namesIntp(3), Intelligence: namesIntp(2), Dice: []int{6, 5}}, Context: dun.ContextExploration}) {
				return
			}
		case "adp_combat_turn":
			if !d.combatTurn() {
				return
			}
		default:
			if !d.apply(&dun.MainRoomPlaced{}) {
				return
			}
		}
	}
	d.t.Fatalf("the flow never settles: %+v", d.g.State().Pending)
}

// step answers one pending step of the ADP's flow.
func (d *tombDriver) step(s dun.State, h dun.Step) {
	symbol := map[string]dice.Symbol{dun.DeckObstacle: dice.Obstacle, dun.DeckEncounter: dice.Encounter, dun.DeckPower: dice.Power}
	switch h.Kind {
	case dun.StepRoll:
		if !d.apply(&dun.Die{Faces: []dice.Symbol{symbol[h.Deck]}}) {
			d.apply(d.g.RollDie())
		}
	case dun.StepDraw:
		d.draws++
		var e *dun.Card
		switch {
		case h.Deck == dun.DeckPower && len(s.Creatures) > 0:
			target := s.Creatures[len(s.Creatures)-1].ID // a creature's id, as the app's picker gives it
			e = &dun.Card{Deck: h.Deck, Outcome: dun.Activated, Points: 1, Name: "Unholy Vigour", Sustained: true, Target: target}
		case h.Deck == dun.DeckEncounter:
			e = &dun.Card{Deck: h.Deck, Outcome: dun.Activated, Name: "Patrol"}
		case d.draws%2 == 0:
			e = &dun.Card{Deck: h.Deck, Outcome: dun.Discarded, Points: 1, Name: "Falling Rocks"}
		default:
			e = &dun.Card{Deck: h.Deck, Outcome: dun.Discarded, Points: 2}
		}
		if !d.apply(e) && !d.apply(&dun.Card{Deck: h.Deck, Outcome: dun.Discarded, Points: 1}) {
			for _, sp := range []string{dun.SpecialThief, dun.SpecialAmbush, dun.SpecialReinforcements} {
				if d.apply(&dun.Card{Deck: h.Deck, Outcome: dun.Activated, Special: sp}) {
					break
				}
			}
		}
	case dun.StepSpawn:
		row := d.g.SpawnRow()
		offer, _ := dun.SpawnRowFor(d.g.Setup(), row)
		if !d.apply(&dun.Spawn{Cost: offer.Cost, Row: row}) && !d.apply(&dun.Spawn{Cost: 1, Row: 1}) &&
			!d.apply(&dun.Spawn{Cost: 0, Place: new(bool), Override: true}) {
			d.apply(&dun.Card{Deck: h.Deck, Outcome: dun.Discarded, Points: 0})
		}
	case dun.StepReveal:
		d.apply(&dun.SectionRevealed{Section: h.Section})
	default: // a fumble's draw
		d.apply(&dun.FumbleDraw{Deck: dun.DeckPower})
	}
	if len(d.g.State().Pending) > 0 && d.g.State().Pending[0] == h && len(s.Pending) == len(d.g.State().Pending) {
		d.t.Fatalf("step %+v cannot be answered: %v", h, d.refused[max(len(d.refused)-3, 0):])
	}
}

// combatTurn plays the ADP's combat turn: each creature in order, with a
// support roll, a skill, a wound.
func (d *tombDriver) combatTurn() bool {
	if !d.apply(&dun.AdpCombatTurn{MainRoom: d.g.State().MainRoom}) {
		return false
	}
	d.settle()
	for range 40 {
		s := d.g.State()
		c, ok := dun.NextToAct(s)
		if !ok {
			break
		}
		if c.Support {
			d.apply(d.g.SupportDie(c.ID))
		}
		if len(c.Skills) > 0 {
			d.apply(&dun.SkillUsed{ID: c.ID, Skill: c.Skills[0].Name})
		}
		if c.Vitality > 1 {
			d.apply(&dun.CreatureWounded{ID: c.ID, Amount: 1})
		}
		if !d.apply(&dun.CreatureDone{ID: c.ID}) {
			return false
		}
	}
	return true
}

func (d *tombDriver) play() {
	do := func(es ...dun.Event) {
		for _, e := range es {
			d.apply(e)
			d.settle()
		}
	}
	roll := func(action, exit, element string, dice ...int) dun.Event {
		return &dun.Test{Action: action, Hero: "hero-2", Dice: dice, Exit: exit, Element: element}
	}
	do(&dun.NewTurn{}, &dun.ExitOpened{Section: "gatehouse"})
	do(&dun.NewTurn{}, &dun.ExitOpened{Section: "processional-way"},
		&dun.ObstacleTrigger{Reason: "trap"},
		&dun.Test{Action: "detect_trap", Hero: "hero-1", Target: 9, Dice: []int{6, 6}})
	do(&dun.NewTurn{}, &dun.ExitOpened{Section: "embalmers-workshop"},
		&dun.Test{Action: "search_room", Hero: "hero-3", Dice: []int{5, 5}, Extra: []int{4}},
		&dun.Test{Action: "search_furniture", Trap: true, Dice: []int{1, 1}},
		&dun.ElementFound{ID: "funeral-ledger"}, &dun.ElementFound{ID: "embalming-tables"})
	do(&dun.NewTurn{}, &dun.ExitOpened{Section: "ember-shrine"},
		roll("secret_door", "", "", 2, 1), &dun.Test{Action: "secret_door", Hero: "hero-1", Dice: []int{5, 5}, Repeat: true},
		&dun.ElementFound{ID: "shrine-secret-door"}, &dun.ConditionMet{ID: "altar-touched"})
	do(&dun.NewTurn{}, &dun.ExitOpened{Section: "hidden-reliquary"},
		roll("open_chest", "", "lacquered-casket", 6, 5), &dun.ElementFound{ID: "lacquered-casket"})
	do(&dun.NewTurn{}, &dun.ExitOpened{Section: "ossuary"},
		roll("open_lock", "gallery-of-kings", "", 1, 2),
		&dun.SectionRevealed{Section: "gallery-of-kings", BrokenDoor: true})
	do(&dun.NewTurn{}, &dun.ExitOpened{Section: "antechamber"}, &dun.ExitClosed{Section: "ash-throne"})
	do(&dun.NewTurn{}, &dun.ExitOpened{Section: "ash-throne"}, &dun.NewTurn{})
	// The fight in the Main Room: a lasting Power card on a creature, the
	// Leader's wounds until it falls.
	for range 3 {
		d.apply(&dun.AdpCombatTurn{MainRoom: true})
		d.settle()
		d.combatTurn()
		do(&dun.NewTurn{})
	}
	s := d.g.State()
	for _, c := range s.Creatures {
		if c.Level == bestiary.LevelLeader {
			left := c.Vitality - c.Wounds + s.Leader.VitalityBonus
			do(&dun.CreatureWounded{ID: c.ID, Amount: max(left, 1)})
			for _, p := range d.g.Prompts() {
				for _, ch := range p.Choices {
					if ch.Event.Type() == "creature_removed" {
						do(ch.Event)
					}
				}
			}
		}
	}
	if len(d.g.State().Creatures) > 0 {
		do(&dun.CreatureRemoved{ID: d.g.State().Creatures[0].ID})
	}
	do(&dun.ConditionMet{ID: "ash-king-slain"}, &dun.MissionAccomplished{}, &dun.QuestEnded{Outcome: "won"})
}

// namesIntp is a pointer to n, for the Tomb's Initiative sides.
func namesIntp(n int) *int { return &n }
