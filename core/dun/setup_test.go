package dun

import (
	"errors"
	"testing"
)

// ADP "Setup" steps 2-3 and the group limits: what a valid setup is.
func TestSetupValidate(t *testing.T) {
	cases := []struct {
		name   string
		setup  Setup
		fields []string // fields with an error, in order; nil means valid
	}{
		{"group VP given directly", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 12}, nil},
		{"hero list gives count and group VP", Setup{HeroVP: []int{15, 20, 10}, LeaderVP: 20}, nil},
		{"leader costing exactly the group VP is allowed", Setup{Heroes: 1, GroupVP: 20, LeaderVP: 20}, nil},
		{"free leader is allowed", Setup{Heroes: 1, GroupVP: 20, LeaderVP: 0}, nil},
		{"rotating conductor", Setup{Heroes: 4, GroupVP: 60, LeaderVP: 15, Conductor: "rotating"}, nil},
		{"no heroes", Setup{Heroes: 0, GroupVP: 40, LeaderVP: 10}, []string{"heroes"}},
		{"six heroes", Setup{HeroVP: []int{10, 10, 10, 10, 10, 10}, LeaderVP: 10}, []string{"heroes"}},
		{"a hero with negative VP", Setup{HeroVP: []int{15, -5}, LeaderVP: 5}, []string{"hero_vp.1"}},
		{"negative group VP", Setup{Heroes: 2, GroupVP: -4, LeaderVP: 0}, []string{"group_vp"}},
		{"negative leader VP", Setup{Heroes: 2, GroupVP: 40, LeaderVP: -1}, []string{"leader_vp"}},
		{"leader costing more than the group VP", Setup{Heroes: 2, GroupVP: 30, LeaderVP: 31}, []string{"leader_vp"}},
		{"hero list and group VP disagree", Setup{HeroVP: []int{10, 10}, GroupVP: 25, LeaderVP: 5}, []string{"group_vp"}},
		{"hero list and count disagree", Setup{Heroes: 3, HeroVP: []int{10, 10}, LeaderVP: 5}, []string{"hero_vp"}},
		{"unknown conductor mode", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 5, Conductor: "team"}, []string{"conductor"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.setup.Normalize().Validate()
			if c.fields == nil {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			var errs SetupErrors
			if !errors.As(err, &errs) {
				t.Fatalf("want SetupErrors, got %v", err)
			}
			var got []string
			for _, e := range errs {
				got = append(got, e.Field)
			}
			if len(got) != len(c.fields) {
				t.Fatalf("fields %v, want %v (%v)", got, c.fields, err)
			}
			for i := range got {
				if got[i] != c.fields[i] {
					t.Fatalf("fields %v, want %v", got, c.fields)
				}
			}
		})
	}
}

// ADP "Setup" 2: the counter starts at the group VP; 3: the Leader is paid from it.
func TestNewGameAppliesADPSetup(t *testing.T) {
	cases := []struct {
		name        string
		setup       Setup
		wantReserve int
		wantGroupVP int
		wantHeroes  int
		wantMode    string
	}{
		{"two heroes, leader 12", Setup{Heroes: 2, GroupVP: 40, LeaderVP: 12}, 28, 40, 2, "single"},
		{"hero list 15+20+10, leader 20", Setup{HeroVP: []int{15, 20, 10}, LeaderVP: 20}, 25, 45, 3, "single"},
		{"leader takes everything", Setup{Heroes: 1, GroupVP: 20, LeaderVP: 20}, 0, 20, 1, "single"},
		{"rotating kept", Setup{Heroes: 5, GroupVP: 100, LeaderVP: 30, Conductor: "rotating"}, 70, 100, 5, "rotating"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGame(c.setup)
			if err != nil {
				t.Fatal(err)
			}
			s := g.State()
			if s.Reserve != c.wantReserve || g.Setup().GroupVP != c.wantGroupVP || g.Setup().Heroes != c.wantHeroes || g.Setup().Conductor != c.wantMode {
				t.Fatalf("reserve %d group %d heroes %d mode %q", s.Reserve, g.Setup().GroupVP, g.Setup().Heroes, g.Setup().Conductor)
			}
			want := []LedgerLine{
				{Seq: 0, Delta: c.wantGroupVP, Reason: "reason.group_vp", Balance: c.wantGroupVP},
				{Seq: 0, Delta: -c.setup.LeaderVP, Reason: "reason.leader_paid", Balance: c.wantReserve},
			}
			if len(s.Ledger) != 2 || s.Ledger[0] != want[0] || s.Ledger[1] != want[1] {
				t.Fatalf("ledger %+v, want %+v", s.Ledger, want)
			}
			if s.Turn != 0 || s.Achievements != 0 {
				t.Fatalf("turn %d achievements %d before the first turn", s.Turn, s.Achievements)
			}
		})
	}
}

func TestNewGameRefusesInvalidSetup(t *testing.T) {
	if _, err := NewGame(Setup{Heroes: 6, GroupVP: 40}); err == nil {
		t.Fatal("six heroes accepted")
	}
}

func TestDecodeSetupIsStrict(t *testing.T) {
	for _, bad := range []string{`{"heroes":2,"group_vp":40,"leadr_vp":3}`, `{"heroes":2,"group_vp":40} {}`, `{"heroes":2,"group_vp":40}}`} {
		if _, err := kit.Decode([]byte(bad), nil); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	s, err := kit.Decode([]byte(`{"hero_vp":[10,12],"leader_vp":3,"conductor":"rotating","seed":7}`+"\n"), nil)
	if err != nil || s.Seed != 7 || len(s.HeroVP) != 2 || s.Conductor != "rotating" {
		t.Fatalf("%+v %v", s, err)
	}
}

// "Setup", steps 2 and 3: the reserve starts at the group's VP less the
// Leader's, as StartingReserve says before the game starts.
func TestStartingReserve(t *testing.T) {
	for _, s := range []Setup{{Heroes: 2, GroupVP: 30, LeaderVP: 30}, {HeroVP: []int{20, 25}, LeaderVP: 12}} {
		g := mustGame(t, s)
		if got, want := g.State().Reserve, g.Setup().StartingReserve(); got != want {
			t.Errorf("%+v: reserve %d, StartingReserve %d", s, got, want)
		}
	}
}
