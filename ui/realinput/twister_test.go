package realinput

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// TestTwisterByRealInput: a Dungeon Twister game refereed as a
// new user does, with real clicks and keys only: 4 rooms revealed and
// their pieces ticked off as placed, 3 combats walked step by step, a
// death filled from the combat and the character picked (a controller
// changed by hand is asked about), an escape and the treasure, to the
// winner. In Spanish at 1024×768 and in English at 1280×800; the actions
// are counted (124 before the placement ticks and the filled forms, 156
// with 19 wheel flicks before the combat's main button in sight, the
// one-tap values, the characters picked and the Score tab's one form at a
// time; 122 with 1 flick, in the New game dialog, after; 106 once a
// room's pieces are tapped from the box: these four reveals of two pieces
// took 10, 7, 9 and 8 actions before, 4, 4, 6 and 4 now).
// Only the Elf, from outside the box, is typed: in ASCII, since with
// LC_CTYPE=C.UTF-8 (harness) the app drops a typed "ó" in about half the
// runs (xdotool maps the keysym to a spare keycode just before the key).
func TestTwisterByRealInput(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{wide1280en, small1024es}, func(t *testing.T, c screen) {
		p := newTwisterPlayer(t, c.lang, c.w, c.h)
		p.play()
		t.Logf("actions: %d (%v), %d clicks lost", p.actions, p.kinds, p.lost)
		t.Logf("steps:\n%s", strings.Join(p.steps, "\n"))
	})
}

// twisterPlayer referees a Twister game by hand, counting every action
// (the Tomb's player's actions: click, key, wheel, field typed).
type twisterPlayer struct {
	*tombPlayer
	names    map[string]string // the pieces' names in the game's language
	flicks   int               // wheel flicks at the last phase noted
	scr      screen
	revealed []int // the actions each room reveal took
}

func newTwisterPlayer(t *testing.T, lang string, w, h int) *twisterPlayer {
	return newTwisterPlayerOn(t, screen{w, h, lang}, "")
}

// newTwisterPlayerOn starts the app at screen c on a copy of the saves
// database db ("" for none).
func newTwisterPlayerOn(t *testing.T, c screen, db string) *twisterPlayer {
	lang, w, h := c.lang, c.w, c.h
	a := Start(t, Options{Lang: lang, Width: w, Height: h, DB: db})
	p := &twisterPlayer{tombPlayer: &tombPlayer{t: t, a: a, tr: translations.New(lang), shots: true, stale: true, kinds: map[string]int{}}, scr: screen{w, h, lang}}
	p.names = map[string]string{"warrior": "Warrior", "troll": "Troll", "thief": "Thief", "rope": "Rope", "elf": "Elf",
		"sword": "Sword", "wizard": "Wizard", "torch": "Torch", "cleric": "Cleric", "wand": "Fireball Wand"}
	if lang == "es" {
		p.names = map[string]string{"warrior": "Guerrero", "troll": "Trol", "thief": "Ladrón", "rope": "Cuerda", "elf": "Elfo",
			"sword": "Espada", "wizard": "Mago", "torch": "Antorcha", "cleric": "Clérigo", "wand": "Varita de bola de fuego"}
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("after %d actions, the steps taken:\n%s", p.actions, strings.Join(p.steps, "\n"))
		}
	})
	return p
}

func (p *twisterPlayer) n(key string) string { return p.names[key] }

// phase notes the actions (and wheel flicks) a part of the game took.
func (p *twisterPlayer) phase(name string) {
	p.step("  — %s: %d actions so far, %d wheel flicks since the last note", name, p.actions, p.kinds["wheel flicks"]-p.flicks)
	p.flicks = p.kinds["wheel flicks"]
}

// state is the game as the app holds it (probe value twister.state).
func (p *twisterPlayer) state() twister.State {
	p.t.Helper()
	p.now()
	var s twister.State
	if err := json.Unmarshal([]byte(p.a.Value("twister.state")), &s); err != nil {
		p.a.Fail("the game's state: %v", err)
	}
	return s
}

// exact matches a tappable control whose text is s.
func exact(s string) func(probe.Object) bool {
	return func(o probe.Object) bool { return o.Kind != "text" && o.Text == s }
}

