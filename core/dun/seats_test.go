package dun

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/engine/enginetest"
)

// seatParty is the doors script's party: Ann and Bo.
var seatParty = []PartyHero{
	{Name: "Ann", VP: 25, Perception: 4, Intelligence: 3, Agility: 3, Dexterity: 3, Strength: 3, Movement: 5},
	{Name: "Bo", VP: 25, Perception: 3, Intelligence: 3, Agility: 3, Dexterity: 3, Strength: 3, Movement: 5},
}

// seatTomb is the Tomb with Ann and Bo (the doors script's game), played
// through the doors script's events up to the Patrol's spawn: Initiative
// is due. after is called after every event the game took.
func seatTomb(t *testing.T, after func(g *Game, at string)) *Game {
	t.Helper()
	setup := tombGame(t).Setup()
	setup.Heroes, setup.HeroVP, setup.GroupVP, setup.Party, setup.Seed = 0, nil, 0, slices.Clone(seatParty), 5
	g := mustGame(t, setup)
	_, events := enginetest.Script(t, "testdata/scripts/doors.jsonl", Events)
	for _, e := range events {
		if e.Type() == "initiative" {
			break
		}
		if _, err := g.Apply(e); err == nil && after != nil {
			after(g, e.Type())
		}
	}
	if !g.State().InitiativeDue {
		t.Fatal("the doors script's spawn left no Initiative due")
	}
	return g
}

func seatRule(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.ID
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// What a hero's seat may send: its own hero's Initiative roll, tests and
// leaving a safe zone, and wounds dealt; another hero's step is refused
// naming that hero; the ADP's steps and the Conductor's are the laptop's;
// a seat that is no hero of the party is refused.
func TestDUNSeatMay(t *testing.T) {
	g := seatTomb(t, nil)
	cases := []struct {
		name, seat string
		e          Event
		rule       string
	}{
		{"own Initiative roll", "hero-1", &InitiativeHeroRolled{Hero: "hero-1", Dice: []int{2, 5}}, ""},
		{"another hero's Initiative roll", "hero-2", &InitiativeHeroRolled{Hero: "hero-1", Dice: []int{2, 5}}, "rule.seat.dun.not_yours"},
		{"own test", "hero-2", &Test{Action: "climb", Hero: "hero-2", Dice: []int{2, 5}}, ""},
		{"another hero's test", "hero-1", &Test{Action: "climb", Hero: "hero-2", Dice: []int{2, 5}}, "rule.seat.dun.not_yours"},
		{"a test of no hero", "hero-1", &Test{Attribute: "agility", Value: new(int), Dice: []int{2, 5}}, "rule.seat.dun.laptop"},
		{"wounds dealt", "hero-1", &CreatureWounded{ID: "x", Amount: 2}, ""},
		{"a creature healed", "hero-1", &CreatureWounded{ID: "x", Amount: -1}, "rule.seat.dun.laptop"},
		{"own hero leaving a safe zone", "hero-2", &ObstacleTrigger{Reason: "safe_zone", Hero: "hero-2"}, ""},
		{"another hero leaving", "hero-1", &ObstacleTrigger{Reason: "safe_zone", Hero: "hero-2"}, "rule.seat.dun.not_yours"},
		{"a door's Obstacle roll", "hero-1", &ObstacleTrigger{Reason: "door"}, "rule.seat.dun.laptop"},
		{"the ADP's Initiative", "hero-1", &Initiative{}, "rule.seat.dun.adp"},
		{"the Scenario Die", "hero-1", &Die{}, "rule.seat.dun.adp"},
		{"a card", "hero-1", &Card{}, "rule.seat.dun.adp"},
		{"a creature placed", "hero-1", &CreatureAdded{}, "rule.seat.dun.adp"},
		{"the reserve", "hero-1", &ReserveSpent{}, "rule.seat.dun.adp"},
		{"a door opened", "hero-1", &ExitOpened{Section: "gatehouse"}, "rule.seat.dun.laptop"},
		{"a section revealed", "hero-1", &SectionRevealed{}, "rule.seat.dun.laptop"},
		{"a new turn", "hero-1", &NewTurn{}, "rule.seat.dun.laptop"},
		{"the closest heroes' pick", "hero-1", &InitiativeHeroPicked{}, "rule.seat.dun.laptop"},
		{"an undo", "hero-1", &engine.Undo{}, "rule.seat.dun.laptop"},
		{"no seat", "", &Test{Hero: "hero-1"}, "rule.seat.dun.unknown"},
		{"a hero not in the party", "hero-3", &Test{Hero: "hero-3"}, "rule.seat.dun.unknown"},
		{"a hero's name for its id", "Ann", &Test{Hero: "hero-1"}, "rule.seat.dun.unknown"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := g.SeatMay(c.seat, c.e)
			if got := seatRule(err); got != c.rule {
				t.Fatalf("SeatMay(%q, %s) = %q, want %q", c.seat, c.e.Type(), got, c.rule)
			}
			var re *engine.RuleError
			if c.rule == "rule.seat.dun.not_yours" && (!errors.As(err, &re) || re.Args["Name"] == "") {
				t.Fatalf("the refusal names no hero: %v", err)
			}
		})
	}
}

