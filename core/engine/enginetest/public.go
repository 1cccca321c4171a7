package enginetest

import (
	"encoding/json"
	"slices"
	"sort"
)

// ForeignKeys are the object keys of the JSON document js, at any depth,
// that allowed does not list, sorted; or the decoding error. A players'
// view checks with it that nothing comes in unseen.
func ForeignKeys(js []byte, allowed []string) ([]string, error) {
	var doc any
	if err := json.Unmarshal(js, &doc); err != nil {
		return nil, err
	}
	found := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				found[k] = true
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc)
	var out []string
	for k := range found {
		if !slices.Contains(allowed, k) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out, nil
}
