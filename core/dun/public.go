package dun

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"
	"weak"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// PublicView is what the players may see of a DUN game: the one place that
// decides it. The players' window and the players' page draw from it, never
// from the state or the quest themselves.
//
// It holds the quest's title and introduction (not its setup notes), the
// revealed sections in the order they were revealed (the newest last), the
// exits the heroes know of, the texts read aloud so far (sections' texts and
// red boxes), the turn, the creatures in play and how the quest stands. It
// never holds an unrevealed section (its id or its name), the kind of an
// exit into one, a secret door not found yet, a trap, an ADP note, a hidden
// text not shown yet, the quest's setup notes, the seed, the decks, the
// pending steps, nor the reserve: the reserve counter may be on the table,
// but a note's effect moves it (the Tomb's secret door gives the ADP 2
// points), and the players' window never showed the ADP's numbers.
type PublicView struct {
	// Quest is nil in free play.
	Quest *PublicQuest `json:"quest,omitempty"`
	Turn  int          `json:"turn"`
	// Sections are the revealed sections, in the order revealed; Newest
	// is the last of them.
	Sections []PublicSection `json:"sections,omitempty"`
	Newest   string          `json:"newest,omitempty"`
	// Exits are the exits of the revealed sections the heroes know of
	// (a secret door once found), in the sections' order.
	Exits []PublicExit `json:"exits,omitempty"`
	// Texts are the texts read aloud so far, in the order they came.
	Texts []PublicText `json:"texts,omitempty"`
	// Creatures are the ADP's creatures on the board, in activation order.
	Creatures           []PublicCreature `json:"creatures"`
	MissionAccomplished bool             `json:"mission_accomplished,omitempty"`
	// Outcome is the quest's end (OutcomeWon, OutcomeLost,
	// OutcomeAbandoned), or empty while it goes on.
	Outcome string `json:"outcome,omitempty"`
	// Conductor is the player who conducts this turn, with a rotating
	// Conductor once picked (conductornow.go).
	Conductor *PublicConductor `json:"conductor,omitempty"`
}

// PublicQuest is the quest as the players hear it first.
type PublicQuest struct {
	Title        quest.Text `json:"title"`
	Introduction quest.Text `json:"introduction"`
}

// PublicSection is a revealed section: its name in every language (never
// the id alone: a quest that names none gets its kind's name), its kind and
// where it lies on the grid.
type PublicSection struct {
	ID   string     `json:"id"`
	Name quest.Text `json:"name"`
	Kind string     `json:"kind"`
	X    int        `json:"x"`
	Y    int        `json:"y"`
	W    int        `json:"w"`
	H    int        `json:"h"`
	// Image names the section's picture when the quest keeps one in its
	// file: a name made from its content ("3f…9a.jpeg"), which the game
	// gives for a revealed section only (PublicFile).
	Image string `json:"image,omitempty"`
}

