package journal_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/journal"
)

// The journal of a campaign (its first quest a pictured Tomb, its third
// an unpictured one), in English and Spanish, opened from its file in
// headless Chromium with no network: no script or console error, every
// picture loaded (the first quest's sitting's and its map's), nothing
// wider than an A4 page's text, and printed to PDF, A4 pages only.
func TestCampaignJournalInChromium(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("no " + chromium)
	}
	src, _ := ashCampaign(t, true)
	for _, lang := range []string{"en", "es"} {
		t.Run(lang, func(t *testing.T) {
			j, err := journal.BuildCampaign(translations.New(lang), src, 7, false, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "campaign.html")
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := j.WriteHTML(f); err != nil {
				t.Fatal(err)
			}
			f.Close()
			c := openInChromium(t, path)
			if c.images != 3 || c.loaded != c.images || c.shown != 1 {
				t.Errorf("%d of %d pictures load (%d shown), want 3", c.loaded, c.images, c.shown)
			}
			if c.overflow > 0 {
				t.Errorf("the page is %d px wider than an A4 page's text", c.overflow)
			}
			if c.pages < 2 || len(c.notA4) > 0 {
				t.Errorf("%d pages, not A4: %v", c.pages, c.notA4)
			}
			if len(c.problems) > 0 {
				t.Error(strings.Join(c.problems, "\n"))
			}
			t.Logf("%d A4 pages, %d pictures", c.pages, c.images)
		})
	}
}

// inChromium is what headless Chromium saw of a page.
type inChromium struct {
	images, loaded, shown int // pictures (img and svg image), those that load, img shown
	overflow              int // px wider than an A4 page's text
	pages                 int // printed to PDF
	notA4                 []string
	problems              []string // script exceptions and console errors
}

// openInChromium opens the HTML file at path in headless Chromium, offline,
// at an A4 page's text width, and prints it to PDF.
func openInChromium(t *testing.T, path string) inChromium {
	t.Helper()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium), chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true), chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true), chromedp.UserDataDir(t.TempDir()),
		chromedp.ProxyServer("127.0.0.1:9"), // offline: anything fetched from the network fails
	)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	defer cancelTime()
	var mu sync.Mutex
	var c inChromium
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			c.problems = append(c.problems, "exception: "+ev.ExceptionDetails.Text)
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.EntryLevelError {
				c.problems = append(c.problems, "console: "+ev.Entry.Text+" "+ev.Entry.URL)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	const textWidth = 680 // 180 mm at 96 px an inch: A4 less its margins
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(textWidth, 900), chromedp.Navigate("file://"+path), chromedp.WaitReady("footer")); err != nil {
		t.Fatal(err)
	}
	eval := func(js string) int {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[int](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	c.loaded = eval(`(async () => {
		const srcs = [...document.images].map(i => i.src).concat(
			[...document.querySelectorAll('svg image')].map(i => i.getAttribute('href')));
		const ok = await Promise.all(srcs.map(s => new Promise(done => {
			const im = new Image(); im.onload = () => done(im.naturalWidth > 0); im.onerror = () => done(false); im.src = s; })));
		return ok.filter(Boolean).length;
	})()`)
	c.shown = eval(`[...document.images].filter(i => i.complete && i.naturalWidth > 0).length`)
	c.images = eval(`document.images.length + document.querySelectorAll('svg image').length`)
	c.overflow = eval(`document.documentElement.scrollWidth - document.documentElement.clientWidth`)
	yes := true
	res, err := chromedp.Call(ctx, page.PrintToPDF, page.PrintToPDFParams{PreferCSSPageSize: &yes, PrintBackground: &yes})
	if err != nil {
		t.Fatal(err)
	}
	boxes := mediaBox.FindAllSubmatch(res.Data, -1)
	c.pages = len(boxes)
	for _, b := range boxes {
		w, _ := strconv.ParseFloat(string(b[1]), 64)
		h, _ := strconv.ParseFloat(string(b[2]), 64)
		if w < 594 || w > 597 || h < 841 || h > 844 { // A4: 595.3 × 841.9 pt
			c.notA4 = append(c.notA4, string(b[0]))
		}
	}
	if keep := os.Getenv("JOURNAL_KEEP"); keep != "" {
		os.WriteFile(keep+"-campaign.pdf", res.Data, 0o644)
		html, _ := os.ReadFile(path)
		os.WriteFile(keep+"-campaign.html", html, 0o644)
	}
	mu.Lock()
	defer mu.Unlock()
	c.problems = append([]string(nil), c.problems...)
	return c
}
