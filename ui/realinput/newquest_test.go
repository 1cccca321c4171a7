package realinput

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// personKey is a real person's fast typing: 20 ms a key.
const personKey = 20 * time.Millisecond

// TestNewcomerQuestByRealInput: a newcomer makes a quest of five sections
// in the quest editor (New game → Dungeon Universalis → New quest…) at
// 1024×768, with nothing but clicks, drags, the wheel and keys: the
// sections drawn by drags (a Main Room among them, the start set in the
// panel), a door, a locked door and a secret door put by taps on walls
// with the tool chosen in "A tap on the map", a trap and a chest, a red
// box and an ADP note with what reveals them, a picture on a section
// chosen in the file dialog, every text in English and Spanish, and the
// Leader's name. The quest is then saved and found stored. The test logs
// how many actions that took, how long, and where the app made it hard.
func TestNewcomerQuestByRealInput(t *testing.T) {
	t.Parallel()
	tr := translations.New("en")
	a := Start(t, Options{Lang: "en", Width: 1024, Height: 768})
	n := &newcomer{t: t, a: a, tr: tr, began: time.Now()}
	t.Cleanup(func() {
		if t.Failed() {
			for _, h := range n.hard {
				t.Logf("hard: %s", h)
			}
		}
	})
	q := newcomerQuest
	picture := writePicture(t, a.Dir) // in the home folder: where the file dialog opens

	// New game → Dungeon Universalis → New quest…
	n.click(a.Find("", "the game picker", Button(tr.T("ui.module.dun", nil))))
	n.click(a.Find("", "New quest…", Button(tr.T("ui.questedit.new", nil))))
	n.win = tr.T("ui.questedit.title", nil)
	a.Find(n.win, "the quest editor", func(o probe.Object) bool { return o.Kind == "questedit.gridCanvas" })
	n.shot("1-editor")

	// The sections, each named and given its read-aloud text as soon as it
	// is drawn (its name's box has the keys then).
	kind := tr.T("section.room", nil)
	for i, s := range q.sections {
		if want := tr.T("section."+s.kind, nil); want != kind {
			n.pick(kind, want)
			kind = want
		}
		n.drag(s.x+0.5, s.y+0.5, s.x+float32(s.w)-0.5, s.y+float32(s.h)-0.5)
		n.waitModel(fmt.Sprintf("section %d drawn", i+1), func(m *quest.Quest) bool { return len(m.Sections) == i+1 })
		n.typeFocused(s.name.en)
		n.tab()
		n.typeFocused(s.name.es)
		n.tab()
		n.typeFocused(s.text.en)
		n.tab()
		n.typeFocused(s.text.es)
		n.waitModel(s.name.en+" named and told", func(m *quest.Quest) bool {
			sec := m.Sections[i]
			return sec.Name["en"] == s.name.en && sec.Name["es"] == s.name.es && sec.Text["en"] == s.text.en && sec.Text["es"] == s.text.es &&
				sec.Kind == s.kind && sec.X == int(s.x) && sec.Y == int(s.y) && sec.W == s.w && sec.H == s.h
		})
		if s.start {
			n.click(n.scrollTo("the start button", Button(tr.T("ui.questedit.set_start", nil))))
			n.waitModel(s.name.en+" the start", func(m *quest.Quest) bool { return m.Sections[i].Start })
		}
	}
	n.shot("2-sections")
	n.phase("the sections")

	// The exits: the tool chosen, a tap on the wall.
	tool := tr.T("ui.questedit.tool.select", nil)
	useTool := func(id string) {
		if want := tr.T(id, nil); want != tool {
			n.pick(tool, want)
			tool = want
		}
	}
	for i, e := range q.exits {
		useTool("ui.questedit.exit." + e.kind)
		n.tapMap(e.x, e.y)
		n.waitModel(fmt.Sprintf("exit %d (%s)", i+1, e.kind), func(m *quest.Quest) bool {
			for _, s := range m.Sections {
				for _, x := range s.Exits {
					if x.Kind == e.kind && x.X == int(e.x) && x.Y == int(e.y) {
						return true
					}
				}
			}
			return false
		})
	}
	n.shot("3-exits")
	n.phase("the exits")

	// The trap and the chest: a tap in a section, and their names typed
	// over the kind's name the box holds, selected.
	for i, el := range q.elements {
		useTool("ui.questedit.element." + el.kind)
		n.tapMap(el.x+0.5, el.y+0.5)
		n.waitFocus(el.kind + "'s name")
		n.typeFocused(el.name.en)
		n.tab()
		n.typeFocused(el.name.es)
		n.waitModel(fmt.Sprintf("element %d named", i+1), func(m *quest.Quest) bool {
			for _, s := range m.Sections {
				for _, x := range s.Elements {
					if x.Kind == el.kind && x.Name["en"] == el.name.en && x.Name["es"] == el.name.es {
						return true
					}
				}
			}
			return false
		})
		if el.redBox != nil {
			// The red box the chest reveals, from the chest's own panel.
			n.click(n.scrollTo("Add a red box", Button(tr.T("ui.questedit.add_text", nil))))
			n.waitModel("a red box", func(m *quest.Quest) bool { return len(m.Texts) == 1 })
			n.fillText(tr.T("ui.questedit.text_n", map[string]any{"N": 1}), *el.redBox)
			n.waitModel("the red box's text", func(m *quest.Quest) bool {
				h := m.Texts[0]
				return h.Style == "red" && h.Element != "" && h.Text["en"] == el.redBox.en && h.Text["es"] == el.redBox.es
			})
		}
	}
	n.shot("4-elements")
	n.phase("the elements")

	// The picture, on a section tapped with Select: its panel's Choose a
	// picture… and the file dialog.
	useTool("ui.questedit.tool.select")
	pic := q.sections[q.picture]
	n.tapMap(pic.x+1.5, pic.y+float32(pic.h)-0.5)
	n.a.Find(n.win, pic.name.en+"'s panel", func(o probe.Object) bool { return o.Kind == "text" && o.Text == pic.name.en && o.X > 500 })
	n.click(n.scrollTo("Choose a picture…", Button(tr.T("ui.questedit.image_pick", nil))))
	n.chooseFile(picture)
	n.waitModel("the picture", func(m *quest.Quest) bool {
		return strings.HasPrefix(m.Sections[q.picture].Image, "data:image/")
	})
	n.shot("6-picture")
	n.phase("the picture")

	// The quest itself: a tap off the sections, then its texts, Tab from
	// one box to the next.
	n.tapMap(18.5, 11.5)
	n.a.Wait("the quest's tab", func(d probe.Dump) bool { return d.Values["questedit.part"] == "quest" })
	n.click(n.entryUnder(tr.T("ui.questedit.title_field", nil), 0))
	for i, text := range []string{q.title.en, q.title.es, q.intro.en, q.intro.es, q.setup.en, q.setup.es} {
		if i > 0 {
			n.tab()
		}
		n.typeFocused(text)
	}
	// The faction New game left empty, and the Leader's name on the
	// Creatures tab.
	n.fill(tr.T("ui.questedit.faction", nil), q.faction)
	n.click(n.a.Find(n.win, "the Creatures tab", Named("questedit.part.creatures")))
	n.fill(tr.T("ui.questedit.leader_row", map[string]any{"Max": quest.MaxLeaderVP}), q.leader)
	n.waitModel("the quest's texts", func(m *quest.Quest) bool {
		return m.Title["es"] == q.title.es && m.Introduction["es"] == q.intro.es && m.Setup["es"] == q.setup.es &&
			m.Faction["es"] == q.faction.es && m.Leader.Name["en"] == q.leader.en && m.Leader.Name["es"] == q.leader.es
	})
	// The ADP note the trap reveals, from the Texts tab.
	n.click(n.a.Find(n.win, "the Texts tab", Named("questedit.part.texts")))
	trap := q.elements[0]
	n.pick(tr.T("ui.questedit.add_note_by", nil), tr.T("ui.questedit.by_element", map[string]any{"Name": trap.name.en, "KindKey": "ui.questedit.element.trap"}))
	n.waitModel("an ADP note", func(m *quest.Quest) bool { return len(m.Texts) == 2 })
	n.fillText(tr.T("ui.questedit.text_n", map[string]any{"N": 2}), q.note)
	n.waitModel("the ADP note's text", func(m *quest.Quest) bool {
		h := m.Texts[1]
		return h.Style == "adp" && h.Element != "" && h.Text["en"] == q.note.en && h.Text["es"] == q.note.es
	})
	n.shot("7-texts")
	n.phase("the quest's texts")

	// Saved: the button is enabled once no problem is left. The title
	// gave the quest the id of one of the app's own quests, which the list
	// of problems says: a tap on it shows the quest's panel, where the id
	// is typed over.
	save := n.a.Find(n.win, "Save the quest", Button(tr.T("ui.questedit.save", nil)))
	taken := tr.T("quest.builtin_id", map[string]any{"ID": q.takenID})
	if save.Disabled && strings.Contains(n.problems(), taken) {
		n.note("the title gave the quest the id of a quest that comes with the app (%s): Save stays off until another id is typed", q.takenID)
		n.click(n.a.Find(n.win, "the problem on the id", func(o probe.Object) bool {
			return o.Kind == "questedit.tapLabel" && strings.Contains(o.Text, taken)
		}))
		id := n.scrollTo("the quest's id", Named("questedit.id"))
		n.click(id)
		n.waitFocus("the quest's id")
		n.key("ctrl+a")
		n.typeOnly(q.id) // an id is taken when Enter is pressed
		n.key("Return")
		n.waitModel("the quest's own id", func(m *quest.Quest) bool { return m.ID == q.id })
		save = n.a.Find(n.win, "Save the quest", Button(tr.T("ui.questedit.save", nil)))
	}
	if save.Disabled {
		n.a.Fail("Save the quest is disabled; the problems left:\n%s", n.problems())
	}
	n.click(save)
	saved := tr.T("ui.questedit.saved", map[string]any{"TitleText": map[string]string{"en": q.title.en, "es": q.title.es}})
	n.a.Find(n.win, "the quest saved", func(o probe.Object) bool { return o.Kind == "text" && strings.Contains(saved, o.Text) && o.Text != "" })
	n.shot("8-saved")
	// New game, behind the editor, offers it chosen.
	n.a.Find("Conductor", "the quest chosen in New game", func(o probe.Object) bool {
		return o.Kind == "widget.Select" && strings.Contains(o.Selected, q.title.en)
	})

	minutes := time.Since(n.began).Minutes()
	t.Logf("a five-section quest by real input: %d actions (%d clicks, %d drags, %d keys, %d texts typed, %d wheel turns) in %.1f minutes",
		n.actions(), n.clicks, n.drags, n.keys, n.typed, n.wheels, minutes)
	if len(n.hard) == 0 {
		t.Logf("nothing was hard to find or do")
	}
	for _, h := range n.hard {
		t.Logf("hard: %s", h)
	}

	// Stored: in the saves database, as the quest typed.
	a.Kill()
	store, err := data.Open(a.DB)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	files, err := store.ContentFiles("quest")
	if err != nil {
		t.Fatal(err)
	}
	var got *quest.Quest
	for _, f := range files {
		if p, ps := quest.Parse(f.Name, f.Data); ps == nil && p.Title["en"] == q.title.en {
			got = p
		}
	}
	if got == nil {
		t.Fatalf("the quest is not stored (%d quest files)", len(files))
	}
	q.check(t, got)
}

