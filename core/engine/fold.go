package engine

import "encoding/json"

// Fold replays a log too long to hold, as an import reads one: events come
// one by one through Step, and it keeps the state, two bases an undo
// replays from, and which events count as runs of consecutive sequence
// numbers, but never the events themselves. An undo or a rewind reads the
// events it must replay again through fetch. Its memory follows the state,
// not the number of events; Step accepts and refuses exactly what
// Game.Apply does on the same log.
type Fold[S any] struct {
	rules   Rules[S]
	events  eventTypes
	version int
	fetch   func(seq int) (Event, error)
	summary func(*S) []Message

	records int    // events given so far
	stack   []span // the events that count, in order
	count   int    // how many events the stack holds
	actions []foldAction
	redos   []foldRedo // what Redo would give back, last first
	bases[S]
	state S
	next  S
	// recent are the last events given, by sequence number modulo its
	// size: an undo replays from a base at most two re-bases back, so it
	// rarely needs fetch.
	recent [4 * SnapshotEvery]Record
	// before holds, for those events, the state before each: undoing one
	// of them goes back to it without a replay.
	before [4 * SnapshotEvery]prior[S]
}

// prior is the state before event seq.
type prior[S any] struct {
	seq   int
	state S
}

// span is the records first..last (sequence numbers), every one counting.
type span struct{ first, last int }

// foldAction is what undos take back, the last first: the newest events
// plain events pushed (a run of them is one action), or a rewind and the
// spans it took back.
type foldAction struct {
	events int
	popped []span
}

// foldRedo is what an undo took back: an event (its sequence number), or
// what a rewind took back (popped, not nil).
type foldRedo struct {
	seq    int
	popped []span
}

// NewFold starts a fold of a game of rules (version is the module's state
// version). fetch gives a record's event again by its sequence number;
// summary is the module's summary of a state.
func NewFold[S any](rules Rules[S], version int, fetch func(seq int) (Event, error), summary func(*S) []Message) *Fold[S] {
	init, _ := rules.Init()
	return &Fold[S]{rules: rules, events: eventsOf(rules), version: version, fetch: fetch, summary: summary, bases: bases[S]{base: init}, state: rules.Clone(&init)}
}

// Step applies the next record's event, or says why it does not apply.
func (f *Fold[S]) Step(e Event) error {
	e, err := decoded(e)
	if err != nil {
		return err
	}
	seq := f.records + 1
	switch e := e.(type) {
	case *Undo:
		if len(f.actions) == 0 {
			return Refuse("rule.undo.nothing", nil)
		}
		a := &f.actions[len(f.actions)-1]
		if a.popped != nil {
			for _, sp := range a.popped {
				f.pushSpan(sp)
			}
			f.redos = append(f.redos, foldRedo{popped: a.popped})
			f.actions = f.actions[:len(f.actions)-1]
		} else {
			top := f.stack[len(f.stack)-1].last
			f.cut(f.count - 1)
			f.redos = append(f.redos, foldRedo{seq: top})
			if a.events--; a.events == 0 {
				f.actions = f.actions[:len(f.actions)-1]
			}
			if p := f.before[top%len(f.before)]; p.seq == top {
				// The events that count below top are those that counted
				// when it was applied (undo, redo and rewind only cut the
				// stack and put back what they cut), so the state before it
				// is the state now. Clipped: what comes
				// next must not append into arrays the undone state used.
				f.records++
				f.cutBases(f.count, f.rules.Init)
				f.state = clip(p.state)
				return nil
			}
		}
		f.records++
		return f.rebuild()
	case *Redo:
		return f.redo()
	case *Rewind:
		if e.To < 0 || e.To >= f.count {
			return Refuse("rule.rewind.range", map[string]any{"To": e.To, "Count": f.count})
		}
		f.actions = append(f.actions, foldAction{popped: f.cut(e.To)})
		f.redos = nil // like a new step
		f.records++
		return f.rebuild()
	}
	if err := f.forward(seq, e); err != nil {
		return err
	}
	f.records++
	f.recent[seq%len(f.recent)] = Record{Seq: seq, Event: e}
	f.redos = nil // a new step: what was undone stays undone
	return nil
}

// forward applies event seq to the state and makes it the newest that
// counts, as Game.Apply does (a new event, or one a redo gives back).
func (f *Fold[S]) forward(seq int, e Event) error {
	f.next = f.state
	disown(f.rules, &f.next) // f.state stays as it is: it becomes the state before
	if _, err := replayOne(f.rules, f.events, &f.next, e, seq); err != nil {
		return err
	}
	f.before[seq%len(f.before)] = prior[S]{seq, f.state}
	f.state = f.next
	f.pushSpan(span{seq, seq})
	if n := len(f.actions); n > 0 && f.actions[n-1].popped == nil {
		f.actions[n-1].events++
	} else {
		f.actions = append(f.actions, foldAction{events: 1})
	}
	if f.count%SnapshotEvery == 0 {
		disown(f.rules, &f.state) // the base shares its arrays
		f.take(f.state, f.count)
	}
	return nil
}

