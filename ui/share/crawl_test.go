package share_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// answer is one response the crawl got: what was asked, and everything
// that came back.
type answer struct {
	what   string
	status int
	header http.Header
	body   []byte
}

// crawlPIN is the crawl's PIN: a number none of the games shows.
const crawlPIN = "580317"

// crawler asks every route of a sharing, as a device with the cookie and
// as one without, after each publish.
type crawler struct {
	t      testing.TB
	s      *share.Server
	clock  *clock
	cookie *http.Cookie
	static []string // /static/ paths
}

func newCrawler(t testing.TB) *crawler {
	t.Helper()
	c := newClock()
	s := sharetest.Start(t, share.Config{PIN: crawlPIN, Now: c.Now, MaxDevices: 1 << 20})
	var static []string
	err := fs.WalkDir(os.DirFS("web/static"), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			static = append(static, "static/"+p)
		}
		return err
	})
	if err != nil || len(static) == 0 {
		t.Fatalf("the static files: %v %v", static, err)
	}
	for _, p := range share.Parts() { // every game's part of the page
		static = append(static, "static/parts/"+p.Module+".js", "static/parts/"+p.Module+".css")
	}
	return &crawler{t: t, s: s, clock: c, cookie: login(t, s), static: static}
}

// crawl publishes the view of one moment and asks every route, with and
// without the device's cookie. It checks the routes answer as they
// should (the view itself on /state and as the first event) and returns
// every answer.
func (c *crawler) crawl(m played, version int) ([]answer, []string) {
	t := c.t
	c.s.Publish(m.module, m.view)
	c.clock.Add(2 * time.Minute) // each round starts with no lock-out
	var compact bytes.Buffer
	if err := json.Compact(&compact, m.view); err != nil {
		t.Fatal(err)
	}
	state := fmt.Sprintf(`{"module":%q,"version":%d,"game":0,"public":%s}`, m.module, version, compact.Bytes())
	var out []answer
	var wrong []string
	got := func(what string, want int, resp *http.Response, body []byte) {
		out = append(out, answer{what, resp.StatusCode, resp.Header, body})
		if resp.StatusCode != want {
			wrong = append(wrong, fmt.Sprintf("%s: %s, want %d", what, resp.Status, want))
		}
	}
	for _, dev := range []*http.Cookie{c.cookie, nil} {
		who := "with the cookie"
		in := dev != nil
		if !in {
			who = "without"
		}
		authed := func(code int) int {
			if in {
				return code
			}
			return http.StatusUnauthorized
		}
		for _, p := range []string{"", "?lang=es", "?lang=en"} {
			resp, body := sharetest.Request(t, http.MethodGet, c.s.URL()+p, nil, dev)
			got("GET /"+p+" "+who, http.StatusOK, resp, body)
		}
		resp, body := sharetest.Request(t, http.MethodGet, c.s.URL()+"state", nil, dev)
		got("GET /state "+who, authed(http.StatusOK), resp, body)
		if in && string(body) != state {
			wrong = append(wrong, fmt.Sprintf("/state: %s\nwant %s", body, state))
		}
		es, err := openEvents(t, c.s, dev)
		if err != nil {
			t.Fatal(err)
		}
		var first []byte
		if es.resp.StatusCode == http.StatusOK {
			if first, err = es.next(5 * time.Second); err != nil {
				t.Fatalf("the first event: %v", err)
			}
			if want := "event: state\ndata: " + state + "\n\n"; string(first) != want {
				wrong = append(wrong, fmt.Sprintf("the first event: %q\nwant %q", first, want))
			}
		} else {
			first, _ = es.next(5 * time.Second)
		}
		es.Close()
		got("GET /events "+who, authed(http.StatusOK), es.resp, first)
		for _, p := range c.static {
			resp, body := sharetest.Request(t, http.MethodGet, c.s.URL()+p, nil, dev)
			got("GET /"+p+" "+who, http.StatusOK, resp, body)
		}
		resp, body = postPIN(t, c.s, "000000", dev)
		got("POST /pin wrong "+who, http.StatusUnauthorized, resp, body)
		if in { // a device without the cookie would take a new device slot each time
			resp, body = postPIN(t, c.s, crawlPIN, dev)
			got("POST /pin right "+who, http.StatusSeeOther, resp, body)
		}
		// The seats: none held here, so nothing of any seat's; an intent
		// without the page's Origin and header is refused, with or without
		// the cookie.
		resp, body = sharetest.Request(t, http.MethodGet, c.s.URL()+"seats", nil, dev)
		got("GET /seats "+who, authed(http.StatusOK), resp, body)
		resp, body = sharetest.Request(t, http.MethodGet, c.s.URL()+"intent/crawl-intent-1", nil, dev)
		got("GET /intent/{id} "+who, authed(http.StatusOK), resp, body)
		resp, body = sharetest.Request(t, http.MethodPost, c.s.URL()+"intent", strings.NewReader(`{"seat":"x","game":0,"id":"crawl-intent-1","event":{"type":"undo"}}`), dev)
		got("POST /intent "+who, http.StatusForbidden, resp, body)
		resp, body = sharetest.Request(t, http.MethodGet, c.s.URL()+"nothing-here", nil, dev)
		got("GET /nothing-here "+who, http.StatusNotFound, resp, body)
		resp, body = sharetest.Request(t, http.MethodDelete, c.s.URL()+"state", nil, dev)
		got("DELETE /state "+who, http.StatusMethodNotAllowed, resp, body)
		resp, body = sharetest.Request(t, http.MethodPost, c.s.URL(), strings.NewReader("x=1"), dev)
		got("POST / "+who, http.StatusMethodNotAllowed, resp, body)
	}
	return out, wrong
}