// twoLangs is a text in English and Spanish.
type twoLangs struct{ en, es string }

// nqSection, nqExit and nqElement are what the newcomer draws, puts and
// names; nqQuest the whole quest.
type nqSection struct {
	kind       string
	x, y       float32
	w, h       int
	name, text twoLangs
	start      bool
}

type nqExit struct {
	kind string
	x, y float32 // the grid point tapped, on the wall
}

type nqElement struct {
	kind   string
	x, y   float32 // its square
	name   twoLangs
	redBox *twoLangs // the red box it reveals, added from its panel
}

type nqQuest struct {
	// takenID is the id the title gives, one of the app's own quests'; id
	// the one typed instead.
	takenID, id                                string
	title, intro, setup, faction, leader, note twoLangs
	sections                                   []nqSection
	exits                                      []nqExit
	elements                                   []nqElement
	picture                                    int // the section with a picture
}

// newcomerQuest is what the newcomer makes.
var newcomerQuest = nqQuest{
	takenID: "the-drowned-chapel",
	id:      "merrows-chapel",
	title:   twoLangs{"The Drowned Chapel", "La capilla ahogada"},
	intro:   twoLangs{"Water rose over the old chapel a century ago. Now it has drained, and something stirs below.", "El agua cubrió la vieja capilla hace un siglo. Ahora se ha retirado y algo se mueve abajo."},
	setup:   twoLangs{"Put the chest in the Main Room and the trap in the well room.", "Pon el cofre en la sala principal y la trampa en la sala del pozo."},
	faction: twoLangs{"Drowned Cult", "Culto ahogado"},
	leader:  twoLangs{"Abbot Merrow", "Abad Merrow"},
	note:    twoLangs{"The trap floods the room: heroes there lose one action.", "La trampa inunda la sala: los héroes pierden una acción."},
	sections: []nqSection{
		{kind: "main", x: 11, y: 1, w: 5, h: 5, name: twoLangs{"Nave", "Nave central"},
			text: twoLangs{"Broken pews float in black water under a cracked dome.", "Bancos rotos flotan en agua negra bajo una cúpula rota."}},
		{kind: "room", x: 1, y: 1, w: 4, h: 4, name: twoLangs{"Porch", "Pórtico"}, start: true,
			text: twoLangs{"Moss covers the steps down to the chapel door.", "El musgo cubre los escalones hasta la puerta."}},
		{kind: "corridor", x: 5, y: 2, w: 6, h: 2, name: twoLangs{"Cloister", "Claustro"},
			text: twoLangs{"A narrow walk, its arches dripping.", "Un paso estrecho con arcos que gotean."}},
		{kind: "room", x: 6, y: 4, w: 4, h: 4, name: twoLangs{"Well room", "Sala del pozo"},
			text: twoLangs{"A stone well gurgles in the middle of the floor.", "Un pozo de piedra borbotea en medio del suelo."}},
		{kind: "room", x: 11, y: 6, w: 4, h: 3, name: twoLangs{"Crypt", "Cripta"},
			text: twoLangs{"Coffins lie open, and their lids are wet.", "Los ataúdes están abiertos y sus tapas mojadas."}},
	},
	exits: []nqExit{
		{"door", 5, 3},         // Porch → Cloister
		{"locked_door", 11, 3}, // Cloister → Nave
		{"door", 8, 4},         // Cloister → Well room
		{"secret_door", 13, 6}, // Nave → Crypt
	},
	elements: []nqElement{
		{kind: "trap", x: 7, y: 6, name: twoLangs{"Flood gate", "Compuerta"}},
		{kind: "chest", x: 13, y: 3, name: twoLangs{"Reliquary", "Relicario"},
			redBox: &twoLangs{"Inside lies a silver bell, still ringing softly.", "Dentro hay una campana de plata que aún suena."}},
	},
	picture: 4,
}

