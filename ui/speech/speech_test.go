package speech

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// wav is a WAV file's sound: 16-bit samples, mono or the first channel.
type wav struct {
	rate    int
	samples []int16
}

func (w wav) seconds() float64 { return float64(len(w.samples)) / float64(w.rate) }

// rms is the samples' root mean square, 0 for silence.
func (w wav) rms() float64 {
	if len(w.samples) == 0 {
		return 0
	}
	var sum float64
	for _, s := range w.samples {
		sum += float64(s) * float64(s)
	}
	return math.Sqrt(sum / float64(len(w.samples)))
}

// readWAV parses a RIFF/WAVE file of 16-bit PCM.
func readWAV(b []byte) (wav, error) {
	if len(b) < 12 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return wav{}, errors.New("not a RIFF WAVE file")
	}
	var w wav
	channels, bits := 0, 0
	for p := 12; p+8 <= len(b); {
		id, size := string(b[p:p+4]), int(binary.LittleEndian.Uint32(b[p+4:p+8]))
		body := b[p+8:]
		if size > len(body) || size < 0 {
			size = len(body) // a header written before the sound's length was known
		}
		body = body[:size]
		switch id {
		case "fmt ":
			if size < 16 {
				return wav{}, errors.New("short fmt chunk")
			}
			if format := binary.LittleEndian.Uint16(body[0:2]); format != 1 {
				return wav{}, fmt.Errorf("format %d, not PCM", format)
			}
			channels = int(binary.LittleEndian.Uint16(body[2:4]))
			w.rate = int(binary.LittleEndian.Uint32(body[4:8]))
			bits = int(binary.LittleEndian.Uint16(body[14:16]))
		case "data":
			if bits != 16 || channels < 1 || w.rate <= 0 {
				return wav{}, fmt.Errorf("data before a usable fmt chunk (%d bits, %d channels, %d Hz)", bits, channels, w.rate)
			}
			frame := 2 * channels
			for i := 0; i+frame <= len(body); i += frame {
				w.samples = append(w.samples, int16(binary.LittleEndian.Uint16(body[i:i+2])))
			}
			return w, nil
		}
		p += 8 + size + size%2
	}
	return wav{}, errors.New("no data chunk")
}

// silenceFloor is the RMS below which a recording counts as silent (full
// scale is 32767; espeak-ng's speech is in the thousands).
const silenceFloor = 300