// clickN clicks the button labelled s n times (a stepper's +1).
func (p *twisterPlayer) clickN(what string, match func([]probe.Object) int, times int) {
	p.t.Helper()
	for range times {
		p.click(p.intoNth(what, match))
	}
}

// pickIn opens the drop-down match finds and picks the option named.
func (p *twisterPlayer) pickIn(what string, match func(probe.Object) bool, option string) {
	p.t.Helper()
	p.click(p.find(what, match))
	p.click(p.find("the option "+option, text(option)))
	p.wait(what+" to show "+option, func(d probe.Dump) bool {
		_, objs := tombTop(d)
		return slices.ContainsFunc(objs, func(o probe.Object) bool { return match(o) && o.Selected == option })
	})
}

// tab shows one of the table's tabs.
func (p *twisterPlayer) tab(id string) {
	p.t.Helper()
	p.click(p.find("the tab "+id, text(p.T(id, nil))))
}

// newGame: Twister for Ana and Beto, 3 victory points to win.
func (p *twisterPlayer) newGame() {
	p.t.Helper()
	p.click(p.find("the game picker", Button(p.T("ui.module.twister", nil))))
	for i, name := range []string{"Ana", "Beto"} {
		hint := p.T("ui.twister.player_default", map[string]any{"Seat": i + 1})
		p.fill("player "+name, func(o probe.Object) bool { return isEntry(o) && o.PlaceHolder == hint }, name)
	}
	p.clickN("the goal's −1", nth(0, exact("−1")), 2)
	p.step("New game: Ana, Beto, 3 points to win")
	p.click(p.find("Start", Button(p.T("ui.newgame.start", nil))))
	p.wait("the table", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		return slices.ContainsFunc(objs, Button(p.T("ui.twister.reveal.open", nil)))
	})
}

// piece is a piece of a room: a piece of the box (id, as the game names
// it) or one typed (no id: an expansion's).
type piece struct {
	id        string // the box piece's id; "" for one typed
	name      string // its name in the game's language
	owner     string // "" for the revealer
	character bool   // a piece typed: added as a character (else an object)
	torch     bool   // a piece typed: ticked as a torch
}

// revealRoom enters a room: who reveals it (the form's default when ""),
// and its pieces, a tap each from the box. The reveal, from its button to
// the placement order, takes at most 10 actions.
func (p *twisterPlayer) revealRoom(revealer string, pieces ...piece) {
	p.t.Helper()
	from := p.actions
	p.click(p.find("A room is revealed…", Button(p.T("ui.twister.reveal.open", nil))))
	p.wait("the reveal's form", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		return slices.ContainsFunc(objs, Named("twister.reveal.other_owner"))
	})
	who := revealer
	if revealer != "" {
		p.pickIn("who reveals", func(o probe.Object) bool { return o.Kind == "widget.Select" && o.Name == "" }, revealer)
	} else if s := p.state(); s.Room != nil {
		who = []string{"Ana", "Beto"}[s.Room.Opponent-1]
	} else {
		who = "Ana"
	}
	for _, pc := range pieces {
		owner := pc.owner
		if owner == "" {
			owner = who
		}
		p.addPiece(pc, owner, who)
	}
	p.shot(fmt.Sprintf("reveal-form-%d", len(p.revealed)+1))
	p.fitsScreen()
	p.click(p.find("Show the placement order", Button(p.T("ui.twister.reveal.apply", nil))))
	if n := p.actions - from; n > 10 {
		p.a.Fail("a reveal of %d pieces took %d actions, more than 10", len(pieces), n)
	} else {
		p.step("the reveal of %d pieces: %d actions", len(pieces), n)
	}
	p.revealed = append(p.revealed, p.actions-from)
	p.fitsScreen()
}

