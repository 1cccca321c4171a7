package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
)

// Rules are what a module gives the engine for one game, built from its
// validated setup: the starting state, the one answer to "may an event of
// this type apply now", and the reducer. S is the module's state.
type Rules[S any] interface {
	// Init is the state before the first event and what the setup did.
	Init() (S, []Message)
	// Allowed says whether an event of type t may apply to s now; if not,
	// the error names the rule that says no. Apply asks it first, and the
	// UI enables its buttons from it.
	Allowed(s *S, t string) error
	// Apply validates e's own fields against s and, only if it is legal,
	// changes s and says what it did. s is the game's state itself, whose
	// earlier copies (the bases an undo replays from, a state handed out)
	// share its slices and maps: Apply replaces them, never writes into
	// them (but for arrays s owns: Owner). The engine puts back the fields of a state an event was
	// refused on, so Apply may refuse after changing some.
	// The log it returns is the engine's only until the next Apply on
	// these rules (the engine copies it), so the rules may reuse its array.
	Apply(s *S, e Event, seq int) ([]Message, error)
	// Clone copies s so the result shares nothing mutable with it.
	Clone(s *S) S
	// Events are the event types the game takes (its module's registry):
	// any other event is refused before it could be saved.
	Events() *Registry
}

// Checked is what Rules may also implement: Consistent says whether a state
// read from a snapshot agrees with itself (DUN: its reserve with its ledger).
// A snapshot that does not is not trusted, and the game is replayed.
type Checked[S any] interface {
	Consistent(s *S) error
}

// Owner is what Rules may also implement when a state may own arrays: ones
// it made itself and shares with no other state, which Apply may then write
// into in place (after the event's last refusal: the fields kept to put
// back share them). The engine calls Disown on a state before it copies it
// to keep or to hand out (a base, State, the state Check tries an event on,
// a fold's states): from then on that state writes into none of them.
type Owner[S any] interface {
	Disown(s *S)
}

// Kept is what Rules that own arrays (Owner) may also implement:
// Untouched says whether the event Apply applied last wrote into no array
// its state owned, so that a copy of the state taken before it still holds
// what it held then. An undo of that event then puts the copy back instead
// of replaying. Rules that own no arrays never write into a state's.
type Kept interface {
	Untouched() bool
}

// untouched asks rules whether a copy of the state before the event they
// applied last still holds what it held.
func untouched[S any](rules Rules[S]) bool {
	if _, owns := rules.(Owner[S]); !owns {
		return true
	}
	k, ok := rules.(Kept)
	return ok && k.Untouched()
}

// disown tells rules, when they own arrays, that s is being copied.
func disown[S any](rules Rules[S], s *S) {
	if o, ok := rules.(Owner[S]); ok {
		o.Disown(s)
	}
}

// Record is an accepted event with its place in the game's log (1-based)
// and what it did (Log). The log belongs to the record, not to the state:
// it is derived by replaying, and nil until it has been. Treat it as
// read-only: a module may share a message's arguments between records
// (DUN does for its most frequent lines).
type Record struct {
	Seq   int
	Event Event
	Log   []Message
}

// LogEntry is a log line with the record that wrote it (0 for the setup).
type LogEntry struct {
	Seq int `json:"seq"`
	Message
}

// SnapshotEvery is how many events that count pass between cached states.
const SnapshotEvery = 100

// Snapshot is a cached state after the first Effective events that still
// count, the last of which is LastSeq, as the module's JSON. It only saves
// replay time: a game can always be rebuilt from its setup and records.
// Version is the module's state version: a snapshot of another is ignored.
type Snapshot struct {
	Version   int             `json:"version"`
	Effective int             `json:"effective"`
	LastSeq   int             `json:"last_seq"`
	State     json.RawMessage `json:"state"`
}

