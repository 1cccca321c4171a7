package share_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"
)

// recapView is a recap as the shell's Show the players publishes it (module
// "recap", ui/recap.go): the players' version in every language.
const recapView = `{
 "en": {"title": "Last time at the table", "when": "2026-11-20, from 19:44 to 21:08 (1 h 24 min)", "lines": [
  {"kind": "heading", "text": "The Tomb of the Ash King"},
  {"kind": "item", "text": "The heroes found Ossuary."},
  {"kind": "text", "text": "Read at Ossuary:", "quote": "The walls of this great hall are built from skulls."},
  {"kind": "alert", "text": "A red box was read:", "quote": "The bone walls are not only decoration."},
  {"kind": "next", "text": "Next: turn 7 goes on where you left it."}]},
 "es": {"title": "La última vez en la mesa", "when": "2026-11-20, de 19:44 a 21:08 (1 h 24 min)", "lines": [
  {"kind": "heading", "text": "La tumba del Rey de Ceniza"},
  {"kind": "item", "text": "Los héroes encontraron Osario."},
  {"kind": "text", "text": "Leído en Osario:", "quote": "Las paredes de esta gran sala están hechas de calaveras."},
  {"kind": "alert", "text": "Se leyó un recuadro rojo:", "quote": "Las paredes de hueso no son solo decoración."},
  {"kind": "next", "text": "Ahora: el turno 7 sigue donde lo dejasteis."}]}
}`

// The players' page draws a recap the Conductor shows (Show the players) in
// the device's language, red boxes set apart, the texts as text (no markup
// read from them), and goes back to the game with the next view.
func TestRecapOnThePlayersPage(t *testing.T) {
	t.Parallel() // most of its time is the browser's and the page's: waiting
	ctx := sharetest.Browser(t, 2*time.Minute)
	srv, err := share.Start(share.Config{Addr: "127.0.0.1:0", PIN: "123456"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	srv.Publish("recap", []byte(strings.Replace(recapView, "built from skulls.", "built from <b>skulls</b>.", 1)))
	sharetest.Do(t, ctx,
		chromedp.Navigate(srv.URL()+"?lang=es"),
		chromedp.WaitVisible(chromedp.ID("pin")),
		chromedp.SendKeys(chromedp.ID("pin"), "123456"),
		chromedp.Click(chromedp.ID("pin-submit")),
	)
	sharetest.Until(t, ctx, "the recap", `!!document.querySelector('#view .panel.recap h2')`, 10*time.Second)
	got := sharetest.Eval[map[string]any](t, ctx, `(p => ({title: p.querySelector('h2').textContent, when: p.querySelector('.recap-when').textContent,
		heading: p.querySelector('h3').textContent, next: p.querySelector('.recap-next').textContent,
		quotes: p.querySelectorAll('blockquote').length, red: p.querySelectorAll('blockquote.red').length, bold: p.querySelectorAll('b').length}))(document.querySelector('#view .panel.recap'))`)
	want := map[string]any{"title": "La última vez en la mesa", "when": "2026-11-20, de 19:44 a 21:08 (1 h 24 min)", "heading": "La tumba del Rey de Ceniza",
		"next": "Ahora: el turno 7 sigue donde lo dejasteis.", "quotes": float64(2), "red": float64(1), "bold": float64(0)}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %v, want %v", k, got[k], v)
		}
	}
	sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()+"?lang=en"))
	sharetest.Until(t, ctx, "the recap in English", `(h => !!h && h.textContent === 'Last time at the table')(document.querySelector('#view .panel.recap h2'))`, 10*time.Second)
	shot(t, ctx, "recap-en")
	view, name, picture := picturedTomb(t)
	srv.SetFiles(map[string]share.File{name: {Type: "image/png", Data: picture}})
	srv.Publish("dun", view)
	sharetest.Until(t, ctx, "the game again", `!document.querySelector('#view .panel.recap') && !!document.querySelector('#map svg')`, 10*time.Second)
}
