package share_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/dunconductor/conductor/core/dragoncanyon"
	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/twister"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/share"
	"github.com/dunconductor/conductor/ui/share/sharetest"

	// The parts of the three games these tests draw (and TestPageMessages,
	// TestTheFrameNamesNoGame and the crawl read). That every game the app
	// imports has a part, and that it draws, is cmd/conductor's test
	// (TestEveryModuleHasAPagePart, TestEveryPartInABrowser).
	_ "github.com/dunconductor/conductor/ui/dragoncanyon/sharepage"
	_ "github.com/dunconductor/conductor/ui/dun/sharepage"
	_ "github.com/dunconductor/conductor/ui/twister/sharepage"
)

// browserTomb is the Tomb of the Ash King, played by a test as a table
// would (games_test.go's table), with its view as the shell publishes it.
type browserTomb struct{ *tombTable }

func newBrowserTomb(t *testing.T) *browserTomb {
	t.Helper()
	return &browserTomb{&tombTable{t: t, g: newTombGame(t, 77), after: func(dun.Event) {}}}
}

// view is the players' view now, as the shell publishes it.
func (tb *browserTomb) view() []byte {
	tb.t.Helper()
	js, err := tb.g.PublicJSON()
	if err != nil {
		tb.t.Fatal(err)
	}
	return js
}

// browserScript plays one of the modules' golden scripts (a setup
// line, then events; the events a game refuses are skipped, as the script
// expects) and returns the players' view after every event applied. start
// builds the game from the setup line and returns what applies an event
// line and what gives the view.
func browserScript(t *testing.T, name string, start func(setup []byte) (apply func(line []byte) error, view func() ([]byte, error))) [][]byte {
	t.Helper()
	setup, events := scriptEvents(t, name)
	apply, view := start(setup)
	var views [][]byte
	for _, line := range events {
		if apply(line) != nil {
			continue
		}
		js, err := view()
		if err != nil {
			t.Fatal(err)
		}
		views = append(views, js)
	}
	return views
}

// canyonViews are the players' views of Dragon Canyon's solo golden script.
func browserCanyonViews(t *testing.T) [][]byte {
	t.Helper()
	return browserScript(t, "dragoncanyon/testdata/scripts/dragon_canyon_solo.jsonl", func(b []byte) (func([]byte) error, func() ([]byte, error)) {
		setup, err := engine.DecodeStrict[dragoncanyon.Setup](b)
		if err != nil {
			t.Fatal(err)
		}
		g, err := dragoncanyon.NewGame(setup.Normalize())
		if err != nil {
			t.Fatal(err)
		}
		return func(line []byte) error {
			e, err := dragoncanyon.Events.Decode(line)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			_, err = g.Apply(e)
			return err
		}, g.PublicJSON
	})
}

// twisterViews are the players' views of Dungeon Twister's golden game.
func browserTwisterViews(t *testing.T) [][]byte {
	t.Helper()
	return browserScript(t, "twister/testdata/scripts/twister_game.jsonl", func(b []byte) (func([]byte) error, func() ([]byte, error)) {
		setup, err := engine.DecodeStrict[twister.Setup](b)
		if err != nil {
			t.Fatal(err)
		}
		g, err := twister.NewGame(setup)
		if err != nil {
			t.Fatal(err)
		}
		return func(line []byte) error {
			e, err := twister.Events.Decode(line)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			_, err = g.Apply(e)
			return err
		}, g.PublicJSON
	})
}

// shot saves a full-page screenshot as $SHARE_SHOTS/name.png, when
// SHARE_SHOTS names a directory.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("SHARE_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// isRed is a script's test of a colour: red clearly above green and blue.
const isRed = `(c => { const m = c.match(/\d+/g).map(Number); return m[0] > m[1] + 60 && m[0] > m[2] + 60; })`

