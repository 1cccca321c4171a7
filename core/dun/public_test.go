package dun

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"

	"github.com/dunconductor/conductor/core/engine/enginetest"
)

// publicSeed is a seed no number of the game could be mistaken for.
const publicSeed = 8_614_357_902_113_775_431

// tombGame starts the Tomb of the Ash King with the Ash Court (our sample
// undead) for three heroes.
func tombGame(t *testing.T) *Game { return tombGameWith(t, nil) }

// tombGameWith is tombGame with the quest changed by change first (nil:
// as shipped).
func tombGameWith(t *testing.T, change func(q *quest.Quest)) *Game {
	t.Helper()
	qs, err := content.BuiltinQuests()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == "the-tomb-of-the-ash-king" })
	if i < 0 {
		t.Fatal("no Tomb among the built-in quests")
	}
	b, err := os.ReadFile("../../data/factions/ash-court.toml")
	if err != nil {
		t.Fatal(err)
	}
	f, ps := bestiary.ParseFaction("ash-court.toml", b)
	if ps != nil {
		t.Fatal(ps)
	}
	q := qs[i]
	if change != nil {
		copied := *q
		copied.Sections = slices.Clone(q.Sections)
		change(&copied)
		q = &copied
	}
	return mustGame(t, Setup{HeroVP: []int{25, 25, 25}, QuestData: q, FactionData: f, Seed: publicSeed})
}

// table plays a game as the table does, calling after every event applied.
type table struct {
	t     *testing.T
	g     *Game
	after func(e Event)
	// hit: the next rolls of the Scenario Die hit their deck, and an
	// Encounter card drawn is activated.
	hit bool
}

func (tb *table) do(events ...Event) {
	tb.t.Helper()
	for _, e := range events {
		if _, err := tb.g.Apply(e); err != nil {
			tb.t.Fatalf("%s %+v: %v", e.Type(), e, err)
		}
		tb.after(e)
	}
}

// settle answers every pending step and due step the way a table would:
// the ADP's rolls (hitting or not, as tb.hit says), its cards, its spawns
// (the Creature Spawn Table's first row), Initiative (the heroes win) and
// the ADP's combat turn (each creature acts in turn).
func (tb *table) settle() {
	tb.t.Helper()
	for range 100 {
		s := tb.g.State()
		if h := s.Pending.Head(); h != nil {
			tb.settleStep(h)
			continue
		}
		if p := tb.leaderOffered(); p != nil {
			tb.do(p)
			continue
		}
		if s.Due == nil {
			if s.CombatTurn {
				for _, id := range s.ActivationOrder {
					if i := slices.IndexFunc(s.Creatures, func(c Creature) bool { return c.ID == id }); i >= 0 && !s.Creatures[i].Done {
						tb.do(&CreatureDone{ID: id})
						break
					}
				}
				if tb.g.State().CombatTurn && !slices.ContainsFunc(tb.g.State().Creatures, func(c Creature) bool { return !c.Done }) {
					return
				}
				continue
			}
			return
		}
		switch s.Due.Type {
		case "main_room_placed":
			tb.do(&MainRoomPlaced{})
		case "initiative":
			tb.do(&Initiative{
				Hero: InitiativeSide{Perception: intp(4), Intelligence: intp(3), Dice: []int{5, 5}},
				ADP:  InitiativeSide{Perception: intp(2), Intelligence: intp(1), Dice: []int{1, 2}},
			})
		case "adp_combat_turn":
			tb.do(&AdpCombatTurn{})
		case "combat_range":
			tb.do(&CombatRange{Near: true}) // the heroes fight what they find
		default:
			tb.t.Fatalf("a due step the table does not know: %+v", s.Due)
		}
	}
	tb.t.Fatal("the table never settled")
}

// settleStep answers the step pending now.
func (tb *table) settleStep(h *Step) {
	tb.t.Helper()
	switch h.Kind {
	case StepRoll:
		symbol := map[string]dice.Symbol{DeckObstacle: dice.Obstacle, DeckEncounter: dice.Encounter, DeckPower: dice.Power}[h.Deck]
		miss := dice.Power
		if symbol == dice.Power {
			miss = dice.Obstacle
		}
		d := &Die{Faces: []dice.Symbol{miss}}
		if tb.hit {
			d.Faces[0] = symbol
		} else if h.NeedsSecondFace(miss) {
			d.Faces = append(d.Faces, miss)
		}
		tb.do(d)
	case StepDraw:
		c := &Card{Deck: h.Deck, Outcome: Discarded, Points: 1}
		if tb.hit && h.Deck == DeckEncounter {
			c.Outcome, c.Points = Activated, 0
		}
		tb.do(c)
	case StepSpawn:
		offer, _ := SpawnRowFor(tb.g.Setup(), 1)
		tb.do(&Spawn{Cost: offer.Cost, Row: 1})
	case StepReveal:
		tb.do(&SectionRevealed{Section: h.Section})
	case StepChoose:
		tb.do(&FumbleDraw{Deck: DeckObstacle})
	default:
		tb.t.Fatalf("a step the table does not know: %+v", h)
	}
}

