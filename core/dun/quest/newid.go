package quest

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
)

// WithID is quest file data with its id changed to id (a quest imported as
// a new one): the line that sets the id is written again and the rest of
// the file is left as it was, comments and pictures included. When the id
// is not set on a line of its own among the top-level keys, the quest is
// written again whole (Encode). The file must be a valid quest; the result
// is checked to be the same quest but for its id.
func WithID(data []byte, id string) ([]byte, error) {
	q, ps := Parse("file.toml", data)
	if ps != nil {
		return nil, ps
	}
	want := *q
	want.ID, want.Source = id, nil
	same := func(out []byte) bool {
		got, ps := Parse("file.toml", out)
		if ps != nil {
			return false
		}
		got.Source = nil
		return reflect.DeepEqual(*got, want)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	for i, l := range lines {
		t := strings.TrimSpace(string(l))
		if strings.HasPrefix(t, "[") {
			break // the tables begin: no more top-level keys
		}
		key, _, ok := strings.Cut(t, "=")
		if key = strings.TrimSpace(key); !ok || key != "id" && key != `"id"` && key != "'id'" {
			continue
		}
		end := l[len(bytes.TrimRight(l, "\r\n")):]
		out := bytes.Join(append(append(append([][]byte{}, lines[:i]...), []byte("id = "+TOMLString(id)+string(end))), lines[i+1:]...), nil)
		if same(out) {
			return out, nil
		}
		break // the line was inside a text of several lines, or held more
	}
	out, err := Encode(&want)
	if err != nil {
		return nil, err
	}
	if !same(out) {
		return nil, errors.New("quest: the quest cannot be given the id " + TOMLString(id))
	}
	return out, nil
}