// The players' page in a real browser, against the real server: the PIN,
// then a Tomb of the Ash King as the shell publishes it (a reveal, an undo,
// a red box), a Dragon Canyon and a Dungeon Twister view, in English and
// Spanish, on a phone and a laptop, light and dark.
func TestPageInABrowser(t *testing.T) {
	t.Parallel() // most of its time is the browser's and the page's: waiting
	ctx := sharetest.Browser(t, 3*time.Minute)
	watchResizes(t, ctx)
	srv, err := share.Start(share.Config{Addr: "127.0.0.1:0", PIN: "123456"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()

	// The Tomb, as the table plays it.
	tb := newBrowserTomb(t)
	tb.do(&dun.NewTurn{})
	stair := tb.view()
	tb.open("gatehouse", true) // three skeletons come
	gatehouse := tb.view()
	tb.do(&dun.CreatureWounded{ID: tb.g.State().Creatures[0].ID, Amount: 1})
	tb.do(&dun.NewTurn{})
	tb.open("processional-way", false)
	tb.do(&dun.NewTurn{})
	tb.open("ember-shrine", false)
	shrine := tb.view()
	tb.do(&dun.ConditionMet{ID: "altar-touched"})
	altar := tb.view()
	if !bytes.Contains(altar, []byte(`"kind":"red"`)) || bytes.Contains(shrine, []byte(`"kind":"red"`)) {
		t.Fatalf("the altar should bring the first red box:\n%s", altar)
	}

	srv.Publish(dun.ModuleName, stair)
	// A device without the cookie gets the PIN form; a wrong PIN says so.
	sharetest.Do(t, ctx,
		chromedp.Navigate(srv.URL()+"?lang=en"),
		chromedp.WaitVisible(chromedp.ID("pin")),
		chromedp.SendKeys(chromedp.ID("pin"), "000000"),
		chromedp.Click(chromedp.ID("pin-submit")),
		chromedp.WaitVisible(chromedp.ID("error")),
	)
	attrs := sharetest.Eval[map[string]string](t, ctx, `(p => ({mode: p.inputMode, auto: p.autocomplete, type: p.type}))(document.getElementById('pin'))`)
	if attrs["mode"] != "numeric" || attrs["auto"] != "one-time-code" {
		t.Errorf("the PIN input: %v", attrs)
	}
	sharetest.Viewport(t, ctx, 360, 740, false)
	shot(t, ctx, "pin-wrong-en-360")
	sharetest.Fits(t, ctx, "the PIN form at 360 px")
	sharetest.Until(t, ctx, "the PIN emptied", `(p => { p.value = ''; return p.value === ''; })(document.getElementById('pin'))`, 10*time.Second)
	sharetest.Do(t, ctx,
		chromedp.SendKeys(chromedp.ID("pin"), "123456"),
		chromedp.Click(chromedp.ID("pin-submit")),
	)
	sharetest.Until(t, ctx, "the map of the Ash Stair", `!!document.querySelector('#map svg .sec.newest[data-id="ash-stair"]')`, 10*time.Second)

	// A reveal: the Gatehouse is drawn, highlighted, and its text is first.
	srv.Publish(dun.ModuleName, gatehouse)
	sharetest.Until(t, ctx, "the Gatehouse, newest", `!!document.querySelector('#map svg .sec.newest[data-id="gatehouse"]')`, 10*time.Second)
	first := sharetest.Eval[map[string]any](t, ctx, `(li => ({section: li.dataset.section, newest: li.classList.contains('newest'), title: li.querySelector('h3').textContent}))(document.querySelector('#texts li'))`)
	if first["section"] != "gatehouse" || first["newest"] != true || !strings.HasPrefix(first["title"].(string), "Gatehouse") {
		t.Errorf("the first text after the Gatehouse's reveal: %v", first)
	}
	if highlighted := sharetest.Eval[int](t, ctx, `document.querySelectorAll('#map .sec.newest').length`); highlighted != 1 {
		t.Errorf("%d sections highlighted, want 1", highlighted)
	}
	creatures := sharetest.Eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#creatures .name')).map(e => e.textContent)`)
	if len(creatures) != 3 || creatures[0] != "Skeleton 1" {
		t.Errorf("the creatures in activation order: %v", creatures)
	}
	sharetest.NoRawIDs(t, ctx, "DUN", "skeleton-1", "ash-stair", "gatehouse")

	// An undo: the earlier view comes back, and the Gatehouse goes.
	srv.Publish(dun.ModuleName, stair)
	sharetest.Until(t, ctx, "the Gatehouse gone", `!document.querySelector('#map [data-id="gatehouse"]') && !document.querySelector('#texts [data-section="gatehouse"]') && !!document.querySelector('#map .sec.newest[data-id="ash-stair"]')`, 10*time.Second)

	// A red box comes: first, and in red.
	srv.Publish(dun.ModuleName, shrine)
	sharetest.Until(t, ctx, "the Ember Shrine", `!!document.querySelector('#map .sec.newest[data-id="ember-shrine"]')`, 10*time.Second)
	srv.Publish(dun.ModuleName, altar)
	sharetest.Until(t, ctx, "the altar's red box, first", `(li => li && li.dataset.kind === 'red' && li.classList.contains('newest'))(document.querySelector('#texts li'))`, 10*time.Second)
	if !sharetest.Eval[bool](t, ctx, isRed+`(getComputedStyle(document.querySelector('#texts li.red p')).color)`) {
		t.Error("the red box's text is not red")
	}
	if sharetest.Eval[int](t, ctx, `document.querySelectorAll('#map .exit.unknown').length`) == 0 {
		t.Error("no door into an unrevealed section is drawn")
	}
	sharetest.NoRawIDs(t, ctx, "DUN with a red box", "ember-shrine", "altar-box", "processional-way")

	// The mission accomplished, then the quest won (the view's own fields,
	// set on this view).
	ended := func(fields map[string]any) []byte {
		var v map[string]any
		if err := json.Unmarshal(altar, &v); err != nil {
			t.Fatal(err)
		}
		maps.Copy(v, fields)
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	srv.Publish(dun.ModuleName, ended(map[string]any{"mission_accomplished": true}))
	sharetest.Until(t, ctx, "the mission accomplished", `document.getElementById('mission')?.textContent === 'Mission accomplished!'`, 10*time.Second)
	srv.Publish(dun.ModuleName, ended(map[string]any{"mission_accomplished": true, "outcome": dun.OutcomeWon}))
	sharetest.Until(t, ctx, "the quest won", `document.getElementById('outcome')?.textContent === 'The quest is won.' && !document.getElementById('mission')`, 10*time.Second)
	srv.Publish(dun.ModuleName, altar)
	sharetest.Until(t, ctx, "the quest under way again", `!document.getElementById('outcome')`, 10*time.Second)

	// Reading aloud, with the browser's speech replaced by one that notes
	// what it is asked to say: a text's button, then each new text as it
	// comes once the box is ticked (and nothing on an undo).
	fake := script(t, ctx, `(() => {
		const said = [];
		window.__said = said;
		class Utterance { constructor(text) { this.text = text; this.lang = ''; } }
		Object.defineProperty(window, 'SpeechSynthesisUtterance', {value: Utterance, configurable: true, writable: true});
		Object.defineProperty(window, 'speechSynthesis', {value: {speak(u) { said.push({text: u.text, lang: u.lang}); }, cancel() {}, getVoices() { return []; }}, configurable: true});
	})()`)
	srv.Publish(dun.ModuleName, shrine)
	sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()+"?lang=es"))
	sharetest.Until(t, ctx, "the shrine in Spanish", `document.documentElement.lang === 'es' && !!document.querySelector('#texts li.newest[data-section="ember-shrine"]')`, 10*time.Second)
	sharetest.Do(t, ctx, chromedp.Click(chromedp.CSS("#texts li.newest button.read")))
	said := sharetest.Eval[[]map[string]string](t, ctx, `window.__said`)
	if len(said) != 1 || said[0]["lang"] != "es-ES" || !strings.HasPrefix(said[0]["text"], "Santuario de las brasas. ") {
		t.Errorf("reading the shrine's text aloud said %v", said)
	}
	sharetest.Do(t, ctx, chromedp.Click(chromedp.ID("speech-auto")))
	srv.Publish(dun.ModuleName, altar)
	sharetest.Until(t, ctx, "the red box read as it comes", `window.__said.length === 2 && window.__said[1].text.startsWith('El héroe que toca el altar')`, 10*time.Second)
	srv.Publish(dun.ModuleName, shrine)
	sharetest.Until(t, ctx, "the undo drawn", `!document.querySelector('#texts li.red')`, 10*time.Second)
	if n := sharetest.Eval[int](t, ctx, `window.__said.length`); n != 2 {
		t.Errorf("an undo read %d texts aloud", n-2)
	}
	sharetest.Do(t, ctx, chromedp.Click(chromedp.ID("speech-auto")))
	unscript(t, ctx, fake)
	// A browser that cannot read aloud says so on the buttons.
	none := script(t, ctx, `Object.defineProperty(window, 'speechSynthesis', {value: undefined, configurable: true})`)
	sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()+"?lang=en"))
	sharetest.Until(t, ctx, "no speech", `!!document.getElementById('speech-unavailable') && !!document.querySelector('#texts button.read')`, 10*time.Second)
	if b := sharetest.Eval[map[string]any](t, ctx, `(b => ({disabled: b.disabled, text: b.textContent}))(document.querySelector('#texts button.read'))`); b["disabled"] != true || b["text"] != "This browser cannot read aloud" {
		t.Errorf("a read-aloud button without speech: %v", b)
	}
	unscript(t, ctx, none)
	srv.Publish(dun.ModuleName, altar)

	// Light and dark: the toggle is remembered.
	sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()+"?lang=en"))
	sharetest.Until(t, ctx, "the theme button", `!document.getElementById('theme').hidden`, 10*time.Second)
	sharetest.Do(t, ctx, chromedp.Click(chromedp.ID("theme")))
	sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()))
	sharetest.Until(t, ctx, "dark after a reload", `document.documentElement.dataset.theme === 'dark' && document.getElementById('theme').textContent === 'Light mode'`, 10*time.Second)
	sharetest.Do(t, ctx, chromedp.Click(chromedp.ID("theme")))
	sharetest.Until(t, ctx, "light again", `document.documentElement.dataset.theme === 'light'`, 10*time.Second)
	sharetest.Eval[bool](t, ctx, `localStorage.removeItem('conductor.theme'), true`) // the screenshots follow the system's scheme
	// The language link.
	sharetest.Do(t, ctx, chromedp.Click(chromedp.ID("lang")))
	sharetest.Until(t, ctx, "Spanish", `document.documentElement.lang === 'es' && document.getElementById('quest-title').textContent === 'La tumba del Rey de Ceniza'`, 10*time.Second)

	type size struct {
		name string
		w, h int64
	}
	sizes := []size{{"360", 360, 740}, {"1280", 1280, 800}, {"1920", 1920, 1080}}
	shots := func(module string) {
		t.Helper()
		for _, lang := range []string{"en", "es"} {
			sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()+"?lang="+lang))
			sharetest.Until(t, ctx, module+" drawn in "+lang, `document.documentElement.lang === '`+lang+`' && !!document.querySelector('#view .game')`, 10*time.Second)
			for _, sz := range sizes {
				for _, dark := range []bool{false, true} {
					sharetest.Viewport(t, ctx, sz.w, sz.h, dark)
					settle(t, ctx)
					name := fmt.Sprintf("%s-%s-%s", module, lang, sz.name)
					if dark {
						name += "-dark"
					}
					if sz.w == 360 {
						sharetest.Fits(t, ctx, name)
					}
					sharetest.NoRawIDs(t, ctx, name)
					shot(t, ctx, name)
				}
			}
		}
	}
	shots("dun")
	// The text in red, in the dark too.
	sharetest.Viewport(t, ctx, 360, 740, true)
	if !sharetest.Eval[bool](t, ctx, isRed+`(getComputedStyle(document.querySelector('#texts li.red p')).color)`) {
		t.Error("dark: the red box's text is not red")
	}

	// A section with a picture: the map draws it from /images/<the name
	// the view gives>, which the server serves.
	pictured, name, picture := picturedTomb(t)
	srv.SetFiles(map[string]share.File{name: {Type: "image/png", Data: picture}})
	srv.Publish(dun.ModuleName, pictured)
	sharetest.Until(t, ctx, "the Ash Stair's picture", `document.querySelector('#map .sec[data-id="ash-stair"] image.picture')?.getAttribute('href') === '/images/`+name+`'`, 10*time.Second)
	if got := sharetest.Eval[string](t, ctx, `fetch('/images/`+name+`').then(r => r.status + ' ' + r.headers.get('Content-Type'))`); got != "200 image/png" {
		t.Errorf("the picture: %s", got)
	}
	sharetest.NoRawIDs(t, ctx, "a picture", name)
	shot(t, ctx, "dun-picture-es-360")

	// Free play: no quest, no map; the creatures still.
	free, err := dun.NewGame(dun.Setup{HeroVP: []int{25, 25}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	freeView, err := free.PublicJSON()
	if err != nil {
		t.Fatal(err)
	}
	srv.Publish(dun.ModuleName, freeView)
	sharetest.Until(t, ctx, "free play", `document.getElementById('quest-title').textContent === 'Partida libre' && !document.getElementById('map') && !!document.querySelector('.creatures-panel .empty')`, 10*time.Second)
	sharetest.NoRawIDs(t, ctx, "free play")

	// Dragon Canyon: the board and the AI's reason in words.
	canyon := browserCanyonViews(t)
	var fought []byte
	for _, v := range canyon {
		if bytes.Contains(v, []byte(`"reason.dc.dragon.spiral"`)) {
			fought = v
		}
	}
	if fought == nil {
		t.Fatal("no view of the solo game has the dragon's spiral search")
	}
	sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()+"?lang=en"))
	sharetest.Viewport(t, ctx, 1280, 800, false)
	srv.Publish(dragoncanyon.ModuleName, fought)
	sharetest.Until(t, ctx, "the Dragon Canyon board", `document.querySelectorAll('#board .tile').length === 16`, 10*time.Second)
	reason := sharetest.Eval[string](t, ctx, `document.getElementById('reason').textContent`)
	if !strings.Contains(reason, "4,3") || !strings.Contains(reason, "left") || !strings.Contains(reason, "anticlockwise") {
		t.Errorf("the AI's reason: %q", reason)
	}
	sharetest.NoRawIDs(t, ctx, "Dragon Canyon", "training_ground", "guard_tower")
	// A fight's result: its reason, and under it the details (the AI's
	// Guard Tower +2), in words.
	var details []byte
	for _, v := range canyon {
		if bytes.Contains(v, []byte(`"reason.dc.fight.player_wins"`)) && bytes.Contains(v, []byte(`"details":[`)) {
			details = v
		}
	}
	if details == nil {
		t.Fatal("no view of the solo game has a fight's result with details")
	}
	srv.Publish(dragoncanyon.ModuleName, details)
	sharetest.Until(t, ctx, "a fight's details", `!!document.getElementById('reason-details')`, 10*time.Second)
	if reason := sharetest.Eval[string](t, ctx, `document.getElementById('reason').textContent`); !strings.Contains(reason, "Player 1 wins the fight, 5") {
		t.Errorf("the fight's reason: %q", reason)
	}
	if got := sharetest.Eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#reason-details li')).map(li => li.textContent)`); !slices.Equal(got, []string{"For the AI: the Guard Tower, +2."}) {
		t.Errorf("the fight's details: %q", got)
	}
	sharetest.NoRawIDs(t, ctx, "a fight's details", "guard_tower")
	srv.Publish(dragoncanyon.ModuleName, fought)
	sharetest.Until(t, ctx, "the spiral search again", `!document.getElementById('reason-details') && document.getElementById('reason').textContent.includes('4,3')`, 10*time.Second)
	shots("canyon")
	// The game's end: the final score and who won, in words (the page is
	// in Spanish, as the last screenshots left it).
	srv.Publish(dragoncanyon.ModuleName, canyon[len(canyon)-1])
	sharetest.Until(t, ctx, "the final score", `document.querySelectorAll('#result li').length === 2`, 10*time.Second)
	if won := sharetest.Eval[string](t, ctx, `document.querySelector('.result .banner').textContent`); !strings.Contains(won, "Gana el jugador 1") {
		t.Errorf("the game's end: %q", won)
	}
	sharetest.Viewport(t, ctx, 360, 740, false)
	sharetest.Fits(t, ctx, "the final score")
	sharetest.NoRawIDs(t, ctx, "the final score")
	shot(t, ctx, "canyon-result-es-360")

	// Dungeon Twister: the score and the combat's step.
	twist := browserTwisterViews(t)
	sharetest.Do(t, ctx, chromedp.Navigate(srv.URL()+"?lang=en"))
	srv.Publish(twister.ModuleName, twist[1])
	sharetest.Until(t, ctx, "the Twister score", `document.querySelectorAll('#score tbody tr').length === 4`, 10*time.Second)
	step := sharetest.Eval[string](t, ctx, `document.querySelector('#combat-steps li.current').textContent`)
	player := sharetest.Eval[string](t, ctx, `document.querySelector('#score tbody th').textContent`)
	if player != "Blue" || step == "" {
		t.Errorf("Twister: the first player %q, the combat's step %q", player, step)
	}
	sharetest.NoRawIDs(t, ctx, "Twister", "twister.", "attacker_declares")
	shots("twister")

	// The sharing stops: the page says it lost the game and tries again.
	if err := srv.Stop(); err != nil {
		t.Fatal(err)
	}
	// (The page is in Spanish, as the last screenshots left it.)
	sharetest.Until(t, ctx, "the connection lost", `!document.getElementById('conn').hidden && document.getElementById('conn').textContent === 'Se ha perdido la conexión; reconectando…'`, 10*time.Second)
	// A new sharing on the same address has forgotten this device: the
	// page says so and offers to reload (to the PIN form).
	addr := strings.TrimSuffix(strings.TrimPrefix(srv.URL(), "http://"), "/")
	again, err := share.Start(share.Config{Addr: addr, PIN: "654321"})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Stop()
	sharetest.Until(t, ctx, "the device forgotten", `!!document.getElementById('conn-reload')`, 20*time.Second)
	sharetest.Do(t, ctx, chromedp.Click(chromedp.ID("conn-reload")))
	sharetest.Until(t, ctx, "the PIN form again", `!!document.getElementById('pin')`, 10*time.Second)
}

