// Package enginetest holds checks every game module's tests use: a state
// filled in every field, whether two values share memory, and the event
// codec's round trip.
package enginetest

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/dunconductor/conductor/core/engine"
)

// Fill sets every exported field reachable from ptr to a non-zero value:
// slices and maps get one element, pointers a value, so that a later check
// sees every field a type has, including one added tomorrow.
func Fill(ptr any) {
	fill(reflect.ValueOf(ptr).Elem(), 0)
}

func fill(v reflect.Value, depth int) {
	if depth > 8 {
		return // a recursive type: deep enough
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("x%d", depth+1))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(depth + 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(depth + 1))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(depth) + 1.5)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0), depth+1)
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k := reflect.New(v.Type().Key()).Elem()
		fill(k, depth+1)
		e := reflect.New(v.Type().Elem()).Elem()
		fill(e, depth+1)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Interface:
		if v.NumMethod() == 0 {
			v.Set(reflect.ValueOf([]any{fmt.Sprintf("x%d", depth+1)}))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	}
}

// Shares lists the paths where a and b (values of one type) hold the same
// slice, map or pointer: what a write through one would change in the other.
func Shares(a, b any) []string {
	var out []string
	shares(reflect.ValueOf(a), reflect.ValueOf(b), "", &out)
	return out
}

func shares(a, b reflect.Value, path string, out *[]string) {
	switch a.Kind() {
	case reflect.Pointer:
		sharesPointer(a, b, path, out)
	case reflect.Slice:
		sharesSlice(a, b, path, out)
	case reflect.Map:
		sharesMap(a, b, path, out)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() || a.Elem().Type() != b.Elem().Type() {
			return
		}
		shares(a.Elem(), b.Elem(), path, out)
	case reflect.Struct:
		for i := range a.NumField() {
			if a.Type().Field(i).IsExported() {
				shares(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name, out)
			}
		}
	case reflect.Array:
		for i := range a.Len() {
			shares(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	}
}

// sharesPointer: the same pointer is shared; else what they point to.
func sharesPointer(a, b reflect.Value, path string, out *[]string) {
	if a.IsNil() || b.IsNil() {
		return
	}
	if a.Pointer() == b.Pointer() {
		*out = append(*out, path)
		return
	}
	shares(a.Elem(), b.Elem(), path, out)
}

// sharesSlice: the same backing array is shared; else the items both hold.
func sharesSlice(a, b reflect.Value, path string, out *[]string) {
	if a.Len() == 0 || b.Len() == 0 {
		return
	}
	if a.Pointer() == b.Pointer() {
		*out = append(*out, path)
		return
	}
	for i := range min(a.Len(), b.Len()) {
		shares(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
	}
}

// sharesMap: the same map is shared; else the values of the keys both hold.
func sharesMap(a, b reflect.Value, path string, out *[]string) {
	if a.Len() == 0 || b.Len() == 0 {
		return
	}
	if a.Pointer() == b.Pointer() {
		*out = append(*out, path)
		return
	}
	for it := a.MapRange(); it.Next(); {
		if bv := b.MapIndex(it.Key()); bv.IsValid() {
			shares(it.Value(), bv, fmt.Sprintf("%s[%v]", path, it.Key()), out)
		}
	}
}

// CheckCodec walks every event type of a module's registry: the key it is
// registered under is its Type(), and encode → decode → encode of an event
// filled in every field gives the same bytes.
func CheckCodec(t *testing.T, r *engine.Registry) {
	t.Helper()
	types := r.Types()
	if len(types) < 3 {
		t.Fatalf("only %d event types registered", len(types))
	}
	for _, typ := range types {
		e, ok := r.New(typ)
		if !ok {
			t.Fatalf("%s: listed but not made", typ)
		}
		if e.Type() != typ {
			t.Errorf("registered as %q, Type() says %q", typ, e.Type())
			continue
		}
		Fill(e)
		first, err := engine.Encode(e)
		if err != nil {
			t.Errorf("%s: encode: %v", typ, err)
			continue
		}
		back, err := r.Decode(first)
		if err != nil {
			t.Errorf("%s: decode %s: %v", typ, first, err)
			continue
		}
		second, err := engine.Encode(back)
		if err != nil {
			t.Errorf("%s: encode again: %v", typ, err)
			continue
		}
		if !bytes.Equal(first, second) {
			t.Errorf("%s: round trip changed\n%s\n%s", typ, first, second)
		}
	}
}
