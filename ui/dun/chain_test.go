package dunui

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/dice"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/ui"
	"github.com/dunconductor/conductor/ui/internal/uitest"
)

// startTomb starts the Tomb of the Ash King through the dialog, with a
// faction ("" for none) and, when names are given, a party typed in.
func startTomb(t *testing.T, store *uitest.MemStore, factionID string, names ...string) (*harness, *quest.Quest) {
	t.Helper()
	u := newTestUI(t, store)
	f := u.form()
	qs, _ := content.BuiltinQuests()
	i := slices.IndexFunc(qs, func(q *quest.Quest) bool { return q.ID == tomb })
	f.questPick.SetSelectedIndex(i + 1)
	fillForm(f, "3", []string{"20", "20", "20"}, f.leaderVP.Text)
	f.chooseFaction(factionID)
	if factionID != "" && (f.faction() == nil || f.faction().ID != factionID) {
		t.Fatalf("faction %q not offered", factionID)
	}
	for i, n := range names {
		f.heroName[i].SetText(n)
		for j := range partyAttributes {
			f.heroAttr[i][j].SetText(strconv.Itoa(2 + i + j)) // hero 1: Perception 2, hero 2: 3, ...
		}
	}
	test.Tap(startButton(t, u))
	if u.u.Session() == nil {
		t.Fatalf("no game: %q", u.texts())
	}
	return u, qs[i]
}

// lastEvent is the last event recorded.
func lastEvent(u *harness) engine.Event {
	r := u.game().Records()
	return r[len(r)-1].Event
}

// apply applies events as the table does, failing on a refusal.
func apply(t *testing.T, u *harness, es ...engine.Event) {
	t.Helper()
	for _, e := range es {
		u.table().do(e)
		if u.notice() != "" {
			t.Fatalf("%s: %s", e.Type(), u.notice())
		}
	}
}

// A door on the map starts the chain: exit_opened (the Obstacle roll), then
// the reveal is answered on the prompt card: reveal, or the exit stays
// shut, and a shut door is broken down from the map later.
func TestMapExitStartsTheChain(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "")
	tapChoice(t, u) // turn 1
	u.screen().tabs.SelectIndex(1)
	test.Tap(u.screen().quest.m.exits["gatehouse"])
	if e, ok := lastEvent(u).(*dun.ExitOpened); !ok || e.Section != "gatehouse" {
		t.Fatalf("the door applied %#v", lastEvent(u))
	}
	if s := u.game().State(); len(s.Pending) != 2 || s.Pending[0].Reason != "door" || s.Pending[1].Kind != dun.StepReveal {
		t.Fatalf("pending %+v", s.Pending)
	}
	u.screen().tabs.SelectIndex(0)
	typeKey(u.win, 'r') // the app's roll
	if s := u.game().State(); s.Pending[0].Kind == dun.StepDraw {
		typeKey(u.win, 'a') // an Obstacle card: activated for nothing
	}
	if s := u.game().State(); len(s.Pending) != 1 || s.Pending[0].Kind != dun.StepReveal {
		t.Fatalf("after the roll: pending %+v, notice %q", s.Pending, u.notice())
	}
	for _, want := range []string{"When the Obstacle is dealt with", "Reveal the section  [N]", "The exit stays shut"} {
		if !strings.Contains(strings.Join(uitest.VisibleTexts(u.win), "\n"), want) {
			t.Fatalf("%q not on the prompt card: %q", want, u.texts())
		}
	}
	test.Tap(u.button(t, "The exit stays shut"))
	if s := u.game().State(); len(s.Revealed) != 1 || len(s.Pending) != 0 {
		t.Fatalf("shut: revealed %v pending %+v", s.Revealed, s.Pending)
	}
	u.screen().tabs.SelectIndex(1)
	b := u.screen().quest.m.exits["gatehouse"]
	if b == nil || b.Text != "Break the door down" || b.Disabled() {
		t.Fatalf("the shut door offers %+v", b)
	}
	// "Breaking down doors/chests": a turn at a time, as from the card;
	// 5 Vitality taken off in one turn breaks a plain door.
	test.Tap(b)
	for range 5 {
		uitest.TapInDialog(t, u.win, "+1")
	}
	uitest.TapInDialog(t, u.win, "Record this turn")
	if _, ok := lastEvent(u).(*dun.BreakAttempt); !ok {
		t.Fatalf("breaking down applied %#v", lastEvent(u))
	}
	s := u.game().State()
	if !slices.Contains(s.Revealed, "gatehouse") || s.DoorTurns != 1 {
		t.Fatalf("the broken door did not reveal the section: revealed %v, turns %d", s.Revealed, s.DoorTurns)
	}
	if h := s.Pending.Head(); h == nil || !h.BrokenDoor {
		t.Fatalf("no broken door's Scenario Die: %+v", s.Pending)
	}
}