// watchResizes has every page the browser loads from now on note when its
// window was last resized (window.__resizedAt), before the page's own
// script listens: settle waits on it.
func watchResizes(t *testing.T, ctx context.Context) {
	t.Helper()
	script(t, ctx, `window.__resizedAt = -1e9; addEventListener('resize', () => { window.__resizedAt = performance.now(); });`)
}

// pageRedraw is how long app.js waits after the window's last resize to
// redraw the game's part (its resize handler's timeout).
const pageRedraw = 150 * time.Millisecond

// settle waits until the page shows what a new size or colour scheme of the
// window brings: two frames (the resize and media query events come before
// a frame's callbacks), and after a resize, the page's redraw (pageRedraw
// after the last resize event, 10 ms more for its timer to run first) and a
// frame after it. It waits on watchResizes.
func settle(t *testing.T, ctx context.Context) {
	t.Helper()
	sharetest.Eval[bool](t, ctx, fmt.Sprintf(`new Promise(done => {
		const frames = (n, then) => requestAnimationFrame(() => n > 1 ? frames(n - 1, then) : then());
		const wait = () => {
			const left = window.__resizedAt + %d + 10 - performance.now();
			if (left > 0) setTimeout(() => frames(1, wait), left);
			else frames(1, () => done(true));
		};
		frames(2, wait);
	})`, pageRedraw.Milliseconds()))
}

