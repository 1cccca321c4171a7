package twisterui

import (
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// harness is the app with Dungeon Twister's screens registered, as
// cmd/conductor wires it (the only game here, so a first start opens its
// New game dialog).
type harness struct {
	u     *ui.UI
	s     *Screens
	win   fyne.Window
	store *uitest.MemStore
}

func newHarness(t *testing.T, lang string) *harness {
	t.Helper()
	t.Setenv("LANG", "en_US.UTF-8")
	store := uitest.NewMemStore()
	s := New()
	ui.RegisterGame(twister.ModuleName, s)
	u := ui.New(test.NewTempApp(t), store, lang)
	u.Window().Resize(fyne.NewSize(1024, 696))
	return &harness{u: u, s: s, win: u.Window(), store: store}
}

func (h *harness) table() *tableScreen { return h.u.Screen().(*tableScreen) }
func (h *harness) game() *twister.Game { return h.u.Session().Game().(*twister.Game) }

// start plays the New game dialog: players and names.
func (h *harness) start(t *testing.T, players string, names ...string) {
	t.Helper()
	f := h.s.form
	if f == nil {
		t.Fatal("no New game dialog on a first start")
	}
	f.players.SetSelected(players)
	for i, n := range names {
		test.Type(f.names[i], n)
	}
	uitest.TapInDialog(t, h.win, h.u.Translator().T("ui.newgame.start", nil))
	if h.u.Session() == nil {
		t.Fatalf("no game started: %q", uitest.TextsIn(h.win))
	}
}

func TestNewGame(t *testing.T) {
	h := newHarness(t, "en")
	h.start(t, "3", "Ann", "", "Cy")
	s := h.game().Setup()
	if s.Players != 3 || s.Names[0] != "Ann" || s.Names[1] != "Player 2" || s.Names[2] != "Cy" || s.GoalPoints() != 5 {
		t.Fatalf("setup %+v", s)
	}
}

// A room reveal: the form's pieces give the two placement lists, each with
// its placer, the torch on the revealer's list and each cursed item on its
// owner's.
func TestRoomRevealPlacementLists(t *testing.T) {
	h := newHarness(t, "en")
	h.start(t, "2", "Ann", "Bob")
	tbl := h.table()
	if !uitest.HasText(h.win, "No room revealed yet") {
		t.Fatalf("%q", uitest.TextsIn(h.win))
	}
	test.Tap(tbl.reveal)
	f := tbl.revealForm
	f.revealer.SetSelected("Ann")
	tapPiece(t, h, 2, "troll")
	tapPiece(t, h, 1, "sword")
	tapPiece(t, h, 2, "torch")
	test.Type(f.other, "Cursed Axe")
	f.otherOwner.SetSelected("Bob")
	f.addOther(twister.KindObject)
	f.rows[3].cursed.SetChecked(true)
	uitest.TapInDialog(t, h.win, "Show the placement order")
	s := h.game().State()
	if len(s.Placement) != 2 || s.Placement[0].Placer != 1 || len(s.Placement[0].Items) != 2 || len(s.Placement[1].Items) != 2 {
		t.Fatalf("placement %+v", s.Placement)
	}
	for _, want := range []string{"1. Ann places", "2. Bob places", "Troll", "torch (Bob's): always the revealer", "cursed: its owner places it", "the revealer's object: the opponent places it"} {
		if !uitest.HasText(h.win, want) {
			t.Errorf("%q not on screen: %q", want, uitest.TextsIn(h.win))
		}
	}
	// A piece the rules refuse stays in the form with the reason, beside
	// the room's pieces.
	test.Tap(tbl.reveal)
	f = tbl.revealForm
	r := tapPiece(t, h, 1, "rope")
	r.cursed.SetChecked(true)
	r.torch.SetChecked(true)
	uitest.TapInDialog(t, h.win, "Show the placement order")
	if h.game().State().Rooms != 1 || !f.problem.Visible() || tbl.area.Notice() != "" {
		t.Fatalf("a cursed torch was accepted, or its refusal is not in the form: %q / %q", f.problem.Text, tbl.area.Notice())
	}
}

// tapPiece taps player seat's box piece id in the open reveal form, and
// returns the row it added.
func tapPiece(t *testing.T, h *harness, seat int, id string) *pieceRow {
	t.Helper()
	f := h.table().revealForm
	b := pickButton(f, seat, id)
	if b == nil {
		t.Fatalf("no %s to tap for seat %d", id, seat)
	}
	n := len(f.rows)
	test.Tap(b)
	if len(f.rows) != n+1 {
		t.Fatalf("tapping %s added %d rows", id, len(f.rows)-n)
	}
	return f.rows[n]
}

// pickButton is the button of player seat's box piece id in the reveal
// form, or nil when it is not offered.
func pickButton(f *revealForm, seat int, id string) *widget.Button {
	var found *widget.Button
	name := f.t.t(twister.PieceNameID(id), nil)
	var walk func(o fyne.CanvasObject, seatNow int) int
	walk = func(o fyne.CanvasObject, seatNow int) int {
		if l, ok := o.(*widget.Label); ok {
			for s := 1; s <= f.t.game.Setup().Players; s++ {
				if l.Text == f.t.t("ui.twister.reveal.pieces_of", map[string]any{"Name": f.t.name(s)}) {
					return s
				}
			}
		}
		if b, ok := o.(*widget.Button); ok && b.Text == name && seatNow == seat {
			found = b
		}
		if c, ok := o.(*fyne.Container); ok {
			for _, x := range c.Objects {
				seatNow = walk(x, seatNow)
			}
		}
		return seatNow
	}
	walk(f.picks, 0)
	return found
}

// A room reveal picks its pieces from the box: one tap each, its kind
// from the piece; each player is offered only their pieces no room held
// yet (an undone reveal gives them back), nor already in this room, nor
// a character of theirs known dead or escaped.
func TestRevealPicksFromTheBox(t *testing.T) {
	cases := []struct {
		name    string
		before  []engine.Event // played before the form opens
		seat    int
		id      string
		offered bool
	}{
		{"a new game offers every piece", nil, 1, "warrior", true},
		{"a piece revealed before is not offered to its owner", []engine.Event{revealed(1, "Warrior", 1)}, 1, "warrior", false},
		{"nor is it taken from the other player", []engine.Event{revealed(1, "Warrior", 1)}, 2, "warrior", true},
		{"an undone reveal gives its pieces back", []engine.Event{revealed(1, "Warrior", 1), &engine.Undo{}}, 1, "warrior", true},
		{"a character known dead is not offered", []engine.Event{&twister.CharacterDied{Character: "Troll", Controller: 2, Cause: twister.CauseTrap}}, 2, "troll", false},
		{"an object revealed before is not offered", []engine.Event{revealed(1, "Rope", 2)}, 2, "rope", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "en")
			h.start(t, "2", "Ann", "Bob")
			tbl := h.table()
			for _, e := range c.before {
				if !tbl.do(e) {
					t.Fatalf("%s: %s", e.Type(), tbl.area.Notice())
				}
			}
			test.Tap(tbl.reveal)
			if got := pickButton(tbl.revealForm, c.seat, c.id) != nil; got != c.offered {
				t.Fatalf("%s offered to seat %d: %v, want %v", c.id, c.seat, got, c.offered)
			}
		})
	}
}