// check compares the stored quest with what was typed.
func (q *nqQuest) check(t *testing.T, got *quest.Quest) {
	t.Helper()
	same := func(what string, g quest.Text, w twoLangs) {
		if g["en"] != w.en || g["es"] != w.es {
			t.Errorf("stored %s: %q / %q, typed %q / %q", what, g["en"], g["es"], w.en, w.es)
		}
	}
	same("title", got.Title, q.title)
	same("introduction", got.Introduction, q.intro)
	same("setup", got.Setup, q.setup)
	same("faction", got.Faction, q.faction)
	same("Leader", got.Leader.Name, q.leader)
	if len(got.Sections) != len(q.sections) {
		t.Fatalf("stored %d sections, drew %d", len(got.Sections), len(q.sections))
	}
	exits, elements := 0, 0
	for i, s := range q.sections {
		g := got.Sections[i]
		same("section name", g.Name, s.name)
		same("section text", g.Text, s.text)
		if g.Kind != s.kind || g.Start != s.start || g.X != int(s.x) || g.Y != int(s.y) || g.W != s.w || g.H != s.h {
			t.Errorf("stored section %d: %s start=%v at %d,%d %dx%d", i, g.Kind, g.Start, g.X, g.Y, g.W, g.H)
		}
		if (g.Image != "") != (i == q.picture) {
			t.Errorf("stored section %d: picture %v", i, g.Image != "")
		}
		exits += len(g.Exits)
		elements += len(g.Elements)
	}
	if exits != len(q.exits) || elements != len(q.elements) {
		t.Errorf("stored %d exits and %d elements", exits, elements)
	}
	if got.ID != q.id {
		t.Errorf("stored id %q, typed %q", got.ID, q.id)
	}
	if len(got.Texts) != 2 {
		t.Fatalf("stored %d texts", len(got.Texts))
	}
	// Each revealed by its element: the chest's red box, the trap's note.
	revealer := func(h quest.HiddenText) string {
		for _, s := range got.Sections {
			for _, el := range s.Elements {
				if el.ID == h.Element {
					return el.Name["en"]
				}
			}
		}
		return "nothing"
	}
	if r := revealer(got.Texts[0]); r != q.elements[1].name.en {
		t.Errorf("the red box is revealed by %s", r)
	}
	if r := revealer(got.Texts[1]); r != q.elements[0].name.en {
		t.Errorf("the ADP note is revealed by %s", r)
	}
	same("red box", got.Texts[0].Text, *q.elements[1].redBox)
	same("ADP note", got.Texts[1].Text, q.note)
	if got.Texts[0].Style != "red" || got.Texts[1].Style != "adp" {
		t.Errorf("stored texts' styles %q and %q", got.Texts[0].Style, got.Texts[1].Style)
	}
}

