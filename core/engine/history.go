package engine

// history is which records count, worked out from the log alone: an event
// counts until an undo or a rewind takes it back; undoing a rewind gives
// back what it took; a redo gives back what the last undo took back. It is
// the same for a live game and a resumed one.
type history struct {
	stack   counting // indexes of the records that count, in order
	actions []action // what Undo would take back, last first
	// redos are what Redo would give back, last first: what undos took
	// back since the last event or rewind.
	redos []action
}

// action is an event that counts or a rewind (what it took back). In
// actions, the events pushed one after another are one action, a run: the
// newest `events` records on the stack (undo takes back the newest), so a
// long game's history holds no action for each of its events.
type action struct {
	record int   // the index of the event's record, or of the rewind's; unused in a run
	popped []int // for a rewind: the records it took back; nil for an event
	rewind bool
	events int // in actions: how many events of the stack's top the run is
}

func (h *history) push(i int) {
	h.stack.push(i)
	h.pushEvent()
	h.redos = nil // a new step: what was undone stays undone
}

// pushEvent adds the event just put on the stack to the newest run.
func (h *history) pushEvent() {
	if n := len(h.actions); n > 0 && !h.actions[n-1].rewind {
		h.actions[n-1].events++
		return
	}
	h.actions = append(h.actions, action{events: 1})
}

// rewind, record i, keeps the first `to` events that count.
func (h *history) rewind(i, to int) error {
	if err := h.rewindRange(to); err != nil {
		return err
	}
	popped := h.stack.cut(to)
	h.actions = append(h.actions, action{record: i, popped: popped, rewind: true})
	h.redos = nil // like a new step
	return nil
}

// rewindRange refuses a rewind to keep `to` events when that is not fewer
// than count now, or negative.
func (h *history) rewindRange(to int) error {
	if to < 0 || to >= h.stack.len() {
		return Refuse("rule.rewind.range", map[string]any{"To": to, "Count": h.stack.len()})
	}
	return nil
}

func (h *history) undo() error {
	a, ok := h.nextUndo()
	if !ok {
		return Refuse("rule.undo.nothing", nil)
	}
	last := &h.actions[len(h.actions)-1]
	if a.rewind {
		h.actions = h.actions[:len(h.actions)-1]
		for _, i := range a.popped {
			h.stack.push(i)
		}
	} else {
		if last.events--; last.events == 0 {
			h.actions = h.actions[:len(h.actions)-1]
		}
		h.stack.pop()
	}
	h.redos = append(h.redos, a)
	return nil
}

// nextUndo is what Undo would take back now.
func (h *history) nextUndo() (action, bool) {
	if len(h.actions) == 0 {
		return action{}, false
	}
	if a := h.actions[len(h.actions)-1]; a.rewind {
		return a, true
	}
	return action{record: h.stack.last()}, true
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
		h.stack.cut(h.stack.len() - len(a.popped))
		h.actions = append(h.actions, a)
	} else {
		h.stack.push(a.record)
		h.pushEvent()
	}
	return nil
}

// saved is what an undo, a redo or a rewind may change in a history, for
// putting it back when the game cannot replay what it asks (a record read
// lazily that no longer decodes).
type savedHistory struct {
	h       history
	last    action // the newest action, which an undo may change in place
	lastRun span   // the newest run of the stack, which an undo or a redo may change in place
}

// save is what restore puts back. cuts says whether what comes may cut
// the stack (a rewind, or a rewind redone), which changes its runs in
// place: the saved history then holds a copy of them.
func (h *history) save(cuts bool) savedHistory {
	sv := savedHistory{h: *h}
	if n := len(h.actions); n > 0 {
		sv.last = h.actions[n-1]
	}
	if n := len(h.stack.runs); n > 0 {
		sv.lastRun = h.stack.runs[n-1]
	}
	if cuts {
		sv.h.stack = h.stack.clone()
	}
	return sv
}

// restore puts back what save saw. Undo, redo and rewind only reslice,
// append and change the newest action and the newest run (but for the cuts
// save was told of), so the arrays saved still hold what they held then.
func (h *history) restore(sv savedHistory) {
	*h = sv.h
	if n := len(h.actions); n > 0 {
		h.actions[n-1] = sv.last
	}
	if n := len(h.stack.runs); n > 0 {
		h.stack.runs[n-1] = sv.lastRun
	}
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
	seqs := make([]int, 0, h.stack.len())
	for idx := range h.stack.from(0) {
		seqs = append(seqs, records[idx].Seq)
	}
	return seqs, nil
}