// revealed is a room revealed by seat holding one piece of owner's, a
// character if its name says so.
func revealed(by int, name string, owner int) *twister.RoomRevealed {
	kind := twister.KindObject
	if name == "Warrior" || name == "Troll" {
		kind = twister.KindCharacter
	}
	return &twister.RoomRevealed{Revealer: by, Contents: []twister.Piece{{Name: name, Owner: owner, Kind: kind}}}
}

// Each row of the reveal has its kind, from the piece tapped or the button
// that added a piece typed; a piece tapped is no longer offered, and
// offered again once taken out; a piece typed without a name says so.
func TestRevealRowsHaveTheirKind(t *testing.T) {
	h := newHarness(t, "es")
	h.start(t, "2", "Ana", "Beto")
	tbl := h.table()
	test.Tap(tbl.reveal)
	f := tbl.revealForm
	w := tapPiece(t, h, 1, "warrior")
	tapPiece(t, h, 2, "sword")
	if pickButton(f, 1, "warrior") != nil || pickButton(f, 2, "warrior") == nil {
		t.Fatal("the Warrior tapped is still offered to Ana, or no longer to Beto")
	}
	f.addOther(twister.KindObject)
	if !f.problem.Visible() || f.problem.Text != "Escribe antes el nombre de la pieza." || len(f.rows) != 2 {
		t.Fatalf("a piece without a name: %q, %d rows", f.problem.Text, len(f.rows))
	}
	test.Type(f.other, "Elfo")
	f.addOther(twister.KindCharacter)
	want := []twister.Piece{{Name: "Guerrero", Owner: 1, Kind: twister.KindCharacter}, {Name: "Espada", Owner: 2, Kind: twister.KindObject},
		{Name: "Elfo", Owner: 1, Kind: twister.KindCharacter}}
	if got := f.event().Contents; !reflect.DeepEqual(got, want) {
		t.Fatalf("contents %+v, want %+v", got, want)
	}
	f.remove(w)
	if pickButton(f, 1, "warrior") == nil {
		t.Fatal("the Warrior taken out is not offered again")
	}
}