// reveal enters a room (revealRoom), then ticks every piece off in the
// placement order, checking "What happens now" shows only the step under
// way and nothing once done.
func (p *twisterPlayer) reveal(revealer string, pieces ...piece) {
	p.t.Helper()
	p.revealRoom(revealer, pieces...)
	s := p.state()
	p.step("room %d revealed by %d: %d pieces", s.Rooms, s.Room.Revealer, len(pieces))
	p.shot(fmt.Sprintf("room-%d", s.Rooms))
	tick := p.T("ui.twister.placement.tick", nil)
	for range pieces {
		s := p.state()
		cur := twister.CurrentStep(s)
		// "What happens now" names the step under way only.
		if got := p.promptedSteps(s); !slices.Equal(got, []int{cur + 1}) {
			p.a.Fail("room %d: What happens now shows the steps %v, the step under way is %d", s.Rooms, got, cur+1)
		}
		p.click(p.find("a piece to tick off", func(o probe.Object) bool {
			return strings.HasPrefix(o.Name, fmt.Sprintf("twister.place.%d.", cur+1)) && o.Text == tick && !o.Disabled
		}))
	}
	s = p.state()
	if !s.PlacementOver {
		p.a.Fail("room %d: every piece ticked off, the placement is not over: %+v", s.Rooms, s.Placement)
	}
	if got := p.promptedSteps(s); len(got) > 0 {
		p.a.Fail("room %d done, its steps %v are still under What happens now", s.Rooms, got)
	}
	ticked := 0
	for _, o := range p.now().Windows[0].Objects {
		if strings.HasPrefix(o.Name, "twister.place.") && o.Text == p.T("ui.twister.placement.ticked", nil) {
			ticked++
		}
	}
	if ticked != len(pieces) {
		p.a.Fail("room %d: %d pieces ticked off in the list, want %d", s.Rooms, ticked, len(pieces))
	}
	p.step("room %d: every piece ticked off as placed", s.Rooms)
	p.phase("room")
}

// addPiece puts a piece in the reveal's form: a piece of the box by its
// button under its owner's name (one tap); one typed by its name, its
// owner when not the revealer's, its kind's button.
func (p *twisterPlayer) addPiece(pc piece, owner, revealer string) {
	p.t.Helper()
	seat := map[string]int{"Ana": 1, "Beto": 2}[owner]
	if pc.id != "" {
		p.click(p.find(pc.name, Named(fmt.Sprintf("twister.reveal.add.%d.%s", seat, pc.id))))
		return
	}
	hint := p.T("ui.twister.reveal.name_hint", nil)
	p.fill(pc.name+"'s name", func(o probe.Object) bool { return isEntry(o) && o.PlaceHolder == hint }, pc.name)
	if owner != revealer {
		p.pickIn(pc.name+"'s owner", Named("twister.reveal.other_owner"), owner)
	}
	kind := "object"
	if pc.character {
		kind = "character"
	}
	p.click(p.find(pc.name+" as a "+kind, Named("twister.reveal.other."+kind)))
	if pc.torch {
		torch := p.T("ui.twister.reveal.torch", nil)
		p.click(p.intoNth(pc.name+" a torch", func(objs []probe.Object) int {
			last := -1
			for i, o := range objs {
				if !isEntry(o) && o.Kind != "text" && o.Text == torch {
					last = i
				}
			}
			return last
		}))
	}
}

// fitsScreen fails when a window is wider or taller than the screen.
func (p *twisterPlayer) fitsScreen() {
	p.t.Helper()
	p.scr.fitsScreen(p.a, p.now())
}

// promptedSteps are the placement steps (from 1) "What happens now"
// shows: a text that begins as the step's prompt does, up to its placer.
func (p *twisterPlayer) promptedSteps(s twister.State) []int {
	var out []int
	d := p.now()
	for i, st := range s.Placement {
		name := []string{"Ana", "Beto"}[st.Placer-1]
		full := p.T("prompt.twister.place", map[string]any{"Index": i + 1, "Name": name, "Count": 1})
		head := full[:strings.Index(full, name)+len(name)]
		if slices.ContainsFunc(d.Windows[0].Objects, func(o probe.Object) bool { return o.Layer == 0 && strings.Contains(o.Text, head) }) {
			out = append(out, i+1)
		}
	}
	return out
}

// fighter is one side's character in a combat.
type fighter struct {
	name     string
	strength int
	wounded  bool
}