// Traps are drawn on the Conductor's map, never on the players'; tapping
// one starts the ADP's Obstacle roll for a trap.
func TestTrapOnConductorMapOnly(t *testing.T) {
	u, q := startTomb(t, uitest.NewMemStore(), "")
	apply(t, u, &dun.NewTurn{},
		&dun.SectionRevealed{Section: "gatehouse"}, &dun.Die{Faces: []dice.Symbol{dice.Power}},
		&dun.SectionRevealed{Section: "processional-way"}, &dun.Die{Faces: []dice.Symbol{dice.Power}})
	u.screen().openPlayers(u.tr())
	pw := u.screen().players.win
	plate := "Pressure plate"
	if strings.Contains(uitest.TextsIn(pw), plate) || len(u.screen().players.m.traps) != 0 {
		t.Fatal("the players' window shows a trap")
	}
	_ = q
	u.screen().tabs.SelectIndex(1)
	b := u.screen().quest.m.traps["pressure-plate"]
	if b == nil || !strings.Contains(b.Text, plate) || b.Disabled() {
		t.Fatalf("trap button %+v", b)
	}
	test.Tap(b)
	if e, ok := lastEvent(u).(*dun.ObstacleTrigger); !ok || e.Reason != "trap" {
		t.Fatalf("the trap applied %#v", lastEvent(u))
	}
	if !u.screen().quest.m.traps["pressure-plate"].Disabled() {
		t.Fatal("the trap stays enabled while the roll is pending")
	}
}

// A due step is the card's main button; N never starts a new turn while
// one is due: it opens the Initiative panel, then plays the ADP's turn.
func TestDueStepLeads(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	apply(t, u, &dun.SectionRevealed{Kind: "room"}, &dun.Die{Faces: []dice.Symbol{dice.Encounter}},
		&dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated}, &dun.Spawn{Cost: 3, Row: 2},
		&dun.CreatureAdded{ID: "orc", Name: "Orc", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1, Perception: 3, Intelligence: 2},
		// A slain creature is taken off the board first, then the due step leads.
		&dun.CreatureAdded{ID: "rat", Name: "Rat", Behaviour: "beast", Level: bestiary.LevelRegular, VP: 1, Vitality: 1},
		&dun.CreatureWounded{ID: "rat", Amount: 1})
	if d := u.game().State().Due; d == nil || d.Type != "initiative" {
		t.Fatalf("due %+v", d)
	}
	if first := firstButton(u); first == nil || first.Text != "Take Rat off the board  [N]" {
		t.Fatalf("main button %+v: %q", first, u.texts())
	}
	typeKey(u.win, 'n')
	first := firstButton(u)
	if first == nil || first.Text != "Roll Initiative  [N]" {
		t.Fatalf("main button %+v: %q", first, u.texts())
	}
	turn := u.game().State().Turn
	typeKey(u.win, 'n')
	if u.table().initiative == nil || u.game().State().Turn != turn {
		t.Fatal("N did not open the Initiative panel")
	}
	u.table().initiative.dialog.Hide()
	// The ADP wins: its combat turn is due, and N plays it.
	e := &dun.Initiative{Hero: dun.InitiativeSide{Perception: ip(1), Intelligence: ip(1), Dice: []int{1, 2}},
		ADP: dun.InitiativeSide{Perception: ip(3), Intelligence: ip(2), Dice: []int{6, 6}}, Context: dun.ContextExploration}
	apply(t, u, e)
	if d := u.game().State().Due; d == nil || d.Type != "adp_combat_turn" {
		t.Fatalf("due %+v", d)
	}
	if first := firstButton(u); first == nil || !strings.HasSuffix(first.Text, "[N]") || strings.Contains(first.Text, "turn 2") {
		t.Fatalf("main button %+v", first)
	}
	typeKey(u.win, 'n')
	if _, ok := lastEvent(u).(*dun.AdpCombatTurn); !ok || u.game().State().Turn != turn {
		t.Fatalf("N applied %#v (turn %d)", lastEvent(u), u.game().State().Turn)
	}
}

func ip(n int) *int { return &n }

// firstButton is the prompt card's first button.
func firstButton(u *harness) *struct{ Text string } {
	var first *struct{ Text string }
	uitest.WalkVisible(u.table().area.Prompt(), func(o fyne.CanvasObject) {
		if b, ok := uitest.ButtonOf(o); ok && first == nil && b.Importance == widget.HighImportance {
			first = &struct{ Text string }{b.Text}
		}
	})
	return first
}

