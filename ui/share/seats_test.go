package share_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// reason is message id's text in English, as an answer words it.
func reason(id string) string { return translations.New("en").T(id, nil) }

// A device asks for a seat, the laptop approves it; /seats then tells the
// device its seat, its actions worded in its language and its own view,
// and every other device only that the seat is taken.
func TestSeatAskedApprovedAndSeen(t *testing.T) {
	srv := sharetest.Start(t, share.Config{Addr: "127.0.0.1:0"})
	newLaptop(t, srv, newSaved(), "Aria", "Bran")
	a, b := newPhone(t, srv), newPhone(t, srv)
	if code, out := a.send(t, http.MethodPost, "seat", []byte(`{"seat":"a1"}`), nil); code != http.StatusAccepted || out["status"] != "asked" {
		t.Fatalf("ask: %d %v", code, out)
	}
	seating := srv.Seating()
	if len(seating.Asks) != 1 || seating.Asks[0].Seat.ID != "a1" || len(seating.Seats) != 2 || seating.Seats[0].Device != 0 {
		t.Fatalf("the laptop sees %+v, want a request for Aria, both seats free", seating)
	}
	if !srv.Give("a1", seating.Asks[0].Device) {
		t.Fatal("approve refused")
	}
	mine := a.seats(t)
	if mine["seat"].(map[string]any)["name"] != "Aria" || !strings.Contains(fmt.Sprint(mine["view"]), "only Aria") {
		t.Fatalf("the seated device reads %v", mine)
	}
	if acts := mine["actions"].([]any); len(acts) != 1 || acts[0].(map[string]any)["label"] != reason("share.page.seats.send") {
		t.Fatalf("actions %v: want one, its label worded", acts)
	}
	other := b.seats(t)
	if other["seat"] != nil || other["view"] != nil || other["actions"] != nil || strings.Contains(fmt.Sprint(other), "only Aria") {
		t.Fatalf("another device reads %v: it must not see Aria's seat", other)
	}
	if held := other["seats"].([]any)[0].(map[string]any)["held"]; held != "other" {
		t.Fatalf("another device reads Aria's seat as %v, want other", held)
	}
	// One device per seat: b cannot ask for Aria; moving gives it and frees a.
	if code, out := b.send(t, http.MethodPost, "seat", []byte(`{"seat":"a1"}`), nil); code != http.StatusConflict || out["reason"] != reason("share.seat.taken") {
		t.Fatalf("asking for a held seat: %d %v", code, out)
	}
	srv.Give("a1", int(other["device"].(float64)))
	if a.seats(t)["seat"] != nil || b.seats(t)["seat"] == nil {
		t.Fatal("moving the seat did not move it")
	}
	srv.Free("a1")
	if b.seats(t)["seat"] != nil {
		t.Fatal("freeing the seat left it held")
	}
}