// writePicture writes a small PNG into dir and returns its path.
func writePicture(t *testing.T, dir string) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 96, 72))
	for y := range 72 {
		for x := range 96 {
			img.Set(x, y, color.NRGBA{uint8(40 + x), uint8(60 + y), 140, 255})
		}
	}
	p := filepath.Join(dir, "crypt.png")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	return p
}

// newcomer is a person using the quest editor: every action counted, and
// whatever made it hard noted.
type newcomer struct {
	t     *testing.T
	a     *App
	tr    *translations.Translator
	win   string
	began time.Time
	// keyboard: whether the screen's keyboard types accents (intlKeyboard).
	keyboard *bool

	clicks, drags, keys, typed, wheels int
	hard                               []string
}

// phase logs how long the work has taken so far.
func (n *newcomer) phase(done string) {
	n.t.Logf("%s done after %.0f s, %d actions", done, time.Since(n.began).Seconds(), n.actions())
}

func (n *newcomer) actions() int { return n.clicks + n.drags + n.keys + n.typed + n.wheels }

// note notes what made the work hard, once each.
func (n *newcomer) note(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	if !slices.Contains(n.hard, s) {
		n.hard = append(n.hard, s)
	}
}

func (n *newcomer) shot(name string) {
	n.a.Settle()
	n.a.Shot(name)
}

