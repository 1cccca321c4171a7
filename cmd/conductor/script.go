package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// Exit statuses of "conductor script".
const (
	exitApplied  = 0 // every event applied
	exitRejected = 1 // at least one event was refused by a rule
	exitInvalid  = 2 // the input itself is not valid; nothing was run
)

// defaultGame is the module a script's setup plays when it names none.
const defaultGame = dun.ModuleName

// scriptLine is one output line of "conductor script". Seq counts the
// script's events, refused ones included; the state's ledger and the log
// count only accepted events (the numbers the store saves). Logged is what
// this event did; the state holds the live game, not its history.
type scriptLine struct {
	Seq     int              `json:"seq"`
	Type    string           `json:"type"`
	OK      bool             `json:"ok"`
	State   json.RawMessage  `json:"state,omitempty"`
	Logged  []engine.Message `json:"logged,omitempty"`
	Prompts []engine.Prompt  `json:"prompts,omitempty"`
	Rule    string           `json:"rule,omitempty"`
	Error   string           `json:"error,omitempty"`
}

// lineWriter prints script lines; full puts the whole log in each state,
// as "log", the way the state carried it before the log left it.
type lineWriter struct {
	enc  *json.Encoder
	full bool
	tr   *translations.Translator
}

// line is the output for e after g tried to apply it (err its refusal).
func (w lineWriter) line(seq int, g engine.Play, r engine.Record, e engine.Event, err error) (scriptLine, error) {
	line := scriptLine{Seq: seq, Type: e.Type()}
	if err != nil {
		line.Error = describe(err, w.tr)
		var re *engine.RuleError
		if errors.As(err, &re) {
			line.Rule = re.ID
		}
		return line, nil
	}
	state, err := g.StateJSON()
	if err != nil {
		return line, err
	}
	if w.full {
		if state, err = withLog(state, g.Log()); err != nil {
			return line, err
		}
	}
	logged := r.Log
	if logged == nil {
		logged = []engine.Message{}
	}
	line.OK, line.State, line.Logged, line.Prompts = true, state, logged, g.Prompts()
	return line, nil
}

// withLog adds "log" as the state object's last field.
func withLog(state []byte, log []engine.LogEntry) ([]byte, error) {
	l, err := json.Marshal(log)
	if err != nil {
		return nil, err
	}
	state = bytes.TrimRight(state, "}")
	if len(state) > 1 {
		state = append(state, ',')
	}
	return append(append(append(state, `"log":`...), l...), '}'), nil
}

// runScript reads a setup line and one event per line (JSON Lines), applies
// them, and writes one JSON line per event. The whole input is checked
// before anything runs, so an invalid file prints no states.
func runScript(in io.Reader, out, errOut io.Writer, tr *translations.Translator, full bool) int {
	s, err := readScript(in, tr)
	if err != nil {
		fmt.Fprintln(errOut, err)
		return exitInvalid
	}
	g, err := s.module.New(s.setup, s.content)
	if err != nil {
		fmt.Fprintln(errOut, tr.T("cli.script.bad_setup", map[string]any{"Line": 1, "Detail": describe(err, tr)}))
		return exitInvalid
	}
	bw := bufio.NewWriter(out)
	defer bw.Flush()
	w := lineWriter{enc: json.NewEncoder(bw), full: full, tr: tr}
	status := exitApplied
	for i, e := range s.events {
		r, err := g.Apply(e)
		if err != nil {
			status = exitRejected
		}
		line, err := w.line(i+1, g, r, e, err)
		if err == nil {
			err = w.enc.Encode(line)
		}
		if err != nil {
			fmt.Fprintln(errOut, err)
			return exitInvalid
		}
	}
	return status
}

// script is a parsed script: the module, its setup and content, the events.
type script struct {
	module  engine.Module
	setup   []byte
	content []byte
	events  []engine.Event
}

// readScript parses the whole input. Errors name the line.
func readScript(in io.Reader, tr *translations.Translator) (script, error) {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var (
		s         script
		haveSetup bool
		n         int
	)
	bad := func(line int, detail string) error {
		return errors.New(tr.T("cli.script.bad_setup", map[string]any{"Line": line, "Detail": detail}))
	}
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
				return s, bad(n, detail)
			}
			game, setup, err := splitGame(head.Setup)
			if err != nil {
				return s, bad(n, err.Error())
			}
			if s.module, err = engine.Find(game); err != nil {
				return s, bad(n, tr.T("cli.script.unknown_game", map[string]any{"Game": game, "Games": engine.Modules()}))
			}
			if s.content, err = scriptContent(game, setup, tr); err != nil {
				return s, bad(n, err.Error())
			}
			s.setup, haveSetup = setup, true
			continue
		}
		e, err := s.module.Events().Decode(text)
		if err != nil {
			return s, errors.New(tr.T("cli.script.bad_event", map[string]any{"Line": n, "Detail": err.Error()}))
		}
		s.events = append(s.events, e)
	}
	if err := sc.Err(); err != nil {
		return s, errors.New(tr.T("cli.script.read", map[string]any{"Line": n + 1, "Detail": err.Error()}))
	}
	if !haveSetup {
		return s, bad(1, tr.T("cli.script.setup_missing", nil))
	}
	return s, nil
}

// splitGame takes the script's own "game" field out of a setup object: the
// rest is the module's setup, which the module reads strictly.
func splitGame(setup json.RawMessage) (string, []byte, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(setup, &fields); err != nil {
		return "", nil, err
	}
	raw, ok := fields["game"]
	if !ok {
		return defaultGame, setup, nil
	}
	var game string
	if err := json.Unmarshal(raw, &game); err != nil {
		return "", nil, fmt.Errorf("\"game\": %w", err)
	}
	delete(fields, "game")
	rest, err := json.Marshal(fields)
	return game, rest, err
}

// scriptContent is what a script's setup refers to: DUN scripts play the
// app's own quests and sample factions by id.
func scriptContent(game string, setup []byte, tr *translations.Translator) ([]byte, error) {
	if game != dun.ModuleName {
		return nil, nil
	}
	var s struct {
		Quest   string `json:"quest"`
		Faction string `json:"faction"`
	}
	if err := json.Unmarshal(setup, &s); err != nil {
		return nil, nil // the module reports a bad setup itself
	}
	var questFile, factionFile []byte
	if s.Quest != "" {
		qs, _ := content.BuiltinQuests()
		for _, q := range qs {
			if q.ID == s.Quest {
				questFile = q.Source
			}
		}
		if questFile == nil {
			return nil, errors.New(tr.T("setup.quest.missing", map[string]any{"Quest": s.Quest}))
		}
	}
	if s.Faction != "" {
		fs, _ := data.BuiltinFactionFiles()
		for _, f := range fs {
			if parsed, ps := bestiary.ParseFaction(f.Name, f.Data); ps == nil && parsed.ID == s.Faction {
				factionFile = f.Data
			}
		}
		if factionFile == nil {
			return nil, errors.New(tr.T("setup.faction.missing", map[string]any{"Faction": s.Faction}))
		}
	}
	return content.Encode(questFile, factionFile), nil
}

// describe words an engine error in the translator's language.
func describe(err error, tr *translations.Translator) string {
	var re *engine.RuleError
	var se engine.SetupErrors
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