// leaderOffered is the Leader the Main Room's prompt offers, if any.
func (tb *table) leaderOffered() *CreatureAdded {
	for _, p := range tb.g.Prompts() {
		for _, c := range p.Choices {
			if e, ok := c.Event.(*CreatureAdded); ok {
				return e
			}
		}
	}
	return nil
}

// slay wounds every creature on the board to death and takes it off.
func (tb *table) slay() {
	tb.t.Helper()
	for _, c := range tb.g.State().Creatures {
		if left, ok := VitalityLeft(tb.g.State(), c); ok && left > 0 {
			tb.do(&CreatureWounded{ID: c.ID, Amount: left})
		}
		if slices.ContainsFunc(tb.g.State().Creatures, func(x Creature) bool { return x.ID == c.ID }) {
			tb.do(&CreatureRemoved{ID: c.ID})
		}
	}
}

// open opens the exit into section id (its Obstacle roll misses) and
// settles what follows, the Encounter roll hitting when hit says so.
func (tb *table) open(id string, hit bool) {
	tb.t.Helper()
	tb.hit = false
	tb.do(&ExitOpened{Section: id})
	for h := tb.g.State().Pending.Head(); h != nil && h.Kind != StepReveal; h = tb.g.State().Pending.Head() {
		tb.settleStep(h)
	}
	tb.hit = hit
	tb.settle()
	tb.hit = false
}

// playTomb plays the Tomb of the Ash King with a faction from the Ash
// Stair to the Ash King's death and the heroes' leaving, calling after
// every event applied: spawns, Initiative, the ADP's combat turns, wounds,
// a trap, the secret door and its ADP note, the casket, the altar, a broken
// door, undo and redo, the Main Room and its Leader. The Embalmers'
// Workshop stays hidden to the end, and with it the ledger's red box.
func playTomb(t *testing.T, after func(g *Game, e Event)) *Game {
	return playTombWith(t, tombGame(t), after)
}

// playTombWith plays game g (a Tomb) as playTomb does.
func playTombWith(t *testing.T, g *Game, after func(g *Game, e Event)) *Game {
	tb := &table{t: t, g: g}
	tb.after = func(e Event) { after(g, e) }
	after(g, nil) // the game as set up
	tb.do(&NewTurn{})
	tb.open("gatehouse", true) // 3 skeletons
	tb.settle()
	tb.do(&CreatureWounded{ID: g.State().Creatures[0].ID, Amount: 1})
	tb.slay()
	tb.do(&NewTurn{})
	tb.open("processional-way", false)
	tb.do(&ObstacleTrigger{Reason: "trap"}) // the pressure plate
	tb.settle()
	tb.do(&NewTurn{})
	tb.open("ember-shrine", false)
	tb.do(&Test{Action: "secret_door", Value: intp(3), Dice: []int{6, 5}, Element: "shrine-secret-door"})
	tb.settle()
	tb.do(&Undo{}, &engine.Redo{})
	tb.open("hidden-reliquary", false)
	tb.do(&ElementFound{ID: "lacquered-casket"})
	tb.do(&ConditionMet{ID: "altar-touched"})
	tb.do(&NewTurn{})
	tb.open("ossuary", true)
	tb.settle()
	tb.slay()
	tb.do(&NewTurn{})
	tb.open("gallery-of-kings", false)
	tb.do(&NewTurn{})
	tb.open("antechamber", false)
	tb.do(&NewTurn{})
	tb.open("ash-throne", true)
	tb.settle()
	tb.do(&NewTurn{})
	tb.settle()
	for _, c := range g.State().Creatures {
		if c.Level != bestiary.LevelLeader {
			tb.do(&CreatureWounded{ID: c.ID, Amount: 1})
		}
	}
	king := g.State().Creatures[slices.IndexFunc(g.State().Creatures, func(c Creature) bool { return c.Level == bestiary.LevelLeader })]
	left, _ := VitalityLeft(g.State(), king)
	// The Ash King dies: the dead crumble, the mission is offered.
	tb.do(&CreatureWounded{ID: king.ID, Amount: left}, &CreatureRemoved{ID: king.ID})
	if n := len(g.State().Creatures); n != 0 {
		t.Fatalf("%d creatures left after the Ash King's death", n)
	}
	tb.do(&MissionAccomplished{})
	tb.do(&NewTurn{})
	tb.settle()
	tb.do(&QuestEnded{Outcome: OutcomeWon})
	return g
}

