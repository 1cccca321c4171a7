package engine_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

func TestDecodeStrict(t *testing.T) {
	type setup struct {
		N int `json:"n"`
	}
	for _, ok := range []string{`{"n": 2}`, "{\"n\": 2}\n", " {\"n\":2}\t\r\n "} {
		if s, err := engine.DecodeStrict[setup]([]byte(ok)); err != nil || s.N != 2 {
			t.Errorf("%q: %+v %v", ok, s, err)
		}
	}
	for _, bad := range []string{`{"n": 2, "m": 1}`, `{"n": 2} {}`, `{"n": 2}}`, `{"n": 2}]`, `{"n": 2} x`, `{"n": 2}{"n": 3}`, `{"n": 2`, ``} {
		if s, err := engine.DecodeStrict[setup]([]byte(bad)); err == nil || s.N != 0 {
			t.Errorf("%q accepted: %+v", bad, s)
		}
	}
}

// toySetup is the counter's setup: where it starts, and a flag only a new
// game sets (today's default).
type toySetup struct {
	Start int   `json:"start"`
	Fresh *bool `json:"fresh,omitempty"`
	Note  string
}

// toy is a module's game type as the modules write it.
type toy struct {
	*engine.SetupGame[counter, toySetup]
}

func (*toy) Prompts() []engine.Prompt { return nil }

var toyKit = &engine.Kit[counter, toySetup]{
	Name:    "toy",
	Version: 1,
	Events:  counterEvents,
	Rules:   func(s toySetup) engine.Rules[counter] { return counterRules{start: s.Start} },
	Normalize: func(s toySetup) toySetup {
		if s.Note == "" {
			s.Note = "normalized"
		}
		return s
	},
	Validate: func(s toySetup) error {
		if s.Start < 0 {
			return engine.SetupErrors{{Field: "start", ID: "setup.start"}}
		}
		return nil
	},
	Fresh: func(s toySetup) (toySetup, error) {
		on := true
		s.Fresh = &on
		if s.Start == 13 {
			return s, errors.New("unlucky")
		}
		return s, nil
	},
	Content: func(s toySetup) []byte { return []byte(s.Note) },
	WithContent: func(s *toySetup, b []byte) error {
		if string(b) == "bad" {
			return errors.New("bad content")
		}
		s.Note = string(b)
		return nil
	},
	Summary: func(s toySetup, c *counter) []engine.Message {
		return []engine.Message{{ID: "summary", Args: map[string]any{"N": c.N, "Start": s.Start}}}
	},
	Wrap: func(g *engine.SetupGame[counter, toySetup]) engine.Play { return &toy{g} },
}

// The kit's New gives a new game today's defaults after Normalize and checks
// it; Resume takes the setup as saved; the game answers Play from its setup.
func TestKitNewAndResume(t *testing.T) {
	g, err := toyKit.New(toySetup{Start: 3})
	if err != nil {
		t.Fatal(err)
	}
	if s := g.Setup(); s.Fresh == nil || !*s.Fresh || s.Note != "normalized" || s.Start != 3 {
		t.Fatalf("setup %+v", s)
	}
	apply(t, g.Game, &Add{By: 2})
	js, _ := g.SetupJSON()
	if string(js) != `{"start":3,"fresh":true,"Note":"normalized"}` || g.Module() != "toy" || g.Events() != counterEvents ||
		string(g.Content()) != "normalized" {
		t.Fatalf("setup %s module %s content %q", js, g.Module(), g.Content())
	}
	if sum := g.Summary(); len(sum) != 1 || sum[0].Args["N"] != 5 || sum[0].Args["Start"] != 3 {
		t.Fatalf("summary %+v", sum)
	}
	if st, _ := g.StateJSON(); string(st) != `{"n":5,"locked":false,"adds":["add"]}` {
		t.Fatalf("state %s", st)
	}
	if _, err := toyKit.New(toySetup{Start: -1}); err == nil {
		t.Fatal("an invalid setup started a game")
	}
	if _, err := toyKit.New(toySetup{Start: 13}); err == nil || err.Error() != "unlucky" {
		t.Fatalf("Fresh's refusal: %v", err)
	}

	r, err := toyKit.Resume(toySetup{Start: 13}, g.Records(), nil) // a saved game: no new defaults
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Setup(); s.Fresh != nil || s.Note != "normalized" || r.State().N != 15 {
		t.Fatalf("resumed %+v, state %+v", s, r.State())
	}
	if _, err := toyKit.Resume(toySetup{Start: -1}, nil, nil); err == nil {
		t.Fatal("an invalid saved setup resumed")
	}
}

// Module's New, Resume and Fold from JSON: strict decoding, the content,
// the module's own game type, and no typed nil behind an error.
func TestKitPlay(t *testing.T) {
	p, err := toyKit.NewPlay([]byte(`{"start": 4}`), []byte("quest"))
	if err != nil {
		t.Fatal(err)
	}
	g, ok := p.(*toy)
	if !ok || g.Setup().Note != "quest" || g.State().N != 4 {
		t.Fatalf("%T %+v", p, p)
	}
	if _, err := g.Apply(&Add{By: 1}); err != nil {
		t.Fatal(err)
	}
	sj, _ := g.SetupJSON()
	r, err := toyKit.ResumePlay(sj, g.Content(), g.Records(), nil)
	if err != nil || r.(*toy).State().N != 5 {
		t.Fatalf("%v %v", r, err)
	}
	f, err := toyKit.Fold(sj, g.Content(), func(int) (engine.Event, error) { return nil, fmt.Errorf("nothing to fetch") })
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Step(&Add{By: 1}); err != nil || f.Summary()[0].Args["N"] != 5 {
		t.Fatalf("fold: %v %+v", err, f.Summary())
	}
	for _, c := range []struct{ setup, content, want string }{
		{`{"start": 4, "stray": 1}`, "", "setup: "},
		{`{"start": 4} {}`, "", "setup: "},
		{`{"start": 4}`, "bad", "bad content"},
		{`{"start": -4}`, "", ""},
	} {
		for name, open := range map[string]func() (engine.Play, error){
			"new":    func() (engine.Play, error) { return toyKit.NewPlay([]byte(c.setup), []byte(c.content)) },
			"resume": func() (engine.Play, error) { return toyKit.ResumePlay([]byte(c.setup), []byte(c.content), nil, nil) },
			"fold": func() (engine.Play, error) {
				_, err := toyKit.Fold([]byte(c.setup), []byte(c.content), nil)
				return nil, err
			},
		} {
			p, err := open()
			if err == nil || p != nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("%s %s %q: %v %#v", name, c.setup, c.content, err, p)
			}
		}
	}
}