// script has the browser run js in every page it loads from now on, until
// unscript.
func script(t *testing.T, ctx context.Context, js string) page.ScriptIdentifier {
	t.Helper()
	r, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js})
	if err != nil {
		t.Fatal(err)
	}
	return r.Identifier
}

func unscript(t *testing.T, ctx context.Context, id page.ScriptIdentifier) {
	t.Helper()
	if _, err := chromedp.Call(ctx, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: id}); err != nil {
		t.Fatal(err)
	}
}

// Every message the page uses is in both languages and given to the page:
// the ids app.js, page.html and every part's script name, each kind of
// section and exit, each reason of the Dragon Canyon AI (with the same
// arguments as the Conductor's message, and the form for 1 when it has
// one) and each Dungeon Twister ruling.
func TestPageMessages(t *testing.T) {
	js, err := os.ReadFile("web/static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile("web/page.html")
	if err != nil {
		t.Fatal(err)
	}
	need := map[string]string{}
	named := func(prefix string, code []byte, where string) {
		for _, m := range regexp.MustCompile(`['"](`+regexp.QuoteMeta(prefix)+`[a-z0-9_.]*[a-z0-9_])['"]`).FindAllSubmatch(code, -1) {
			need[string(m[1])] = where
		}
	}
	named("share.page.", append(js, html...), "named in the page")
	parts := share.Parts()
	for _, p := range parts {
		for _, prefix := range p.Messages {
			named(prefix, p.Script, "named in "+p.Module+"'s part")
		}
	}
	if len(need) < 80 || len(parts) < 3 {
		t.Fatalf("%d messages named in %d parts: the scan misses them", len(need), len(parts))
	}
	for _, k := range quest.SectionKinds {
		need["ui.dun.page.kind."+k] = "a section kind"
	}
	for _, k := range quest.ExitKinds {
		need["ui.dun.page.exit."+k] = "an exit kind"
	}
	for _, r := range twister.Rulings { // the rulings' own messages, passed to the page as they are
		need[engine.RulingTitle(r.ID)] = "a Twister ruling's title"
		need[engine.RulingText(r.ID)] = "a Twister ruling's text"
	}
	en, err := translations.IDs("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "es"} {
		ids, err := translations.IDs(lang)
		if err != nil {
			t.Fatal(err)
		}
		given := share.PageMessages(lang)
		for id, why := range need {
			if _, ok := ids[id]; !ok {
				t.Errorf("%s: %s (%s) is missing", lang, id, why)
			} else if _, ok := given[id]; !ok {
				t.Errorf("%s: %s (%s) is not given to the page", lang, id, why)
			}
		}
		// Every reason of the AI reaches the page as the Conductor's own
		// message, its arguments as the page writes them, and the form
		// for 1 when the message has one.
		messages := share.PageMessages(lang)
		for id, forms := range en {
			if !strings.HasPrefix(id, "reason.dc.") {
				continue
			}
			page, ok := messages[id]
			if !ok {
				t.Errorf("%s: the page is not given %s", lang, id)
				continue
			}
			if strings.Contains(page, "{{") || page != regexp.MustCompile(`\{\{\.(\w+)\}\}`).ReplaceAllString(rawMessage(t, lang, id), "{$1}") {
				t.Errorf("%s: the page's %s is %q", lang, id, page)
			}
			if _, one := messages[id+".one"]; slices.Contains(forms, "one") && !one {
				t.Errorf("%s: the page is not given %s's form for 1", lang, id)
			}
		}
	}
}

// rawMessage is message id of Dragon Canyon's message file in lang,
// its template unrendered (the "other" form of a plural).
func rawMessage(t *testing.T, lang, id string) string {
	t.Helper()
	b, err := os.ReadFile("../dragoncanyon/messages/dragoncanyon." + lang + ".toml")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := toml.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	switch v := m[id].(type) {
	case string:
		return v
	case map[string]any:
		s, _ := v["other"].(string)
		return s
	}
	t.Fatalf("%s: no %s", lang, id)
	return ""
}

// picturedTomb is the players' view of a Tomb whose Ash Stair has a
// picture in the quest file, with the picture's name and bytes.
func picturedTomb(t *testing.T) (view []byte, name string, picture []byte) {
	t.Helper()
	tomb, ok := content.BuiltinQuest("the-tomb-of-the-ash-king")
	if !ok {
		t.Fatal("no Tomb among the built-in quests")
	}
	q := *tomb
	q.Sections = slices.Clone(q.Sections)
	img := image.NewRGBA(image.Rect(0, 0, 16, 64))
	for y := range 64 {
		for x := range 16 {
			img.Set(x, y, color.RGBA{R: uint8(90 + 2*y), G: uint8(80 + y), B: 70, A: 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	picture = buf.Bytes()
	q.Sections[slices.IndexFunc(q.Sections, func(s quest.Section) bool { return s.ID == "ash-stair" })].Image = "data:image/png;base64," + base64.StdEncoding.EncodeToString(picture)
	g, err := dun.NewGame(dun.Setup{HeroVP: []int{25, 25, 25}, QuestData: &q, Seed: 77})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(&dun.NewTurn{}); err != nil {
		t.Fatal(err)
	}
	files := g.PublicFiles()
	if len(files) != 1 {
		t.Fatalf("the pictured Tomb's files: %v", files)
	}
	view, err = g.PublicJSON()
	if err != nil {
		t.Fatal(err)
	}
	return view, files[0], picture
}
