package edit

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"maps"
	"sort"
	"strings"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// File is the name problems give the quest being edited.
const File = "edited-quest.toml"

// Problems are what the validator finds in the quest as TOML() writes it,
// each with the object it concerns (the one whose table holds its line;
// the quest for a problem of the whole file). A text given in one
// language but not the other is no problem here: Missing lists it.
func (d *Doc) Problems() []Problem {
	filled := cloneQuest(&d.cur.q)
	fillPartialTexts(&filled)
	pictures, size := d.placeholdPictures(&filled)
	d.prunePictures()
	data, lines, err := quest.EncodeLines(&filled)
	if err != nil {
		return nil
	}
	_, ps := quest.Parse(File, data)
	// An exit off its sections' shared wall is only a warning in a file
	// (games and quests taken before keep working), but here, where exits
	// are placed and sections moved, it is a problem on the exit.
	ps = append(ps, quest.ExitsOffWall(File, data, &filled)...)
	if size += len(data); size > quest.MaxSize {
		ps = append(quest.Problems{{File: File, ID: "quest.too_big", Args: map[string]any{"Size": size, "Max": quest.MaxSize}}}, ps...)
	}
	ps = append(ps, picturesOnLines(pictures, lines)...)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Line < ps[j].Line })
	out := make([]Problem, 0, len(ps))
	for _, p := range ps {
		out = append(out, Problem{Problem: p, Ref: problemRef(&filled, p, lines)})
	}
	return out
}

// fillPartialTexts fills each text given in one language but not the
// other from the one given: each text is one line, whatever it holds, so a
// text filled in is on the same line as in TOML().
func fillPartialTexts(q *quest.Quest) {
	eachText(q, func(_ Ref, t quest.Text) {
		if !partial(t) {
			return
		}
		var some string
		for _, lang := range quest.Languages {
			if strings.TrimSpace(t[lang]) != "" {
				some = t[lang]
				break
			}
		}
		for _, lang := range quest.Languages {
			if strings.TrimSpace(t[lang]) == "" {
				t[lang] = some
			}
		}
	})
}

// placeholdPictures checks the pictures kept in q's file once each (the
// cache) and puts a small one in their place in what is parsed: each is on
// one line too. It returns their problems (line 0 for now) and the size
// they add to the file.
func (d *Doc) placeholdPictures(q *quest.Quest) (pictures []quest.Problem, size int) {
	total := 0 // their decoded size
	for i := range q.Sections {
		sec := &q.Sections[i]
		if !quest.IsDataURI(sec.Image) {
			continue
		}
		c := d.checkPicture(sec.ID, sec.Image)
		size += len(sec.Image) - len(placeholder)
		if c.problem != nil {
			pictures = append(pictures, *c.problem)
			pictures[len(pictures)-1].Args["Section"] = sec.ID
		}
		if total += c.size; total > quest.MaxImagesSize && c.size > 0 {
			pictures = append(pictures, quest.Problem{ID: "quest.images_total", Args: map[string]any{"Size": total, "Max": quest.MaxImagesSize, "Section": sec.ID}})
		}
		sec.Image = placeholder
	}
	return pictures, size
}

// picturesOnLines puts each picture's problem on its section's line.
func picturesOnLines(pictures []quest.Problem, lines []quest.LineRef) []quest.Problem {
	out := make([]quest.Problem, 0, len(pictures))
	for _, p := range pictures {
		p.File = File
		for n, l := range lines {
			if l.Kind == "section" && l.ID == p.Args["Section"] {
				p.Line = n
				break
			}
		}
		out = append(out, p)
	}
	return out
}

// problemRef is the object whose table holds p's line (a deck's problem
// names its deck), the quest's for a problem of the whole file.
func problemRef(q *quest.Quest, p quest.Problem, lines []quest.LineRef) Ref {
	ref := Ref{Kind: "quest"}
	if p.Line > 0 && p.Line < len(lines) {
		ref = toRef(q, lines[p.Line])
	}
	if ref.Kind == "deck" && ref.ID == "" {
		if deck, ok := p.Args["Deck"].(string); ok {
			ref.ID = deck
		}
	}
	// A field left out of the file is on its table's heading, or on the
	// file's first line: the field the validator names is the one.
	if f, ok := p.Args["Field"].(string); ok {
		ref.Field = f[strings.LastIndexByte(f, '.')+1:]
	}
	return ref
}