// leaks are the secrets of m found in any answer's body or header. A name
// said in a text of the view (a red box naming a place not entered yet)
// is no secret.
func leaks(m played, answers []answer) []string {
	secrets := append([]secret{{"the PIN", crawlPIN, false}}, m.secrets...)
	var doc struct {
		Texts json.RawMessage `json:"texts"`
	}
	_ = json.Unmarshal(m.view, &doc)
	// Each answer's body and headers, written out once for every secret.
	wheres := make([]string, len(answers))
	for i, a := range answers {
		var w strings.Builder
		w.Write(a.body)
		for k, vs := range a.header {
			w.WriteString("\n" + k + ": " + strings.Join(vs, ", "))
		}
		wheres[i] = w.String()
	}
	var out []string
	for _, sec := range secrets {
		if sec.name && bytes.Contains(doc.Texts, []byte(jsonText(sec.s))) {
			continue
		}
		forms := []string{sec.s, jsonText(sec.s), html.EscapeString(sec.s)}
		for i, a := range answers {
			for _, f := range forms {
				if strings.Contains(wheres[i], f) {
					out = append(out, fmt.Sprintf("%s: %s %.60q", a.what, sec.what, sec.s))
					break
				}
			}
		}
	}
	return out
}

// jsonText is s as it is written inside a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// playedGame is a game of a module played to its end for the page's tests,
// with what the leak test must meet along the way.
type playedGame struct {
	name      string
	play      func(testing.TB) []played
	atLeast   int
	secretsAt int      // moments with secrets at least
	kinds     []string // secrets met along the way at least
}

// playedGames are the games the page's tests play, by module: every
// registered module must have one (modulesPlayed).
var playedGames = map[string]playedGame{
	dun.ModuleName: {"dun, the Tomb of the Ash King", tombPlayed, 100, 100, []string{
		"an unrevealed section's id", "an unrevealed section's name", "an unrevealed section's text",
		"a trap's id", "a trap's name", "a hidden text (adp)", "a hidden text (red)", "the setup notes", "the seed",
	}},
	dragoncanyon.ModuleName: {"Dragon Canyon, solo", canyonPlayed, 20, 20, []string{"a face-down card as the app knows it", "a pile's order", "the seed"}},
	twister.ModuleName:      {"Dungeon Twister", twisterPlayed, 10, 0, nil},
}

