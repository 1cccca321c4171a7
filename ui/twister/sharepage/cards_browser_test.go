package sharepage_test

import (
	"bytes"
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/seatstest"
	"github.com/dunconductor/conductor/ui/share/sharetest"
	_ "github.com/dunconductor/conductor/ui/twister/messages" // the part's words
	_ "github.com/dunconductor/conductor/ui/twister/sharepage"
)

func TestMain(m *testing.M) { sharetest.Main(m) }

// atTheCards is Blue's Warrior against Yellow's Troll, both sides declared:
// the cards come next.
func atTheCards(t *testing.T) *twister.Game {
	t.Helper()
	g, err := twister.NewGame(twister.Setup{Players: 2, Names: []string{"Blue", "Yellow"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []engine.Event{
		&twister.CombatStarted{Attacker: 1, AttackerCharacter: "Warrior", DefenderCharacter: "Troll"},
		&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: "Warrior", Strength: 3}}}},
		&twister.CombatDeclared{Declaration: twister.Declaration{Fighters: []twister.Fighter{{Name: "Troll", Strength: 4}}}},
	} {
		if _, err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// "Order of Resolution for Combat", on two phones: each player takes their
// seat and chooses their combat card on their own phone. The first card
// shows on its own phone only; the second turns both up at once, and the
// game is the one the same two choices entered on the laptop give.
func TestCombatCardsOnTwoPhones(t *testing.T) {
	srv := sharetest.Start(t, share.Config{Addr: "127.0.0.1:0"})
	l := seatstest.New(atTheCards(t), srv)
	blue := sharetest.Browser(t, 60*time.Second)
	yellow := sharetest.Browser(t, 60*time.Second)
	sharetest.Viewport(t, blue, 360, 740, false)
	sharetest.Viewport(t, yellow, 360, 740, false)
	for _, phone := range []struct {
		ctx        context.Context
		seat, lang string
	}{{blue, "1", "en"}, {yellow, "2", "es"}} {
		seatstest.TakeSeat(t, phone.ctx, srv, phone.seat, phone.lang)
	}
	records := l.Records
	// choose opens the card's step, picks card and sends it, and waits for
	// the laptop to have saved it.
	choose := func(p context.Context, card int) {
		t.Helper()
		before := records()
		fold := `#seats details.step:has(form[data-type="combat_card_chosen"])`
		// The seat's steps drawn for the game as it is now (not a step before).
		sharetest.Until(t, p, "the seats of version "+strconv.Itoa(before), `document.getElementById('seats').getAttribute('data-game') === '`+strconv.Itoa(before)+`'`, 10*time.Second)
		sharetest.Until(t, p, "the card's step", `document.querySelector('`+fold+`') !== null`, 10*time.Second)
		sharetest.Eval[bool](t, p, `(document.querySelector('`+fold+`').open = true, true)`)
		sharetest.Eval[bool](t, p, `(document.querySelector('`+fold+` select').selectedIndex = `+strconv.Itoa(card)+`, true)`)
		sharetest.Do(t, p, chromedp.Click(chromedp.CSS(fold+` form button[type="submit"]`)))
		for deadline := time.Now().Add(10 * time.Second); records() == before; time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the card sent, never saved: %s", sharetest.Eval[string](t, p, `document.getElementById('seats').innerText`))
			}
		}
	}
	choose(blue, 7)
	sharetest.Until(t, blue, "Blue's own card on Blue's phone", `(document.getElementById('own-card') || {}).textContent && document.getElementById('own-card').textContent.includes('7')`, 10*time.Second)
	sharetest.Until(t, yellow, "Yellow's own card form", `document.querySelector('#seats form.action[data-type="combat_card_chosen"]') !== null`, 10*time.Second)
	if sharetest.Eval[bool](t, yellow, `document.getElementById('own-card') !== null`) {
		t.Fatal("Yellow's phone shows a card before Yellow chose one")
	}
	if s := l.G.State(); s.Combat == nil || s.LastCombat != nil {
		t.Fatalf("the combat is worked out after one card: %+v", s.LastCombat)
	}
	choose(yellow, 3)
	sharetest.Until(t, blue, "the combat over on Blue's phone", `document.getElementById('own-card') === null`, 10*time.Second)
	sharetest.NoRawIDs(t, blue, "Blue's phone")
	sharetest.NoRawIDs(t, yellow, "Yellow's phone")
	sharetest.Fits(t, yellow, "Yellow's phone at 360 px")

	laptop := atTheCards(t)
	for _, e := range []engine.Event{&twister.CombatCardChosen{Player: 1, Card: 7}, &twister.CombatCardChosen{Player: 2, Card: 3}} {
		if _, err := laptop.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	l.Lock()
	defer l.Unlock()
	a, _ := laptop.StateJSON()
	b, _ := l.G.StateJSON()
	if !bytes.Equal(a, b) || len(laptop.Records()) != len(l.G.Records()) {
		t.Fatalf("the phones' game differs from the laptop's:\n%s\n%s", b, a)
	}
	if r := l.G.State().LastCombat; r == nil || r.AttackCard != 7 || r.DefenceCard != 3 {
		t.Fatalf("the combat worked out: %+v", r)
	}
}