// Game is a setup's rules, every accepted event, and the state they give.
type Game[S any] struct {
	rules   Rules[S]
	events  eventTypes // the module's registries: the events it takes
	version int        // the module's state version, for snapshots
	records recordLog
	// lazy counts the records whose event is still *Stored: read from a
	// save behind its snapshot and decoded when first needed (event).
	lazy     int
	history  // which records count (not undone, not rewound)
	bases[S] // the trusted base is the state after stack[:baseLen]
	// state is the current state. An event is applied to it in place, a
	// copy of it kept on the stack to put back if the event is refused:
	// copying to the stack needs none of the write barriers a copy into the
	// heap needs while the collector runs.
	state *S
	// before is the state before the last event applied, and beforeOf that
	// event's record index (-1 for none): an undo of that very event puts
	// it back instead of replaying from the base (undoLast).
	before   S
	beforeOf int
	setup    []Message
	logs     logArena    // the records' logs
	known    []knownType // event types the registry knows, as Apply met them
}

// knownType is an event type the module's registry knows: its Go type and
// its name.
type knownType struct {
	goType reflect.Type
	name   string
}

// maxKnown is how many known types a game remembers.
const maxKnown = 64

// check is events.check, remembering the types it found known: a game
// applies the same few types over and over, and comparing an event's type
// with those is faster than looking it up by name.
func (g *Game[S]) check(e Event) error {
	t, name := reflect.TypeOf(e), e.Type()
	for _, k := range g.known {
		if k.name == name && k.goType == t { // names first: most differ in length
			return nil
		}
	}
	if err := g.events.check(e); err != nil {
		return err
	}
	if len(g.known) < maxKnown {
		g.known = append(g.known, knownType{t, name})
	}
	return nil
}

// New starts a game. version is the module's state version.
func New[S any](rules Rules[S], version int) *Game[S] {
	init, log := rules.Init()
	state := rules.Clone(&init)
	return &Game[S]{rules: rules, events: eventsOf(rules), version: version, bases: bases[S]{base: init}, state: &state, setup: log, beforeOf: -1}
}

// Resume rebuilds a game from its saved records, using the snapshot when it
// still matches them (an undo may have gone behind it). A record that no
// longer applies is reported with its sequence number.
//
// A record's event may be a *Stored one (Registry.Lazy): only the records
// replayed from the snapshot on are decoded now, the others when first
// needed (an undo or a jump back behind the snapshot, Log, Records).
func Resume[S any](rules Rules[S], version int, records []Record, snap *Snapshot) (*Game[S], error) {
	g := New(rules, version)
	for i, r := range records {
		if r.Seq != i+1 {
			return nil, fmt.Errorf("record %d has sequence number %d", i+1, r.Seq)
		}
		if _, ok := r.Event.(*Stored); ok {
			g.lazy++
		}
		if err := g.history.step(i, r.Event); err != nil {
			return nil, fmt.Errorf("record %d: %w", r.Seq, err)
		}
	}
	g.records.flat = records
	if snap != nil && snap.Version == version && snap.Effective > 0 && snap.Effective <= g.stack.len() &&
		records[g.stack.at(snap.Effective-1)].Seq == snap.LastSeq {
		if s, err := decodeStrict[S](snap.State); err == nil && consistent(rules, &s) {
			g.base, g.baseLen = s, snap.Effective
		}
	}
	if err := g.rebuild(); err != nil {
		return nil, err
	}
	return g, nil
}