// combat walks a combat: attacker and the characters, both declarations,
// the two card steps, both cards; returns the result.
func (p *twisterPlayer) combat(attacker string, att, def fighter, attCard, defCard int) twister.CombatResult {
	p.t.Helper()
	p.tab("ui.twister.tab.combat")
	p.find("Start the combat", Button(p.T("ui.twister.combat.start", nil)))
	// Both characters picked from those met: the seats follow (none is
	// guessed: the attacking seat is empty until then).
	if d := p.now(); slices.ContainsFunc(d.Windows[0].Objects, func(o probe.Object) bool {
		return o.Kind == "widget.Select" && (o.Selected == "Ana" || o.Selected == "Beto")
	}) {
		p.a.Fail("the combat form guesses a seat before a character is picked")
	}
	seat := map[string]int{"Ana": 1, "Beto": 2}[attacker]
	other := map[string]string{"Ana": "Beto", "Beto": "Ana"}[attacker]
	p.pickIn(att.name+" attacks", Named("twister.combat.attacker_pick"), p.T("ui.twister.piece", map[string]any{"Character": att.name, "Name": attacker}))
	p.pickIn(def.name+" is attacked", Named("twister.combat.defender_pick"), p.T("ui.twister.piece", map[string]any{"Character": def.name, "Name": other}))
	p.click(p.find("Start the combat", Button(p.T("ui.twister.combat.start", nil))))
	if c := p.state().Combat; c == nil || c.Attacker != seat || c.AttackerCharacter != att.name || c.DefenderCharacter != def.name {
		p.a.Fail("the combat started as %+v", c)
	}
	for side, f := range []fighter{att, def} {
		p.wait("the declaration of "+f.name, func(d probe.Dump) bool {
			_, objs := tombTop(d)
			return slices.ContainsFunc(objs, func(o probe.Object) bool { return isEntry(o) && o.Text == f.name })
		})
		// The form starts from what the app knows of the character (its
		// value declared before, its wound): only the rest is entered.
		player := seat
		if side == 1 {
			player = 3 - seat
		}
		k, _ := twister.KnownFighter(p.state(), player, f.name)
		if f.strength != k.Strength { // one tap: the value's button
			p.clickQuiet(p.find(f.name+"'s value", Named(fmt.Sprintf("twister.declare.value.1.%d", f.strength))))
		}
		if f.wounded != k.Wounded {
			p.click(p.find(f.name+" wounded", Button(p.T("ui.twister.declare.wounded", nil))))
		}
		flicks := p.kinds["wheel flicks"]
		p.click(p.find("Declare and go on", Button(p.T("ui.twister.declare.apply", nil))))
		if p.kinds["wheel flicks"] != flicks {
			p.a.Fail("%s's Declare and go on was off screen", f.name)
		}
		c := p.state().Combat
		d := c.Attack
		if side == 1 {
			d = c.Defence
		}
		if d == nil || len(d.Fighters) != 1 || d.Fighters[0] != (twister.Fighter{Name: f.name, Strength: f.strength, Wounded: f.wounded}) {
			p.a.Fail("%s declared as %+v", f.name, d)
		}
		if k.Strength != 0 {
			p.step("%s's declaration started from what the app knew: %d, wounded %v", f.name, k.Strength, k.Wounded)
		}
	}
	for range 2 { // the cards laid face down
		p.click(p.find("Done: next step", Button(p.T("choice.twister.step_done", nil))))
	}
	p.wait("the cards' values", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		return slices.ContainsFunc(objs, Button(p.T("ui.twister.resolve.apply", nil)))
	})
	// One tap per card; the main key works the winner out (it never ends
	// a combat without its result).
	p.clickQuiet(p.find("the attacker's card", Named(fmt.Sprintf("twister.card.attacker.%d", attCard))))
	p.clickQuiet(p.find("the defender's card", Named(fmt.Sprintf("twister.card.defender.%d", defCard))))
	p.shot("combat-reveal")
	flicks := p.kinds["wheel flicks"]
	p.find("Work out who wins", Button(p.T("ui.twister.resolve.apply", nil)))
	if p.kinds["wheel flicks"] != flicks {
		p.a.Fail("the reveal's main button was off screen")
	}
	p.key("n")
	s := p.state()
	if s.Combat != nil || s.LastCombat == nil {
		p.a.Fail("the combat is not over: %+v", s.Combat)
	}
	r := *s.LastCombat
	p.step("combat %d: %s (%s, %d) against %s (%d): %s wins; wounded %v, killed %v", s.Combats, attacker, att.name, r.AttackTotal, def.name, r.DefenceTotal, r.Winner, r.Wounded, r.Killed)
	p.phase("combat")
	return r
}