// top is the editor window and the controls of its top layer.
func (n *newcomer) top(d probe.Dump) (probe.Window, []probe.Object) {
	var w probe.Window
	for _, x := range d.Windows {
		if x.Title == n.win {
			w = x
		}
	}
	layer := 0
	for _, o := range w.Objects {
		layer = max(layer, o.Layer)
	}
	var out []probe.Object
	for _, o := range w.Objects {
		if o.Layer == layer {
			out = append(out, o)
		}
	}
	return w, out
}

// changed waits for the screen to answer an action, then to settle.
func (n *newcomer) changed(seq int, what string) probe.Dump {
	n.t.Helper()
	n.a.Wait(what+" to change the screen", func(d probe.Dump) bool { return d.Seq != seq })
	return n.a.Settle()
}

func (n *newcomer) click(tg Target) {
	n.t.Helper()
	seq := n.a.last.Seq
	n.a.Click(tg)
	n.clicks++
	n.changed(seq, fmt.Sprintf("the click on %s %q", tg.Kind, tg.Text))
}

func (n *newcomer) key(k string) {
	n.t.Helper()
	seq := n.a.last.Seq
	n.a.Key(k)
	n.keys++
	n.a.Wait("the key "+k+" to change the screen", func(d probe.Dump) bool { return d.Seq != seq })
}

// tab moves to the next box: the focus must move.
func (n *newcomer) tab() {
	n.t.Helper()
	from, _ := Focused(n.a.last, n.win)
	n.key("Tab")
	d := n.a.Wait("Tab to move the focus", func(d probe.Dump) bool {
		f, ok := Focused(d, n.win)
		return ok && (f.X != from.X || f.Y != from.Y)
	})
	if f, _ := Focused(d, n.win); !f.OnScreen {
		n.a.Fail("Tab gives the keys to a box out of sight (%s at %.0f,%.0f): the panel does not scroll to it", f.Kind, f.X, f.Y)
	}
}

// typeFocused types a text into the box that has the keys, one action,
// and waits for the quest to hold it.
func (n *newcomer) typeFocused(s string) {
	n.t.Helper()
	f, ok := Focused(n.a.last, n.win)
	if !ok || !isEntry(f) {
		n.a.Fail("no text box has the keys to type %q", s)
	}
	n.typeUTF8(s, personKey)
	n.typed++
	esc, _ := json.Marshal(s)
	n.a.Wait(fmt.Sprintf("the quest to hold %q", s), func(d probe.Dump) bool {
		return strings.Contains(d.Values["questedit.quest"], strings.Trim(string(esc), `"`))
	})
}

// typeOnly types a text into the box that has the keys, one action, and
// waits for the box to show it.
func (n *newcomer) typeOnly(s string) {
	n.t.Helper()
	f, ok := Focused(n.a.last, n.win)
	if !ok || !isEntry(f) {
		n.a.Fail("no text box has the keys to type %q", s)
	}
	n.typeUTF8(s, personKey)
	n.typed++
	n.a.Wait(fmt.Sprintf("the box to show %q", s), func(d probe.Dump) bool {
		g, ok := Focused(d, n.win)
		return ok && g.Text == s
	})
}

// waitFocus waits for a text box of the editor to have the keys.
func (n *newcomer) waitFocus(what string) {
	n.t.Helper()
	n.a.Wait(what+" to have the keys", func(d probe.Dump) bool {
		f, ok := Focused(d, n.win)
		return ok && isEntry(f)
	})
}