// Apply checks e against the current state: first whether it is an event
// of the module's registry (rule.event.unknown: one it could not read back
// from a save), then whether its type may apply now, then its fields. A
// legal event is recorded and the state moves on; an illegal one returns an
// error naming the rule and changes nothing.
func (g *Game[S]) Apply(e Event) (Record, error) {
	e, err := decoded(e)
	if err != nil {
		return Record{}, err
	}
	seq := g.records.len() + 1
	r := Record{Seq: seq, Event: e}
	switch e.(type) {
	case *Redo:
		g.beforeOf = -1
		if err := g.redo(); err != nil {
			return Record{}, err
		}
	case *Undo, *Rewind:
		if err := g.takeBack(e); err != nil {
			return Record{}, err
		}
	default:
		if err := g.check(e); err != nil {
			return Record{}, err
		}
		if err := g.rules.Allowed(g.state, e.Type()); err != nil {
			return Record{}, err
		}
		// Apply replaces the slices and maps it changes, never writing into
		// them: the fields kept here are all an event refused changed.
		kept := *g.state
		log, err := g.rules.Apply(g.state, e, seq)
		if err != nil {
			*g.state = kept
			return Record{}, err
		}
		g.keepBefore(&kept, g.records.len())
		g.history.push(g.records.len())
		r.Log = g.logs.keep(log)
		if g.SnapshotDue() {
			// Re-base now and then, so an undo replays at most this many
			// events. A shallow copy is enough: Apply never writes into what
			// a state holds, and rebuild clones the base before replaying.
			disown(g.rules, g.state)
			g.take(*g.state, g.stack.len())
		}
	}
	g.records.add(r)
	return r, nil
}

// takeBack applies an undo or a rewind: the events that count are cut, and
// the state is the state after those left.
func (g *Game[S]) takeBack(e Event) error {
	if _, undo := e.(*Undo); undo && g.undoLast() {
		return nil
	}
	g.beforeOf = -1
	_, cuts := e.(*Rewind)
	saved := g.history.save(cuts)
	if err := g.history.step(g.records.len(), e); err != nil {
		return err
	}
	if err := g.rebuild(); err != nil {
		// Every event on the stack applied before: only a record read
		// lazily that no longer decodes fails here. Nothing changes.
		g.history.restore(saved)
		return err
	}
	return nil
}

// keepBefore keeps the state before the event of record i, just applied,
// for an undo of it, when that state still holds what it held: the rules
// wrote into no array it shares with the state now (Kept).
func (g *Game[S]) keepBefore(before *S, i int) {
	if !untouched(g.rules) {
		g.beforeOf = -1
		return
	}
	g.before, g.beforeOf = *before, i
}

// undoLast takes back the last event applied by putting back the state
// before it, when nothing but that event was applied since: what an undo's
// replay would give, without it. It says whether it did.
func (g *Game[S]) undoLast() bool {
	a, ok := g.history.nextUndo()
	if !ok || a.rewind || g.beforeOf < 0 || a.record != g.beforeOf {
		return false
	}
	if g.history.undo() != nil {
		return false
	}
	g.cutBases(g.stack.len(), g.rules.Init)
	*g.state = g.before
	// As a replay's state: what comes next appends into none of the arrays
	// the state taken back used, and writes into none it shares.
	clipIn(g.state)
	disown(g.rules, g.state)
	var none S
	g.before, g.beforeOf = none, -1
	return true
}

// redo gives back what the last undo took back. An event is applied again
// to the state it was first applied to (the stack below it is the same);
// a rewind is replayed as Undo replays.
func (g *Game[S]) redo() error {
	a, ok := g.history.nextRedo()
	if !ok {
		return Refuse("rule.redo.nothing", nil)
	}
	if a.rewind {
		saved := g.history.save(true)
		_ = g.history.redo()
		if err := g.rebuild(); err != nil { // only a record that no longer decodes
			g.history.restore(saved)
			return err
		}
		return nil
	}
	r := g.records.at(a.record)
	kept := *g.state // as Apply keeps it
	log, err := g.apply(g.state, a.record)
	if err != nil {
		*g.state = kept
		return fmt.Errorf("record %d (%s) no longer applies: %w", r.Seq, r.Event.Type(), err)
	}
	_ = g.history.redo()
	r.Log = g.logs.keep(log)
	if g.SnapshotDue() {
		disown(g.rules, g.state)
		g.take(*g.state, g.stack.len())
	}
	return nil
}