// Seats are the party's heroes by id and name; none without a party.
func TestDUNSeats(t *testing.T) {
	g := seatTomb(t, nil)
	want := []engine.Seat{{ID: "hero-1", Name: "Ann"}, {ID: "hero-2", Name: "Bo"}}
	if got := g.Seats(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Seats = %v, want %v", got, want)
	}
	if got := tombGame(t).Seats(); len(got) != 0 {
		t.Fatalf("a game without a party has seats: %v", got)
	}
}

// Every action a hero's seat is offered, at every step of the doors
// script, is one the game takes (made with sample values); and the
// offers name nothing the players may not see: no section not revealed
// (a door's lock into one, a secret door), whatever the moment.
func TestDUNSeatActionsAreLegalAndHideNothing(t *testing.T) {
	q := tombGame(t).Setup().QuestData
	offered := map[string]bool{}
	check := func(g *Game, at string) {
		enginetest.CheckSeatActions(t, g, at)
		s := g.State()
		for _, seat := range g.Seats() {
			as := g.SeatActions(seat.ID)
			for _, a := range as {
				offered[a.Type+" "+actionOf(a)] = true
			}
			view, err := g.SeatView(seat.ID)
			if err != nil {
				t.Fatal(err)
			}
			js := append(mustJSON(t, as), view...)
			for _, sec := range q.Sections {
				if !slices.Contains(s.Revealed, sec.ID) && bytes.Contains(js, []byte(`"`+sec.ID+`"`)) {
					t.Fatalf("%s: seat %s is shown %s, not revealed: %s", at, seat.ID, sec.ID, js)
				}
				for _, ex := range sec.Exits {
					if ex.Kind == "secret_door" && !slices.Contains(s.Found, ex.ID) && bytes.Contains(js, []byte(`"`+ex.ID+`"`)) {
						t.Fatalf("%s: seat %s is shown the secret door %s", at, seat.ID, ex.ID)
					}
				}
			}
		}
	}
	g := seatTomb(t, check)
	check(g, "initiative due")
	for _, want := range []string{"test ", "test climb", "test run", "test search_room", "obstacle_trigger ", "initiative_hero_rolled "} {
		if !offered[want] {
			t.Errorf("never offered: %q (offered %v)", want, offered)
		}
	}
	for _, never := range []string{"test open_lock", "test secret_door", "test riddle", "test search_corpses"} {
		if offered[never] {
			t.Errorf("offered %q: its target is the laptop's", never)
		}
	}
	// The Patrol on the board, its Vitality known: each hero may wound it.
	seatApply(t, g, &Initiative{ADP: InitiativeSide{Perception: new(int), Intelligence: new(int), Dice: []int{1, 2}}, Hero: InitiativeSide{Hero: "hero-1", Dice: []int{5, 5}}})
	check(g, "after the Initiative")
	if !offered["creature_wounded "] {
		t.Errorf("wounds are never offered: %v", offered)
	}
}

func actionOf(a engine.SeatAction) string {
	s, _ := a.Fixed["action"].(string)
	return s
}

