package share_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// seatsPart draws the test game's steps: the frame needs a part to draw a
// module's view (the seats' part is the frame's own).
var seatsPart = sync.OnceFunc(func() {
	share.RegisterPart(share.Part{Module: "seatstest", Style: []byte("#steps { font-weight: 700; }"), Script: []byte(
		`ConductorPage.register('seatstest', {render: function (view, pub) {
			view.replaceChildren(ConductorPage.el('p', {id: 'steps'}, (pub.steps || []).join(' ')));
		}});`)})
})

// Two phones in one browser, each a window of its own: one takes Aria's
// seat, the laptop approves, and it sends a step with the form drawn from
// the seat's actions; a step the game refuses shows its reason beside the
// button; the other phone, seatless, sees Aria taken. A step sent before a
// reload is asked after it. At 360 px, in both languages.
func TestSeatsInABrowser(t *testing.T) {
	seatsPart()
	srv := sharetest.Start(t, share.Config{Addr: "127.0.0.1:0"})
	store := newSaved()
	newLaptop(t, srv, store, "Aria", "Bran")
	for _, lang := range []string{"en", "es"} {
		t.Run(lang, func(t *testing.T) {
			one := sharetest.Browser(t, 60*time.Second)
			two := sharetest.Browser(t, 60*time.Second)
			sharetest.Viewport(t, one, 360, 740, false)
			sharetest.Viewport(t, two, 360, 740, true)
			sharetest.SignIn(t, one, srv, lang)
			sharetest.SignIn(t, two, srv, lang)
			sharetest.Until(t, one, "the seats", `document.querySelector('#seats [data-seat="a1"]') !== null`, 10*time.Second)
			sharetest.Do(t, one, chromedp.Click(chromedp.CSS(`#seats [data-seat="a1"]`)))
			sharetest.Until(t, one, "the request waiting", `document.getElementById('seat-asked') !== null`, 10*time.Second)
			asks := srv.Seating().Asks
			if len(asks) != 1 {
				t.Fatalf("the laptop sees requests %+v", asks)
			}
			srv.Give(asks[0].Seat.ID, asks[0].Device) // the Conductor approves
			sharetest.Until(t, one, "the seat taken", `document.getElementById('seat-yours') && document.getElementById('seat-yours').textContent.includes('Aria')`, 10*time.Second)
			sharetest.Until(t, two, "Aria taken on the other phone", `document.querySelector('#seats [data-seat="a1"]').disabled`, 10*time.Second)
			before := store.len()
			// A step: the number field set, Send tapped.
			sharetest.Do(t, one,
				chromedp.SetValue(chromedp.CSS(`#seat-0-field-0`), "4"),
				chromedp.Click(chromedp.CSS(`#seats form.action button`)))
			sharetest.Until(t, one, "the answer", `document.querySelector('#seats .answer.ok') !== null`, 10*time.Second)
			if n := store.len(); n != before+1 {
				t.Fatalf("%d steps saved, want %d", n, before+1)
			}
			sharetest.Until(t, two, "the step on the other phone", fmt.Sprintf(`document.getElementById('steps').textContent.split(' ').filter(s => s == 'a1:4').length == %d`, before+1), 10*time.Second)
			// A step the game refuses: its reason beside the button.
			sharetest.Do(t, one,
				chromedp.SetValue(chromedp.CSS(`#seat-0-field-0`), "-1"),
				chromedp.Click(chromedp.CSS(`#seats form.action button`)))
			sharetest.Until(t, one, "the refusal", `document.querySelector('#seats form.action .answer.bad') !== null`, 10*time.Second)
			if n := store.len(); n != before+1 {
				t.Fatalf("%d steps saved after a refusal, want %d", n, before+1)
			}
			sharetest.NoRawIDs(t, one, "the seat's page")
			sharetest.NoRawIDs(t, two, "a seatless page")
			sharetest.Fits(t, one, "the seat's page at 360 px")
			sharetest.Fits(t, two, "a seatless page at 360 px")
			// A step sent, then the page reloaded before its answer: it asks.
			sharetest.Eval[bool](t, one, `localStorage.setItem('conductor.pendingIntent', JSON.stringify({id: 'never-sent-0001', seat: 'a1'})), true`)
			sharetest.Do(t, one, chromedp.Reload())
			sharetest.Until(t, one, "what became of the step", `document.getElementById('seat-note') && document.getElementById('seat-note').classList.contains('bad')`, 10*time.Second)
			sharetest.Until(t, one, "the seat kept across the reload", `document.getElementById('seat-yours') !== null`, 10*time.Second)
			shot(t, one, "seats-phone-"+lang)
			srv.Free("a1")
		})
	}
}
