package dun

import (
	"encoding/json"
	"errors"
	"testing"
)

// flagsThrough are the flags a save from before editions gave to play
// edition e: every flag of an edition up to e on, the later ones off.
func flagsThrough(e int) Rules {
	var r Rules
	for _, ed := range Editions {
		on := ed.Edition <= e
		*r.flags()[ed.Edition] = &on
	}
	return r
}

// readings are every rule an edition turns on, as the code reads it.
func readings(r Rules) [5]bool {
	return [5]bool{r.dueSteps(), r.adpDrawsOnFumbles(), r.tableFlow(), r.combatRange(), r.openDeclared()}
}

// Each edition plays as the flags of saves from before editions did, and
// a save that gives neither plays the first edition.
func TestEditionReadsAsTheFlagsDid(t *testing.T) {
	cases := []struct {
		edition int
		want    [5]bool // due steps, ADP draws, table flow, combat range, open declared
	}{
		{EditionFirst, [5]bool{}},
		{EditionDueSteps, [5]bool{true}},
		{EditionADPDraws, [5]bool{true, true}},
		{EditionTableFlow, [5]bool{true, true, true}},
		{EditionCombatRange, [5]bool{true, true, true, true}},
		{EditionOpenDeclared, [5]bool{true, true, true, true, true}},
	}
	if len(cases) != LatestEdition {
		t.Fatalf("%d editions tested, the latest is %d: add its case", len(cases), LatestEdition)
	}
	for _, c := range cases {
		if got := readings(Rules{Edition: c.edition}); got != c.want {
			t.Errorf("edition %d reads %v, want %v", c.edition, got, c.want)
		}
		if got := readings(flagsThrough(c.edition)); got != c.want {
			t.Errorf("the flags through edition %d read %v, want %v", c.edition, got, c.want)
		}
	}
	if got := readings(Rules{}); got != cases[0].want {
		t.Errorf("a save with neither edition nor flags reads %v, want the first edition's", got)
	}
	// The flags of before editions, each honoured alone: the combat range
	// and the declared opening only with the table flow, as they were.
	off, on := false, true
	if got := readings(Rules{DueSteps: &off, TableFlow: &on, CombatRange: &on}); got != [5]bool{false, false, true, true, false} {
		t.Errorf("flags out of edition order read %v", got)
	}
}

// A new game takes the latest edition; a script that gives the flags of
// before editions plays by them, the ones it leaves out on, as before.
func TestNewGameEdition(t *testing.T) {
	off := false
	cases := []struct {
		name  string
		rules Rules
		want  [5]bool
		ed    int
	}{
		{"nothing given", Rules{}, [5]bool{true, true, true, true, true}, LatestEdition},
		{"an edition given", Rules{Edition: EditionADPDraws}, [5]bool{true, true}, EditionADPDraws},
		{"an old script's flag", Rules{DueSteps: &off}, [5]bool{false, true, true, true, true}, 0},
		{"an old script's table flow off", Rules{TableFlow: &off}, [5]bool{true, true, false, false, false}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGame(Setup{Heroes: 2, GroupVP: 30, LeaderVP: 10, Rules: c.rules})
			if err != nil {
				t.Fatal(err)
			}
			r := g.Setup().Rules
			if r.Edition != c.ed || readings(r) != c.want {
				t.Errorf("edition %d reads %v, want %d %v", r.Edition, readings(r), c.ed, c.want)
			}
			if c.ed > 0 && r.TableFlow != nil {
				t.Error("a game with an edition saved the flags too")
			}
		})
	}
}

// An edition the app does not know, or one given with a flag it replaces,
// is refused, naming the field.
func TestEditionRefused(t *testing.T) {
	on := true
	cases := []struct {
		name  string
		rules Rules
		field string
		id    string
	}{
		{"past the latest", Rules{Edition: LatestEdition + 1}, "rules.edition", "setup.rules.edition"},
		{"negative", Rules{Edition: -1}, "rules.edition", "setup.rules.edition"},
		{"with a flag", Rules{Edition: EditionTableFlow, TableFlow: &on}, "rules.table_flow", "setup.rules.edition_flag"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewGame(Setup{Heroes: 2, GroupVP: 30, LeaderVP: 10, Rules: c.rules})
			var errs SetupErrors
			if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != c.field || errs[0].ID != c.id {
				t.Fatalf("error %v, want %s on %s", err, c.id, c.field)
			}
		})
	}
}

// The Tomb, played as a new game (the latest edition), replays to the same
// state from a setup with the flags saves had before editions: saves on
// disk keep playing as they were played.
func TestFlagsSaveReplaysAsTheEdition(t *testing.T) {
	g, _ := tombInSittings(t)
	want, err := json.Marshal(g.State())
	if err != nil {
		t.Fatal(err)
	}
	setup := g.Setup()
	if setup.Rules.Edition != LatestEdition {
		t.Fatalf("the Tomb plays edition %d", setup.Rules.Edition)
	}
	setup.Rules = flagsThrough(LatestEdition)
	setup.Rules.Edition = 0
	old, err := Resume(setup, g.Records(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(old.State())
	if string(got) != string(want) {
		t.Error("the save with the flags replays to another state")
	}
}
