package main

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"syscall"
)

// MemProfileEnv names a folder: with it set, the app writes a heap profile
// there each time it gets SIGUSR2 (heap-1.pprof, heap-2.pprof, …), beside
// the Go runtime's own count of its memory (memstats-N.txt), so that what
// the Go heap holds can be told from what the rest of the process does
// (the OpenGL driver's textures, C libraries). Off unless set; for
// measuring only (docs/speed.md, scripts/membench.sh).
const MemProfileEnv = "CONDUCTOR_MEMPROFILE"

func init() {
	dir := os.Getenv(MemProfileEnv)
	if dir == "" {
		return
	}
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR2)
	go func() {
		n := 0
		for range c {
			n++
			if err := writeMemProfile(dir, n); err != nil {
				fmt.Fprintln(os.Stderr, "memory profile:", err)
			}
		}
	}()
}

// writeMemProfile writes the n-th heap profile and the runtime's counts,
// after a collection so that the profile shows what is kept.
func writeMemProfile(dir string, n int) error {
	runtime.GC()
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("heap-%d.pprof", n)))
	if err != nil {
		return err
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	stats := fmt.Sprintf("heap-in-use %d\nheap-objects %d\nstacks %d\ngo-sys %d\ngoroutines %d\n",
		m.HeapInuse, m.HeapObjects, m.StackInuse, m.Sys, runtime.NumGoroutine())
	return os.WriteFile(filepath.Join(dir, fmt.Sprintf("memstats-%d.txt", n)), []byte(stats), 0o644)
}
