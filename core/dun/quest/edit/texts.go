package edit

import (
	"slices"

	"github.com/dunconductor/conductor/core/dun/quest"
)

// text finds a hidden text.
func (s *state) text(id string) (*quest.HiddenText, error) {
	i := slices.IndexFunc(s.q.Texts, func(t quest.HiddenText) bool { return t.ID == id })
	if i < 0 {
		return nil, fail("quest.edit.not_found", map[string]any{"ID": id})
	}
	return &s.q.Texts[i], nil
}

// condition finds a condition.
func (s *state) condition(id string) (*quest.Condition, error) {
	i := slices.IndexFunc(s.q.Conditions, func(c quest.Condition) bool { return c.ID == id })
	if i < 0 {
		return nil, fail("quest.edit.not_found", map[string]any{"ID": id})
	}
	return &s.q.Conditions[i], nil
}

// checkReveal refuses a Reveal that names not exactly one thing, or a thing
// the quest does not have.
func (s *state) checkReveal(text string, by Reveal) error {
	set := 0
	for _, r := range []string{by.Section, by.Element, by.Condition} {
		if r != "" {
			set++
		}
	}
	if set != 1 {
		return fail("quest.text_trigger", map[string]any{"Text": text})
	}
	found := false
	switch {
	case by.Section != "":
		_, err := s.section(by.Section)
		found = err == nil
	case by.Element != "":
		for _, sec := range s.q.Sections {
			found = found || slices.ContainsFunc(sec.Elements, func(e quest.Element) bool { return e.ID == by.Element }) ||
				slices.ContainsFunc(sec.Exits, func(e quest.Exit) bool { return e.ID == by.Element })
		}
	default:
		_, err := s.condition(by.Condition)
		found = err == nil
	}
	if !found {
		return fail("quest.text_ref", map[string]any{"Text": text, "Ref": by.Section + by.Element + by.Condition})
	}
	return nil
}

// AddText adds a hidden text of a style ("red": a red box read aloud;
// "adp": a note for the ADP) revealed by one thing, with an id made from
// it ("ossuary-box", "ash-throne-note").
func (d *Doc) AddText(style string, by Reveal, text quest.Text) (string, error) {
	return d.AddTextID("", style, by, text)
}

// AddTextID is AddText with an id of the caller's choice, or a generated
// one for "".
func (d *Doc) AddTextID(id, style string, by Reveal, text quest.Text) (string, error) {
	if !slices.Contains(quest.TextStyles, style) {
		return "", fail("quest.text_style", map[string]any{"Text": id, "Style": style})
	}
	if id != "" && !validID(id) {
		return "", fail("quest.edit.bad_id", map[string]any{"ID": id, "Max": MaxID})
	}
	err := d.change(func(s *state) error {
		if err := s.checkReveal(id, by); err != nil {
			return err
		}
		if id == "" {
			suffix := "-box"
			if style == "adp" {
				suffix = "-note"
			}
			id = unique(&s.q, by.Section+by.Element+by.Condition+suffix, "")
		} else if taken(&s.q)[id] {
			return fail("quest.duplicate_id", map[string]any{"ID": id})
		}
		s.q.Texts = append(s.q.Texts, quest.HiddenText{ID: id, Style: style, Section: by.Section, Element: by.Element, Condition: by.Condition, Text: clean(text)})
		d.last = id
		return nil
	})
	return id, err
}

// SetText sets what reveals a hidden text, and its words.
func (d *Doc) SetText(id string, by Reveal, text quest.Text) error {
	return d.change(func(s *state) error {
		t, err := s.text(id)
		if err != nil {
			return err
		}
		if err := s.checkReveal(id, by); err != nil {
			return err
		}
		t.Section, t.Element, t.Condition, t.Text = by.Section, by.Element, by.Condition, clean(text)
		d.last = id
		return nil
	})
}

