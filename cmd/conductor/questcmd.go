package main

import (
	"fmt"
	"io"
	"os"

	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
)

// runQuest handles "conductor quest validate FILE...": every problem of
// every file, one line each, as FILE:LINE: what to fix. Exit 0 when all
// files are valid, 1 when any is not, 2 for a wrong command line.
func runQuest(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	if len(args) < 2 || args[0] != "validate" {
		fmt.Fprintln(errOut, tr.T("cli.quest.usage", nil))
		return 2
	}
	status := 0
	for _, file := range args[1:] {
		ps := validateFile(file)
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

// validateFile reads and checks one quest file, refusing a huge one
// before reading it.
func validateFile(file string) quest.Problems {
	info, err := os.Stat(file)
	if err == nil && info.Size() > quest.MaxSize {
		return quest.Problems{{File: file, ID: "quest.too_big", Args: map[string]any{"Size": info.Size(), "Max": quest.MaxSize}}}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return quest.Problems{{File: file, ID: "quest.unreadable", Args: map[string]any{"Detail": err.Error()}}}
	}
	_, ps := quest.Parse(file, data)
	return ps
}