// consistent asks rules, when they can tell, whether s agrees with itself.
func consistent[S any](rules Rules[S], s *S) bool {
	c, ok := rules.(Checked[S])
	return !ok || c.Consistent(s) == nil
}

// decodeStrict reads a cached state: an unknown field or trailing data
// means it is not this version's state, and it is not trusted. A number in
// an untyped value (a message's arguments) comes back as the int the live
// state held, not as a float64, which would round integers above 2^53 and
// differ from a replay in type; one that is not an int is not this state's.
func decodeStrict[S any](data []byte) (S, error) {
	var s S
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(&s); err != nil {
		return s, err
	}
	if dec.More() {
		return s, fmt.Errorf("more data after the state")
	}
	if err := intNumbers(reflect.ValueOf(&s).Elem()); err != nil {
		var zero S
		return zero, err
	}
	return s, nil
}

// intNumbers turns every json.Number held in an interface value under v into
// an int.
func intNumbers(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			return intNumbers(v.Elem())
		}
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		if n, ok := v.Interface().(json.Number); ok {
			i, err := strconv.ParseInt(string(n), 10, 0)
			if err != nil {
				return fmt.Errorf("the number %s is not an int", n)
			}
			v.Set(reflect.ValueOf(int(i)))
			return nil
		}
		e := v.Elem()
		if e.Kind() == reflect.Map || e.Kind() == reflect.Slice {
			return intNumbers(e) // their elements can be set in place
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				if err := intNumbers(v.Field(i)); err != nil {
					return err
				}
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if err := intNumbers(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			e := reflect.New(v.Type().Elem()).Elem() // a map's values cannot be set in place
			e.Set(it.Value())
			if err := intNumbers(e); err != nil {
				return err
			}
			v.SetMapIndex(it.Key(), e)
		}
	}
	return nil
}

// logArena holds records' logs in blocks: a log is copied into the block
// being filled (rules may reuse the array Apply returned), so an event's
// log of a line or two costs no allocation of its own. A log is read-only,
// and clipped: no append runs into the next one. An undo replays the events
// since the last base without keeping their logs again: a record's log,
// once derived, is what any replay of it gives.
type logArena []Message

// logBlock is how many messages a block holds.
const logBlock = 256

// keep is a copy of log for a record (not nil, to mark it derived even
// when the event said nothing).
func (a *logArena) keep(log []Message) []Message {
	if len(log) == 0 {
		return []Message{}
	}
	if len(*a)+len(log) > cap(*a) {
		*a = make([]Message, 0, max(logBlock, len(log)))
	}
	from := len(*a)
	*a = append(*a, log...)
	return (*a)[from:len(*a):len(*a)]
}

// apply is record i's event on s, for a replay: its type's legality, then
// the event itself.
func (g *Game[S]) apply(s *S, i int) ([]Message, error) {
	e, err := g.event(i)
	if err != nil {
		return nil, err
	}
	return replayOne(g.rules, g.events, s, e, g.records.at(i).Seq)
}

// event is record i's event, decoded now if it was read lazily.
func (g *Game[S]) event(i int) (Event, error) {
	r := g.records.at(i)
	st, ok := r.Event.(*Stored)
	if !ok {
		return r.Event, nil
	}
	e, err := st.Decode()
	if err != nil {
		return nil, err
	}
	r.Event = e
	g.lazy = max(g.lazy-1, 0)
	return e, nil
}

// decoded is e, decoded if it is a *Stored event.
func decoded(e Event) (Event, error) {
	if st, ok := e.(*Stored); ok {
		return st.Decode()
	}
	return e, nil
}

// replayOne is event e, record seq, on s, as every replay does it (Game's
// and Fold's): whether the module knows it, its type's legality, then the
// event itself.
func replayOne[S any](rules Rules[S], events eventTypes, s *S, e Event, seq int) ([]Message, error) {
	if err := events.check(e); err != nil {
		return nil, err
	}
	if err := rules.Allowed(s, e.Type()); err != nil {
		return nil, err
	}
	return rules.Apply(s, e, seq)
}