// The quest's end: mission accomplished, then the heroes defeated; the
// table shows the outcome and only Undo applies. Abandoning asks first.
func TestQuestEndOnScreen(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	tbl := u.table()
	if tbl.eventButtons["ui.quest_end.won"].Disabled() == false {
		t.Fatal("won is enabled before the mission is accomplished")
	}
	test.Tap(tbl.eventButtons["ui.quest_end.accomplished"])
	if !u.game().State().MissionAccomplished || !tbl.eventButtons["ui.quest_end.accomplished"].Disabled() || tbl.eventButtons["ui.quest_end.won"].Disabled() {
		t.Fatal("mission accomplished did not move the buttons on")
	}
	test.Tap(tbl.eventButtons["ui.quest_end.abandon"])
	uitest.TapInDialog(t, u.win, "No")
	if u.game().State().QuestOver != nil {
		t.Fatal("abandoned without asking")
	}
	test.Tap(tbl.eventButtons["ui.quest_end.lost"])
	s := u.game().State()
	if s.QuestOver == nil || s.QuestOver.Outcome != dun.OutcomeLost {
		t.Fatalf("quest over %+v", s.QuestOver)
	}
	if !u.hasText("The quest is over: lost.") || tbl.turn.Drawn().Text != "Quest over: lost" {
		t.Fatalf("the outcome is not shown: %q / %q", u.texts(), tbl.turn.Drawn().Text)
	}
	for id, b := range tbl.eventButtons {
		if !b.Disabled() {
			t.Fatalf("%s still enabled after the end", id)
		}
	}
	if u.undo(t).Disabled() {
		t.Fatal("undo is refused after the end")
	}
}

// Abandoning asks, then ends the quest.
func TestAbandonQuest(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	test.Tap(u.table().eventButtons["ui.quest_end.abandon"])
	uitest.TapInDialog(t, u.win, "Yes")
	if s := u.game().State(); s.QuestOver == nil || s.QuestOver.Outcome != dun.OutcomeAbandoned {
		t.Fatalf("quest over %+v", s.QuestOver)
	}
}

// Names and attributes typed in New game make the setup's party; VP alone
// still makes a game without one.
func TestPartyRowsMakeTheSetupParty(t *testing.T) {
	store := uitest.NewMemStore()
	u, _ := startTomb(t, store, "", "Aldric", "Bren", "Cora")
	setup := setupOf(store, u.u.Session().ID())
	if len(setup.Party) != 3 || setup.Party[1].Name != "Bren" || setup.Party[1].VP != 20 ||
		setup.Party[1].Perception != 3 || setup.Party[1].Intelligence != 4 || setup.Party[1].Movement != 8 {
		t.Fatalf("party %+v", setup.Party)
	}
	if p := u.game().State().Party; len(p) != 3 || p[2].ID != "hero-3" {
		t.Fatalf("state party %+v", p)
	}
	store2 := uitest.NewMemStore()
	u2, _ := startTomb(t, store2, "")
	if s := setupOf(store2, u2.u.Session().ID()); len(s.Party) != 0 || len(s.HeroVP) != 3 {
		t.Fatalf("VP only: %+v %v", s.Party, s.HeroVP)
	}
}

// A named hero without a name next to him is refused beside his row.
func TestPartyRowNeedsAName(t *testing.T) {
	u := newTestUI(t, uitest.NewMemStore())
	f := u.form()
	fillForm(f, "2", []string{"20", "20"}, "10")
	f.heroName[0].SetText("Aldric")
	if _, ok := f.validate(); ok || !f.errs["hero_vp.1"].Visible() {
		t.Fatalf("a party with a nameless hero passes: %q", u.texts())
	}
}

// The Initiative panel picks a hero of the party: the event names him and
// the game takes his values.
func TestInitiativeHeroPicker(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	tapChoice(t, u)
	test.Tap(u.table().eventButtons["ui.events.initiative"])
	p := u.table().initiative
	if p.hero == nil || p.hero.Selected != "1. Aldric" || p.heroPer.Value != 2 {
		t.Fatalf("hero picker %+v, Perception %d", p.hero, p.heroPer.Value)
	}
	p.hero.SetSelected("2. Bren")
	if p.heroPer.Value != 3 || p.heroInt.Value != 4 {
		t.Fatalf("Bren's values not filled: %d %d", p.heroPer.Value, p.heroInt.Value)
	}
	p.running.SetChecked(true)
	test.Tap(u.button(t, "Roll for both"))
	e, ok := lastEvent(u).(*dun.Initiative)
	if !ok || e.Hero.Hero != "hero-2" || !e.Hero.Running || e.Hero.Perception != nil {
		t.Fatalf("initiative %#v", lastEvent(u))
	}
	if r := u.game().State().Initiative; r == nil {
		t.Fatal("no Initiative")
	}
}

