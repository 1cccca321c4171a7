package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/dunconductor/conductor/core/engine"
)

// Golden files show what each event changed, not whole states: the state
// before the first event once, then per event its changed fields (a diff of
// the state flattened to paths), its log lines, and its prompts when they
// changed. A reviewer reads what an event did.

// field is one leaf of a JSON document: its path and its value as JSON.
type field struct{ path, value string }

// flatten lists the leaves of a JSON document in document order. Empty
// objects and arrays are leaves too, so "[]" and "{}" show.
func flatten(doc []byte) ([]field, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var out []field
	var walk func(path string) error
	walk = func(path string) error {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch d := tok.(type) {
		case json.Delim:
			empty, i := true, 0
			for dec.More() {
				empty = false
				p := path
				if d == '{' {
					k, err := dec.Token()
					if err != nil {
						return err
					}
					p = join(path, k.(string))
				} else {
					p = fmt.Sprintf("%s[%d]", path, i)
					i++
				}
				if err := walk(p); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil { // the closing delimiter
				return err
			}
			if empty {
				out = append(out, field{path, map[json.Delim]string{'{': "{}", '[': "[]"}[d]})
			}
		default:
			b, _ := json.Marshal(d)
			out = append(out, field{path, string(b)})
		}
		return nil
	}
	if err := walk(""); err != nil && err != io.EOF {
		return nil, err
	}
	return out, nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// diffFields writes the changes from old to new, one per line.
func diffFields(b *strings.Builder, old, new []field) {
	was := make(map[string]string, len(old))
	for _, f := range old {
		was[f.path] = f.value
	}
	now := make(map[string]bool, len(new))
	for _, f := range new {
		now[f.path] = true
		switch v, ok := was[f.path]; {
		case !ok:
			fmt.Fprintf(b, "  + %s = %s\n", f.path, f.value)
		case v != f.value:
			fmt.Fprintf(b, "  ~ %s: %s → %s\n", f.path, v, f.value)
		}
	}
	for _, f := range old {
		if !now[f.path] {
			fmt.Fprintf(b, "  - %s (was %s)\n", f.path, f.value)
		}
	}
}

// goldenText renders a script's output as the golden file shows it. initial
// is the state before the first event (nil when the script did not start),
// setupLog what the setup logged.
func goldenText(initial []byte, setupLog []engine.LogEntry, out []byte) (string, error) {
	var b strings.Builder
	prev, err := flatten(initial)
	if initial != nil {
		if err != nil {
			return "", err
		}
		b.WriteString("# before the first event\n")
		diffFields(&b, nil, prev)
		for _, l := range setupLog {
			args, _ := json.Marshal(l.Args)
			fmt.Fprintf(&b, "  log %s %s\n", l.ID, args)
		}
	}
	var prevPrompts string
	for _, raw := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
		if len(raw) == 0 {
			continue
		}
		var l struct {
			Seq    int              `json:"seq"`
			Type   string           `json:"type"`
			OK     bool             `json:"ok"`
			State  json.RawMessage  `json:"state"`
			Logged []engine.Message `json:"logged"`
			Rule   string           `json:"rule"`
			Error  string           `json:"error"`
		}
		if err := json.Unmarshal(raw, &l); err != nil {
			return "", fmt.Errorf("%s: %w", raw, err)
		}
		if !l.OK {
			fmt.Fprintf(&b, "#%d %s refused %s: %s\n", l.Seq, l.Type, l.Rule, l.Error)
			continue
		}
		fmt.Fprintf(&b, "#%d %s\n", l.Seq, l.Type)
		cur, err := flatten(l.State)
		if err != nil {
			return "", err
		}
		diffFields(&b, prev, cur)
		prev = cur
		for _, m := range l.Logged {
			args, _ := json.Marshal(m.Args)
			fmt.Fprintf(&b, "  log %s %s\n", m.ID, args)
		}
		var p struct {
			Prompts json.RawMessage `json:"prompts"`
		}
		json.Unmarshal(raw, &p)
		if ps := string(p.Prompts); ps != prevPrompts {
			var list []json.RawMessage
			json.Unmarshal(p.Prompts, &list)
			for _, q := range list {
				fmt.Fprintf(&b, "  prompt %s\n", q)
			}
			prevPrompts = ps
		} else {
			b.WriteString("  prompts unchanged\n")
		}
	}
	return b.String(), nil
}
