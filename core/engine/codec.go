package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sync"
)

// Event is one thing that happened at the table. It records everything that
// was decided or rolled, so applying it never rolls or asks again. Events are
// pointers to exported structs whose JSON fields are the event's own.
type Event interface {
	Type() string
}

// Registry is one module's event types, for decoding. Every registry knows
// the engine's own events (undo, redo, rewind).
type Registry struct {
	types   map[string]func() Event
	goTypes map[string]reflect.Type // each type's Go type, which a game's Apply checks
}

// engineEvents are the engine's own events, in every registry.
var engineEvents = []func() Event{
	func() Event { return &Undo{} },
	func() Event { return &Redo{} },
	func() Event { return &Rewind{} },
}

// NewRegistry makes a registry of the given event constructors, keyed by the
// Type of the value each makes, plus the engine's events. Two events of one
// type are a programming error. A module makes its registry empty and
// registers each event beside its type (Register).
func NewRegistry(events ...func() Event) *Registry {
	r := &Registry{types: map[string]func() Event{}, goTypes: map[string]reflect.Type{}}
	for _, f := range append(slices.Clone(engineEvents), events...) {
		r.Register(f)
	}
	return r
}

// Register adds the event type f makes, keyed by its Type, and returns that
// type. A module calls it at package init, right under the type's
// declaration, so that a new event is its type and nothing elsewhere:
//
//	var _ = Events.Register(func() engine.Event { return &Foo{} })
//
// Order does not matter. Registering after package init races with
// decoding; two events of one type are a programming error.
func (r *Registry) Register(f func() Event) string {
	e := f()
	t := e.Type()
	if _, dup := r.types[t]; dup {
		panic("engine: event type registered twice: " + t)
	}
	r.types[t] = f
	r.goTypes[t] = reflect.TypeOf(e)
	return t
}

// Knows says whether e is an event of this registry: its type is
// registered, and as e's Go type.
func (r *Registry) Knows(e Event) bool {
	gt, ok := r.goTypes[e.Type()]
	return ok && gt == reflect.TypeOf(e)
}

// eventTypes are the events a game's rules take: their registry.
type eventTypes []*Registry

// eventsOf is the registry the rules name.
func eventsOf[S any](rules Rules[S]) eventTypes {
	if r := rules.Events(); r != nil {
		return eventTypes{r}
	}
	return nil
}

// check refuses an event no registry of the game knows (a Go type never
// registered, or registered under another type): it could be saved but
// never read back.
func (ts eventTypes) check(e Event) error {
	for _, r := range ts {
		if r.Knows(e) {
			return nil
		}
	}
	return Refuse("rule.event.unknown", map[string]any{"Type": e.Type()})
}

// checkType is check for an event type.
func (ts eventTypes) checkType(t string) error {
	for _, r := range ts {
		if _, ok := r.types[t]; ok {
			return nil
		}
	}
	return Refuse("rule.event.unknown", map[string]any{"Type": t})
}

// Types are the registered event types, sorted.
func (r *Registry) Types() []string {
	ts := make([]string, 0, len(r.types))
	for t := range r.types {
		ts = append(ts, t)
	}
	slices.Sort(ts)
	return ts
}

// New is a zero event of type t.
func (r *Registry) New(t string) (Event, bool) {
	f, ok := r.types[t]
	if !ok {
		return nil, false
	}
	return f(), true
}

// Encode gives an event's JSON: "type" then its fields. It is exactly what
// the store saves and what scripts contain. A *Stored event is decoded
// first, so its JSON is the same as if it had been read at once.
func Encode(e Event) ([]byte, error) {
	e, err := decoded(e)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	head := fmt.Sprintf(`{"type":%q`, e.Type())
	if bytes.Equal(body, []byte("{}")) {
		return []byte(head + "}"), nil
	}
	return append([]byte(head+","), body[1:]...), nil
}

