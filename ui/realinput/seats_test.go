package realinput

import (
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// TestSeatApprovedInTheSharingDialog: a Dragon Canyon game shared; a phone
// (this test, over HTTP, as the page sends) asks for P1's seat; the
// Conductor approves it with a real click on Approve in the sharing
// dialog, and the phone then holds the seat.
func TestSeatApprovedInTheSharingDialog(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{{1024, 768, "en"}, {1280, 800, "es"}}, func(t *testing.T, s screen) {
		a := Start(t, Options{Lang: s.lang, Width: s.w, Height: s.h, DB: seedDC(t)})
		tr := translations.New(s.lang)
		(&dcPlay{t: t, a: a, tr: tr}).open()
		a.Click(a.Find(mainWin, "Share", textIs(tr.T("ui.share.button", nil))))
		port := freePort(t)
		a.Click(a.Find(mainWin, "the port", isTextField))
		a.Key("ctrl+a")
		a.Type(port, fastKey)
		a.Click(a.Find(mainWin, "Start sharing", textIs(tr.T("ui.share.start", nil))))
		base := a.Find(mainWin, "the address to join", func(o probe.Object) bool {
			return o.Kind == "text" && strings.HasPrefix(o.Text, "http://") && strings.Contains(o.Text, ":"+port)
		}).Object.Text
		pinRe := regexp.MustCompile(`^\d{3} \d{3}$`)
		pin := strings.ReplaceAll(a.Find(mainWin, "the PIN", func(o probe.Object) bool { return pinRe.MatchString(o.Text) }).Object.Text, " ", "")

		phone := seatPhone(t, base, pin)
		phone.post(t, "seat", `{"seat":"p1"}`, http.StatusAccepted)
		asks := tr.T("ui.share.seats.asks", map[string]any{"Device": 1, "Seat": "P1"})
		a.Find(mainWin, "the request in the sharing dialog", textShown(asks))
		s.fitsScreen(a, a.Settle())
		a.Click(a.Find(mainWin, "Approve", textIs(tr.T("ui.share.seats.approve", nil))))
		held := tr.T("ui.share.seats.held", map[string]any{"Seat": "P1", "Who": tr.T("ui.share.seats.device", map[string]any{"Device": 1})})
		a.Find(mainWin, "the seat held by the phone", textShown(held))
		a.Shot("seat-approved-" + s.lang)
		var seats struct {
			Seat *struct{ ID string } `json:"seat"`
		}
		phone.get(t, "seats", &seats)
		if seats.Seat == nil || seats.Seat.ID != "p1" {
			t.Fatalf("after Approve the phone holds %+v", seats.Seat)
		}
	})
}

// seatPhoneClient is a phone in: its cookie, and the page's address.
type seatPhoneClient struct {
	c    *http.Client
	base string
}

func seatPhone(t *testing.T, base, pin string) *seatPhoneClient {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	resp, err := c.PostForm(base+"pin", url.Values{"pin": {pin}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the PIN %s: %s", pin, resp.Status)
	}
	return &seatPhoneClient{c: c, base: base}
}

// post sends body as the page does: its Origin and the intent header.
func (p *seatPhoneClient) post(t *testing.T, path, body string, want int) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, p.base+path, strings.NewReader(body))
	req.Header.Set("Origin", strings.TrimSuffix(p.base, "/"))
	req.Header.Set("X-Conductor-Intent", "1")
	resp, err := p.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != want {
		t.Fatalf("POST /%s: %s, want %d", path, resp.Status, want)
	}
}

func (p *seatPhoneClient) get(t *testing.T, path string, v any) {
	t.Helper()
	resp, err := p.c.Get(p.base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET /%s: %v", path, err)
	}
}

// textShown matches a text on screen that says s.
func textShown(s string) func(probe.Object) bool {
	return func(o probe.Object) bool { return o.Text == s }
}
