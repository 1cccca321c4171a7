package engine

// history is which records count, worked out from the log alone: an event
// counts until an undo or a rewind takes it back; undoing a rewind gives
// back what it took. It is the same for a live game and a resumed one.
type history struct {
	stack   []int    // indexes of the records that count, in order
	actions []action // what Undo would take back, last first
}

type action struct {
	popped []int // for a rewind: the records it took back; nil for an event
	rewind bool
}

func (h *history) push(i int) {
	h.stack = append(h.stack, i)
	h.actions = append(h.actions, action{})
}

// rewind keeps the first `to` events that count.
func (h *history) rewind(to int) error {
	if to < 0 || to >= len(h.stack) {
		return Refuse("rule.rewind.range", map[string]any{"To": to, "Count": len(h.stack)})
	}
	popped := append([]int(nil), h.stack[to:]...)
	h.stack = h.stack[:to]
	h.actions = append(h.actions, action{popped: popped, rewind: true})
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
	return nil
}

// step applies record i's event to the history: undo and rewind move it,
// anything else is pushed.
func (h *history) step(i int, e Event) error {
	switch e := e.(type) {
	case *Undo:
		return h.undo()
	case *Rewind:
		return h.rewind(e.To)
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