// SetTextStyle sets a hidden text's style: "red" or "adp".
func (d *Doc) SetTextStyle(id, style string) error {
	if !slices.Contains(quest.TextStyles, style) {
		return fail("quest.text_style", map[string]any{"Text": id, "Style": style})
	}
	return d.change(func(s *state) error {
		t, err := s.text(id)
		if err != nil {
			return err
		}
		t.Style = style
		d.last = id
		return nil
	})
}

// SetEffect sets what showing a hidden text does to the game (see
// quest.Effect); the zero Effect does nothing more than show it.
func (d *Doc) SetEffect(id string, e quest.Effect) error {
	for _, v := range []int{e.Reserve, e.ReserveEachTurn, e.LeaderRegenerates} {
		if v < 0 || v > quest.MaxEffectPoints {
			return fail("quest.effect_points", map[string]any{"Text": id, "Value": v, "Max": quest.MaxEffectPoints})
		}
	}
	if e.Until != "" && !e.Lasting() {
		return fail("quest.effect_until", map[string]any{"Text": id})
	}
	return d.change(func(s *state) error {
		t, err := s.text(id)
		if err != nil {
			return err
		}
		if _, err := s.section(e.Unlock); e.Unlock != "" && err != nil {
			return fail("quest.text_ref", map[string]any{"Text": id, "Ref": e.Unlock})
		}
		if _, err := s.condition(e.Until); e.Until != "" && err != nil {
			return fail("quest.text_ref", map[string]any{"Text": id, "Ref": e.Until})
		}
		t.Effect = e
		d.last = id
		return nil
	})
}

// RemoveText removes a hidden text.
func (d *Doc) RemoveText(id string) error {
	return d.change(func(s *state) error {
		if _, err := s.text(id); err != nil {
			return err
		}
		s.dropTexts(func(t quest.HiddenText) bool { return t.ID == id })
		d.last = ""
		return nil
	})
}

// AddCondition adds a condition the Conductor ticks when it happens (its
// label says what), met by itself when a creature leaves the board when
// slain is set ("leader", or a faction profile's id); mission says meeting
// it accomplishes the quest's mission. Its id comes from the English label
// and follows it while fresh.
func (d *Doc) AddCondition(label quest.Text, slain string, mission bool) (string, error) {
	return d.AddConditionID("", label, slain, mission)
}

// AddConditionID is AddCondition with an id of the caller's choice, or a
// generated one for "".
func (d *Doc) AddConditionID(id string, label quest.Text, slain string, mission bool) (string, error) {
	if id != "" && !validID(id) {
		return "", fail("quest.edit.bad_id", map[string]any{"ID": id, "Max": MaxID})
	}
	if len(slain) > 200 {
		return "", fail("quest.condition_slain", map[string]any{"ID": id})
	}
	err := d.change(func(s *state) error {
		label := clean(label)
		if id == "" {
			id = unique(&s.q, nameSlug(label, "condition"), "")
			s.fresh["condition:"+id] = true
		} else if taken(&s.q)[id] {
			return fail("quest.duplicate_id", map[string]any{"ID": id})
		}
		s.q.Conditions = append(s.q.Conditions, quest.Condition{ID: id, Label: label, Slain: slain, Mission: mission})
		d.last = id
		return nil
	})
	return id, err
}

// SetCondition sets a condition's label, what slain creature meets it and
// whether it accomplishes the mission. A fresh id follows the English label
// (LastID).
func (d *Doc) SetCondition(id string, label quest.Text, slain string, mission bool) error {
	if len(slain) > 200 {
		return fail("quest.condition_slain", map[string]any{"ID": id})
	}
	return d.change(func(s *state) error {
		c, err := s.condition(id)
		if err != nil {
			return err
		}
		c.Label, c.Slain, c.Mission = clean(label), slain, mission
		if s.fresh["condition:"+c.ID] {
			if nid := unique(&s.q, nameSlug(c.Label, "condition"), c.ID); nid != c.ID {
				delete(s.fresh, "condition:"+c.ID)
				s.fresh["condition:"+nid] = true
				c.ID = nid
			}
		}
		d.last = c.ID
		return nil
	})
}