// modulesPlayed are the played games of every registered module, in the
// modules' order; a module without one fails the test.
func modulesPlayed(t *testing.T) []playedGame {
	t.Helper()
	var out []playedGame
	for _, m := range engine.Modules() {
		g, ok := playedGames[m]
		if !ok {
			t.Errorf("module %s has no game the page's tests play (playedGames)", m)
			continue
		}
		out = append(out, g)
	}
	return out
}

// After every event of a game of every module played to its end, no
// answer of any route, to a device in or not, holds anything the players
// may not see: the server adds nothing to the view it is given, and serves
// nothing else of the game.
func TestNothingHiddenLeaves(t *testing.T) {
	t.Parallel() // its own sharings: it runs beside the tests that wait
	for _, g := range modulesPlayed(t) {
		t.Run(g.name, func(t *testing.T) {
			moments := g.play(t)
			withSecrets := 0
			kinds := map[string]bool{}
			for _, m := range moments {
				if len(m.secrets) > 0 {
					withSecrets++
				}
				for _, sec := range m.secrets {
					kinds[sec.what] = true
				}
			}
			if len(moments) < g.atLeast || withSecrets < g.secretsAt {
				t.Fatalf("%d moments, %d with secrets", len(moments), withSecrets)
			}
			for _, k := range g.kinds {
				if !kinds[k] {
					t.Fatalf("the game never had %s to hide (it had %v)", k, kinds)
				}
			}
			c := newCrawler(t)
			for i, m := range moments {
				answers, wrong := c.crawl(m, i+1)
				if len(wrong) > 0 {
					t.Fatalf("%s: %s", m.at, strings.Join(wrong, "\n"))
				}
				if l := leaks(m, answers); len(l) > 0 {
					t.Fatalf("%s, the players could read:\n%s", m.at, strings.Join(l, "\n"))
				}
			}
		})
	}
}

// The crawl finds a secret slipped into the view: the Embalmers' Workshop
// (never revealed) as the newest section, a face-down card's strength, the
// seed as the turn; and the PIN, which no answer may hold.
func TestTheCrawlCatchesALeak(t *testing.T) {
	tomb := tombPlayed(t)
	canyon := canyonPlayed(t)
	var faceDown played
	for _, m := range canyon {
		if strings.Contains(string(m.view), `"face_up":false`) {
			faceDown = m
			break
		}
	}
	cases := []struct {
		name  string
		m     played
		slip  func(view string) string
		found string
	}{
		{"an unrevealed section's id", tomb[len(tomb)-1], func(v string) string {
			return strings.Replace(v, `"newest":"`, `"newest":"embalmers-workshop","was":"`, 1)
		}, "an unrevealed section's id"},
		{"the seed", tomb[10], func(v string) string {
			return strings.Replace(v, `"turn":`, fmt.Sprintf(`"turn":%d,"t":`, uint64(tombSeed)), 1)
		}, "the seed"},
		{"a face-down card's strength", faceDown, func(v string) string {
			return strings.Replace(v, `"face_up":false`, `"face_up":false,"strength":6`, 1)
		}, "a face-down card's strength"},
		{"the PIN", tomb[3], func(v string) string {
			return strings.Replace(v, `"turn":`, `"pin":"`+crawlPIN+`","turn":`, 1)
		}, "the PIN"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCrawler(t)
			answers, wrong := c.crawl(tc.m, 1)
			if l := leaks(tc.m, answers); len(wrong) > 0 || len(l) > 0 {
				t.Fatalf("the view as the game gives it: %v %v", wrong, l)
			}
			broken := tc.m
			broken.view = []byte(tc.slip(string(tc.m.view)))
			if bytes.Equal(broken.view, tc.m.view) {
				t.Fatal("nothing was slipped in")
			}
			answers, _ = c.crawl(broken, 2)
			l := leaks(broken, answers)
			if !strings.Contains(strings.Join(l, "\n"), tc.found) {
				t.Fatalf("the crawl let %s through: %v", tc.name, l)
			}
		})
	}
}