// deathForm checks what the death form shows: the character and the
// controller (none when "").
func (p *twisterPlayer) deathForm(character, controller string) {
	p.t.Helper()
	p.tab("ui.twister.tab.score")
	hint := p.T("ui.twister.score.character_hint", nil)
	d := p.wait("the death form", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		return slices.ContainsFunc(objs, func(o probe.Object) bool { return isEntry(o) && o.PlaceHolder == hint })
	})
	_, objs := tombTop(d)
	i := slices.IndexFunc(objs, func(o probe.Object) bool { return isEntry(o) && o.PlaceHolder == hint })
	var owner probe.Object
	for _, o := range objs[i:] {
		if o.Kind == "widget.Select" && o.Name == "" {
			owner = o
			break
		}
	}
	if objs[i].Text != character || owner.Selected != controller {
		p.a.Fail("the death form holds %q of %q, want %q of %q", objs[i].Text, owner.Selected, character, controller)
	}
	p.step("the death form holds %q of %q", character, controller)
	p.phase("death form")
}

func (p *twisterPlayer) play() {
	p.t.Helper()
	p.newGame()
	p.shot("table")
	// A death is never the first seat's by default.
	p.deathForm("", "")
	p.tab("ui.twister.tab.room")
	p.reveal("", piece{id: "warrior", name: p.n("warrior")}, piece{id: "troll", name: p.n("troll"), owner: "Beto"})
	p.reveal("", piece{id: "thief", name: p.n("thief")}, piece{id: "rope", name: p.n("rope")})

	// Beto's Troll beats Ana's Warrior: the death form fills from it.
	r := p.combat("Beto", fighter{name: p.n("troll"), strength: 4}, fighter{name: p.n("warrior"), strength: 4}, 3, 1)
	if r.Winner != twister.SideAttacker || !slices.Equal(r.Wounded, []string{p.n("warrior")}) {
		p.a.Fail("combat 1: %+v", r)
	}
	p.deathForm(p.n("warrior"), "Ana")
	p.shot("death-form-filled")

	p.tab("ui.twister.tab.room")
	p.reveal("", piece{name: p.n("elf"), character: true}, piece{id: "sword", name: p.n("sword"), owner: "Beto"})
	r = p.combat("Ana", fighter{name: p.n("elf"), strength: 3}, fighter{name: p.n("troll"), strength: 4}, 5, 1)
	if r.Winner != twister.SideAttacker || !slices.Equal(r.Wounded, []string{p.n("troll")}) {
		p.a.Fail("combat 2: %+v", r)
	}
	p.deathForm(p.n("troll"), "Beto")
	// The wounded Warrior falls to Beto's Thief: killed, scored for Beto.
	r = p.combat("Beto", fighter{name: p.n("thief"), strength: 2}, fighter{name: p.n("warrior"), strength: 4, wounded: true}, 2, 1)
	if r.Winner != twister.SideAttacker || !slices.Equal(r.Killed, []string{p.n("warrior")}) {
		p.a.Fail("combat 3: %+v", r)
	}
	// Nothing left to suggest from it: the form empties, no seat guessed.
	p.deathForm("", "")

	// The wounded Troll dies in a trap: picked from the characters met,
	// its controller fills in; changed to Ana by hand, the app asks.
	troll := p.T("ui.twister.piece", map[string]any{"Character": p.n("troll"), "Name": "Beto"})
	p.pickIn("a character met", Named("twister.dead.pick"), troll)
	p.deathForm(p.n("troll"), "Beto")
	p.pick(p.T("ui.twister.cause.combat", nil), p.T("ui.twister.cause.trap", nil))
	p.pick("Beto", "Ana")
	p.click(p.find("Record the death", Button(p.T("ui.twister.score.died", nil))))
	p.wait("the question about the owner", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		return slices.ContainsFunc(objs, text(p.T("ui.twister.score.owner_title", nil)))
	})
	p.shot("owner-asked")
	p.click(p.find("No", exact("No")))
	if s := p.state(); s.Score[0].Points != 0 || s.Score[1].Points != 1 {
		p.a.Fail("a death scored before the question was answered: %+v", s.Score)
	}
	p.step("Troll's controller changed to Ana: asked, answered No, nothing scored")
	p.pick("Ana", "Beto")
	p.click(p.find("Record the death", Button(p.T("ui.twister.score.died", nil))))
	if s := p.state(); s.Score[0].Points != 1 || s.Score[0].Kills != 1 {
		p.a.Fail("the Troll's death: %+v", s.Score)
	}
	p.step("the Troll's death recorded: Ana 1")
	p.phase("the death recorded")

	p.tab("ui.twister.tab.room")
	p.reveal("", piece{id: "wizard", name: p.n("wizard")}, piece{id: "torch", name: p.n("torch")})

	// Beto's Thief escapes, picked from the characters met.
	p.tab("ui.twister.tab.score")
	// One form at a time: the escape's, by its big button.
	p.click(p.find("An escape", Named("twister.score.show.1")))
	thief := p.T("ui.twister.piece", map[string]any{"Character": p.n("thief"), "Name": "Beto"})
	p.pickIn("a character met (escape)", Named("twister.escape.pick"), thief)
	p.click(p.find("Record the escape", Button(p.T("ui.twister.score.escaped", nil))))
	if s := p.state(); s.Score[1].Escapes != 1 {
		p.a.Fail("the escape: %+v", s.Score)
	}
	p.step("the Thief escaped: Beto %d", p.state().Score[1].Points)
	// The treasure: nobody's by default; Beto picked.
	p.click(p.find("The treasure", Named("twister.score.show.2")))
	p.pickIn("who took the treasure out", Named("twister.treasure.by"), "Beto")
	p.click(p.find("The treasure is out", Button(p.T("ui.twister.score.treasure", nil))))
	s := p.state()
	if !slices.Equal(s.Winners, []int{2}) || s.Score[1].Points != 3 || s.Score[0].Points != 1 {
		p.a.Fail("the end: score %+v, winners %v", s.Score, s.Winners)
	}
	p.step("the treasure out: Beto 3, wins")
	p.phase("escape and treasure")
	p.shot("over")
}