// espeak-ng reads a short and a long text, in English and in Spanish, into
// WAV files: each is sound, not silence, and the long one lasts longer.
func TestToWAVSpeaksBothLanguages(t *testing.T) {
	if _, err := exec.LookPath(ESpeak); err != nil {
		t.Skip("espeak-ng is not installed")
	}
	for _, c := range []struct{ lang, short, long string }{
		{"en", "The door opens.",
			"The door opens onto a long hall of cold stone. Torches gutter along the walls, and at the far end a heavy chair of black iron waits in the gloom, empty, as if its owner had only just stood up."},
		{"es", "La puerta se abre.",
			"La puerta se abre a una larga sala de piedra fría. Las antorchas parpadean en los muros y, al fondo, una pesada silla de hierro negro espera en la penumbra, vacía, como si su dueño acabara de levantarse."},
	} {
		dir := t.TempDir()
		var got [2]wav
		for i, text := range []string{c.short, c.long} {
			path := filepath.Join(dir, strconv.Itoa(i)+".wav")
			if err := ToWAV(c.lang, text, path); err != nil {
				t.Fatalf("%s: %v", c.lang, err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got[i], err = readWAV(b); err != nil {
				t.Fatalf("%s %q: %v", c.lang, text, err)
			}
			if r := got[i].rms(); r < silenceFloor {
				t.Errorf("%s %q is silent: RMS %.0f over %.2f s", c.lang, text, r, got[i].seconds())
			}
			t.Logf("%s, %d characters: %.2f s at %d Hz, RMS %.0f", c.lang, len(text), got[i].seconds(), got[i].rate, got[i].rms())
		}
		if got[1].seconds() < 2*got[0].seconds() {
			t.Errorf("%s: the long text lasts %.2f s, the short one %.2f s", c.lang, got[1].seconds(), got[0].seconds())
		}
	}
}

// The parser refuses what is not a PCM WAV file, and silence is silent.
func TestReadWAV(t *testing.T) {
	header := func(format uint16, samples ...int16) []byte {
		b := []byte("RIFF\x00\x00\x00\x00WAVEfmt ")
		b = binary.LittleEndian.AppendUint32(b, 16)
		b = binary.LittleEndian.AppendUint16(b, format)
		b = binary.LittleEndian.AppendUint16(b, 1)
		b = binary.LittleEndian.AppendUint32(b, 8000)
		b = binary.LittleEndian.AppendUint32(b, 16000)
		b = binary.LittleEndian.AppendUint16(b, 2)
		b = binary.LittleEndian.AppendUint16(b, 16)
		b = append(b, "data"...)
		b = binary.LittleEndian.AppendUint32(b, uint32(2*len(samples)))
		for _, s := range samples {
			b = binary.LittleEndian.AppendUint16(b, uint16(s))
		}
		return b
	}
	for _, c := range []struct {
		name string
		file []byte
		ok   bool
		rms  float64
	}{
		{"silence", header(1, 0, 0, 0, 0), true, 0},
		{"a square wave", header(1, 1000, -1000, 1000, -1000), true, 1000},
		{"not PCM", header(3, 1000), false, 0},
		{"not WAV", []byte("ID3 an mp3 file"), false, 0},
	} {
		w, err := readWAV(c.file)
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v", c.name, err)
			continue
		}
		if c.ok && math.Abs(w.rms()-c.rms) > 0.5 {
			t.Errorf("%s: RMS %.1f, want %.1f", c.name, w.rms(), c.rms)
		}
	}
}

// New takes speech-dispatcher when it is installed, espeak-ng otherwise,
// and a speaker that says there is none when neither is.
func TestPick(t *testing.T) {
	for _, c := range []struct {
		installed []string
		want      string
		available bool
		fallback  bool // espeak-ng behind speech-dispatcher
	}{
		{[]string{SpdSay, ESpeak}, "speech-dispatcher", true, true},
		{[]string{SpdSay}, "speech-dispatcher", true, false},
		{[]string{ESpeak}, "espeak-ng", true, false},
		{nil, "none", false, false},
		{[]string{"festival"}, "none", false, false},
	} {
		lookPath := func(name string) (string, error) {
			for _, n := range c.installed {
				if n == name {
					return "/usr/bin/" + name, nil
				}
			}
			return "", exec.ErrNotFound
		}
		s := Pick(lookPath)
		if Name(s) != c.want || Available(s) != c.available {
			t.Errorf("with %v installed: %s (available %v), want %s (%v)", c.installed, Name(s), Available(s), c.want, c.available)
		}
		if d, ok := s.(*dispatcher); ok && (d.fallback != nil) != c.fallback {
			t.Errorf("with %v installed: espeak-ng behind speech-dispatcher is %v", c.installed, d.fallback)
		}
	}
}

// Without a speech service Speak says so, and nothing else fails.
func TestUnavailable(t *testing.T) {
	for _, s := range []Speaker{Unavailable{}, Pick(func(string) (string, error) { return "", exec.ErrNotFound }), &Silent{Err: ErrUnavailable}} {
		if err := s.Speak("en", "Hello"); !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s: Speak gives %v", Name(s), err)
		}
		if err := s.Stop(); err != nil {
			t.Errorf("%s: Stop gives %v", Name(s), err)
		}
		if Available(s) {
			t.Errorf("%s says it is available", Name(s))
		}
		OnFailure(s, func(error) {}) // nothing to report, no panic
	}
	if !strings.Contains(ErrUnavailable.Error(), "speech-dispatcher") || !strings.Contains(ErrUnavailable.Error(), "espeak-ng") {
		t.Errorf("the error does not say what to install: %v", ErrUnavailable)
	}
}

// Clean keeps the text, with control characters as spaces, and bounds it
// at a word break.
func TestClean(t *testing.T) {
	long := strings.Repeat("palabra ñandú ", MaxText/10)
	for _, c := range []struct{ name, in, want string }{
		{"plain", "The door opens.", "The door opens."},
		{"trimmed", "  \n The door opens.\n", "The door opens."},
		{"control characters", "The\x00door\x1bopens.", "The door opens."},
		{"lines kept", "One.\nTwo.", "One.\nTwo."},
		{"an option is text", "-x --help", "-x --help"},
		{"bad UTF-8", "a\xffb", "a b"},
	} {
		if got := Clean(c.in); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	got := Clean(long)
	if len(got) > MaxText || len(got) < MaxText/2 || !strings.HasPrefix(long, got) || !strings.HasSuffix(got, "ñandú") {
		t.Errorf("a long text is cut to %d bytes ending %q", len(got), got[max(0, len(got)-20):])
	}
}

// fakeService writes a script standing for a service: it logs its process
// id and arguments, one per line, to log, then runs body.
func fakeService(t *testing.T, dir, name, log, body string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	script := "#!/bin/sh\n{ echo \"pid $$\"; for a in \"$@\"; do echo \"arg $a\"; done; echo end; } >> '" + log + "'\n" + body + "\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// runs reads a fake service's log: each run's pid and arguments.
type run struct {
	pid  int
	args []string
}

func runs(t *testing.T, log string) []run {
	t.Helper()
	b, _ := os.ReadFile(log)
	var out []run
	var cur run
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "pid "):
			cur = run{}
			cur.pid, _ = strconv.Atoi(line[4:])
		case strings.HasPrefix(line, "arg "):
			cur.args = append(cur.args, line[4:])
		case line == "end":
			out = append(out, cur)
		}
	}
	return out
}