// publicKeys are every key the players' view may have. A key not listed
// fails the test: whoever adds one to the view says here that the players
// may see it.
var publicKeys = []string{
	"quest", "title", "introduction", "turn", "sections", "newest", "exits", "texts", "creatures",
	"mission_accomplished", "outcome", "id", "name", "kind", "x", "y", "w", "h", "from", "to",
	"section", "text", "names", "wounds", "vitality_left", "en", "es",
	// who conducts this turn, with a rotating Conductor
	"conductor", "index",
}

// jsonText is s as it appears inside a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// publicLeaks are what the players' view js of g's game now shows that the
// players may not see, each tagged with the check that found it:
//
//   - keys: a key the view may not have (the reserve, the decks, the
//     pending steps, the seed, ...);
//   - sections: a section listed that is not revealed, or named otherwise
//     than the quest names it;
//   - exits: an exit the heroes do not know of (a secret door not found),
//     or one into a hidden section that names it or its kind;
//   - texts: a text that is neither a revealed section's nor a red box shown;
//   - hidden: an unrevealed section's id or name (en, es) anywhere but in
//     the texts read aloud (a red box may name a place not entered yet), a
//     trap's id or name, a hidden text's id or text (every ADP note, and a
//     red box not shown yet), the setup notes, or the seed.
func publicLeaks(g *Game, js []byte) []string {
	var leaks []string
	leak := func(check, format string, args ...any) {
		leaks = append(leaks, check+": "+fmt.Sprintf(format, args...))
	}
	s, q := g.State(), g.Setup().QuestData
	var doc map[string]any
	if err := json.Unmarshal(js, &doc); err != nil {
		return []string{"json: " + err.Error()}
	}
	foreign, _ := enginetest.ForeignKeys(js, publicKeys)
	for _, k := range foreign {
		leak("keys", "%q", k)
	}
	var v PublicView
	if err := json.Unmarshal(js, &v); err != nil {
		return append(leaks, "json: "+err.Error())
	}
	revealed := func(id string) bool { return slices.Contains(s.Revealed, id) }
	for _, sec := range v.Sections {
		if !revealed(sec.ID) {
			leak("sections", "%s is not revealed", sec.ID)
		} else if name := q.SectionName(sec.ID); !maps.Equal(sec.Name, name) {
			leak("sections", "%s is named %v, not %v", sec.ID, sec.Name, name)
		}
	}
	for _, x := range v.Exits {
		from, ok := q.Section(x.From)
		i := slices.IndexFunc(from.Exits, func(e quest.Exit) bool { return e.X == x.X && e.Y == x.Y })
		switch {
		case !ok || !revealed(x.From):
			leak("exits", "an exit of %s, not revealed", x.From)
		case i < 0:
			leak("exits", "%s has no exit at %d,%d", x.From, x.X, x.Y)
		case !ExitShown(s, from.Exits[i]):
			leak("exits", "the secret door of %s at %d,%d, not found yet", x.From, x.X, x.Y)
		case !revealed(from.Exits[i].To) && (x.To != "" || x.Kind != ""):
			leak("exits", "the exit of %s at %d,%d says what lies behind: %q %q", x.From, x.X, x.Y, x.To, x.Kind)
		case x.To != "" && x.To != from.Exits[i].To:
			leak("exits", "the exit of %s at %d,%d leads to %s, not %s", x.From, x.X, x.Y, from.Exits[i].To, x.To)
		}
	}
	for _, text := range v.Texts {
		allowed := false
		for _, id := range s.Revealed {
			sec, _ := q.Section(id)
			allowed = allowed || maps.Equal(text.Text, sec.Text)
		}
		for _, h := range q.Texts {
			allowed = allowed || h.Style == "red" && slices.Contains(s.TextsShown, h.ID) && maps.Equal(text.Text, h.Text)
		}
		if !allowed {
			leak("texts", "%.40q is not for the players", text.Text["en"])
		}
	}
	// The hidden ids and names, outside the texts read aloud.
	delete(doc, "texts")
	outside, _ := json.Marshal(doc)
	hidden := func(where []byte, what, needle string) {
		if needle != "" && bytes.Contains(where, []byte(jsonText(needle))) {
			leak("hidden", "%s %q", what, needle)
		}
	}
	for _, sec := range q.Sections {
		if !revealed(sec.ID) {
			hidden(outside, "the unrevealed section", sec.ID)
			for _, name := range q.SectionName(sec.ID) {
				hidden(outside, "the unrevealed section's name", name)
			}
		}
		for _, el := range sec.Elements {
			if el.Kind == "trap" {
				hidden(outside, "the trap", el.ID)
				for _, name := range el.Name {
					hidden(outside, "the trap's name", name)
				}
			}
		}
	}
	for _, h := range q.Texts {
		if h.Style == "red" && slices.Contains(s.TextsShown, h.ID) {
			continue
		}
		hidden(js, "the hidden text", h.ID)
		for _, text := range h.Text {
			hidden(js, "the hidden text "+h.ID, text)
		}
	}
	for _, note := range q.Setup {
		hidden(js, "the setup notes", note)
	}
	hidden(js, "the seed", strconv.FormatUint(g.Setup().Seed, 10))
	return leaks
}