// The reveal dialog takes the window's height (less a margin), never a
// fixed one, and never more than the window's width.
func TestRevealDialogUsesTheScreen(t *testing.T) {
	cases := []struct {
		window, want fyne.Size
	}{
		{fyne.NewSize(1280, 1024), fyne.NewSize(1100, 992)},
		{fyne.NewSize(1024, 768), fyne.NewSize(992, 736)},
		{fyne.NewSize(800, 600), fyne.NewSize(768, 568)},
	}
	for _, c := range cases {
		if got := revealSize(c.window); got != c.want {
			t.Errorf("on %v: %v, want %v", c.window, got, c.want)
		}
	}
}

// The combat card walks the steps in order with the step's reminders; the
// override skips the face-down cards.
func TestCombatCard(t *testing.T) {
	h := newHarness(t, "es")
	h.start(t, "2", "Ana", "Beto")
	tbl := h.table()
	tbl.startForm.attacker.SetSelected("Ana")
	test.Type(tbl.startForm.attChar, "Guerrero")
	test.Tap(tbl.startForm.start)
	if tbl.tabs.SelectedIndex() != tabCombat || h.game().State().Combat == nil {
		t.Fatal("the combat card did not come forward")
	}
	for _, want := range []string{"1. El atacante declara", "Las armas solo cuentan para el atacante", "Ana (Guerrero) ataca a Beto"} {
		if !uitest.HasText(h.win, want) {
			t.Errorf("%q not on screen: %q", want, uitest.TextsIn(h.win))
		}
	}
	if uitest.HasText(h.win, "Armaduras y escudos solo cuentan") {
		t.Error("the defender's reminder shows at the attacker's step")
	}
	// A declaration is due: going on without it is asked, never "done".
	skipDeclaration(t, h)
	if !uitest.HasText(h.win, "Armaduras y escudos solo cuentan para el defensor") {
		t.Errorf("no armour reminder at the defender's step: %q", uitest.TextsIn(h.win))
	}
	test.Tap(uitest.Button(t, h.win, "El Pergamino de Confusión"))
	skipDeclaration(t, h)
	if c := h.game().State().Combat; c.Step != twister.StepOverride {
		t.Fatalf("step %s", c.Step)
	}
	test.Tap(uitest.Button(t, h.win, "Hecho: siguiente paso"))
	test.Tap(uitest.Button(t, h.win, "Ha muerto un personaje"))
	if tbl.tabs.SelectedIndex() != tabScore {
		t.Fatal("the death does not lead to the score")
	}
	f := tbl.score
	test.Type(f.deadName, "Ladrón")
	f.deadOwner.SetSelected("Beto")
	test.Tap(f.died)
	s := h.game().State()
	if s.Combat != nil || s.Score[0].Points != 1 || s.Score[0].Kills != 1 {
		t.Fatalf("after the death: %+v", s)
	}
}

// Scores in 4 players: a suicide scores for all three opponents; a kill
// needs its scorer.
func TestScorePanel(t *testing.T) {
	h := newHarness(t, "en")
	h.start(t, "4")
	f := h.table().score
	test.Type(f.deadName, "Zombie")
	f.deadOwner.SetSelected("Player 3")
	f.cause.SetSelected("suicide (its controller's own doing)")
	if !f.by.Disabled() {
		t.Error("who scores a suicide is asked")
	}
	f.terrain.SetSelected("the Holy Cross (own undead)")
	f.facts[1].SetChecked(true) // the Zombie is undead
	test.Tap(f.died)
	var pts []int
	for _, sc := range h.game().State().Score {
		pts = append(pts, sc.Points)
	}
	if pts[0] != 1 || pts[1] != 1 || pts[2] != 0 || pts[3] != 1 {
		t.Fatalf("points %v", pts)
	}
	test.Type(f.escName, "Goblin")
	f.escOwner.SetSelected("Player 1")
	f.escPoints.Set(2)
	test.Tap(f.escaped)
	if got := h.game().State().Score[0].Points; got != 3 {
		t.Fatalf("after the escape: %d", got)
	}
}

