package speech

import (
	"os"
	"os/exec"
	"path/filepath"
)

// UnavailableMessage is the app's message (translations/speech.*.toml) when
// there is no speech service: on Windows, a voice to install in Settings
// (speech-dispatcher is not for Windows).
const UnavailableMessage = "ui.speech.unavailable.windows"

// New picks Windows' own speech (SAPI, through Windows PowerShell's
// System.Speech) when PowerShell is there; whether Windows can speak is
// learnt on the first text (or Available). Without PowerShell, espeak-ng when
// installed, else the speaker that says there is none.
func New() Speaker {
	if path := powerShell(); path != "" {
		return &sapi{path: path}
	}
	return Pick(exec.LookPath)
}

// powerShell is Windows PowerShell's path: in the system's own folder
// first (not a powershell.exe earlier in PATH), or "" when there is none.
func powerShell() string {
	if root := os.Getenv("SystemRoot"); root != "" {
		p := filepath.Join(root, "System32", "WindowsPowerShell", "v1.0", PowerShell)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath(PowerShell); err == nil {
		return p
	}
	return ""
}