// The players' view of the Tomb, played with a faction to its end, shows
// after every event nothing the players may not see, and what they may.
func TestPublicHidesWhatThePlayersMayNotSee(t *testing.T) {
	events := 0
	g := playTomb(t, func(g *Game, e Event) {
		events++
		enginetest.NoLeak(t, g, fmt.Sprintf("after event %d (%s)", events, mustJSON(t, e)), func(js []byte) []string { return publicLeaks(g, js) })
		// What they may see is there: the map, the newest section, the
		// creatures in activation order, the turn.
		v, s := g.Public(), g.State()
		var ids []string
		for _, sec := range v.Sections {
			ids = append(ids, sec.ID)
		}
		if !slices.Equal(ids, s.Revealed) || v.Newest != s.Revealed[len(s.Revealed)-1] || v.Turn != s.Turn {
			t.Fatalf("after event %d: sections %v newest %s turn %d; the game: %v turn %d", events, ids, v.Newest, v.Turn, s.Revealed, s.Turn)
		}
		ids = nil
		for _, c := range v.Creatures {
			ids = append(ids, c.ID)
		}
		if !slices.Equal(ids, s.ActivationOrder) {
			t.Fatalf("after event %d: creatures %v, activation order %v", events, ids, s.ActivationOrder)
		}
	})
	if events < 100 {
		t.Fatalf("only %d events", events)
	}
	v, s := g.Public(), g.State()
	red, notes := 0, 0
	for _, h := range g.Setup().QuestData.Texts {
		if slices.Contains(s.TextsShown, h.ID) && h.Style == "red" {
			red++
		}
		if slices.Contains(s.TextsShown, h.ID) && h.Style == "adp" {
			notes++
		}
	}
	if len(v.Texts) != len(s.Revealed)+red || notes == 0 {
		t.Fatalf("%d texts read aloud; %d sections and %d red boxes shown (%d ADP notes)", len(v.Texts), len(s.Revealed), red, notes)
	}
	if v.Outcome != OutcomeWon || !v.MissionAccomplished || v.Quest == nil || v.Quest.Title["es"] == "" {
		t.Fatalf("the end: %+v", v)
	}
	if slices.Contains(s.Revealed, "embalmers-workshop") {
		t.Fatal("the workshop was to stay hidden to the end")
	}
}