// redo gives back what the last undo took back, as Game's redo does: an
// event applied again to the state it was first applied to, or a rewind
// cut again and replayed.
func (f *Fold[S]) redo() error {
	if len(f.redos) == 0 {
		return Refuse("rule.redo.nothing", nil)
	}
	rd := f.redos[len(f.redos)-1]
	if rd.popped != nil {
		n := 0
		for _, sp := range rd.popped {
			n += sp.last - sp.first + 1
		}
		f.redos = f.redos[:len(f.redos)-1]
		f.actions = append(f.actions, foldAction{popped: f.cut(f.count - n)})
		f.records++
		return f.rebuild()
	}
	e, err := f.event(rd.seq)
	if err != nil {
		return err
	}
	if err := f.forward(rd.seq, e); err != nil {
		return err
	}
	f.redos = f.redos[:len(f.redos)-1]
	f.records++
	return nil
}

// pushSpan adds events that count after the others.
func (f *Fold[S]) pushSpan(sp span) {
	if n := len(f.stack); n > 0 && f.stack[n-1].last+1 == sp.first {
		f.stack[n-1].last = sp.last
	} else {
		f.stack = append(f.stack, sp)
	}
	f.count += sp.last - sp.first + 1
}

// cut keeps the first n events that count and returns the others' spans.
// It works back from the newest: an undo cuts one event off the end.
func (f *Fold[S]) cut(n int) []span {
	if n >= f.count {
		return []span{}
	}
	start := f.count // the position of the first event of span i, counting from 0
	i := len(f.stack)
	for start > n {
		i--
		start -= f.stack[i].last - f.stack[i].first + 1
	}
	// Span i holds position n: it keeps n-start of its events.
	var popped []span
	if keep := n - start; keep > 0 {
		split := f.stack[i].first + keep
		popped = append(popped, span{split, f.stack[i].last})
		f.stack[i].last = split - 1
		i++
	}
	popped = append(popped, f.stack[i:]...)
	f.stack = f.stack[:i]
	f.count = n
	return popped
}

// rebuild replays the events that count from the newest base still good,
// as Game.rebuild does, reading them through fetch.
func (f *Fold[S]) rebuild() error {
	f.cutBases(f.count, f.rules.Init)
	s := clip(f.base)
	disown(f.rules, &s) // the base stays as it is
	pos := 0
	for _, sp := range f.stack {
		for seq := sp.first; seq <= sp.last; seq++ {
			if pos++; pos <= f.baseLen {
				continue
			}
			e, err := f.event(seq)
			if err != nil {
				return err
			}
			if _, err := replayOne(f.rules, f.events, &s, e, seq); err != nil {
				return err
			}
		}
	}
	f.state = s
	return nil
}

// event is record seq's event: a recent one, or fetched again.
func (f *Fold[S]) event(seq int) (Event, error) {
	if r := f.recent[seq%len(f.recent)]; r.Seq == seq {
		return r.Event, nil
	}
	return f.fetch(seq)
}

// Records is how many records were given.
func (f *Fold[S]) Records() int { return f.records }

// Effective is how many of them count.
func (f *Fold[S]) Effective() int { return f.count }

// State is the state after the records given.
func (f *Fold[S]) State() S { return f.state }

// Summary is the module's summary of the state.
func (f *Fold[S]) Summary() []Message { return f.summary(&f.state) }

// Snapshot is what Game.Snapshot gives for the same records.
func (f *Fold[S]) Snapshot() (Snapshot, error) {
	b, err := json.Marshal(f.state)
	if err != nil {
		return Snapshot{}, err
	}
	s := Snapshot{Version: f.version, Effective: f.count, State: b}
	if n := len(f.stack); n > 0 {
		s.LastSeq = f.stack[n-1].last
	}
	return s, nil
}

// Folder is a fold as the store sees it, whatever the module.
type Folder interface {
	Step(Event) error
	Records() int
	Effective() int
	Summary() []Message
	Snapshot() (Snapshot, error)
}

// Folding is what a module may also implement: a fold of a saved game's
// records, set up as Resume would (the saved setup, no new defaults).
type Folding interface {
	Fold(setup, content []byte, fetch func(seq int) (Event, error)) (Folder, error)
}
