//go:build !windows

package speech

import "os/exec"

// New picks the computer's speech service: speech-dispatcher when spd-say
// is installed (with espeak-ng behind it when speech-dispatcher fails),
// espeak-ng alone otherwise, or a speaker whose Speak says there is none.
// (Windows: new_windows.go.)
func New() Speaker { return Pick(exec.LookPath) }

// UnavailableMessage is the app's message (translations/speech.*.toml) when
// there is no speech service: what to install.
const UnavailableMessage = "ui.speech.unavailable"
