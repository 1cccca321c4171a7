package speech

import (
	"context"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"

	"github.com/dunconductor/conductor/translations"
)

// hostile are texts that would run, end or break a command line if they
// were put in one.
var hostile = []string{
	`The door opens.`,
	`He says "run"; 'now'`,
	`$(Remove-Item -Recurse C:\) and $env:PATH`,
	"`whoami` & del *.* | calc %PATH% ^& !x!",
	"\"; exit 0; \"",
	"line one\nline two\r\n\ttabbed",
	"-EncodedCommand ZQB4AGkAdAA=",
	"¿Qué? «Ñandú» — 龍 🐉",
	`'@` + "\n" + `"@ ); Start-Process calc; #`,
}

// envValue is the last value of name in env (the one a process sees).
func envValue(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], name+"="); ok {
			return v, true
		}
	}
	return "", false
}

// The command line is the same for every text: the constant script, encoded;
// the text and the language are in the environment, the text exactly as
// Clean left it.
func TestSAPICommandKeepsTheTextOutOfTheCommandLine(t *testing.T) {
	t.Setenv(sapiText, "inherited, never read")
	want := append([]string{PowerShell}, sapiArgs()...)
	for _, text := range hostile {
		text = Clean(text)
		cmd := sapiCommand(context.Background(), PowerShell, "es", text)
		if !slices.Equal(cmd.Args, want) {
			t.Errorf("%q: the command line is %q, not the constant %q", text, cmd.Args, want)
		}
		for _, a := range cmd.Args {
			if strings.Contains(a, text) {
				t.Errorf("%q is in the command line: %q", text, a)
			}
		}
		if got, _ := envValue(cmd.Env, sapiText); got != text {
			t.Errorf("%s is %q, not %q", sapiText, got, text)
		}
		if got, _ := envValue(cmd.Env, sapiLang); got != "es" {
			t.Errorf("%s is %q, not es", sapiLang, got)
		}
	}
	// -EncodedCommand is the script, UTF-16LE in base64.
	enc := want[len(want)-1]
	b, err := base64.StdEncoding.DecodeString(enc)
	if err != nil || len(b)%2 != 0 {
		t.Fatalf("-EncodedCommand %q: %v", enc, err)
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	if got := string(utf16.Decode(u)); got != sapiScript {
		t.Errorf("-EncodedCommand decodes to\n%s\nnot the script", got)
	}
	for _, read := range []string{"$env:" + sapiText, "$env:" + sapiLang, sapiReady} {
		if !strings.Contains(sapiScript, read) {
			t.Errorf("the script lacks %s", read)
		}
	}
}

// Only a language tag reaches the script; anything else is English.
func TestSAPILanguage(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"es", "es"}, {"en", "en"}, {"es-ES", "es-ES"}, {"fr", "fr"}, {"zh-Hant-TW", "zh-Hant-TW"},
		{"", "en"}, {"es'; calc", "en"}, {"$(calc)", "en"}, {"es\nexit", "en"}, {"e", "en"}, {"español", "en"},
	} {
		if got := sapiLanguage(tc.lang); got != tc.want {
			t.Errorf("sapiLanguage(%q) = %q, want %q", tc.lang, got, tc.want)
		}
	}
}

// fakePowerShell stands for powershell.exe: it writes the language and the
// text it finds in its environment to dir/lang and dir/said, then runs body.
// The language goes first, so a test that has seen the text whole in said
// reads a language already written (the other order raced: lang was read
// while the shell had just truncated it).
func fakePowerShell(t *testing.T, dir, body string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the stand-ins for PowerShell are shell scripts")
	}
	log := filepath.Join(dir, "log")
	return fakeService(t, dir, "powershell", log,
		`printf '%s' "$`+sapiLang+`" >'`+dir+`/lang'; printf '%s' "$`+sapiText+`" >'`+dir+`/said'; `+body)
}

// A PowerShell that can speak gets each text whole, byte for byte, in its
// environment (nothing in it runs); a new Speak ends the text being read,
// and so does Stop.
func TestSAPISpeaksThroughTheEnvironment(t *testing.T) {
	dir := t.TempDir()
	// Like the script, it says it is ready, then reads (sleeps) if given a text.
	ps := fakePowerShell(t, dir, "echo "+sapiReady+`; [ -n "$`+sapiText+`" ] || exit 0; exec sleep 30`)
	s := &sapi{path: ps}
	if !s.Available() {
		t.Fatal("a PowerShell that says it is ready is not available")
	}
	log := filepath.Join(dir, "log")
	for i, text := range append(hostile, "touch '"+dir+"/owned' $(touch "+dir+"/owned2)") {
		if err := s.Speak("es", text); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the text read", func() bool { return len(runs(t, log)) == i+2 })
		waitFor(t, "the text in the environment", func() bool {
			b, _ := os.ReadFile(filepath.Join(dir, "said"))
			return string(b) == Clean(text)
		})
		if got := runs(t, log)[i+1].args; !slices.Equal(got, sapiArgs()) {
			t.Fatalf("PowerShell ran with %q", got)
		}
		if i > 0 {
			waitFor(t, "the text before ends", gone(runs(t, log)[i].pid))
		}
	}
	for _, f := range []string{"owned", "owned2"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Fatal("the text ran as a command")
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "lang")); string(b) != "es" {
		t.Errorf("the language is %q", b)
	}
	last := runs(t, log)
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "Stop ends the text", gone(last[len(last)-1].pid))
}

