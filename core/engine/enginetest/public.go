package enginetest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// ForeignKeys are the object keys of the JSON document js, at any depth,
// that allowed does not list, sorted; or the decoding error. A players'
// view checks with it that nothing comes in unseen.
func ForeignKeys(js []byte, allowed []string) ([]string, error) {
	var doc any
	if err := json.Unmarshal(js, &doc); err != nil {
		return nil, err
	}
	found := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				found[k] = true
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc)
	var out []string
	for k := range found {
		if !slices.Contains(allowed, k) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out, nil
}

// Broken is one way to break a players' view on purpose, for a leak test:
// Break changes the view (nil: not at all), Raw then its JSON (nil: not at
// all), and Check is the check of the module's leak finder that must
// catch it (its leaks read "check: ..."). At names the moment of the game
// the view is taken at, for a module that breaks views at several.
type Broken[V any] struct {
	At, Name, Check string
	Break           func(v *V)
	Raw             func(js []byte) []byte
}

// LeaksCaught proves a module's leak finder: for each case, the view
// (view(c.At), as the game gives it) has no leak, and broken as the case
// says it has one of the case's check. leaks finds what a view's JSON
// shows that the players may not see, at moment at.
func LeaksCaught[V any](t *testing.T, view func(at string) V, leaks func(at string, js []byte) []string, cases []Broken[V]) {
	t.Helper()
	if len(cases) == 0 {
		t.Fatal("no broken view: the leak finder is not proved")
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if found := leaks(c.At, mustJSON(t, view(c.At))); len(found) > 0 {
				t.Fatalf("the view unbroken: %v", found)
			}
			v := view(c.At)
			if c.Break != nil {
				c.Break(&v)
			}
			js := mustJSON(t, v)
			if c.Raw != nil {
				js = c.Raw(js)
			}
			found := leaks(c.At, js)
			if !slices.ContainsFunc(found, func(l string) bool { return strings.HasPrefix(l, c.Check+": ") }) {
				t.Fatalf("the %s check let it through (found %v)\n%s", c.Check, found, js)
			}
		})
	}
}

// NoLeak fails the test when the players' view of g shows anything leaks
// finds; at says when (an event's place in the game).
func NoLeak(t *testing.T, g engine.Public, at string, leaks func(js []byte) []string) {
	t.Helper()
	js, err := g.PublicJSON()
	if err != nil {
		t.Fatal(err)
	}
	if found := leaks(js); len(found) > 0 {
		t.Fatalf("%s, the players' view shows:\n%s\n%s", at, strings.Join(found, "\n"), js)
	}
}

// Script reads one of cmd/conductor's golden scripts (JSON Lines: the
// setup, then events): the setup without its "game" field, and every
// event decoded with reg.
func Script(t *testing.T, path string, reg *engine.Registry) ([]byte, []engine.Event) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var setup []byte
	var events []engine.Event
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		switch {
		case len(line) == 0:
		case setup == nil:
			var first struct {
				Setup map[string]json.RawMessage `json:"setup"`
			}
			if err := json.Unmarshal(line, &first); err != nil || first.Setup == nil {
				t.Fatalf("%s: no setup first: %v", path, err)
			}
			delete(first.Setup, "game")
			setup, _ = json.Marshal(first.Setup)
		default:
			e, err := reg.Decode(line)
			if err != nil {
				t.Fatalf("%s: %s: %v", path, line, err)
			}
			events = append(events, e)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return setup, events
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
