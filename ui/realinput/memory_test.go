package realinput

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/dunconductor/conductor/core/dun"
	"github.com/dunconductor/conductor/core/dun/quest"
	"github.com/dunconductor/conductor/translations"
	"github.com/dunconductor/conductor/ui/probe"
)

// MemoryEnv turns the memory measure on (`make bench` through
// scripts/membench.sh); MemoryBaseEnv names a second binary, the one
// before a change, measured in the same run; MemoryRunsEnv how many runs of
// each (the medians are reported).
const (
	MemoryEnv     = "REALINPUT_MEMORY"
	MemoryBaseEnv = "MEMBENCH_BASE_BIN"
	MemoryRunsEnv = "MEMBENCH_RUNS"
	// MemoryPhaseEnv measures one phase only ("editing" or "table"), while
	// a change is being followed; both by default.
	MemoryPhaseEnv = "MEMBENCH_PHASE"
	// MemoryProfileEnv is the app's own (cmd/conductor): with it set, the
	// measure asks the app for a heap profile at the end of each loop.
	MemoryProfileEnv = "CONDUCTOR_MEMPROFILE"
)

// The measure's loops: each editing loop types a section's name and text
// in both languages (the first three drawing the sections, the others
// emptying each box and typing it again) and chooses a picture for it in
// the file dialog; each table loop takes back the last step and plays it again
// (Ctrl+Z, Ctrl+Shift+Z) three times, the map with its pictures drawn again
// each time. docs/speed.md says why these stand for a longer session.
const (
	editLoops  = 9
	tableLoops = 6
)

