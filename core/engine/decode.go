package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// errTrailing is JSON with more after the value it holds.
var errTrailing = errors.New("more data after the JSON value")

// DecodeStrict reads one JSON value into a T strictly: an unknown field is
// an error, so a typo in a script or a save is reported instead of ignored,
// and so is anything but white space after the value.
func DecodeStrict[T any](data []byte) (T, error) {
	var v T
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		var zero T
		return zero, err
	}
	if _, err := dec.Token(); err != io.EOF { // More alone lets a stray '}' or ']' through
		var zero T
		return zero, errTrailing
	}
	return v, nil
}