// A hero action picks the hero (his attribute is the value) and, for a
// once-only action, the door it is tried on; a second try is refused and
// offered as an override.
func TestActionHeroAndOnceTarget(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	tapChoice(t, u)
	// Only a locked door is offered to unlock: none on the Ash Stair.
	test.Tap(u.table().eventButtons["ui.events.action"])
	p := u.table().actions
	p.pick.SetSelected("Open a lock")
	if p.fields["once"].Visible() {
		t.Fatalf("a plain door offered to unlock: %q", p.target2.Options)
	}
	p.dialog.Hide()
	miss := &dun.Die{Faces: []dice.Symbol{dice.Power}}
	apply(t, u, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
		&dun.SectionRevealed{Section: "ossuary"}, miss)
	apply(t, u, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1}) // the large section's card
	apply(t, u, &dun.OpenDeclared{Exit: "gallery-of-kings"}, miss)                     // "Obstacle Cards": its roll first
	test.Tap(u.table().eventButtons["ui.events.action"])
	p = u.table().actions
	p.pick.SetSelected("Open a lock")
	p.hero.SetSelected("3. Cora")
	if p.value.Value != 4+3 { // Cora's Dexterity
		t.Fatalf("value %d", p.value.Value)
	}
	if !p.fields["once"].Visible() || !strings.Contains(strings.ToLower(p.target2.Selected), "gallery of kings") {
		t.Fatalf("door picker %v %q", p.fields["once"].Visible(), p.target2.Selected)
	}
	setDice(p.dice, 3, 4) // a pass whatever the game's seed: "Roll for me" fails 1 time in 36
	test.Tap(u.button(t, "Record my dice"))
	e, ok := lastEvent(u).(*dun.Test)
	if !ok || e.Hero != "hero-3" || e.Exit != "gallery-of-kings" || e.Value != nil {
		t.Fatalf("test %#v", lastEvent(u))
	}
	// Cora picked it: the door opens (its Obstacle roll came when it was
	// declared). Say it stays shut, to try the lock a second time.
	if ps := u.game().State().Pending; len(ps) != 1 || ps[0].Kind != dun.StepReveal || ps[0].Section != "gallery-of-kings" {
		t.Fatalf("the unlocked door is not opening: %+v", ps)
	}
	apply(t, u, &dun.ExitClosed{Section: "gallery-of-kings"})
	test.Tap(u.button(t, "Roll for me"))
	if !strings.Contains(p.notice.Text, "tried once per door or chest") || !p.override.Visible() {
		t.Fatalf("second try: notice %q", p.notice.Text)
	}
	test.Tap(p.override)
	if e, ok := lastEvent(u).(*dun.Test); !ok || !e.Override || p.override.Visible() {
		t.Fatalf("override %#v", lastEvent(u))
	}
}

// With a faction, the spawn step shows the rolled row's creatures and
// cost; paying puts them on the roster, named in the language shown, with
// wound buttons.
func TestSpawnWithFactionFillsRoster(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "ash-court")
	apply(t, u, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"},
		&dun.Die{Faces: []dice.Symbol{dice.Encounter}}, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated})
	test.Tap(u.button(t, "2"))
	if !u.hasText("Row 2: 2 × Skeleton archer, 1 × Skeleton. Cost 5.") {
		t.Fatalf("row not shown: %q", u.texts())
	}
	test.Tap(u.button(t, "Pay the spawn"))
	s := u.game().State()
	if u.notice() != "" || len(s.Creatures) != 3 || s.Creatures[0].ID != "skeleton-archer-1" {
		t.Fatalf("notice %q roster %+v", u.notice(), s.Creatures)
	}
	if !u.hasText("Vit. 2/2") {
		t.Fatalf("no Vitality on the roster: %q", u.texts())
	}
	// Wounds: one, then slain, then healed.
	row := u.table().creatures.rows[0]
	id := row.id
	test.Tap(row.wound)
	if c, _ := u.game().State().Creature(id); c.Wounds != 1 || !u.hasText("Vit. 1/2") {
		t.Fatalf("wound: %+v", c)
	}
	test.Tap(row.heal)
	if c, _ := u.game().State().Creature(id); c.Wounds != 0 || !row.heal.Disabled() {
		t.Fatalf("heal: %+v", c)
	}
	test.Tap(row.wound)
	test.Tap(row.wound)
	if !row.wound.Disabled() || !u.hasText("has no Vitality left") {
		t.Fatalf("slain: %q", u.texts())
	}
	u.u.SetLanguage("es")
	if !u.hasText("Esqueleto arquero 2") {
		t.Fatalf("names not in Spanish: %q", u.texts())
	}
}