// TestTwisterRevealAsksByRealInput ("Order of Resolution for
// Combat"): a combat walked with nothing declared (a character not met
// typed with its player) reaches the reveal; N there ends nothing; ending
// the combat without a result is its own button, asked about, and only
// "Yes" ends it. Spanish, 1024×768.
func TestTwisterRevealAsksByRealInput(t *testing.T) {
	t.Parallel()
	p := newTwisterPlayer(t, "es", 1024, 768)
	p.newGame()
	p.tab("ui.twister.tab.combat")
	p.pickIn("who attacks", func(o probe.Object) bool {
		return o.Kind == "widget.Select" && o.PlaceHolder == p.T("ui.twister.combat.pick_attacker_seat", nil)
	}, "Ana")
	hint := p.T("ui.twister.combat.character_hint", nil)
	p.fill("the attacker", func(o probe.Object) bool { return isEntry(o) && o.PlaceHolder == hint && o.Text == "" }, p.n("troll"))
	p.click(p.find("Start the combat", Button(p.T("ui.twister.combat.start", nil))))
	// Both declarations due: "Done: next step" is not offered (it once
	// skipped them); going on without one is asked, "Sí" (the app's
	// word, never Fyne's "Si") goes on. Then both cards laid.
	for range 2 {
		p.skipDeclaration()
	}
	for range 2 {
		p.click(p.find("Done: next step", Button(p.T("choice.twister.step_done", nil))))
	}
	if c := p.state().Combat; c == nil || c.Step != twister.StepReveal || c.AttackerCharacter != p.n("troll") {
		p.a.Fail("not at the reveal: %+v", c)
	}
	seq := p.now().Seq
	p.a.Key("n")
	p.acted("keys", seq, "", false) // nothing is to change
	p.a.Settle()
	if p.state().Combat == nil {
		p.a.Fail("N ended a combat with nothing declared")
	}
	end := p.T("choice.twister.end_unresolved", nil)
	p.click(p.find(end, Button(end)))
	p.wait("the question", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		return slices.ContainsFunc(objs, text(p.T("ui.twister.end_unresolved.title", nil)))
	})
	p.shot("end-asked")
	if p.state().Combat == nil {
		p.a.Fail("the combat ended before the question was answered")
	}
	p.click(p.find("Yes", func(o probe.Object) bool {
		return o.Kind != "text" && o.Text == p.T("ui.yes", nil)
	}))
	if s := p.state(); s.Combat != nil || s.Combats != 1 || s.LastCombat != nil {
		p.a.Fail("after Yes: %+v", s)
	}
	p.step("N at an undeclared reveal ended nothing; ending it was asked, Yes ended it")
}