// waitModel waits for the quest the editor holds to pass cond.
func (n *newcomer) waitModel(what string, cond func(*quest.Quest) bool) {
	n.t.Helper()
	n.a.Wait(what, func(d probe.Dump) bool {
		var m quest.Quest
		return json.Unmarshal([]byte(d.Values["questedit.quest"]), &m) == nil && cond(&m)
	})
}

// mapAt is where grid point (gx, gy) is, in the editor window.
func (n *newcomer) mapAt(gx, gy float32) (probe.Window, float32, float32) {
	n.t.Helper()
	d := n.a.Settle()
	w, objs := n.top(d)
	i := slices.IndexFunc(objs, func(o probe.Object) bool { return o.Kind == "questedit.gridCanvas" })
	if i < 0 {
		n.a.Fail("no map on screen")
	}
	var g struct{ Cell, X, Y float32 }
	if err := json.Unmarshal([]byte(d.Values["questedit.grid"]), &g); err != nil || g.Cell <= 0 {
		n.a.Fail("the editor does not say where the squares are: %q", d.Values["questedit.grid"])
	}
	c := objs[i]
	x, y := c.X+g.X+gx*g.Cell, c.Y+g.Y+gy*g.Cell
	if x < c.X || y < c.Y || x > c.X+c.W || y > c.Y+c.H {
		n.a.Fail("grid point %v,%v is off the map's view (%v,%v)", gx, gy, x, y)
	}
	return w, x, y
}

// drag drags on the map from one grid position to another.
func (n *newcomer) drag(fx, fy, tx, ty float32) {
	n.t.Helper()
	w, x0, y0 := n.mapAt(fx, fy)
	_, x1, y1 := n.mapAt(tx, ty)
	seq := n.a.last.Seq
	n.a.Drag(w.Title, x0, y0, x1, y1, w.Scale)
	n.drags++
	n.changed(seq, "the drag")
}

// tapMap clicks the map at a grid position.
func (n *newcomer) tapMap(gx, gy float32) {
	n.t.Helper()
	w, x, y := n.mapAt(gx, gy)
	seq := n.a.last.Seq
	n.a.ClickAt(w.Title, x, y, w.Scale)
	n.clicks++
	n.changed(seq, fmt.Sprintf("the tap on the map at %v,%v", gx, gy))
}

// scrollTo turns the wheel over the side panel until the control match
// finds is wholly in sight, and returns it; needing the wheel is noted.
func (n *newcomer) scrollTo(what string, match func(probe.Object) bool) Target {
	n.t.Helper()
	n.a.Find(n.win, what, match)
	flicks, notches := 0, 0
	for flicks < 40 {
		d := n.a.Settle()
		w, objs := n.top(d)
		i := slices.IndexFunc(objs, match)
		if i < 0 {
			n.a.Fail("%s went from the screen", what)
		}
		o := objs[i]
		if o.OnScreen {
			if flicks > 0 {
				n.note("%s was out of sight: %d turns of the wheel (%d notches) to reach it", what, flicks, notches)
			}
			return Target{o, w}
		}
		p := slices.IndexFunc(objs, Named("questedit.panel"))
		if p < 0 || o.X < objs[p].X {
			n.a.Fail("%s is out of sight and not in the side panel", what)
		}
		// A flick of the wheel as long as the way to go (a notch scrolls
		// 25 pixels), at most ten notches.
		panel := objs[p]
		far := o.Y + o.H - (panel.Y + panel.H)
		if o.Y < panel.Y {
			far = o.Y - panel.Y
		}
		down := int(far/25) + 1
		if far < 0 {
			down = int(far/25) - 1
		}
		down = min(max(down, -10), 10)
		n.wheel(w, panel.X+panel.W/2, panel.Y+panel.H/2, down)
		flicks++
		notches += max(down, -down)
		n.a.Wait("the wheel to scroll", func(x probe.Dump) bool { return x.Seq != d.Seq })
	}
	n.a.Fail("the wheel did not bring %s in sight", what)
	return Target{}
}

// wheel turns the mouse wheel over a point, one action, as a person does:
// the pointer is there a moment before the wheel turns. (Turned at once
// after the pointer moved, the wheel may scroll what was under the
// pointer before: here the map, after a tap on it.)
func (n *newcomer) wheel(w probe.Window, x, y float32, down int) {
	n.t.Helper()
	ox, oy := n.a.origin(w.Title)
	button := "5"
	if down < 0 {
		button, down = "4", -down
	}
	n.a.xdotool("mousemove", fmt.Sprint(int(ox+x*w.Scale)), fmt.Sprint(int(oy+y*w.Scale)), "sleep", "0.1",
		"click", "--repeat", strconv.Itoa(down), "--delay", "30", button)
	n.wheels++
}