// Every hostile or bad intent is refused with its reason, nothing changed.
func TestHostileIntentsChangeNothing(t *testing.T) {
	srv := sharetest.Start(t, share.Config{Addr: "127.0.0.1:0"})
	store := newSaved()
	newLaptop(t, srv, store, "Aria", "Bran")
	a, b, unseated := newPhone(t, srv), newPhone(t, srv), newPhone(t, srv)
	a.seated(t, "a1")
	b.seated(t, "b1")
	noToken := &phone{srv: srv, client: &http.Client{}}
	forged := &phone{srv: srv, client: &http.Client{}, cookie: &http.Cookie{Name: "conductor_device", Value: strings.Repeat("ab", 32)}}
	good := func(seat string, id string) string {
		return fmt.Sprintf(`{"seat":%q,"game":0,"id":%q,"event":{"type":"seatstest.step","seat":%q,"n":1}}`, seat, id, seat)
	}
	cases := []struct {
		name    string
		from    *phone
		body    string
		headers map[string]string
		code    int
		status  string
		reason  string
	}{
		{"another seat's hero", a, good("b1", "hostile-01"), nil, 403, "refused", "share.intent.not_your_seat"},
		{"its own seat naming another hero in the event (SeatMay)", a, `{"seat":"a1","game":0,"id":"hostile-02","event":{"type":"seatstest.step","seat":"b1","n":1}}`, nil, 422, "refused", "share.intent.not_your_seat"},
		{"a device with no seat", unseated, good("a1", "hostile-03"), nil, 403, "refused", "share.intent.no_seat"},
		{"a device without a token", noToken, good("a1", "hostile-04"), nil, 401, "refused", "share.intent.no_device"},
		{"a forged token", forged, good("a1", "hostile-05"), nil, 401, "refused", "share.intent.no_device"},
		{"a stale version", a, strings.Replace(good("a1", "hostile-06"), `"game":0`, `"game":7`, 1), nil, 409, "stale", "share.intent.stale"},
		{"a malformed body", a, `{"seat":"a1","game":0,`, nil, 400, "refused", "share.intent.malformed"},
		{"an unknown field", a, `{"seat":"a1","game":0,"id":"hostile-08","event":{"type":"seatstest.step"},"as":"laptop"}`, nil, 400, "refused", "share.intent.malformed"},
		{"an oversized body", a, `{"seat":"a1","game":0,"id":"hostile-09","event":{"type":"seatstest.step","pad":"` + strings.Repeat("x", 2000) + `"}}`, nil, 413, "refused", "share.request.too_large"},
		{"an id too short", a, good("a1", "short"), nil, 400, "refused", "share.intent.malformed"},
		{"an event of no game", a, `{"seat":"a1","game":0,"id":"hostile-11","event":{"type":"dun.new_turn"}}`, nil, 400, "refused", "share.intent.bad_event"},
		{"an undo (the laptop's alone)", a, `{"seat":"a1","game":0,"id":"hostile-12","event":{"type":"undo"}}`, nil, 403, "refused", "share.intent.laptop_only"},
		{"refused by the game's gate", a, strings.Replace(good("a1", "hostile-13"), `"n":1`, `"n":-1`, 1), nil, 422, "refused", "share.intent.bad_event"},
		{"a cross-site form (no intent header, another Origin)", a, good("a1", "hostile-14"), map[string]string{"X-Conductor-Intent": "-", "Origin": "http://evil.example", "Content-Type": "application/x-www-form-urlencoded"}, 403, "refused", "share.intent.forbidden"},
		{"the intent header from another Origin", a, good("a1", "hostile-15"), map[string]string{"Origin": "http://evil.example"}, 403, "refused", "share.intent.forbidden"},
		{"the page's Origin without the intent header", a, good("a1", "hostile-16"), map[string]string{"X-Conductor-Intent": "-"}, 403, "refused", "share.intent.forbidden"},
		{"no Origin at all", a, good("a1", "hostile-17"), map[string]string{"Origin": "-"}, 403, "refused", "share.intent.forbidden"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out := c.from.send(t, http.MethodPost, "intent", []byte(c.body), c.headers)
			if code != c.code || out["status"] != c.status || out["reason"] != reason(c.reason) {
				t.Errorf("%d %v; want %d %s %q", code, out, c.code, c.status, reason(c.reason))
			}
			if n := store.len(); n != 0 {
				t.Fatalf("%d steps saved after a refusal", n)
			}
		})
	}
	// A good one is applied, once however often it is sent.
	for i, want := range []string{"applied", "duplicate", "duplicate"} {
		code, out := a.send(t, http.MethodPost, "intent", []byte(good("a1", "good-intent-1")), nil)
		if code != http.StatusOK || out["status"] != want || out["seq"] != 1.0 {
			t.Fatalf("send %d: %d %v; want %s of record 1", i+1, code, out, want)
		}
	}
	if n := store.len(); n != 1 {
		t.Fatalf("%d steps saved, want 1", n)
	}
	// Another device cannot read or replay it.
	if code, out := b.send(t, http.MethodPost, "intent", []byte(good("b1", "good-intent-1")), nil); code != http.StatusConflict || out["reason"] != reason("share.intent.id_taken") {
		t.Fatalf("another device's id: %d %v", code, out)
	}
	if code, out := a.send(t, http.MethodGet, "intent/good-intent-1", nil, nil); code != 200 || out["status"] != "applied" || out["seq"] != 1.0 {
		t.Fatalf("GET /intent: %d %v", code, out)
	}
	if n := store.len(); n != 1 {
		t.Fatalf("%d steps saved, want 1", n)
	}
}

// 1,000 intents at one instant from one device: the first intentBurst go
// through the checks, every other one is refused as too fast, and the
// server remembers a bounded number of answers.
func TestIntentFloodIsRateLimited(t *testing.T) {
	clk := newClock()
	srv := sharetest.Start(t, share.Config{Addr: "127.0.0.1:0", Now: clk.Now})
	store := newSaved()
	newLaptop(t, srv, store, "Aria")
	a := newPhone(t, srv)
	a.seated(t, "a1")
	counts := map[int]int{}
	for i := range 1000 {
		code, _ := a.intent(t, "a1", 999, fmt.Sprintf("flood-%04d", i), 1) // stale: none may apply
		counts[code]++
	}
	if counts[http.StatusTooManyRequests] != 1000-20+1 || counts[http.StatusConflict] != 20-1 { // seated spent one on POST /seat
		t.Fatalf("answers by status %v: want 19 stale and 981 too fast", counts)
	}
	if n := store.len(); n != 0 {
		t.Fatalf("%d steps saved", n)
	}
	if n := srv.IntentsRemembered(); n > 20 {
		t.Fatalf("%d answers remembered after a flood refused as too fast", n)
	}
	clk.Add(1e9) // a second later: ten more
	if code, out := a.intent(t, "a1", 0, "after-the-flood", 1); code != http.StatusOK || out["status"] != "applied" {
		t.Fatalf("a second later: %d %v", code, out)
	}
}
