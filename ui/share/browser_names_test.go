package share_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// longNames gives the sections of a DUN view long names: one long word,
// many words, a name in capitals of wide letters.
func longNames(t *testing.T, view []byte) []byte {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(view, &v); err != nil {
		t.Fatal(err)
	}
	names := []string{
		"Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww",
		"The Great Processional Way of the Ash King's Forgotten Honour Guard",
		"WMWMWMWM MWMWMWMW WMWMWMWM MWMWMWMW",
		"Antechamber of Unending Whispering Shadows",
	}
	secs, _ := v["sections"].([]any)
	if len(secs) < 2 {
		t.Fatalf("the view has %d sections", len(secs))
	}
	for i, s := range secs {
		n := names[i%len(names)]
		s.(map[string]any)["name"] = map[string]any{"en": n, "es": n}
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Long section names are shown whole on the map, on a phone and a laptop:
// each name's text lies inside its section.
func TestLongSectionNamesInABrowser(t *testing.T) {
	t.Parallel() // most of its time is the browser's and the page's: waiting
	ctx := sharetest.Browser(t, 2*time.Minute)
	watchResizes(t, ctx)
	srv, err := share.Start(share.Config{Addr: "127.0.0.1:0", PIN: "123456"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	tb := newBrowserTomb(t)
	tb.do(&dun.NewTurn{})
	tb.open("gatehouse", true)
	tb.do(&dun.NewTurn{})
	tb.open("processional-way", false)
	srv.Publish(dun.ModuleName, longNames(t, tb.view()))
	sharetest.Do(t, ctx,
		chromedp.Navigate(srv.URL()+"?lang=en"),
		chromedp.WaitVisible(chromedp.ID("pin")),
		chromedp.SendKeys(chromedp.ID("pin"), "123456"),
		chromedp.Click(chromedp.ID("pin-submit")),
	)
	sharetest.Until(t, ctx, "the map", `document.querySelectorAll('#map .sec text').length >= 2`, 10*time.Second)
	// Each label's box inside its section's floor, with half a pixel's
	// rounding; the floor inside the drawing.
	const check = `Array.from(document.querySelectorAll('#map .sec')).map(g => {
		const f = g.querySelector('rect.floor').getBoundingClientRect();
		const l = g.querySelector('text').getBoundingClientRect();
		const s = g.ownerSVGElement.getBoundingClientRect();
		const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
		return inside(l, f) && inside(f, s) ? '' : g.dataset.id + ': label ' + [l.left, l.right, l.top, l.bottom].map(Math.round) + ' floor ' + [f.left, f.right, f.top, f.bottom].map(Math.round);
	}).filter(Boolean)`
	for _, sz := range []struct{ w, h int64 }{{360, 740}, {1280, 800}} {
		sharetest.Viewport(t, ctx, sz.w, sz.h, false)
		sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()+"?lang=en"))
		sharetest.Until(t, ctx, "the map", `document.querySelectorAll('#map .sec text').length >= 2`, 10*time.Second)
		settle(t, ctx)
		shot(t, ctx, fmt.Sprintf("dun-long-names-%d", sz.w))
		if cut := sharetest.Eval[[]string](t, ctx, check); len(cut) > 0 {
			t.Errorf("%d px: names cut: %v", sz.w, cut)
		}
		if sz.w == 360 {
			sharetest.Fits(t, ctx, "long names at 360 px")
		}
	}
}