// The heroes' Initiative rolled on Ann's phone, then the ADP's side on the
// laptop, gives the same game as both steps taken on the laptop, and the
// same result as the one Initiative event with both sides' dice ("Initiative").
func TestDUNSeatsEventForEvent(t *testing.T) {
	phones, laptop, once := seatTomb(t, nil), seatTomb(t, nil), seatTomb(t, nil)
	var sent Event
	for _, a := range phones.SeatActions("hero-1") {
		if a.Type == "initiative_hero_rolled" {
			e, err := enginetest.SeatEvent(Events, a, map[string]any{"dice.0": 4, "dice.1": 4, "running": false})
			if err != nil {
				t.Fatal(err)
			}
			sent = e
		}
	}
	if sent == nil {
		t.Fatal("Ann's seat is not offered the heroes' Initiative roll")
	}
	if err := phones.SeatMay("hero-1", sent); err != nil {
		t.Fatal(err)
	}
	two, three := 2, 2
	adp := &Initiative{ADP: InitiativeSide{Perception: &two, Intelligence: &three, Dice: []int{5, 5}}}
	seatApply(t, phones, sent, adp)
	seatApply(t, laptop, &InitiativeHeroRolled{Hero: "hero-1", Dice: []int{4, 4}}, adp)
	sameDUN(t, laptop, phones)
	seatApply(t, once, &Initiative{Hero: InitiativeSide{Hero: "hero-1", Dice: []int{4, 4}}, ADP: adp.ADP})
	if got, want := phones.State().Initiative, once.State().Initiative; !reflect.DeepEqual(got, want) {
		t.Fatalf("in two steps %+v, in one %+v", got, want)
	}
	if phones.State().InitiativeHeroRoll != nil {
		t.Fatal("the hero's roll outlives the Initiative")
	}
}

// sameDUN fails unless a and b hold the same records, state and log.
func sameDUN(t *testing.T, a, b *Game) {
	t.Helper()
	ra, rb := a.Records(), b.Records()
	if len(ra) != len(rb) {
		t.Fatalf("%d records, %d", len(ra), len(rb))
	}
	for i := range ra {
		ja, _ := engine.Encode(ra[i].Event)
		jb, _ := engine.Encode(rb[i].Event)
		if !bytes.Equal(ja, jb) {
			t.Fatalf("record %d: %s, %s", i+1, ja, jb)
		}
	}
	sa, _ := a.StateJSON()
	sb, _ := b.StateJSON()
	if !bytes.Equal(sa, sb) || !reflect.DeepEqual(a.Log(), b.Log()) {
		t.Fatalf("the games differ:\n%s\n%s", sa, sb)
	}
}

// The hero's Initiative roll: once per due Initiative; the laptop's roll
// for the ADP keeps the hero's dice; an Initiative entered with other
// dice for the heroes is refused until the hero's roll is undone; no roll
// while no Initiative is due; a roll left by a new turn never counts.
func TestDUNInitiativeHeroRoll(t *testing.T) {
	g := seatTomb(t, nil)
	seatApply(t, g, &InitiativeHeroRolled{Hero: "hero-2", Running: true, Dice: []int{6, 1}})
	refusals := []struct {
		name string
		e    Event
		rule string
	}{
		{"a second roll", &InitiativeHeroRolled{Hero: "hero-1", Dice: []int{2, 2}}, "rule.initiative.hero_rolled"},
		{"other dice for the heroes", &Initiative{Hero: InitiativeSide{Hero: "hero-2", Running: true, Dice: []int{5, 5}}, ADP: InitiativeSide{Perception: new(int), Intelligence: new(int), Dice: []int{1, 2}}}, "rule.initiative.hero_roll_differs"},
		{"another hero", &Initiative{Hero: InitiativeSide{Hero: "hero-1", Dice: []int{6, 1}}, ADP: InitiativeSide{Perception: new(int), Intelligence: new(int), Dice: []int{1, 2}}}, "rule.initiative.hero_roll_differs"},
		{"a face of 7", &InitiativeHeroRolled{Hero: "hero-1", Dice: []int{7, 1}}, "rule.dice.face"},
		{"a hero not in the party", &InitiativeHeroRolled{Hero: "hero-5", Dice: []int{1, 1}}, "rule.party.unknown"},
	}
	for _, c := range refusals {
		before, _ := g.StateJSON()
		_, err := g.Apply(c.e)
		if got := seatRule(err); got != c.rule {
			t.Errorf("%s: %q, want %q", c.name, got, c.rule)
		}
		if after, _ := g.StateJSON(); !bytes.Equal(before, after) {
			t.Errorf("%s changed the state", c.name)
		}
	}
	rolled := g.RollInitiative(Initiative{ADP: InitiativeSide{Perception: new(int), Intelligence: new(int)}})
	if rolled.Hero.Hero != "hero-2" || !rolled.Hero.Running || !slices.Equal(rolled.Hero.Dice, []int{6, 1}) {
		t.Fatalf("the app's roll for the ADP does not keep Bo's: %+v", rolled.Hero)
	}
	seatApply(t, g, rolled)
	if g.State().InitiativeHeroRoll != nil {
		t.Fatal("the hero's roll stays after the Initiative")
	}
	if _, err := g.Apply(&InitiativeHeroRolled{Hero: "hero-1", Dice: []int{2, 2}}); seatRule(err) != "rule.initiative.hero_roll_when" {
		t.Fatalf("a roll with no Initiative due: %v", err)
	}
	// A roll whose Initiative a new turn dropped is not the next one's.
	stale := State{InitiativeDue: true, Turn: 3, InitiativeHeroRoll: &HeroRoll{Hero: "hero-1", Dice: []int{1, 1}, Turn: 2}}
	if _, ok := DueHeroRoll(stale); ok {
		t.Fatal("a roll of turn 2 counts in turn 3")
	}
}

