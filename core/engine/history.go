package engine

// history is which records count, worked out from the log alone: an event
// counts until an undo or a rewind takes it back; undoing a rewind gives
// back what it took; a redo gives back what the last undo took back. It is
// the same for a live game and a resumed one.
type history struct {
	stack   []int    // indexes of the records that count, in order
	actions []action // what Undo would take back, last first
	// redos are what Redo would give back, last first: what undos took
	// back since the last event or rewind.
	redos []action
}

// action is an event that counts or a rewind (what it took back).
type action struct {
	record int   // the index of the event's record, or of the rewind's
	popped []int // for a rewind: the records it took back; nil for an event
	rewind bool
}

func (h *history) push(i int) {
	h.stack = append(h.stack, i)
	h.actions = append(h.actions, action{record: i})
	h.redos = nil // a new step: what was undone stays undone
}

// rewind, record i, keeps the first `to` events that count.
func (h *history) rewind(i, to int) error {
	if to < 0 || to >= len(h.stack) {
		return Refuse("rule.rewind.range", map[string]any{"To": to, "Count": len(h.stack)})
	}
	popped := append([]int(nil), h.stack[to:]...)
	h.stack = h.stack[:to]
	h.actions = append(h.actions, action{record: i, popped: popped, rewind: true})
	h.redos = nil // like a new step
	return nil
}

func (h *history) undo() error {
	if len(h.actions) == 0 {
		return Refuse("rule.undo.nothing", nil)
	}
	a := h.actions[len(h.actions)-1]
	h.actions = h.actions[:len(h.actions)-1]
	if a.rewind {
		h.stack = append(h.stack, a.popped...)
	} else {
		h.stack = h.stack[:len(h.stack)-1]
	}
	h.redos = append(h.redos, a)
	return nil
}

// nextUndo is what Undo would take back now.
func (h *history) nextUndo() (action, bool) {
	if len(h.actions) == 0 {
		return action{}, false
	}
	return h.actions[len(h.actions)-1], true
}

// nextRedo is what Redo would give back now.
func (h *history) nextRedo() (action, bool) {
	if len(h.redos) == 0 {
		return action{}, false
	}
	return h.redos[len(h.redos)-1], true
}

// redo gives back what the last undo took back: the stack is again what it
// was before that undo, and Undo would take it back again.
func (h *history) redo() error {
	a, ok := h.nextRedo()
	if !ok {
		return Refuse("rule.redo.nothing", nil)
	}
	h.redos = h.redos[:len(h.redos)-1]
	if a.rewind {
		h.stack = h.stack[:len(h.stack)-len(a.popped)]
	} else {
		h.stack = append(h.stack, a.record)
	}
	h.actions = append(h.actions, a)
	return nil
}

// step applies record i's event to the history: undo, redo and rewind move
// it, anything else is pushed.
func (h *history) step(i int, e Event) error {
	switch e := e.(type) {
	case *Undo:
		return h.undo()
	case *Redo:
		return h.redo()
	case *Rewind:
		return h.rewind(i, e.To)
	}
	h.push(i)
	return nil
}

// EffectiveSeqs are the sequence numbers of the records that count, in order.
func EffectiveSeqs(records []Record) ([]int, error) {
	var h history
	for i, r := range records {
		if err := h.step(i, r.Event); err != nil {
			return nil, err
		}
	}
	seqs := make([]int, len(h.stack))
	for i, idx := range h.stack {
		seqs[i] = records[idx].Seq
	}
	return seqs, nil
}
