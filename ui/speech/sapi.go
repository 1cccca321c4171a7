package speech

import (
	"context"
	"encoding/base64"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf16"
)

// Windows' own speech (SAPI), through Windows PowerShell's System.Speech:
// New picks it on Windows (new_windows.go). The script is a constant, handed
// over as -EncodedCommand; the text and its language reach it in the
// environment (sapiText, sapiLang), never inside a command line, so nothing
// in a text is ever run or quoted. The script says sapiReady once System.Speech
// is loaded and a voice is installed: a PowerShell that exits without saying
// it (Wine's stub, a Windows without voices) is no speech service.
const (
	PowerShell = "powershell.exe"
	sapiText   = "CONDUCTOR_SPEECH_TEXT"
	sapiLang   = "CONDUCTOR_SPEECH_LANG"
	sapiReady  = "conductor-sapi-ready"
	// sapiProbeTimeout bounds the check Available makes (PowerShell starts
	// in one to three seconds).
	sapiProbeTimeout = 30 * time.Second
)

// sapiScript reads $env:CONDUCTOR_SPEECH_TEXT aloud with a voice of
// $env:CONDUCTOR_SPEECH_LANG when one is installed, the default voice
// otherwise; an empty text only checks that Windows can speak.
const sapiScript = `$ErrorActionPreference = 'Stop'
Add-Type -AssemblyName System.Speech
$s = New-Object System.Speech.Synthesis.SpeechSynthesizer
if (@($s.GetInstalledVoices() | Where-Object { $_.Enabled }).Count -eq 0) { exit 3 }
try {
  $c = [System.Globalization.CultureInfo]::GetCultureInfo($env:` + sapiLang + `)
  $v = @($s.GetInstalledVoices() | Where-Object { $_.Enabled -and $_.VoiceInfo.Culture.TwoLetterISOLanguageName -eq $c.TwoLetterISOLanguageName })
  if ($v.Count -gt 0) { $s.SelectVoice($v[0].VoiceInfo.Name) }
} catch {}
[Console]::Out.WriteLine('` + sapiReady + `')
[Console]::Out.Flush()
$t = $env:` + sapiText + `
if ($t) { $s.SetOutputToDefaultAudioDevice(); $s.Speak($t) }
`

// sapiArgs are PowerShell's arguments: the same for every text.
func sapiArgs() []string {
	u := utf16.Encode([]rune(sapiScript))
	b := make([]byte, 2*len(u))
	for i, c := range u {
		b[2*i], b[2*i+1] = byte(c), byte(c>>8) // UTF-16LE, as -EncodedCommand wants
	}
	return []string{"-NoLogo", "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass",
		"-EncodedCommand", base64.StdEncoding.EncodeToString(b)}
}

// langTag is a language tag as it may reach the script: "en" when lang is
// not one (letters and digits in dash-separated parts, the first 2 or 3
// letters).
var langTag = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$`)

func sapiLanguage(lang string) string {
	if langTag.MatchString(lang) {
		return lang
	}
	return "en"
}

// sapiCommand is the PowerShell run that reads text (already Clean) in lang;
// ctx bounds it (a probe) or is context.Background().
func sapiCommand(ctx context.Context, path, lang, text string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, path, sapiArgs()...)
	// The last of a name wins (on Windows whatever its case): an inherited
	// CONDUCTOR_SPEECH_TEXT is not read.
	cmd.Env = append(os.Environ(), sapiLang+"="+sapiLanguage(lang), sapiText+"="+text)
	setProcAttr(cmd)
	return cmd
}

// sapi speaks through a PowerShell run per text: stopping is ending it.
// Whether Windows can speak at all is learnt from the first run (or
// Available's check): once it cannot, Speak says ErrUnavailable.
type sapi struct {
	path string

	mu    sync.Mutex
	cur   *exec.Cmd // the text being read, or nil
	fail  func(error)
	known bool // a run said whether Windows can speak
	can   bool
}

func (s *sapi) Name() string { return "sapi" }

func (s *sapi) onFailure(f func(error)) {
	s.mu.Lock()
	s.fail = f
	s.mu.Unlock()
}

// Available runs the script with no text once, and says whether it said it
// was ready: false under Wine's stub of PowerShell or with no voice.
func (s *sapi) Available() bool {
	s.mu.Lock()
	known, can := s.known, s.can
	s.mu.Unlock()
	if known {
		return can
	}
	ctx, cancel := context.WithTimeout(context.Background(), sapiProbeTimeout)
	defer cancel()
	cmd := sapiCommand(ctx, s.path, "en", "")
	var out tail
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	can = err == nil && strings.Contains(out.String(), sapiReady)
	s.mu.Lock()
	s.known, s.can = true, can
	s.mu.Unlock()
	return can
}

func (s *sapi) Speak(lang, text string) error {
	text = Clean(text)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stopLocked()
	if s.known && !s.can {
		return ErrUnavailable
	}
	if text == "" {
		return nil
	}
	cmd := sapiCommand(context.Background(), s.path, lang, text)
	var out tail
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		s.known, s.can = true, false
		return ErrUnavailable
	}
	s.cur = cmd
	go s.wait(cmd, &out)
	return nil
}

// wait waits for a run to end: one that never said it was ready means
// Windows cannot speak (ErrUnavailable, remembered); one that failed after
// is the service's failure. A run ended by Stop or a newer Speak says neither.
func (s *sapi) wait(cmd *exec.Cmd, out *tail) {
	err := cmd.Wait()
	ready := strings.Contains(out.String(), sapiReady)
	s.mu.Lock()
	stopped := s.cur != cmd
	if !stopped {
		s.cur = nil
	}
	if ready || !stopped {
		s.known, s.can = true, ready
	}
	fail := s.fail
	s.mu.Unlock()
	switch {
	case stopped || fail == nil:
	case !ready:
		fail(ErrUnavailable)
	case err != nil:
		fail(failure("PowerShell System.Speech", err, out.String()))
	}
}

func (s *sapi) Stop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stopLocked()
	return nil
}

// stopLocked ends the text being read, if any (s.mu held).
func (s *sapi) stopLocked() {
	if s.cur != nil && s.cur.Process != nil {
		_ = s.cur.Process.Kill()
	}
	s.cur = nil
}
