package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/dunconductor/conductor/core/dun/bestiary"
	"github.com/dunconductor/conductor/core/dun/content"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// runQuest handles "conductor quest validate FILE...": every problem of
// every file, one line each, as FILE:LINE: what to fix, and every warning
// (quest.Check's, and an id that is a built-in quest's) as FILE:LINE:
// warning: what to look at. Exit 0 when all files are valid, warnings or
// not; 1 when any is not; 2 for a wrong command line.
func runQuest(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	return runValidateWarn(args, out, errOut, tr, "cli.quest.usage", quest.MaxSize, "quest.too_big", checkQuestFile)
}

// checkQuestFile is a quest file's problems and warnings, as
// "conductor quest validate" reports them.
func checkQuestFile(file string, content []byte) (quest.Problems, quest.Problems) {
	q, ps, warnings := quest.Check(file, content)
	if ps != nil {
		return ps, warnings
	}
	if w := builtinClash(file, q); w != nil {
		warnings = append(quest.Problems{*w}, warnings...)
	}
	// Parse checks each image path as written; a link inside the quest's
	// folder may still lead out of it, which only the file's place shows.
	return CheckQuestImages(file, q), warnings
}

// builtinClash is the warning for a quest that takes the id of one of the
// app's own, which an import refuses ("quest.builtin_id"), unless it is that
// quest's very file.
func builtinClash(file string, q *quest.Quest) *quest.Problem {
	builtins, err := content.BuiltinQuests()
	if err != nil {
		return nil // a build defect, which the app's own tests report
	}
	for _, b := range builtins {
		if b.ID == q.ID && !bytes.Equal(b.Source, q.Source) {
			return &quest.Problem{File: file, Line: max(quest.IndexLines(q.Source).Key("id"), 1), ID: "quest.builtin_id_clash", Args: map[string]any{"ID": q.ID}}
		}
	}
	return nil
}

// runFaction handles "conductor faction validate FILE..." the same way.
func runFaction(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	return runValidate(args, out, errOut, tr, "cli.faction.usage", faction.MaxSize, "faction.too_big", func(file string, data []byte) quest.Problems {
		_, ps := bestiary.ParseFaction(file, data)
		return ps
	})
}

// runValidate checks content files one by one with parse.
func runValidate(args []string, out, errOut io.Writer, tr *translations.Translator, usage string, maxSize int, tooBig string, parse func(string, []byte) quest.Problems) int {
	return runValidateWarn(args, out, errOut, tr, usage, maxSize, tooBig, func(file string, data []byte) (quest.Problems, quest.Problems) {
		return parse(file, data), nil
	})
}

// runValidateWarn is runValidate for files that may have warnings too:
// each printed as a warning after the file's problems; they do not change
// the exit status.
func runValidateWarn(args []string, out, errOut io.Writer, tr *translations.Translator, usage string, maxSize int, tooBig string, check func(string, []byte) (quest.Problems, quest.Problems)) int {
	if len(args) < 2 || args[0] != "validate" {
		fmt.Fprintln(errOut, tr.T(usage, nil))
		return 2
	}
	status := 0
	for _, file := range args[1:] {
		var warnings quest.Problems
		ps := validateFile(file, maxSize, tooBig, func(file string, data []byte) quest.Problems {
			var ps quest.Problems
			ps, warnings = check(file, data)
			return ps
		})
		for _, p := range ps {
			fmt.Fprintf(out, "%s:%d: %s\n", p.File, p.Line, tr.T(p.ID, p.Args))
		}
		for _, w := range warnings {
			fmt.Fprintln(out, tr.T("cli.quest.warning", map[string]any{"File": w.File, "Line": w.Line, "Problem": tr.T(w.ID, w.Args)}))
		}
		switch {
		case len(ps) > 0:
			status = 1
		case len(warnings) > 0:
			fmt.Fprintln(out, tr.T("cli.quest.valid_warnings", map[string]any{"File": file}))
		default:
			fmt.Fprintln(out, tr.T("cli.quest.valid", map[string]any{"File": file}))
		}
	}
	return status
}

// validateFile reads and checks one file, refusing a huge one before
// reading it.
func validateFile(file string, maxSize int, tooBig string, parse func(string, []byte) quest.Problems) quest.Problems {
	info, err := os.Stat(file)
	if err == nil && info.Size() > int64(maxSize) {
		return quest.Problems{{File: file, ID: tooBig, Args: map[string]any{"Size": info.Size(), "Max": maxSize}}}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return quest.Problems{{File: file, ID: "quest.unreadable", Args: map[string]any{"Detail": err.Error()}}}
	}
	return parse(file, data)
}
