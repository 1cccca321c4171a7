// Package storetext puts the saved-games store's errors (data/) into the
// reader's words, once, for the command line and the windows alike.
package storetext

import (
	"errors"
	"strings"

	"github.com/dunconductor/conductor/core/engine"
	"github.com/dunconductor/conductor/data"
	"github.com/dunconductor/conductor/translations"
)

// Error words an error of the store: a file that is no export, one from a
// newer Conductor or damaged, saves that are already there, a game that
// does not replay, an empty name; anything else as a save that failed and
// changed nothing.
func Error(tr *translations.Translator, err error) string {
	var newer *data.ExportNewerError
	var exists *data.ExistsError
	var replay *data.ReplayError
	switch {
	case errors.Is(err, data.ErrNotExport):
		return tr.T("ui.import.not_export", nil)
	case errors.As(err, &newer):
		return tr.T("ui.import.newer", map[string]any{"Found": newer.Found, "Supported": newer.Supported})
	case errors.Is(err, data.ErrExportDamaged):
		return tr.T("ui.import.damaged", map[string]any{"Detail": err.Error()})
	case errors.As(err, &exists):
		return tr.T("cli.import.exists", map[string]any{"Names": strings.Join(exists.Names, ", ")})
	case errors.As(err, &replay):
		return tr.T("ui.import.replay", map[string]any{"Game": replay.Game, "Seq": replay.Seq, "Detail": Detail(tr, replay.Err)})
	case errors.Is(err, data.ErrEmptyName):
		return tr.T("ui.saves.name_empty", nil)
	}
	return tr.T("ui.error.save", map[string]any{"Detail": err.Error()})
}

// Detail words why a saved game's event did not apply: the rule that
// refused it, or each problem of its setup.
func Detail(tr *translations.Translator, err error) string {
	var re *engine.RuleError
	var setup engine.SetupErrors
	switch {
	case errors.As(err, &re):
		return tr.T(re.ID, re.Args)
	case errors.As(err, &setup):
		lines := make([]string, len(setup))
		for i, fe := range setup {
			lines[i] = tr.T(fe.ID, fe.Args)
		}
		return strings.Join(lines, "; ")
	}
	return err.Error()
}