// Each check of publicLeaks fails when the view shows what it guards:
// the view is broken on purpose, one way at a time, at two points of the
// game (the secret door not found yet; the end).
func TestPublicLeaksAreCaught(t *testing.T) {
	views := map[string]*Game{}
	playTomb(t, func(g *Game, e Event) {
		s := g.State()
		if _, seen := views["shrine"]; !seen && slices.Contains(s.Revealed, "ember-shrine") && len(s.Found) == 0 {
			views["shrine"] = resumeCopy(t, g)
		}
	})
	views["end"] = resumeCopy(t, playTomb(t, func(*Game, Event) {}))
	q := views["end"].Setup().QuestData
	section := func(id string) quest.Section { sec, _ := q.Section(id); return sec }
	text := func(id string) quest.HiddenText {
		return q.Texts[slices.IndexFunc(q.Texts, func(h quest.HiddenText) bool { return h.ID == id })]
	}
	workshop := section("embalmers-workshop")
	enginetest.LeaksCaught(t, func(at string) PublicView { return views[at].Public() },
		func(at string, js []byte) []string { return publicLeaks(views[at], js) }, []enginetest.Broken[PublicView]{
			{At: "end", Name: "an unrevealed section listed", Check: "sections", Break: func(v *PublicView) {
				v.Sections = append(v.Sections, PublicSection{ID: workshop.ID, Name: workshop.Name, Kind: workshop.Kind})
			}},
			{At: "end", Name: "an unrevealed section's id as the newest", Check: "hidden", Break: func(v *PublicView) { v.Newest = workshop.ID }},
			{At: "end", Name: "an unrevealed section's Spanish name", Check: "hidden", Break: func(v *PublicView) { v.Sections[0].Name = quest.Text{"en": "x", "es": workshop.Name["es"]} }},
			{At: "end", Name: "a section misnamed", Check: "sections", Break: func(v *PublicView) { v.Sections[1].Name = quest.Text{"en": "gatehouse"} }},
			{At: "end", Name: "the section behind a door", Check: "exits", Break: func(v *PublicView) {
				for i, x := range v.Exits {
					if x.From == "processional-way" && x.To == "" {
						v.Exits[i].To = "embalmers-workshop"
					}
				}
			}},
			{At: "shrine", Name: "the kind of a door into the unknown", Check: "exits", Break: func(v *PublicView) {
				for i, x := range v.Exits {
					if x.To == "" {
						v.Exits[i].Kind = "door"
					}
				}
			}},
			{At: "shrine", Name: "a secret door not found", Check: "exits", Break: func(v *PublicView) {
				v.Exits = append(v.Exits, PublicExit{From: "ember-shrine", X: 20, Y: 10})
			}},
			{At: "end", Name: "an ADP note", Check: "texts", Break: func(v *PublicView) {
				v.Texts = append(v.Texts, PublicText{Kind: PublicTextRed, Text: text("ash-throne-note").Text})
			}},
			{At: "end", Name: "an ADP note's Spanish text", Check: "hidden", Break: func(v *PublicView) {
				v.Creatures = append(v.Creatures, PublicCreature{Names: map[string]string{"es": text("secret-door-note").Text["es"]}})
			}},
			{At: "shrine", Name: "a red box not shown yet", Check: "texts", Break: func(v *PublicView) {
				v.Texts = append(v.Texts, PublicText{Kind: PublicTextRed, Text: text("casket-box").Text})
			}},
			{At: "end", Name: "a red box never shown, in English", Check: "hidden", Break: func(v *PublicView) { v.Quest.Title = quest.Text{"en": text("ledger-box").Text["en"]} }},
			{At: "end", Name: "a trap", Check: "hidden", Break: func(v *PublicView) { v.Creatures = append(v.Creatures, PublicCreature{ID: "pressure-plate"}) }},
			{At: "end", Name: "a trap's Spanish name", Check: "hidden", Break: func(v *PublicView) {
				v.Creatures = append(v.Creatures, PublicCreature{Names: map[string]string{"es": "Losa de presión"}})
			}},
			{At: "end", Name: "the setup notes", Check: "hidden", Break: func(v *PublicView) { v.Quest.Introduction = q.Setup }},
			{At: "end", Name: "the seed", Check: "hidden", Break: func(v *PublicView) { v.Turn = publicSeed }},
			{At: "end", Name: "the reserve", Check: "keys", Raw: func(js []byte) []byte {
				return append([]byte(`{"reserve":13,`), js[1:]...)
			}},
			{At: "shrine", Name: "the decks", Check: "keys", Raw: func(js []byte) []byte {
				return append([]byte(`{"decks":{"encounter":{"size":9}},`), js[1:]...)
			}},
		})
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// resumeCopy is g's game as it stands, apart from g.
func resumeCopy(t *testing.T, g *Game) *Game {
	t.Helper()
	c, err := Resume(g.Setup(), g.Records(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A free-play game's view has no quest, no map and no texts: the turn,
// the creatures and the outcome.
func TestPublicFreePlay(t *testing.T) {
	g := mustGame(t, Setup{Heroes: 2, GroupVP: 40, LeaderVP: 10, Seed: publicSeed})
	play(t, g, &NewTurn{}, orc("orc-1"))
	js, err := g.PublicJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"turn":1,"creatures":[{"id":"orc-1","names":{"en":"Orc","es":"Orc"},"wounds":0,"vitality_left":4}]}`
	if string(js) != want {
		t.Fatalf("%s\nwant %s", js, want)
	}
	var _ engine.Public = g
}