// The table fits 1024×696 in both languages, with a combat under way and
// the placement lists shown.
func TestFits(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang)
		h.start(t, "4")
		tbl := h.table()
		tbl.do(&twister.RoomRevealed{Revealer: 1, Opponent: 2, Contents: []twister.Piece{{Name: "A very long character name for a test", Owner: 2, Kind: "character"}}})
		tbl.do(&twister.CombatStarted{Attacker: 1, Defender: 2})
		for i := range 3 {
			tbl.tabs.SelectIndex(i)
			if m := h.win.Content().MinSize(); m.Width > 1024 || m.Height > 696 {
				t.Errorf("%s tab %d: the window needs %v", lang, i, m)
			}
		}
	}
}

// A finished game of four players with long names (a kill, an escape,
// the treasure: the score's lines at their longest) fits 1024×696 in
// both languages, on every tab; so does the room reveal's dialog with
// every piece offered.
func TestFinishedGameFits(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang)
		h.start(t, "4", "Bartolomé de las Casas", "Maximiliano", "Cristóbal", "Guadalupe")
		tbl := h.table()
		test.Tap(tbl.reveal)
		if m := tbl.revealForm.content.MinSize(); m.Width > 992 || m.Height > 664 {
			t.Errorf("%s: the reveal's form needs %v", lang, m)
		}
		tbl.revealDialog.Hide()
		for _, e := range []engine.Event{
			&twister.CharacterDied{Character: "Goblin", Controller: 3, By: 2, Cause: twister.CauseTrap},
			&twister.CharacterEscaped{Character: "Thief", Controller: 2},
			&twister.CharacterEscaped{Character: "Troll", Controller: 2},
			&twister.CharacterEscaped{Character: "Wizard", Controller: 2},
			&twister.TreasureOut{Player: 2},
		} {
			if !tbl.do(e) {
				t.Fatalf("%s: %s", e.Type(), tbl.area.Notice())
			}
		}
		if len(h.game().State().Winners) != 1 {
			t.Fatalf("%s: not over: %+v", lang, h.game().State().Score)
		}
		// The kills a player scored, in words that cannot read as deaths
		// suffered.
		want := map[string]string{"en": "kills 1", "es": "enemigos abatidos 1"}[lang]
		if line := tbl.scores.lines[1].Text; !strings.Contains(line, want) {
			t.Errorf("%s: Maximiliano's score line %q, want %q", lang, line, want)
		}
		for i := range 3 {
			tbl.tabs.SelectIndex(i)
			if m := h.win.Content().MinSize(); m.Width > 1024 || m.Height > 696 {
				t.Errorf("%s tab %d of a finished game: the window needs %v", lang, i, m)
			}
		}
	}
}

// Each placement step on the prompt card has its "Why?": the reveal's order
// for the first two, the cursed items' for another owner's step; the card
// shows the step under way only ("Revealing A Room"), the next once its
// pieces are ticked off; the room tab shows the cursed items' Why? on that
// step too. In both languages.
func TestPlacementStepsCiteRulings(t *testing.T) {
	cases := []struct {
		lang string
		want []string // the titles the prompt card's Why? buttons open
	}{
		{"en", []string{"ruling.twister.room_reveal.title", "ruling.twister.cursed_items.title"}},
		{"es", []string{"ruling.twister.room_reveal.title", "ruling.twister.cursed_items.title"}},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			h := newHarness(t, c.lang)
			h.start(t, "3", "Ann", "Bob", "Cy")
			tbl := h.table()
			tbl.do(&twister.RoomRevealed{Revealer: 1, Opponent: 2, Contents: []twister.Piece{
				{Name: "Ring", Owner: 3, Kind: twister.KindObject, Cursed: true}, {Name: "Rope", Owner: 1, Kind: twister.KindObject}}})
			n := 0
			for i := range c.want {
				var whys []*widget.Button
				uitest.WalkVisible(tbl.area.Prompt(), func(o fyne.CanvasObject) {
					if b, ok := uitest.ButtonOf(o); ok && b.Text == h.u.Translator().T("ui.rulings.why", nil) {
						whys = append(whys, b)
					}
				})
				if len(whys) != 1 {
					t.Fatalf("%d Why? buttons on the prompt card, want 1: %q", len(whys), uitest.TextOf(tbl.area.Prompt()))
				}
				b := whys[0]
				test.Tap(b)
				title := h.u.Translator().T(c.want[i], nil)
				if !uitest.HasText(h.win, title) {
					t.Errorf("Why? %d does not open %q", i+1, title)
				}
				h.win.Canvas().Overlays().Top().Hide()
				h.win.Canvas().Overlays().Remove(h.win.Canvas().Overlays().Top())
				if i == 0 { // the Rope on the board: Cy's cursed Ring is next
					tbl.do(&twister.PiecePlaced{Step: 2, Item: 1})
				}
			}
			uitest.WalkVisible(tbl.placement, func(o fyne.CanvasObject) {
				if b, ok := uitest.ButtonOf(o); ok && b.Text == h.u.Translator().T("ui.rulings.why", nil) {
					n++
				}
			})
			if n != 2 {
				t.Errorf("%d Why? buttons in the room tab, want 2 (the cursed item's step, the order)", n)
			}
		})
	}
}

