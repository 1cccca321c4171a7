//go:build memprobe

// A build for measuring memory only (go build -tags memprobe): on SIGUSR1
// the process collects its garbage and hands freed memory back, so that
// its resident set read afterwards is what it keeps, as BenchmarkTapRSS
// reads it headless. Release builds have no such handler.
package main

import (
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"
)

func init() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR1)
	go func() {
		for range c {
			runtime.GC()
			debug.FreeOSMemory()
		}
	}()
}
