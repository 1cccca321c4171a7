package edit

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// exit finds the index-th exit of a section.
func (s *state) exit(from string, index int) (*quest.Section, *quest.Exit, error) {
	sec, err := s.section(from)
	if err != nil {
		return nil, nil, err
	}
	if index < 0 || index >= len(sec.Exits) {
		return nil, nil, fail("quest.edit.no_exit", map[string]any{"Section": from, "Index": index})
	}
	return sec, &sec.Exits[index], nil
}

// referred says whether a hidden text is revealed by id (an element or a
// secret door).
func (s *state) referred(id string) bool {
	return slices.ContainsFunc(s.q.Texts, func(t quest.HiddenText) bool { return t.Element == id })
}

// AddExit adds an exit from a section into another, of a kind ("door",
// "locked_door", "secret_door", "arrow") at the grid point x, y (on the
// wall they share: EdgeBetween). A secret door gets an id
// ("<from>-secret-door"), which hidden texts can be revealed by. It gives
// the exit's place among the section's exits.
func (d *Doc) AddExit(from, to, kind string, x, y int) (int, error) {
	return d.AddExitID("", from, to, kind, x, y)
}

// AddExitID is AddExit with the exit's id of the caller's choice ("" for
// none, or a generated one for a secret door).
func (d *Doc) AddExitID(id, from, to, kind string, x, y int) (int, error) {
	if !slices.Contains(quest.ExitKinds, kind) {
		return 0, fail("quest.exit_kind", map[string]any{"Section": from, "Kind": kind})
	}
	if id != "" && !validID(id) {
		return 0, fail("quest.edit.bad_id", map[string]any{"ID": id, "Max": MaxID})
	}
	if from == to {
		return 0, fail("quest.edit.exit_self", map[string]any{"Section": from})
	}
	if err := checkPoint(from, x, y); err != nil {
		return 0, err
	}
	index := 0
	err := d.change(func(s *state) error {
		sec, err := s.section(from)
		if err != nil {
			return err
		}
		if _, err := s.section(to); err != nil {
			return err
		}
		switch {
		case id != "" && taken(&s.q)[id]:
			return fail("quest.duplicate_id", map[string]any{"ID": id})
		case id == "" && kind == "secret_door":
			id = unique(&s.q, from+"-secret-door", "")
		}
		sec.Exits = append(sec.Exits, quest.Exit{ID: id, To: to, Kind: kind, X: x, Y: y})
		index = len(sec.Exits) - 1
		d.last = id
		return nil
	})
	return index, err
}

// SetExitKind changes an exit's kind. A secret door gets an id; an exit
// that stops being one loses its id, unless a hidden text is revealed by it.
func (d *Doc) SetExitKind(from string, index int, kind string) error {
	if !slices.Contains(quest.ExitKinds, kind) {
		return fail("quest.exit_kind", map[string]any{"Section": from, "Kind": kind})
	}
	return d.change(func(s *state) error {
		_, e, err := s.exit(from, index)
		if err != nil {
			return err
		}
		e.Kind = kind
		switch {
		case kind == "secret_door" && e.ID == "":
			e.ID = unique(&s.q, from+"-secret-door", "")
		case kind != "secret_door" && e.ID != "" && !s.referred(e.ID):
			e.ID = ""
		}
		d.last = e.ID
		return nil
	})
}

// MoveExit puts an exit at the grid point x, y.
func (d *Doc) MoveExit(from string, index int, x, y int) error {
	if err := checkPoint(from, x, y); err != nil {
		return err
	}
	return d.change(func(s *state) error {
		_, e, err := s.exit(from, index)
		if err != nil {
			return err
		}
		e.X, e.Y = x, y
		d.last = e.ID
		return nil
	})
}

// RemoveExit removes an exit, and the hidden texts revealed by it (a
// secret door found).
func (d *Doc) RemoveExit(from string, index int) error {
	return d.change(func(s *state) error {
		sec, e, err := s.exit(from, index)
		if err != nil {
			return err
		}
		if id := e.ID; id != "" {
			s.dropTexts(func(t quest.HiddenText) bool { return t.Element == id })
		}
		sec.Exits = slices.Delete(sec.Exits, index, index+1)
		if len(sec.Exits) == 0 {
			sec.Exits = nil
		}
		d.last = ""
		return nil
	})
}