// A refusal names the event's field in the reader's words, never by its
// id ("revealer", "attacker_character"), in both languages.
func TestRefusalsNameFields(t *testing.T) {
	long := strings.Repeat("x", twister.MaxName+1)
	cases := []struct {
		e      engine.Event
		field  string // the id that must not show
		en, es string // what shows instead
	}{
		{&twister.RoomRevealed{Revealer: 9, Contents: []twister.Piece{}}, "revealer", "Who reveals the room", "Quién revela la sala"},
		{&twister.RoomRevealed{Revealer: 1, Contents: []twister.Piece{{Name: "Ring", Owner: 7, Kind: twister.KindObject}}}, "owner", "A piece's owner", "El dueño de una pieza"},
		{&twister.CombatStarted{Attacker: 1, AttackerCharacter: long}, "attacker_character", "The attacking character", "El personaje que ataca"},
		{&twister.CharacterEscaped{Character: "Thief", Controller: 5}, "controller", "Its controller", "Quién lo controla"},
		{&twister.TreasureOut{Player: 3}, "player", "The player", "El jugador"},
	}
	for _, lang := range []string{"en", "es"} {
		h := newHarness(t, lang)
		h.start(t, "2", "Ann", "Bob")
		for _, c := range cases {
			err := h.game().Check(c.e)
			if err == nil {
				t.Fatalf("%s accepted", c.e.Type())
			}
			got := ui.ErrorText(h.u.Translator(), err)
			want := c.en
			if lang == "es" {
				want = c.es
			}
			if strings.Contains(strings.ReplaceAll(got, want, ""), c.field+":") || !strings.Contains(got, want) {
				t.Errorf("%s: %s says %q, want %q and not %q", lang, c.e.Type(), got, want, c.field)
			}
		}
	}
}

// A refused tap says why under the button tapped, never in the left
// column; the next tap that takes its step clears it.
func TestRefusalsBesideTheControl(t *testing.T) {
	cases := []struct {
		name string
		tap  func(tbl *tableScreen) *widget.Label // taps a control, refused; its refusal line
		fix  func(tbl *tableScreen)               // fills what was missing
	}{
		{"a death without a character", func(tbl *tableScreen) *widget.Label {
			tbl.score.show(scoreDeath)
			test.Tap(tbl.score.died)
			return tbl.score.diedWhy
		}, func(tbl *tableScreen) {
			test.Type(tbl.score.deadName, "Troll")
			tbl.score.deadOwner.SetSelected("Bob")
		}},
		{"an escape without its controller", func(tbl *tableScreen) *widget.Label {
			tbl.score.show(scoreEscape)
			test.Type(tbl.score.escName, "Thief")
			test.Tap(tbl.score.escaped)
			return tbl.score.escapedWhy
		}, func(tbl *tableScreen) { tbl.score.escOwner.SetSelected("Ann") }},
		{"the treasure nobody took out", func(tbl *tableScreen) *widget.Label {
			tbl.score.show(scoreTreasure)
			test.Tap(tbl.score.treasure)
			return tbl.score.treasureWhy
		}, func(tbl *tableScreen) { tbl.score.treasureBy.SetSelected("Bob") }},
		{"a combat without its attacker", func(tbl *tableScreen) *widget.Label {
			test.Tap(tbl.startForm.start)
			return tbl.startForm.startWhy
		}, func(tbl *tableScreen) { tbl.startForm.attacker.SetSelected("Ann") }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "es")
			h.start(t, "2", "Ann", "Bob")
			tbl := h.table()
			why := c.tap(tbl)
			if !why.Visible() || why.Text == "" || tbl.area.Notice() != "" {
				t.Fatalf("the refusal beside the button: %q (shown %v); in the left column: %q", why.Text, why.Visible(), tbl.area.Notice())
			}
			c.fix(tbl)
			c.tap(tbl)
			if why.Visible() || tbl.area.Notice() != "" {
				t.Fatalf("a step taken, the refusal stays: %q / %q", why.Text, tbl.area.Notice())
			}
		})
	}
}
