package ui

import (
	"bytes"
	"errors"
	"net/http"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/internal/uitest"
	"github.com/dunconductor/conductor/ui/share"
)

// seatedToy is the toy with two seats: Aria may add to the count from her
// phone, Bran may not; a turn is the laptop's alone.
type seatedToy struct{ *toyGame }

func (seatedToy) Seats() []engine.Seat {
	return []engine.Seat{{ID: "a", Name: "Aria"}, {ID: "b", Name: "Bran"}}
}

func (g seatedToy) SeatActions(seat string) []engine.SeatAction {
	if seat != "a" || g.Allowed("toy_add") != nil {
		return nil
	}
	return []engine.SeatAction{{Type: "toy_add", Label: engine.Message{ID: "Add"},
		Fields: []engine.SeatField{{Name: "by", Label: engine.Message{ID: "By"}, Kind: engine.FieldNumber, Min: 1, Max: 6}}}}
}

func (seatedToy) SeatMay(seat string, e engine.Event) error {
	if _, add := e.(*ToyAdd); add && seat == "a" {
		return nil
	}
	return engine.Refuse("share.intent.laptop_only", nil)
}

func (seatedToy) SeatView(seat string) ([]byte, error) { return []byte(`{}`), nil }

// A seat's intent goes through the session as a tap does: the same gates,
// the same event saved, who took it beside it (the log says so), and the
// laptop's Undo takes it back. Each refusal changes nothing.
func TestSeatStepGoesThroughTheSession(t *testing.T) {
	store := realStore(t)
	g := seatedToy{newToy(t, toySetup{Count: 3})}
	id, err := store.CreateGame("seats", g)
	if err != nil {
		t.Fatal(err)
	}
	u := New(test.NewTempApp(t), store, "en")
	u.open(id, g, nil)
	u.build()
	aria, bran := engine.Seat{ID: "a", Name: "Aria"}, engine.Seat{ID: "b", Name: "Bran"}
	cases := []struct {
		name   string
		in     share.Intent
		status string
		seq    int
	}{
		{"Aria adds 2: applied as record 1", share.Intent{ID: "intent-0001", Game: id, Version: 0, Seat: aria, Event: &ToyAdd{By: 2}}, share.StatusApplied, 1},
		{"the same intent again: applied once", share.Intent{ID: "intent-0001", Game: id, Version: 0, Seat: aria, Event: &ToyAdd{By: 2}}, share.StatusDuplicate, 1},
		{"a new intent against the old version: stale", share.Intent{ID: "intent-0002", Game: id, Version: 0, Seat: aria, Event: &ToyAdd{By: 2}}, share.StatusStale, 0},
		{"another game's intent: stale", share.Intent{ID: "intent-0003", Game: id + 1, Version: 1, Seat: aria, Event: &ToyAdd{By: 2}}, share.StatusStale, 0},
		{"Bran may not add (SeatMay)", share.Intent{ID: "intent-0004", Game: id, Version: 1, Seat: bran, Event: &ToyAdd{By: 1}}, share.StatusRefused, 0},
		{"a turn is the laptop's (SeatMay)", share.Intent{ID: "intent-0005", Game: id, Version: 1, Seat: aria, Event: &ToyTurn{}}, share.StatusRefused, 0},
		{"below zero: the game's gate refuses", share.Intent{ID: "intent-0006", Game: id, Version: 1, Seat: aria, Event: &ToyAdd{By: -500}}, share.StatusRefused, 0},
	}
	for _, c := range cases {
		a := u.applyIntent(c.in)
		if a.Status != c.status || a.Seq != c.seq {
			t.Errorf("%s: %+v, want %s of %d", c.name, a, c.status, c.seq)
		}
		var re *engine.RuleError
		if c.status == share.StatusRefused && !errors.As(a.Err, &re) {
			t.Errorf("%s: refused without a rule's reason: %v", c.name, a.Err)
		}
		if n := len(u.sess.Game().Records()); n != 1 && c.seq <= 1 && c.name != cases[0].name {
			t.Errorf("%s: %d records, want 1", c.name, n)
		}
	}
	// The log names who took the step; the laptop's own steps name nobody.
	if got := area(u).byline("Added 2", 1); got != "Added 2 (Aria)" {
		t.Errorf("the log line of Aria's step: %q", got)
	}
	if err := u.sess.Apply(&ToyTurn{}); err != nil {
		t.Fatal(err)
	}
	if got := area(u).byline("Turn", 2); got != "Turn" {
		t.Errorf("the log line of the laptop's step: %q", got)
	}
	// The same steps taken on the laptop give the same events.
	laptop := newToy(t, toySetup{Count: 3})
	for _, e := range []engine.Event{&ToyAdd{By: 2}, &ToyTurn{}} {
		if _, err := laptop.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := encoded(t, u.sess.Game().Records()), encoded(t, laptop.Records()); !bytes.Equal(a, b) {
		t.Errorf("the seat's game:\n%s\nthe laptop's:\n%s", a, b)
	}
	// Saved, with who took it, across a restart.
	if seq, ok := (seatLaptop{u}).Saved(id, "intent-0001"); !ok || seq != 1 {
		t.Errorf("Saved = %d, %v", seq, ok)
	}
	if authors, _ := store.Authors(id); authors[1] != "Aria" || len(authors) != 1 {
		t.Errorf("authors %v", authors)
	}
	// The laptop's Undo takes back any step, the seat's too.
	for range 2 {
		if err := u.sess.Apply(&engine.Undo{}); err != nil {
			t.Fatal(err)
		}
	}
	if c := g.State().Count; c != 3 {
		t.Errorf("count %d after undoing both steps, want 3", c)
	}
}

func encoded(t *testing.T, rs []engine.Record) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, r := range rs {
		e, err := engine.Encode(r.Event)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(e)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// A phone asks for Aria's seat; the sharing dialog shows the request and
// its Approve gives the seat; the top bar says a request waits until then.
func TestSharingDialogApprovesASeat(t *testing.T) {
	store := realStore(t)
	g := seatedToy{newToy(t, toySetup{Count: 3})}
	id, _ := store.CreateGame("seats", g)
	u := New(test.NewTempApp(t), store, "en")
	u.win.Resize(fyne.NewSize(1024, 768))
	u.open(id, g, nil)
	u.build()
	if err := u.startSharing("127.0.0.1", freePort(t)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(u.stopSharing)
	base := u.share.srv.URL()
	c := device(t, base, u.share.srv.PIN())
	req, _ := http.NewRequest(http.MethodPost, base+"seat", strings.NewReader(`{"seat":"a"}`))
	req.Header.Set("Origin", strings.TrimSuffix(base, "/"))
	req.Header.Set("X-Conductor-Intent", "1")
	resp, err := c.Do(req)
	if err != nil || resp.StatusCode != http.StatusAccepted {
		t.Fatalf("asking for the seat: %v %v", resp, err)
	}
	resp.Body.Close()
	u.showJoin()
	u.showSeating() // OnSeating's call, which fyne.Do runs on the window's thread
	for _, want := range []string{"Device 1 asks for Aria", "Aria: free", "Bran: free", "1 asks for a seat"} {
		if !uitest.HasText(u.win, want) {
			t.Fatalf("%q not shown: %q", want, uitest.TextsIn(u.win))
		}
	}
	uitest.TapInDialog(t, u.win, "Approve")
	if s := u.share.srv.Seating(); len(s.Asks) != 0 || s.Seats[0].Device != 1 {
		t.Fatalf("after Approve: %+v", s)
	}
	if !uitest.HasText(u.win, "Aria: Device 1") || uitest.HasText(u.win, "asks for a seat") {
		t.Fatalf("after Approve the dialog shows %q", uitest.TextsIn(u.win))
	}
	uitest.TapInDialog(t, u.win, "Free")
	if s := u.share.srv.Seating(); s.Seats[0].Device != 0 {
		t.Fatalf("after Free: %+v", s)
	}
}
