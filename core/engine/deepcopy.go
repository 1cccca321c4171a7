package engine

import "reflect"

// DeepCopy copies v so that the result shares no slice, map or pointer with
// it: a module's Clone need not remember every slice by hand. Nil stays nil
// and empty stays empty (JSON keeps "[]"). Unexported fields are copied as
// they are: keep only scratch values in them.
func DeepCopy[T any](v T) T {
	src := reflect.ValueOf(&v).Elem()
	dst := reflect.New(src.Type()).Elem()
	deepCopy(dst, src)
	return dst.Interface().(T)
}

func deepCopy(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		p := reflect.New(src.Type().Elem())
		deepCopy(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := range src.Len() {
			deepCopy(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		for it := src.MapRange(); it.Next(); {
			v := reflect.New(src.Type().Elem()).Elem()
			deepCopy(v, it.Value())
			m.SetMapIndex(it.Key(), v)
		}
		dst.Set(m)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		v := reflect.New(src.Elem().Type()).Elem()
		deepCopy(v, src.Elem())
		dst.Set(v)
	case reflect.Struct:
		dst.Set(src) // unexported fields as they are
		for i := range src.NumField() {
			if src.Type().Field(i).IsExported() {
				deepCopy(dst.Field(i), src.Field(i))
			}
		}
	case reflect.Array:
		for i := range src.Len() {
			deepCopy(dst.Index(i), src.Index(i))
		}
	default:
		dst.Set(src)
	}
}

// clip gives s with every exported slice field's capacity cut to its
// length, so that appending to the copy never writes into s's arrays.
func clip[S any](s S) S {
	clipIn(&s)
	return s
}

// clipIn is clip on *s itself.
func clipIn[S any](s *S) {
	v := reflect.ValueOf(s).Elem()
	if v.Kind() != reflect.Struct {
		return
	}
	for i := range v.NumField() {
		f := v.Field(i)
		if f.Kind() == reflect.Slice && v.Type().Field(i).IsExported() && !f.IsNil() {
			f.Set(f.Slice3(0, f.Len(), f.Len()))
		}
	}
}
