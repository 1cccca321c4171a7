package share_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// playLaptop is a Laptop for a real game: the shell's checks in order (the
// id, the version, SeatMay, then the game's Apply), one intent at a time,
// and the view and seats published after each step, as ui/seats.go does.
type playLaptop struct {
	mu  sync.Mutex
	srv *share.Server
	g   engine.Play
	ids map[string]int
}

func newPlayLaptop(srv *share.Server, g engine.Play) *playLaptop {
	l := &playLaptop{srv: srv, g: g, ids: map[string]int{}}
	srv.SetLaptop(l)
	l.mu.Lock()
	l.publish()
	l.mu.Unlock()
	return l
}

func (l *playLaptop) publish() {
	view, _ := l.g.(engine.Public).PublicJSON()
	seated := l.g.(engine.Seated)
	t := share.Table{Game: 1, Version: len(l.g.Records()), Events: l.g.Events()}
	for _, s := range seated.Seats() {
		v, _ := seated.SeatView(s.ID)
		t.Seats = append(t.Seats, share.SeatNow{Seat: s, Actions: seated.SeatActions(s.ID), View: v})
	}
	l.srv.PublishGame(l.g.Module(), view, t)
}

func (l *playLaptop) Apply(in share.Intent) share.Answer {
	l.mu.Lock()
	defer l.mu.Unlock()
	if seq, ok := l.ids[in.ID]; ok {
		return share.Answer{Status: share.StatusDuplicate, Seq: seq}
	}
	if v := len(l.g.Records()); v != in.Version {
		return share.Answer{Status: share.StatusStale, Version: v}
	}
	if err := l.g.(engine.Seated).SeatMay(in.Seat.ID, in.Event); err != nil {
		return share.Answer{Status: share.StatusRefused, Err: err}
	}
	r, err := l.g.Apply(in.Event)
	if err != nil {
		return share.Answer{Status: share.StatusRefused, Err: err}
	}
	l.ids[in.ID] = r.Seq
	l.publish()
	return share.Answer{Status: share.StatusApplied, Seq: r.Seq, Version: r.Seq}
}

func (l *playLaptop) Saved(_ int64, id string) (int, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	seq, ok := l.ids[id]
	return seq, ok
}

func (l *playLaptop) records() []engine.Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.g.Records()
}

// seatedTomb is the Tomb with a party of two, Aria and Bran.
func seatedTomb(t *testing.T) *dun.Game {
	t.Helper()
	setup := newTombGame(t, 77).Setup()
	setup.Heroes, setup.HeroVP, setup.GroupVP, setup.Party = 0, nil, 0, []dun.PartyHero{
		{Name: "Aria", VP: 25, Perception: 4, Intelligence: 3, Agility: 3, Dexterity: 3, Strength: 3, Movement: 5},
		{Name: "Bran", VP: 25, Perception: 3, Intelligence: 3, Agility: 3, Dexterity: 3, Strength: 4, Movement: 5}}
	g, err := dun.NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Two phones at a Dungeon Universalis table, each a hero's seat: each
// makes its hero's tests from the form its seat offers (an attribute, two
// dice), one after the other; the game they make is, event for event, the
// game of the same steps taken on the laptop.
func TestDUNSeatsInABrowser(t *testing.T) {
	srv := sharetest.Start(t, share.Config{Addr: "127.0.0.1:0"})
	l := newPlayLaptop(srv, seatedTomb(t))
	phones := map[string]context.Context{}
	for i, seat := range []string{"hero-1", "hero-2"} {
		ctx := sharetest.Browser(t, 90*time.Second)
		sharetest.Viewport(t, ctx, 360, 740, i == 1)
		sharetest.SignIn(t, ctx, srv, []string{"en", "es"}[i])
		sharetest.Until(t, ctx, "the seats", fmt.Sprintf(`document.querySelector('#seats [data-seat=%q]') !== null`, seat), 10*time.Second)
		sharetest.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#seats [data-seat=%q]`, seat))))
		sharetest.Until(t, ctx, "the request waiting", `document.getElementById('seat-asked') !== null`, 10*time.Second)
		asks := srv.Seating().Asks
		if len(asks) != 1 || asks[0].Seat.ID != seat {
			t.Fatalf("the laptop sees requests %+v", asks)
		}
		srv.Give(seat, asks[0].Device)
		sharetest.Until(t, ctx, "the seat's test", `document.querySelector('#seats form.action[data-type="test"]') !== null`, 10*time.Second)
		phones[seat] = ctx
	}
	steps := []struct {
		seat   string
		attr   int // the option's index: agility, dexterity, perception, intelligence, strength…
		d0, d1 string
		want   dun.Event
	}{
		{"hero-1", 2, "3", "4", &dun.Test{Hero: "hero-1", Attribute: "perception", Dice: []int{3, 4}}},
		{"hero-2", 4, "5", "2", &dun.Test{Hero: "hero-2", Attribute: "strength", Dice: []int{5, 2}}},
		{"hero-1", 0, "6", "1", &dun.Test{Hero: "hero-1", Attribute: "agility", Dice: []int{6, 1}}},
	}
	for i, st := range steps {
		ctx := phones[st.seat]
		form := `#seats form.action[data-type="test"]`
		// The form drawn from the game as the last step left it.
		sharetest.Until(t, ctx, "the seat's version", fmt.Sprintf(`document.getElementById('seats').getAttribute('data-game') === '%d'`, i), 10*time.Second)
		sharetest.Eval[bool](t, ctx, fmt.Sprintf(`(() => { const f = document.querySelector(%q); f.querySelector('[data-field="0"]').selectedIndex = %d; f.querySelector('[data-field="1"]').value = %q; f.querySelector('[data-field="2"]').value = %q; return true; })()`, form, st.attr, st.d0, st.d1))
		sharetest.Do(t, ctx, chromedp.Click(chromedp.CSS(form+` button`)))
		sharetest.Until(t, ctx, "the answer", `document.querySelector(`+fmt.Sprintf("%q", form+" .answer.ok")+`) !== null`, 10*time.Second)
		if n := len(l.records()); n != i+1 {
			t.Fatalf("step %d: %d records", i+1, n)
		}
	}
	// The same steps on the laptop.
	laptop := seatedTomb(t)
	var want, got bytes.Buffer
	for _, st := range steps {
		r, err := laptop.Apply(st.want)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := engine.Encode(r.Event)
		want.Write(append(b, '\n'))
	}
	for _, r := range l.records() {
		b, _ := engine.Encode(r.Event)
		got.Write(append(b, '\n'))
	}
	if got.String() != want.String() {
		t.Fatalf("the phones' game:\n%s\nthe laptop's:\n%s", got.String(), want.String())
	}
	a, _ := json.Marshal(l.g.(*dun.Game).State())
	b, _ := json.Marshal(laptop.State())
	if !bytes.Equal(a, b) {
		t.Error("the phones' game and the laptop's differ in state")
	}
	for seat, p := range phones {
		sharetest.NoRawIDs(t, p, seat+"'s phone")
		sharetest.Fits(t, p, seat+"'s phone at 360 px")
		shot(t, p, "seats-dun-"+seat)
	}
}