// "Rotating Conductor": the player picked conducts the first turn, and
// the role passes to the next player at the end of each turn, in the
// party's order; the public view and the hero's own view name them.
func TestDUNConductorNow(t *testing.T) {
	setup := Setup{Conductor: ConductorRotating, Heroes: 3, Party: []PartyHero{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}}
	picked := map[string]string{PickConductor: "hero-2"}
	cases := []struct {
		name  string
		setup Setup
		s     State
		want  string
	}{
		{"before the first turn", setup, State{Picks: picked}, "Bo"},
		{"the first turn", setup, State{Picks: picked, Turn: 1}, "Bo"},
		{"the second turn", setup, State{Picks: picked, Turn: 2}, "Cy"},
		{"the third turn: back to the first player", setup, State{Picks: picked, Turn: 3}, "Ann"},
		{"not picked yet", setup, State{Turn: 2}, ""},
		{"one Conductor", Setup{Conductor: "single", Heroes: 3, Party: setup.Party}, State{Picks: picked, Turn: 2}, ""},
	}
	for _, c := range cases {
		got := ConductorNow(c.setup, c.s)
		name := ""
		if got != nil {
			name = got.Name
		}
		if name != c.want {
			t.Errorf("%s: %q, want %q", c.name, name, c.want)
		}
	}
	g := mustGame(t, Setup{Conductor: ConductorRotating, Party: slices.Clone(seatParty), Seed: 5})
	seatApply(t, g, &ConductorPicked{Among: 2, Picked: 2})
	var pub PublicView
	if err := json.Unmarshal(mustJSON(t, g.Public()), &pub); err != nil {
		t.Fatal(err)
	}
	if pub.Conductor == nil || pub.Conductor.Name != "Bo" || pub.Conductor.ID != "hero-2" {
		t.Fatalf("the public view's Conductor: %+v", pub.Conductor)
	}
	var bo, ann SeatView
	for seat, v := range map[string]*SeatView{"hero-2": &bo, "hero-1": &ann} {
		js, err := g.SeatView(seat)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(js, v); err != nil {
			t.Fatal(err)
		}
	}
	if !bo.Conducting || ann.Conducting || bo.Hero.Name != "Bo" || bo.Hero.Perception != 3 {
		t.Fatalf("Bo's view %+v, Ann's %+v", bo, ann)
	}
}

// seatApply applies es to g, failing on a refusal.
func seatApply(t *testing.T, g *Game, es ...Event) {
	t.Helper()
	for _, e := range es {
		if _, err := g.Apply(e); err != nil {
			t.Fatalf("%s: %v", e.Type(), err)
		}
	}
}