// A changed cost needs the box ticked (an override); "put them on the
// roster" unticked pays without placing.
func TestSpawnCostOverrideAndNoPlace(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "ash-court")
	apply(t, u, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"},
		&dun.Die{Faces: []dice.Symbol{dice.Encounter}}, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated})
	test.Tap(u.button(t, "1"))
	tapCheck(t, u, "Change the cost")
	test.Tap(u.button(t, "+1"))
	tapCheck(t, u, "Put them on the roster")
	test.Tap(u.button(t, "Pay the spawn"))
	e, ok := lastEvent(u).(*dun.Spawn)
	if !ok || e.Cost != 4 || !e.Override || e.Place == nil || *e.Place {
		t.Fatalf("spawn %#v (notice %q)", lastEvent(u), u.notice())
	}
	if n := len(u.game().State().Creatures); n != 0 {
		t.Fatalf("%d creatures placed", n)
	}
}

// A faction file is checked before it is stored: its problems are listed
// with their lines; a good one is stored and chosen.
func TestImportFaction(t *testing.T) {
	store := uitest.NewMemStore()
	u := newTestUI(t, store)
	u.d.newGame.importFactionData("bad.toml", []byte("id = \"Bad\"\n"))
	if len(store.Content["faction"]) != 0 || !strings.Contains(u.d.newGame.importProblems, "bad.toml:1:") {
		t.Fatalf("problems %q", u.d.newGame.importProblems)
	}
	files, _ := data.BuiltinFactionFiles()
	src := strings.Replace(string(files[0].Data), "\nid = \"", "\nid = \"my-", 1)
	u.d.newGame.importFactionData("mine.toml", []byte(src))
	if u.d.newGame.importProblems != "" || len(store.Content["faction"]) != 1 {
		t.Fatalf("not stored: %q", u.d.newGame.importProblems)
	}
	if f := u.form().faction(); f == nil || !strings.HasPrefix(f.ID, "my-") {
		t.Fatalf("the imported faction is not chosen: %+v", f)
	}
}

// tapCheck taps the check box of the prompt card whose text starts with prefix.
func tapCheck(t *testing.T, u *harness, prefix string) {
	t.Helper()
	var found *ui.WrapCheck
	uitest.WalkVisible(u.table().area.Prompt(), func(o fyne.CanvasObject) {
		if c, ok := o.(*ui.WrapCheck); ok && strings.HasPrefix(c.Text, prefix) {
			found = c
		}
	})
	if found == nil {
		t.Fatalf("no check box %q: %q", prefix, u.texts())
	}
	test.Tap(found)
}

// A campaign game: the party's names and VP fill the rows in one tap; at
// the quest's end one tap opens "Record a quest's result" with the outcome.
func TestQuestEndRecordsInCampaign(t *testing.T) {
	store := realStore(t)
	h := newTestUI(t, store)
	closeNewGame(h)
	party, _ := dun.EncodeParty([]dun.CampaignHero{{Name: "Aldric", VP: 32}, {Name: "Ysolde", VP: 28}})
	id, err := store.CreateCampaign(dun.ModuleName, "The Grey Company", party)
	if err != nil {
		t.Fatal(err)
	}
	test.Tap(h.button(t, "Campaigns"))
	test.Tap(h.button(t, "Open"))
	test.Tap(h.button(t, "New game with this party"))
	if f := h.form(); f.heroName[1].Text != "Ysolde" || f.heroVP[1].Text != "28" {
		t.Fatalf("rows %q %q", f.heroName[1].Text, f.heroVP[1].Text)
	}
	test.Tap(startButton(t, h))
	if p := h.game().State().Party; len(p) != 2 || p[0].Name != "Aldric" {
		t.Fatalf("party %+v", p)
	}
	test.Tap(h.table().eventButtons["ui.quest_end.lost"])
	test.Tap(h.button(t, "Record this result in the campaign"))
	uitest.TapInDialog(t, h.win, "Save")
	cp, _ := store.Campaign(id)
	if len(cp.Entries) != 1 || cp.Entries[0].Outcome != data.OutcomeLost || cp.Entries[0].GameID != h.u.Session().ID() {
		t.Fatalf("entries %+v", cp.Entries)
	}
}

