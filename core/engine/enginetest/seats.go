package enginetest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// SeatEvent is the event a device sends for action a with values (by the
// fields' names): the action's type and Fixed, then each value under its
// field's name. A name with dots is a path into the event ("dice.0",
// "fighters.0.name"): a number is an index into a list.
func SeatEvent(reg *engine.Registry, a engine.SeatAction, values map[string]any) (engine.Event, error) {
	doc := map[string]any{"type": a.Type}
	for k, v := range a.Fixed {
		doc[k] = v
	}
	for _, f := range a.Fields {
		v, ok := values[f.Name]
		if !ok {
			continue
		}
		if err := setPath(doc, strings.Split(f.Name, "."), v); err != nil {
			return nil, fmt.Errorf("field %s: %w", f.Name, err)
		}
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	return reg.Decode(b)
}

// setPath puts v at path under node (a map or a list), making the maps and
// lists on the way.
func setPath(node map[string]any, path []string, v any) error {
	key := path[0]
	if len(path) == 1 {
		node[key] = v
		return nil
	}
	if _, err := strconv.Atoi(path[1]); err != nil {
		child, _ := node[key].(map[string]any)
		if child == nil {
			child = map[string]any{}
			node[key] = child
		}
		return setPath(child, path[1:], v)
	}
	list, _ := node[key].([]any)
	i, _ := strconv.Atoi(path[1])
	if i < 0 || i > 64 {
		return fmt.Errorf("index %d", i)
	}
	for len(list) <= i {
		list = append(list, nil)
	}
	if len(path) == 2 {
		list[i] = v
		node[key] = list
		return nil
	}
	child, _ := list[i].(map[string]any)
	if child == nil {
		child = map[string]any{}
	}
	if err := setPath(child, path[2:], v); err != nil {
		return err
	}
	list[i] = child
	node[key] = list
	return nil
}

// SampleValues are values a player could give a's fields: a choice's first
// option, a number's Min, a flag off, a short text.
func SampleValues(a engine.SeatAction) map[string]any {
	out := map[string]any{}
	for _, f := range a.Fields {
		switch f.Kind {
		case engine.FieldChoice:
			if len(f.Options) > 0 {
				out[f.Name] = f.Options[0].Value
			}
		case engine.FieldNumber:
			out[f.Name] = f.Min
		case engine.FieldFlag:
			out[f.Name] = false
		case engine.FieldText:
			out[f.Name] = "Ann"
		}
	}
	return out
}

// SeatGame is a game with seats, as the seats' checks read it.
type SeatGame interface {
	engine.Seated
	Events() *engine.Registry
	Check(engine.Event) error
}

// CheckSeatActions fails for an action a seat is offered now whose event,
// made with sample values, the game would refuse (Check), or that SeatMay
// refuses to that seat; a field without a kind, a label or options fails
// too. It returns the events, by seat, for the caller to apply.
func CheckSeatActions(t *testing.T, g SeatGame, at string) map[string][]engine.Event {
	t.Helper()
	out := map[string][]engine.Event{}
	for _, seat := range g.Seats() {
		for _, a := range g.SeatActions(seat.ID) {
			if a.Label.ID == "" {
				t.Errorf("%s: seat %s: action %s has no label", at, seat.ID, a.Type)
			}
			for _, f := range a.Fields {
				if f.Label.ID == "" || f.Kind == "" || f.Kind == engine.FieldChoice && len(f.Options) == 0 {
					t.Errorf("%s: seat %s: action %s: field %s has no label, kind or options", at, seat.ID, a.Type, f.Name)
				}
			}
			e, err := SeatEvent(g.Events(), a, SampleValues(a))
			if err != nil {
				t.Errorf("%s: seat %s: action %s: %v", at, seat.ID, a.Type, err)
				continue
			}
			if err := g.Check(e); err != nil {
				t.Errorf("%s: seat %s offered %s, which the game refuses: %v", at, seat.ID, a.Type, err)
			}
			if err := g.SeatMay(seat.ID, e); err != nil {
				t.Errorf("%s: seat %s offered %s, which SeatMay refuses it: %v", at, seat.ID, a.Type, err)
			}
			out[seat.ID] = append(out[seat.ID], e)
		}
	}
	return out
}
