package edit

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// section finds a section of s by id.
func (s *state) section(id string) (*quest.Section, error) {
	i := slices.IndexFunc(s.q.Sections, func(sec quest.Section) bool { return sec.ID == id })
	if i < 0 {
		return nil, fail("quest.edit.not_found", map[string]any{"ID": id})
	}
	return &s.q.Sections[i], nil
}

// checkRect refuses a section's place and size off the map's grid.
func checkRect(id string, x, y, w, h int) error {
	if w < 1 || h < 1 || x < 0 || y < 0 {
		return fail("quest.section_size", map[string]any{"Section": id})
	}
	if x > quest.MaxGrid-w || y > quest.MaxGrid-h {
		return fail("quest.grid", map[string]any{"What": id, "Max": quest.MaxGrid})
	}
	return nil
}

func checkPoint(what string, x, y int) error {
	if x < 0 || y < 0 || x > quest.MaxGrid || y > quest.MaxGrid {
		return fail("quest.grid", map[string]any{"What": what, "Max": quest.MaxGrid})
	}
	return nil
}

// AddSection adds a section of a kind ("corridor", "room", "large",
// "main") at x, y, w squares wide and h high, and gives it an id from its
// kind ("room", "room-2"…) that follows its English name once it has one
// (SetSectionName). The quest's first section is where the heroes start.
func (d *Doc) AddSection(kind string, x, y, w, h int) (string, error) {
	return d.AddSectionID("", kind, x, y, w, h)
}

// AddSectionID is AddSection with an id of the caller's choice (kept as
// it is), or a generated one for "".
func (d *Doc) AddSectionID(id, kind string, x, y, w, h int) (string, error) {
	if !slices.Contains(quest.SectionKinds, kind) {
		return "", fail("quest.section_kind", map[string]any{"Section": id, "Kind": kind})
	}
	if id != "" && !validID(id) {
		return "", fail("quest.edit.bad_id", map[string]any{"ID": id, "Max": MaxID})
	}
	if err := checkRect(id, x, y, w, h); err != nil {
		return "", err
	}
	err := d.change(func(s *state) error {
		if id == "" {
			id = unique(&s.q, kindSlug(kind), "")
			s.fresh["section:"+id] = true
		} else if taken(&s.q)[id] {
			return fail("quest.duplicate_id", map[string]any{"ID": id})
		}
		s.q.Sections = append(s.q.Sections, quest.Section{ID: id, Kind: kind, X: x, Y: y, W: w, H: h, Start: len(s.q.Sections) == 0})
		d.last = id
		return nil
	})
	return id, err
}

// follow gives a fresh section its id from its English name, or its kind
// when it has none.
func (s *state) followSection(sec *quest.Section) {
	if !s.fresh["section:"+sec.ID] {
		return
	}
	id := unique(&s.q, nameSlug(sec.Name, kindSlug(sec.Kind)), sec.ID)
	if id != sec.ID {
		delete(s.fresh, "section:"+sec.ID)
		s.fresh["section:"+id] = true
		sec.ID = id
	}
}

// SetSectionName sets what the map, the log and the prompts call a
// section (blank: called by its kind). While its id is fresh (given by
// this editing, nothing in the quest refers to it, and the quest was not
// saved since: MarkSaved) the id follows the English name ("Ash Stair" →
// "ash-stair"); after that it never changes. LastID is the id after it.
func (d *Doc) SetSectionName(id string, name quest.Text) error {
	return d.change(func(s *state) error {
		sec, err := s.section(id)
		if err != nil {
			return err
		}
		sec.Name = clean(name)
		s.followSection(sec)
		d.last = sec.ID
		return nil
	})
}

// SetSectionText sets what is read aloud when the section is revealed.
func (d *Doc) SetSectionText(id string, text quest.Text) error {
	return d.change(func(s *state) error {
		sec, err := s.section(id)
		if err != nil {
			return err
		}
		sec.Text = clean(text)
		d.last = id
		return nil
	})
}

// SetSectionKind sets a section's kind; a fresh unnamed section's id
// follows it.
func (d *Doc) SetSectionKind(id, kind string) error {
	if !slices.Contains(quest.SectionKinds, kind) {
		return fail("quest.section_kind", map[string]any{"Section": id, "Kind": kind})
	}
	return d.change(func(s *state) error {
		sec, err := s.section(id)
		if err != nil {
			return err
		}
		sec.Kind = kind
		s.followSection(sec)
		d.last = sec.ID
		return nil
	})
}

// MoveSection puts a section's top-left corner at x, y; its exits and
// elements move with it.
func (d *Doc) MoveSection(id string, x, y int) error {
	return d.change(func(s *state) error {
		sec, err := s.section(id)
		if err != nil {
			return err
		}
		if err := checkRect(id, x, y, sec.W, sec.H); err != nil {
			return err
		}
		dx, dy := x-sec.X, y-sec.Y
		sec.X, sec.Y = x, y
		for i := range sec.Exits {
			e := &sec.Exits[i]
			e.X, e.Y = e.X+dx, e.Y+dy
			if err := checkPoint(id, e.X, e.Y); err != nil {
				return err
			}
		}
		for i := range sec.Elements {
			e := &sec.Elements[i]
			e.X, e.Y = e.X+dx, e.Y+dy
			if err := checkPoint(e.ID, e.X, e.Y); err != nil {
				return err
			}
		}
		d.last = id
		return nil
	})
}