// The new screens fit the smallest laptop in both languages.
func TestChainScreensFit(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		u, _ := startTomb(t, uitest.NewMemStore(), "ash-court", "Aldric", "Bren", "Cora")
		u.u.SetLanguage(lang)
		apply(t, u, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"},
			&dun.Die{Faces: []dice.Symbol{dice.Encounter}}, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated})
		fits(t, u, "the faction's spawn")
		apply(t, u, &dun.Spawn{Cost: 6, Row: 3})
		fits(t, u, "the roster with Vitality")
		test.Tap(u.table().eventButtons["ui.events.initiative"])
		fits(t, u, "Initiative with the party")
		u.table().initiative.dialog.Hide()
		test.Tap(u.table().eventButtons["ui.events.action"])
		u.table().actions.pick.SetSelected(u.tr().T("action.open_lock", nil))
		fits(t, u, "a hero action")
		u.table().actions.dialog.Hide()
		u.screen().tabs.SelectIndex(1)
		fits(t, u, "the quest map")
		u.screen().tabs.SelectIndex(0)
		test.Tap(u.button(t, u.tr().T("ui.newgame.open", nil)))
		u.form().heroes.SetText("5")
		fits(t, u, "New game with a party")
	}
}

// "Add creatures…" is prefilled from the faction by name: a profile fills
// the form, and the creature keeps its profile and Vitality.
func TestAddCreaturesFromFaction(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "ash-court")
	test.Tap(u.table().eventButtons["ui.creatures.add"])
	var pick *widget.Select
	uitest.WalkVisible(u.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if s, ok := o.(*widget.Select); ok && pick == nil && slices.Contains(s.Options, "Ghoul") {
			pick = s
		}
	})
	if pick == nil {
		t.Fatalf("no faction picker: %q", u.texts())
	}
	pick.SetSelected("Ghoul")
	test.Tap(u.button(t, "Add to the roster"))
	c, ok := u.game().State().Creature("ghoul")
	if !ok || c.Profile != "ghoul" || c.Vitality != 4 || c.VP != 2 || c.Type != "beast" || len(c.Skills) != 1 {
		t.Fatalf("creature %+v (roster %+v)", c, u.game().State().Creatures)
	}
}

// The faction editor checks the file live as it is typed, with every
// problem's line, and saves and chooses it only when it has none.
func TestFactionEditor(t *testing.T) {
	store := uitest.NewMemStore()
	u := newTestUI(t, store)
	test.Tap(u.button(t, "Edit…"))
	d := u.d.newGame
	if d.factionText == nil || !strings.Contains(d.factionText.Text, "[[creatures]]") {
		t.Fatal("the editor does not start from a faction")
	}
	save := func() *widget.Button {
		var b *widget.Button
		uitest.WalkVisible(u.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
			if x, ok := uitest.ButtonOf(o); ok && x.Text == "Save and choose it" {
				b = x
			}
		})
		return b
	}
	src := d.factionText.Text
	d.factionText.SetText(strings.Replace(src, `level = "regular"`, `level = "boss"`, 1))
	if !u.hasText("faction.toml:") || !save().Disabled() {
		t.Fatalf("a broken faction: %q", u.texts())
	}
	d.factionText.SetText(strings.Replace(src, "\nid = \"", "\nid = \"kobold-", 1))
	if save().Disabled() {
		t.Fatalf("a good faction cannot be saved: %q", u.texts())
	}
	test.Tap(save())
	if len(store.Content["faction"]) != 1 {
		t.Fatal("not stored")
	}
	if f := u.form().faction(); f == nil || !strings.HasPrefix(f.ID, "kobold-") {
		t.Fatalf("not chosen: %+v", f)
	}
}

// "Initiative" after a spawn: the card rolls it in one tap, with the
// situation the game worked out (exploring, here), the roster's best
// Perception and the hero picked from the party; the hero stays picked.
// Tied ADP rollers are picked among at random in the same key: one N, the
// hero picker still focused after a pick, makes the pick and the roll.
func TestInitiativeInOneTap(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "ash-court", "Aldric", "Bren", "Cora")
	apply(t, u, &dun.NewTurn{}, &dun.SectionRevealed{Section: "gatehouse"},
		&dun.Die{Faces: []dice.Symbol{dice.Encounter}}, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated})
	test.Tap(u.button(t, "2"))
	test.Tap(u.button(t, "Pay the spawn"))
	if !u.hasText("Exploring (from the game). The hero nearest the enemies rolls:") {
		t.Fatalf("no situation on the card: %q", u.texts())
	}
	var hero *keySelect
	uitest.WalkVisible(u.table().area.Prompt(), func(o fyne.CanvasObject) {
		if s, ok := o.(*keySelect); ok {
			hero = s
		}
	})
	if hero == nil {
		t.Fatal("no hero picker on the card")
	}
	hero.SetSelectedIndex(2)
	u.win.Canvas().Focus(hero) // as a pick with the mouse leaves it
	if u.win.Canvas().Focused() == nil {
		t.Fatal("the picker took no focus: the test would prove nothing")
	}
	// Two skeleton archers share the best Perception: N picks one at
	// random ("choose one randomly") and rolls, in one key.
	records := len(u.game().Records())
	typeKey(u.win, 'n')
	rs := u.game().Records()
	if len(rs) != records+2 {
		t.Fatalf("N applied %d events (notice %q)", len(rs)-records, u.notice())
	}
	if p, ok := rs[len(rs)-2].Event.(*dun.RandomPick); !ok || p.For != dun.PickInitiativeRoller {
		t.Fatalf("no random pick of the roller first: %#v", rs[len(rs)-2].Event)
	}
	roller, _ := dun.InitiativeRoller(u.game().State())
	e, ok := lastEvent(u).(*dun.Initiative)
	if !ok || e.Hero.Hero != "hero-3" || e.Context != dun.ContextExploration || e.ADP.Perception == nil || *e.ADP.Intelligence != roller.Intelligence {
		t.Fatalf("initiative %#v (notice %q)", lastEvent(u), u.notice())
	}
	if u.table().initiativeHero != 2 {
		t.Fatalf("the hero picked is forgotten: %d", u.table().initiativeHero)
	}
}