// skipDeclaration goes on without the declaration due, as a table that
// declared on the board only: no "Done: next step" at the step; the asked
// button; its question with the app's own Yes and No; Yes goes on.
func (p *twisterPlayer) skipDeclaration() {
	step := p.state().Combat.Step
	_, objs := tombTop(p.a.Settle())
	if slices.ContainsFunc(objs, func(o probe.Object) bool { return o.Text == p.T("choice.twister.step_done", nil) }) {
		p.a.Fail("at %s, a declaration due: %q is offered", step, p.T("choice.twister.step_done", nil))
	}
	skip := p.T("choice.twister.skip_declaration", nil)
	p.click(p.find(skip, Button(skip)))
	var buttons []string
	p.wait("the question", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		buttons = buttons[:0]
		for _, o := range objs {
			if o.Kind != "text" && (o.Text == p.T("ui.yes", nil) || o.Text == p.T("ui.no", nil) || o.Text == "Si" || o.Text == "Yes") {
				buttons = append(buttons, o.Text)
			}
		}
		return len(buttons) >= 2
	})
	if slices.Contains(buttons, "Si") || !slices.Contains(buttons, p.T("ui.yes", nil)) {
		p.a.Fail("the question's buttons: %q", buttons)
	}
	p.shot("skip-asked")
	p.click(p.find("Yes", func(o probe.Object) bool { return o.Kind != "text" && o.Text == p.T("ui.yes", nil) }))
	if c := p.state().Combat; c == nil || c.Step == step {
		p.a.Fail("still at %s after Yes", step)
	}
}

// TestTwisterRevealByRealInput ("Revealing a Room"): rooms of four pieces
// revealed by tapping them from each player's pieces not yet revealed (a
// room revealed before holds two already), one from outside the box typed
// and added as a character: at most 10 actions a reveal, the dialog as
// tall as the screen, nothing scrolled by the wheel. Saved games holding a
// finished game (4 players, long names: once 1,052 px wide in Spanish on a
// 1,024 px screen) and that game opened read-only keep every window within
// the screen.
func TestTwisterRevealByRealInput(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{small1024es, wide1280en, small1024en, wide1280es}, func(t *testing.T, c screen) {
		p := newTwisterPlayerOn(t, c, twisterGamesDB(t, c.lang))
		cont := Button(p.T("ui.saves.continue", map[string]any{"Name": twisterGoingOn}))
		p.find("Continue", cont)
		p.shot("saves")
		p.fitsScreen()
		p.step("the saved games, a finished game among them: within the screen")
		p.click(p.find("Continue", cont))
		p.find("A room is revealed…", Button(p.T("ui.twister.reveal.open", nil)))
		flicks := p.kinds["wheel flicks"]
		p.revealRoom("", piece{id: "wizard", name: p.n("wizard")}, piece{id: "thief", name: p.n("thief"), owner: "Ana"},
			piece{id: "sword", name: p.n("sword"), owner: "Ana"}, piece{id: "torch", name: p.n("torch")})
		// Beto revealed the last room: Ana, his opponent there, is offered.
		p.revealRoom("", piece{id: "troll", name: p.n("troll"), owner: "Beto"}, piece{id: "cleric", name: p.n("cleric")},
			piece{name: p.n("elf"), character: true}, piece{id: "fireball_wand", name: p.n("wand"), owner: "Beto"})
		if f := p.kinds["wheel flicks"] - flicks; f > 0 {
			p.a.Fail("the reveals took %d wheel flicks", f)
		}
		s := p.state()
		if s.Rooms != 3 || len(s.Placement[0].Items)+len(s.Placement[1].Items) != 4 {
			p.a.Fail("after the reveals: %d rooms, placement %+v", s.Rooms, s.Placement)
		}
		t.Logf("actions a reveal: %v", p.revealed)
		p.refusedBeside()
		// Back to the saved games; the finished game opened read-only.
		p.click(p.find(p.T("ui.saves.button", nil), Button(p.T("ui.saves.button", nil))))
		p.fitsScreen()
		p.click(p.find("Open read-only", Button(p.T("ui.saves.open_readonly", nil))))
		p.tab("ui.twister.tab.score")
		p.find("the score", text(p.T("ui.twister.score.title", map[string]any{"Goal": 2})))
		p.shot("finished-read-only")
		p.fitsScreen()
		p.step("the finished game read-only: within the screen")
		t.Logf("actions: %d (%v)", p.actions, p.kinds)
	})
}

