package dcui

import (
	"encoding/json"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/dunconductor/conductor/core/dragoncanyon"
)

// settingPresets keeps the boards saved by name, as JSON (presetFile).
const settingPresets = "dragoncanyon.board_presets"

// Bounds of the presets: a name's length, how many are kept.
const (
	maxPresetName = 40
	maxPresets    = 50
)

// preset is a board saved by name.
type preset struct {
	Name   string                     `json:"name"`
	Board  [][]dragoncanyon.TileSetup `json:"board"`
	Dragon dragoncanyon.Pos           `json:"dragon"`
}

// presetFile is what the setting holds.
type presetFile struct {
	Presets []preset `json:"presets"`
}

// readPresets reads the saved presets from the setting's value. A preset
// that is not 4 rows of 4 tiles, or a name no save would take, is left
// out; unreadable JSON gives none and false.
func readPresets(value string) ([]preset, bool) {
	if value == "" {
		return nil, true
	}
	var f presetFile
	if err := json.Unmarshal([]byte(value), &f); err != nil {
		return nil, false
	}
	var out []preset
	for _, p := range f.Presets {
		if squareBoard(p.Board) && presetNameProblem(p.Name, "") == "" && !slices.ContainsFunc(out, func(q preset) bool { return q.Name == p.Name }) {
			out = append(out, p)
		}
	}
	if len(out) > maxPresets {
		out = out[:maxPresets]
	}
	return out, true
}

// writePresets is the setting's value for presets.
func writePresets(ps []preset) string {
	b, _ := json.Marshal(presetFile{Presets: ps}) // plain data: never fails
	return string(b)
}

// presetNameProblem is the message ID of what is wrong with a preset's
// name, or "": empty, longer than maxPresetName characters, not UTF-8, a
// control, formatting (a bidirectional override, a zero-width joiner) or
// other invisible character, or builtin's name. The caller trims the spaces
// around it first.
func presetNameProblem(name, builtin string) string {
	switch {
	case !utf8.ValidString(name):
		return "ui.dc.new.preset_name_chars"
	case name == "":
		return "ui.dc.new.preset_name_empty"
	case utf8.RuneCountInString(name) > maxPresetName:
		return "ui.dc.new.preset_name_long"
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) || r == utf8.RuneError ||
			unicode.IsSpace(r) && r != ' ' || !unicode.IsPrint(r) && r != ' ' {
			return "ui.dc.new.preset_name_chars"
		}
	}
	if name == builtin {
		return "ui.dc.new.preset_name_builtin"
	}
	return ""
}