// rebuild replays the events that count from the trusted base.
func (g *Game[S]) rebuild() error {
	// A base the stack was cut below is no longer the state of its events.
	g.cutBases(g.stack.len(), g.rules.Init)
	// Replayed in place, with no copy of the state on the heap; what was
	// the state is put back if a record no longer applies. The replay
	// writes into none of its arrays: it starts from the base's, clipped
	// and not owned, and any array it writes into it made itself.
	kept := *g.state
	*g.state = g.base
	clipIn(g.state)
	disown(g.rules, g.state) // the base stays as it is
	for i := range g.stack.from(g.baseLen) {
		r := g.records.at(i)
		log, err := g.apply(g.state, i)
		if err != nil {
			*g.state = kept
			return fmt.Errorf("record %d (%s) no longer applies: %w", r.Seq, r.Event.Type(), err)
		}
		if r.Log == nil {
			// A log derived before is the one this replay gives: the
			// record is applied to the same events below it as then.
			r.Log = g.logs.keep(log)
		}
	}
	return nil
}

// State is the current state. Treat it as read-only.
func (g *Game[S]) State() S {
	disown(g.rules, g.state) // the caller may keep it while the game goes on
	return *g.state
}

// Allowed says whether an event of type t may apply now, and if not, which
// rule says no: the same answer Apply gives. Undo and rewind are allowed
// while anything can be taken back, redo while an undo can be given back;
// a type the module's registry does not have never is.
func (g *Game[S]) Allowed(t string) error {
	switch t {
	case (&Undo{}).Type(), (&Rewind{}).Type():
		if !g.CanUndo() {
			return Refuse("rule.undo.nothing", nil)
		}
		return nil
	case (&Redo{}).Type():
		if !g.CanRedo() {
			return Refuse("rule.redo.nothing", nil)
		}
		return nil
	}
	if err := g.events.checkType(t); err != nil {
		return err
	}
	return g.rules.Allowed(g.state, t)
}

// Check says whether e would apply now, without applying it: Apply's own
// answer, for a control that must know more than the event's type (which
// section may open, say).
func (g *Game[S]) Check(e Event) error {
	e, err := decoded(e)
	if err != nil {
		return err
	}
	switch e := e.(type) {
	case *Undo, *Redo:
		return g.Allowed(e.Type())
	case *Rewind:
		return g.history.rewindRange(e.To)
	}
	if err := g.events.check(e); err != nil {
		return err
	}
	if err := g.rules.Allowed(g.state, e.Type()); err != nil {
		return err
	}
	next := *g.state // Apply replaces what it changes: g.state stays as it is
	disown(g.rules, &next)
	_, err = g.rules.Apply(&next, e, g.records.len()+1)
	return err
}

// Undoes is the record Undo would take back now: an event that counts, or
// a rewind (Undo gives back what it took back).
func (g *Game[S]) Undoes() (Record, bool) {
	a, ok := g.history.nextUndo()
	if !ok {
		return Record{}, false
	}
	g.event(a.record) // one that does not decode stays *Stored
	return *g.records.at(a.record), true
}

// Redoes is the record Redo would give back now: an event an undo took
// back, or a rewind an undo took back (Redo jumps back again).
func (g *Game[S]) Redoes() (Record, bool) {
	a, ok := g.history.nextRedo()
	if !ok {
		return Record{}, false
	}
	g.event(a.record) // one that does not decode stays *Stored
	return *g.records.at(a.record), true
}

// Records are every accepted event, undos included. Records read lazily
// are decoded first; one that no longer decodes stays *Stored (its Type
// and Encode still work, and Apply refuses it with the decoder's error).
func (g *Game[S]) Records() []Record {
	if g.lazy > 0 {
		for i := range g.records.len() {
			g.event(i)
		}
		g.lazy = 0 // what is left does not decode: no use trying on every call
	}
	return g.records.all()
}