// waitFor polls ok for up to 5 s.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatalf("after 5 s: %s", what)
}

func lookIn(paths map[string]string) func(string) (string, error) {
	return func(name string) (string, error) {
		if p, ok := paths[name]; ok {
			return p, nil
		}
		return "", exec.ErrNotFound
	}
}

// speech-dispatcher gets the language and the text as one argument after
// "--" (no shell: nothing in it runs), what it was saying cancelled first;
// Stop cancels.
func TestDispatcherCommands(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	spd := fakeService(t, dir, "spd-say", log, "exit 0")
	s := Pick(lookIn(map[string]string{SpdSay: spd}))
	text := "-x «Hola»; touch " + filepath.Join(dir, "owned") + " $(id)"
	if err := s.Speak("es", text); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "spd-say run twice", func() bool { return len(runs(t, log)) == 2 })
	got := runs(t, log)
	if strings.Join(got[0].args, "|") != "-C" || strings.Join(got[1].args, "|") != "-l|es|--|"+text {
		t.Fatalf("spd-say ran with %q then %q", got[0].args, got[1].args)
	}
	if _, err := os.Stat(filepath.Join(dir, "owned")); err == nil {
		t.Fatal("the text ran as a command")
	}
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "Stop cancels", func() bool { return len(runs(t, log)) == 3 })
	if got := runs(t, log)[2].args; strings.Join(got, "|") != "-C" {
		t.Fatalf("Stop ran spd-say %q", got)
	}
}

// When speech-dispatcher fails (no daemon, no sound), espeak-ng reads the
// text; when both fail, the failure is reported, never a hang.
func TestDispatcherFallsBackToESpeak(t *testing.T) {
	dir := t.TempDir()
	spdLog, esLog := filepath.Join(dir, "spd.log"), filepath.Join(dir, "es.log")
	spd := fakeService(t, dir, "spd-say", spdLog, "echo 'Failed to connect to Speech Dispatcher' >&2; exit 1")
	es := fakeService(t, dir, "espeak-ng", esLog, "exit 0")
	s := Pick(lookIn(map[string]string{SpdSay: spd, ESpeak: es}))
	if err := s.Speak("en", "The door opens."); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "espeak-ng reads it", func() bool { return len(runs(t, esLog)) == 1 })
	if got := runs(t, esLog)[0].args; strings.Join(got, "|") != "-v|en|--|The door opens." {
		t.Fatalf("espeak-ng ran with %q", got)
	}

	es = fakeService(t, dir, "espeak-ng2", esLog, "echo 'error: No such file or directory' >&2; exit 1")
	s = Pick(lookIn(map[string]string{SpdSay: spd, ESpeak: es}))
	var mu sync.Mutex
	var failed error
	OnFailure(s, func(err error) { mu.Lock(); failed = err; mu.Unlock() })
	start := time.Now()
	if err := s.Speak("es", "La puerta se abre."); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 200*time.Millisecond {
		t.Errorf("Speak took %v: it must not wait for the service", d)
	}
	waitFor(t, "the failure reported", func() bool { mu.Lock(); defer mu.Unlock(); return failed != nil })
	if !strings.Contains(failed.Error(), "No such file or directory") {
		t.Errorf("the failure says %v", failed)
	}
}

// espeak-ng alone: a new Speak ends the text being read, and so does Stop.
func TestESpeakStopsThePrevious(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	es := fakeService(t, dir, "espeak-ng", log, "exec sleep 30")
	s := Pick(lookIn(map[string]string{ESpeak: es}))
	gone := func(pid int) func() bool {
		return func() bool { _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); return err != nil }
	}
	if err := s.Speak("es", "Primero."); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the first text started", func() bool { return len(runs(t, log)) == 1 })
	if err := s.Speak("en", "Second."); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the second text started", func() bool { return len(runs(t, log)) == 2 })
	got := runs(t, log)
	if strings.Join(got[0].args, "|") != "-v|es|--|Primero." || strings.Join(got[1].args, "|") != "-v|en|--|Second." {
		t.Fatalf("espeak-ng ran with %q then %q", got[0].args, got[1].args)
	}
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("no /proc to watch processes in")
	}
	waitFor(t, "the first text ends when the second starts", gone(got[0].pid))
	if gone(got[1].pid)() {
		t.Fatal("the second text ended by itself")
	}
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "Stop ends the text", gone(got[1].pid))
}

// espeak-ng's voice is the language tag's own base language, for any
// language the app may speak from its files: no list of ours.
func TestVoiceByLanguageTag(t *testing.T) {
	for _, c := range []struct{ tag, want string }{
		{"en", "en"}, {"es", "es"}, {"fr", "fr"}, {"pt-BR", "pt"}, {"de-CH", "de"},
		{"en-XA", "en"}, // the pseudo-language
		{"", "en"}, {"not a tag", "en"},
	} {
		if got := voice(c.tag); got != c.want {
			t.Errorf("voice(%q) = %q, want %q", c.tag, got, c.want)
		}
	}
}
