package twisterui

import (
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
	rows := []struct {
		name, owner   string
		character     bool
		cursed, torch bool
	}{
		{"Troll", "Bob", true, false, false},
		{"Sword", "Ann", false, false, false},
		{"Torch", "Bob", false, false, true},
		{"Cursed Axe", "Bob", false, true, false},
	}
	for len(f.rows) < len(rows) {
		f.addRow()
	}
	for i, r := range rows {
		test.Type(f.rows[i].name, r.name)
		f.rows[i].owner.SetSelected(r.owner)
		if r.character {
			f.rows[i].kind.SetSelected(f.rows[i].kind.Options[0])
		}
		f.rows[i].cursed.SetChecked(r.cursed)
		f.rows[i].torch.SetChecked(r.torch)
	}
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
	// A piece the rules refuse stays in the form with the reason.
	test.Tap(tbl.reveal)
	f = tbl.revealForm
	test.Type(f.rows[0].name, "Troll")
	f.rows[0].kind.SetSelected(f.rows[0].kind.Options[0])
	f.rows[0].torch.SetChecked(true)
	uitest.TapInDialog(t, h.win, "Show the placement order")
	if h.game().State().Rooms != 1 || !f.problem.Visible() {
		t.Fatalf("a torch character was accepted: %q", f.problem.Text)
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
