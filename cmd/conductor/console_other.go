//go:build !windows

package main

// attachConsole has nothing to do outside Windows: see console_windows.go.
func attachConsole() {}
