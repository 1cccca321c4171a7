package share_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"

	// The games' messages, which their pages show.
	_ "github.com/dunconductor/conductor/ui/dragoncanyon/messages"
	_ "github.com/dunconductor/conductor/ui/twister/messages"
)

// The games the tests play to their end, publishing the players' view
// after every event, and what each hides from the players at that moment.

// secret is a string the players may not see: in no body or header the
// server sends. A name may still be said in a text read aloud (a red box
// may name a place not entered yet): a name is only a secret while no text
// of the view holds it.
type secret struct {
	what, s string
	name    bool
}

// played is one moment of a game: the view as published and the secrets.
type played struct {
	at      string
	module  string
	view    []byte
	secrets []secret
}

const tombSeed = 8_614_357_902_113_775_431

// tombTable plays the Tomb of the Ash King as a table does: every event
// applied is handed to after.
type tombTable struct {
	t     testing.TB
	g     *dun.Game
	after func(e dun.Event)
	hit   bool // the next rolls hit their deck; an Encounter card drawn is activated
}

func newTombGame(t testing.TB, seed uint64) *dun.Game {
	t.Helper()
	tomb, ok := content.BuiltinQuest("the-tomb-of-the-ash-king")
	if !ok {
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
	g, err := dun.NewGame(dun.Setup{HeroVP: []int{25, 25, 25}, QuestData: tomb, FactionData: f, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func ptr(n int) *int { return &n }

func (tb *tombTable) do(events ...dun.Event) {
	tb.t.Helper()
	for _, e := range events {
		if _, err := tb.g.Apply(e); err != nil {
			tb.t.Fatalf("%s %+v: %v", e.Type(), e, err)
		}
		tb.after(e)
	}
}

// settle answers every pending and due step as a table would.
func (tb *tombTable) settle() {
	tb.t.Helper()
	for range 100 {
		s := tb.g.State()
		if h := s.Pending.Head(); h != nil {
			tb.step(h)
			continue
		}
		if e := tb.leaderOffered(); e != nil {
			tb.do(e)
			continue
		}
		if s.Due == nil {
			if !s.CombatTurn {
				return
			}
			i := slices.IndexFunc(s.ActivationOrder, func(id string) bool {
				j := slices.IndexFunc(s.Creatures, func(c dun.Creature) bool { return c.ID == id })
				return j >= 0 && !s.Creatures[j].Done
			})
			if i < 0 {
				return
			}
			tb.do(&dun.CreatureDone{ID: s.ActivationOrder[i]})
			continue
		}
		switch s.Due.Type {
		case "main_room_placed":
			tb.do(&dun.MainRoomPlaced{})
		case "initiative":
			tb.do(&dun.Initiative{
				Hero: dun.InitiativeSide{Perception: ptr(4), Intelligence: ptr(3), Dice: []int{5, 5}},
				ADP:  dun.InitiativeSide{Perception: ptr(2), Intelligence: ptr(1), Dice: []int{1, 2}},
			})
		case "adp_combat_turn":
			tb.do(&dun.AdpCombatTurn{})
		case "combat_range":
			tb.do(&dun.CombatRange{Near: true}) // the heroes fight what they find
		default:
			tb.t.Fatalf("a due step the table does not know: %+v", s.Due)
		}
	}
	tb.t.Fatal("the table never settled")
}

func (tb *tombTable) step(h *dun.Step) {
	tb.t.Helper()
	switch h.Kind {
	case dun.StepRoll:
		symbol := map[string]dice.Symbol{dun.DeckObstacle: dice.Obstacle, dun.DeckEncounter: dice.Encounter, dun.DeckPower: dice.Power}[h.Deck]
		miss := dice.Power
		if symbol == dice.Power {
			miss = dice.Obstacle
		}
		d := &dun.Die{Faces: []dice.Symbol{miss}}
		if tb.hit {
			d.Faces[0] = symbol
		} else if h.NeedsSecondFace(miss) {
			d.Faces = append(d.Faces, miss)
		}
		tb.do(d)
	case dun.StepDraw:
		c := &dun.Card{Deck: h.Deck, Outcome: dun.Discarded, Points: 1}
		if tb.hit && h.Deck == dun.DeckEncounter {
			c.Outcome, c.Points = dun.Activated, 0
		}
		tb.do(c)
	case dun.StepSpawn:
		offer, _ := dun.SpawnRowFor(tb.g.Setup(), 1)
		tb.do(&dun.Spawn{Cost: offer.Cost, Row: 1})
	case dun.StepReveal:
		tb.do(&dun.SectionRevealed{Section: h.Section})
	case dun.StepChoose:
		tb.do(&dun.FumbleDraw{Deck: dun.DeckObstacle})
	default:
		tb.t.Fatalf("a step the table does not know: %+v", h)
	}
}

func (tb *tombTable) leaderOffered() *dun.CreatureAdded {
	for _, p := range tb.g.Prompts() {
		for _, c := range p.Choices {
			if e, ok := c.Event.(*dun.CreatureAdded); ok {
				return e
			}
		}
	}
	return nil
}

// open opens the exit into section id and settles what follows.
func (tb *tombTable) open(id string, hit bool) {
	tb.t.Helper()
	tb.hit = false
	tb.do(&dun.ExitOpened{Section: id})
	for h := tb.g.State().Pending.Head(); h != nil && h.Kind != dun.StepReveal; h = tb.g.State().Pending.Head() {
		tb.step(h)
	}
	tb.hit = hit
	tb.settle()
	tb.hit = false
}

func (tb *tombTable) slay() {
	tb.t.Helper()
	for _, c := range tb.g.State().Creatures {
		if left, ok := dun.VitalityLeft(tb.g.State(), c); ok && left > 0 {
			tb.do(&dun.CreatureWounded{ID: c.ID, Amount: left})
		}
		if slices.ContainsFunc(tb.g.State().Creatures, func(x dun.Creature) bool { return x.ID == c.ID }) {
			tb.do(&dun.CreatureRemoved{ID: c.ID})
		}
	}
}

// playTomb plays the Tomb from the Ash Stair to the Ash King's death and
// the heroes' leaving: spawns, Initiative, combat turns, wounds, a trap,
// the secret door and its ADP note, undo and redo, the Main Room and its
// Leader. The Embalmers' Workshop stays hidden to the end. after is called
// with the game as set up (e nil), then after every event.
func playTomb(t testing.TB, seed uint64, after func(g *dun.Game, e dun.Event)) *dun.Game {
	t.Helper()
	g := newTombGame(t, seed)
	tb := &tombTable{t: t, g: g}
	tb.after = func(e dun.Event) { after(g, e) }
	after(g, nil)
	tb.do(&dun.NewTurn{})
	tb.open("gatehouse", true)
	tb.settle()
	tb.do(&dun.CreatureWounded{ID: g.State().Creatures[0].ID, Amount: 1})
	tb.slay()
	tb.do(&dun.NewTurn{})
	tb.open("processional-way", false)
	tb.do(&dun.ObstacleTrigger{Reason: "trap"})
	tb.settle()
	tb.do(&dun.NewTurn{})
	tb.open("ember-shrine", false)
	tb.do(&dun.Test{Action: "secret_door", Value: ptr(3), Dice: []int{6, 5}, Element: "shrine-secret-door"})
	tb.settle()
	tb.do(&dun.Undo{}, &engine.Redo{})
	tb.open("hidden-reliquary", false)
	tb.do(&dun.ElementFound{ID: "lacquered-casket"})
	tb.do(&dun.ConditionMet{ID: "altar-touched"})
	tb.do(&dun.NewTurn{})
	tb.open("ossuary", true)
	tb.settle()
	tb.slay()
	for _, id := range []string{"gallery-of-kings", "antechamber"} {
		tb.do(&dun.NewTurn{})
		tb.open(id, false)
	}
	tb.do(&dun.NewTurn{})
	tb.open("ash-throne", true)
	tb.settle()
	tb.do(&dun.NewTurn{})
	tb.settle()
	for _, c := range g.State().Creatures {
		if c.Level != bestiary.LevelLeader {
			tb.do(&dun.CreatureWounded{ID: c.ID, Amount: 1})
		}
	}
	king := g.State().Creatures[slices.IndexFunc(g.State().Creatures, func(c dun.Creature) bool { return c.Level == bestiary.LevelLeader })]
	left, _ := dun.VitalityLeft(g.State(), king)
	tb.do(&dun.CreatureWounded{ID: king.ID, Amount: left}, &dun.CreatureRemoved{ID: king.ID})
	tb.do(&dun.MissionAccomplished{})
	tb.do(&dun.NewTurn{})
	tb.settle()
	tb.do(&dun.QuestEnded{Outcome: dun.OutcomeWon})
	return g
}

// tombSecrets are what the players may not see of the Tomb now: the
// unrevealed sections (ids, names in every language, their texts), the
// traps (ids, names), every ADP note (id, texts), the red boxes not shown
// yet, the setup notes and the seed.
func tombSecrets(g *dun.Game) []secret {
	s, q := g.State(), g.Setup().QuestData
	var out []secret
	add := func(what, str string, name bool) {
		if str != "" {
			out = append(out, secret{what, str, name})
		}
	}
	for _, sec := range q.Sections {
		if !slices.Contains(s.Revealed, sec.ID) {
			add("an unrevealed section's id", sec.ID, false)
			for _, name := range q.SectionName(sec.ID) {
				add("an unrevealed section's name", name, true)
			}
			for _, text := range sec.Text {
				add("an unrevealed section's text", text, false)
			}
		}
		for _, el := range sec.Elements {
			if el.Kind == "trap" {
				add("a trap's id", el.ID, false)
				for _, name := range el.Name {
					add("a trap's name", name, true)
				}
			}
		}
	}
	for _, h := range q.Texts {
		if h.Style == "red" && slices.Contains(s.TextsShown, h.ID) {
			continue
		}
		add("a hidden text's id ("+h.Style+")", h.ID, false)
		for _, text := range h.Text {
			add("a hidden text ("+h.Style+")", text, false)
		}
	}
	for _, note := range q.Setup {
		add("the setup notes", note, false)
	}
	add("the seed", strconv.FormatUint(g.Setup().Seed, 10), false)
	return out
}

// tombPlayed is the Tomb played to its end, moment by moment.
func tombPlayed(t testing.TB) []played {
	var out []played
	n := 0
	playTomb(t, tombSeed, func(g *dun.Game, e dun.Event) {
		js, err := g.PublicJSON()
		if err != nil {
			t.Fatal(err)
		}
		at := "as set up"
		if e != nil {
			n++
			at = fmt.Sprintf("event %d (%s)", n, e.Type())
		}
		out = append(out, played{at: at, module: dun.ModuleName, view: js, secrets: tombSecrets(g)})
	})
	return out
}

// scriptEvents reads one of the modules' golden scripts, named by its path
// under core/: its setup line (without "game") and its event lines.
func scriptEvents(t testing.TB, name string) (setup []byte, events [][]byte) {
	t.Helper()
	b, err := os.ReadFile("../../core/" + name)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if setup == nil {
			var first struct {
				Setup map[string]json.RawMessage `json:"setup"`
			}
			if err := json.Unmarshal(line, &first); err != nil {
				t.Fatal(err)
			}
			delete(first.Setup, "game")
			setup, _ = json.Marshal(first.Setup)
			continue
		}
		events = append(events, slices.Clone(line))
	}
	return setup, events
}

const canyonSeed = 9_106_472_385_512_097_633

// canyonSecrets are what the players may not see of a Dragon Canyon game
// now: a face-down card's strength, Dragon Slayer or deck card (and the
// app's "known"), the order of every pile, discards and deck list, and
// the seed.
func canyonSecrets(setup dragoncanyon.Setup, s dragoncanyon.State) []secret {
	out := []secret{
		{"a card's place in the deck list", `"card":`, false},
		{"whether the app knows a card", `"known":`, false},
		{"a face-down card's strength", `"face_up":false,"strength"`, false},
		{"a face-down card's Dragon Slayer", `"face_up":false,"slayer"`, false},
		{"the seed", strconv.FormatUint(setup.Seed, 10), false},
	}
	for _, row := range s.Board {
		for _, tile := range row {
			if f := tile.Force; f != nil && !f.FaceUp && f.Known {
				b, _ := json.Marshal(f)
				out = append(out, secret{"a face-down card as the app knows it", string(b), false})
			}
		}
	}
	for _, order := range [][]int{s.AI.Actions.Order, s.AI.Actions.Discards, s.AI.Force.Order, s.AI.Force.Discards, setup.ActionDeck.Order, setup.ForceDeck.Order} {
		if len(order) < 3 {
			continue
		}
		b, _ := json.Marshal(order)
		out = append(out, secret{"a pile's order", strings.Trim(string(b), "[]"), false})
	}
	return out
}

// canyonPlayed is Dragon Canyon's solo golden script, with a seed of
// its own, moment by moment.
func canyonPlayed(t testing.TB) []played {
	setupJSON, lines := scriptEvents(t, "dragoncanyon/testdata/scripts/dragon_canyon_solo.jsonl")
	setup, err := engine.DecodeStrict[dragoncanyon.Setup](setupJSON)
	if err != nil {
		t.Fatal(err)
	}
	setup = setup.Normalize()
	setup.Seed = canyonSeed
	g, err := dragoncanyon.NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	return playedScript(t, g, dragoncanyon.Events, lines, false, func() []secret { return canyonSecrets(g.Setup(), g.State()) })
}

// twisterPlayed is Dungeon Twister's golden game moment by moment.
// Its view hides nothing (the app keeps nothing the table does not show):
// it has no secret of its own.
func twisterPlayed(t testing.TB) []played {
	setupJSON, lines := scriptEvents(t, "twister/testdata/scripts/twister_game.jsonl")
	setup, err := engine.DecodeStrict[twister.Setup](setupJSON)
	if err != nil {
		t.Fatal(err)
	}
	g, err := twister.NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	return playedScript(t, g, twister.Events, lines, true, func() []secret { return nil })
}

// publicGame is a game with a players' view.
type publicGame interface {
	engine.Play
	engine.Public
}

// playedScript is game g, moment by moment: as set up, then after each of
// a script's event lines (skipping the ones g refuses when the script
// means it to, else failing). secrets are what must stay hidden at each.
func playedScript(t testing.TB, g publicGame, events *engine.Registry, lines [][]byte, skipRefused bool, secrets func() []secret) []played {
	t.Helper()
	var out []played
	add := func(at string) {
		js, err := g.PublicJSON()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, played{at: at, module: g.Module(), view: js, secrets: secrets()})
	}
	add("as set up")
	for i, line := range lines {
		e, err := events.Decode(line)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if _, err := g.Apply(e); err != nil {
			if skipRefused {
				continue // the script has events the game refuses, on purpose
			}
			t.Fatalf("event %d (%s): %v", i+1, e.Type(), err)
		}
		add(fmt.Sprintf("event %d (%s)", i+1, e.Type()))
	}
	return out
}