// TestMemoryByRealInput is a measure, not a check: it reports the app's
// resident memory (VmRSS sampled every 200 ms, VmHWM at the end) through a
// quest-editing session with pictures and play at the table, by real
// input, for CONDUCTOR_BIN and, if given, the binary before a change
// (MEMBENCH_BASE_BIN), in turn, MEMBENCH_RUNS times (3 by default): the
// peak and the growth a loop, medians of the runs. Only with
// REALINPUT_MEMORY=1.
func TestMemoryByRealInput(t *testing.T) {
	if os.Getenv(MemoryEnv) == "" {
		t.Skip("a measure: `make bench` runs it (REALINPUT_MEMORY=1, scripts/membench.sh)")
	}
	bins := []struct{ name, path string }{{"after", binary(t)}}
	if base := os.Getenv(MemoryBaseEnv); base != "" {
		bins = append([]struct{ name, path string }{{"before", base}}, bins...)
	}
	runs := 3
	if n, err := strconv.Atoi(os.Getenv(MemoryRunsEnv)); err == nil && n > 0 {
		runs = n
	}
	results := map[string][]memoryRun{}
	for r := range runs {
		for _, b := range bins {
			t.Run(fmt.Sprintf("%s/%d", b.name, r+1), func(t *testing.T) {
				t.Setenv("CONDUCTOR_BIN", b.path)
				var m memoryRun
				// Kept when a flow fails too: the memory up to where it stopped.
				defer func() {
					t.Logf("%s: editing %s; table %s", b.name, m.edit, m.table)
					results[b.name] = append(results[b.name], m)
				}()
				if p := os.Getenv(MemoryPhaseEnv); p == "" || p == "editing" {
					measureEditing(t, &m.edit)
				}
				if p := os.Getenv(MemoryPhaseEnv); p == "" || p == "table" {
					measureTable(t, &m.table)
				}
			})
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "\nmemory by real input, medians of %d runs (MB)\n", runs)
	fmt.Fprintf(&out, "%-8s %-34s %-34s\n", "binary", fmt.Sprintf("editing, %d loops: peak, a loop", editLoops), fmt.Sprintf("table, %d loops: peak, a loop", tableLoops))
	for _, b := range bins {
		rs := results[b.name]
		med := func(f func(memoryRun) float64) float64 {
			v := make([]float64, len(rs))
			for i, r := range rs {
				v[i] = f(r)
			}
			return median(v)
		}
		fmt.Fprintf(&out, "%-8s %-34s %-34s\n", b.name,
			fmt.Sprintf("%.0f, %+.1f", med(func(r memoryRun) float64 { return r.edit.peak }), med(func(r memoryRun) float64 { return r.edit.perLoop() })),
			fmt.Sprintf("%.0f, %+.1f", med(func(r memoryRun) float64 { return r.table.peak }), med(func(r memoryRun) float64 { return r.table.perLoop() })))
		fmt.Fprintf(&out, "%-8s %-34s %-34s\n", "  anon",
			fmt.Sprintf("%.0f, %+.1f", med(func(r memoryRun) float64 { return r.edit.peakAnon }), med(func(r memoryRun) float64 { return r.edit.perLoopAnon() })),
			fmt.Sprintf("%.0f, %+.1f", med(func(r memoryRun) float64 { return r.table.peakAnon }), med(func(r memoryRun) float64 { return r.table.perLoopAnon() })))
	}
	fmt.Print(out.String())
	t.Log(out.String())
}

type memoryRun struct{ edit, table memoryPhase }

// memoryPhase is one app's memory through a phase: its peak resident set
// and the resident set at the end of each loop, in MB; the same for its
// anonymous part (RssAnon: the heaps, Go's and the C libraries', the
// software renderer's textures), the rest being files mapped (RssFile: the
// binary, Mesa and its LLVM), which no change of the app's own makes smaller.
type memoryPhase struct {
	peak, peakAnon float64
	loops, anon    []float64
}

// perLoop is the growth a loop past the first (the first also loads what
// every later one uses).
func (m memoryPhase) perLoop() float64 { return growth(m.loops) }

func (m memoryPhase) perLoopAnon() float64 { return growth(m.anon) }

func growth(loops []float64) float64 {
	if len(loops) < 2 {
		return 0
	}
	return (loops[len(loops)-1] - loops[0]) / float64(len(loops)-1)
}

// loopEnd records the app's memory at the end of a loop and, when the app
// writes heap profiles (MemoryProfileEnv), asks it for one.
func (m *memoryPhase) loopEnd(s *sampler) {
	m.loops = append(m.loops, procMB(s.pid, "VmRSS"))
	m.anon = append(m.anon, procMB(s.pid, "RssAnon"))
	if os.Getenv(MemoryProfileEnv) != "" {
		if p, err := os.FindProcess(s.pid); err == nil {
			_ = p.Signal(syscall.SIGUSR2)
		}
	}
}

func (m memoryPhase) String() string {
	return fmt.Sprintf("peak %.0f MB (anon %.0f), %+.1f MB a loop (%s; anon %s)", m.peak, m.peakAnon, m.perLoop(),
		strings.Trim(fmt.Sprint(m.loops), "[]"), strings.Trim(fmt.Sprint(m.anon), "[]"))
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// procMB is a field of /proc/PID/status (VmRSS, VmHWM) in MB.
func procMB(pid int, field string) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}

// sampler reads the app's resident set every 200 ms until stopped: the
// highest seen (and the highest anonymous part), beside the kernel's own
// high-water mark read at the end.
type sampler struct {
	pid            int
	stop           chan struct{}
	done           sync.WaitGroup
	peak, peakAnon float64
}

func startSampler(a *App) *sampler {
	s := &sampler{pid: a.cmd.Process.Pid, stop: make(chan struct{})}
	s.done.Add(1)
	go func() {
		defer s.done.Done()
		for {
			s.peak = max(s.peak, procMB(s.pid, "VmRSS"))
			s.peakAnon = max(s.peakAnon, procMB(s.pid, "RssAnon"))
			select {
			case <-s.stop:
				return
			case <-time.After(200 * time.Millisecond):
			}
		}
	}()
	return s
}

func (s *sampler) end(p *memoryPhase) {
	p.peak = max(s.peak, procMB(s.pid, "VmHWM"))
	close(s.stop)
	s.done.Wait()
	p.peak, p.peakAnon = max(p.peak, s.peak), s.peakAnon
}

// measureEditing: New quest…, then editLoops times a section's name and
// text typed in both languages (three sections drawn, then each tapped in
// turn and typed over) and a new picture chosen for it.
func measureEditing(t *testing.T, m *memoryPhase) {
	tr := translations.New("en")
	a := Start(t, Options{Lang: "en", Width: 1024, Height: 768})
	n := &newcomer{t: t, a: a, tr: tr, began: time.Now()}
	s := startSampler(a)
	defer a.Kill() // after s.end, which reads the live app's high-water mark
	defer s.end(m)
	n.click(a.Find("", "the game picker", Button(tr.T("ui.module.dun", nil))))
	n.click(a.Find("", "New quest…", Button(tr.T("ui.questedit.new", nil))))
	n.win = tr.T("ui.questedit.title", nil)
	a.Find(n.win, "the quest editor", func(o probe.Object) bool { return o.Kind == "questedit.gridCanvas" })
	for i := range editLoops {
		if x := float32(1 + (i%3)*4); i < 3 {
			// Three sections side by side, each named as soon as drawn.
			n.drag(x+0.5, 1.5, x+2.5, 3.5)
			n.waitModel(fmt.Sprintf("section %d drawn", i+1), func(q *quest.Quest) bool { return len(q.Sections) == i+1 })
		} else {
			// Then each in turn tapped and its texts typed again, the map
			// first fitted to the sections (the wheel over the panel may
			// have moved it).
			// A map already fitted does not move: nothing to wait for.
			a.Click(fitButton(n))
			n.clicks++
			a.Settle()
			n.tapMap(x+1.5, 2.5)
			n.click(Target{a.scrollTo(n.win, 0), a.window(n.win)})
		}
		for j, text := range []string{"Vault %d", "Cripta %d",
			"Dust lies thick on the floor of vault %d, and the walls are carved with the names of the dead.",
			"El polvo cubre el suelo de la cripta %d y los muros llevan grabados los nombres de los muertos."} {
			if j > 0 {
				n.tab()
			}
			if i >= 3 {
				// Emptied first, as a person retyping a box does: the
				// problems list says the text is missing, then no more.
				selectAll(n)
				n.key("BackSpace")
			}
			n.typeFocused(fmt.Sprintf(text, i+1))
		}
		// A picture the section has not had: one file, in sight in the
		// dialog, written before it opens.
		photo := writePhoto(t, a.Dir, (i+i/3)%3)
		var had string
		n.waitModel("the section's picture so far", func(q *quest.Quest) bool { had = q.Sections[i%3].Image; return true })
		n.click(n.scrollTo("Choose a picture…", Button(tr.T("ui.questedit.image_pick", nil))))
		n.chooseFile(photo)
		n.waitModel(fmt.Sprintf("section %d's new picture", i%3+1), func(q *quest.Quest) bool {
			img := q.Sections[i%3].Image
			return strings.HasPrefix(img, "data:image/") && img != had
		})
		m.loopEnd(s)
	}
}

// measureTable: the Tomb, every section with a picture, continued from the
// saved games; its first exit opened and the section revealed; then
// tableLoops times the last step taken back and played again three times.
func measureTable(t *testing.T, m *memoryPhase) {
	tomb := builtinTomb(t)
	for i := range tomb.Sections {
		uri, err := quest.ImageFromFile(photoPNG(t, i))
		if err != nil {
			t.Fatal(err)
		}
		tomb.Sections[i].Image = uri
	}
	const name = "The Tomb, with pictures"
	p := newTombPlayerOn(t, small1024en, tombPicturesDB(t, name, tomb))
	p.q = tomb
	s := startSampler(p.a)
	defer p.a.Kill()
	defer s.end(m)
	p.click(p.find("Continue", Button(p.T("ui.saves.continue", map[string]any{"Name": name}))))
	p.main("the table's first step")
	p.newTurn()
	p.openExit("gatehouse")
	p.roll("")
	p.reveal()
	for range tableLoops {
		for range 3 {
			p.undoRedo()
		}
		m.loopEnd(s)
	}
}

// tombPicturesDB is a saves database with a new game of the Tomb q (its
// sections given pictures) for three heroes, with the Ash Court's spawns.
func tombPicturesDB(t *testing.T, name string, q *quest.Quest) string {
	t.Helper()
	s := dun.Setup{LeaderVP: q.Leader.VP, Conductor: dun.ConductorSingle, QuestData: q,
		EncounterCardsAvailable: dun.DefaultEncounterCards, Seed: 20261207}
	s.Rules = s.Rules.ForMode(s.Conductor)
	for _, h := range []string{"Aldric", "Bren", "Cora"} {
		s.Party = append(s.Party, dun.PartyHero{Name: h, VP: 25})
	}
	s.Heroes = len(s.Party)
	s.FactionData = ashCourtFaction(t)
	return savedGameDB(t, name, s)
}

// photoPNG is a 1600×1200 picture as a photo is: every pixel its own
// colour (it compresses badly), varied by n.
func photoPNG(t *testing.T, n int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 1600, 1200))
	seed := uint32(n*7919 + 1)
	for y := range 1200 {
		for x := range 1600 {
			seed = seed*1664525 + 1013904223
			img.Set(x, y, color.NRGBA{uint8(x/7) + uint8(seed>>28), uint8(y/5) + uint8(seed>>26), uint8(60 + 40*n), 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// writePhoto writes photoPNG(n) as vault.png in dir (the home folder,
// where the file dialog opens) and returns its path.
func writePhoto(t *testing.T, dir string, n int) string {
	t.Helper()
	p := filepath.Join(dir, "vault.png")
	if err := os.WriteFile(p, photoPNG(t, n), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// selectAll selects the whole text of the box that has the keys (Ctrl+A),
// one action: the probe does not show a selection, so nothing is waited for.
func selectAll(n *newcomer) {
	n.t.Helper()
	n.a.Key("ctrl+a")
	n.keys++
}

// fitButton is the editor's button that fits the map to its sections: the
// third of the toolbar's buttons without a text, left to right.
func fitButton(n *newcomer) Target {
	n.t.Helper()
	w, objs := n.top(n.a.Settle())
	var icons []probe.Object
	for _, o := range objs {
		if o.Kind == "widget.Button" && o.Text == "" && o.OnScreen {
			icons = append(icons, o)
		}
	}
	slices.SortFunc(icons, func(a, b probe.Object) int { return int(a.X - b.X) })
	if len(icons) < 3 {
		n.a.Fail("the editor's toolbar has %d buttons without a text, not its three zoom buttons", len(icons))
	}
	return Target{icons[2], w}
}