// Decode reads an event strictly: an unknown type or field is an error.
func (r *Registry) Decode(data []byte) (Event, error) {
	typ, ok := leadingType(data)
	if !ok {
		var head struct {
			Type *string `json:"type"`
		}
		if err := json.Unmarshal(data, &head); err != nil {
			return nil, fmt.Errorf("event is not a valid JSON object: %w", err)
		}
		if head.Type == nil {
			return nil, fmt.Errorf("event has no \"type\"")
		}
		typ = *head.Type
	}
	e, ok := r.New(typ)
	if !ok {
		return nil, fmt.Errorf("unknown event type %q", typ)
	}
	wrapper := reflect.New(wrapperType(e))
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(wrapper.Interface()); err != nil {
		return nil, fmt.Errorf("event %q: %w", typ, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("event %q: more data after the event", typ)
	}
	reflect.ValueOf(e).Elem().Set(wrapper.Elem().Field(0))
	return e, nil
}

// leadingType reads the type of an event written the way Encode writes it
// ({"type":"...", first, no escapes), so the store's own events need one
// JSON pass, not two. Anything else goes the long way.
func leadingType[T string | []byte](data T) (string, bool) {
	const prefix = `{"type":"`
	if len(data) < len(prefix) || string(data[:len(prefix)]) != prefix {
		return "", false
	}
	rest := data[len(prefix):]
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '"':
			return string(rest[:i]), true
		case '\\':
			return "", false
		}
	}
	return "", false
}

// Stored is an event as a save holds it: its type is known, its fields
// are not read yet. A store resuming a long game from a snapshot reads the
// records behind it this way (Lazy); the game decodes each when it first
// needs it (an undo or a jump back behind the snapshot, Log, Records), and
// Apply, Check and Encode decode one first.
type Stored struct {
	typ  string
	body string
	reg  *Registry
}

// Type is the stored event's type.
func (s *Stored) Type() string { return s.typ }

// Decode reads the stored event strictly, as Registry.Decode does.
func (s *Stored) Decode() (Event, error) { return s.reg.Decode([]byte(s.body)) }

// Lazy reads an event as Decode does, but leaves the fields of one written
// the way Encode writes it, of a type of the module's own, for later: it
// comes back as a *Stored event. Its type is checked now (an unknown type
// is Decode's error); the engine's own events (undo, redo, rewind), which
// a game's history needs at once, and anything written another way are
// decoded now.
func (r *Registry) Lazy(body string) (Event, error) {
	switch body {
	case `{"type":"undo"}`: // a long game's most frequent engine events, as Encode writes them
		return &Undo{}, nil
	case `{"type":"redo"}`:
		return &Redo{}, nil
	}
	if typ, ok := leadingType(body); ok && !engineType(typ) {
		if _, known := r.types[typ]; known {
			return &Stored{typ: typ, body: body, reg: r}, nil
		}
	}
	return r.Decode([]byte(body))
}

// engineType says whether t is the type of one of the engine's own events.
func engineType(t string) bool {
	switch t {
	case "undo", "redo", "rewind":
		return true
	}
	return false
}

// wrappers caches, per event type, struct{ Event; Type string } so that
// strict decoding accepts "type" and the event's fields and nothing else.
var wrappers sync.Map

func wrapperType(e Event) reflect.Type {
	t := reflect.TypeOf(e)
	if w, ok := wrappers.Load(t); ok {
		return w.(reflect.Type)
	}
	w := reflect.StructOf([]reflect.StructField{
		// The struct, not its pointer: event methods have pointer receivers,
		// so the embedded value brings no methods, which StructOf cannot build.
		{Name: t.Elem().Name(), Type: t.Elem(), Anonymous: true},
		{Name: "Type", Type: reflect.TypeFor[string](), Tag: `json:"type"`},
	})
	wrappers.Store(t, w)
	return w
}

// Undo takes back the last event that still counts. It is itself recorded,
// so the log stays append-only and the undo survives a restart.
type Undo struct{}

func (*Undo) Type() string { return "undo" }

// Redo gives back what the last undo took back (an event, or what a rewind
// did), the last undone first, until an event or a rewind is applied. It
// is recorded like Undo, and Undo takes it back again.
type Redo struct{}

func (*Redo) Type() string { return "redo" }

// Rewind goes back to how the game was after its first To events that
// count ("jump back to any step"). It is recorded, and Undo takes it back.
type Rewind struct {
	To int `json:"to"`
}

func (*Rewind) Type() string { return "rewind" }
