package bestiary

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// The behaviour types are read from behaviours.toml, in name order, each
// with what its table says ("Specific Behavior"; "Activating Order" for
// the groups; "A Leader may have its own behavior card" for Raazbal's).
func TestBehaviourTypesFromTheirFile(t *testing.T) {
	var ids []string
	for _, b := range BehaviourTypes {
		ids = append(ids, b.ID)
	}
	if want := "beast,leader,melee,raazbal,ranged,spellcaster"; strings.Join(ids, ",") != want {
		t.Fatalf("types %v, want %s", ids, want)
	}
	cases := []struct {
		id   string
		want BehaviourType
	}{
		{"melee", BehaviourType{ID: "melee", WeaponChoice: true, AreaPositioning: true}},
		{"ranged", BehaviourType{ID: "ranged", Group: "ranged", WeaponChoice: true, AreaPositioning: true}},
		{"spellcaster", BehaviourType{ID: "spellcaster", Group: "spellcaster", WeaponChoice: true, AreaPositioning: true}},
		{"leader", BehaviourType{ID: "leader", LeaderOnly: true}},
		{"raazbal", BehaviourType{ID: "raazbal", OwnCard: true, WeaponChoice: true, AreaPositioning: true}},
	}
	for _, c := range cases {
		if got, ok := Behaviour(c.id); !ok || got != c.want {
			t.Errorf("%s: %+v %v, want %+v", c.id, got, ok, c.want)
		}
	}
	if _, ok := Behaviour("dragon"); ok {
		t.Error("a type behaviours.toml lacks was found")
	}
}

// "General Behavior", "Maximize their potential" and "Leader" (The
// Artificial Dark Player): the end of each creature's activation card.
func TestCard(t *testing.T) {
	cases := []struct {
		name          string
		typ, level    string
		leaderOnBoard bool
		want          []string
	}{
		{"a melee creature while its Leader is on the board guards it, then its weapon, its stance and its card", "melee", LevelRegular, true,
			[]string{"behaviour.step.guard_leader", "behaviour.step.weapon", "behaviour.step.area", "behaviour.melee.card"}},
		{"no Leader on the board: nothing to guard", "ranged", LevelElite, false,
			[]string{"behaviour.step.weapon", "behaviour.step.area", "behaviour.ranged.card"}},
		{"the Leader is not told to guard itself, and uses the Leader card too", "spellcaster", LevelLeader, true,
			[]string{"behaviour.step.weapon", "behaviour.step.area", "behaviour.spellcaster.card", "behaviour.leader.card"}},
		{"Raazbal acts by his own card and the Leader card", "raazbal", LevelLeader, true,
			[]string{"behaviour.step.weapon", "behaviour.step.area", "behaviour.raazbal.card", "behaviour.leader.card"}},
	}
	for _, c := range cases {
		if got := Card(c.typ, c.level, c.leaderOnBoard); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// A faction file is read with the behaviour types a creature may have on
// its own and the four levels: the sample reads; the Leader card as a
// profile's behaviour, or a level there is not, is a problem on its line.
func TestParseFaction(t *testing.T) {
	src, err := os.ReadFile("../../../data/factions/vermin.toml")
	if err != nil {
		t.Fatal(err)
	}
	if f, ps := ParseFaction("vermin.toml", src); ps != nil || f.ID != "vermin" {
		t.Fatalf("the sample: %v", ps)
	}
	cases := []struct{ name, from, to string }{
		{"the Leader card as a behaviour", `behaviour = "beast"`, `behaviour = "leader"`},
		{"a level there is not", `level = "regular"`, `level = "boss"`},
	}
	for _, c := range cases {
		bad := strings.Replace(string(src), c.from, c.to, 1)
		_, ps := ParseFaction("vermin.toml", []byte(bad))
		if len(ps) == 0 || ps[0].File != "vermin.toml" || ps[0].Line == 0 {
			t.Errorf("%s: %v", c.name, ps)
		}
	}
}