// A locked door on the map asks for the lock test first ("Opening Locked
// Doors"): the hero action panel opens on it; once tried, the map's tap
// opens the door as any other.
func TestLockedDoorOnTheMapAsksForTheTest(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	tapChoice(t, u)
	miss := &dun.Die{Faces: []dice.Symbol{dice.Power}}
	apply(t, u, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
		&dun.SectionRevealed{Section: "ossuary"}, miss, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1})
	u.screen().tabs.SelectIndex(1)
	u.screen().refresh()
	b := u.screen().quest.m.exits["gallery-of-kings"]
	if b == nil {
		t.Fatal("no exit to the gallery on the map")
	}
	// "Obstacle Cards": the first tap declares the attempt, its roll comes first.
	test.Tap(b)
	if e, ok := lastEvent(u).(*dun.OpenDeclared); !ok || e.Exit != "gallery-of-kings" {
		t.Fatalf("the first tap applied %#v", lastEvent(u))
	}
	apply(t, u, miss)
	u.screen().refresh()
	records := len(u.game().Records())
	test.Tap(u.screen().quest.m.exits["gallery-of-kings"])
	p := u.table().actions
	if p == nil || p.pick.Selected != "Open a locked door" || len(u.game().Records()) != records {
		t.Fatalf("the lock test was not asked for (records %d → %d)", records, len(u.game().Records()))
	}
	if e := p.targets[p.target2.Selected]; e.Exit != "gallery-of-kings" {
		t.Fatalf("aimed at %+v", e)
	}
}

// Without a party the panel asks for the heroes' roller once; the next
// Initiative rolls on the card with the same values.
func TestInitiativeAsLastTime(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10")
	spawn := func(id string) {
		apply(t, u, &dun.SectionRevealed{Kind: "room"}, &dun.Die{Faces: []dice.Symbol{dice.Encounter}},
			&dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated}, &dun.Spawn{Cost: 1, Row: 2},
			&dun.CreatureAdded{ID: id, Name: "Orc", Behaviour: "melee", Level: bestiary.LevelRegular, VP: 1, Perception: 3, Intelligence: 2, Vitality: 1})
	}
	spawn("orc")
	typeKey(u.win, 'n')
	p := u.table().initiative
	if p == nil {
		t.Fatal("the panel did not open the first time")
	}
	p.heroPer.Set(5)
	test.Tap(u.button(t, "Roll for both"))
	if _, ok := lastEvent(u).(*dun.Initiative); !ok {
		t.Fatalf("no Initiative: %#v (%q)", lastEvent(u), p.notice.Text)
	}
	// Kill the orc, end the turn, and meet a second one.
	apply(t, u, &dun.CreatureWounded{ID: "orc", Amount: 1}, &dun.CreatureRemoved{ID: "orc"})
	if u.game().State().Due == nil {
		apply(t, u, &dun.NewTurn{})
	}
	spawn("orc-2")
	if !u.hasText("Perception 5, Intelligence 3, as last time") {
		t.Fatalf("the card does not offer last time's values: %q", u.texts())
	}
	records := len(u.game().Records())
	typeKey(u.win, 'n')
	e, ok := lastEvent(u).(*dun.Initiative)
	if !ok || len(u.game().Records()) != records+1 || *e.Hero.Perception != 5 {
		t.Fatalf("initiative %#v", lastEvent(u))
	}
}

