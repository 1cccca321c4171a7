package decklist

import (
	"fmt"
	"strings"
	"testing"
)

// Each kind of line and each problem a line can have: the problems with
// their lines and arguments, in order, and what the line adds to the list.
func TestParseEachLine(t *testing.T) {
	const head = "building b \"B\" stack=2\n" // line 1: the list's building
	for _, c := range []struct {
		name, line string
		want       string // the problems
		list       string // the list's actions and forces
	}{
		{"comment in quotes", `building c "No #1" stack=1 vp=4 # note`, "[]", "[] []"},
		{"action", "action tile=2,3 dragon tiebreak=down,acw strength=-3 build=b count=2", "[]",
			"[{Tile:[2,3] Action:dragon Start:down Turn:acw Strength:-3 Building:b} {Tile:[2,3] Action:dragon Start:down Turn:acw Strength:-3 Building:b}] []"},
		{"force abilities", "force strength=+4 attack=2 defend=-1 tower slayer", "[]", "[] [{Strength:4 Slayer:true Ability:{Attack:2 Defend:-1 Tower:true}}]"},
		{"unclosed quote", `building c "Castle stack=1`, "[{2 setup.dc.list.quote map[]}]", "[] []"},
		{"building without id", `building "Castle" stack=1`, "[{2 setup.dc.list.building map[]}]", "[] []"},
		{"building with two ids", `building c d "Castle" stack=1`, "[{2 setup.dc.list.building map[]}]", "[] []"},
		{"building without name", `building c stack=1`, "[{2 setup.dc.list.building map[]}]", "[] []"},
		{"building without stack", `building c "Castle"`, "[{2 setup.dc.list.missing map[Field:stack]}]", "[] []"},
		{"building stack", `building c "Castle" stack=100`, "[{2 setup.dc.list.number map[Field:stack Max:99 Min:1 Value:100]}]", "[] []"},
		{"building vp", `building c "Castle" stack=1 vp=-1`, "[{2 setup.dc.list.number map[Field:vp Max:99 Min:0 Value:-1]}]", "[] []"},
		{"building id", `building C "Castle" stack=1`, "[{2 setup.dc.list.id map[Value:C]}]", "[] []"},
		{"building twice", `building b "Again" stack=1`, "[{2 setup.dc.list.duplicate map[First:1 Value:b]}]", "[] []"},
		{"building key", `building c "Castle" stack=1 colour=red`, "[{2 setup.dc.list.unknown map[Value:colour]}]", "[] []"},
		{"action tile", "action tile=0,1 fight tiebreak=up,cw build=b", "[{2 setup.dc.list.tile map[Value:0,1]}]",
			"[{Tile:[0,0] Action:fight Start:up Turn:cw Strength:0 Building:b}] []"},
		{"action no tile", "action fight tiebreak=up,cw build=b", "[{2 setup.dc.list.tile map[Value:]}]",
			"[{Tile:[0,0] Action:fight Start:up Turn:cw Strength:0 Building:b}] []"},
		{"action tiebreak", "action tile=1,1 fight tiebreak=up build=b", "[{2 setup.dc.list.tiebreak map[]}]",
			"[{Tile:[1,1] Action:fight Start: Turn: Strength:0 Building:b}] []"},
		{"action no building", "action tile=1,1 fight tiebreak=up,cw", "[{2 setup.dc.list.missing map[Field:build]}]",
			"[{Tile:[1,1] Action:fight Start:up Turn:cw Strength:0 Building:}] []"},
		{"action unknown building", "action tile=1,1 fight tiebreak=up,cw build=c", "[{2 setup.dc.list.no_building map[Value:c]}]",
			"[{Tile:[1,1] Action:fight Start:up Turn:cw Strength:0 Building:c}] []"},
		{"action kind", "action tile=1,1 fight dragon tiebreak=up,cw build=b", "[{2 setup.dc.list.action map[]}]",
			"[{Tile:[1,1] Action: Start:up Turn:cw Strength:0 Building:b}] []"},
		{"action name", `action tile=1,1 fight "Big" tiebreak=up,cw build=b`, `[{2 setup.dc.list.unknown map[Value:"Big"]}]`,
			"[{Tile:[1,1] Action:fight Start:up Turn:cw Strength:0 Building:b}] []"},
		{"action strength", "action tile=1,1 fight tiebreak=up,cw build=b strength=21", "[{2 setup.dc.list.number map[Field:strength Max:20 Min:-9 Value:21]}]",
			"[{Tile:[1,1] Action:fight Start:up Turn:cw Strength:0 Building:b}] []"},
		{"action key", "action tile=1,1 fight tiebreak=up,cw build=b size=2", "[{2 setup.dc.list.unknown map[Value:size]}]",
			"[{Tile:[1,1] Action:fight Start:up Turn:cw Strength:0 Building:b}] []"},
		{"force strength", "force strength=-10", "[{2 setup.dc.list.number map[Field:strength Max:20 Min:-9 Value:-10]}]",
			"[] [{Strength:-2147483648 Slayer:false Ability:{Attack:0 Defend:0 Tower:false}}]"},
		{"force attack", "force strength=1 attack=10", "[{2 setup.dc.list.number map[Field:attack Max:9 Min:-9 Value:10]}]",
			"[] [{Strength:1 Slayer:false Ability:{Attack:0 Defend:0 Tower:false}}]"},
		{"force flag", "force strength=1 shiny", "[{2 setup.dc.list.unknown map[Value:shiny]}]",
			"[] [{Strength:1 Slayer:false Ability:{Attack:0 Defend:0 Tower:false}}]"},
		{"kind", "castle x=1", "[{2 setup.dc.list.kind map[Value:castle]}]", "[] []"},
		{"problems in order", "action tile=9,9 fight dragon tiebreak=x build=c strength=x", "[{2 setup.dc.list.number map[Field:strength Max:20 Min:-9 Value:x]} " +
			"{2 setup.dc.list.tile map[Value:9,9]} {2 setup.dc.list.tiebreak map[]} {2 setup.dc.list.action map[]} {2 setup.dc.list.no_building map[Value:c]}]",
			"[{Tile:[0,0] Action: Start: Turn: Strength:0 Building:c}] []"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, ps := Parse(head + c.line)
			got := make([]string, len(ps))
			for i, p := range ps {
				got[i] = fmt.Sprintf("{%d %s %v}", p.Line, p.ID, p.Args)
			}
			if s := fmt.Sprint(got); s != c.want {
				t.Errorf("problems\n got  %s\n want %s", s, c.want)
			}
			if s := fmt.Sprintf("%+v %+v", l.Actions, l.Forces); s != c.list {
				t.Errorf("list\n got  %s\n want %s", s, c.list)
			}
		})
	}
}

// Several unknown keys on a line are reported in one order, always (a
// map's order would change from run to run).
func TestUnknownKeysInOrder(t *testing.T) {
	src := `building guard_tower "Guard Tower" stack=4 vp=2 zeta=1 alpha=2 mid=3`
	var first string
	for i := 0; i < 20; i++ {
		_, ps := Parse(src)
		got := fmt.Sprint(ps)
		if i == 0 {
			first = got
			if !strings.Contains(got, "alpha") || strings.Index(got, "alpha") > strings.Index(got, "mid") || strings.Index(got, "mid") > strings.Index(got, "zeta") {
				t.Fatalf("unknown keys not in order: %s", got)
			}
		} else if got != first {
			t.Fatalf("run %d: %s, first %s", i, got, first)
		}
	}
}