// The seeded games' names.
const twisterGoingOn, twisterFinished = "Dungeon Twister", "Dungeon Twister con los primos del pueblo"

// twisterGamesDB is a saves database holding a finished game of four
// players with long names (a death, the treasure), played first, and a
// game of Ana and Beto going on, one room revealed (Ana's Warrior, Beto's
// Rope).
func twisterGamesDB(t *testing.T, lang string) string {
	t.Helper()
	tr := translations.New(lang)
	name := func(id string) string { return tr.T(twister.PieceNameID(id), nil) }
	goal := 2
	done, err := twister.NewGame(twister.Setup{Players: 4, Names: []string{"Bartolomé de las Casas", "Maximiliano", "Cristóbal", "Guadalupe"}, Goal: &goal})
	if err != nil {
		t.Fatal(err)
	}
	store, id, path := savesWith(t, twisterFinished, done)
	for _, e := range []engine.Event{
		&twister.CharacterDied{Character: name("goblin"), Controller: 3, By: 2, Cause: twister.CauseTrap},
		&twister.TreasureOut{Player: 2},
	} {
		r, err := done.Apply(e)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.Append(id, r, done.Summary()); err != nil {
			t.Fatal(err)
		}
	}
	going, err := twister.NewGame(twister.Setup{Players: 2, Names: []string{"Ana", "Beto"}})
	if err != nil {
		t.Fatal(err)
	}
	gid, err := store.CreateGame(twisterGoingOn, going)
	if err != nil {
		t.Fatal(err)
	}
	r, err := going.Apply(&twister.RoomRevealed{Revealer: 1, Contents: []twister.Piece{
		{Name: name("warrior"), Owner: 1, Kind: twister.KindCharacter}, {Name: name("rope"), Owner: 2, Kind: twister.KindObject}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Append(gid, r, going.Summary()); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// refusedBeside taps "Record the death" with nothing filled in: the
// refusal is said on the line under the button, in sight, and nothing is
// said in the left column.
func (p *twisterPlayer) refusedBeside() {
	p.t.Helper()
	p.tab("ui.twister.tab.score")
	died := p.find("Record the death", Button(p.T("ui.twister.score.died", nil)))
	p.click(died)
	head, _, _ := strings.Cut(p.T("ui.rejected", map[string]any{"Reason": "|"}), "|")
	d := p.wait("the refusal", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		return slices.ContainsFunc(objs, func(o probe.Object) bool {
			return o.Kind == "text" && strings.HasPrefix(o.Text, strings.TrimSpace(head))
		})
	})
	_, objs := tombTop(d)
	for _, o := range objs {
		if o.Kind != "text" || !strings.HasPrefix(o.Text, strings.TrimSpace(head)) {
			continue
		}
		below := o.Y >= died.Y+died.H-1 && o.Y <= died.Y+died.H+60
		if !below || o.X < died.X-1 || !o.OnScreen {
			p.a.Fail("the refusal %q at (%v, %v), the button at (%v, %v) %v×%v", o.Text, o.X, o.Y, died.X, died.Y, died.W, died.H)
		}
	}
	p.shot("refused-beside")
	p.step("a death with nothing filled in: refused under its button")
}
