package main

import (
	"fmt"
	"io"
	"os"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/faction"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// runQuest handles "conductor quest validate FILE...": every problem of
// every file, one line each, as FILE:LINE: what to fix. Exit 0 when all
// files are valid, 1 when any is not, 2 for a wrong command line.
func runQuest(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	return runValidate(args, out, errOut, tr, "cli.quest.usage", quest.MaxSize, "quest.too_big", func(file string, content []byte) quest.Problems {
		q, ps := quest.Parse(file, content)
		if ps != nil {
			return ps
		}
		// Parse checks each image path as written; a link inside the quest's
		// folder may still lead out of it, which only the file's place shows.
		return CheckQuestImages(file, q)
	})
}

// runFaction handles "conductor faction validate FILE..." the same way.
func runFaction(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	return runValidate(args, out, errOut, tr, "cli.faction.usage", faction.MaxSize, "faction.too_big", func(file string, data []byte) quest.Problems {
		_, ps := dun.ParseFaction(file, data)
		return ps
	})
}

// runValidate checks content files one by one with parse.
func runValidate(args []string, out, errOut io.Writer, tr *translations.Translator, usage string, maxSize int, tooBig string, parse func(string, []byte) quest.Problems) int {
	if len(args) < 2 || args[0] != "validate" {
		fmt.Fprintln(errOut, tr.T(usage, nil))
		return 2
	}
	status := 0
	for _, file := range args[1:] {
		ps := validateFile(file, maxSize, tooBig, parse)
		if len(ps) == 0 {
			fmt.Fprintln(out, tr.T("cli.quest.valid", map[string]any{"File": file}))
			continue
		}
		status = 1
		for _, p := range ps {
			fmt.Fprintf(out, "%s:%d: %s\n", p.File, p.Line, tr.T(p.ID, p.Args))
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