// entryUnder is the text box (col 0 English, 1 Spanish) under a caption
// of the side panel, brought in sight.
func (n *newcomer) entryUnder(caption string, col int) Target {
	n.t.Helper()
	find := func(objs []probe.Object) (probe.Object, bool) {
		c := slices.IndexFunc(objs, func(o probe.Object) bool { return o.Kind == "text" && o.Text == caption && o.X > 500 })
		if c < 0 {
			return probe.Object{}, false
		}
		var row []probe.Object
		for _, o := range objs {
			if !isEntry(o) || o.Y <= objs[c].Y || o.X < 500 {
				continue
			}
			if len(row) > 0 && o.Y > row[0].Y+1 {
				continue
			}
			if len(row) > 0 && o.Y < row[0].Y-1 {
				row = nil
			}
			row = append(row, o)
		}
		slices.SortFunc(row, func(a, b probe.Object) int { return int(a.X - b.X) })
		if col >= len(row) {
			return probe.Object{}, false
		}
		return row[col], true
	}
	match := func(o probe.Object) bool {
		_, objs := n.top(n.a.last)
		e, ok := find(objs)
		return ok && e.X == o.X && e.Y == o.Y && e.Kind == o.Kind
	}
	n.a.Wait("the box under "+caption, func(d probe.Dump) bool {
		_, objs := n.top(d)
		_, ok := find(objs)
		return ok
	})
	return n.scrollTo("the box under "+caption, match)
}

// fill clicks the English box under a caption and types both languages
// (Tab from the English box to the Spanish one).
func (n *newcomer) fill(caption string, text twoLangs) {
	n.t.Helper()
	e := n.entryUnder(caption, 0)
	n.click(e)
	n.waitFocus(caption)
	n.typeFocused(text.en)
	n.tab()
	n.typeFocused(text.es)
}

// fillText types a red box's or a note's text just added: its English
// box has the keys, in sight, then Tab to the Spanish one.
func (n *newcomer) fillText(caption string, text twoLangs) {
	n.t.Helper()
	f, ok := Focused(n.a.Settle(), n.win)
	if !ok || !isEntry(f) || !f.OnScreen {
		n.a.Fail("a text just added (%s) does not have the keys in sight (%+v)", caption, f)
	}
	n.typeFocused(text.en)
	n.tab()
	n.typeFocused(text.es)
}

// pick opens the drop-down that shows current and chooses option.
func (n *newcomer) pick(current, option string) {
	n.t.Helper()
	sel := n.scrollTo("the drop-down showing "+current, func(o probe.Object) bool {
		return o.Kind == "widget.Select" && (o.Selected == current || (o.Selected == "" && o.PlaceHolder == current))
	})
	n.click(sel)
	d := n.a.Settle()
	w, objs := n.top(d)
	i := slices.IndexFunc(objs, func(o probe.Object) bool { return o.Kind == "text" && o.Text == option })
	if i < 0 {
		n.a.Fail("the drop-down %q has no option %q:\n%s", current, option, describeTexts(objs))
	}
	if !objs[i].OnScreen {
		n.note("the option %q of %q is cut off at 1024×768", option, current)
	}
	n.click(Target{objs[i], w})
}

// describeTexts lists texts on screen, for a failure.
func describeTexts(objs []probe.Object) string {
	var b strings.Builder
	for _, o := range objs {
		if o.Text != "" {
			fmt.Fprintf(&b, "%s %q (%v,%v) on=%v\n", o.Kind, o.Text, o.X, o.Y, o.OnScreen)
		}
	}
	return b.String()
}

// problems are the problems listed under the panel (the whole of each);
// a line cut short on screen is noted.
func (n *newcomer) problems() string {
	_, objs := n.top(n.a.last)
	var b strings.Builder
	for _, o := range objs {
		switch {
		case o.Kind == "questedit.tapLabel":
			b.WriteString(o.Text + "\n")
		case o.Kind == "text" && strings.HasSuffix(o.Text, "…") && o.X > 500 && strings.Contains(b.String(), strings.TrimSuffix(o.Text, "…")):
			n.note("a problem is cut short under the panel (%q): a tap on it says it whole, in the line under the map", o.Text)
		}
	}
	return b.String()
}

