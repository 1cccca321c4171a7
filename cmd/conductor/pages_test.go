package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// The players' page of every game this program imports (games.go): each
// registered module has its part, and the part draws in a real browser.
// They run here, not in ui/share, because here every game is imported: a
// new game's line in games.go brings it into these tests.

// pagePart is the registered page part of module, or false.
func pagePart(module string) (share.Part, bool) {
	for _, p := range share.Parts() {
		if p.Module == module {
			return p, true
		}
	}
	return share.Part{}, false
}

// Every registered module draws its views on the players' page: it has a
// part with a script, styles and messages, and the page serves them.
func TestEveryModuleHasAPagePart(t *testing.T) {
	mods := engine.Modules()
	if len(mods) == 0 {
		t.Fatal("no module registered: the test does not see the games")
	}
	s := sharetest.Start(t, share.Config{})
	msgs := servedMessages(t, s, "es")
	for _, m := range mods {
		p, ok := pagePart(m)
		if !ok {
			t.Errorf("module %s has no part of the players' page: its ui/<game>/pagepart.go registers none (share.RegisterPart)", m)
			continue
		}
		if len(p.Style) == 0 || len(p.Messages) == 0 {
			t.Errorf("%s: a part without styles or messages: %+v", m, p.Messages)
		}
		if !strings.Contains(string(p.Script), "register('"+m+"'") {
			t.Errorf("%s: the part's script does not register its module", m)
		}
		for _, f := range []struct{ ext, ctype string }{{".js", "text/javascript"}, {".css", "text/css"}} {
			resp, body := sharetest.Request(t, http.MethodGet, s.URL()+"static/parts/"+m+f.ext, nil)
			if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), f.ctype) || len(body) == 0 {
				t.Errorf("%s%s: %s %q, %d bytes", m, f.ext, resp.Status, resp.Header.Get("Content-Type"), len(body))
			}
			if resp.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("%s%s: Cache-Control %q", m, f.ext, resp.Header.Get("Cache-Control"))
			}
		}
		for _, prefix := range p.Messages {
			found := false
			for id := range msgs {
				found = found || strings.HasPrefix(id, prefix)
			}
			if !found {
				t.Errorf("%s: the page is given no message %s*", m, prefix)
			}
		}
	}
	for _, path := range []string{"static/parts/nothing.js", "static/parts/nothing.css", "static/parts/" + mods[0] + ".html", "static/parts/" + mods[0]} {
		if resp, _ := sharetest.Request(t, http.MethodGet, s.URL()+path, nil); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET /%s: %s, want 404", path, resp.Status)
		}
	}
}

// servedMessages are the messages the page in lang is given, as the server
// serves it (the JSON in its #messages script).
func servedMessages(t *testing.T, s *share.Server, lang string) map[string]string {
	t.Helper()
	_, body := sharetest.Request(t, http.MethodGet, s.URL()+"?lang="+lang, nil)
	m := regexp.MustCompile(`(?s)<script type="application/json" id="messages">(.*?)</script>`).FindSubmatch(body)
	var msgs map[string]string
	if m == nil || json.Unmarshal(m[1], &msgs) != nil || len(msgs) == 0 {
		t.Fatalf("the page in %s gives no messages:\n%s", lang, body)
	}
	return msgs
}

// Every registered module's part draws its golden scripts' views in a real
// browser, from the first moment to the last, in English and Spanish on a
// phone: no error in the page, no message id, nothing wider than the window.
func TestEveryPartInABrowser(t *testing.T) {
	ctx := sharetest.Browser(t, 4*time.Minute)
	srv := sharetest.Start(t, share.Config{PIN: "123456"})
	sharetest.SignIn(t, ctx, srv, "en")
	sharetest.Viewport(t, ctx, 360, 740, false)
	version, mods := 0, engine.Modules()
	const samples = 6
	for name, scripts := range moduleScripts(t) {
		if _, ok := pagePart(name); !ok {
			t.Errorf("module %s has no part of the players' page to draw its views", name)
			continue
		}
		moments := publicViews(t, name, scripts)
		for i := range samples {
			m := moments[i*(len(moments)-1)/(samples-1)]
			srv.Publish(name, m.view)
			version++
			drawIn(t, ctx, srv, name+", "+m.at, name, version, "en")
			if i == samples-1 {
				drawIn(t, ctx, srv, name+", "+m.at, name, version, "es")
				sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()+"?lang=en"))
			}
		}
	}
	if version < len(mods)*samples {
		t.Fatalf("only %d views of %d modules drawn", version, len(mods))
	}
}

// drawIn waits for the page in lang to draw view number version of module,
// then checks it shows no raw id and fits the window.
func drawIn(t *testing.T, ctx context.Context, srv *share.Server, where, module string, version int, lang string) {
	t.Helper()
	if lang != "en" {
		sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()+"?lang="+lang))
	}
	sharetest.Until(t, ctx, where+" drawn in "+lang, fmt.Sprintf(`document.documentElement.lang === %q && document.getElementById('view').dataset.drawn === '%d' && document.getElementById('view').dataset.module === %q`, lang, version, module), 10*time.Second)
	sharetest.NoRawIDs(t, ctx, where+", "+lang)
	sharetest.Fits(t, ctx, where+", "+lang)
}