// PublicExit is an exit of a revealed section, at grid point X, Y. Into a
// revealed section it names it (To) and its kind; into a hidden one it is
// only "a door here": neither the section behind nor the kind of the way.
type PublicExit struct {
	From string `json:"from"`
	To   string `json:"to,omitempty"`
	Kind string `json:"kind,omitempty"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
}

// Kinds of PublicText.
const (
	PublicTextSection = "section" // a section's text, read when it is revealed
	PublicTextRed     = "red"     // a red box
)

// PublicText is a text read aloud: a section's (Section is its id) or a
// red box.
type PublicText struct {
	Kind    string     `json:"kind"`
	Section string     `json:"section,omitempty"`
	Text    quest.Text `json:"text"`
}

// PublicCreature is an ADP creature on the board: its name in every
// language, its wounds and, when its Vitality is known, what it has left.
type PublicCreature struct {
	ID           string            `json:"id"`
	Names        map[string]string `json:"names"`
	Wounds       int               `json:"wounds"`
	VitalityLeft *int              `json:"vitality_left,omitempty"`
}

// Public is what the players may see of state s of a game with setup.
func Public(setup Setup, s State) PublicView {
	v := PublicView{Turn: s.Turn, MissionAccomplished: s.MissionAccomplished, Creatures: publicCreatures(s), Conductor: ConductorNow(setup, s)}
	if s.QuestOver != nil {
		v.Outcome = s.QuestOver.Outcome
	}
	q := setup.QuestData
	if q == nil {
		return v
	}
	v.Quest = &PublicQuest{Title: q.Title, Introduction: q.Introduction}
	v.Sections, v.Exits = PublicMap(q, s)
	if n := len(v.Sections); n > 0 {
		v.Newest = v.Sections[n-1].ID
	}
	for _, entry := range s.ReadAloud {
		if id, ok := strings.CutPrefix(entry, ReadText); ok {
			i := slices.IndexFunc(q.Texts, func(t quest.HiddenText) bool { return t.ID == id })
			if i >= 0 && q.Texts[i].Style == "red" { // an ADP note is the Conductor's only
				v.Texts = append(v.Texts, PublicText{Kind: PublicTextRed, Text: q.Texts[i].Text})
			}
			continue
		}
		id, _ := strings.CutPrefix(entry, ReadSection)
		if sec, ok := q.Section(id); ok && slices.Contains(s.Revealed, id) {
			v.Texts = append(v.Texts, PublicText{Kind: PublicTextSection, Section: id, Text: sec.Text})
		}
	}
	return v
}

// PublicMap is the revealed part of quest q's map in state s, as the
// players see it (PublicView's Sections and Exits). The Conductor's map
// draws it too, and adds its own controls.
func PublicMap(q *quest.Quest, s State) ([]PublicSection, []PublicExit) {
	var secs []PublicSection
	var exits []PublicExit
	for _, id := range s.Revealed {
		sec, ok := q.Section(id)
		if !ok {
			continue
		}
		secs = append(secs, PublicSection{ID: id, Name: q.SectionName(id), Kind: sec.Kind, X: sec.X, Y: sec.Y, W: sec.W, H: sec.H, Image: imageName(q, id)})
		for _, e := range sec.Exits {
			if !ExitShown(s, e) {
				continue // a secret door shows only once found
			}
			x := PublicExit{From: id, X: e.X, Y: e.Y}
			if slices.Contains(s.Revealed, e.To) {
				x.To, x.Kind = e.To, e.Kind
			}
			exits = append(exits, x)
		}
	}
	return secs, exits
}

// publicCreatures are the creatures on the board in activation order.
func publicCreatures(s State) []PublicCreature {
	out := []PublicCreature{}
	add := func(c Creature) {
		p := PublicCreature{ID: c.ID, Names: maps.Clone(c.Names), Wounds: c.Wounds}
		if len(p.Names) == 0 {
			p.Names = map[string]string{}
			for _, lang := range quest.Languages {
				p.Names[lang] = c.Name
			}
		}
		if left, ok := VitalityLeft(s, c); ok {
			p.VitalityLeft = &left
		}
		out = append(out, p)
	}
	for _, id := range s.ActivationOrder {
		if i := slices.IndexFunc(s.Creatures, func(c Creature) bool { return c.ID == id }); i >= 0 {
			add(s.Creatures[i])
		}
	}
	for _, c := range s.Creatures { // none should be missing from the order; none is hidden if one is
		if !slices.Contains(s.ActivationOrder, c.ID) {
			add(c)
		}
	}
	return out
}

// Public is what the players may see of the game now.
func (g *Game) Public() PublicView { return Public(g.Setup(), g.State()) }

// PublicJSON is engine.Public: the players' view as JSON.
func (g *Game) PublicJSON() ([]byte, error) { return json.Marshal(g.Public()) }

// imageNames are the names of each quest's section pictures, by section
// id, worked out once per quest: hashing a picture on every tap would cost
// the tap its speed. A quest is held weakly: once no game holds it, its
// entry goes with it (a quest with pictures may weigh megabytes).
var imageNames sync.Map // weak.Pointer[quest.Quest] → map[string]string

// imageName is the name of section id's picture in quest q ("" for none):
// its content's hash and its format, so that a changed picture gets a new
// name and a device may keep the old one in its cache.
func imageName(q *quest.Quest, id string) string {
	key := weak.Make(q)
	if names, ok := imageNames.Load(key); ok {
		return names.(map[string]string)[id]
	}
	names := map[string]string{}
	for _, sec := range q.Sections {
		if !quest.IsDataURI(sec.Image) {
			continue
		}
		if _, format, ok := dataURI(sec.Image); ok {
			sum := sha256.Sum256([]byte(sec.Image))
			names[sec.ID] = hex.EncodeToString(sum[:10]) + "." + format
		}
	}
	if _, loaded := imageNames.LoadOrStore(key, names); !loaded {
		runtime.AddCleanup(q, func(k weak.Pointer[quest.Quest]) { imageNames.Delete(k) }, key)
	}
	return names[id]
}

// dataURI is the picture a section's image holds and its format ("png",
// "jpeg"), when it is one of those.
func dataURI(uri string) ([]byte, string, bool) {
	for _, format := range []string{"png", "jpeg"} {
		if rest, ok := strings.CutPrefix(uri, "data:image/"+format+";base64,"); ok {
			data, err := base64.StdEncoding.DecodeString(rest)
			return data, format, err == nil
		}
	}
	return nil, "", false
}

// PublicFiles are the names of the pictures the players may see now: the
// revealed sections' (engine.PublicFiles).
func (g *Game) PublicFiles() []string {
	q := g.Setup().QuestData
	if q == nil {
		return nil
	}
	var names []string
	for _, id := range g.State().Revealed {
		if name := imageName(q, id); name != "" {
			names = append(names, name)
		}
	}
	return names
}

// PublicFile is the picture named name, with its content type, when it is
// a revealed section's; nothing else, whatever the name.
func (g *Game) PublicFile(name string) ([]byte, string, bool) {
	q := g.Setup().QuestData
	if q == nil || name == "" {
		return nil, "", false
	}
	s := g.State()
	for _, id := range s.Revealed {
		if imageName(q, id) != name {
			continue
		}
		sec, _ := q.Section(id)
		if data, format, ok := dataURI(sec.Image); ok {
			return data, "image/" + format, true
		}
	}
	return nil, "", false
}
