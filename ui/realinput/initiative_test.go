package realinput

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dunconductor/conductor/ui/probe"
)

// TestInitiativeJustAsCloseByRealInput plays the Tomb from a seeded new
// game to its first spawn's Initiative (at 1024×768 in English in `make
// test`; at either size in either language in the full matrix), by real
// clicks and keys: on the card, the hero picker's last choice, several
// heroes just as close to the enemies ("Initiative": the closest rolls; at
// the same distance the higher Perception; a tie of that at random),
// opens the heroes' ticks in a window of their own (the card keeps its
// roll in sight), the hero picked before ticked; ticking a second hero of
// the same Perception says the tie, and the window's roll picks one of
// them at random, recorded, then rolls.
func TestInitiativeJustAsCloseByRealInput(t *testing.T) {
	t.Parallel()
	onScreens(t, []screen{small1024en, wide1280es, small1024es, wide1280en}, playJustAsClose)
}

func playJustAsClose(t *testing.T, s screen) {
	p := toFirstSpawn(t, s)
	p.main("Initiative")

	several := p.T("ui.initiative.card_same", nil)
	p.click(p.find("the card's hero picker", func(o probe.Object) bool { return o.Kind != "text" && o.Selected == "1. Aldric" }))
	p.click(p.find("the option "+several, text(several)))
	check := func(name string) func(probe.Object) bool {
		return func(o probe.Object) bool { return o.Kind == "widget.Check" && o.Text == name }
	}
	ticked := func(name string) func(probe.Dump) bool {
		return func(d probe.Dump) bool {
			_, objs := tombTop(d)
			for _, o := range objs {
				if check(name)(o) {
					return o.Checked
				}
			}
			return false
		}
	}
	p.wait("Aldric ticked, picked before", ticked("1. Aldric"))
	p.step("several heroes just as close: the ticks, Aldric ticked")
	// A tick box answers a click on its box or its name only (Fyne's
	// Check: its smallest size), not anywhere in its grid cell.
	bren := p.find("the tick 2. Bren", check("2. Bren"))
	bren.W = bren.MinW
	p.click(bren)
	tied := strings.Join(strings.Fields(p.T("ui.initiative.card_tied", nil)), " ")
	p.wait("the tie said in the window", func(d probe.Dump) bool {
		_, objs := tombTop(d)
		var texts []string
		for _, o := range objs {
			if o.Kind == "text" {
				texts = append(texts, o.Text) // a wrapped line each
			}
		}
		return strings.Contains(strings.Join(strings.Fields(strings.Join(texts, " ")), " "), tied)
	})
	p.step("Bren ticked too, tied on Perception: %s", tied)
	p.a.Shot("initiative-just-as-close-" + s.lang)

	roll := p.T("ui.initiative.roll_now", nil)
	p.click(p.find("the window's "+roll, func(o probe.Object) bool { return o.Kind == "widget.Button" && o.Text == roll }))
	p.step("rolled from the window: the heroes' tie picked first")
	picked := regexp.MustCompile(strings.Trim(p.like("log.initiative.hero_picked", "Among", "Name").String(), "^$"))
	logged := func(d probe.Dump) bool {
		_, objs := tombTop(d)
		var texts []string
		for _, o := range objs {
			if o.Kind == "text" {
				texts = append(texts, o.Text) // a wrapped line each, below the log's fold too
			}
		}
		return picked.MatchString(strings.Join(strings.Fields(strings.Join(texts, " ")), " "))
	}
	// The log's newest line is the roll; the pick just below it, brought
	// into the log's rows by the wheel where the log is short (1280×800).
	undo := p.find("the log's Undo", Button(p.T("ui.undo", nil)))
	for try := 0; try < 4 && !p.within(3*time.Second, logged); try++ {
		w, _ := tombTop(p.now())
		p.a.Wheel(w.Title, undo.X+undo.W/2, undo.Y+undo.H+60, w.Scale, 2)
		p.actions++
	}
	p.wait("the heroes' random pick in the log", logged)
	p.step("the pick logged, then the roll")
	s.fitsScreen(p.a, p.now())
}