// A spawn the reserve cannot pay: paying is off and discarding the card
// leads (the rules say whether the reserve pays).
func TestUnaffordableSpawnLeadsToTheDiscard(t *testing.T) {
	u, _ := newFlowGame(t, "2", []string{"20", "20"}, "10") // reserve 30
	apply(t, u, &dun.SectionRevealed{Kind: "room"}, &dun.Die{Faces: []dice.Symbol{dice.Encounter}},
		&dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Activated})
	button := func(label string) *widget.Button {
		var found *widget.Button
		uitest.WalkVisible(u.table().area.Prompt(), func(o fyne.CanvasObject) {
			if b, ok := uitest.ButtonOf(o); ok && strings.HasPrefix(b.Text, label) && found == nil {
				found = b
			}
		})
		if found == nil {
			t.Fatalf("no %q on the card: %q", label, u.texts())
		}
		return found
	}
	pay, discard := button("Pay the spawn"), button("Cannot pay")
	if pay.Disabled() || discard.Importance == widget.HighImportance {
		t.Fatal("an affordable spawn does not lead to paying")
	}
	for range 7 {
		test.Tap(button("+5")) // 35: more than the reserve
	}
	if !pay.Disabled() || discard.Importance != widget.HighImportance {
		t.Fatalf("cost 35 of 30: pay enabled %v, discard %v", !pay.Disabled(), discard.Importance)
	}
}

// A secret door on the map's list is searched for by a hero's test (a
// passed one finds it); once tried, the list marks it found directly.
func TestSecretDoorAsksForTheSearch(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	tapChoice(t, u)
	miss := &dun.Die{Faces: []dice.Symbol{dice.Power}}
	apply(t, u, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
		&dun.SectionRevealed{Section: "ember-shrine"}, miss)
	u.screen().tabs.SelectIndex(1)
	u.screen().refresh()
	search := u.button(t, "Search for the secret door…")
	test.Tap(search)
	p := u.table().actions
	if p == nil || p.pick.Selected != "Search for a secret door" || p.targets[p.target2.Selected].Element != "shrine-secret-door" {
		t.Fatalf("the search was not set up: %+v", p)
	}
	p.dialog.Hide()
	apply(t, u, &dun.Test{Action: "secret_door", Value: new(int), Dice: []int{1, 2}, Element: "shrine-secret-door"}) // failed
	u.screen().refresh()
	test.Tap(u.button(t, "The secret door was found another way"))
	if !slices.Contains(u.game().State().Found, "shrine-secret-door") {
		t.Fatalf("found %v", u.game().State().Found)
	}
}

// Exploring from the table: the card offers the exits the heroes may open
// (a door, an arrow, by the section behind it); a locked one is the map's
// and the lock test's.
func TestExitsOnTheCard(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	tapChoice(t, u)
	test.Tap(u.button(t, "Door: Gatehouse"))
	if e, ok := lastEvent(u).(*dun.ExitOpened); !ok || e.Section != "gatehouse" {
		t.Fatalf("the card's exit applied %#v", lastEvent(u))
	}
	miss := &dun.Die{Faces: []dice.Symbol{dice.Power}}
	apply(t, u, miss, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
		&dun.SectionRevealed{Section: "ossuary"}, miss, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1})
	if u.hasText("Locked door: Gallery of Kings") || !u.hasText("Door: Ember Shrine") {
		t.Fatalf("exits on the card: %q", u.texts())
	}
}

// The card names a locked door the heroes reach and its "Test the lock…"
// opens the hero action panel aimed at it, as the map's door does.
func TestLockedDoorOnTheCardAsksForTheTest(t *testing.T) {
	u, _ := startTomb(t, uitest.NewMemStore(), "", "Aldric", "Bren", "Cora")
	tapChoice(t, u)
	miss := &dun.Die{Faces: []dice.Symbol{dice.Power}}
	apply(t, u, &dun.SectionRevealed{Section: "gatehouse"}, miss, &dun.SectionRevealed{Section: "processional-way"}, miss,
		&dun.SectionRevealed{Section: "ossuary"}, miss, &dun.Card{Deck: dun.DeckEncounter, Outcome: dun.Discarded, Points: 1})
	u.screen().refresh()
	if !uitest.HasText(u.win, "Locked door to “Gallery of Kings”: it opens when a hero passes a lock test.") {
		t.Fatalf("the locked door is not on the card: %q", uitest.TextsIn(u.win))
	}
	// "Obstacle Cards": declared first, its roll, then the test.
	test.Tap(uitest.Button(t, u.win, "A hero will try to open it (Obstacle roll first)"))
	apply(t, u, miss)
	u.screen().refresh()
	records := len(u.game().Records())
	test.Tap(uitest.Button(t, u.win, "Test the lock…"))
	p := u.table().actions
	if p == nil || p.pick.Selected != "Open a locked door" || len(u.game().Records()) != records {
		t.Fatalf("the lock test was not asked for (records %d → %d)", records, len(u.game().Records()))
	}
	if e := p.targets[p.target2.Selected]; e.Exit != "gallery-of-kings" {
		t.Fatalf("aimed at %+v", e)
	}
}