// RemoveCondition removes a condition and the hidden texts revealed by it;
// a lasting effect that ended with it no longer ends.
func (d *Doc) RemoveCondition(id string) error {
	return d.change(func(s *state) error {
		if _, err := s.condition(id); err != nil {
			return err
		}
		s.q.Conditions = slices.DeleteFunc(s.q.Conditions, func(c quest.Condition) bool { return c.ID == id })
		if len(s.q.Conditions) == 0 {
			s.q.Conditions = nil
		}
		s.dropTexts(func(t quest.HiddenText) bool { return t.Condition == id })
		for i := range s.q.Texts {
			if s.q.Texts[i].Effect.Until == id {
				s.q.Texts[i].Effect.Until = ""
			}
		}
		delete(s.fresh, "condition:"+id)
		d.last = ""
		return nil
	})
}

// SetID gives an object an id of the caller's choice, and changes every
// reference to it in the quest (exits, hidden texts, effects). A game
// saved with the old id no longer finds it: the editor asks first.
func (d *Doc) SetID(ref Ref, id string) error {
	if ref.Kind == "quest" {
		return d.SetQuestID(id)
	}
	if !validID(id) {
		return fail("quest.edit.bad_id", map[string]any{"ID": id, "Max": MaxID})
	}
	return d.change(func(s *state) error {
		if ref.ID == id {
			return nil
		}
		if taken(&s.q)[id] {
			return fail("quest.duplicate_id", map[string]any{"ID": id})
		}
		old, err := s.rename(ref, id)
		if err != nil {
			return err
		}
		delete(s.fresh, ref.Kind+":"+old)
		d.last = id
		return nil
	})
}

// rename gives the object ref names the id id and changes the references
// to it. It returns the id the object had (an exit's own, not ref's).
func (s *state) rename(ref Ref, id string) (old string, err error) {
	old = ref.ID
	switch ref.Kind {
	case "section":
		return old, s.renameSection(old, id)
	case "element":
		_, e, err := s.element(ref.Section, old)
		if err != nil {
			return old, err
		}
		e.ID = id
		s.renameRevealer(old, id)
	case "exit":
		_, e, err := s.exit(ref.Section, ref.Index)
		if err != nil {
			return old, err
		}
		old = e.ID
		e.ID = id
		if old != "" {
			s.renameRevealer(old, id)
		}
	case "text":
		t, err := s.text(old)
		if err != nil {
			return old, err
		}
		t.ID = id
	case "condition":
		return old, s.renameCondition(old, id)
	default:
		return old, fail("quest.edit.not_found", map[string]any{"ID": old})
	}
	return old, nil
}

// renameSection renames section old, and the exits to it, the texts it
// reveals and the effects that unlock it.
func (s *state) renameSection(old, id string) error {
	sec, err := s.section(old)
	if err != nil {
		return err
	}
	sec.ID = id
	for i := range s.q.Sections {
		for j := range s.q.Sections[i].Exits {
			if e := &s.q.Sections[i].Exits[j]; e.To == old {
				e.To = id
			}
		}
	}
	for i := range s.q.Texts {
		t := &s.q.Texts[i]
		if t.Section == old {
			t.Section = id
		}
		if t.Effect.Unlock == old {
			t.Effect.Unlock = id
		}
	}
	return nil
}

// renameCondition renames condition old, and the texts it reveals and the
// effects that last until it.
func (s *state) renameCondition(old, id string) error {
	c, err := s.condition(old)
	if err != nil {
		return err
	}
	c.ID = id
	for i := range s.q.Texts {
		t := &s.q.Texts[i]
		if t.Condition == old {
			t.Condition = id
		}
		if t.Effect.Until == old {
			t.Effect.Until = id
		}
	}
	return nil
}

func (s *state) renameRevealer(old, id string) {
	for i := range s.q.Texts {
		if t := &s.q.Texts[i]; t.Element == old {
			t.Element = id
		}
	}
}
