package twister

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Every refusal of a combat declaration, the first problem found.
func TestCheckDeclarationEachRefusal(t *testing.T) {
	ok := Fighter{Name: "Warrior", Strength: 3}
	many := func(n int, b Bonus) []Bonus {
		out := make([]Bonus, n)
		for i := range out {
			out[i] = b
		}
		return out
	}
	long := strings.Repeat("x", MaxName+1)
	for _, c := range []struct {
		name      string
		d         Declaration
		attacking bool
		want      string
	}{
		{"attack", Declaration{Fighters: []Fighter{ok}, Items: []Bonus{{Name: "Sword", Use: UseWeapon, Bonus: 2}}, Abilities: []Bonus{{Name: "Fury", Bonus: 1}}}, true, "<nil>"},
		{"defence", Declaration{Fighters: []Fighter{ok, ok}, Items: []Bonus{{Name: "Shield", Use: UseArmour, Bonus: 1}, {Name: "Potion", Use: UseAnyTime, Bonus: 2}, {Name: "Ring", Use: UseOther, Bonus: -1}}}, false, "<nil>"},
		{"no fighter", Declaration{}, true, "rule.twister.fighters map[Max:8]"},
		{"too many fighters", Declaration{Fighters: make([]Fighter, MaxFighters+1)}, true, "rule.twister.fighters map[Max:8]"},
		{"too many items", Declaration{Fighters: []Fighter{ok}, Items: many(MaxBonuses+1, Bonus{Name: "Ring", Use: UseOther})}, true, "rule.twister.bonuses_max map[Max:12]"},
		{"too many abilities", Declaration{Fighters: []Fighter{ok}, Abilities: many(MaxBonuses+1, Bonus{Name: "Fury"})}, true, "rule.twister.bonuses_max map[Max:12]"},
		{"fighter name", Declaration{Fighters: []Fighter{{Strength: 1}}}, true, "rule.twister.name map[FieldKey:ui.twister.field.fighter Max:200]"},
		{"fighter strength", Declaration{Fighters: []Fighter{ok, {Name: "Troll", Strength: MaxStrength + 1}}}, true, "rule.twister.strength map[Max:9 Name:Troll]"},
		{"fighter strength below", Declaration{Fighters: []Fighter{{Name: "Troll", Strength: -1}}}, true, "rule.twister.strength map[Max:9 Name:Troll]"},
		{"item name", Declaration{Fighters: []Fighter{ok}, Items: []Bonus{{Name: long, Use: UseOther}}}, true, "rule.twister.name map[FieldKey:ui.twister.field.bonus Max:200]"},
		{"ability name", Declaration{Fighters: []Fighter{ok}, Abilities: []Bonus{{Name: ""}}}, true, "rule.twister.name map[FieldKey:ui.twister.field.bonus Max:200]"},
		{"item bonus", Declaration{Fighters: []Fighter{ok}, Items: []Bonus{{Name: "Sword", Use: UseWeapon, Bonus: MaxBonus + 1}}}, true, "rule.twister.bonus map[Max:9 Name:Sword]"},
		{"ability bonus", Declaration{Fighters: []Fighter{ok}, Abilities: []Bonus{{Name: "Curse", Bonus: -MaxBonus - 1}}}, true, "rule.twister.bonus map[Max:9 Name:Curse]"},
		{"bonus before use", Declaration{Fighters: []Fighter{ok}, Items: []Bonus{{Name: "Sword", Use: "sharp", Bonus: MaxBonus + 1}}}, true, "rule.twister.bonus map[Max:9 Name:Sword]"},
		{"ability use", Declaration{Fighters: []Fighter{ok}, Abilities: []Bonus{{Name: "Fury", Use: UseWeapon}}}, true, "rule.twister.ability_use map[Name:Fury]"},
		{"ability use before item use", Declaration{Fighters: []Fighter{ok}, Items: []Bonus{{Name: "Torch", Use: UseZeroAPAct}}, Abilities: []Bonus{{Name: "Fury", Use: UseWeapon}}}, true, "rule.twister.ability_use map[Name:Fury]"},
		{"item use", Declaration{Fighters: []Fighter{ok}, Items: []Bonus{{Name: "Ring", Use: "magic"}}}, true, "rule.twister.use map[Name:Ring]"},
		{"item without use", Declaration{Fighters: []Fighter{ok}, Items: []Bonus{{Name: "Ring"}}}, false, "rule.twister.use map[Name:Ring]"},
		{"weapon in defence", Declaration{Fighters: []Fighter{ok}, Items: []Bonus{{Name: "Sword", Use: UseWeapon}}}, false, "rule.twister.weapon_defending map[Name:Sword]"},
		{"armour in attack", Declaration{Fighters: []Fighter{ok}, Items: []Bonus{{Name: "Shield", Use: UseArmour}}}, true, "rule.twister.armour_attacking map[Name:Shield]"},
		{"torch", Declaration{Fighters: []Fighter{ok}, Items: []Bonus{{Name: "Ring", Use: UseOther}, {Name: "Torch", Use: UseZeroAPAct}}}, false, "rule.twister.zero_ap_action map[Name:Torch]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := "<nil>"
			if err := checkDeclaration(c.d, c.attacking); err != nil {
				re, isRule := err.(*engine.RuleError)
				if !isRule {
					t.Fatalf("%T %v, not a rule error", err, err)
				}
				got = fmt.Sprintf("%s %v", re.ID, re.Args)
			}
			if got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}
