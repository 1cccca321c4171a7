package engine_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/core/engine/enginetest"
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

// rulingKit is toyKit with rulings and an ending.
var rulingKit = func() *engine.Kit[counter, toySetup] {
	k := *toyKit
	k.Rulings = []engine.Ruling{{ID: "toy.count", Topic: "toy"}}
	k.Ended = func(sum []engine.Message) bool { return len(sum) > 0 && sum[0].Args["N"] == 9 }
	return &k
}()

// The kit gives the module: its name and events, New, Resume and Fold as
// the kit's, and its rulings and ending from the kit's fields (none and
// never, without them); NewAs and ResumeAs give the module's own game
// type, and nothing typed behind an error.
func TestKitModule(t *testing.T) {
	m := rulingKit.Module()
	var _ engine.Module = m
	var _ engine.Folding = m
	var _ engine.Rulings = m
	if m.Name() != "toy" || m.Events() != counterEvents {
		t.Fatalf("%s %v", m.Name(), m.Events())
	}
	p, err := m.New([]byte(`{"start": 4}`), nil)
	if err != nil || p.(*toy).State().N != 4 {
		t.Fatalf("new: %v %v", p, err)
	}
	sj, _ := p.SetupJSON()
	if r, err := m.Resume(sj, p.Content(), nil, nil); err != nil || r.(*toy).State().N != 4 {
		t.Fatalf("resume: %v %v", r, err)
	}
	if _, err := m.Fold(sj, p.Content(), nil); err != nil {
		t.Fatal(err)
	}
	if r := m.Rulings(); len(r) != 1 || r[0].ID != "toy.count" || len(p.(*toy).Rulings()) != 1 {
		t.Fatalf("rulings %v", r)
	}
	if !m.Ended([]engine.Message{{Args: map[string]any{"N": 9}}}) || m.Ended([]engine.Message{{Args: map[string]any{"N": 8}}}) {
		t.Fatal("the kit's ending is not the module's")
	}
	bare := toyKit.Module()
	if bare.Rulings() != nil || bare.Ended([]engine.Message{{Args: map[string]any{"N": 9}}}) {
		t.Fatal("a kit without rulings or an ending gives some")
	}

	g, err := engine.NewAs[*toy](toyKit, toySetup{Start: 2})
	if err != nil || g.State().N != 2 {
		t.Fatalf("NewAs: %v %v", g, err)
	}
	apply(t, g.Game, &Add{By: 1})
	if r, err := engine.ResumeAs[*toy](toyKit, g.Setup(), g.Records(), nil); err != nil || r.State().N != 3 {
		t.Fatalf("ResumeAs: %v %v", r, err)
	}
	if g, err := engine.NewAs[*toy](toyKit, toySetup{Start: -1}); err == nil || g != nil {
		t.Fatalf("NewAs of a bad setup: %v %v", g, err)
	}
	if g, err := engine.ResumeAs[*toy](toyKit, toySetup{Start: -1}, nil, nil); err == nil || g != nil {
		t.Fatalf("ResumeAs of a bad setup: %v %v", g, err)
	}
}

// An event registered beside its type, after the registry was made, is
// decoded, known and listed as one given to NewRegistry; the order of
// registration does not matter; a type registered twice panics.
func TestRegisterBesideTheType(t *testing.T) {
	a := engine.NewRegistry()
	if typ := a.Register(func() engine.Event { return &Lock{} }); typ != "lock" {
		t.Fatalf("Register gave %q", typ)
	}
	a.Register(func() engine.Event { return &Add{} })
	b := engine.NewRegistry(func() engine.Event { return &Add{} }, func() engine.Event { return &Lock{} })
	if !slices.Equal(a.Types(), b.Types()) || !a.Knows(&Add{}) {
		t.Fatalf("%v, %v", a.Types(), b.Types())
	}
	enginetest.CheckCodec(t, a)
	if e, err := a.Decode([]byte(`{"type":"add","by":2}`)); err != nil || e.(*Add).By != 2 {
		t.Fatalf("%v %v", e, err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a type registered twice was accepted")
		}
	}()
	a.Register(func() engine.Event { return &Add{} })
}