// CanUndo says whether any event is left to take back.
func (g *Game[S]) CanUndo() bool { return len(g.actions) > 0 }

// CanRedo says whether an undo can be given back: one was applied since the
// last event or rewind.
func (g *Game[S]) CanRedo() bool { return len(g.redos) > 0 }

// Position is where the record seq stands among the events that count (1 for
// the first), or 0 when it does not count: Rewind{To: Position(seq)} goes back
// to just after it.
func (g *Game[S]) Position(seq int) int {
	// Record seq is records[seq-1], and the stack holds record indices in
	// ascending order (an event pushes the newest; undo and rewind cut; redo
	// puts back what an undo cut).
	if i, ok := g.stack.position(seq - 1); ok {
		return i + 1
	}
	return 0
}

// Effective is how many events currently count.
func (g *Game[S]) Effective() int { return g.stack.len() }

// Log is what the events that count did, the setup first, oldest first.
// Records resumed behind a snapshot have no log yet: it is derived here by
// one replay from the start.
func (g *Game[S]) Log() []LogEntry {
	for i := range g.stack.before(g.baseLen) {
		if g.records.at(i).Log == nil {
			g.deriveLogs()
			break
		}
	}
	out := make([]LogEntry, 0, len(g.setup)+g.stack.len())
	for _, m := range g.setup {
		out = append(out, LogEntry{Message: m})
	}
	for i := range g.stack.from(0) {
		r := g.records.at(i)
		for _, m := range r.Log {
			out = append(out, LogEntry{Seq: r.Seq, Message: m})
		}
	}
	return out
}

// Logged is what record seq did (nil for undo, redo and rewind, or a record that
// does not count).
func (g *Game[S]) Logged(seq int) []Message {
	if seq < 1 || seq > g.records.len() {
		return nil
	}
	if g.records.at(seq-1).Log == nil && g.Position(seq) > 0 {
		g.deriveLogs()
	}
	return g.records.at(seq - 1).Log
}

func (g *Game[S]) deriveLogs() {
	s, _ := g.rules.Init()
	for i := range g.stack.before(g.baseLen) {
		r := g.records.at(i)
		log, err := g.apply(&s, i)
		if err != nil {
			return // these records replayed before the snapshot was taken: only one that no longer decodes
		}
		r.Log = g.logs.keep(log)
	}
}

// SnapshotDue says whether the state just reached is one to cache.
func (g *Game[S]) SnapshotDue() bool {
	return g.stack.len() > 0 && g.stack.len()%SnapshotEvery == 0
}

// Snapshot caches the current state for a faster resume.
func (g *Game[S]) Snapshot() (Snapshot, error) {
	b, err := json.Marshal(*g.state)
	if err != nil {
		return Snapshot{}, err
	}
	s := Snapshot{Version: g.version, Effective: g.stack.len(), State: b}
	if g.stack.len() > 0 {
		s.LastSeq = g.records.at(g.stack.last()).Seq
	}
	return s, nil
}

// Discard drops the last record, for a caller that could not save it, so
// the game goes back to exactly what is saved.
func (g *Game[S]) Discard() error {
	if g.records.len() == 0 {
		return nil
	}
	all := g.records.all()
	prev, err := Resume(g.rules, g.version, all[:len(all)-1], nil)
	if err != nil {
		return err
	}
	*g = *prev
	return nil
}

// Replay is a game's definition: the state after applying events in order.
// Any refused event is an error.
func Replay[S any](rules Rules[S], events []Event) (S, error) {
	g := New(rules, 0)
	for i, e := range events {
		if _, err := g.Apply(e); err != nil {
			var zero S
			return zero, fmt.Errorf("event %d (%s): %w", i+1, e.Type(), err)
		}
	}
	return *g.state, nil
}