// element finds an element of a section.
func (s *state) element(section, id string) (*quest.Section, *quest.Element, error) {
	sec, err := s.section(section)
	if err != nil {
		return nil, nil, err
	}
	i := slices.IndexFunc(sec.Elements, func(e quest.Element) bool { return e.ID == id })
	if i < 0 {
		return nil, nil, fail("quest.edit.not_found", map[string]any{"ID": id})
	}
	return sec, &sec.Elements[i], nil
}

// AddElement adds an element of a kind ("trap", "furniture", "chest",
// "objective") to a section at the grid square x, y, with an id from its
// English name (or its kind) that follows the name while fresh, as a
// section's does.
func (d *Doc) AddElement(section, kind string, name quest.Text, x, y int) (string, error) {
	return d.AddElementID("", section, kind, name, x, y)
}

// AddElementID is AddElement with an id of the caller's choice (kept as it
// is), or a generated one for "".
func (d *Doc) AddElementID(id, section, kind string, name quest.Text, x, y int) (string, error) {
	if !slices.Contains(quest.ElementKinds, kind) {
		return "", fail("quest.element_kind", map[string]any{"Element": id, "Kind": kind})
	}
	if id != "" && !validID(id) {
		return "", fail("quest.edit.bad_id", map[string]any{"ID": id, "Max": MaxID})
	}
	if err := checkPoint(section, x, y); err != nil {
		return "", err
	}
	err := d.change(func(s *state) error {
		sec, err := s.section(section)
		if err != nil {
			return err
		}
		name := clean(name)
		if id == "" {
			id = unique(&s.q, nameSlug(name, kindSlug(kind)), "")
			s.fresh["element:"+id] = true
		} else if taken(&s.q)[id] {
			return fail("quest.duplicate_id", map[string]any{"ID": id})
		}
		sec.Elements = append(sec.Elements, quest.Element{ID: id, Kind: kind, Name: name, X: x, Y: y})
		d.last = id
		return nil
	})
	return id, err
}

// followElement gives a fresh element its id from its English name, or
// its kind.
func (s *state) followElement(e *quest.Element) {
	if !s.fresh["element:"+e.ID] {
		return
	}
	id := unique(&s.q, nameSlug(e.Name, kindSlug(e.Kind)), e.ID)
	if id != e.ID {
		delete(s.fresh, "element:"+e.ID)
		s.fresh["element:"+id] = true
		e.ID = id
	}
}

// SetElement sets an element's name and, for furniture, whether a fumbled
// search may set off a trap. A fresh id follows the name (LastID).
func (d *Doc) SetElement(section, id string, name quest.Text, trapAllowed bool) error {
	return d.change(func(s *state) error {
		_, e, err := s.element(section, id)
		if err != nil {
			return err
		}
		e.Name, e.TrapAllowed = clean(name), trapAllowed
		s.followElement(e)
		d.last = e.ID
		return nil
	})
}

// SetElementKind changes an element's kind.
func (d *Doc) SetElementKind(section, id, kind string) error {
	if !slices.Contains(quest.ElementKinds, kind) {
		return fail("quest.element_kind", map[string]any{"Element": id, "Kind": kind})
	}
	return d.change(func(s *state) error {
		_, e, err := s.element(section, id)
		if err != nil {
			return err
		}
		e.Kind = kind
		s.followElement(e)
		d.last = e.ID
		return nil
	})
}

// MoveElement puts an element on the grid square x, y.
func (d *Doc) MoveElement(section, id string, x, y int) error {
	if err := checkPoint(id, x, y); err != nil {
		return err
	}
	return d.change(func(s *state) error {
		_, e, err := s.element(section, id)
		if err != nil {
			return err
		}
		e.X, e.Y = x, y
		d.last = id
		return nil
	})
}

// RemoveElement removes an element and the hidden texts revealed by it.
func (d *Doc) RemoveElement(section, id string) error {
	return d.change(func(s *state) error {
		sec, _, err := s.element(section, id)
		if err != nil {
			return err
		}
		sec.Elements = slices.DeleteFunc(sec.Elements, func(e quest.Element) bool { return e.ID == id })
		if len(sec.Elements) == 0 {
			sec.Elements = nil
		}
		s.dropTexts(func(t quest.HiddenText) bool { return t.Element == id })
		delete(s.fresh, "element:"+id)
		d.last = ""
		return nil
	})
}