// ResizeSection makes a section w squares wide and h high (its top-left
// corner stays).
func (d *Doc) ResizeSection(id string, w, h int) error {
	return d.change(func(s *state) error {
		sec, err := s.section(id)
		if err != nil {
			return err
		}
		if err := checkRect(id, sec.X, sec.Y, w, h); err != nil {
			return err
		}
		sec.W, sec.H = w, h
		d.last = id
		return nil
	})
}

// RemoveSection removes a section, the exits into it, and the hidden
// texts revealed by it, its elements or its secret doors; an unlock of it
// is dropped from every text's effect. When it was the start, the first
// section left becomes the start.
func (d *Doc) RemoveSection(id string) error {
	return d.change(func(s *state) error {
		sec, err := s.section(id)
		if err != nil {
			return err
		}
		gone := map[string]bool{}
		for _, e := range sec.Elements {
			gone[e.ID] = true
		}
		for _, e := range sec.Exits {
			if e.ID != "" {
				gone[e.ID] = true
			}
		}
		wasStart := sec.Start
		s.q.Sections = slices.DeleteFunc(s.q.Sections, func(x quest.Section) bool { return x.ID == id })
		for i := range s.q.Sections {
			o := &s.q.Sections[i]
			o.Exits = slices.DeleteFunc(o.Exits, func(e quest.Exit) bool {
				if e.To == id && e.ID != "" {
					gone[e.ID] = true
				}
				return e.To == id
			})
			if len(o.Exits) == 0 {
				o.Exits = nil
			}
		}
		if wasStart && len(s.q.Sections) > 0 {
			s.q.Sections[0].Start = true
		}
		if len(s.q.Sections) == 0 {
			s.q.Sections = nil
		}
		s.dropTexts(func(t quest.HiddenText) bool { return t.Section == id || gone[t.Element] })
		for i := range s.q.Texts {
			if s.q.Texts[i].Effect.Unlock == id {
				s.q.Texts[i].Effect.Unlock = ""
			}
		}
		delete(s.fresh, "section:"+id)
		d.last = ""
		return nil
	})
}

// dropTexts removes the hidden texts f picks.
func (s *state) dropTexts(f func(quest.HiddenText) bool) {
	s.q.Texts = slices.DeleteFunc(s.q.Texts, f)
	if len(s.q.Texts) == 0 {
		s.q.Texts = nil
	}
}

// SetStart makes a section the one where the heroes begin.
func (d *Doc) SetStart(id string) error {
	return d.change(func(s *state) error {
		if _, err := s.section(id); err != nil {
			return err
		}
		for i := range s.q.Sections {
			s.q.Sections[i].Start = s.q.Sections[i].ID == id
		}
		d.last = id
		return nil
	})
}

// SetImage sets a section's picture: a data URI (quest.ImageFromFile
// makes one from a picture file) kept in the quest file, or a path
// relative to the quest file; "" removes it.
func (d *Doc) SetImage(id string, image string) error {
	if image != "" {
		if p := quest.CheckImage(id, image); p != nil {
			return *p
		}
	}
	return d.change(func(s *state) error {
		sec, err := s.section(id)
		if err != nil {
			return err
		}
		sec.Image = image
		d.last = id
		return nil
	})
}

// SectionAt is the section that covers the grid square x, y (the last
// drawn, when sections overlap).
func (d *Doc) SectionAt(x, y int) (string, bool) {
	secs := d.cur.q.Sections
	for i := len(secs) - 1; i >= 0; i-- {
		s := secs[i]
		if s.X <= x && x < s.X+s.W && s.Y <= y && y < s.Y+s.H {
			return s.ID, true
		}
	}
	return "", false
}

// EdgeBetween finds the two sections whose shared wall holds the grid
// point x, y (a corner of the grid's squares), for an exit placed there: a
// in the quest's order before b. A point inside the wall both share is
// preferred to one at the end of it.
func (d *Doc) EdgeBetween(x, y int) (a, b string, ok bool) {
	secs := d.cur.q.Sections
	best := -1
	for i, s := range secs {
		for j := i + 1; j < len(secs); j++ {
			t := secs[j]
			score := sharedWall(s, t, x, y)
			if score > best {
				best, a, b, ok = score, s.ID, t.ID, score >= 0
			}
		}
	}
	if !ok {
		return "", "", false
	}
	return a, b, true
}

// sharedWall says whether the point x, y is on a wall s and t share: -1
// when not, 0 at an end of either's side of it, 1 strictly inside both.
func sharedWall(s, t quest.Section, x, y int) int {
	along := func(p, a0, a1, b0, b1 int) int {
		switch {
		case p < a0 || p > a1 || p < b0 || p > b1:
			return -1
		case p > a0 && p < a1 && p > b0 && p < b1:
			return 1
		}
		return 0
	}
	switch {
	case y == s.Y+s.H && y == t.Y, y == s.Y && y == t.Y+t.H: // horizontal walls
		return along(x, s.X, s.X+s.W, t.X, t.X+t.W)
	case x == s.X+s.W && x == t.X, x == s.X && x == t.X+t.W: // vertical walls
		return along(y, s.Y, s.Y+s.H, t.Y, t.Y+t.H)
	}
	return -1
}