// chooseFile picks a file in the file dialog the editor opened, as a
// person does: its folder (Home) and its icon clicked, then Open. (The
// dialog has no box to type a path into.)
func (n *newcomer) chooseFile(path string) {
	n.t.Helper()
	base := filepath.Base(path)
	// An icon's name, as the dialog writes it under the icon (it may wrap).
	named := func(objs []probe.Object, item probe.Object) string {
		var b strings.Builder
		for _, o := range objs {
			if o.Kind == "text" && o.X >= item.X && o.X+o.W <= item.X+item.W+1 && o.Y >= item.Y && o.Y+o.H <= item.Y+item.H+1 {
				b.WriteString(o.Text)
			}
		}
		return b.String()
	}
	ext := filepath.Ext(base) // written on the icon, the name under it
	file := func(o probe.Object) bool {
		if o.Kind != "dialog.fileDialogItem" {
			return false
		}
		_, objs := n.top(n.a.last)
		return named(objs, o) == ext+strings.TrimSuffix(base, ext)
	}
	d := n.a.Wait("the file dialog", func(d probe.Dump) bool {
		_, objs := n.top(d)
		return slices.ContainsFunc(objs, func(o probe.Object) bool { return o.Kind == "dialog.fileDialogItem" })
	})
	if _, objs := n.top(d); !slices.ContainsFunc(objs, file) {
		n.note("the file dialog opened away from the folder of the picture: Home clicked")
		n.click(n.a.Find(n.win, "Home in the file dialog", func(o probe.Object) bool { return o.Kind == "text" && o.Text == n.tr.T("fyne.place.Home", nil) }))
	}
	_, objs := n.top(n.a.Settle())
	if !slices.ContainsFunc(objs, isEntry) {
		n.note("the file dialog has no box to type a path into: the picture is found by clicking through folders")
	}
	if slices.ContainsFunc(objs, func(o probe.Object) bool { return o.Kind == "widget.Button" && !o.OnScreen && o.Text != "" }) {
		n.note("the file dialog is small at 1024×768: the folder's path above the files is cut")
	}
	item := n.a.Find(n.win, base+" in the file dialog", file)
	if !item.OnScreen {
		n.a.Fail("%s is out of sight in the file dialog", base)
	}
	n.click(item)
	open := n.a.Find(n.win, "Open, enabled", func(o probe.Object) bool { return o.Kind == "widget.Button" && o.Text == "Open" && !o.Disabled })
	n.shot("5-file-dialog")
	n.click(open)
}

// typeUTF8 is Type for a text beyond ASCII (accents, ñ), as a Spanish
// typist's keyboard types it. xdotool reads the text in the locale's
// encoding (C.UTF-8 here: the app's own locale, en_US or es_ES, may not be
// installed), and types a character its keyboard lacks by binding it to a
// spare key for a moment, which the app may read after the key is unbound
// (the character is lost). So the keyboard is first made one that has
// them (US international: AltGr+u is ú), or, without setxkbmap, each such
// character is typed on its own, slowly.
func (n *newcomer) typeUTF8(s string, delay time.Duration) {
	a := n.a
	a.t.Helper()
	xdo := func(delay time.Duration, s string) {
		ctx, cancel := context.WithTimeout(context.Background(), waitLimit+time.Duration(len(s))*delay)
		defer cancel()
		cmd := exec.CommandContext(ctx, "xdotool", "type", "--delay", strconv.Itoa(int(delay/time.Millisecond)), "--", s)
		cmd.Env = append(slices.Clone(a.env), "LC_ALL=C.UTF-8")
		if out, err := cmd.CombinedOutput(); err != nil {
			a.Fail("xdotool type %q: %v %s", s, err, out)
		}
	}
	if n.intlKeyboard() {
		xdo(delay, s)
		return
	}
	for len(s) > 0 {
		i := strings.IndexFunc(s, func(r rune) bool { return r > unicode.MaxASCII })
		switch {
		case i < 0:
			xdo(delay, s)
			return
		case i > 0:
			xdo(delay, s[:i])
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		xdo(200*time.Millisecond, s[i:i+size])
		s = s[i+size:]
	}
}

// intlKeyboard makes the virtual screen's keyboard US international, once,
// and says whether it is.
func (n *newcomer) intlKeyboard() bool {
	a := n.a
	if n.keyboard != nil {
		return *n.keyboard
	}
	cmd := exec.Command("setxkbmap", "-layout", "us", "-variant", "intl")
	cmd.Env = a.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		a.t.Logf("setxkbmap: %v %s: characters beyond ASCII are typed slowly", err, out)
	} else if os.Getenv("REALINPUT_DISPLAY") != "" { // a screen of others': given back as it was
		a.t.Cleanup(func() {
			cmd := exec.Command("setxkbmap", "-layout", "us")
			cmd.Env = a.env
			_ = cmd.Run()
		})
	}
	intl := err == nil
	n.keyboard = &intl
	return intl
}
