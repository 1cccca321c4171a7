package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dunconductor/conductor/core/dragoncanyon/decklist"
	"github.com/dunconductor/conductor/translations"
)

// maxDeckList is the largest deck list read: a box's cards take a few
// kilobytes.
const maxDeckList = 256 << 10

// runDragonCanyon handles "conductor dragon-canyon validate FILE...": every
// problem of every deck list, one line each, as FILE:LINE: what to fix (line
// 0 for the whole file), and a line saying each valid file is valid. Exit 0
// when all files are valid, 1 when any is not, 2 for a wrong command line.
func runDragonCanyon(args []string, out, errOut io.Writer, tr *translations.Translator) int {
	if len(args) > 0 && args[0] == "validate" {
		args = args[1:]
		if len(args) > 0 && args[0] == "--" {
			args = args[1:]
		} else {
			for _, a := range args {
				if strings.HasPrefix(a, "-") && a != "-" {
					args = nil // an option this command does not have
					break
				}
			}
		}
	} else {
		args = nil
	}
	if len(args) == 0 {
		fmt.Fprintln(errOut, tr.T("cli.dc.usage", nil))
		return 2
	}
	status := 0
	for _, file := range args {
		l, ps := validateDeckList(file)
		if len(ps) == 0 {
			fmt.Fprintln(out, tr.T("cli.dc.valid", map[string]any{"File": file, "Count": len(l.Buildings), "Actions": len(l.Actions), "Forces": len(l.Forces)}))
			continue
		}
		status = 1
		for _, p := range ps {
			fmt.Fprintf(out, "%s:%d: %s\n", file, p.Line, tr.T(p.ID, p.Args))
		}
	}
	return status
}

// validateDeckList reads and checks one deck list, refusing a huge one
// before reading it.
func validateDeckList(file string) (decklist.List, []decklist.Problem) {
	info, err := os.Stat(file)
	if err == nil && info.Size() > maxDeckList {
		return decklist.List{}, []decklist.Problem{{ID: "cli.dc.too_big", Args: map[string]any{"Size": info.Size(), "Max": maxDeckList}}}
	}
	if err == nil && !info.Mode().IsRegular() {
		err = fmt.Errorf("not a regular file")
	}
	var src []byte
	if err == nil {
		src, err = os.ReadFile(file)
	}
	if err != nil {
		return decklist.List{}, []decklist.Problem{{ID: "cli.dc.unreadable", Args: map[string]any{"Detail": err.Error()}}}
	}
	return decklist.Parse(string(src))
}
