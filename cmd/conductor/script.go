package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// Exit statuses of "conductor script".
const (
	exitApplied  = 0 // every event applied
	exitRejected = 1 // at least one event was refused by a rule
	exitInvalid  = 2 // the input itself is not valid; nothing was run
)

// scriptLine is one output line of "conductor script". Seq counts the
// script's events, refused ones included; the state's ledger and log count
// only accepted events (the numbers the store saves).
type scriptLine struct {
	Seq     int           `json:"seq"`
	Type    string        `json:"type"`
	OK      bool          `json:"ok"`
	State   *dun.State   `json:"state,omitempty"`
	Prompts []dun.Prompt `json:"prompts,omitempty"`
	Rule    string        `json:"rule,omitempty"`
	Error   string        `json:"error,omitempty"`
}

// runScript reads a setup line and one event per line (JSON Lines), applies
// them, and writes one JSON line per event. The whole input is checked
// before anything runs, so an invalid file prints no states.
func runScript(in io.Reader, out, errOut io.Writer, tr *translations.Translator) int {
	setup, events, err := readScript(in, tr)
	if err != nil {
		fmt.Fprintln(errOut, err)
		return exitInvalid
	}
	g, err := dun.NewGame(setup)
	if err != nil {
		fmt.Fprintln(errOut, tr.T("cli.script.bad_setup", map[string]any{"Line": 1, "Detail": describe(err, tr)}))
		return exitInvalid
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	enc := json.NewEncoder(w)
	status := exitApplied
	for i, e := range events {
		line := scriptLine{Seq: i + 1, Type: e.Type()}
		if _, err := g.Apply(e); err != nil {
			status = exitRejected
			line.Error = describe(err, tr)
			var re *dun.RuleError
			if errors.As(err, &re) {
				line.Rule = re.ID
			}
		} else {
			s := g.State()
			line.OK, line.State, line.Prompts = true, &s, g.Prompts()
		}
		if err := enc.Encode(line); err != nil {
			fmt.Fprintln(errOut, err)
			return exitInvalid
		}
	}
	return status
}

// readScript parses the whole input. Errors name the line.
func readScript(in io.Reader, tr *translations.Translator) (dun.Setup, []dun.Event, error) {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var (
		setup     dun.Setup
		haveSetup bool
		events    []dun.Event
		n         int
	)
	for sc.Scan() {
		n++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		if !haveSetup {
			var head struct {
				Setup json.RawMessage `json:"setup"`
			}
			dec := json.NewDecoder(bytes.NewReader(text))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&head); err != nil || head.Setup == nil {
				detail := tr.T("cli.script.setup_missing", nil)
				if err != nil {
					detail += " (" + err.Error() + ")"
				}
				return setup, nil, errors.New(tr.T("cli.script.bad_setup", map[string]any{"Line": n, "Detail": detail}))
			}
			s, err := dun.DecodeSetup(head.Setup)
			if err != nil {
				return setup, nil, errors.New(tr.T("cli.script.bad_setup", map[string]any{"Line": n, "Detail": err.Error()}))
			}
			if s.Quest != "" {
				// Scripts play the app's own quests.
				if s.QuestData = builtinQuest(s.Quest); s.QuestData == nil {
					return setup, nil, errors.New(tr.T("cli.script.bad_setup", map[string]any{"Line": n, "Detail": tr.T("setup.quest.missing", map[string]any{"Quest": s.Quest})}))
				}
			}
			setup, haveSetup = s, true
			continue
		}
		e, err := dun.DecodeEvent(text)
		if err != nil {
			return setup, nil, errors.New(tr.T("cli.script.bad_event", map[string]any{"Line": n, "Detail": err.Error()}))
		}
		events = append(events, e)
	}
	if err := sc.Err(); err != nil {
		return setup, nil, errors.New(tr.T("cli.script.read", map[string]any{"Line": n + 1, "Detail": err.Error()}))
	}
	if !haveSetup {
		return setup, nil, errors.New(tr.T("cli.script.bad_setup", map[string]any{"Line": 1, "Detail": tr.T("cli.script.setup_missing", nil)}))
	}
	return setup, events, nil
}

// describe words an engine error in the translator's language.
func describe(err error, tr *translations.Translator) string {
	var re *dun.RuleError
	var se dun.SetupErrors
	switch {
	case errors.As(err, &re):
		return tr.T(re.ID, re.Args)
	case errors.As(err, &se):
		var b bytes.Buffer
		for i, fe := range se {
			if i > 0 {
				b.WriteString(" ")
			}
			fmt.Fprintf(&b, "%s: %s", fe.Field, tr.T(fe.ID, fe.Args))
		}
		return b.String()
	}
	return err.Error()
}

// builtinQuest is one of the app's own quests, or nil.
func builtinQuest(id string) *quest.Quest {
	qs, _ := data.BuiltinQuests()
	for _, q := range qs {
		if q.ID == id {
			return q
		}
	}
	return nil
}