// Warnings are what is worth a look in the quest but may be saved: two
// sections called the same in a language (quest.SameNames), each with the
// later section's Ref. Lines are those of TOML(), as for Problems.
func (d *Doc) Warnings() []Problem {
	q := cloneQuest(&d.cur.q)
	for i := range q.Sections {
		if q.Sections[i].Image != "" {
			q.Sections[i].Image = placeholder // one line, whatever it holds
		}
	}
	data, lines, err := quest.EncodeLines(&q)
	if err != nil {
		return nil
	}
	var out []Problem
	for _, p := range quest.SameNames(File, data, &q) {
		ref := Ref{Kind: "quest"}
		if p.Line > 0 && p.Line < len(lines) {
			ref = toRef(&q, lines[p.Line])
		}
		out = append(out, Problem{Problem: p, Ref: ref})
	}
	return out
}

// toRef is the Ref of an encoded line's object.
func toRef(q *quest.Quest, l quest.LineRef) Ref {
	r := Ref{Kind: l.Kind, Section: l.Section, Index: l.Index, ID: l.ID, Field: l.Field}
	if l.Kind == "spawn" && l.Index < len(q.SpawnTable) {
		r.Index = q.SpawnTable[l.Index].Roll
	}
	return r
}

// Missing are the objects with a text given in some language but not in
// another (an English name and no Spanish one): the quest is not valid
// until each is given in every language, but the editor flags them and
// goes on. Each object once, in the file's order, with the field of its
// first such text.
func (d *Doc) Missing() []Ref {
	var refs []Ref
	eachText(&d.cur.q, func(r Ref, t quest.Text) {
		if partial(t) && (len(refs) == 0 || !sameObject(refs[len(refs)-1], r)) {
			refs = append(refs, r)
		}
	})
	return refs
}

// sameObject says whether two refs name the same object, whatever field.
func sameObject(a, b Ref) bool {
	a.Field, b.Field = "", ""
	return a == b
}

// partial says whether a text has some languages but not all.
func partial(t quest.Text) bool {
	some, all := false, true
	for _, lang := range quest.Languages {
		if strings.TrimSpace(t[lang]) != "" {
			some = true
		} else {
			all = false
		}
	}
	return some && !all
}

// eachText calls f with every text of the quest and its object, in the
// file's order.
func eachText(q *quest.Quest, f func(Ref, quest.Text)) {
	top := func(field string) Ref { return Ref{Kind: "quest", Field: field} }
	f(top("title"), q.Title)
	f(top("introduction"), q.Introduction)
	f(top("setup"), q.Setup)
	f(top("faction"), q.Faction)
	f(Ref{Kind: "leader", Field: "name"}, q.Leader.Name)
	for _, r := range q.SpawnTable {
		f(Ref{Kind: "spawn", Index: r.Roll, Field: "creatures"}, r.Creatures)
	}
	for _, s := range q.Sections {
		f(Ref{Kind: "section", Section: s.ID, ID: s.ID, Field: "name"}, s.Name)
		f(Ref{Kind: "section", Section: s.ID, ID: s.ID, Field: "text"}, s.Text)
		for j, e := range s.Elements {
			f(Ref{Kind: "element", Section: s.ID, Index: j, ID: e.ID, Field: "name"}, e.Name)
		}
	}
	for i, t := range q.Texts {
		f(Ref{Kind: "text", Index: i, ID: t.ID, Field: "text"}, t.Text)
	}
	for i, c := range q.Conditions {
		f(Ref{Kind: "condition", Index: i, ID: c.ID, Field: "label"}, c.Label)
	}
}

// placeholder is a picture of one pixel, which stands for the pictures of
// the quest when it is parsed for its problems.
var placeholder = func() string {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}()

// pictureCheck is what checking a picture found: its problem, or its
// decoded size.
type pictureCheck struct {
	problem *quest.Problem
	size    int
	used    bool
}

// checkPicture checks a section's picture, once for each picture.
func (d *Doc) checkPicture(section, uri string) *pictureCheck {
	if d.pictures == nil {
		d.pictures = map[string]*pictureCheck{}
	}
	c, ok := d.pictures[uri]
	if !ok {
		c = &pictureCheck{problem: quest.CheckImage(section, uri)}
		if c.problem == nil {
			payload := uri[strings.IndexByte(uri, ',')+1:]
			c.size = len(payload)/4*3 - (len(payload) - len(strings.TrimRight(payload, "=")))
		}
		d.pictures[uri] = c
	}
	c.used = true
	if c.problem != nil { // a copy: its section is set by the caller
		p := *c.problem
		p.Args = maps.Clone(p.Args)
		return &pictureCheck{problem: &p}
	}
	return c
}

// prunePictures forgets the pictures the quest no longer has.
func (d *Doc) prunePictures() {
	for uri, c := range d.pictures {
		if !c.used {
			delete(d.pictures, uri)
		}
		c.used = false
	}
}