// gone says the process pid has ended.
func gone(pid int) func() bool {
	return func() bool { _, err := os.Stat("/proc/" + strconv.Itoa(pid)); return err != nil }
}

// A PowerShell that exits at once, saying nothing and with status 0 (Wine's
// stub), or failing (no System.Speech, no voice), is no speech service:
// Available says so, and so does Speak, synchronously once it is known,
// through the failure callback the first time.
func TestSAPIWithoutSpeechIsUnavailable(t *testing.T) {
	for _, body := range []string{"exit 0", "echo 'Add-Type : Cannot find assembly' >&2; exit 1", "exit 3"} {
		dir := t.TempDir()
		ps := fakePowerShell(t, dir, body)
		s := &sapi{path: ps}
		if s.Available() {
			t.Errorf("%s: available", body)
		}
		if err := s.Speak("en", "Hello."); !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s: Speak after Available says %v", body, err)
		}

		s = &sapi{path: ps}
		var mu sync.Mutex
		var failed error
		OnFailure(s, func(err error) { mu.Lock(); failed = err; mu.Unlock() })
		if err := s.Speak("en", "Hello."); err != nil {
			t.Fatalf("%s: the first Speak says %v before PowerShell ran", body, err)
		}
		waitFor(t, "the failure reported", func() bool { mu.Lock(); defer mu.Unlock(); return failed != nil })
		if !errors.Is(failed, ErrUnavailable) {
			t.Errorf("%s: the failure is %v, not ErrUnavailable", body, failed)
		}
		if err := s.Speak("en", "Again."); !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s: the second Speak says %v", body, err)
		}
	}
	if s := (&sapi{path: filepath.Join(t.TempDir(), "missing")}); s.Available() || !errors.Is(s.Speak("en", "x"), ErrUnavailable) {
		t.Error("a missing PowerShell is available")
	}
}

// A PowerShell that was ready but failed while reading is the service's
// failure, with what it said.
func TestSAPIFailureAfterReady(t *testing.T) {
	dir := t.TempDir()
	ps := fakePowerShell(t, dir, "echo "+sapiReady+"; echo 'No audio device' >&2; exit 1")
	s := &sapi{path: ps}
	var mu sync.Mutex
	var failed error
	OnFailure(s, func(err error) { mu.Lock(); failed = err; mu.Unlock() })
	if err := s.Speak("en", "Hello."); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the failure reported", func() bool { mu.Lock(); defer mu.Unlock(); return failed != nil })
	if errors.Is(failed, ErrUnavailable) || !strings.Contains(failed.Error(), "No audio device") {
		t.Errorf("the failure is %v", failed)
	}
}

// The speech service of the computer the test runs on, as the app picks it
// (New), when CONDUCTOR_SPEECH_EXPECT names what it should be: "none" (make
// windows-check runs this test under Wine, whose PowerShell is a stub), or
// the service's name ("sapi" on a Windows with voices, "espeak-ng").
func TestNewOnThisComputer(t *testing.T) {
	want := os.Getenv("CONDUCTOR_SPEECH_EXPECT")
	if want == "" {
		t.Skip("CONDUCTOR_SPEECH_EXPECT is not set")
	}
	s := New()
	available := Available(s)
	t.Logf("speech on this computer: %s, available %v", Name(s), available)
	if want == "none" {
		if available {
			t.Fatalf("%s is available", Name(s))
		}
		if err := s.Speak("en", "Hello."); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("Speak says %v, not that there is no speech service", err)
		}
		return
	}
	if !available || Name(s) != want {
		t.Fatalf("speech is %s (available %v), not %s", Name(s), available, want)
	}
}

// Both platforms' "no speech service" messages are translated, and Windows'
// does not send its reader to speech-dispatcher.
func TestUnavailableMessages(t *testing.T) {
	for _, lang := range []string{"en", "es"} {
		tr := translations.New(lang)
		ids, err := translations.IDs(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"ui.speech.unavailable", "ui.speech.unavailable.windows", UnavailableMessage} {
			if _, ok := ids[id]; !ok {
				t.Errorf("%s lacks %s", lang, id)
			}
		}
		if msg := tr.T("ui.speech.unavailable.windows", nil); strings.Contains(msg, "speech-dispatcher") {
			t.Errorf("%s: Windows' message says %q", lang, msg)
		}
	}
}
